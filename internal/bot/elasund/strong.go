package elasund

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// strong plays by simulation: it lets the heuristic propose a few
// candidate actions, plays each forward through simulated futures (its
// own dice and draws, every seat played by the heuristic) to a horizon,
// scores the end of each future as a chance of winning, and takes the
// candidate with the best average. See the package comment for the
// design.
type strong struct {
	p     searchParams
	w     weights
	rank  *heuristic // proposes and orders the candidates
	seeds *rand.Rand // one base seed per decision
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
	// Horizon is how many turns a future runs: it stops when that many
	// turns have begun after the one being played (the player's own turn
	// counts as the first), before the next roll.
	Horizon int
	// Temp is the temperature, in gold, of the softmax that turns the
	// seats' values at the end of a future into chances of winning.
	Temp float64
	// MaxCandidates bounds the candidates of one decision.
	MaxCandidates int
	// PerKind bounds the candidates of one kind of action (builds,
	// permits, discards, ...), best heuristic scores first.
	PerKind int
}

// defaultSearch is the strong level's search. Its budget keeps a decision
// well under a second on one core (BenchmarkStrongDecision).
var defaultSearch = searchParams{
	Rollouts:      96,
	Horizon:       4,
	Temp:          10,
	MaxCandidates: 10,
	PerKind:       4,
}

func newStrong(seed uint64, p searchParams, w weights) *strong {
	return &strong{
		p:     p,
		w:     w.prepared(),
		rank:  newHeuristic(seed^0x7374726f6e67, w),
		seeds: rand.New(rand.NewPCG(seed, 0x736561726368)),
	}
}

// Choose returns the action the search prefers among p.Legal(seat, src).
func (s *strong) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return choose(s, p, seat, src)
}

// choose returns the action the search prefers among g.Legal(seat, peek).
// peek goes to Legal only, and never in the roll phase, where Legal would
// show what the coming roll allows: the player always rolls explicitly.
func (s *strong) choose(g *game.Game, seat game.Colour, peek engine.Source) (game.Action, error) {
	if g.View().Phase == game.PhaseRoll {
		peek = nil
	}
	legal := g.Legal(seat, peek)
	if len(legal) == 0 {
		return game.Action{}, noAction(g, seat)
	}
	if g.View().Phase == game.PhaseRoll || len(legal) == 1 {
		return legal[0], nil
	}
	cands := s.candidates(g, seat, legal)
	if len(cands) == 1 {
		return cands[0].a, nil
	}
	return s.search(g, seat, legal, cands), nil
}

// candidate is an action the search considers: its heuristic gain and
// the total value of the futures played after it.
type candidate struct {
	a     game.Action
	prior float64
	sum   float64
}

// candidates asks the heuristic to score legal and keeps the best few of
// each kind, best first; the heuristic's own choice is always among them.
func (s *strong) candidates(g *game.Game, seat game.Colour, legal []game.Action) []candidate {
	var all []candidate
	pick := s.rank.pick(g, seat, legal, func(a game.Action, gain float64) {
		all = append(all, candidate{a: a, prior: gain})
	})
	slices.SortStableFunc(all, func(x, y candidate) int {
		switch {
		case x.prior > y.prior:
			return -1
		case x.prior < y.prior:
			return 1
		}
		return 0
	})
	var out []candidate
	perKind := map[game.ActionKind]int{}
	has := false
	for _, c := range all {
		if len(out) == s.p.MaxCandidates {
			break
		}
		if perKind[c.a.Kind] == s.p.PerKind || slices.ContainsFunc(out, func(o candidate) bool { return sameAction(o.a, c.a) }) {
			continue
		}
		perKind[c.a.Kind]++
		out = append(out, c)
		has = has || sameAction(c.a, pick)
	}
	if !has {
		out = append([]candidate{{a: pick, prior: math.Inf(1)}}, out...)
		if len(out) > s.p.MaxCandidates {
			out = out[:s.p.MaxCandidates]
		}
	}
	return out
}

// search shares the rollout budget among the candidates by sequential
// halving: each round plays every surviving candidate through the same
// new futures (common random numbers, so candidates are compared on equal
// dice) and keeps the better half, until one is left.
func (s *strong) search(g *game.Game, seat game.Colour, legal []game.Action, cands []candidate) game.Action {
	base := s.seeds.Uint64()
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
				cands[i].sum += s.rollout(g, seat, legal, cands[i].a, futureSeed(base, k))
			}
		}
		played += per
		budget -= per * len(alive)
		rounds = max(1, rounds-1)
		slices.SortStableFunc(alive, func(x, y int) int {
			cx, cy := &cands[x], &cands[y]
			switch {
			case cx.sum > cy.sum:
				return -1
			case cx.sum < cy.sum:
				return 1
			case cx.prior > cy.prior:
				return -1
			case cx.prior < cy.prior:
				return 1
			}
			return x - y
		})
		alive = alive[:(len(alive)+1)/2]
	}
	return cands[alive[0]].a
}

