package turnfile

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"

	"github.com/elasund/elasund/engine"
)

// TurnSeed returns seed_t of a peer game (§4.2):
// SHA-256(name "/turn" ‖ id ‖ uint64be(t) ‖ prev ‖ mover), where name is
// the game's name ("elasund/turn"), id the 8 bytes of the game id, prev
// the latest chain value published by another seat and mover the mover's
// reveal in the entry that begins turn t.
func TurnSeed(name, game string, t int, prev, mover Hash) Hash {
	h := sha256.New()
	h.Write([]byte(name + "/turn"))
	h.Write(gameBytes(game))
	h.Write(be64(uint64(t)))
	h.Write(prev[:])
	h.Write(mover[:])
	var out Hash
	h.Sum(out[:0])
	return out
}

// SandboxSeed returns seed_t of a sandbox game (§4.4):
// SHA-256(name "/sandbox" ‖ id ‖ uint64be(t) ‖ uint64be(seed)).
func SandboxSeed(name, game string, t int, seed int64) Hash {
	h := sha256.New()
	h.Write([]byte(name + "/sandbox"))
	h.Write(gameBytes(game))
	h.Write(be64(uint64(t)))
	h.Write(be64(uint64(seed)))
	var out Hash
	h.Sum(out[:0])
	return out
}

// DerivedSeed returns SHA-256(label ‖ id ‖ parts…), the seed of a game's
// own draws outside the turn's streams (§4.5).
func DerivedSeed(label, game string, parts ...[]byte) Hash {
	h := sha256.New()
	h.Write([]byte(label))
	h.Write(gameBytes(game))
	for _, p := range parts {
		h.Write(p)
	}
	var out Hash
	h.Sum(out[:0])
	return out
}

func gameBytes(game string) []byte {
	b, err := hex.DecodeString(game)
	if err != nil || len(b) != 8 {
		// Parse guarantees 16 hex digits; hash the text otherwise.
		return []byte(game)
	}
	return b
}

func be64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

// TurnRand is the random source of one turn (§4.3): one generator per
// named stream, each block HMAC-SHA256(seed_t, name ‖ 0x00 ‖
// uint64be(counter)), read as four big-endian 64-bit words, turned into
// uniform integers by rejection. It implements engine.Rand.
type TurnRand struct {
	seed    Hash
	streams []stream
	// forced holds die faces (1..6) that replace the next draws of 6 from
	// the dice stream (sandbox move --dice, §4.4); used counts those
	// consumed.
	forced []int
	used   int
}

type stream struct {
	name    string
	counter uint64
	buf     [32]byte
	next    int // next word in buf; 4 means empty
}

var _ engine.Rand = (*TurnRand)(nil)

// NewTurnRand returns the source of the turn whose seed is seed.
func NewTurnRand(seed Hash) *TurnRand { return &TurnRand{seed: seed} }

// Clone returns an independent copy with the same position in every
// stream.
func (r *TurnRand) Clone() *TurnRand {
	c := *r
	c.streams = append([]stream(nil), r.streams...)
	c.forced = append([]int(nil), r.forced...)
	return &c
}

// Force makes the next len(dice) draws of 6 from the dice stream return
// those faces (1..6) without advancing the stream.
func (r *TurnRand) Force(dice []int) {
	r.forced = append([]int(nil), dice...)
	r.used = 0
}

// ForcedLeft is the number of forced faces not yet drawn.
func (r *TurnRand) ForcedLeft() int { return len(r.forced) - r.used }

// DiceStream is the name of the stream whose draws of 6 a forced roll
// replaces.
const DiceStream = "dice"

// Intn returns a uniform integer in [0, n) from the named stream. n = 1
// returns 0 and draws nothing.
func (r *TurnRand) Intn(name string, n int) int {
	if r.used < len(r.forced) && n == 6 && name == DiceStream {
		v := r.forced[r.used] - 1
		r.used++
		return v
	}
	if n <= 1 {
		return 0
	}
	st := r.stream(name)
	un := uint64(n)
	min := -un % un // 2^64 mod n
	for {
		x := r.word(st)
		if x >= min {
			return int(x % un)
		}
	}
}

func (r *TurnRand) stream(name string) *stream {
	for i := range r.streams {
		if r.streams[i].name == name {
			return &r.streams[i]
		}
	}
	r.streams = append(r.streams, stream{name: name, next: 4})
	return &r.streams[len(r.streams)-1]
}

func (r *TurnRand) word(st *stream) uint64 {
	if st.next >= 4 {
		m := hmac.New(sha256.New, r.seed[:])
		m.Write([]byte(st.name))
		m.Write([]byte{0})
		m.Write(be64(st.counter))
		m.Sum(st.buf[:0])
		st.counter++
		st.next = 0
	}
	x := binary.BigEndian.Uint64(st.buf[8*st.next:])
	st.next++
	return x
}

// entrySource is the engine.Source of one entry: the turn's streams and
// what the game may derive other seeds from (§4.5).
type entrySource struct {
	*TurnRand
	n      int
	reveal []byte
	ctx    *seedContext
}

// seedContext is what derived seeds are made of: the game and the seats'
// published commitments.
type seedContext struct {
	name    string
	game    string
	sandbox *int64
	commits map[string][]byte
}

var _ engine.Source = (*entrySource)(nil)

func (s *entrySource) Clone() engine.Source {
	c := *s
	c.TurnRand = s.TurnRand.Clone()
	return &c
}

func (s *entrySource) Entry() int { return s.n }

func (s *entrySource) Reveal() []byte { return s.reveal }

func (s *entrySource) Commitment(seat string) []byte { return slices.Clone(s.ctx.commits[seat]) }

func (s *entrySource) SandboxSeed() (int64, bool) {
	if s.ctx.sandbox == nil {
		return 0, false
	}
	return *s.ctx.sandbox, true
}

func (s *entrySource) Derive(label string, parts ...[]byte) engine.Rand {
	return NewTurnRand(DerivedSeed(label, s.ctx.game, parts...))
}
