package seafarers

import (
	"math/rand/v2"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// endChance is how often the random player ends its turn when it may: a
// turn of uniformly random actions would otherwise spend most of its
// cards on maritime trades and offers, and games would last thousands of
// turns.
const endChance = 0.15

// randomPlayer picks uniformly among the legal actions, ending the turn
// with probability endChance whenever it may.
type randomPlayer struct {
	pick *rand.Rand
	buf  []game.Action
}

var (
	_ bot.Player = (*randomPlayer)(nil)
	_ chooser    = (*randomPlayer)(nil)
)

func newRandom(seed uint64) *randomPlayer {
	return &randomPlayer{pick: rand.New(rand.NewPCG(seed, 0x72616e646f6d))}
}

// Choose returns a random action of p.Legal(seat, src).
func (r *randomPlayer) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return choose(r, p, seat, src)
}

// choose returns a random action of g.Legal(seat, src): end with
// probability endChance when it is legal, else one of the other actions
// uniformly. A witness's resolve is chosen only when it is all the seat
// may do (S145, S146).
func (r *randomPlayer) choose(g *game.Game, seat game.Colour, src engine.Source) (game.Action, error) {
	legal := g.AppendLegal(r.buf[:0], seat, cloneSource(src))
	r.buf = legal
	if len(legal) == 1 && legal[0].Kind == game.ActResolve {
		return legal[0], nil
	}
	n, end := 0, -1
	for _, a := range legal {
		switch a.Kind {
		case game.ActResolve, game.ActOrders:
			continue
		case game.ActEnd:
			end = n
		}
		legal[n] = a
		n++
	}
	legal = legal[:n]
	if n == 0 {
		return game.Action{}, noAction(g, seat.String())
	}
	if end >= 0 && (n == 1 || r.pick.Float64() < endChance) {
		return legal[end], nil
	}
	i := r.pick.IntN(n - btoi(end >= 0))
	if end >= 0 && i >= end {
		i++
	}
	return legal[i], nil
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
