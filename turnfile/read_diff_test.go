package turnfile

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// bothGames reads the files of both games.
var bothGames = mustRegistry(elasund.Rules{}, seafarers.Rules{})

// seafarersSeats are four Seafarers seats.
var seafarersSeats = []Seat{{Colour: "red", Name: "Alice"}, {Colour: "blue", Name: "Bob"}, {Colour: "white", Name: "Carol"}, {Colour: "orange", Name: "Dave"}}

// gameSpec describes a game for the tests that play any game.
type gameSpec struct {
	rules engine.Game
	// format is the file's format; empty for the game's newest.
	format   string
	seats    []Seat
	sandbox  bool
	options  map[string]string
	scenario string
	seed     int64
}

func (s gameSpec) String() string {
	kind := "peer"
	if s.sandbox {
		kind = "sandbox"
	}
	return fmt.Sprintf("%s %s %d seats %s%v seed %d", s.rules.Name(), kind, len(s.seats), s.scenario, s.options, s.seed)
}

// newAnyGame makes a game: a peer game whose seats have joined, or a
// sandbox game.
func newAnyGame(t testing.TB, spec gameSpec) (*Game, map[string]*Signer) {
	t.Helper()
	seats, sandbox := spec.seats, spec.sandbox
	o := NewOptions{Rules: spec.rules, Format: spec.format, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: seats, Options: spec.options,
		Choices: map[string]string{"scenario": spec.scenario}, Rand: newDetReader(byte(3 + spec.seed)), Sandbox: sandbox}
	if sandbox {
		seed := 42 + spec.seed
		o.Seed, o.Game = &seed, ""
	}
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	if sandbox {
		return g, nil
	}
	signers := testSigners(t, seats)
	for i, s := range seats {
		if _, err := g.Join(s.Colour, signers[s.Colour], testTime.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatalf("Join(%s): %v", s.Colour, err)
		}
	}
	return g, signers
}

// playAny plays random legal moves of one or a few actions through the
// engine's contract only, so that it plays any game, until the game ends
// or maxEntries entries have been added; after each entry it calls
// after, if not nil.
func playAny(t testing.TB, g *Game, signers map[string]*Signer, seed uint64, maxEntries int, after func(e *Entry)) {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 17))
	at := testTime.Add(time.Hour)
	for n := 0; n < maxEntries && !g.Position().Over(); n++ {
		acting := g.Acting()
		if len(acting) == 0 {
			t.Fatalf("nobody can act (turn %d, %s phase)", g.Position().Turn(), g.Position().Phase())
		}
		seat := acting[rnd.IntN(len(acting))]
		move := randomMove(t, g, seat, signers[seat], rnd)
		at = at.Add(time.Minute)
		e, err := g.Move(seat, move, signers[seat], at, MoveOptions{})
		if err != nil {
			t.Fatalf("Move(%s, %v): %v", seat, move, err)
		}
		if after != nil {
			after(e)
		}
	}
}

var (
	diffOnce  sync.Once
	diffFiles [][]byte
)

// diffSeeds are files of every kind: the test vectors, and played games
// of both games, peer and sandbox.
func diffSeeds(t testing.TB) [][]byte {
	diffOnce.Do(func() {
		paths, _ := filepath.Glob("testdata/vectors/*.yaml")
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			diffFiles = append(diffFiles, b)
		}
		for i, c := range []gameSpec{
			{rules: elasund.Rules{}, seats: fourSeats, options: map[string]string{"turn_limit": "3"}},
			{rules: elasund.Rules{}, seats: fourSeats[:3], sandbox: true, options: map[string]string{"pirate_reward": "choose_from_others_discards"}},
			{rules: seafarers.Rules{}, seats: seafarersSeats},
			{rules: seafarers.Rules{}, seats: seafarersSeats[:3], sandbox: true},
		} {
			g, signers := newAnyGame(t, c)
			playAny(t, g, signers, uint64(i), 40, nil)
			b, err := g.File().Marshal()
			if err != nil {
				t.Fatal(err)
			}
			diffFiles = append(diffFiles, b)
		}
	})
	return diffFiles
}

// sameParse fails unless Parse and the reader it replaced (oldParse)
// agree on data: the same error, or equal files.
func sameParse(t *testing.T, what string, data []byte) (ok bool) {
	t.Helper()
	f1, err1 := Parse(data, bothGames)
	f2, err2 := oldParse(data, bothGames)
	switch {
	case err1 != nil || err2 != nil:
		if err1 == nil || err2 == nil || err1.Error() != err2.Error() || reflect.TypeOf(err1) != reflect.TypeOf(err2) {
			t.Fatalf("%s: Parse error %v, old reader's %v\n%s", what, err1, err2, data)
		}
		return false
	}
	// The bytes a file was read from are Parse's alone (for appending).
	f1.source = nil
	if !reflect.DeepEqual(f1, f2) {
		t.Fatalf("%s: Parse and the old reader read different files\n%s", what, data)
	}
	return true
}

