package elasund

import "math/rand/v2"

// SeededRand is a Rand for tests, bots and simulations: every stream is its
// own PCG generator seeded from one number. It is not for real games, whose
// randomness comes from the turn file's dice log.
type SeededRand struct {
	streams [5]rand.PCG
}

// NewSeededRand returns a SeededRand for seed.
func NewSeededRand(seed uint64) *SeededRand {
	r := &SeededRand{}
	for i := range r.streams {
		r.streams[i].Seed(seed, uint64(i)*0x9e3779b97f4a7c15+1)
	}
	return r
}

// Intn returns a uniform number in [0, n) from stream s.
func (r *SeededRand) Intn(s Stream, n int) int {
	if n <= 1 {
		return 0
	}
	i := int(s)
	if i < 0 || i >= len(r.streams) {
		i = 0
	}
	return rand.New(&r.streams[i]).IntN(n)
}

// Copy returns an independent copy of r in its current state.
func (r *SeededRand) Copy() *SeededRand {
	c := *r
	return &c
}

// CopyTo makes dst an independent copy of r in its current state, as Copy
// does without allocating.
func (r *SeededRand) CopyTo(dst *SeededRand) {
	*dst = *r
}
