package turnfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/secretfile"
)

// GamesDir is the directory, inside the key directory, where the key store
// keeps what it has seen and signed of each game it plays (§4.6).
const GamesDir = "games"

// record is what a key store knows of one game it plays (§4.6): every
// entry it signed, with its position, predecessor and digest, so that it
// never signs two different successors of one entry (nor, in format 1,
// reveals one chain value on two predecessors), and the last entry it
// signed in full, so that a signed entry whose file was never written can
// be restored (Restore). The latest verified copy of the game lives beside
// it (seenCopy).
type record struct {
	Game   string         `yaml:"game"`
	Header string         `yaml:"header"`
	Signed []signedRecord `yaml:"signed"`
	// Last is the canonical JSON of the last entry signed, without its
	// signature (which the key makes again, the same: Ed25519 signatures
	// are deterministic).
	Last string `yaml:"last,omitempty"`
}

// signedRecord is one entry the key store signed. Reveal is the index of
// the chain value the entry reveals (0 for a join or none); Digest the hex
// of what the signature signs (§3.2), empty in records written before
// digests were kept.
type signedRecord struct {
	N      int    `yaml:"n"`
	Seat   string `yaml:"seat"`
	Prev   string `yaml:"prev"`
	Reveal int    `yaml:"reveal"`
	Digest string `yaml:"digest,omitempty"`
}

// gameKey names a game in the key store: its id and the first 8 bytes of
// its header hash, so that a new game that copies an old game's id is
// another game, with fresh secrets (§4.6).
func (g *Game) gameKey() string {
	return g.file.Header.Game + "-" + hex.EncodeToString(g.header[:8])
}

func (k *KeyStore) gamesDir() string { return filepath.Join(filepath.Dir(k.path), GamesDir) }

func (k *KeyStore) recordPath(g *Game) string {
	return filepath.Join(k.gamesDir(), g.gameKey()+".yaml")
}

func (k *KeyStore) copyPath(g *Game) string {
	return filepath.Join(k.gamesDir(), g.gameKey()+".turn.yaml")
}

// readRecord returns the key store's record of g, empty when it has none.
func (k *KeyStore) readRecord(g *Game) (*record, error) {
	r := &record{}
	err := secretfile.Read(k.recordPath(g), r)
	if errors.Is(err, fs.ErrNotExist) {
		return &record{Game: g.file.Header.Game, Header: g.header.String()}, nil
	}
	if err != nil {
		return nil, &KeyStoreError{Path: k.recordPath(g), Reason: err.Error()}
	}
	if r.Header != g.header.String() {
		return nil, &KeyStoreError{Path: k.recordPath(g), Reason: "the record is of another game"}
	}
	return r, nil
}

func (k *KeyStore) writeRecord(g *Game, r *record) error {
	if err := os.MkdirAll(k.gamesDir(), 0o700); err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString("# elasund game record: the entries this key signed in one game. Keep it private.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(r); err != nil {
		return err
	}
	enc.Close()
	return WriteAtomic(k.recordPath(g), b.Bytes(), 0o600)
}

// guard is called with every entry a signer of this key store is about to
// sign (Signer.Guard). It refuses a second, different successor of an
// entry the key signed a successor of before — whatever the seat, the
// command or the copy (--out, a scratch file): a key never signs two
// different successors of one entry, so no copy of anything it signed is
// evidence of a fork against it (§6). In format 1, where every entry
// reveals, it also refuses to reveal a chain value, or join, on another
// predecessor than before (the take-back of §9). It records the entry
// before it is signed, so that it is known before anyone can see it; the
// same entry signed again (the same bytes) passes. With dry set it only
// checks.
func (k *KeyStore) guard(g *Game) func(e *Entry, reveal int, dry bool) error {
	return func(e *Entry, reveal int, dry bool) error {
		r, err := k.readRecord(g)
		if err != nil {
			return err
		}
		c, err := canonicalUnsigned(e)
		if err != nil {
			return err
		}
		d := sha256.Sum256(c)
		digest := hex.EncodeToString(d[:])
		for _, s := range r.Signed {
			if s.Prev == e.Prev {
				if s.Digest == digest {
					return nil
				}
				return &StaleError{Seen: s.N, Signed: true, Kept: k.keptSuccessor(g, s), Reason: fmt.Sprintf("you already signed another successor of %s (%s's entry %d): a key signs one successor of an entry, so this copy cannot go on from there with your signature", prevName(s.N), s.Seat, s.N)}
			}
			if g.turnChains && reveal > 0 || s.Seat != e.Seat || s.Reveal != reveal || reveal == 0 && e.Kind != EntryJoin {
				continue
			}
			what := fmt.Sprintf("chain value %d", reveal)
			if reveal == 0 {
				what = "join"
			}
			return &StaleError{Seen: s.N, Signed: true, Reason: fmt.Sprintf("you already signed %s's %s in entry %d, after another entry %d than this copy holds: this copy forks from what you signed, and signing again would show others your next chain value", e.Seat, what, s.N, s.N-1)}
		}
		if dry {
			return nil
		}
		r.Signed = append(r.Signed, signedRecord{N: e.N, Seat: e.Seat, Prev: e.Prev, Reveal: reveal, Digest: digest})
		r.Last = string(c)
		return k.writeRecord(g, r)
	}
}