// TestParseAsBefore holds the reader to the one it replaced, which went
// from nodes to values to JSON to the structs: on every test vector and
// played file, and on thousands of damaged copies of them, both give the
// same error (line, field and reason) or the same file.
func TestParseAsBefore(t *testing.T) {
	seeds := diffSeeds(t)
	for i, b := range seeds {
		sameParse(t, fmt.Sprintf("seed %d", i), b)
	}
	rounds := 4000
	if quick() {
		rounds = 1000
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for i := range rounds {
		b := damage(rnd, seeds[rnd.IntN(len(seeds))])
		if sameParse(t, fmt.Sprintf("damaged file %d", i), b) {
			accepted++
		}
	}
	t.Logf("%d damaged files, %d of them read", rounds, accepted)
}

// replacements are values put in place of a scalar by damage: every kind
// of node, and the odd ones the reader refuses.
var replacements = []string{
	"null", "~", "0", "1", "-1", "007", "1e3", "1.5", "0x1f", "true", "false", "yes", "x", `"3"`, "''",
	"[]", "[1, 2]", "{}", "{a: 1}", "&a x", "*a", "!!str x", "!foo x", "2026-11-22T10:00:00Z",
	"red", "blue", "nobody", "roll", "move", "join", "D4", "Z9", "N:D", "E:3", "\"\\t\"", "<<: {a: 1}",
	"ed25519:AAAA", strings.Repeat("a", 64), "{red: accept}", "{blue: maybe}", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
}

// damage changes one to three things in a file: a scalar replaced, a
// line dropped, doubled or moved, a key renamed, indentation changed, or a
// byte changed.
func damage(rnd *rand.Rand, data []byte) []byte {
	lines := strings.Split(string(data), "\n")
	for range 1 + rnd.IntN(3) {
		i := rnd.IntN(len(lines))
		l := lines[i]
		switch rnd.IntN(8) {
		case 0, 1, 2:
			// Replace what follows ": " or "- ".
			if j := strings.Index(l, ": "); j >= 0 {
				lines[i] = l[:j+2] + replacements[rnd.IntN(len(replacements))]
			} else if j := strings.Index(l, "- "); j >= 0 {
				lines[i] = l[:j+2] + replacements[rnd.IntN(len(replacements))]
			}
		case 3:
			lines = slices.Delete(lines, i, i+1)
		case 4:
			lines = slices.Insert(lines, i, l)
		case 5:
			if j := strings.Index(l, ":"); j > 0 {
				keys := []string{"n", "seat", "sig", "state", "kind", "colour", "key", "players", "cubes", "no_cube", "pool", "format", "history", "bogus", "Seat", "options", "red", "3"}
				k := strings.TrimLeft(l[:j], " -")
				lines[i] = strings.Replace(l, k+":", keys[rnd.IntN(len(keys))]+":", 1)
			}
		case 6:
			if rnd.IntN(2) == 0 {
				lines[i] = " " + l
			} else {
				lines[i] = strings.TrimPrefix(l, "  ")
			}
		case 7:
			if len(l) > 0 {
				b := []byte(l)
				const odd = "{}[],:#&*!|>'\"%@` -?x0\t"
				b[rnd.IntN(len(b))] = odd[rnd.IntN(len(odd))]
				lines[i] = string(b)
			}
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// TestParseAsBeforeDispute holds ParseDispute to the old reader too, on a
// real report and damaged copies of it.
func TestParseAsBeforeDispute(t *testing.T) {
	report := disputeReport(t)
	rnd := rand.New(rand.NewPCG(5, 6))
	check := func(what string, b []byte) {
		d1, err1 := ParseDispute(b, bothGames)
		d2, err2 := oldParseDispute(b, bothGames)
		switch {
		case err1 != nil || err2 != nil:
			if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
				t.Fatalf("%s: ParseDispute error %v, old reader's %v\n%s", what, err1, err2, b)
			}
		case !reflect.DeepEqual(d1, d2):
			t.Fatalf("%s: different reports", what)
		}
	}
	check("report", report)
	for i := range 1500 {
		check(fmt.Sprintf("damaged report %d", i), damage(rnd, report))
	}
}

// disputeReport is a real dispute report: one seat signed two successors.
func disputeReport(t *testing.T) []byte {
	t.Helper()
	g, signers := newPeerGame(t, fourSeats[:2], nil)
	playRandom(t, g, signers, 3, 4)
	fork := g.clone()
	fork.file = &File{Format: g.file.Format, Header: g.file.Header, History: slices.Clone(g.file.History), State: g.file.State, game: g.file.game}
	a := g.Acting()[0]
	if _, err := g.Move(a, g.Legal(a, signers[a])[:1], signers[a], testTime.Add(time.Hour), MoveOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := fork.Move(a, fork.Legal(a, signers[a])[:1], signers[a], testTime.Add(2*time.Hour), MoveOptions{}); err != nil {
		t.Fatal(err)
	}
	b, err := disputeOfCopies(t, g, fork).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("dispute/1")) {
		t.Fatal("not a report")
	}
	return b
}

// disputeOfCopies is the dispute report of two copies of a game that
// fork.
func disputeOfCopies(t testing.TB, a, b *Game) *Dispute {
	t.Helper()
	_, err := compareFiles(a.file, b.file)
	fe, ok := err.(*ForkError)
	if !ok {
		t.Fatalf("compare = %v, want a fork", err)
	}
	d, err := DisputeOf(fe)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// BenchmarkParseOld is the reader Parse replaced, on the finished game.
func BenchmarkParseOld(b *testing.B) {
	data := finishedGame(b)
	for b.Loop() {
		if _, err := oldParse(data, testGames); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse reads the finished game.
func BenchmarkParse(b *testing.B) {
	data := finishedGame(b)
	for b.Loop() {
		if _, err := Parse(data, testGames); err != nil {
			b.Fatal(err)
		}
	}
}
