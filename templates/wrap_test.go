package templates

import (
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	sixths := func(s string) float64 { return float64(len(s)) * 6 } // 6 units a letter
	tests := []struct {
		name string
		w    Wrap
		text string
		want []string
	}{
		{"fits", Wrap{Width: 20}, "short", []string{"short"}},
		{"empty", Wrap{Width: 20}, "   ", nil},
		{"words", Wrap{Width: 5, Indent: "  "}, "aa bb cc dd", []string{"aa bb", "  cc", "  dd"}},
		{"leading spaces stay on the first line", Wrap{Width: 7, Indent: "    "}, "  aa bb cc", []string{"  aa bb", "    cc"}},
		{"a long word alone", Wrap{Width: 10}, "enormousword x", []string{"enormousword", "x"}},
		{"a long word cut", Wrap{Width: 6, Indent: "  ", Cut: true}, "enormousword x", []string{"enor x"}},
		{"measured", Wrap{Width: 30, Measure: sixths}, "a bb ccc", []string{"a bb", "ccc"}},
		{"clauses first", Wrap{Width: 9, Clauses: true}, "aa bb; cc dd", []string{"aa bb;", "cc dd"}},
		{"a long clause by words", Wrap{Width: 5, Clauses: true}, "aa bb cc; dd", []string{"aa bb", "cc;", "dd"}},
		{"clauses that fit together", Wrap{Width: 40, Clauses: true}, "orders: discard ask; rebuild ask", []string{"orders: discard ask; rebuild ask"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.w.Lines(tt.text)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
				t.Errorf("%+v.Lines(%q) = %q, want %q", tt.w, tt.text, got, tt.want)
			}
		})
	}
	got := Wrap{Width: 16, Indent: "    "}.Words([]string{"build road:", "C4-D5,", "ship C4-D3,", "ship D3-D5"})
	want := []string{"build road:", "    C4-D5,", "    ship C4-D3,", "    ship D3-D5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Words = %q, want %q", got, want)
	}
}
