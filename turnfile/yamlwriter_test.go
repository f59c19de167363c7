package turnfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// sameYAML fails unless the writer writes the bytes yaml.v3 writes of
// v's JSON (encodeYAMLNodes, the way files were written before it) with
// the flow field given, and writes them itself: what a turn file holds is
// never left to yaml.v3.
func sameYAML(t testing.TB, what string, v any, flow string) {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !sameYAMLOf(t, what, raw, flow) {
		t.Fatalf("%s: the writer leaves it to yaml.v3\n%s", what, raw)
	}
}

// sameYAMLOf fails unless the writer writes yaml.v3's bytes of raw, or
// leaves raw to yaml.v3; it reports whether the writer wrote it.
func sameYAMLOf(t testing.TB, what string, raw []byte, flow string) bool {
	t.Helper()
	want, err := encodeYAMLNodes(raw, flow)
	got, ok := writeYAML(raw, flow)
	switch {
	case err != nil && ok:
		t.Fatalf("%s: yaml.v3 refuses it (%v), the writer writes\n%s", what, err, got)
	case ok && !bytes.Equal(got, want):
		t.Fatalf("%s: the writer's YAML differs from yaml.v3's at byte %d:\n%s\n--- yaml.v3:\n%s\n--- JSON:\n%s", what, byteDiff(got, want), got, want, raw)
	}
	return ok
}

func byteDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// sameFileYAML holds every way a game's file is written to yaml.v3's
// bytes: the whole file, each entry as a list item and the state block.
func sameFileYAML(t testing.TB, what string, f *File) {
	t.Helper()
	sameYAML(t, what, f, "state")
	for i := range f.History {
		sameYAML(t, fmt.Sprintf("%s, entry %d", what, i+1), struct {
			History []*Entry `json:"history"`
		}{[]*Entry{&f.History[i]}}, "")
	}
	sameStateYAML(t, what+", state block", f)
}

func sameStateYAML(t testing.TB, what string, f *File) {
	t.Helper()
	sameYAML(t, what, struct {
		State any `json:"state"`
	}{f.State}, "state")
}

// writerSpecs are games of every kind: Elasund in both formats, every
// Seafarers scenario in both formats, peer and sandbox.
func writerSpecs() []gameSpec {
	var out []gameSpec
	for i, format := range []string{"elasund/1", "elasund/2"} {
		out = append(out,
			gameSpec{rules: elasund.Rules{}, format: format, seats: fourSeats, options: map[string]string{"turn_limit": "4"}, seed: int64(i)},
			gameSpec{rules: elasund.Rules{}, format: format, seats: fourSeats[:3], sandbox: true, seed: int64(i)})
	}
	for i, sc := range seafarersScenarios {
		format := []string{"seafarers/1", "seafarers/2"}[i%2]
		seats := seafarersSeats[:3+i%2]
		if sc == "pirate-islands" && len(seats) == 3 {
			seats = []Seat{seafarersSeats[0], seafarersSeats[1], seafarersSeats[3]}
		}
		out = append(out, gameSpec{rules: seafarers.Rules{}, format: format, seats: seats, sandbox: i%3 == 1, scenario: sc, seed: int64(i)})
	}
	return out
}

var seafarersScenarios = []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert", "forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}

