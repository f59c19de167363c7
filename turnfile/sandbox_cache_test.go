package turnfile

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// sandboxSpecs are sandbox games of both games, with the edits a player
// makes in them now and then.
var sandboxSpecs = []struct {
	spec  gameSpec
	edits []string
}{
	{gameSpec{rules: elasund.Rules{}, seats: fourSeats, sandbox: true, options: map[string]string{"turn_limit": "12"}},
		[]string{"gold red 5", "gold blue 2"}},
	{gameSpec{rules: seafarers.Rules{}, seats: seafarersSeats, sandbox: true, scenario: "new-shores", seed: 1},
		[]string{"hand red 2 ore", "hand blue 1 wool"}},
}

// playSandbox plays n entries of g as a player plays a sandbox game: random
// moves, some with forced dice, and now and then an edit; after each
// entry, visit has the file's bytes.
func playSandbox(t *testing.T, g *Game, edits []string, seed uint64, n int, visit func(data []byte)) {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 3))
	at := testTime.Add(time.Hour)
	for i := 0; i < n && !g.Position().Over(); i++ {
		at = at.Add(time.Minute)
		if rnd.IntN(9) == 0 {
			es, err := g.game.ParseEdits(edits[rnd.IntN(len(edits))])
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Edit(es, at); err != nil {
				t.Fatalf("edit: %v", err)
			}
		} else {
			acting := g.Acting()
			seat := acting[rnd.IntN(len(acting))]
			move := randomMove(t, g, seat, nil, rnd)
			dice := &[2]int{1 + rnd.IntN(6), 1 + rnd.IntN(6)}
			if _, err := g.Move(seat, move, nil, at, MoveOptions{Dice: dice}); err != nil {
				if _, err := g.Move(seat, move, nil, at, MoveOptions{}); err != nil {
					t.Fatalf("Move(%s, %v): %v", seat, move, err)
				}
			}
		}
		data, err := g.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		visit(data)
	}
}

