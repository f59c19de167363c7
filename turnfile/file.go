package turnfile

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"time"

	"github.com/elasund/elasund/engine"
)

// ChainLength is the length N of the hash chains of new games (§4.1).
const ChainLength = 1024

// MaxChainLength bounds chain_length when reading (§2.2).
const MaxChainLength = 1 << 16

// MaxSize is the largest file read, in bytes (§2).
const MaxSize = 1 << 20

// TimeLayout is how times are written: RFC 3339 in UTC, whole seconds.
const TimeLayout = "2006-01-02T15:04:05Z"

// File is a turn file as read or about to be written (§2). Open replays it.
type File struct {
	Format  string  `json:"format"`
	Header  Header  `json:"header"`
	History []Entry `json:"history"`
	// State is the game's state (engine.Game.NewState's type).
	State engine.State `json:"state"`
	// game is the game the format names; set by Parse and New.
	game engine.Game
	// cached is set when a Cache read the file from a snapshot; source
	// is the bytes Parse read it from; cache is the Cache that read it.
	cached *cachedPrefix
	source []byte
	cache  *Cache
	// opened is the game of the file, when the Cache that read it opened
	// it to find its state (byReplay): Open returns it.
	opened *openedGame
}

// Game is the game the file's format names.
func (f *File) Game() engine.Game { return f.game }

// Header says who plays what game under which rules (§2.2). Everything but
// the seats' key and commit is fixed when the game is made.
type Header struct {
	Game    string `json:"game"`
	Created string `json:"created"`
	// Choices are the game's set-up choices (engine.Choice: Elasund's
	// edition, Seafarers' scenario), by name; each is a field of the
	// header of its own, written between created and options in the
	// order of the names, present exactly when the game has it (§2.2).
	// Nil for a game without.
	Choices map[string]string `json:"-"`
	Options map[string]string `json:"options"`
	Sandbox bool              `json:"sandbox"`
	// Seed is the sandbox seed (§4.4); nil in peer games.
	Seed *int64 `json:"seed"`
	// ChainLength is N of the seats' hash chains; 0 in sandbox games.
	ChainLength int    `json:"chain_length"`
	Seats       []Seat `json:"seats"`
}

// Seat is one seat of the header, in turn order.
type Seat struct {
	Colour string `json:"colour"`
	Name   string `json:"name,omitempty"`
	Email  string `json:"email,omitempty"`
	// Key ("ed25519:" + base64) and Commit (hex) are set when the seat
	// joins; both are copies of the seat's join entry.
	Key    string `json:"key,omitempty"`
	Commit string `json:"commit,omitempty"`
}

// EntryKind is the kind of a history entry (§2.3). The zero value means
// none.
type EntryKind int

// The entry kinds. EntryEdit exists only in sandbox games; EntryParallel
// only in files of format 2 and later (§2.6).
const (
	NoEntryKind EntryKind = iota
	EntryJoin
	EntryMove
	EntryDecision
	EntryOrders
	EntryEdit
	EntryParallel
)

var entryKindNames = [...]string{"", "join", "move", "decision", "orders", "edit", "parallel"}

func (k EntryKind) String() string {
	if k <= NoEntryKind || int(k) >= len(entryKindNames) {
		return "?"
	}
	return entryKindNames[k]
}

