package turnfile

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// readWays are the ways a Cache reads a file, and the file a read of
// each kind gets: the bytes of a peer game with some entries after the
// reading seat's snapshot (its key store's cache), and of a sandbox game
// read by a cache without a snapshot of it.
type readWay struct {
	name  string
	data  []byte
	cache *Cache
	// snapshot is set where the cache holds a snapshot of the file's
	// first entries.
	snapshot bool
}

func readWays(t *testing.T) []readWay {
	t.Helper()
	var out []readWay
	for _, spec := range []gameSpec{
		{rules: elasund.Rules{}, seats: fourSeats, seed: 5},
		{rules: seafarers.Rules{}, seats: seafarersSeats[:3], scenario: "fog-island", seed: 4},
	} {
		tb := newTable(t, spec)
		for range 12 {
			tb.move()
		}
		// The seat that moved longest ago has a snapshot furthest back.
		seat := tb.rememberedLongestAgo()
		out = append(out, readWay{name: spec.rules.Name() + " from a snapshot", data: tb.data, cache: tb.stores[seat].Cache(), snapshot: true})
		g, _ := newAnyGame(t, gameSpec{rules: spec.rules, seats: spec.seats, scenario: spec.scenario, sandbox: true})
		playAny(t, g, nil, 3, 12, nil)
		data, err := g.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		c, err := (*Cache)(nil).WithSandbox(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, readWay{name: spec.rules.Name() + " sandbox, no snapshot", data: data, cache: c})
	}
	return out
}

// rememberedLongestAgo is the seat whose key store remembered the game
// longest ago: its snapshot holds the fewest entries.
func (tb *table) rememberedLongestAgo() string {
	tb.t.Helper()
	f, err := Parse(tb.data, tb.games)
	if err != nil {
		tb.t.Fatal(err)
	}
	seen := map[string]bool{}
	seat := ""
	for i := len(f.History) - 1; i >= 0; i-- {
		if s := f.History[i].Seat; !seen[s] {
			seen[s], seat = true, s
		}
	}
	return seat
}

// TestStateByBytes (§2.5, §4.6): a Cache reading a file whose bytes are
// Marshal's, state block included, opens it while reading it, from its
// snapshot or from the start, instead of reading the state block; Open
// then returns that game, the game a full read and replay gives, and it
// is written again by appending. A file whose state block differs from
// the replayed state's, or does not read, or whose other bytes are not
// Marshal's (though they read as the same file), is read as Parse reads
// it: the same file and game, or the same error, from the same call.
func TestStateByBytes(t *testing.T) {
	for _, w := range readWays(t) {
		t.Run(w.name, func(t *testing.T) {
			f, err := w.cache.Parse(w.data, bothGames)
			if err != nil {
				t.Fatal(err)
			}
			if f.opened == nil || (f.cached != nil) != w.snapshot {
				t.Fatalf("§2.5: a file of Marshal's bytes read with the cache (from a snapshot: %v) was not opened by its state block's bytes (opened %v, from a snapshot %v)", w.snapshot, f.opened != nil, f.cached != nil)
			}
			g := sameOpen(t, "the file", w.data, w.cache, bothGames)
			if g == nil {
				t.Fatal("the file does not open")
			}
			if b, err := g.Marshal(); err != nil || !bytes.Equal(b, w.data) {
				t.Fatalf("§2.5: the game opened by its bytes writes other bytes (%v)", err)
			}
			for _, c := range stateBlockChanges(t, w.data) {
				if f, err := w.cache.Parse(c.data, bothGames); err == nil && f.opened != nil {
					t.Fatalf("%s: the file was opened by its state block's bytes", c.what)
				}
				g := sameOpen(t, c.what, c.data, w.cache, bothGames)
				if c.opens && g == nil {
					t.Fatalf("%s: the file does not open", c.what)
				}
				if g == nil {
					continue
				}
				b, err := g.Marshal()
				if want, werr := g.File().Marshal(); err != nil || werr != nil || !bytes.Equal(b, want) {
					t.Fatalf("%s: the game read does not write Marshal's bytes (%v, %v)", c.what, err, werr)
				}
			}
			sameErrors(t, w)
		})
	}
}

// changedFile is a file changed by stateBlockChanges; opens is set where
// it still opens.
type changedFile struct {
	what  string
	data  []byte
	opens bool
}

// stateBlockChanges are changes to a file: its state block changed to
// another state, to one that does not read, or after a second document;
// the file written otherwise but read the same.
func stateBlockChanges(t *testing.T, data []byte) []changedFile {
	t.Helper()
	at := stateStart(data)
	head, block := string(data[:at]), string(data[at:])
	turn := strings.Index(block, "\n  turn: ")
	if turn < 0 {
		t.Fatal("no turn in the state block")
	}
	lineEnd := turn + 1 + strings.Index(block[turn+1:], "\n")
	quoted := regexp.MustCompile(`at: "([^"]*)"`)
	first := quoted.FindStringIndex(head)
	if first == nil {
		t.Fatal("no time in the history")
	}
	single := head[:first[0]] + quoted.ReplaceAllString(head[first[0]:first[1]], "at: '$1'") + head[first[1]:]
	return []changedFile{
		{"the turn changed in the state block", []byte(head + block[:turn] + "\n  turn: 99" + block[lineEnd:]), false},
		{"the turn not a number", []byte(head + block[:turn] + "\n  turn: x" + block[lineEnd:]), false},
		{"a comment in the state block", []byte(head + block[:lineEnd] + " # the turn" + block[lineEnd:]), true},
		{"a second document before the state block", []byte(head + "...\n" + block), false},
		{"a comment before the state block", []byte(head + "# the state\n" + block), true},
		{"an entry's time in single quotes", []byte(single + block), true},
	}
}

// sameErrors: a file whose replay fails, or whose state block does not
// read as well, gives the error it gives without a cache, from Parse or
// from Open, whichever gave it before.
func sameErrors(t *testing.T, w readWay) {
	t.Helper()
	at := stateStart(w.data)
	// The last entry's events changed: the replay fails.
	bad := bytes.Clone(w.data)
	if i := bytes.LastIndex(bad[:at], []byte("\n    events:\n      - ")); i >= 0 {
		bad[i+len("\n    events:\n      - ")] ^= 1
	} else {
		t.Fatal("no events")
	}
	for _, c := range []struct {
		what string
		data []byte
	}{
		{"an event changed", bad},
		{"an event changed and the state unreadable", append(bytes.Clone(bad[:at]), "state: [\n"...)},
	} {
		_, perr := Parse(c.data, bothGames)
		f, err := w.cache.Parse(c.data, bothGames)
		if fmt.Sprint(err) != fmt.Sprint(perr) {
			t.Fatalf("%s: read with the cache: %v, without: %v", c.what, err, perr)
		}
		if err == nil {
			if f.opened != nil {
				t.Fatalf("%s: opened by the state block's bytes", c.what)
			}
			// A sandbox game whose history does not lead to its
			// state opens at its state (§4.4).
			g, oerr := Open(f)
			var ve *VerifyError
			if !errors.As(oerr, &ve) && (g == nil || g.Replayed()) {
				t.Fatalf("%s: Open = %v, want a verify error or a game not replayed", c.what, oerr)
			}
		}
		sameOpen(t, c.what, c.data, w.cache, bothGames)
	}
}
