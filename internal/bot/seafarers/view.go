package seafarers

import (
	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// Points are the heuristic's one unit of value: a victory point is worth
// vpPoints, a resource card about cardPoints.
const (
	vpPoints   = 10.0
	cardPoints = 2.5
)

// view is what one decision knows of the game, computed once from the
// typed accessors: the seats, the hexes' yields, every seat's production
// and what a card of each resource is worth to the deciding seat.
type view struct {
	g     *game.Game
	b     *board.Board
	sc    board.Scenario
	opts  game.Options
	me    game.Colour
	mi    int // my seat index
	seats []game.Colour
	hand  game.Hand

	// per hex: pips of its number (0 when it yields nothing), the
	// resource it yields (NoResource for gold), whether it is gold
	pips []float64
	res  []game.Resource
	gold []bool

	// occupied corners: a building or an uncaptured fortress (S48)
	occupied []bool

	// prod is each seat's production in pips per resource (a city
	// counts twice, gold a fifth to each resource); the robber's hex
	// yields nothing.
	prod [4][game.NumResources]float64
	// w is what one card of each resource is worth to me, about 1.
	w [game.NumResources]float64
	// rates are my maritime rates per resource (S62).
	rates [game.NumResources]int

	vp     [4]int
	target int
	// rolls is the expected number of rolls left in the game.
	rolls float64

	// spare are networks recycle gave back.
	spare []*network
	// book, when not nil, keeps the seats' islands along a line of play
	// (islandBook).
	book *islandBook
	// st is the stored state and areaList the areas, built on first use.
	st         *game.State
	areaList   []board.Area
	fixedAreas []board.Area
}

// pipsOf is the number of ways two dice roll n, out of 36.
func pipsOf(n int) float64 {
	if n < 2 || n > 12 || n == 7 {
		return 0
	}
	if n < 7 {
		return float64(n - 1)
	}
	return float64(13 - n)
}

// yieldOf is the resource terrain t yields (NoResource for gold, desert,
// sea, fog).
func yieldOf(t board.Terrain) game.Resource {
	switch t {
	case board.Fields:
		return game.Grain
	case board.Hills:
		return game.Brick
	case board.Mountains:
		return game.Ore
	case board.Pasture:
		return game.Wool
	case board.Forest:
		return game.Lumber
	}
	return game.NoResource
}

// newView reads g for seat me.
func newView(g *game.Game, me game.Colour) *view {
	v := &view{g: g, b: g.Board(), sc: g.Scenario(), opts: g.Options(), me: me, seats: g.Seats(), hand: g.Hand(me)}
	for i, c := range v.seats {
		if c == me {
			v.mi = i
		}
	}
	b := v.b
	nh := b.NumHexes()
	v.pips = make([]float64, nh)
	v.res = make([]game.Resource, nh)
	v.gold = make([]bool, nh)
	for h := range nh {
		x := g.Hex(h)
		if !x.Terrain.Produces() {
			continue
		}
		v.pips[h] = pipsOf(x.Number)
		v.res[h] = yieldOf(x.Terrain)
		v.gold[h] = x.Terrain == board.Gold
	}
	nc := b.NumCorners()
	v.occupied = make([]bool, nc)
	for c := range nc {
		if o, _ := g.BuildingAt(c); o != game.NoColour {
			v.occupied[c] = true
		}
	}
	if v.sc == board.PirateIslands {
		for _, c := range v.seats {
			if f, chits := g.Fortress(c); f >= 0 && chits > 0 {
				v.occupied[f] = true
			}
		}
	}
	robber := g.Robber()
	for c := range nc {
		o, kind := g.BuildingAt(c)
		if o == game.NoColour {
			continue
		}
		s := v.seatIndex(o)
		mult := 1.0
		if kind == game.City {
			mult = 2
		}
		for _, h := range b.CornerHexes(c) {
			if h < 0 || h == robber || v.pips[h] == 0 {
				continue
			}
			v.addYield(&v.prod[s], h, v.pips[h]*mult)
		}
	}
	maxVP := 0
	for i, c := range v.seats {
		v.vp[i] = g.VP(c)
		maxVP = max(maxVP, v.vp[i])
	}
	v.target = v.opts.VPTarget
	// The game ends about when the leader reaches the target; a seat
	// gains a point every two or three of its turns.
	rounds := min(max(2.5*float64(v.target-maxVP), 3), 25)
	v.rolls = rounds * float64(len(v.seats))
	v.rates = [game.NumResources]int{4, 4, 4, 4, 4}
	for c := range nc {
		if o, _ := g.BuildingAt(c); o != me {
			continue
		}
		switch k := g.CornerHarbour(c); {
		case k == board.Harbour3to1:
			for r := range v.rates {
				v.rates[r] = min(v.rates[r], 3)
			}
		case k >= board.HarbourBrick && k <= board.HarbourOre:
			v.rates[k-1] = 2
		}
	}
	v.weigh()
	return v
}

// addYield adds p pips of hex h to a production vector: its resource, or
// a fifth to each resource for gold.
func (v *view) addYield(to *[game.NumResources]float64, h int, p float64) {
	if v.gold[h] {
		for r := range to {
			to[r] += p / 5
		}
		return
	}
	if r := v.res[h]; r != game.NoResource {
		to[r-1] += p
	}
}

// weigh sets what a card of each resource is worth to me: more for what
// I produce little of, for what the board yields little of, for brick and
// lumber while I expand and for grain and ore once cities are near.
func (v *view) weigh() {
	var board [game.NumResources]float64
	total := 0.0
	for h, p := range v.pips {
		if p > 0 {
			v.addYield(&board, h, p)
			total += p
		}
	}
	sup := v.g.Supply(v.me)
	settled := 5 - sup[0] + 4 - sup[1] // buildings on the board
	for r := range v.w {
		scarce := 1 / (1 + v.prod[v.mi][r]/4)
		rare := 1.0
		if total > 0 {
			rare = min(max(total/5/(board[r]+1), 0.7), 1.6)
		}
		w := 0.6 + 0.5*scarce + 0.2*rare
		switch game.Resources[r] {
		case game.Brick, game.Lumber:
			if settled < 4 {
				w += 0.15
			}
		case game.Grain, game.Ore:
			if settled >= 3 {
				w += 0.15
			}
		}
		v.w[r] = w
	}
}

// seatIndex returns the seat index of colour c, -1 for none.
func (v *view) seatIndex(c game.Colour) int {
	for i, s := range v.seats {
		if s == c {
			return i
		}
	}
	return -1
}

// boardAreas returns the areas of the board as New made it (cached).
func (v *view) boardAreas() []board.Area {
	if v.fixedAreas == nil {
		v.fixedAreas = v.b.Areas()
	}
	return v.fixedAreas
}

// state returns the stored state, built once.
func (v *view) state() *game.State {
	if v.st == nil {
		v.st = v.g.State()
	}
	return v.st
}

// threat is how much harm to seat i is worth to me: more the closer it is
// to winning and the more it leads the others.
func (v *view) threat(i int) float64 {
	if i == v.mi {
		return 0
	}
	t := 1 + 2*float64(v.vp[i])/float64(max(v.target, 1))
	lead := true
	for j := range v.seats {
		if j != i && v.vp[j] > v.vp[i] {
			lead = false
		}
	}
	if lead {
		t += 1
	}
	if v.vp[i] >= v.target-2 {
		t += 2
	}
	return t
}

// pipValue is what one pip of production (weighted by w) is worth in
// points for the rest of the game.
func (v *view) pipValue() float64 {
	return v.rolls / 36 * cardPoints * 0.55
}

// cornerPips is the production of corner c in pips weighted by what each
// resource is worth to me; the robber's hex counts a third.
func (v *view) cornerPips(c int) float64 {
	robber := v.g.Robber()
	sum := 0.0
	for _, h := range v.b.CornerHexes(c) {
		if h < 0 || v.pips[h] == 0 {
			continue
		}
		p := v.pips[h]
		if h == robber {
			p /= 3
		}
		if v.gold[h] {
			best := 0.0
			for _, w := range v.w {
				best = max(best, w)
			}
			sum += p * best
		} else {
			sum += p * v.w[v.res[h]-1]
		}
	}
	return sum
}

// income is my expected cards of each resource per round of turns.
func (v *view) income() [game.NumResources]float64 {
	var out [game.NumResources]float64
	n := float64(len(v.seats))
	for r := range out {
		out[r] = v.prod[v.mi][r] / 36 * n
	}
	return out
}
