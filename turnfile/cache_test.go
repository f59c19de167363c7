package turnfile

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// table is a game played the way players play it: the file's bytes go
// from player to player, and each reads them with its key store's cache,
// checks them against what it saw (Check), moves, writes and remembers
// the file (Remember), as elasund move does.
type table struct {
	t     testing.TB
	games *engine.Registry
	// stores holds each seat's key store.
	stores map[string]*KeyStore
	data   []byte
	rnd    *rand.Rand
	at     time.Time
	// cached counts the opens that began at a snapshot.
	cached, opens int
}

// newTable makes a peer game of spec whose seats each have a key store,
// and joins them.
func newTable(t testing.TB, spec gameSpec) *table {
	t.Helper()
	tb := &table{t: t, games: bothGames, stores: map[string]*KeyStore{}, rnd: rand.New(rand.NewPCG(uint64(spec.seed), 41)), at: testTime}
	o := NewOptions{Rules: spec.rules, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: spec.seats, Options: spec.options, Choices: map[string]string{"scenario": spec.scenario}, Rand: newDetReader(byte(9 + spec.seed))}
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	src := newDetReader(byte(17 + spec.seed))
	dir := t.TempDir()
	for _, s := range spec.seats {
		ks, err := CreateKeyStore(filepath.Join(dir, s.Colour), s.Name, "", src)
		if err != nil {
			t.Fatal(err)
		}
		tb.stores[s.Colour] = ks
	}
	for _, s := range spec.seats {
		ks := tb.stores[s.Colour]
		secret, err := ks.NewSecret(g, s.Colour, src)
		if err != nil {
			t.Fatal(err)
		}
		signer := &Signer{Key: ks.Private, Secret: secret, Guard: ks.guard(g)}
		tb.at = tb.at.Add(time.Minute)
		if _, err := g.Join(s.Colour, signer, tb.at); err != nil {
			t.Fatal(err)
		}
		if tb.data, err = g.Marshal(); err != nil {
			t.Fatal(err)
		}
		if err := ks.Remember(g); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// open reads the table's file as seat's player does, with its cache, and
// checks that reading it without the cache gives the same game.
func (tb *table) open(seat string) *Game {
	tb.t.Helper()
	ks := tb.stores[seat]
	g := sameOpen(tb.t, "the table's file", tb.data, ks.Cache(), tb.games)
	if g == nil {
		tb.t.Fatal("the table's file does not open")
	}
	tb.opens++
	if g.snap != nil {
		tb.cached++
	}
	if err := ks.Check(g); err != nil {
		tb.t.Fatalf("Check: %v", err)
	}
	return g
}

// move makes a random move for a seat that can act, as elasund move does
// with its key store, and passes the file on.
func (tb *table) move() *Game {
	tb.t.Helper()
	// Anyone may read it first: each opens it with its own cache.
	for seat := range tb.stores {
		tb.open(seat)
		break
	}
	probe := tb.open(tb.anySeat())
	acting := probe.Acting()
	seat := acting[tb.rnd.IntN(len(acting))]
	g := tb.play(seat)
	ks := tb.stores[seat]
	data, err := g.Marshal()
	if err != nil {
		tb.t.Fatal(err)
	}
	if want, _ := g.File().Marshal(); !bytes.Equal(data, want) {
		tb.t.Fatalf("entry %d: the bytes written are not Marshal's", len(g.File().History))
	}
	if err := ks.Remember(g); err != nil {
		tb.t.Fatal(err)
	}
	tb.data = data
	return g
}

// play opens seat's copy with its cache and makes a random legal move
// for it there, signed by its key store; nothing is written or remembered.
func (tb *table) play(seat string) *Game {
	tb.t.Helper()
	g := tb.open(seat)
	signer, err := tb.stores[seat].Signer(g, seat)
	if err != nil {
		tb.t.Fatal(err)
	}
	move := randomMove(tb.t, g, seat, signer, tb.rnd)
	tb.at = tb.at.Add(time.Minute)
	if _, err := g.Move(seat, move, signer, tb.at, MoveOptions{}); err != nil {
		tb.t.Fatalf("Move(%s, %v): %v", seat, move, err)
	}
	return g
}

func (tb *table) anySeat() string {
	seats := make([]string, 0, len(tb.stores))
	for s := range tb.stores {
		seats = append(seats, s)
	}
	slices.Sort(seats)
	return seats[tb.rnd.IntN(len(seats))]
}

// randomMove plans one to four random actions of seat, as a player would.
func randomMove(t testing.TB, g *Game, seat string, signer *Signer, rnd *rand.Rand) []engine.Action {
	t.Helper()
	src := g.Source(seat, signer)
	scratch := g.Position().Clone()
	var move []engine.Action
	for len(move) < 1+rnd.IntN(4) && slices.Contains(scratch.Awaited(), seat) && !scratch.Over() {
		var choice []engine.Action
		for _, a := range scratch.Legal(seat, src.Clone()) {
			if a.Class() != engine.ClassOrders {
				choice = append(choice, a)
			}
		}
		if len(choice) == 0 {
			break
		}
		a := choice[rnd.IntN(len(choice))]
		if _, err := scratch.Apply(seat, []engine.Action{a}, src); err != nil {
			t.Fatalf("planning %s: %v", a, err)
		}
		move = append(move, a)
	}
	if len(move) == 0 {
		t.Fatalf("no action for %s", seat)
	}
	return move
}

// sameOpen reads and opens data with the cache and without it, and fails
// unless both give the same error or the same game; it returns the game
// read with the cache, or nil.
func sameOpen(t testing.TB, what string, data []byte, c *Cache, games *engine.Registry) *Game {
	t.Helper()
	open := func(c *Cache) (*Game, error) {
		f, err := c.Parse(data, games)
		if err != nil {
			return nil, err
		}
		return Open(f)
	}
	g1, err1 := open(c)
	g2, err2 := open(nil)
	if err1 != nil || err2 != nil {
		if err1 == nil || err2 == nil || err1.Error() != err2.Error() || reflect.TypeOf(err1) != reflect.TypeOf(err2) {
			t.Fatalf("%s: with the cache %v, without %v", what, err1, err2)
		}
		return nil
	}
	if d := gameDiff(g1, g2); d != "" {
		t.Fatalf("%s: the game opened with the cache differs: %s", what, d)
	}
	return g1
}

// gameDiff names what differs between two games, or is empty.
func gameDiff(a, b *Game) string {
	fa, fb := a.file, b.file
	switch {
	case fa.Format != fb.Format || !reflect.DeepEqual(fa.Header, fb.Header):
		return "header"
	case !reflect.DeepEqual(fa.History, fb.History):
		return "history"
	case !reflect.DeepEqual(fa.State, fb.State):
		return "stored state"
	case a.prev != b.prev || a.header != b.header:
		return "hashes"
	case !reflect.DeepEqual(a.seats, b.seats) || !bytes.Equal(a.lastReveal, b.lastReveal) || a.turnChains != b.turnChains:
		return "chain positions"
	case !maps.Equal(positive(a.ordersIn), positive(b.ordersIn)):
		return "orders entries this turn"
	case !reflect.DeepEqual(a.steps, b.steps):
		return "steps"
	case a.rngTurn != b.rngTurn || (a.rng == nil) != (b.rng == nil) || a.rng != nil && (a.rng.seed != b.rng.seed || !slices.Equal(a.rng.streams, b.rng.streams)):
		return "random source"
	case a.replayed != b.replayed || a.note != b.note:
		return "replayed"
	case !reflect.DeepEqual(a.eng.State(), b.eng.State()):
		return "position"
	}
	return ""
}

func tableSpecs(short bool) []gameSpec {
	out := []gameSpec{
		{rules: elasund.Rules{}, seats: fourSeats, options: map[string]string{"turn_limit": "10"}, seed: 1},
		{rules: elasund.Rules{}, seats: fourSeats[:2], seed: 2},
		{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "new-shores", seed: 3},
		{rules: seafarers.Rules{}, seats: seafarersSeats[:3], scenario: "fog-island", seed: 4},
	}
	if short {
		return out[1:3]
	}
	return out
}

// TestCacheOpensAsReplay plays games of both games through players' key
// stores: every read with a cache gives the game a full read and replay
// gives, and most begin at a snapshot.
func TestCacheOpensAsReplay(t *testing.T) {
	entries := 60
	if quick() {
		entries = 20
	}
	for _, spec := range tableSpecs(quick()) {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			tb := newTable(t, spec)
			for i := 0; i < entries; i++ {
				if g := tb.move(); g.Position().Over() {
					break
				}
			}
			if tb.cached*2 < tb.opens {
				t.Fatalf("%d of %d opens began at a snapshot", tb.cached, tb.opens)
			}
			t.Logf("%d opens, %d from a snapshot", tb.opens, tb.cached)
		})
	}
}