// TestWriterMatchesYAML holds the YAML writer to yaml.v3's encoder (§2.5):
// on self-played files of both games (every Seafarers scenario, both
// formats, peer and sandbox, with their states along the way, a parallel
// entry and dispute reports), on every turn file in the repository's
// examples and test data, and on scalars of every kind yaml.v3 quotes.
func TestWriterMatchesYAML(t *testing.T) {
	entries, every := 30, 6
	if !quick() {
		entries, every = 200, 1
	}
	for _, spec := range writerSpecs() {
		t.Run(spec.String(), func(t *testing.T) {
			g, signers := newAnyGame(t, spec)
			var mid []byte
			playAny(t, g, signers, uint64(spec.seed), entries, func(e *Entry) {
				if e.N%every == 0 {
					sameStateYAML(t, fmt.Sprintf("state after entry %d", e.N), g.File())
				}
				// A copy to fork: the game's last position, up to the
				// middle, where a seat acts.
				if e.N <= entries/2 && !g.Position().Over() {
					var err error
					if mid, err = g.Marshal(); err != nil {
						t.Fatal(err)
					}
				}
			})
			sameFileYAML(t, "the file", g.File())
			if !spec.sandbox {
				if mid == nil {
					t.Fatal("the game ended at once")
				}
				sameYAML(t, "dispute report", forkReport(t, mid, signers), "")
			}
		})
	}
	t.Run("parallel entry", func(t *testing.T) {
		f := parallelFile(t)
		sameFileYAML(t, "file with a parallel entry", f)
	})
	t.Run("repository files", func(t *testing.T) {
		files := repositoryTurnFiles(t)
		if len(files) < 40 {
			t.Fatalf("found %d turn files in examples and test data, want 40 or more", len(files))
		}
		for name, data := range files {
			// Read as YAML, with no flow field (the state in block
			// style) and, for those that are not files (test vectors
			// of damaged files), with one.
			flows := []string{"", "state", "header"}
			if f, err := Parse(data, bothGames); err == nil {
				sameFileYAML(t, name, f)
				flows = flows[:1]
			} else if d, err := ParseDispute(data, bothGames); err == nil {
				sameYAML(t, name, d, "")
				flows = flows[:1]
			}
			if raw, ok := yamlAsJSON(data); ok {
				for _, flow := range flows {
					sameYAMLOf(t, name+" read as YAML", raw, flow)
				}
			}
		}
	})
}

// TestWriterScalars writes strings of every kind yaml.v3 treats apart as
// keys and values, in block and flow context, and holds the result to
// yaml.v3's; the writer writes all but those it leaves to yaml.v3 for
// what it does not write (block scalars, breaks in plain and single-quoted
// scalars, complex keys).
func TestWriterScalars(t *testing.T) {
	left := 0
	for _, s := range trickyStrings {
		raw := scalarsDoc(s, s)
		if !sameYAMLOf(t, fmt.Sprintf("%q", s), raw, "state") {
			left++
			if !strings.ContainsAny(s, "\n\r\u0085\u2028\u2029") && len(s) <= 128 {
				t.Errorf("%q: the writer leaves a string without breaks to yaml.v3", s)
			}
		}
	}
	if left == 0 || left > len(trickyStrings)/4 {
		t.Errorf("the writer left %d of %d strings to yaml.v3, want some (those with breaks) and few", left, len(trickyStrings))
	}
	// Numbers: integers are written, the others left to yaml.v3.
	for _, n := range []string{"0", "-0", "7", "-12", "123456789012345678", "9223372036854775807", "-9223372036854775808", "18446744073709551615", "18446744073709551616", "1.5", "1e3", "-2.5E-3", "100000000000000000000000"} {
		raw := []byte(`{"n":` + n + `,"state":{"l":[` + n + `],"m":{"k":` + n + `}}}`)
		ok := sameYAMLOf(t, "number "+n, raw, "state")
		if _, err := strconv.ParseInt(n, 10, 64); ok != (err == nil) && !strings.HasPrefix(n, "1844") {
			t.Errorf("number %s: written by the writer %v, want it for integers only", n, ok)
		}
	}
}