// keptSuccessor returns the path of the copy the key store keeps when it
// holds the successor s the key signed (a try written with --out, say),
// else "".
func (k *KeyStore) keptSuccessor(g *Game, s signedRecord) string {
	f, err := k.seenCopy(g)
	if err != nil || f == nil || len(f.History) < s.N || f.History[s.N-1].Prev != s.Prev {
		return ""
	}
	c, err := canonicalUnsigned(&f.History[s.N-1])
	if err != nil {
		return ""
	}
	if d := sha256.Sum256(c); hex.EncodeToString(d[:]) != s.Digest {
		return ""
	}
	return k.copyPath(g)
}

// Plays reports whether the key store holds a secret of a seat of g.
func (k *KeyStore) Plays(g *Game) bool { return len(k.Seats(g)) > 0 }

// Check compares a verified game with the latest copy of it this key store
// has seen (§6): a copy that is behind it is refused with a *StaleError,
// one that holds a different entry at some position with a *ForkError
// carrying both entries. A game the store has not seen passes.
//
// When g was opened with the key store's cache (Cache) from the snapshot
// of the copy the store keeps, g holds that copy's entries: it passes
// without the copy being read again.
func (k *KeyStore) Check(g *Game) error {
	data, err := k.seenBytes(g)
	if err != nil || data == nil {
		return err
	}
	if s := g.snap; s != nil && s.headerHash == g.header && sha256.Sum256(data) == s.whole {
		return nil
	}
	seen, err := k.parseSeen(g, data)
	if err != nil {
		return err
	}
	cmp, err := compareFiles(seen, g.file)
	var fe *ForkError
	if errors.As(err, &fe) && !fe.Equivocation {
		if supersedes(g.file, seen, fe.Entry) {
			return nil
		}
		return k.race(g, seen, fe)
	}
	if err != nil {
		return err
	}
	if cmp.B < cmp.A {
		return &StaleError{Seen: cmp.A, Kept: k.copyPath(g), Reason: fmt.Sprintf("this copy is behind entry %d that you already saw (it has %d entries)", cmp.A, cmp.B)}
	}
	return nil
}

// supersedes reports whether copy a continues copy b although they differ
// from entry n on: b ends with entry n, and every entry it holds there
// (its parts, if it is a parallel entry) is a part of a's parallel entry
// n — the copies of decisions made at once, combined (§2.6).
func supersedes(a, b *File, n int) bool {
	if len(b.History) != n || len(a.History) < n || a.History[n-1].Kind != EntryParallel {
		return false
	}
	in := map[Hash]bool{}
	for i := range a.History[n-1].Parts {
		if h, err := entryHash(&a.History[n-1].Parts[i]); err == nil {
			in[h] = true
		}
	}
	e := &b.History[n-1]
	items := []Entry{*e}
	if e.Kind == EntryParallel {
		items = e.Parts
	}
	for i := range items {
		if h, err := entryHash(&items[i]); err != nil || !in[h] {
			return false
		}
	}
	return true
}

// race settles a race between g and the copy seen last (§6.2): which of
// them wins, for the player to continue from with Merge.
func (k *KeyStore) race(g *Game, seen *File, fe *ForkError) error {
	sg, err := k.SeenGame(g)
	if err != nil {
		return err
	}
	c := fe.Entry - 1
	return &RaceError{Fork: fe, KeepSeen: raceKey(sg, c).beats(raceKey(g, c)), Kept: k.copyPath(g)}
}

// Seen returns the latest copy of g this key store has seen, or nil.
func (k *KeyStore) Seen(g *Game) (*File, error) { return k.seenCopy(g) }

