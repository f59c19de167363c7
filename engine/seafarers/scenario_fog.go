package seafarers

import (
	"sort"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// fogOrder is the order of the fog tiles for draws (S142).
var fogOrder = [...]board.Terrain{board.Sea, board.Desert, board.Fields, board.Hills, board.Mountains, board.Pasture, board.Forest}

// exploreAround explores the unexplored positions touching either end of
// edge e, just placed by seat s, in reading order (S99, V8): sealed draws
// by default, else at once from the turn's fog stream.
func (g *Game) exploreAround(s, e int, src engine.Source) error {
	if g.cfg.scenario != board.FogIsland {
		return nil
	}
	var hs []int
	for _, c := range g.b.EdgeEnds(e) {
		for _, h := range g.b.CornerHexes(c) {
			if h >= 0 && g.l.hexes[h].Terrain == board.Fog && !g.pendingHex(h) && !containsInt(hs, h) {
				hs = append(hs, h)
			}
		}
	}
	sort.Ints(hs)
	for _, h := range hs {
		if g.cfg.opts.Sealed {
			d := g.newDraw(drawFog, s, src)
			d.at = h
			g.sealed = append(g.sealed, d)
			g.log.sayf("%s explores %s: a sealed draw (k %d, witness %s)", g.colour(s), g.b.HexPos(h), d.k, g.colour(d.witness))
			continue
		}
		if err := g.explore(s, h, src, streamFog); err != nil {
			return err
		}
	}
	return nil
}

// explore reveals fog position h for seat s (S99, S142): a tile from the
// fog stack, a number for a producing tile, and the tile's resource.
func (g *Game) explore(s, h int, r engine.Rand, stream string) error {
	t, num, err := g.forcedFog()
	if err != nil {
		return err
	}
	if t == board.NoTerrain {
		n := 0
		for _, ft := range fogOrder {
			n += g.fogTiles[ft]
		}
		k := draw(r, stream, n)
		for _, ft := range fogOrder {
			if k < g.fogTiles[ft] {
				t = ft
				break
			}
			k -= g.fogTiles[ft]
		}
	}
	if t == board.NoTerrain {
		g.log.sayf("the fog stack is empty: %s stays unexplored", g.b.HexPos(h))
		return nil
	}
	if t.Produces() && num == 0 {
		n := 0
		for _, c := range g.fogNumbers {
			n += c
		}
		k := draw(r, stream, n)
		for v, c := range g.fogNumbers {
			if k < c {
				num = v
				break
			}
			k -= c
		}
	}
	g.l = g.l.withHex(g.b, h, board.Hex{Terrain: t, Number: num})
	g.fogTiles[t]--
	if num > 0 {
		g.fogNumbers[num]--
	}
	if num > 0 {
		g.log.sayf("%s is %s %d", g.b.HexPos(h), t, num)
	} else {
		g.log.sayf("%s is %s", g.b.HexPos(h), t)
	}
	switch res := yield(t); {
	case res != NoResource && g.bank.of(res) > 0:
		g.bank[res-1]--
		g.players[s].hand[res-1]++
		g.log.sayf("%s takes 1 %s", g.colour(s), res)
	case t == board.Gold && g.bank.total() > 0:
		g.addPending(s, pendGold, 1)
		g.autoDecide()
	}
	return nil
}
