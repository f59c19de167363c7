package seafarers

import (
	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// robberTarget returns the rule and reason that forbid the robber on hex h,
// or "" (S42, S103, S111, S17).
func (g *Game) robberTarget(h int) (string, string) {
	if !g.cfg.usesRobber {
		return "S41", "this scenario has no robber"
	}
	if h < 0 {
		return "S14", "the robber goes on a hex of the board"
	}
	t := g.l.hexes[h].Terrain
	if t == board.Fog || t == board.Unknown || g.pendingHex(h) {
		return "S17", "the robber may not go on an unexplored position"
	}
	if !t.IsLand() {
		return "S42", "the robber goes on a land hex"
	}
	if g.cfg.closedHex[h] {
		if g.cfg.scenario == board.ClothForCatan {
			return "S111", "the robber never goes on a tribe's island"
		}
		return "S103", "the robber never goes on a tribe's island"
	}
	if h == g.robber {
		return "S42", "the robber must move to another hex"
	}
	return "", ""
}

// pirateTarget returns the rule and reason that forbid the pirate on hex h,
// or "" (S43, S17).
func (g *Game) pirateTarget(h int) (string, string) {
	if !g.cfg.usesPirate {
		return "S41", "this scenario has no pirate to move"
	}
	if h < 0 {
		return "S14", "the pirate goes on a sea hex of the board, never on the frame"
	}
	t := g.l.hexes[h].Terrain
	if t == board.Fog || t == board.Unknown || g.pendingHex(h) {
		return "S17", "the pirate may not go on an unexplored position"
	}
	if t != board.Sea {
		return "S43", "the pirate goes on a sea hex"
	}
	if h == g.pirate {
		return "S43", "the pirate must move to another hex"
	}
	return "", ""
}

// canMoveRobber reports whether the robber has a legal destination.
func (g *Game) canMoveRobber(s int) bool {
	if !g.cfg.usesRobber {
		return false
	}
	for h := 0; h < g.b.NumHexes(); h++ {
		if r, _ := g.robberTarget(h); r == "" {
			return true
		}
	}
	return false
}

// canMovePirate reports whether seat s may move the pirate somewhere
// (S43, S112).
func (g *Game) canMovePirate(s int) bool {
	if !g.cfg.usesPirate || !g.pirateAllowed(s) {
		return false
	}
	for h := 0; h < g.b.NumHexes(); h++ {
		if r, _ := g.pirateTarget(h); r == "" {
			return true
		}
	}
	return false
}

// pirateAllowed reports whether seat s may move the pirate at all: in
// cloth-for-catan only when connected to a village (S112).
func (g *Game) pirateAllowed(s int) bool {
	if g.cfg.scenario != board.ClothForCatan {
		return true
	}
	for _, v := range g.villages {
		if v.connected&(1<<s) != 0 {
			return true
		}
	}
	return false
}

// robberVictims returns the seats other than s with a building touching
// hex h and at least one resource card (S44), as a bit mask.
func (g *Game) robberVictims(s, h int) uint8 {
	var m uint8
	for _, c := range g.b.HexCorners(h) {
		p := g.corners[c]
		o := p.owner()
		if o < 0 || o == s || (p.kind != settlement && p.kind != city) {
			continue
		}
		if g.players[o].hand.total() > 0 {
			m |= 1 << o
		}
	}
	return m
}

// pirateVictims returns the seats other than s with a ship on a side of
// hex h holding a resource card, or (cloth-for-catan) a cloth (S44, S112).
func (g *Game) pirateVictims(s, h int) uint8 {
	var m uint8
	for _, e := range g.b.HexSides(h) {
		if e < 0 {
			continue
		}
		p := g.edges[e]
		o := p.owner()
		if o < 0 || o == s || !p.ship {
			continue
		}
		if g.players[o].hand.total() > 0 || g.players[o].cloth > 0 {
			m |= 1 << o
		}
	}
	return m
}

// stealVictims lists the seats a pirate-islands seven lets s rob (S123).
func (g *Game) stealVictims(s int) []int {
	var out []int
	for o := range g.players {
		if o != s && g.players[o].hand.total() > 0 {
			out = append(out, o)
		}
	}
	return out
}

// robberPrompt says what the robber phase waits for.
func (g *Game) robberPrompt() string {
	if g.cfg.scenario == board.PirateIslands {
		return "the seven lets you steal first: steal <colour>"
	}
	if g.cfg.usesPirate {
		return "move the robber or the pirate first: robber <hex> [steal <colour>] or pirate <hex> [steal <colour>]"
	}
	return "move the robber first: robber <hex> [steal <colour>]"
}

// robberMove applies an owed robber or pirate move, or a pirate-islands
// steal (S41–S44, S112, S123).
func (g *Game) robberMove(s int, a *Action, src engine.Source) error {
	i := g.owes(s, pendRobber)
	if i < 0 {
		return ruleErr("S26", a, "no robber or pirate move is owed")
	}
	if g.cfg.scenario == board.PirateIslands {
		if a.Kind != ActSteal {
			return ruleErr("S123", a, "in pirate-islands the seven lets you steal: steal <colour>")
		}
		v := g.seatIndex(a.Seat)
		if v < 0 || v == s || g.players[v].hand.total() == 0 {
			return ruleErr("S123", a, "steal from another seat that holds a resource card")
		}
		g.dropPending(i)
		if err := g.steal(s, v, a, src); err != nil {
			return err
		}
		g.phase = g.returnPhase()
		return nil
	}
	if a.Kind == ActSteal {
		return ruleErr("S44", a, "name the robber's or the pirate's hex: robber <hex> steal <colour>")
	}
	h := g.b.HexIndex(a.Hex)
	var victims uint8
	if a.Kind == ActRobber {
		if rule, why := g.robberTarget(h); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
		if a.Cloth {
			return ruleErr("S112", a, "cloth is stolen with the pirate only")
		}
		victims = g.robberVictims(s, h)
	} else {
		if rule, why := g.pirateTarget(h); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
		if !g.pirateAllowed(s) {
			return ruleErr("S112", a, "only a player connected to a village may move the pirate")
		}
		victims = g.pirateVictims(s, h)
	}
	v := -1
	if a.Seat != NoColour {
		v = g.seatIndex(a.Seat)
		if v < 0 || victims&(1<<v) == 0 {
			what := "building touching"
			if a.Kind == ActPirate {
				what = "ship beside"
			}
			if v == s {
				return ruleErr("S44", a, "%s cannot steal from itself", a.Seat)
			}
			if v >= 0 && g.players[v].hand.total() == 0 && (a.Kind != ActPirate || g.players[v].cloth == 0) {
				return ruleErr("S44", a, "%s holds no card to steal", a.Seat)
			}
			return ruleErr("S44", a, "%s has no %s %s", a.Seat, what, a.Hex)
		}
		if a.Cloth {
			if g.cfg.scenario != board.ClothForCatan {
				return ruleErr("S112", a, "cloth is stolen in cloth-for-catan only")
			}
			if g.players[v].cloth == 0 {
				return ruleErr("S112", a, "%s holds no cloth", a.Seat)
			}
		} else if g.players[v].hand.total() == 0 {
			return ruleErr("S112", a, "%s holds no resource card (steal cloth instead)", a.Seat)
		}
	} else if victims != 0 {
		return ruleErr("S44", a, "someone there can be robbed: name one (steal <colour>)")
	}
	g.dropPending(i)
	if a.Kind == ActRobber {
		g.robber = h
		g.log.add(g.colour(s).String(), " moves the robber to ").pos(a.Hex).end()
	} else {
		g.pirate = h
		g.log.add(g.colour(s).String(), " moves the pirate to ").pos(a.Hex).end()
	}
	if v >= 0 {
		if a.Cloth {
			g.players[v].cloth--
			g.players[s].cloth++
			g.log.add(g.colour(s).String(), " takes 1 cloth from ", g.colour(v).String()).end()
		} else if err := g.steal(s, v, a, src); err != nil {
			return err
		}
	}
	g.phase = g.returnPhase()
	return nil
}

// steal robs one random resource card of seat v for seat s (S44): a
// sealed draw by default (S141), else at once from the turn's steal stream
// (S147).
func (g *Game) steal(s, v int, a *Action, src engine.Source) error {
	if g.cfg.opts.Sealed {
		d := g.newDraw(drawSteal, s, src)
		d.victim = v
		d.snapshot = g.players[v].hand
		g.sealed = append(g.sealed, d)
		g.log.add(g.colour(s).String(), " robs ", g.colour(v).String(), ": a sealed draw (k ").num(d.k).add(", witness ", g.colour(d.witness).String(), ")").end()
		return nil
	}
	r, err := g.forcedSteal(g.players[v].hand)
	if err != nil {
		return err
	}
	if r == NoResource {
		r = drawHand(src, streamSteal, g.players[v].hand)
	}
	g.players[v].hand[r-1]--
	g.players[s].hand[r-1]++
	g.log.add(g.colour(s).String(), " steals 1 ", r.String(), " from ", g.colour(v).String()).end()
	return nil
}
