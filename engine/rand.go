package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"sync"
)

// Rand draws random numbers from named streams. Each kind of draw (dice,
// cards, tiles) has its own stream, so one kind never shifts another.
type Rand interface {
	// Intn returns a uniform integer in [0, n) from the named stream; for
	// n = 1 it returns 0 and draws nothing.
	Intn(stream string, n int) int
}

// Source is the randomness of one history entry, as the turn file gives
// it to a game: the named streams of the current turn, and what a game
// needs to derive other seeds (a board dealt from the first reveal, a
// draw sealed until another seat's next reveal).
type Source interface {
	Rand
	// Clone returns an independent copy at the same position of every
	// stream, for planning a move action by action.
	Clone() Source
	// Entry is the number of the history entry being applied: 1 for the
	// first entry, 0 outside a history (a new game, a bot's planning).
	Entry() int
	// Reveal is the chain value the entry reveals, or nil (a sandbox
	// game, or outside an entry).
	Reveal() []byte
	// Commitment is seat's published chain commitment, or nil before it
	// joined and in sandbox games.
	Commitment(seat string) []byte
	// SandboxSeed is a sandbox game's seed; ok is false otherwise.
	SandboxSeed() (seed int64, ok bool)
	// Derive returns the named streams of the seed
	// H(label ‖ game id ‖ parts…), built as the turn's streams are
	// (turn-file §4.3).
	Derive(label string, parts ...[]byte) Rand
}

// Seeded is a Source for tests, bots and simulations: every stream is its
// own PCG generator, seeded from one number and the stream's name. It
// stands outside any history (Entry 0, no reveals, no commitments), and
// counts as a sandbox game with its seed. It is not for real games, whose
// randomness comes from the turn file.
type Seeded struct {
	seed    uint64
	streams []seededStream
	// hashes is shared with every source cloned or derived from this one.
	hashes *seededHashes
	// room holds the first streams, so that a source of few streams (a
	// derived one has one: a sealed draw's; a game's a few) is made in one
	// allocation. streams points into it: a Seeded is handled by pointer,
	// never copied.
	room [seededRoom]seededStream
}

// seededRoom is the number of streams a Seeded holds without an
// allocation of their own.
const seededRoom = 2

// newSeeded returns a source of seed sharing hashes, its streams in its
// room.
func newSeeded(seed uint64, hashes *seededHashes) *Seeded {
	s := &Seeded{seed: seed, hashes: hashes}
	s.streams = s.room[:0]
	return s
}

type seededStream struct {
	name string
	pcg  rand.PCG
}

// seededHashes remembers the SHA-256 hashes a family of Seeded sources (a
// source NewSeeded made and every source cloned or derived from it) took,
// so that the family takes each once: a game derives a source for every
// sealed draw (Derive), and derives it again when a listing looks ahead on
// a clone before the entry resolves the draw; and the one stream of a
// derived source would hash its name again. What is remembered depends on
// the hashed bytes alone, so sharing it changes no draw; the lock lets
// clones go to other goroutines.
type seededHashes struct {
	mu sync.Mutex
	// names and keys are the stream names met and their keys (the first
	// eight bytes of the name's SHA-256, the second half of the stream's
	// PCG seed).
	names []string
	keys  []uint64
	// derived are the last derivations, the oldest at next.
	derived [4]derivation
	next    int
}

// derivation is a derived seed and the bytes it was hashed from.
type derivation struct {
	n     int
	input [derivedRoom]byte
	seed  uint64
}

// derivedRoom is the longest input of a derivation remembered: a sealed
// draw's label and parts fit.
const derivedRoom = 96

// firstWord returns the first eight bytes of SHA-256(b), big-endian.
func firstWord(b []byte) uint64 {
	d := sha256.Sum256(b)
	return binary.BigEndian.Uint64(d[:8])
}

