package rulesref

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func readSample(t testing.TB, name string) *Reference {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Parse(b)
	if err != nil {
		t.Fatalf("Parse(testdata/%s): %v", name, err)
	}
	return ref
}

func ids(rules []Rule) []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = r.ID
	}
	return out
}

func TestParseSample(t *testing.T) {
	ref := readSample(t, "sample.md")
	if got, want := ref.Title(), "Sample: a small rules reference"; got != want {
		t.Errorf("Title() = %q, want %q", got, want)
	}
	if got, want := ref.Intro(), "A short introduction. Refusals cite rule numbers such as X2."; got != want {
		t.Errorf("Intro() = %q, want %q", got, want)
	}
	if got, want := ids(ref.Rules()), []string{"X1", "X2", "X3", "X4"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Rules() ids = %v, want %v", got, want)
	}
	var names []string
	for _, tp := range ref.Topics() {
		names = append(names, tp.Name)
	}
	if want := []string{"moving", "trade-track", "options"}; !reflect.DeepEqual(names, want) {
		t.Errorf("Topics() names = %v, want %v", names, want)
	}

	x2, ok := ref.Rule("X2")
	if !ok {
		t.Fatal(`Rule("X2") not found`)
	}
	want := Rule{ID: "X2", Title: "Moving the ship", Body: "The ship moves two rows.\n#### a deeper heading stays in the body", Line: 26}
	if x2 != want {
		t.Errorf(`Rule("X2") = %#v, want %#v`, x2, want)
	}

	tt, ok := ref.Topic("trade-track")
	if !ok {
		t.Fatal(`Topic("trade-track") not found`)
	}
	if !strings.Contains(tt.Body, "### not a heading: inside a fence") {
		t.Errorf("a heading inside a code fence ended the topic: body %q", tt.Body)
	}
	if !reflect.DeepEqual(tt.Rules, []string{"X4"}) {
		t.Errorf("trade-track Rules = %v, want [X4]", tt.Rules)
	}
	mv, _ := ref.Topic("moving")
	if want := []string{"X1", "X2", "X3"}; !reflect.DeepEqual(mv.Rules, want) {
		t.Errorf("moving Rules = %v, want %v (the range expanded, D4 left out)", mv.Rules, want)
	}
	opt, ok := ref.Topic("options")
	if !ok || opt.Heading != "Options" || !strings.HasPrefix(opt.Body, "| option |") {
		t.Errorf(`Topic("options") = %#v, %v; want the Options section`, opt, ok)
	}
}

func TestParseCRLFAndOrder(t *testing.T) {
	ref := readSample(t, "crlf.md")
	if got, want := ids(ref.Rules()), []string{"Q10", "Q9"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Rules() ids = %v, want %v (the document's order)", got, want)
	}
	r, ok := ref.Rule("q9")
	if !ok || r.Body != "nine" || r.Title != "Nine" {
		t.Errorf(`Rule("q9") = %#v, %v; want Q9 with body "nine" and no carriage returns`, r, ok)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		reason   string
	}{
		{"hyphen for em dash", "### R1 - Title\ntext\n", 1, "is not"},
		{"no title", "### R1 — \ntext\n", 1, "is not"},
		{"lower-case id", "### r1 — Title\ntext\n", 1, "is not"},
		{"leading zero", "### R01 — Title\ntext\n", 1, "is not"},
		{"no number", "### Setup\ntext\n", 1, "is not"},
		{"ten-digit number", "### A1000000000 — 0\n0\n", 1, "more than 9 digits"},
		{"duplicate rule", "### R1 — A\na\n\n### R1 — B\nb\n", 4, "appears twice"},
		{"empty rule", "### R1 — A\n\n### R2 — B\nb\n", 1, "has no text"},
		{"empty last rule", "### R1 — A\na\n### R2 — B\n\n", 3, "has no text"},
		{"empty topic", "## Topic: walls\n\n## Rules\n", 1, "has no text"},
		{"duplicate topic", "## Topic: walls\na\n## Topic: Walls\nb\n", 3, "not a lower-case word"},
		{"duplicate topic name", "## Topic: walls\na\n## Topic: walls\nb\n", 3, "appears twice"},
		{"bad topic name", "## Topic: trade track\na\n", 1, "not a lower-case word"},
		{"options twice", "## Options\na\n## Topic: options\nb\n", 3, "appears twice"},
		{"second title", "# One\n# Two\n", 2, "second title"},
		{"invalid UTF-8", "### R1 — A\n\xff\n", 0, "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref, err := Parse([]byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, %v; want a *ParseError", tt.in, ref, err)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Reason, tt.reason) {
				t.Errorf("Parse(%q) error = line %d %q, want line %d containing %q", tt.in, pe.Line, pe.Reason, tt.line, tt.reason)
			}
		})
	}
}

