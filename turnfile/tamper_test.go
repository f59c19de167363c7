package turnfile

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
)

var update = flag.Bool("update", false, "rewrite testdata/vectors from the tamper matrix")

// vectorGame is the small real game the test vectors tamper with: two
// seats, joined, a few turns played.
func vectorGame(t testing.TB) (*Game, map[string]*Signer) {
	t.Helper()
	g, signers := newPeerGameFormat(t, fourSeats[:2], nil, "elasund/1")
	playRandom(t, g, signers, 11, 8)
	return g, signers
}

// resign signs entry i again with its seat's key, as a cheater holding
// that key would.
func resign(f *File, i int, signers map[string]*Signer) {
	e := &f.History[i]
	e.Sig = ""
	c, _ := Canonical(e)
	d := sha256.Sum256(c)
	e.Sig = base64.StdEncoding.EncodeToString(ed25519.Sign(signers[e.Seat].Key, d[:]))
}

// relink renumbers entries and recomputes every prev from entry i on,
// re-signing each, as a cheater holding every key would; used to show
// that what remains is still caught.
func relink(t testing.TB, f *File, from int, signers map[string]*Signer) {
	t.Helper()
	for i := from; i < len(f.History); i++ {
		f.History[i].N = i + 1
		var prev Hash
		var err error
		if i == 0 {
			prev, err = headerHash(f)
		} else {
			prev, err = entryHash(&f.History[i-1])
		}
		if err != nil {
			t.Fatal(err)
		}
		f.History[i].Prev = prev.String()
		resign(f, i, signers)
	}
}

type tamper struct {
	name string
	// file changes the parsed file; text changes the bytes after.
	file func(t testing.TB, f *File, s map[string]*Signer)
	text func(b []byte) []byte
	// want is a substring of the error.
	want string
}

