package turnfile

import (
	"crypto/ed25519"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine/elasund"
)

// These tests play a cheating player against an honest one who uses a key
// store (docs/turnfile.md §9). Each attack worked on the format before the
// key store kept records of what it signed and saw; each must fail now.

// honest is a player with a key store in its own directory.
type honest struct {
	t  *testing.T
	ks *KeyStore
}

func newHonest(t *testing.T, name string, seed byte) *honest {
	t.Helper()
	ks, err := CreateKeyStore(filepath.Join(t.TempDir(), name), name, "", newDetReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	return &honest{t: t, ks: ks}
}

// twoJoined returns a new two-seat Elasund game that red and blue have
// joined, in that order.
func twoJoined(t *testing.T, red, blue *honest) *Game {
	t.Helper()
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	if err := red.join(g, "red", 1); err != nil {
		t.Fatal(err)
	}
	if err := blue.join(g, "blue", 2); err != nil {
		t.Fatal(err)
	}
	return g
}

// join joins seat of g with a secret drawn by the key store, as
// `elasund join` does.
func (h *honest) join(g *Game, seat string, rnd byte) error {
	h.t.Helper()
	secret, err := h.ks.NewSecret(g, seat, newDetReader(rnd))
	if err != nil {
		return err
	}
	s := &Signer{Key: h.ks.Private, Secret: secret, Guard: h.ks.guard(g)}
	if _, err := g.Join(seat, s, testTime); err != nil {
		return err
	}
	return h.ks.Remember(g)
}

// move checks a copy against what h has seen, moves, and remembers the
// result, as `elasund move` does.
func (h *honest) move(g *Game, seat string, text string) error {
	h.t.Helper()
	if err := h.ks.Check(g); err != nil {
		return err
	}
	s, err := h.ks.Signer(g, seat)
	if err != nil {
		return err
	}
	m, err := elasund.Rules{}.ParseMove(text)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := g.Move(seat, m, s, testTime, MoveOptions{}); err != nil {
		return err
	}
	return h.ks.Remember(g)
}

// reopen is g's file as another player receives it: written, read and
// verified.
func reopen(t *testing.T, g *Game) *Game {
	t.Helper()
	data, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(data, testGames)
	if err != nil {
		t.Fatal(err)
	}
	o, err := Open(f)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// cheater is a seat whose software signs whatever it is told: no guard.
func cheater(t *testing.T) *Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(newDetReader(91))
	if err != nil {
		t.Fatal(err)
	}
	var secret Hash
	newDetReader(92).Read(secret[:])
	return &Signer{Key: priv, Secret: secret}
}

// Attack 1: the creator reuses the id of an old game in which the victim
// played blue; the victim's join must not publish the old commitment, whose
// reveals the creator has seen.
func TestAttackReusedGameID(t *testing.T) {
	victim := newHonest(t, "victim", 1)
	red := cheater(t)
	mk := func(created time.Time) *Game {
		g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: created, Seats: fourSeats[:2]})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Join("red", red, testTime); err != nil {
			t.Fatal(err)
		}
		return g
	}
	old := mk(testTime)
	if err := victim.join(old, "blue", 5); err != nil {
		t.Fatal(err)
	}
	oldCommit := old.File().Header.SeatOf("blue").Commit

	// The same id, another header (a later creation time): another game.
	copycat := mk(testTime.Add(time.Hour))
	if err := victim.join(copycat, "blue", 6); err != nil {
		t.Fatal(err)
	}
	if got := copycat.File().Header.SeatOf("blue").Commit; got == oldCommit {
		t.Fatalf("blue joined the copycat game with the old game's commitment %s: its old reveals predict its rolls", got)
	}
	if len(victim.ks.Seats(old)) != 1 || len(victim.ks.Seats(copycat)) != 1 {
		t.Fatalf("the key store does not keep the two games' secrets apart")
	}

	// The same header exactly is the same game: the victim has already
	// joined it (its record says so) and refuses to sign another join
	// on a different predecessor.
	twin := mk(testTime)
	err := victim.join(twin, "blue", 7)
	if err == nil && twin.File().Header.SeatOf("blue").Commit != oldCommit {
		t.Fatalf("a fresh commitment for a game already joined")
	}
}