func TestParseEmpty(t *testing.T) {
	ref, err := Parse(nil)
	if err != nil {
		t.Fatalf("Parse(nil) error: %v", err)
	}
	if len(ref.Rules()) != 0 || len(ref.Topics()) != 0 || ref.Title() != "" {
		t.Errorf("Parse(nil) = %d rules, %d topics, title %q; want nothing", len(ref.Rules()), len(ref.Topics()), ref.Title())
	}
}

func TestRuleIDForms(t *testing.T) {
	ref := readSample(t, "sample.md")
	tests := []struct {
		in   string
		want string // "" when not found
	}{
		{"X1", "X1"},
		{"x1", "X1"},
		{" X03 ", "X3"},
		{"x 4", "X4"},
		{"X5", ""},
		{"X", ""},
		{"1", ""},
		{"X1X", ""},
		{"", ""},
		{"X99999999999999999999", ""},
	}
	for _, tt := range tests {
		r, ok := ref.Rule(tt.in)
		if got := r.ID; ok != (tt.want != "") || got != tt.want {
			t.Errorf("Rule(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestTopicNameForms(t *testing.T) {
	ref := readSample(t, "sample.md")
	for _, in := range []string{"trade-track", "Trade track", "TRADE_TRACK", " trade  track "} {
		if tp, ok := ref.Topic(in); !ok || tp.Name != "trade-track" {
			t.Errorf("Topic(%q) = %q, %v; want trade-track", in, tp.Name, ok)
		}
	}
	for _, in := range []string{"trade", "", "rules", "tradetrack"} {
		if tp, ok := ref.Topic(in); ok {
			t.Errorf("Topic(%q) = %q, want not found", in, tp.Name)
		}
	}
}

func TestText(t *testing.T) {
	ref := readSample(t, "sample.md")
	r, _ := ref.Rule("X3")
	if got, want := r.Text(), "X3 — Blocked squares\nNothing moves onto a wall.\n"; got != want {
		t.Errorf("Rule.Text() = %q, want %q", got, want)
	}
	tp, _ := ref.Topic("moving")
	if got, want := tp.Text(), "Topic: moving\nHow pieces move. A range: X1–X3. A square such as D4 is no rule.\n\nRules: X1–X3.\n"; got != want {
		t.Errorf("Topic.Text() = %q, want %q", got, want)
	}
}

// TestCopies checks that what the accessors return cannot change the
// Reference.
func TestCopies(t *testing.T) {
	ref := readSample(t, "sample.md")
	rules := ref.Rules()
	rules[0].Title = "changed"
	topics := ref.Topics()
	topics[0].Rules[0] = "changed"
	tp, _ := ref.Topic("moving")
	tp.Rules[1] = "changed"
	if r, _ := ref.Rule("X1"); r.Title != "Moving a piece" {
		t.Errorf("changing Rules() changed the reference: X1 title %q", r.Title)
	}
	if tp, _ := ref.Topic("moving"); !reflect.DeepEqual(tp.Rules, []string{"X1", "X2", "X3"}) {
		t.Errorf("changing a returned Topic changed the reference: %v", tp.Rules)
	}
}

func TestCited(t *testing.T) {
	ref, err := Parse([]byte("### R1 — A\na\n### S2 — B\nb\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want []string
	}{
		{"see R3 and S4", []string{"R3", "S4"}},
		{"R5–R7, R6", []string{"R5", "R6", "R7"}},
		{"R5-7", []string{"R5", "R6", "R7"}},
		{"R9–R8", []string{"R9", "R8"}},
		{"R5–S7", []string{"R5", "S7"}},
		{"D4, V11, Q6, E22, R10x, xR10", nil},
		{"R1–R2000", []string{"R1", "R2000"}},
		{"S3 - 4 and S3", []string{"S3", "S4"}},
	}
	for _, tt := range tests {
		if got := ref.cited(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("cited(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