var tampers = []tamper{
	{name: "state-field", want: "the stored state is not the state the history leads to: state.players.red.gold",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			fileState(f).Players[elasund.Red].Gold++
			fileState(f).Supply.Gold--
		}},
	{name: "state-orders", want: "the stored state is not the state the history leads to: state.players.blue.orders.rebuild",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			fileState(f).Players[elasund.Blue].Orders.Rebuild = "nearest"
		}},
	{name: "state-inconsistent", want: "state.supply.gold",
		file: func(t testing.TB, f *File, s map[string]*Signer) { fileState(f).Players[elasund.Red].Gold += 5 }},
	{name: "action-changed", want: "entry 5: signature: does not verify",
		file: func(t testing.TB, f *File, s map[string]*Signer) { f.History[4].Actions[0] = "end" }},
	{name: "action-changed-resigned", want: "entry 3: events differ from the replay",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[2].Actions = []string{"roll"}
			resign(f, 2, s)
		}},
	{name: "illegal-action-resigned", want: "entry 3: replaying red's move: \"build hall A2\"",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[2].Actions = []string{"build hall A2"}
			resign(f, 2, s)
		}},
	{name: "events-changed-resigned", want: "entry 3: events differ from the replay: event 1",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[2].Events[0] = "roll 6+6 → ship 12"
			resign(f, 2, s)
		}},
	{name: "entry-state-hash-resigned", want: "entry 3: state hash",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[2].State = strings.Repeat("0", 64)
			resign(f, 2, s)
		}},
	{name: "kind-changed-resigned", want: "entry 3: kind is decision, but these actions make a move entry",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[2].Kind = EntryDecision
			resign(f, 2, s)
		}},
	{name: "entry-dropped", want: "history[4].n: entry 4 is numbered 5",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History = append(f.History[:3], f.History[4:]...)
		}},
	{name: "entry-dropped-renumbered", want: "entry 4: hash link broken",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History = append(f.History[:3], f.History[4:]...)
			for i := 3; i < len(f.History); i++ {
				f.History[i].N = i + 1
			}
		}},
	{name: "entry-dropped-relinked", want: "entry 4: reveal",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			// Drop red's entry 4; entry 5 is red's again.
			i := 3
			for f.History[i].Seat != f.History[i+1].Seat {
				i++
			}
			f.History = append(f.History[:i], f.History[i+1:]...)
			relink(t, f, i, s)
		}},
	{name: "entries-reordered", want: "hash link broken",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[3], f.History[4] = f.History[4], f.History[3]
			f.History[3].N, f.History[4].N = 4, 5
		}},
	{name: "entry-duplicated", want: "entry 5: hash link broken",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			e := f.History[3]
			f.History = append(f.History[:4], append([]Entry{e}, f.History[4:]...)...)
			for i := 4; i < len(f.History); i++ {
				f.History[i].N = i + 1
			}
		}},
	{name: "seat-swapped", want: "entry 3: signature: does not verify with blue's key",
		file: func(t testing.TB, f *File, s map[string]*Signer) { f.History[2].Seat = "blue" }},
	{name: "header-seats-swapped", want: "entry 1: hash link broken",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.Header.Seats[0], f.Header.Seats[1] = f.Header.Seats[1], f.Header.Seats[0]
		}},
	{name: "header-option-added", want: "entry 1: hash link broken",
		file: func(t testing.TB, f *File, s map[string]*Signer) { f.Header.Options["turn_limit"] = "3" }},
	{name: "header-key-replaced", want: "header: seat red's key or commit differs from its join entry 1",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.Header.Seats[0].Key = f.Header.Seats[1].Key
		}},
	{name: "signature-forged", want: "entry 4: signature: does not verify with",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[3].Sig = base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 64))
		}},
	{name: "signature-reused", want: "entry 4: signature: does not verify",
		file: func(t testing.TB, f *File, s map[string]*Signer) { f.History[3].Sig = f.History[2].Sig }},
	{name: "signature-by-other-seat", want: "entry 3: signature: does not verify with red's key",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			e := &f.History[2]
			e.Sig = ""
			c, _ := Canonical(e)
			d := sha256.Sum256(c)
			e.Sig = base64.StdEncoding.EncodeToString(ed25519.Sign(s["blue"].Key, d[:]))
		}},
	{name: "reveal-wrong-resigned", want: "entry 3: reveal " + strings.Repeat("ab", 32) + " does not hash to red's previous chain value",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[2].Reveal = strings.Repeat("ab", 32)
			resign(f, 2, s)
		}},
	{name: "reveal-reused-resigned", want: "does not hash to red's previous chain value",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			var first, second int = -1, -1
			for i, e := range f.History {
				if e.Seat == "red" && e.Kind != EntryJoin {
					if first < 0 {
						first = i
					} else if second < 0 {
						second = i
					}
				}
			}
			f.History[second].Reveal = f.History[first].Reveal
			resign(f, second, s)
		}},
	{name: "move-before-join", want: "entry 2: red moves before every seat joined",
		file: func(t testing.TB, f *File, s map[string]*Signer) {
			f.History[1], f.History[2] = f.History[2], f.History[1]
			relink(t, f, 1, s)
		}},
	{name: "truncated", want: "line",
		text: func(b []byte) []byte { return b[:len(b)*2/3] }},
	{name: "state-section-missing", want: "state: missing",
		text: func(b []byte) []byte { return b[:bytes.Index(b, []byte("\nstate:"))+1] }},
	{name: "duplicate-key", want: "state.turn: duplicate key",
		text: func(b []byte) []byte {
			return bytes.Replace(b, []byte("\nstate:\n"), []byte("\nstate:\n  turn: 2\n"), 1)
		}},
	{name: "duplicate-history-key", want: "history[3].seat: duplicate key",
		text: func(b []byte) []byte {
			i := bytes.Index(b, []byte("  - n: 3\n"))
			return append(b[:i+9:i+9], append([]byte("    seat: blue\n"), b[i+9:]...)...)
		}},
	{name: "unknown-field", want: "header.referee: unknown field",
		text: func(b []byte) []byte {
			return bytes.Replace(b, []byte("\n  sandbox: false"), []byte("\n  referee: mallory\n  sandbox: false"), 1)
		}},
	{name: "future-version", want: "format: elasund/9 is newer than this program reads (elasund/2): upgrade elasund",
		text: func(b []byte) []byte { return bytes.Replace(b, []byte("elasund/1"), []byte("elasund/9"), 1) }},
	{name: "wrong-type", want: "state.players.red.gold: want a whole number, not text",
		text: func(b []byte) []byte {
			i := bytes.Index(b, []byte("    red:\n      gold: "))
			j := i + len("    red:\n      gold: ")
			k := j + bytes.IndexByte(b[j:], '\n')
			return append(b[:j:j], append([]byte("lots"), b[k:]...)...)
		}},
	{name: "negative-value", want: "state.builds_done: must not be negative",
		text: func(b []byte) []byte { return bytes.Replace(b, []byte("builds_done: 0"), []byte("builds_done: -1"), 1) }},
	{name: "bad-colour", want: "history[3].seat: \"purple\" is not a colour",
		text: func(b []byte) []byte {
			return bytes.Replace(b, []byte("  - n: 3\n    seat: red"), []byte("  - n: 3\n    seat: purple"), 1)
		}},
	{name: "alias", want: "anchors and aliases are not allowed",
		text: func(b []byte) []byte {
			return bytes.Replace(b, []byte("  options: {}"), []byte("  options: &o {}"), 1)
		}},
	{name: "not-utf8", want: "file is not valid UTF-8",
		text: func(b []byte) []byte { return bytes.Replace(b, []byte("name: Alice"), []byte("name: Al\xffce"), 1) }},
	{name: "second-document", want: "a second YAML document",
		text: func(b []byte) []byte { return append(b, []byte("---\nformat: elasund/1\n")...) }},
}