// trickyStrings are strings yaml.v3 writes in every style, or would read
// as another type, or judges by their edges, indicators and characters.
var trickyStrings = []string{
	"", " ", "  ", "a", "a ", " a", "a b", "a  b", "a: b", "a:b", "a:", ":a", ": a", ":", "-", "- a", "-a", "a-", "--", "---", "--- a", "...", "....", "..a",
	"?", "? a", "?a", "a?", "#", "#a", "a #b", "a#b", "a# b", "'", "''", "\"", "a'b", "a\"b", "\\", "a\\b", "a,b", ",a", "[a]", "a]", "{a}", "a}",
	"&a", "*a", "!a", "a!", "|", "|a", ">", "%a", "@a", "`a", "a`", "<", "<<", "<a", "=", "~", "~a",
	"null", "Null", "NULL", "nULL", "true", "True", "TRUE", "tRUE", "false", "yes", "Yes", "no", "No", "on", "On", "off", "y", "Y", "n", "N", "o", "O", "t", "f",
	"1", "-1", "+1", "01", "007", "1.5", ".5", "5.", "1e3", "1E+3", "-2.5e-3", "0x1F", "0X1F", "0o17", "-0o17", "0b101", "-0b101", "1_000", "1__0", "+.inf", "-.inf", ".inf", ".Inf", ".INF", ".nan", ".NaN", "nan", "inf", "Infinity",
	"12345678901234567890", "1234567890123456789012345", "0.", ".", "+", "-.", "+-1", "1-2", "1:20", "190:20:30", "1,000",
	"2026-11-18T11:06:40Z", "2026-11-18", "2026-1-2", "2026-1-2 3:4:5", "2026-11-18t11:06:40z", "2026-11-18T11:06:40.5+02:00", "2026-13-45", "1234-", "2026-11-18 x",
	"a\tb", "\t", "\ta", "a\t", "a\nb", "a\n", "\na", "\n", "a\n\nb", "a \nb", "a\n b", "a\r\nb", "a\rb", "a\u0085b", "a\u2028b", "a\u2029b",
	"\u00a0", "a\u00a0b", "\ufeff", "\ufeffa", "a\ufeff", "\ufffe", "\uffff", "\ufffd", "é", "Zoë", "roll 5+5 → ship 10", "日本", "😀", "a😀b", "\ud7ff", "\ue000",
	"\x00", "a\x00b", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x1f", "\x7f", "\u0080", "\u009f", "\u0085",
	"N:C", "S:D", "3:1", "A12-B13", "A8.s", "ed25519:HXizGaSjgL8OMIorY1eWqSu4JgSbz24OlX6FpFvc3DM=", "+Ox3n5/MhtfjgmAFt4wY8ku1Smd4rY3f0HTKE3nqkNUfBUm/7sURkodaQORjrImgIPDlie5gl2Iuj1TeczZFAw==",
	"918d13e72fdacb9a16dc4e366d6b1ff83e984a7290326f23c8b9a3f3c71a192c", "1e825806e56d76c74b1fe457d53efec343f943523d8d1b630093dfdc9f16b8e8", "0000", "1e10", "e10",
	"ann@example.org", "Ann O'Neil", "red draws yellow (start)", "<b>bold</b> & co", "a\u2028", "\u2029",
	strings.Repeat("x", 128), strings.Repeat("x", 129), strings.Repeat("word ", 40), strings.Repeat("y ", 100) + "end", strings.Repeat("é", 70),
}

// scalarsDoc is a JSON document with key and value in every place a
// scalar can be: keys and values of block and flow mappings, items of
// block and flow lists, at every depth, inside and outside the flow
// field.
func scalarsDoc(key, value string) []byte {
	k, _ := json.Marshal(key)
	v, _ := json.Marshal(value)
	doc := `{"format":V,"header":{K:V,"l":[V,K,[],{}],"m":{K:[V],"x":{K:V}}},` +
		`"history":[{"n":1,K:V,"actions":[V],"parts":[{K:V,"d":[1,2]}]},[[V]],[[]]],` +
		`"state":{K:V,"leaf":[V,K],"m":{K:{V:V,"e":[]}},"l":[[V],{K:[V]},[[V]],{K:{K:V}}],"e":{},K:[[],{}]},` +
		`K:V}`
	return []byte(strings.NewReplacer("K", string(k), "V", string(v)).Replace(doc))
}