// futureSeed is the seed of the k-th simulated future of a decision.
func futureSeed(base uint64, k int) uint64 {
	return base ^ (uint64(k+1) * 0x9e3779b97f4a7c15)
}

// rollout plays a for seat in a copy of g, then every seat by the
// heuristic with the future's own dice and draws, until the horizon or the
// end of the game, and returns seat's chance of winning there.
func (s *strong) rollout(g *game.Game, seat game.Colour, legal []game.Action, a game.Action, seed uint64) float64 {
	rng := game.NewSeededRand(seed)
	c := g.Clone()
	if _, err := c.Apply(seat, []game.Action{a}, s.rootRand(g, legal, a, rng)); err != nil {
		return 0
	}
	stop := g.View().Turn + s.p.Horizon
	var pol [5]*heuristic
	for steps := 0; !c.Over() && steps < 4000; steps++ {
		st := c.View()
		if st.Phase == game.PhaseRoll {
			if st.Turn >= stop {
				break
			}
			if _, err := c.Apply(st.Current, []game.Action{{Kind: game.ActRoll}}, rng); err != nil {
				break
			}
			continue
		}
		who := st.WaitingFor[0]
		options := c.Legal(who, rng.Copy())
		if len(options) == 0 {
			break
		}
		b := options[0]
		if len(options) > 1 {
			if pol[who] == nil {
				pol[who] = newHeuristic(seed^uint64(who)*0x6a09e667f3bcc909, s.w)
			}
			b = pol[who].pick(c, who, options, nil)
		}
		if _, err := c.Apply(who, []game.Action{b}, rng); err != nil {
			break
		}
	}
	return s.value(c, seat)
}

// rootRand is the random source a candidate a is applied with in a
// future: rng, except that a first church build draws the two tiles Legal
// showed (R78), which the builder has seen.
func (s *strong) rootRand(g *game.Game, legal []game.Action, a game.Action, rng engine.Rand) engine.Rand {
	if a.Kind != game.ActChurch || a.Tile == game.NoTile {
		return rng
	}
	stack := g.View().Supply.ChurchStack
	other := game.NoTile
	for _, b := range legal {
		if b.Kind == game.ActChurch && b.Tile != game.NoTile && b.Tile != a.Tile {
			other = b.Tile
		}
	}
	i := slices.Index(stack, a.Tile)
	if i < 0 {
		return rng
	}
	cr := &churchRand{base: rng, draws: []int{i}}
	if other != game.NoTile {
		rest := slices.Delete(slices.Clone(stack), i, i+1)
		if j := slices.Index(rest, other); j >= 0 {
			cr.draws = append(cr.draws, j)
		}
	}
	return cr
}

// churchRand gives fixed church draws first, then defers to base.
type churchRand struct {
	base  engine.Rand
	draws []int
}

// Intn returns the next fixed church draw on the church stream while one
// is left, and base's draw otherwise.
func (r *churchRand) Intn(st string, n int) int {
	if st == game.StreamChurch && len(r.draws) > 0 {
		d := r.draws[0]
		r.draws = r.draws[1:]
		return d % max(n, 1)
	}
	return r.base.Intn(st, n)
}

// value is seat's chance of winning from g: 1 or 0 once the game is over,
// otherwise a softmax of every seat's value (its holdings and its plans,
// as the heuristic scores them, each from its own seat's view).
func (s *strong) value(g *game.Game, seat game.Colour) float64 {
	st := g.View()
	if st.Winner != nil {
		if *st.Winner == seat {
			return 1
		}
		return 0
	}
	cfg := g.Config()
	m := newModel(&cfg, st, seat)
	var v [5]float64
	for _, c := range cfg.Seats {
		m.me = c
		e := newEvaluator(&s.w, m)
		v[c] = e.seatValue(m, c) + e.plans(m)
	}
	sum := 0.0
	for _, c := range cfg.Seats {
		sum += math.Exp((v[c] - v[seat]) / s.p.Temp)
	}
	return 1 / sum
}

// sameAction reports whether two actions are the same (Action holds a
// slice, so it is not comparable).
func sameAction(a, b game.Action) bool {
	return a.Kind == b.Kind && a.Building == b.Building && a.At == b.At && a.To == b.To &&
		a.Colour == b.Colour && a.Value == b.Value && a.Row == b.Row && a.Dir == b.Dir &&
		a.Wall == b.Wall && a.Tile == b.Tile && a.Cards == b.Cards && a.None == b.None &&
		a.Order == b.Order && slices.Equal(a.Priority, b.Priority)
}