// TestTamperMatrix applies every manipulation to a real game file and
// checks that reading and replaying it fails, naming the problem. With
// -update it writes each tampered file to testdata/vectors.
func TestTamperMatrix(t *testing.T) {
	g, signers := vectorGame(t)
	good, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		writeVector(t, "valid", good, "ok")
	}
	seen := map[string]bool{}
	for _, tc := range tampers {
		t.Run(tc.name, func(t *testing.T) {
			b := good
			if tc.file != nil {
				f, err := Parse(good, testGames)
				if err != nil {
					t.Fatal(err)
				}
				tc.file(t, f, signers)
				if b, err = f.Marshal(); err != nil {
					t.Fatal(err)
				}
			}
			if tc.text != nil {
				b = tc.text(bytes.Clone(b))
			}
			if bytes.Equal(b, good) {
				t.Fatal("the manipulation changed nothing")
			}
			h := sha256.Sum256(b)
			if seen[string(h[:])] {
				t.Fatal("the manipulation is the same as another")
			}
			seen[string(h[:])] = true
			err := readAndOpen(b)
			if err == nil {
				t.Fatalf("tampered file accepted")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q does not contain %q", err, tc.want)
			}
			var pe *ParseError
			var ve *VerifyError
			if !errors.As(err, &pe) && !errors.As(err, &ve) {
				t.Fatalf("error %T is neither *ParseError nor *VerifyError", err)
			}
			if *update {
				writeVector(t, tc.name, b, tc.want)
			}
		})
	}
}

func readAndOpen(b []byte) error {
	f, err := Parse(b, testGames)
	if err != nil {
		return err
	}
	_, err = Open(f)
	return err
}

// writeVector writes a test vector whose first line says how it must
// fail.
func writeVector(t *testing.T, name string, b []byte, want string) {
	t.Helper()
	head := "# elasund test vector: must fail: " + want + "\n"
	if want == "ok" {
		head = "# elasund test vector: must verify\n"
	}
	if err := os.WriteFile(filepath.Join("testdata", "vectors", name+".yaml"), append([]byte(head), b...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOversized checks the size limit, which no stored vector can show.
func TestOversized(t *testing.T) {
	g, _ := vectorGame(t)
	b, _ := g.File().Marshal()
	b = append(b, bytes.Repeat([]byte("# padding\n"), MaxSize/10+1)...)
	err := readAndOpen(b)
	var pe *ParseError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Fatalf("oversized file: %v, want *ParseError about the size", err)
	}
	path := filepath.Join(t.TempDir(), "big.yaml")
	os.WriteFile(path, b, 0o644)
	if _, err := ReadFile(path, testGames); !errors.As(err, &pe) {
		t.Fatalf("ReadFile(oversized, testGames) = %v, want *ParseError", err)
	}
}

// TestVectors checks every stored vector fails (or verifies) as its first
// line says.
func TestVectors(t *testing.T) {
	files, _ := filepath.Glob("testdata/vectors/*.yaml")
	if len(files) < 15 {
		t.Fatalf("%d vectors in testdata/vectors, want at least 15", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := bytes.Cut(b, []byte("\n"))
			err = readAndOpen(b)
			switch want, ok := strings.CutPrefix(string(first), "# elasund test vector: must fail: "); {
			case string(first) == "# elasund test vector: must verify":
				if err != nil {
					t.Fatalf("valid vector: %v", err)
				}
			case !ok:
				t.Fatalf("first line %q says neither how it fails nor that it verifies", first)
			case err == nil:
				t.Fatalf("accepted; must fail with %q", want)
			case !strings.Contains(err.Error(), want):
				t.Fatalf("error %q does not contain %q", err, want)
			}
		})
	}
}
