package seafarers

import (
	"strings"
	"testing"
)

// TestPlacesCheckedFirst: a move naming a place the board does not have is
// refused for that place before any action applies, so a refusal never
// tells what an earlier action (a roll) would have done (S14, S15; issue
// 20 item 8).
func TestPlacesCheckedFirst(t *testing.T) {
	tests := []struct {
		move, rule, want string
	}{
		{"roll; build settlement Z99.n", "S15", "Z99.n is not a corner of the board"},
		{"roll; build road D7-E8; build road Y2-Z3", "S15", "Y2-Z3 is not an edge of the board"},
		{"roll; robber Z99", "S14", "Z99 is not a hex of the board"},
		{"roll; move ship C4-D5 Y2-Z3", "S15", "Y2-Z3 is not an edge of the board"},
		{"play road-building road D7-E8 road Y2-Z3", "S15", "Y2-Z3 is not an edge of the board"},
	}
	for _, tt := range tests {
		for _, seven := range []bool{true, false} {
			x := base2(t)
			dice := []int{2, 4}
			if seven {
				dice = []int{3, 4}
			}
			re := x.refuse("red", tt.move, tt.rule, dice...)
			if !strings.Contains(re.Reason, tt.want) {
				t.Errorf("%q with dice %v refused for %q, want %q (%s)", tt.move, dice, re.Reason, tt.want, tt.rule)
			}
		}
	}
}

// TestNamesPlaceCoversPlaceProblem: checkPlaces asks placeProblem only
// about the action kinds namesPlace lists, so every kind placeProblem
// would refuse for a place off the board must be listed (S14, S15). Every
// kind is tried with every place off the board, with the pieces and the
// card that make it read its places.
func TestNamesPlaceCoversPlaceProblem(t *testing.T) {
	g := base2(t).g
	off, err := ParseMove("place settlement Z99.n road Y2-Z3; move ship Y2-Z3 Y4-Z5; robber Z99")
	if err != nil {
		t.Fatal(err)
	}
	for k := ActNone; k <= ActOrders; k++ {
		for _, piece := range []Piece{Road, Ship, Settlement, City} {
			a := Action{Kind: k, Piece: piece, Piece2: Road, Card: RoadBuilding,
				Corner: off[0].Corner, Edge: off[1].Edge, Edge2: off[1].Edge2, Hex: off[2].Hex}
			if rule, why := g.placeProblem(&a); rule != "" && !k.namesPlace() {
				t.Errorf("kind %d (piece %v) is refused by placeProblem (%s: %s) but namesPlace leaves it out, so checkPlaces would not look (S15)", k, piece, rule, why)
			}
		}
	}
}
