package seafarers

import "github.com/elasund/elasund/engine/seafarers/board"

// checkPlaces refuses a move that names a hex, corner or edge this game's
// board does not have, before any of its actions applies (S14, S15;
// NOTATION §1). A move is read whole: "roll; build settlement Z99.n" is
// refused for Z99.n, not for what the roll would have asked first, which
// would tell the mover their dice before they chose to roll.
func (g *Game) checkPlaces(move []Action) error {
	for i := range move {
		if !move[i].Kind.namesPlace() {
			continue // most entries: nothing to look up
		}
		if rule, why := g.placeProblem(&move[i]); rule != "" {
			return ruleErr(rule, &move[i], "%s", why)
		}
	}
	return nil
}

// namesPlace reports whether an action of kind k may name a hex, corner
// or edge: the kinds placeProblem looks at.
func (k ActionKind) namesPlace() bool {
	switch k {
	case ActPlace, ActBuild, ActMoveShip, ActPlay, ActHarbour, ActRobber, ActPirate:
		return true
	}
	return false
}

// placeProblem returns the rule and reason when an action names a place
// that is not on the board, or "". It reads the action where it is (an
// action is large to copy).
func (g *Game) placeProblem(a *Action) (string, string) {
	corner := func(c board.Corner) (string, string) {
		if g.b.CornerIndex(c) < 0 {
			return "S15", c.String() + " is not a corner of the board"
		}
		return "", ""
	}
	edge := func(e board.Edge) (string, string) {
		if g.b.EdgeIndex(e) < 0 {
			return "S15", e.String() + " is not an edge of the board"
		}
		return "", ""
	}
	both := func(r1, w1, r2, w2 string) (string, string) {
		if r1 != "" {
			return r1, w1
		}
		return r2, w2
	}
	switch a.Kind {
	case ActPlace:
		r1, w1 := corner(a.Corner)
		r2, w2 := edge(a.Edge)
		return both(r1, w1, r2, w2)
	case ActBuild:
		if a.Piece == Road || a.Piece == Ship {
			return edge(a.Edge)
		}
		return corner(a.Corner)
	case ActMoveShip:
		r1, w1 := edge(a.Edge)
		r2, w2 := edge(a.Edge2)
		return both(r1, w1, r2, w2)
	case ActPlay:
		if a.Card != RoadBuilding {
			return "", ""
		}
		r1, w1 := edge(a.Edge)
		if a.Piece2 == NoPiece {
			return r1, w1
		}
		r2, w2 := edge(a.Edge2)
		return both(r1, w1, r2, w2)
	case ActHarbour:
		return edge(a.Edge)
	case ActRobber, ActPirate:
		if g.b.HexIndex(a.Hex) < 0 {
			return "S14", a.Hex.String() + " is not a hex of the board"
		}
	}
	return "", ""
}