// cacheFixture is a table after some moves, and the seat whose cache is
// tested, with a snapshot some entries behind the file.
type cacheFixture struct {
	tb   *table
	seat string
	ks   *KeyStore
	// snapN is the number of entries the seat's snapshot holds.
	snapN int
}

func newCacheFixture(t *testing.T) *cacheFixture {
	t.Helper()
	tb := newTable(t, gameSpec{rules: elasund.Rules{}, seats: fourSeats, seed: 5})
	for range 30 {
		tb.move()
	}
	// The seat that moved least recently has a snapshot furthest back.
	f, err := Parse(tb.data, tb.games)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	seat := ""
	for i := len(f.History) - 1; i >= 0; i-- {
		if s := f.History[i].Seat; !seen[s] {
			seen[s], seat = true, s
		}
	}
	fx := &cacheFixture{tb: tb, seat: seat, ks: tb.stores[seat]}
	g := tb.open(seat)
	if g.snap == nil {
		t.Fatal("the fixture's file does not open from a snapshot")
	}
	fx.snapN = len(g.snap.entries)
	if fx.snapN >= len(f.History)-1 {
		t.Fatalf("the snapshot holds %d of %d entries: want some after it", fx.snapN, len(f.History))
	}
	return fx
}

// check opens data as the fixture's seat with its cache, and requires
// the outcome a full read gives; it returns whether the cache was used
// and the game opened (nil for an error).
func (fx *cacheFixture) check(t *testing.T, what string, data []byte) *Game {
	t.Helper()
	g := sameOpen(t, what, data, fx.ks.Cache(), fx.tb.games)
	if g == nil {
		return nil
	}
	// Check gives what it gives without a snapshot.
	err1 := fx.ks.Check(g)
	g2, _ := Open(mustParse(t, data, fx.tb.games))
	err2 := fx.ks.Check(g2)
	if fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Fatalf("%s: Check with the cache %v, without %v", what, err1, err2)
	}
	return g
}

