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