// key returns the key of stream name; a nil h (a zero Seeded) remembers
// nothing.
func (h *seededHashes) key(name string) uint64 {
	if h == nil {
		return firstWord([]byte(name))
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if i := slices.Index(h.names, name); i >= 0 {
		return h.keys[i]
	}
	key := firstWord([]byte(name))
	h.names = append(h.names, name)
	h.keys = append(h.keys, key)
	return key
}

// seed returns the seed derived from input, firstWord(input).
func (h *seededHashes) seed(input []byte) uint64 {
	if h == nil || len(input) > derivedRoom {
		return firstWord(input)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for i := range h.derived {
		if d := &h.derived[i]; d.n == len(input) && bytes.Equal(d.input[:d.n], input) {
			return d.seed
		}
	}
	d := &h.derived[h.next]
	h.next = (h.next + 1) % len(h.derived)
	d.n = copy(d.input[:], input)
	d.seed = firstWord(input)
	return d.seed
}

// NewSeeded returns a Seeded source for seed.
func NewSeeded(seed uint64) *Seeded { return newSeeded(seed, new(seededHashes)) }

// Intn returns a uniform integer in [0, n) from the named stream.
func (s *Seeded) Intn(stream string, n int) int {
	if n <= 1 {
		return 0
	}
	for i := range s.streams {
		if s.streams[i].name == stream {
			return rand.New(&s.streams[i].pcg).IntN(n)
		}
	}
	s.streams = append(s.streams, seededStream{name: stream, pcg: *rand.NewPCG(s.seed, s.hashes.key(stream))})
	return rand.New(&s.streams[len(s.streams)-1].pcg).IntN(n)
}

// Clone returns an independent copy.
func (s *Seeded) Clone() Source {
	c := newSeeded(s.seed, s.hashes)
	c.streams = append(c.streams, s.streams...)
	return c
}

// CloneInto makes c an independent copy of s, as Clone would return it,
// in c's own room: for a caller that copies source after source and uses
// each copy only until the next (a listing's look-ahead roll), which then
// need no allocation each. What c drew before is forgotten.
func (s *Seeded) CloneInto(c *Seeded) {
	if c.streams == nil {
		c.streams = c.room[:0]
	}
	c.seed, c.hashes = s.seed, s.hashes
	c.streams = append(c.streams[:0], s.streams...)
}

// Entry is 0: a Seeded source stands outside any history.
func (s *Seeded) Entry() int { return 0 }

// Reveal is nil.
func (s *Seeded) Reveal() []byte { return nil }

// Commitment is nil.
func (s *Seeded) Commitment(string) []byte { return nil }

// SandboxSeed returns the seed the source was made with.
func (s *Seeded) SandboxSeed() (int64, bool) { return int64(s.seed & (1<<53 - 1)), true }

// DerivesAs reports whether o is a Seeded source of the same seed: its
// Reveal, SandboxSeed and Derive answer as s's do, whatever either drew
// from its streams. A game may then take what it derived from one as
// derived from the other (a listing's look-ahead for the entry).
func (s *Seeded) DerivesAs(o Source) bool {
	t, ok := o.(*Seeded)
	return ok && t != nil && t.seed == s.seed
}

// Derive returns a Seeded source for a seed made from the label, the
// parts and this source's seed: the first eight bytes of
// SHA-256(label ‖ u64(seed) ‖ parts…).
func (s *Seeded) Derive(label string, parts ...[]byte) Rand {
	d := new(Seeded)
	s.DeriveInto(d, label, parts...)
	return d
}

// DeriveInto makes d the source Derive(label, parts…) returns, in d's own
// room: for a caller that derives source after source and uses each only
// until the next (a game's sealed draws), which then need no allocation
// each. What d drew before is forgotten.
func (s *Seeded) DeriveInto(d *Seeded, label string, parts ...[]byte) {
	var room [derivedRoom]byte
	b := append(room[:0], label...)
	b = binary.BigEndian.AppendUint64(b, s.seed)
	for _, p := range parts {
		b = append(b, p...)
	}
	d.seed, d.hashes = s.hashes.seed(b), s.hashes
	d.streams = d.room[:0]
}
