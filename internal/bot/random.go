package bot

import (
	"math/rand/v2"

	"github.com/elasund/elasund/engine"
)

// randomPlayer picks uniformly among the legal actions.
type randomPlayer struct {
	pick *rand.Rand
}

var _ Player = (*randomPlayer)(nil)

func newRandom(seed uint64) *randomPlayer {
	return &randomPlayer{pick: rand.New(rand.NewPCG(seed, 0x72616e646f6d))}
}

// Choose returns a uniformly chosen action of g.Legal(seat, peek).
func (p *randomPlayer) Choose(g *engine.Game, seat engine.Colour, peek engine.Rand) (engine.Action, error) {
	legal := g.Legal(seat, peek)
	if len(legal) == 0 {
		return engine.Action{}, &NoActionError{Seat: seat, Phase: g.View().Phase}
	}
	return legal[p.pick.IntN(len(legal))], nil
}
