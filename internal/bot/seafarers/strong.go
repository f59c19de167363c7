package seafarers

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/internal/bot"
)

// strong plays by simulation: the heuristic proposes a few candidate
// actions (candidates.go), each is played forward through simulated
// futures — the future's own dice and draws, every seat played by the
// heuristic — to a horizon, the end of each future is scored as a chance
// of winning (value.go), and the candidate with the best average is
// taken. See the package comment for the design.
type strong struct {
	p     searchParams
	w     *valueWeights
	h     *heuristic // proposes the candidates and plays the futures
	seeds *rand.Rand // one base seed per decision
	buf   []game.Action
	// root are the seats' islands in the position being decided, which
	// every simulated future starts from.
	root islandBook
}

var (
	_ bot.Player = (*strong)(nil)
	_ chooser    = (*strong)(nil)
)

// searchParams are the knobs of the strong player's search.
type searchParams struct {
	// Rollouts is the number of simulated futures one decision may play,
	// shared among its candidates by sequential halving. It is the
	// search's whole budget: no clock is read.
	Rollouts int
	// Horizon is how many of the deciding seat's own turns a future
	// plays after the one in progress: it stops before the roll that
	// begins the next turn after them.
	Horizon int
	// MaxCandidates bounds the candidates of one decision.
	MaxCandidates int
}

// defaultSearch is the strong level's search.
var defaultSearch = searchParams{
	Rollouts:      64,
	Horizon:       1,
	MaxCandidates: 6,
}

func newStrong(seed uint64, p searchParams, w *valueWeights) *strong {
	return &strong{
		p:     p,
		w:     w,
		h:     newHeuristic(seed),
		seeds: rand.New(rand.NewPCG(seed, 0x736561726368)),
	}
}

// Choose returns the action the search prefers among p.Legal(seat, src).
func (s *strong) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return choose(s, p, seat, src)
}

