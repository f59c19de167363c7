package elasund

import (
	"strings"
	"testing"

	"github.com/elasund/elasund/templates"
)

func TestPlaces(t *testing.T) {
	tests := []struct {
		places []string
		want   string
	}{
		{[]string{"C5"}, "C5"},
		{[]string{"C5", "D5"}, "C5 D5"},
		{[]string{"C5", "D5", "E5"}, "C5–E5"},
		{[]string{"A2", "B2", "A3", "B3"}, "A2–B3"},
		// Row 7 does not exist: rows 6 and 8 stack.
		{[]string{"A6", "B6", "A8", "B8"}, "A6–B8"},
		{[]string{"A2", "B2", "C2", "A3", "C3", "A4", "B4", "C4"}, "A2–C4 but B3"},
		{[]string{"A2", "B2", "C2", "G9"}, "A2–C2 G9"},
	}
	for _, tt := range tests {
		got, ok := Renderer{}.Places(nil, tt.places)
		if !ok || got != tt.want {
			t.Errorf("Places(%q) = %q, %v, want %q", tt.places, got, ok, tt.want)
		}
	}
	if _, ok := (Renderer{}).Places(nil, []string{"C3", "none"}); ok {
		t.Errorf("Places with \"none\" writes them compactly, want them left as they are")
	}
}

// TestListingGroupsPayments: the places of a permit that allow the same
// payments share a line (issue 20 item 16).
func TestListingGroupsPayments(t *testing.T) {
	var acts []string
	for _, sq := range []string{"A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2", "A3", "B3", "C3", "D3"} {
		acts = append(acts, "permit 0 "+sq+" pay blue", "permit 0 "+sq+" pay green")
	}
	acts = append(acts, "permit 0 A5", "permit 0 A5 pay blue", "permit 0 A5 pay green", "gold", "end")
	got := strings.Join(templates.ListActions(Renderer{}, nil, acts, 76, 38), "\n")
	want := "permit 0 (pay blue or green): A2–I2 A3–D3\n" +
		"permit 0 (pay blue or green, or without): A5\n" +
		"gold\nend"
	if got != want {
		t.Errorf("ListActions =\n%s\nwant\n%s", got, want)
	}
	merged := strings.Join(templates.ListActions(Renderer{}, nil, acts, 76, 2), "\n")
	if want := "permit 0 (pay blue or green, or without): A2–I2 A3–D3 A5\ngold\nend"; merged != want {
		t.Errorf("ListActions with room for 2 lines =\n%s\nwant\n%s", merged, want)
	}
}
