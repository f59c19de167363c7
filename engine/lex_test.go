package engine

import (
	"fmt"
	"strings"
	"testing"
)

// words prints groups as "[a b] [c]" with each token's offset, to compare
// with a table.
func words(groups [][]Token) string {
	var out []string
	for _, g := range groups {
		var ws []string
		for _, t := range g {
			ws = append(ws, fmt.Sprintf("%s/%s@%d", t.Text, t.Lower, t.Off))
		}
		out = append(out, "["+strings.Join(ws, " ")+"]")
	}
	return strings.Join(out, " ")
}

func TestLex(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{" ;\n; # nothing\n", ""},
		{"roll", "[roll/roll@0]"},
		{"Roll; END", "[Roll/roll@0] [END/end@6]"},
		{"build road 3-4\nend # done", "[build/build@0 road/road@6 3-4/3-4@11] [end/end@15]"},
		// A comma is a word of its own, wherever it stands.
		{"discard blue,2 red ,gold", "[discard/discard@0 blue/blue@8 ,/,@12 2/2@13 red/red@15 ,/,@19 gold/gold@20]"},
		// A comment runs to the end of its line only.
		{"roll#x;end\nend", "[roll/roll@0] [end/end@11]"},
		// Tabs and other spaces separate words.
		{"take\tgold\u00a0red", "[take/take@0 gold/gold@5 red/red@11]"},
		// Only ASCII letters are lower-cased: the Kelvin sign stays
		// itself, so "ASK" with it is not "ask".
		{"AS\u212a Ébène", "[AS\u212a/as\u212a@0 Ébène/Ébène@6]"},
		// Bytes that are not UTF-8 stay as they are.
		{"A\xff b", "[A\xff/a\xff@0 b/b@3]"},
	} {
		if got := words(Lex(tc.in)); got != tc.want {
			t.Errorf("Lex(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestToken(t *testing.T) {
	for _, tc := range []struct {
		w     string
		lower string
		ascii bool
	}{
		{"d7", "d7", true},
		{"D7", "d7", true},
		{"Ébène", "Ébène", false},
		{"ROUTE-É", "route-É", false},
	} {
		tok := NewToken(tc.w, 3)
		if tok.Text != tc.w || tok.Lower != tc.lower || tok.ASCII != tc.ascii || tok.Off != 3 || tok.End() != 3+len(tc.w) {
			t.Errorf("NewToken(%q, 3) = %+v (end %d), want lower %q, ascii %v", tc.w, tok, tok.End(), tc.lower, tc.ascii)
		}
	}
}

func TestWords(t *testing.T) {
	var w Words
	if w.String() != "" {
		t.Errorf("empty Words = %q", w.String())
	}
	w.Add("build")
	w.Add()
	w.Add("road", "3-4")
	if got := w.String(); got != "build road 3-4" {
		t.Errorf("Words = %q, want %q", got, "build road 3-4")
	}
}
