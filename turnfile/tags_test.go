package turnfile

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestBareTagRefused writes the non-specific tag `!` (which YAML reads
// as "no tag" and the node tree does not show) in front of every kind of
// node, and in both games' files: each is refused like `!!str`, naming the
// line and the field (§7: no tags).
func TestBareTagRefused(t *testing.T) {
	elasund, err := os.ReadFile("testdata/vectors/valid.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seafarers, err := os.ReadFile("../examples/seafarers/new-shores-in-progress.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		file      []byte
		old, new  string
		line      int
		field     string
		wantWhole bool
	}{
		{name: "edition", file: elasund, old: "\n  edition: en\n", new: "\n  edition: ! en\n", field: "header.edition"},
		{name: "format", file: elasund, old: "\nformat: elasund/1\n", new: "\nformat: ! elasund/1\n", field: "format"},
		{name: "number", file: elasund, old: "\n  - n: 3\n", new: "\n  - n: ! 3\n", field: "history[3].n"},
		{name: "bool", file: elasund, old: "\n  sandbox: false\n", new: "\n  sandbox: !   false\n", field: "header.sandbox"},
		{name: "null", file: elasund, old: "\n  seed: null\n", new: "\n  seed: ! null\n", field: "header.seed"},
		{name: "quoted", file: elasund, old: "\n  created: \"2026", new: "\n  created: ! \"2026", field: "header.created"},
		{name: "flow mapping", file: elasund, old: "\n  options: {}\n", new: "\n  options: ! {}\n", field: "header.options"},
		{name: "list item", file: elasund, old: "\n      - end\n", new: "\n      - ! end\n", field: "history[3].actions[1]"},
		{name: "key", file: elasund, old: "\n  chain_length: 1024\n", new: "\n  ! chain_length: 1024\n", field: "header"},
		{name: "block mapping", file: elasund, old: "\nheader:\n  game:", new: "\nheader: !\n  game:", field: "header"},
		{name: "block list", file: elasund, old: "\nhistory:\n  - n: 1\n", new: "\nhistory: !\n  - n: 1\n", field: "history"},
		{name: "state", file: elasund, old: "\n  builds_done: 0\n", new: "\n  builds_done: ! 0\n", field: "state.builds_done"},
		{name: "state flow item", file: elasund, old: "influence: {blue: ", new: "influence: {blue: ! ", field: "state.players.blue.influence.blue"},
		{name: "after non-ASCII text", file: elasund, old: "\n    events: []\n", new: "\n    events: [\"Ärger → ✓\", !  x]\n", field: "history[1].events[2]"},
		{name: "CR LF line ends", file: bytes.ReplaceAll(elasund, []byte("\n"), []byte("\r\n")), old: "\r\n  - n: 3\r\n", new: "\r\n  - n: ! 3\r\n", field: "history[3].n"},
		{name: "seafarers scenario", file: seafarers, old: "\n  scenario: new-shores\n", new: "\n  scenario: ! new-shores\n", field: "header.scenario"},
		{name: "seafarers hex", file: seafarers, old: "terrain: sea}", new: "terrain: ! sea}", field: "state.board.hexes[", wantWhole: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Parse(tc.file, bothGames); err != nil {
				t.Fatalf("the file without the tag: %v", err)
			}
			i := bytes.Index(tc.file, []byte(tc.old))
			if i < 0 {
				t.Fatalf("%q is not in the file", tc.old)
			}
			data := bytes.Clone(tc.file)
			data = append(data[:i:i], append([]byte(tc.new), tc.file[i+len(tc.old):]...)...)
			// The tag is on the line after old's first newline.
			line := 1 + bytes.Count(data[:i+2], []byte("\n"))
			_, err := Parse(data, bothGames)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse of a file with %q = %v, want a *ParseError (§7: no tags)", tc.new, err)
			}
			if !strings.Contains(pe.Reason, "tag ! is not allowed") {
				t.Errorf("Parse error %q, want the reason to say the tag ! is not allowed (§7)", err)
			}
			if pe.Line != line {
				t.Errorf("Parse error %q names line %d, want %d (§7)", err, pe.Line, line)
			}
			if (tc.wantWhole && !strings.HasPrefix(pe.Field, tc.field)) || (!tc.wantWhole && pe.Field != tc.field) {
				t.Errorf("Parse error %q names field %q, want %q (§7)", err, pe.Field, tc.field)
			}
		})
	}
}
