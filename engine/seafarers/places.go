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
// action is large to copy). A place is looked up first and the refusal
// written only when it is off the board, by helpers of their own: the
// lookups, asked before most moves of a place, stay a few lines of code.
func (g *Game) placeProblem(a *Action) (string, string) {
	switch a.Kind {
	case ActPlace:
		if g.b.CornerIndex(a.Corner) < 0 {
			return notCorner(a.Corner)
		}
		return g.offBoardEdge(a.Edge)
	case ActBuild:
		if a.Piece == Road || a.Piece == Ship {
			return g.offBoardEdge(a.Edge)
		}
		if g.b.CornerIndex(a.Corner) < 0 {
			return notCorner(a.Corner)
		}
	case ActMoveShip:
		if g.b.EdgeIndex(a.Edge) < 0 {
			return notEdge(a.Edge)
		}
		if g.b.EdgeIndex(a.Edge2) < 0 {
			return notEdge(a.Edge2)
		}
	case ActPlay:
		if a.Card != RoadBuilding {
			return "", ""
		}
		if g.b.EdgeIndex(a.Edge) < 0 {
			return notEdge(a.Edge)
		}
		if a.Piece2 == NoPiece {
			return "", ""
		}
		return g.offBoardEdge(a.Edge2)
	case ActHarbour:
		return g.offBoardEdge(a.Edge)
	case ActRobber, ActPirate:
		if g.b.HexIndex(a.Hex) < 0 {
			return "S14", a.Hex.String() + " is not a hex of the board"
		}
	}
	return "", ""
}

// offBoardEdge returns the rule and reason when e is not an edge of the
// board, or "".
func (g *Game) offBoardEdge(e board.Edge) (string, string) {
	if g.b.EdgeIndex(e) < 0 {
		return notEdge(e)
	}
	return "", ""
}

// notEdge is the refusal of an edge that is not on the board (S15).
func notEdge(e board.Edge) (string, string) {
	return "S15", e.String() + " is not an edge of the board"
}

// notCorner is the refusal of a corner that is not on the board (S15).
func notCorner(c board.Corner) (string, string) {
	return "S15", c.String() + " is not a corner of the board"
}