// MarshalText encodes the kind name.
func (k EntryKind) MarshalText() ([]byte, error) {
	if k <= NoEntryKind || int(k) >= len(entryKindNames) {
		return nil, fmt.Errorf("entry kind %d does not exist", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a kind name.
func (k *EntryKind) UnmarshalText(b []byte) error {
	for i, n := range entryKindNames {
		if i > 0 && n == string(b) {
			*k = EntryKind(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not an entry kind (join, move, decision, orders, edit, parallel)", b)
}

// Entry is one history entry (§2.3).
type Entry struct {
	N    int    `json:"n"`
	Seat string `json:"seat,omitempty"`
	At   string `json:"at"`
	// Prev is the hash of the previous entry, or of the header (§3.3).
	Prev string `json:"prev"`
	// Key and Commit are set in join entries, Reveal in the other entries
	// of a peer game (§4.1).
	Key    string    `json:"key,omitempty"`
	Commit string    `json:"commit,omitempty"`
	Reveal string    `json:"reveal,omitempty"`
	Kind   EntryKind `json:"kind"`
	// Dice is a roll forced with move --dice (sandbox games only, §4.4).
	Dice    *[2]int  `json:"dice,omitempty"`
	Actions []string `json:"actions"`
	// Parts are the entries of a parallel entry (§2.6): signed entries
	// of different seats, each made on the same predecessor.
	Parts  []Entry  `json:"parts,omitempty"`
	Events []string `json:"events"`
	// State is the hash of the state after this entry (§3.4).
	State string `json:"state"`
	Sig   string `json:"sig,omitempty"`
}

// headerHash is the hash that entry 1 names as prev: SHA-256 of the
// canonical JSON of {"format", "header"} with every seat's key and commit
// left out (§3.3), so that joining does not change it.
func headerHash(f *File) (Hash, error) {
	h := f.Header
	h.Seats = make([]Seat, len(f.Header.Seats))
	for i, s := range f.Header.Seats {
		s.Key, s.Commit = "", ""
		h.Seats[i] = s
	}
	if h.Options == nil {
		h.Options = map[string]string{}
	}
	return hashCanonical(struct {
		Format string `json:"format"`
		Header Header `json:"header"`
	}{f.Format, h})
}

// entryHash is the hash of a whole entry, sig included (§3.3).
func entryHash(e *Entry) (Hash, error) {
	c, err := e.canonical(true)
	if err != nil {
		return Hash{}, err
	}
	return sha256.Sum256(c), nil
}

// canonicalUnsigned is the canonical JSON of e without its sig field.
func canonicalUnsigned(e *Entry) ([]byte, error) { return e.canonical(false) }

// signedDigest is what a seat signs: SHA-256 of the canonical JSON of the
// entry without its sig field (§3.2).
func signedDigest(e *Entry) ([]byte, error) {
	c, err := e.canonical(false)
	if err != nil {
		return nil, err
	}
	d := sha256.Sum256(c)
	return d[:], nil
}

// canonicalEntry is an entry's canonical JSON without its sig field (what
// its seat signs, §3.2), and the place where the sig field goes.
type canonicalEntry struct {
	b  []byte
	at int
}

// canonicalSplit returns e's canonical JSON without its sig field, and
// where it goes.
func (e *Entry) canonicalSplit() (*canonicalEntry, error) {
	c := &canonicalEntry{}
	var err error
	c.b, c.at, err = e.appendCanonical(make([]byte, 0, 512), false)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// hash is entryHash(e) for the entry c was made of: the hash of its
// canonical JSON with the sig field (§3.3).
func (c *canonicalEntry) hash(e *Entry) Hash {
	if e.Sig == "" {
		return sha256.Sum256(c.b)
	}
	sig, err := appendString(make([]byte, 0, 8+len(e.Sig)), e.Sig)
	if err != nil {
		// Not valid UTF-8: no hash, as entryHash says.
		return Hash{}
	}
	h := sha256.New()
	h.Write(c.b[:c.at])
	h.Write([]byte(`,"sig":`))
	h.Write(sig)
	h.Write(c.b[c.at:])
	var out Hash
	h.Sum(out[:0])
	return out
}

// canonical writes the canonical JSON of the entry directly, fields in
// byte order of their names and empty optional fields left out; it equals
// Canonical(e) (checked by TestEntryCanonical) without reflection.
func (e *Entry) canonical(withSig bool) ([]byte, error) {
	b, _, err := e.appendCanonical(make([]byte, 0, 512), withSig)
	return b, err
}

// appendCanonical appends the canonical JSON of the entry to b and
// returns it with the offset where the sig field is, or would be.
func (e *Entry) appendCanonical(b []byte, withSig bool) ([]byte, int, error) {
	start := len(b)
	var err error
	str := func(name, v string, optional bool) {
		if err != nil || (optional && v == "") {
			return
		}
		if len(b) > start+1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"', ':')
		b, err = appendString(b, v)
	}
	list := func(name string, vs []string) {
		if err != nil {
			return
		}
		if len(b) > start+1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"', ':')
		if vs == nil {
			b = append(b, "null"...)
			return
		}
		b = append(b, '[')
		for i, v := range vs {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendString(b, v); err != nil {
				return
			}
		}
		b = append(b, ']')
	}
	b = append(b, '{')
	list("actions", e.Actions)
	str("at", e.At, false)
	str("commit", e.Commit, true)
	if e.Dice != nil {
		b = append(b, `,"dice":[`...)
		b = strconv.AppendInt(b, int64(e.Dice[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(e.Dice[1]), 10)
		b = append(b, ']')
	}
	list("events", e.Events)
	str("key", e.Key, true)
	kind, kerr := e.Kind.MarshalText()
	if kerr != nil {
		return nil, 0, kerr
	}
	str("kind", string(kind), false)
	b = append(b, `,"n":`...)
	b = strconv.AppendInt(b, int64(e.N), 10)
	if len(e.Parts) > 0 {
		b = append(b, `,"parts":[`...)
		for i := range e.Parts {
			if i > 0 {
				b = append(b, ',')
			}
			if b, _, err = e.Parts[i].appendCanonical(b, true); err != nil {
				return nil, 0, err
			}
		}
		b = append(b, ']')
	}
	str("prev", e.Prev, false)
	str("reveal", e.Reveal, true)
	str("seat", e.Seat, true)
	at := len(b) - start
	if withSig {
		str("sig", e.Sig, true)
	}
	str("state", e.State, false)
	if err != nil {
		return nil, 0, err
	}
	return append(b, '}'), at, nil
}

// StateHash returns the hash of a state: SHA-256 of its canonical JSON
// (§3.4).
func StateHash(st engine.State) (Hash, error) { return hashCanonical(st) }

// FormatTime prints t the way the file stores times.
func FormatTime(t time.Time) string { return t.UTC().Truncate(time.Second).Format(TimeLayout) }

// Setup returns the set-up the header describes.
func (h *Header) Setup() engine.Setup {
	s := engine.Setup{Choices: h.Choices, Options: h.Options, Sandbox: h.Sandbox}
	s.Seats = make([]string, len(h.Seats))
	for i, seat := range h.Seats {
		s.Seats[i] = seat.Colour
	}
	return s
}

// SeatOf returns the header seat of colour c, or nil.
func (h *Header) SeatOf(c string) *Seat {
	for i := range h.Seats {
		if h.Seats[i].Colour == c {
			return &h.Seats[i]
		}
	}
	return nil
}
