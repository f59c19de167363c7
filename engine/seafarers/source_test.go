package seafarers

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"strings"

	"github.com/elasund/elasund/engine"
)

// hmacRand is a seed's named streams as docs/turnfile.md §4.3 builds
// them: HMAC-SHA256 blocks read as big-endian words, with rejection.
type hmacRand struct {
	seed    [32]byte
	streams map[string]*hmacStream
}

type hmacStream struct {
	block uint64
	words []uint64
}

func newHMACRand(seed [32]byte) *hmacRand {
	return &hmacRand{seed: seed, streams: map[string]*hmacStream{}}
}

func (r *hmacRand) word(name string) uint64 {
	st := r.streams[name]
	if st == nil {
		st = &hmacStream{}
		r.streams[name] = st
	}
	if len(st.words) == 0 {
		m := hmac.New(sha256.New, r.seed[:])
		m.Write([]byte(name))
		m.Write([]byte{0})
		m.Write(u64(st.block))
		st.block++
		sum := m.Sum(nil)
		for i := 0; i < 4; i++ {
			st.words = append(st.words, binary.BigEndian.Uint64(sum[8*i:]))
		}
	}
	w := st.words[0]
	st.words = st.words[1:]
	return w
}

// Intn is draw(n) of docs/turnfile.md §4.3.
func (r *hmacRand) Intn(name string, n int) int {
	if n <= 1 {
		return 0
	}
	lim := -uint64(n) % uint64(n) // 2^64 mod n
	for {
		x := r.word(name)
		if x >= lim {
			return int(x % uint64(n))
		}
	}
}

func (r *hmacRand) clone() *hmacRand {
	c := &hmacRand{seed: r.seed, streams: make(map[string]*hmacStream, len(r.streams))}
	for k, v := range r.streams {
		c.streams[k] = &hmacStream{block: v.block, words: append([]uint64(nil), v.words...)}
	}
	return c
}

// testSource is an engine.Source as the turn file makes it: the current
// turn's streams, the entry number and its reveal, the seats' commitments,
// and Derive over a fixed game id.
type testSource struct {
	id      []byte
	turn    *hmacRand
	entry   int
	reveal  []byte
	commits map[string][]byte
	seed    int64
	sandbox bool
	// forcedDice returns the next dice draws as given (sandbox --dice).
	forcedDice []int
}

var _ engine.Source = (*testSource)(nil)

func (s *testSource) Intn(stream string, n int) int {
	if stream == streamDice && len(s.forcedDice) > 0 {
		d := s.forcedDice[0]
		s.forcedDice = s.forcedDice[1:]
		return d - 1
	}
	if s.turn == nil {
		s.turn = newHMACRand(sha256.Sum256([]byte("no turn")))
	}
	return s.turn.Intn(stream, n)
}

func (s *testSource) Clone() engine.Source {
	c := *s
	if s.turn != nil {
		c.turn = s.turn.clone()
	}
	c.commits = maps.Clone(s.commits)
	c.forcedDice = append([]int(nil), s.forcedDice...)
	return &c
}

func (s *testSource) Entry() int                    { return s.entry }
func (s *testSource) Reveal() []byte                { return s.reveal }
func (s *testSource) Commitment(seat string) []byte { return s.commits[seat] }
func (s *testSource) SandboxSeed() (int64, bool)    { return s.seed, s.sandbox }
func (s *testSource) Derive(label string, parts ...[]byte) engine.Rand {
	h := sha256.New()
	h.Write([]byte(label))
	h.Write(s.id)
	for _, p := range parts {
		h.Write(p)
	}
	var seed [32]byte
	copy(seed[:], h.Sum(nil))
	return newHMACRand(seed)
}

// table plays the part of the turn file for tests: it numbers entries,
// gives each seat a chain of reveals, begins turns (S135) and keeps the
// current turn's source.
type table struct {
	setup   engine.Setup
	id      []byte
	sandbox bool
	seed    int64
	n       int            // entries so far
	k       map[string]int // reveals per seat
	last    []byte         // latest reveal of any seat
	lastBy  string
	cur     *testSource
	commits map[string][]byte
}

func newTable(setup engine.Setup, seed int64) *table {
	t := &table{setup: setup, sandbox: setup.Sandbox, seed: seed, k: map[string]int{}, commits: map[string][]byte{}}
	idh := sha256.Sum256(append([]byte("test game"), u64(uint64(seed))...))
	t.id = idh[:8]
	if !t.sandbox {
		for _, c := range setup.Seats {
			h := sha256.Sum256(append([]byte("commit "+c), u64(uint64(seed))...))
			t.commits[c] = h[:]
		}
	}
	return t
}

// newSource is the source New gets: a sandbox source deals the board.
func (t *table) newSource() engine.Source {
	return &testSource{id: t.id, seed: t.seed, sandbox: t.sandbox, commits: maps.Clone(t.commits)}
}

// revealOf is seat's k-th reveal (a fake chain: distinct 32-byte values).
func (t *table) revealOf(seat string, k int) []byte {
	if t.sandbox {
		return nil
	}
	h := sha256.Sum256(append([]byte("reveal "+seat), append(u64(uint64(t.seed)), u64(uint64(k))...)...))
	return h[:]
}

// next returns the source seat's next entry would be applied with,
// without committing to it.
func (t *table) next(p engine.Position, seat string) *testSource {
	reveal := t.revealOf(seat, t.k[seat]+1)
	src := &testSource{id: t.id, entry: t.n + 1, reveal: reveal, commits: maps.Clone(t.commits), seed: t.seed, sandbox: t.sandbox}
	if p.BeginsTurn(seat) {
		h := sha256.New()
		if t.sandbox {
			h.Write([]byte("elasund/sandbox"))
			h.Write(t.id)
			h.Write(u64(uint64(p.Turn())))
			h.Write(u64(uint64(t.seed)))
		} else {
			h.Write([]byte("seafarers/turn"))
			h.Write(t.id)
			h.Write(u64(uint64(p.Turn())))
			prev := t.last
			if t.lastBy == seat || prev == nil {
				prev = make([]byte, 32)
			}
			h.Write(prev)
			h.Write(reveal)
		}
		var seed [32]byte
		copy(seed[:], h.Sum(nil))
		src.turn = newHMACRand(seed)
	} else if t.cur != nil && t.cur.turn != nil {
		src.turn = t.cur.turn.clone()
	}
	return src
}

// apply applies seat's entry and records it.
func (t *table) apply(p engine.Position, seat string, move []engine.Action, dice ...int) ([]string, error) {
	src := t.next(p, seat)
	src.forcedDice = dice
	ev, err := p.Apply(seat, move, src)
	if err != nil {
		return nil, err
	}
	t.n++
	t.k[seat]++
	if src.reveal != nil {
		t.last, t.lastBy = src.reveal, seat
	}
	src.forcedDice = nil
	t.cur = src
	return ev, nil
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
