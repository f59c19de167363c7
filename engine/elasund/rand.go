package elasund

import "math/rand/v2"

// SeededRand is an engine.Rand for tests, bots and simulations: each of
// Elasund's streams is its own PCG generator seeded from one number. It is
// not for real games, whose randomness comes from the turn file. It draws
// the same numbers as it always has (the golden games replay from it), by
// an array where engine.Seeded looks its streams up by name, and Elasund's
// Legal recognises it to reuse a peeked roll (peekedRoll).
type SeededRand struct {
	streams [5]rand.PCG
}

// seededIndex is the generator of a stream: its place in the order dice,
// influence, church, reward from 1, and 0 for any other name.
func seededIndex(stream string) int {
	switch stream {
	case StreamDice:
		return 1
	case StreamInfluence:
		return 2
	case StreamChurch:
		return 3
	case StreamReward:
		return 4
	}
	return 0
}

// NewSeededRand returns a SeededRand for seed.
func NewSeededRand(seed uint64) *SeededRand {
	r := &SeededRand{}
	for i := range r.streams {
		r.streams[i].Seed(seed, uint64(i)*0x9e3779b97f4a7c15+1)
	}
	return r
}

// Intn returns a uniform number in [0, n) from the named stream.
func (r *SeededRand) Intn(stream string, n int) int {
	if n <= 1 {
		return 0
	}
	return rand.New(&r.streams[seededIndex(stream)]).IntN(n)
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