// FuzzWriterMatchesYAML holds the writer to yaml.v3's encoder on
// arbitrary strings as keys and values in every place, and on arbitrary
// JSON documents inside and outside the flow field: the same bytes, or
// the writer leaves them to yaml.v3.
func FuzzWriterMatchesYAML(f *testing.F) {
	for i, s := range trickyStrings {
		f.Add(trickyStrings[(i+7)%len(trickyStrings)], s, []byte(`{"a":[1,"b",{"c":null}],"d":[[true]]}`))
	}
	f.Add("k", "v", []byte(`[1.5,-0,1e400,"\u2028\ud800x\/"]`))
	f.Add("k", "v", []byte(`{"a":{"a":{"a":[[],[[]],{"":""}]}}}`))
	f.Fuzz(func(t *testing.T, key, value string, doc []byte) {
		for _, flow := range []string{"state", ""} {
			sameYAMLOf(t, "scalars", scalarsDoc(key, value), flow)
		}
		var compact bytes.Buffer
		if json.Compact(&compact, doc) != nil {
			return
		}
		k, _ := json.Marshal(key)
		d := compact.String()
		for _, raw := range []string{`{"state":` + d + `}`, `{` + string(k) + `:` + d + `,"state":{"x":` + d + `,"y":[` + d + `]}}`, `{"history":[` + d + `]}`} {
			for _, flow := range []string{"state", "", key} {
				sameYAMLOf(t, "document", []byte(raw), flow)
			}
		}
	})
}

// forkReport is the dispute report of a fork of the game whose file is
// data: the seat to act signs two different successors of its last
// entry, on two copies.
func forkReport(t testing.TB, data []byte, signers map[string]*Signer) *Dispute {
	t.Helper()
	a, b := mustOpen(t, data), mustOpen(t, data)
	seat := a.Acting()[0]
	rnd := rand.New(rand.NewPCG(7, 7))
	for i, g := range []*Game{a, b} {
		if _, err := g.Move(seat, randomMove(t, g, seat, signers[seat], rnd), signers[seat], testTime.Add(time.Duration(i+1)*time.Hour), MoveOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return disputeOfCopies(t, a, b)
}

// parallelFile is a Seafarers file whose last entry is a parallel entry.
func parallelFile(t *testing.T) *File {
	tb := newTable(t, gameSpec{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "base", seed: 5})
	g, _ := tb.mergedParallel()
	if last := g.File().History[len(g.File().History)-1]; last.Kind != EntryParallel {
		t.Fatalf("the last entry is %s, want a parallel entry", last.Kind)
	}
	return g.File()
}

// repositoryTurnFiles are the YAML files of the repository's examples
// and test data, and those in its test scripts, by name.
func repositoryTurnFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		inData := strings.Contains(path, "testdata") || strings.Contains(path, "examples")
		switch {
		case d.IsDir() || !inData:
		case strings.HasSuffix(path, ".yaml"):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out[path] = b
		case strings.HasSuffix(path, ".txtar"):
			a, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range a.Files {
				if strings.HasSuffix(f.Name, ".yaml") && bytes.HasPrefix(f.Data, []byte("format: ")) {
					out[path+":"+f.Name] = f.Data
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// yamlAsJSON reads a YAML document and writes it as JSON, keys in their
// order, for the writer to write back: integers, booleans and null as
// themselves, every other scalar as a string.
func yamlAsJSON(data []byte) ([]byte, bool) {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, false
	}
	var b []byte
	var write func(n *yaml.Node) bool
	write = func(n *yaml.Node) bool {
		switch n.Kind {
		case yaml.MappingNode, yaml.SequenceNode:
			open, end := byte('['), byte(']')
			if n.Kind == yaml.MappingNode {
				open, end = '{', '}'
			}
			b = append(b, open)
			for i, c := range n.Content {
				switch {
				case i == 0:
				case n.Kind == yaml.MappingNode && i%2 == 1:
					b = append(b, ':')
				default:
					b = append(b, ',')
				}
				if n.Kind == yaml.MappingNode && i%2 == 0 {
					if c.Kind != yaml.ScalarNode {
						return false
					}
					s, _ := json.Marshal(c.Value)
					b = append(b, s...)
				} else if !write(c) {
					return false
				}
			}
			b = append(b, end)
		case yaml.ScalarNode:
			switch tag := n.ShortTag(); {
			case tag == "!!null":
				b = append(b, "null"...)
			case tag == "!!bool" && (n.Value == "true" || n.Value == "false"):
				b = append(b, n.Value...)
			case tag == "!!int" && plainInteger([]byte(n.Value)):
				b = append(b, n.Value...)
			default:
				s, _ := json.Marshal(n.Value)
				b = append(b, s...)
			}
		default:
			return false
		}
		return true
	}
	if !write(doc.Content[0]) || !json.Valid(b) {
		return nil, false
	}
	return b, true
}
