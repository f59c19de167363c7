package seafarers

import "testing"

// TestRobberRefusalWords: a refused steal says what the named seat lacks:
// a building by the hex, or a card (S44; issue 20 item 7).
func TestRobberRefusalWords(t *testing.T) {
	tests := []struct {
		edit, move, want string
	}{
		{"", "robber D7 steal blue", "blue holds no card to steal"},
		{"hand blue 1 ore; hand white 1 ore", "robber D7 steal white", "white has no building touching D7"},
		{"hand red 1 ore", "robber D7 steal red", "red cannot steal from itself"},
	}
	for _, tt := range tests {
		x := base2(t)
		if tt.edit != "" {
			x.edit(tt.edit)
		}
		x.seven("red")
		re := x.refuse("red", tt.move, "S44")
		if re.Reason != tt.want {
			t.Errorf("%q refused for %q, want %q (S44)", tt.move, re.Reason, tt.want)
		}
	}
}
