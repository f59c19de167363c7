package engine

import (
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
	// keys is shared with every source cloned or derived from this one.
	keys *streamKeys
}

type seededStream struct {
	name string
	pcg  rand.PCG
}

// streamKeys remembers the key of each stream name met (the first eight
// bytes of the name's SHA-256, the second half of a stream's PCG seed), so
// that a family of sources hashes each name once: a game derives a new
// source for every sealed draw, whose one stream would otherwise hash its
// name again. The keys depend on the names alone; the lock lets clones go
// to other goroutines.
type streamKeys struct {
	mu    sync.Mutex
	names []string
	keys  []uint64
}

// of returns the key of stream name; a nil k (a zero Seeded) remembers
// nothing.
func (k *streamKeys) of(name string) uint64 {
	if k == nil {
		d := sha256.Sum256([]byte(name))
		return binary.BigEndian.Uint64(d[:8])
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if i := slices.Index(k.names, name); i >= 0 {
		return k.keys[i]
	}
	key := (*streamKeys)(nil).of(name)
	k.names = append(k.names, name)
	k.keys = append(k.keys, key)
	return key
}

// NewSeeded returns a Seeded source for seed.
func NewSeeded(seed uint64) *Seeded { return &Seeded{seed: seed, keys: &streamKeys{}} }

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
	s.streams = append(s.streams, seededStream{name: stream, pcg: *rand.NewPCG(s.seed, s.keys.of(stream))})
	return rand.New(&s.streams[len(s.streams)-1].pcg).IntN(n)
}

// Clone returns an independent copy.
func (s *Seeded) Clone() Source {
	c := &Seeded{seed: s.seed, streams: make([]seededStream, len(s.streams)), keys: s.keys}
	copy(c.streams, s.streams)
	return c
}

// Entry is 0: a Seeded source stands outside any history.
func (s *Seeded) Entry() int { return 0 }

// Reveal is nil.
func (s *Seeded) Reveal() []byte { return nil }

// Commitment is nil.
func (s *Seeded) Commitment(string) []byte { return nil }

// SandboxSeed returns the seed the source was made with.
func (s *Seeded) SandboxSeed() (int64, bool) { return int64(s.seed & (1<<53 - 1)), true }

// Derive returns a Seeded source for a seed made from the label, the
// parts and this source's seed: the first eight bytes of
// SHA-256(label ‖ u64(seed) ‖ parts…), hashed in one piece.
func (s *Seeded) Derive(label string, parts ...[]byte) Rand {
	var room [96]byte // a sealed draw's label and parts fit
	b := append(room[:0], label...)
	b = binary.BigEndian.AppendUint64(b, s.seed)
	for _, p := range parts {
		b = append(b, p...)
	}
	d := sha256.Sum256(b)
	return &Seeded{seed: binary.BigEndian.Uint64(d[:8]), keys: s.keys}
}