// sandboxCache is a cache of sandbox positions in a new directory.
func sandboxCache(t *testing.T) *Cache {
	t.Helper()
	c, err := (*Cache)(nil).WithSandbox(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSandboxCacheOpensAsReplay plays sandbox games of both games (with
// edits and forced dice) and reads every file they pass through with a
// cache of sandbox positions (§4.6): each read gives the game a full read
// and replay gives, and once the cache has a snapshot, most reads begin
// at it and replay at most keepEvery entries.
func TestSandboxCacheOpensAsReplay(t *testing.T) {
	entries := 70
	if quick() {
		entries = 30
	}
	for _, sc := range sandboxSpecs {
		t.Run(sc.spec.String(), func(t *testing.T) {
			c := sandboxCache(t)
			g, _ := newAnyGame(t, sc.spec)
			opens, cached := 0, 0
			playSandbox(t, g, sc.edits, 1, entries, func(data []byte) {
				got := sameOpen(t, fmt.Sprintf("entry %d", len(g.file.History)), data, c, bothGames)
				if got == nil {
					t.Fatalf("entry %d: the file does not open", len(g.file.History))
				}
				opens++
				if got.snap != nil {
					cached++
					if left := len(got.file.History) - len(got.snap.entries); left > keepEvery {
						t.Fatalf("entry %d: the read replayed %d entries past its snapshot, want at most %d", len(g.file.History), left, keepEvery)
					}
				}
			})
			if cached*2 < opens {
				t.Fatalf("%d of %d opens began at a snapshot", cached, opens)
			}
			t.Logf("%d opens, %d from a snapshot", opens, cached)
		})
	}
}

// sandboxFixture is a sandbox game read once through a cache, which then
// holds a snapshot of its position.
func sandboxFixture(t *testing.T, i int) (c *Cache, data []byte, g *Game) {
	t.Helper()
	sc := sandboxSpecs[i]
	c = sandboxCache(t)
	g, _ = newAnyGame(t, sc.spec)
	playSandbox(t, g, sc.edits, 2, 30, func(b []byte) { data = b })
	if sameOpen(t, "the file", data, c, bothGames) == nil {
		t.Fatal("the file does not open")
	}
	if got := sameOpen(t, "the file again", data, c, bothGames); got == nil || got.snap == nil {
		t.Fatal("the file read again does not begin at the snapshot its first read kept")
	}
	return c, data, g
}

// TestSandboxCacheEditedByHand: a sandbox file may be edited by hand
// (§4.4). Whatever is changed (the stored state, to a consistent position
// or not; an entry before or after the snapshot's last), a read with the
// cache finds what a full read finds: the same game, with the same note
// that the state was edited, or the same error.
func TestSandboxCacheEditedByHand(t *testing.T) {
	for i := range sandboxSpecs {
		t.Run(sandboxSpecs[i].spec.String(), func(t *testing.T) {
			c, data, g := sandboxFixture(t, i)
			stateAt := bytes.LastIndex(data, []byte("\nstate:\n")) + 1
			n := len(g.file.History)
			firstStart, firstEnd := entryLines(t, data, 2)
			lastStart, lastEnd := entryLines(t, data, n)
			changes := map[string][]byte{
				"state turn":       replaceAfter(data, stateAt, "\n  turn: ", "\n  turn: 9"),
				"state gone":       data[:stateAt],
				"early action":     replaceIn(data, firstStart, firstEnd, "    actions:\n      - ", "    actions:\n      - end\n      - "),
				"late events":      replaceEvents(data, lastStart, lastEnd, "    events:\n      - nothing\n"),
				"last dropped":     append(data[:lastStart:lastStart], data[lastEnd:]...),
				"early dropped":    append(data[:firstStart:firstStart], data[firstEnd:]...),
				"late state hash":  replaceIn(data, lastStart, lastEnd, "    state: ", "    state: 0"),
				"truncated":        data[:len(data)*2/3],
				"cut in the state": data[:stateAt+(len(data)-stateAt)/2],
				"entries swapped":  swapEntries(t, data, 2),
			}
			for name, b := range changes {
				if bytes.Equal(b, data) {
					t.Fatalf("%s: changed nothing", name)
				}
				g := sameOpen(t, name, b, c, bothGames)
				if g != nil && g.replayed && name != "early action" {
					t.Errorf("%s: opens as if nothing had changed", name)
				}
			}
		})
	}
}

// swapEntries exchanges the lines of entries i and i+1 of data, numbers
// and all.
func swapEntries(t *testing.T, data []byte, i int) []byte {
	t.Helper()
	aStart, aEnd := entryLines(t, data, i)
	_, bEnd := entryLines(t, data, i+1)
	out := bytes.Clone(data[:aStart])
	out = append(out, data[aEnd:bEnd]...)
	out = append(out, data[aStart:aEnd]...)
	return append(out, data[bEnd:]...)
}

// TestSandboxCacheSwappedFile: the file at a path the cache has seen is
// replaced by another game with the same header (another line of play
// from the same set-up) or by an earlier copy of the same game. Each
// opens exactly as a full read opens it, and the other game not from the
// first's snapshot.
func TestSandboxCacheSwappedFile(t *testing.T) {
	for i := range sandboxSpecs {
		t.Run(sandboxSpecs[i].spec.String(), func(t *testing.T) {
			c, data, _ := sandboxFixture(t, i)
			g, _ := newAnyGame(t, sandboxSpecs[i].spec)
			var other, earlier []byte
			playSandbox(t, g, sandboxSpecs[i].edits, 5, 30, func(b []byte) { other = b })
			if !bytes.Equal(data[:bytes.Index(data, []byte("\nhistory:"))], other[:bytes.Index(other, []byte("\nhistory:"))]) {
				t.Fatal("the other game has another header")
			}
			if got := sameOpen(t, "another game", other, c, bothGames); got != nil && got.snap != nil {
				if n := len(got.snap.entries); n > len(got.file.History) || !sameEntries(got.file.History[:n], got.snap.entries) {
					t.Fatal("another game opened from a snapshot it does not continue")
				}
			}
			g2, _ := newAnyGame(t, sandboxSpecs[i].spec)
			playSandbox(t, g2, sandboxSpecs[i].edits, 2, 12, func(b []byte) { earlier = b })
			if !bytes.HasPrefix(data, earlier[:bytes.LastIndex(earlier, []byte("\nstate:\n"))]) {
				t.Fatal("the earlier copy is not where the game was 12 entries in")
			}
			sameOpen(t, "an earlier copy", earlier, c, bothGames)
			sameOpen(t, "the file again", data, c, bothGames)
		})
	}
}

// replaceAfter replaces the first old after position at in data.
func replaceAfter(data []byte, at int, old, new string) []byte {
	return append(bytes.Clone(data[:at]), bytes.Replace(data[at:], []byte(old), []byte(new), 1)...)
}

// replaceEvents replaces the events of the entry at data[start:end].
func replaceEvents(data []byte, start, end int, events string) []byte {
	entry := data[start:end]
	from := bytes.Index(entry, []byte("    events:"))
	to := bytes.Index(entry, []byte("    state: "))
	if from < 0 || to < from {
		return data
	}
	out := bytes.Clone(data[:start+from])
	out = append(out, events...)
	return append(out, data[start+to:]...)
}

// replaceIn replaces the first old in data[start:end].
func replaceIn(data []byte, start, end int, old, new string) []byte {
	out := bytes.Clone(data[:start])
	out = append(out, bytes.Replace(data[start:end], []byte(old), []byte(new), 1)...)
	return append(out, data[end:]...)
}

// TestSandboxCacheTrustsOnlyItsOwn: a snapshot made under another cache's
// key (another player's, or one written by anyone who cannot read this
// cache's key) is not used, and a key file others may read makes no
// cache at all.
func TestSandboxCacheTrustsOnlyItsOwn(t *testing.T) {
	c, data, _ := sandboxFixture(t, 0)
	dir := c.shelves[0].dir
	other := sandboxCache(t)
	if got := sameOpen(t, "another cache", data, other, bothGames); got == nil || got.snap != nil {
		t.Fatal("another cache opens the file from a snapshot it does not hold")
	}
	// Move the other cache's snapshot into this cache's directory.
	names, _ := filepath.Glob(filepath.Join(other.shelves[0].dir, "*"+snapshotExt))
	if len(names) != 1 {
		t.Fatalf("the other cache holds %d snapshots, want 1", len(names))
	}
	snap, _ := os.ReadFile(names[0])
	mine, _ := filepath.Glob(filepath.Join(dir, "*"+snapshotExt))
	if len(mine) != 1 {
		t.Fatalf("the cache holds %d snapshots, want 1", len(mine))
	}
	os.WriteFile(mine[0], snap, 0o600)
	if got := sameOpen(t, "a foreign snapshot", data, c, bothGames); got == nil || got.snap != nil {
		t.Fatal("a snapshot under another key was used")
	}
	os.Chmod(filepath.Join(dir, SandboxKeyFile), 0o644)
	if _, err := (*Cache)(nil).WithSandbox(dir); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("WithSandbox with a key others may read = %v, want the mode refused", err)
	}
}