// SeenGame returns the latest copy of g this key store has seen, opened
// from its cache of verified positions (§4.6), or nil.
//
// When that copy is g's own file, byte for byte, it returns g itself.
func (k *KeyStore) SeenGame(g *Game) (*Game, error) {
	data, err := k.seenBytes(g)
	if err != nil || data == nil {
		return nil, err
	}
	if own := g.fileBytes(); own != nil && bytes.Equal(own, data) {
		return g, nil
	}
	reg, err := engine.NewRegistry(g.game)
	if err != nil {
		return nil, err
	}
	f, err := k.Cache().Parse(data, reg)
	if err != nil {
		return nil, &KeyStoreError{Path: k.copyPath(g), Reason: "the copy of the game seen last does not read: " + err.Error()}
	}
	sg, err := Open(f)
	if err != nil {
		return nil, &KeyStoreError{Path: k.copyPath(g), Reason: "the copy of the game seen last does not verify: " + err.Error()}
	}
	return sg, nil
}

func (k *KeyStore) seenCopy(g *Game) (*File, error) {
	data, err := k.seenBytes(g)
	if err != nil || data == nil {
		return nil, err
	}
	return k.parseSeen(g, data)
}

// Remember keeps g as the latest copy of the game this key store has seen,
// if it plays the game and g is not behind the copy it has (call it only
// with a verified game that passed Check), with the snapshot of its
// position (Cache).
func (k *KeyStore) Remember(g *Game) error {
	if !k.Plays(g) {
		return nil
	}
	if seen, err := k.seenBytes(g); err != nil {
		return err
	} else if seen != nil {
		n, err := k.seenEntries(g, seen)
		if err != nil {
			return err
		}
		if n > len(g.file.History) && k.holds(g, seen) {
			return nil
		}
	}
	data, err := g.Marshal()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(k.gamesDir(), 0o700); err != nil {
		return err
	}
	if err := WriteAtomic(k.copyPath(g), data, 0o600); err != nil {
		return err
	}
	// The snapshot only saves time: a copy kept without one is read in
	// full next time.
	_ = k.writeSnapshot(g, data)
	return nil
}

// compareFiles compares the histories of two files of one game (§6).
func compareFiles(a, b *File) (*Comparison, error) {
	ha, err := headerHash(a)
	if err != nil {
		return nil, err
	}
	hb, err := headerHash(b)
	if err != nil {
		return nil, err
	}
	if ha != hb {
		return nil, &VerifyError{Reason: fmt.Sprintf("the files hold different games (%s and %s)", a.Header.Game, b.Header.Game)}
	}
	c := &Comparison{A: len(a.History), B: len(b.History)}
	for i := 0; i < c.A && i < c.B; i++ {
		ea, eb := &a.History[i], &b.History[i]
		x, err := entryHash(ea)
		if err != nil {
			return nil, err
		}
		y, err := entryHash(eb)
		if err != nil {
			return nil, err
		}
		if x == y {
			c.Common = i + 1
			continue
		}
		ya, _ := ea.Marshal()
		yb, _ := eb.Marshal()
		fe := &ForkError{Entry: i + 1, SeatA: ea.Who(), SeatB: eb.Who(), A: string(ya), B: string(yb), files: [2]*File{a, b}}
		if who := equivocator(a.Header.Sandbox, ea, eb); who != "" {
			fe.Equivocation, fe.Signer = true, who
			fe.Reason = fmt.Sprintf("%s signed two different successors of %s", who, prevName(i+1))
		} else {
			fe.Reason = fmt.Sprintf("%s and %s made different successors of %s", ea.Who(), eb.Who(), prevName(i+1))
		}
		return c, fe
	}
	return c, nil
}

// KeepRace keeps the copy of g that lost a race at entry n (§6.2) in the
// key store, as evidence of what was left out, and returns its path.
func (k *KeyStore) KeepRace(g *Game, lost *Game, n int) (string, error) {
	// The bytes the copy was read from, where it has them: the evidence
	// as it came, and no encoding of the whole file.
	data, err := lost.Marshal()
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	path := filepath.Join(k.gamesDir(), fmt.Sprintf("%s.race-%d-%s.yaml", g.gameKey(), n, hex.EncodeToString(h[:4])))
	if err := os.MkdirAll(k.gamesDir(), 0o700); err != nil {
		return "", err
	}
	return path, WriteAtomic(path, data, 0o600)
}

// SeenPath is where the key store keeps the latest copy of g it has seen.
func (k *KeyStore) SeenPath(g *Game) string { return k.copyPath(g) }

// holds reports whether the copy seen (its bytes) holds every entry of g:
// g is behind it. A copy that won a race against it (Merge) does not.
func (k *KeyStore) holds(g *Game, seen []byte) bool {
	f, err := k.parseSeen(g, seen)
	if err != nil {
		return true
	}
	cmp, err := compareFiles(f, g.file)
	return err == nil && cmp.A >= cmp.B
}
