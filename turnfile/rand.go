package turnfile

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"github.com/elasund/elasund/engine"
)

// TurnSeed returns seed_t of a peer game (§4.2):
// SHA-256("elasund/turn" ‖ id ‖ uint64be(t) ‖ prev ‖ mover), where id is
// the 8 bytes of the game id, prev the latest chain value published by
// another seat and mover the mover's reveal in the entry that begins turn
// t.
func TurnSeed(game string, t int, prev, mover Hash) Hash {
	h := sha256.New()
	h.Write([]byte("elasund/turn"))
	h.Write(gameBytes(game))
	h.Write(be64(uint64(t)))
	h.Write(prev[:])
	h.Write(mover[:])
	var out Hash
	h.Sum(out[:0])
	return out
}

// SandboxSeed returns seed_t of a sandbox game (§4.4):
// SHA-256("elasund/sandbox" ‖ id ‖ uint64be(t) ‖ uint64be(seed)).
func SandboxSeed(game string, t int, seed int64) Hash {
	h := sha256.New()
	h.Write([]byte("elasund/sandbox"))
	h.Write(gameBytes(game))
	h.Write(be64(uint64(t)))
	h.Write(be64(uint64(seed)))
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
// stream, each block HMAC-SHA256(seed_t, name ‖ 0x00 ‖ uint64be(counter)),
// read as four big-endian 64-bit words, turned into uniform integers by
// rejection. It implements engine.Rand.
type TurnRand struct {
	seed    Hash
	streams [5]stream
	// forced holds die faces (1..6) that replace the next dice draws
	// (sandbox move --dice, §4.4); used counts those consumed.
	forced []int
	used   int
}

type stream struct {
	counter uint64
	buf     [32]byte
	next    int // next word in buf; 4 means empty
}

var _ engine.Rand = (*TurnRand)(nil)

// NewTurnRand returns the source of the turn whose seed is seed.
func NewTurnRand(seed Hash) *TurnRand {
	r := &TurnRand{seed: seed}
	for i := range r.streams {
		r.streams[i].next = 4
	}
	return r
}

// Clone returns an independent copy with the same position in every
// stream.
func (r *TurnRand) Clone() *TurnRand {
	c := *r
	c.forced = append([]int(nil), r.forced...)
	return &c
}

// Force makes the next len(dice) dice draws return those faces (1..6)
// without advancing the dice stream.
func (r *TurnRand) Force(dice []int) {
	r.forced = append([]int(nil), dice...)
	r.used = 0
}

// ForcedLeft is the number of forced faces not yet drawn.
func (r *TurnRand) ForcedLeft() int { return len(r.forced) - r.used }

// Intn returns a uniform integer in [0, n) from stream s. n = 1 returns 0
// and draws nothing.
func (r *TurnRand) Intn(s engine.Stream, n int) int {
	if s == engine.StreamDice && r.used < len(r.forced) && n == 6 {
		v := r.forced[r.used] - 1
		r.used++
		return v
	}
	if n <= 1 {
		return 0
	}
	if s <= engine.NoStream || int(s) >= len(r.streams) {
		s = engine.NoStream
	}
	st := &r.streams[s]
	un := uint64(n)
	min := -un % un // 2^64 mod n
	for {
		x := r.word(s, st)
		if x >= min {
			return int(x % un)
		}
	}
}

func (r *TurnRand) word(s engine.Stream, st *stream) uint64 {
	if st.next >= 4 {
		m := hmac.New(sha256.New, r.seed[:])
		m.Write([]byte(s.String()))
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
