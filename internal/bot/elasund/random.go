package elasund

import (
	"math/rand/v2"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// randomPlayer picks uniformly among the legal actions.
type randomPlayer struct {
	pick *rand.Rand
}

var (
	_ bot.Player = (*randomPlayer)(nil)
	_ chooser    = (*randomPlayer)(nil)
)

func newRandom(seed uint64) *randomPlayer {
	return &randomPlayer{pick: rand.New(rand.NewPCG(seed, 0x72616e646f6d))}
}

// Choose returns a uniformly chosen action of p.Legal(seat, src).
func (r *randomPlayer) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return choose(r, p, seat, src)
}

// choose returns a uniformly chosen action of g.Legal(seat, peek).
func (r *randomPlayer) choose(g *game.Game, seat game.Colour, peek engine.Source) (game.Action, error) {
	legal := g.Legal(seat, peek)
	if len(legal) == 0 {
		return game.Action{}, noAction(g, seat)
	}
	return legal[r.pick.IntN(len(legal))], nil
}