// choose returns the action the search prefers among g.Legal(seat, src).
// The source goes to Legal only, as the heuristic's does: the futures
// draw their own dice and cards. Where the listing shows what the source
// decides (a witness's sealed draws resolved, S138; the board the first
// entry deals, S134; the actions after the coming roll) the heuristic
// chooses alone, so that the search never plays what it should not know.
func (s *strong) choose(g *game.Game, seat game.Colour, src engine.Source) (game.Action, error) {
	legal := g.AppendLegal(s.buf[:0], seat, cloneSource(src))
	s.buf = legal
	if len(legal) == 0 {
		return game.Action{}, noAction(g, seat.String())
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	witness := false
	n := 0
	for _, a := range legal {
		if a.Kind == game.ActResolve {
			witness = true
			continue
		}
		legal[n] = a
		n++
	}
	legal = legal[:n]
	v := newView(g, seat)
	if witness || !g.Dealt() || g.Phase() == game.PhaseRoll {
		return s.h.pick(v, legal), nil
	}
	cands := s.candidates(v, legal)
	if len(cands) == 1 {
		return cands[0], nil
	}
	s.root = islandBook{}
	switch g.Scenario() {
	case board.NewShores, board.FourIslands, board.ThroughTheDesert, board.WondersOfCatan, board.NewWorld:
		for _, c := range g.Seats() {
			w := newView(g, c)
			w.book, w.st = &s.root, v.state()
			w.islands()
		}
	}
	return s.search(g, seat, cands), nil
}

// search shares the rollout budget among the candidates by sequential
// halving: each round plays every surviving candidate through the same
// new futures (common random numbers, so candidates are compared on equal
// dice) and keeps the better half, until one is left. Ties go to the
// candidate listed first (the heuristic's own choice).
func (s *strong) search(g *game.Game, seat game.Colour, cands []game.Action) game.Action {
	base := s.seeds.Uint64()
	sums := make([]float64, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	budget := s.p.Rollouts
	rounds := bits.Len(uint(len(cands) - 1))
	played := 0 // futures every surviving candidate has been played through
	for len(alive) > 1 {
		per := max(1, budget/(len(alive)*rounds))
		for _, i := range alive {
			for k := played; k < played+per; k++ {
				sums[i] += s.rollout(g, seat, cands[i], futureSeed(base, k))
			}
		}
		played += per
		budget -= per * len(alive)
		rounds = max(1, rounds-1)
		slices.SortStableFunc(alive, func(x, y int) int {
			switch {
			case sums[x] > sums[y]:
				return -1
			case sums[x] < sums[y]:
				return 1
			}
			return x - y
		})
		alive = alive[:(len(alive)+1)/2]
	}
	return cands[alive[0]]
}

// futureSeed is the seed of the k-th simulated future of a decision.
func futureSeed(base uint64, k int) uint64 {
	return base ^ (uint64(k+1) * 0x9e3779b97f4a7c15)
}

// turnSeed is the seed of the source of turn t in the future of seed.
func turnSeed(seed uint64, t int) uint64 {
	return seed ^ (uint64(t+1) * 0xbf58476d1ce4e5b9)
}

// maxRolloutSteps bounds the actions of one simulated future.
const maxRolloutSteps = 4000

// rollout plays a for seat in a copy of g, then every seat by the
// heuristic with the future's own dice and draws (a new source for each
// turn, as the turn file gives), until the horizon or the end of the
// game, and returns seat's chance of winning there.
func (s *strong) rollout(g *game.Game, seat game.Colour, a game.Action, seed uint64) float64 {
	c := trial(g)
	book := s.root
	var src engine.Source = engine.NewSeeded(turnSeed(seed, g.Turn()))
	if _, err := c.Apply(seat, []game.Action{a}, src); err != nil {
		return 0
	}
	own := 0 // the seat's turns begun in the future
	for steps := 0; !c.Over() && steps < maxRolloutSteps; steps++ {
		aw := c.Awaited()
		if len(aw) == 0 {
			break
		}
		who := aw[0]
		if c.BeginsTurn(who) {
			if own == s.p.Horizon {
				break
			}
			if who == seat {
				own++
			}
			src = engine.NewSeeded(turnSeed(seed, c.Turn()+1))
		}
		b, ok := s.policy(c, who, &book)
		if !ok {
			break
		}
		if _, err := c.Apply(who, []game.Action{b}, src); err != nil {
			break
		}
	}
	return s.value(c, seat, &book)
}

// policy is the heuristic's choice for seat in a simulated future: from
// the listing without a source (the future's draws are its own), a
// witness's resolve only when it is all the seat may do.
func (s *strong) policy(g *game.Game, seat game.Colour, book *islandBook) (game.Action, bool) {
	legal := g.AppendLegal(s.h.buf[:0], seat, nil)
	s.h.buf = legal
	if len(legal) == 0 {
		return game.Action{}, false
	}
	if len(legal) == 1 {
		return legal[0], true
	}
	n := 0
	for _, a := range legal {
		if a.Kind != game.ActResolve {
			legal[n] = a
			n++
		}
	}
	legal = legal[:n]
	v := newView(g, seat)
	v.book = book
	return s.h.pick(v, legal), true
}

// value is seat's chance of winning from g: 1 or 0 once the game is over,
// otherwise a softmax of every seat's score (value.go).
func (s *strong) value(g *game.Game, seat game.Colour, book *islandBook) float64 {
	if g.Over() {
		if g.Winner() == seat {
			return 1
		}
		return 0
	}
	f := featuresOf(g, book)
	seats := g.Seats()
	var score [4]float64
	me, top := 0, math.Inf(-1)
	for i, c := range seats {
		score[i] = s.w.score(&f[i])
		top = max(top, score[i])
		if c == seat {
			me = i
		}
	}
	sum := 0.0
	for i := range seats {
		sum += math.Exp(score[i] - top)
	}
	return math.Exp(score[me]-top) / sum
}