// Attack 2: red ends a turn (F1), blue plays on it (F2) and so reveals its
// next chain value; red makes another successor F1' of the same entry and
// sends it. Blue must refuse to play on F1'. (In format 1, where every
// entry reveals the seat's next value; format 2: TestTakeBackChangesNoDice.)
func TestAttackTakeBack(t *testing.T) {
	blue := newHonest(t, "blue", 2)
	red := cheater(t)
	g, err := New(NewOptions{Rules: elasund.Rules{}, Format: "elasund/1", Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Join("red", red, testTime); err != nil {
		t.Fatal(err)
	}
	if err := blue.join(g, "blue", 3); err != nil {
		t.Fatal(err)
	}
	base := reopen(t, g)

	redMove := func(g *Game, text string) {
		t.Helper()
		m, err := elasund.Rules{}.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Move("red", m, red, testTime, MoveOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	f1 := reopen(t, base)
	redMove(f1, "roll; gold; end")
	f2 := reopen(t, f1)
	if err := blue.move(f2, "blue", "roll"); err != nil {
		t.Fatalf("blue's honest move: %v", err)
	}

	// Red takes its turn back: another successor of the same entry, with
	// padding orders to steer blue's roll.
	f1b := reopen(t, base)
	redMove(f1b, "orders ask")
	redMove(f1b, "roll; gold; end")
	if f1b.File().History[len(base.File().History)].Actions[0] == f1.File().History[len(base.File().History)].Actions[0] {
		t.Fatal("the take-back is not another successor")
	}

	err = blue.move(f1b, "blue", "roll")
	var fe *ForkError
	if !errors.As(err, &fe) {
		t.Fatalf("blue on the take-back: %v, want a *ForkError", err)
	}
	if fe.Entry != len(base.File().History)+1 || !strings.Contains(fe.Reason, "red signed two different successors") {
		t.Errorf("fork = entry %d %q", fe.Entry, fe.Reason)
	}

	// The fork is evidence anyone can check.
	d, err := DisputeOf(fe)
	if err != nil {
		t.Fatal(err)
	}
	data, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !IsDispute(data) {
		t.Fatal("IsDispute(report) = false")
	}
	back, err := ParseDispute(data, testGames)
	if err != nil {
		t.Fatalf("reading the report: %v", err)
	}
	res, err := VerifyDispute(back)
	if err != nil {
		t.Fatalf("verifying the report: %v", err)
	}
	if !res.Equivocation || res.SeatA != "red" || res.Entry != fe.Entry {
		t.Errorf("report proves %+v", res)
	}
	// A forged report does not verify.
	back.B.Actions = []string{"gold"}
	if _, err := VerifyDispute(back); err == nil {
		t.Error("a report with a changed entry verifies")
	}

	// Even without comparing copies, blue's signer refuses to reveal the
	// same chain value after another predecessor.
	s, err := blue.ks.Signer(f1b, "blue")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := elasund.Rules{}.ParseMove("roll")
	var se *StaleError
	if _, err := f1b.Move("blue", m, s, testTime, MoveOptions{}); !errors.As(err, &se) {
		t.Fatalf("signing on the take-back: %v, want a *StaleError", err)
	}
}

// A copy behind what the player has seen is refused as stale.
func TestStaleCopy(t *testing.T) {
	red := newHonest(t, "red", 4)
	blue := newHonest(t, "blue", 5)
	g := twoJoined(t, red, blue)
	old := reopen(t, g)
	if err := red.move(g, "red", "roll; gold; end"); err != nil {
		t.Fatal(err)
	}
	err := red.move(old, "red", "roll")
	var se *StaleError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "this copy is behind entry 3 that you already saw") {
		t.Fatalf("moving on an old copy: %v, want a *StaleError naming entry 3", err)
	}
}

// Attack 3: the first seat joins last, knows every other commitment and
// tries secrets until turn 1's draws (the first roll, every seat's starting
// card) suit it. The first seat must join first, so it fixes its chain
// before any other commitment exists; verify refuses a file where it did
// not.
func TestAttackSeatOneGrindsTurnOne(t *testing.T) {
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	s := testSigners(t, fourSeats[:2])
	var te *TurnError
	if _, err := g.Join("blue", s["blue"], testTime); !errors.As(err, &te) || !strings.Contains(err.Error(), "red, the first seat, joins first") {
		t.Fatalf("blue joining before red: %v, want refused", err)
	}

	// A file whose second seat joined first, forged by hand, does not
	// verify.
	h, err := headerHash(g.File())
	if err != nil {
		t.Fatal(err)
	}
	e := Entry{N: 1, Seat: "blue", At: FormatTime(testTime), Prev: h.String(), Key: s["blue"].PublicKey(),
		Commit: ChainCommit(s["blue"].Secret, ChainLength).String(), Kind: EntryJoin, Actions: []string{}, Events: []string{}}
	st, _ := StateHash(g.State())
	e.State = st.String()
	if err := sign(&e, s["blue"].Key); err != nil {
		t.Fatal(err)
	}
	f := g.File()
	f.History = append(f.History, e)
	f.Header.SeatOf("blue").Key, f.Header.SeatOf("blue").Commit = e.Key, e.Commit
	if _, err := Open(f); err == nil || !strings.Contains(err.Error(), "red, the first seat, joins first") {
		t.Fatalf("Open(blue joined first) = %v, want refused", err)
	}

	// Joined in order, turn 1's seed mixes red's first reveal, which only
	// red knows and which it fixed before it saw blue's commitment, with
	// blue's commitment, which red could not know when it chose its
	// secret: with blue's commitment changed, turn 1 changes.
	one, two := TurnSeed("elasund", "3f9c2a7d5e1b4c08", 1, ChainCommit(s["blue"].Secret, ChainLength), Hash{1}), TurnSeed("elasund", "3f9c2a7d5e1b4c08", 1, ChainCommit(Hash{9}, ChainLength), Hash{1})
	if one == two {
		t.Fatal("turn 1's seed does not depend on the other seats' commitments")
	}
}

// One key may hold one seat of a peer game.
func TestOneKeyOneSeat(t *testing.T) {
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	s := testSigners(t, fourSeats[:2])
	if _, err := g.Join("red", s["red"], testTime); err != nil {
		t.Fatal(err)
	}
	twice := &Signer{Key: s["red"].Key, Secret: s["blue"].Secret}
	if _, err := g.Join("blue", twice, testTime); err == nil || !strings.Contains(err.Error(), "this key already holds seat red") {
		t.Fatalf("joining blue with red's key: %v, want refused", err)
	}
}

// A key directory that others can write to is refused.
func TestKeyDirMode(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "keys")
	if _, err := CreateKeyStore(dir, "A", "", newDetReader(1)); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Errorf("key directory mode %04o, want 0700", fi.Mode().Perm())
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	var ke *KeyStoreError
	if _, err := OpenKeyStore(dir); !errors.As(err, &ke) || !strings.Contains(err.Error(), "others can write to it") {
		t.Fatalf("OpenKeyStore(0777 dir) = %v, want refused", err)
	}
}

// A symbolic link to a game file is written through.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(link, []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new\n" {
		t.Fatalf("target holds %q", b)
	}
}