func mustParse(t *testing.T, data []byte, games *engine.Registry) *File {
	t.Helper()
	f, err := Parse(data, games)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// entryLines returns the byte range of entry n's lines in data.
func entryLines(t *testing.T, data []byte, n int) (int, int) {
	t.Helper()
	start := bytes.Index(data, []byte(fmt.Sprintf("\n  - n: %d\n", n)))
	if start < 0 {
		t.Fatalf("no entry %d", n)
	}
	start++
	end := bytes.Index(data[start+1:], []byte("\n  - n: "))
	if end < 0 {
		end = bytes.Index(data[start:], []byte("\nstate:"))
	} else {
		end++
	}
	return start, start + end + 1
}

// TestCacheTamperAfterPrefix changes entries after the snapshot's: each
// changed file is refused with the error a full replay gives, never
// accepted.
func TestCacheTamperAfterPrefix(t *testing.T) {
	fx := newCacheFixture(t)
	good := fx.tb.data
	if g := fx.check(t, "the good file", good); g == nil || g.snap == nil {
		t.Fatal("the good file does not open from the snapshot")
	}
	n := fx.snapN + 1
	start, end := entryLines(t, good, n)
	entry := string(good[start:end])
	changes := map[string]func(string) string{
		"sig":    func(s string) string { return replaceField(s, "sig", "AAAA"+fieldOf(s, "sig")[4:]) },
		"reveal": func(s string) string { return replaceField(s, "reveal", strings.Repeat("ab", 32)) },
		"prev":   func(s string) string { return replaceField(s, "prev", strings.Repeat("0", 64)) },
		"state":  func(s string) string { return replaceField(s, "state", strings.Repeat("1", 64)) },
		"at":     func(s string) string { return replaceField(s, "at", `"2031-01-01T00:00:00Z"`) },
		"kind":   func(s string) string { return replaceField(s, "kind", "orders") },
		"seat":   func(s string) string { return replaceField(s, "seat", "nobody") },
		"events": func(s string) string {
			return strings.Replace(s, "    events:\n", "    events:\n      - nothing happened\n", 1)
		},
		"actions": func(s string) string { return strings.Replace(s, "    actions:\n", "    actions:\n      - end\n", 1) },
		"number":  func(s string) string { return replaceField(s, "n", "99") },
		"dropped": func(string) string { return "" },
		"doubled": func(s string) string { return s + s },
		"indent":  func(s string) string { return strings.Replace(s, "  - n:", "- n:", 1) },
		"alias":   func(s string) string { return replaceField(s, "seat", "*x") },
		"tag":     func(s string) string { return replaceField(s, "seat", "!!str red") },
	}
	for name, change := range changes {
		changed := string(good[:start]) + change(entry) + string(good[end:])
		if changed == string(good) {
			t.Fatalf("%s: changed nothing", name)
		}
		if g := fx.check(t, "entry "+name+" changed", []byte(changed)); g != nil {
			t.Fatalf("entry %d with its %s changed opens", n, name)
		}
	}
	// The stored state changed, or the file cut short.
	stateAt := bytes.LastIndex(good, []byte("\nstate:\n")) + 1
	for name, b := range map[string][]byte{
		"state gold": bytes.Replace(good, []byte("    gold: "), []byte("    gold: 1"), 1),
		"state cut":  good[:stateAt+20],
		"no state":   good[:stateAt],
		"extra key":  append(slices.Clone(good), "format: elasund/1\n"...),
		"second doc": append(slices.Clone(good), "---\nx: 1\n"...),
		"junk":       append(slices.Clone(good), "\t\x00"...),
		"cut entry":  good[:end-10],
	} {
		if g := fx.check(t, name, b); g != nil {
			t.Fatalf("%s: opens", name)
		}
	}
}

func fieldOf(entry, name string) string {
	for _, l := range strings.Split(entry, "\n") {
		if v, ok := strings.CutPrefix(l, "    "+name+": "); ok {
			return v
		}
	}
	return ""
}

func replaceField(entry, name, value string) string {
	old := "    " + name + ": " + fieldOf(entry, name)
	if fieldOf(entry, name) == "" {
		old = "  - " + name + ": " + strings.TrimPrefix(strings.SplitN(entry, "\n", 2)[0], "  - "+name+": ")
		return strings.Replace(entry, old, "  - "+name+": "+value, 1)
	}
	return strings.Replace(entry, old, "    "+name+": "+value, 1)
}

// TestCacheForkAfterPrefix: a file that shares the snapshot's entries and
// goes on differently (another successor of an entry after them, signed
// by its seat) opens from the snapshot as a full read opens it; for the
// seat that signed both, Check finds the fork, snapshot or not.
func TestCacheForkAfterPrefix(t *testing.T) {
	fx := newCacheFixture(t)
	f := mustParse(t, fx.tb.data, fx.tb.games)
	m := fx.snapN + 2
	back := &File{Format: f.Format, Header: f.Header, History: slices.Clone(f.History[:m-1]), game: f.game}
	back.State = replayedState(t, back)
	gb, err := Open(back)
	if err != nil {
		t.Fatal(err)
	}
	cheat := f.History[m-1].Seat
	ks := fx.tb.stores[cheat]
	signer, err := ks.Signer(gb, cheat)
	if err != nil {
		t.Fatal(err)
	}
	signer.Guard = nil // the cheat: a second successor of entry m-1
	move := randomMove(t, gb, cheat, signer, rand.New(rand.NewPCG(9, 9)))
	if _, err := gb.Move(cheat, move, signer, testTime.Add(999*time.Hour), MoveOptions{}); err != nil {
		t.Fatal(err)
	}
	forked, err := gb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	g := fx.check(t, "the forked file", forked)
	if g == nil || g.snap == nil {
		t.Fatal("the forked file does not open from the snapshot")
	}
	if err := fx.ks.Check(g); err != nil {
		t.Fatalf("Check for a seat that saw neither successor: %v", err)
	}
	cheater := &cacheFixture{tb: fx.tb, seat: cheat, ks: ks}
	gc := cheater.check(t, "the forked file, read by the seat that signed both", forked)
	if gc == nil {
		t.Fatal("the forked file does not open")
	}
	var fe *ForkError
	if err := ks.Check(gc); !errorsAs(err, &fe) || fe.Entry != m {
		t.Fatalf("Check = %v, want a fork at entry %d", err, m)
	}
}

func replayedState(t *testing.T, f *File) engine.State {
	t.Helper()
	g, err := replayHistory(f)
	if err != nil {
		t.Fatal(err)
	}
	return g.eng.State()
}

func errorsAs(err error, fe **ForkError) bool {
	e, ok := err.(*ForkError)
	if ok {
		*fe = e
	}
	return ok
}

// TestCacheTamperSnapshot: a snapshot that fails its integrity check is
// ignored; one that passes it but does not fit the entries it names (a
// forged one) is not used; either way the file opens as a full read
// opens it.
func TestCacheTamperSnapshot(t *testing.T) {
	fx := newCacheFixture(t)
	g, err := Open(mustParse(t, fx.tb.data, fx.tb.games))
	if err != nil {
		t.Fatal(err)
	}
	path := fx.ks.snapshotPath(g)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	key := fx.ks.shelf().key
	s, err := decodeSnapshot(good, key)
	if err != nil {
		t.Fatal(err)
	}
	write := func(b []byte) {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Damaged bytes: every 97th byte flipped in turn, and cut short.
	for i := 0; i < len(good); i += 97 {
		b := slices.Clone(good)
		b[i] ^= 0x20
		write(b)
		if g := fx.check(t, fmt.Sprintf("snapshot byte %d flipped", i), fx.tb.data); g == nil || g.snap != nil {
			t.Fatalf("snapshot byte %d flipped: the snapshot is used (or the file does not open)", i)
		}
	}
	write(good[:len(good)/2])
	if g := fx.check(t, "snapshot cut", fx.tb.data); g == nil || g.snap != nil {
		t.Fatal("a cut snapshot is used")
	}
	// Changed snapshots sealed with another key (another player's, or
	// none): not trusted, whatever they say.
	other := sha256.Sum256([]byte("not the player's key"))
	seal := func(name string, key []byte, change func(s *snapshot)) *Game {
		c := *s
		c.entries = slices.Clone(s.entries)
		c.steps = slices.Clone(s.steps)
		if s.rng != nil {
			c.rng = s.rng.Clone()
		}
		change(&c)
		b, err := c.encode(key)
		if err != nil {
			t.Fatal(err)
		}
		write(b)
		g := fx.check(t, name, fx.tb.data)
		if g == nil {
			t.Fatalf("%s: the file does not open", name)
		}
		return g
	}
	changes := map[string]func(c *snapshot){
		"nothing":     func(*snapshot) {},
		"state":       func(c *snapshot) { c.state = bytes.Replace(c.state, []byte(`"gold":`), []byte(`"gold":1`), 1) },
		"last hash":   func(c *snapshot) { c.last[0] ^= 1 },
		"header hash": func(c *snapshot) { c.headerHash[0] ^= 1 },
		"entry":       func(c *snapshot) { c.entries[3].At = "2031-01-01T00:00:00Z" },
		"random source": func(c *snapshot) {
			if c.rng == nil || len(c.rng.streams) == 0 {
				t.Fatal("the snapshot has no stream")
			}
			for i := range c.rng.streams {
				c.rng.streams[i].counter += 5
				c.rng.streams[i].next = 4
			}
		},
	}
	for name, change := range changes {
		if g := seal("snapshot sealed with another key, "+name+" changed", other[:], change); g.snap != nil {
			t.Fatalf("a snapshot sealed with another key (%s changed) is used", name)
		}
	}
	// Sealed with the player's key (as only its own program can), the
	// changes the snapshot is checked against are still caught: its
	// state must hash to what its last entry names, its last entry to
	// its key, its header to its header hash.
	for _, name := range []string{"state", "last hash", "header hash"} {
		if g := seal("snapshot with its "+name+" changed", key, changes[name]); g.snap != nil {
			t.Fatalf("a snapshot with its %s changed is used", name)
		}
	}
	// A wrong random source makes the replay of an entry that draws from
	// it differ, and the file is replayed in full; if no entry after the
	// snapshot's draws from it, the game is the same (fx.check compares
	// it with a full replay either way).
	seal("snapshot with its random source changed", key, changes["random source"])
	write(good)
	if g := fx.check(t, "the good snapshot again", fx.tb.data); g == nil || g.snap == nil {
		t.Fatal("the good snapshot is not used")
	}
}

// TestCacheTamperCopy: the copy the key store keeps changed, or replaced
// by another: the snapshot no longer describes it, so Check reads it as
// it would without a snapshot, and Remember keeps going.
func TestCacheTamperCopy(t *testing.T) {
	fx := newCacheFixture(t)
	g, err := Open(mustParse(t, fx.tb.data, fx.tb.games))
	if err != nil {
		t.Fatal(err)
	}
	path := fx.ks.copyPath(g)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"a byte changed": bytes.Replace(good, []byte("kind: move"), []byte("kind: mova"), 1),
		"an entry less":  good[:bytes.LastIndex(good, []byte("\n  - n: "))+1],
		"the newer file": fx.tb.data,
		"empty":          {},
	} {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		gc := fx.check(t, "copy "+name, fx.tb.data)
		if gc == nil {
			t.Fatalf("copy %s: the file does not open", name)
		}
		if sha256.Sum256(b) != gc.snap.whole {
			// Check read the copy: a bad copy is an error, as before.
			if err := fx.ks.Check(gc); name == "a byte changed" && err == nil {
				t.Fatalf("copy %s: Check passes", name)
			}
		}
	}
}

// quick reports whether the randomized property tests play their short
// sample: always but in the soak run (ELASUND_SOAK set, make soak), and
// with -short.
func quick() bool { return testing.Short() || os.Getenv("ELASUND_SOAK") == "" }

// positive is m without its zero counts.
func positive(m map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		if v > 0 {
			out[k] = v
		}
	}
	return out
}

// TestCacheAcrossParallelEntry: a copy with a parallel entry (§2.6) is
// remembered with a snapshot whose entries keep the parts, and a later
// copy opens from that snapshot exactly as a full read opens it.
func TestCacheAcrossParallelEntry(t *testing.T) {
	tb := newTable(t, gameSpec{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "base", seed: 5})
	g, seats := tb.mergedParallel()
	tb.data = mustMarshal(t, g)
	n := len(g.File().History)
	for _, ks := range tb.stores {
		if err := ks.Remember(mustOpen(t, tb.data)); err != nil {
			t.Fatal(err)
		}
	}
	tb.move()
	got := tb.open(seats[0])
	if got.snap == nil || len(got.snap.entries) < n {
		t.Fatal("§4.6: the copy after the parallel entry does not open from a snapshot holding it")
	}
	if e := got.snap.entries[n-1]; e.Kind != EntryParallel || len(e.Parts) != len(seats) {
		t.Fatalf("§2.6: the snapshot's entry %d is %s with %d parts, want the parallel entry of %d", n, e.Kind, len(e.Parts), len(seats))
	}
}
