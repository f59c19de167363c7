package elasund

import (
	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// heuristic plays by scoring the position each candidate action leads to
// (eval.go) and taking the best. It follows the phase order of a turn:
//
//   - roll: always an explicit roll, so it never looks at the dice before
//     they are rolled;
//   - ship direction (R27): production for everyone, plus the best phase-3
//     permit the resulting ship row allows;
//   - pirate row (R40-R43): cards lost by each seat (the leader's weigh
//     most, its own count against it), the tower reward, and the phase-3
//     row it opens;
//   - phase 2: each legal building, wall tile and church tile, taken while
//     one improves the score (two at most);
//   - phase 3: 2 gold or a permit on the square that does the most for
//     its planned buildings;
//   - phase 4: a special action when one beats ending the turn;
//   - decisions: the discard that keeps the most valuable hand, the pirate
//     reward worth most, the rebuild square worth most (nearest on ties).
//
// Positions after buildings, walls and church tiles come from the engine
// (a cloned game); phase 3 and special actions are simulated on the
// compact model. Hidden draws in simulations come from the player's own
// source, never from peek, so it learns nothing the rules hide: peek only
// goes to Legal, which shows the two tiles a first church build draws, as
// the builder would see them (R78).
type heuristic struct {
	w   weights
	sim *game.SeededRand
	// seen and kept are scratch space for dedupeColours, reused between
	// decisions.
	seen map[actionKey]int
	kept []game.Action
}

var (
	_ bot.Player = (*heuristic)(nil)
	_ chooser    = (*heuristic)(nil)
)

func newHeuristic(seed uint64, w weights) *heuristic {
	return &heuristic{w: w.prepared(), sim: game.NewSeededRand(seed ^ 0x6865757269737469)}
}

// Choose returns the action the heuristic prefers among p.Legal(seat, src).
func (h *heuristic) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return choose(h, p, seat, src)
}

// choose returns the action the heuristic prefers among g.Legal(seat, peek).
func (h *heuristic) choose(g *game.Game, seat game.Colour, peek engine.Source) (game.Action, error) {
	legal := g.Legal(seat, peek)
	if len(legal) == 0 {
		return game.Action{}, noAction(g, seat)
	}
	return h.pick(g, seat, legal, nil), nil
}

// pick returns the action the heuristic prefers among legal, the actions
// seat may take now in g, telling rec (when not nil) every candidate it
// scores.
func (h *heuristic) pick(g *game.Game, seat game.Colour, legal []game.Action, rec func(game.Action, float64)) game.Action {
	// Every decision sees fresh simulated draws; all candidates of one
	// decision see the same ones.
	h.sim.Intn(game.StreamDice, 2)
	d := &decision{h: h, g: g, seat: seat, legal: legal, rec: rec}
	d.cfg = g.Config()
	d.m0 = newModel(&d.cfg, g.View(), seat)
	d.e = newEvaluator(&h.w, d.m0)
	d.base = d.e.score(d.m0)
	switch g.View().Phase {
	case game.PhaseRoll:
		for _, a := range legal {
			if a.Kind == game.ActRoll {
				return a
			}
		}
	case game.PhaseShip:
		return d.ship()
	case game.PhaseDecide:
		return d.decide()
	case game.PhaseBuild, game.PhasePermit, game.PhaseSpecial:
		return d.turn()
	}
	return legal[0]
}

// decision is the context of one Choose call.
type decision struct {
	h     *heuristic
	g     *game.Game
	cfg   game.Config
	seat  game.Colour
	legal []game.Action
	m0    *model
	e     *evaluator
	base  float64
	// rec, when set, is told every candidate the decision scores and its
	// gain over the position now (the strong player ranks its candidates
	// with it); it does not change the choice.
	rec func(a game.Action, gain float64)
}

// choice is the best candidate found so far.
type choice struct {
	a     game.Action
	gain  float64
	found bool
	rec   func(a game.Action, gain float64)
}

// choice returns an empty choice that reports its offers to d.rec.
func (d *decision) choice() choice { return choice{rec: d.rec} }

func (c *choice) offer(a game.Action, gain float64) {
	if c.rec != nil {
		c.rec(a, gain)
	}
	if !c.found || gain > c.gain {
		*c = choice{a: a, gain: gain, found: true, rec: c.rec}
	}
}

// after applies a to a copy of the game with a copy of the player's own
// random source, or returns nil when the engine refuses it.
func (d *decision) after(a game.Action, rng engine.Rand) *game.Game {
	c := d.g.Clone()
	if rng == nil {
		rng = d.h.sim.Copy()
	}
	if _, err := c.Apply(d.seat, []game.Action{a}, rng); err != nil {
		return nil
	}
	return c
}

// scoreGame scores a game position from the deciding seat's view.
func (d *decision) scoreGame(g *game.Game) float64 {
	cfg := g.Config()
	return d.e.score(newModel(&cfg, g.View(), d.seat))
}

// turn chooses in phases 2, 3 and 4 of the seat's own turn.
func (d *decision) turn() game.Action {
	phase := d.g.View().Phase
	if phase == game.PhaseBuild {
		best := d.choice()
		for _, a := range d.h.dedupeColours(d.legal, d.m0.seat[d.seat]) {
			var v float64
			var ok bool
			switch a.Kind {
			case game.ActBuild, game.ActWall:
				if g := d.after(a, nil); g != nil {
					v, ok = d.scoreGame(g), true
				}
			case game.ActChurch:
				v, ok = d.church(a)
			}
			if ok {
				best.offer(a, v-d.base)
			}
		}
		if best.found && best.gain > 0 {
			return best.a
		}
	}
	best := d.choice()
	for _, a := range d.h.dedupeColours(d.legal, d.m0.seat[d.seat]) {
		inPhase3 := a.Kind == game.ActPermit || a.Kind == game.ActGold
		switch {
		case phase == game.PhaseSpecial && !inPhase3,
			phase != game.PhaseSpecial && inPhase3:
			m := *d.m0
			if m.simulate(a) {
				best.offer(a, d.e.score(&m)-d.base)
			}
		}
	}
	if best.found {
		return best.a
	}
	for _, a := range d.legal {
		if a.Kind == game.ActEnd {
			return a
		}
	}
	return d.legal[0]
}

// church scores a church build (R77-R81). The first tile goes on the
// foundation and is scored on the model, with a small preference for the
// church area that covers least of the seat's own pieces; later tiles are
// scored as the average over every tile the draw may give.
func (d *decision) church(a game.Action) (float64, bool) {
	if a.Tile != game.NoTile {
		m := *d.m0
		s := &m.seat[d.seat]
		s.gold -= churchCost
		m.bank += churchCost
		if s.cubes > 0 {
			s.cubes--
		}
		m.churchLeft--
		m.bare = false
		m.chur[game.Foundation.Col][game.Foundation.Row] = int8(d.seat)
		if s.cubes == 0 {
			m.winner = d.seat
		}
		return d.e.score(&m) + 0.1*d.churchArea(a.Tile), true
	}
	st := d.g.View()
	n := len(st.Supply.ChurchStack)
	if st.Supply.ChurchBottom != nil && n > 1 {
		n-- // the bottom tile comes last (R78)
	}
	total := 0.0
	for i := 0; i < n; i++ {
		g := d.after(a, &fixedRand{church: i, base: d.h.sim.Copy()})
		if g == nil {
			return 0, false
		}
		total += d.scoreGame(g)
	}
	return total / float64(max(n, 1)), n > 0
}

// churchArea scores the church area a first tile t fixes (R78): minus the
// seat's pieces that later tiles would clear, plus others' cube-bearing
// buildings.
func (d *decision) churchArea(t game.Tile) float64 {
	i := int(t) - 1
	pr0, pc0 := i/3, i%3
	m := d.m0
	v := 0.0
	seen := map[int8]bool{}
	for r := game.Foundation.Row - pr0; r < game.Foundation.Row-pr0+3; r++ {
		for c := game.Foundation.Col - pc0; c < game.Foundation.Col-pc0+3; c++ {
			if c < 0 || r < 0 || c >= m.cols || r >= game.NumRows {
				continue
			}
			if m.pOwn[c][r] == int8(d.seat) {
				v--
			}
			b := m.bldAt[c][r]
			if b == 0 || seen[b] {
				continue
			}
			seen[b] = true
			bl := m.blds[b-1]
			switch {
			case bl.Owner == d.seat:
				v -= 1 + float64(bl.Kind.Spec().Flags)*2
			case bl.Kind.Spec().Neutral:
				v += float64(bl.Kind.Spec().Flags)
			}
		}
	}
	return v
}

// ship chooses the ship direction or the pirate row.
func (d *decision) ship() game.Action {
	best := d.choice()
	for _, a := range d.legal {
		switch a.Kind {
		case game.ActShip:
			g := d.after(a, nil)
			if g == nil {
				continue
			}
			cfg := g.Config()
			m := newModel(&cfg, g.View(), d.seat)
			best.offer(a, d.e.score(m)+d.phase3Value(m, m.shipRow)-d.base)
		case game.ActPirate:
			best.offer(a, d.raid(a.Row)+d.phase3Value(d.m0, a.Row))
		}
	}
	if best.found {
		return best.a
	}
	return d.legal[0]
}

// raid scores a pirate in row (R41-R43): the cards each seat must discard,
// weighted toward the leader, the seat's own losses, and the tower reward.
func (d *decision) raid(row int) float64 {
	m := d.m0
	const cardValue = 0.8
	lead := 1
	for _, c := range d.cfg.Seats {
		if c != d.seat {
			lead = max(lead, cubesEach-m.seat[c].cubes)
		}
	}
	v, pool := 0.0, 0
	for _, c := range d.cfg.Seats {
		loss := min(m.cubesInRow(c, row), m.seat[c].cards())
		if c == d.seat {
			v -= cardValue * float64(loss)
			if !d.cfg.Options.PirateRewardChoose {
				pool += loss
			}
			continue
		}
		pool += loss
		placed := float64(cubesEach - m.seat[c].cubes)
		v += cardValue * float64(loss) * (0.2 + 0.6*placed/float64(lead))
	}
	return v + cardValue*float64(min(m.towers[d.seat], pool))
}

// phase3Value is what phase 3 is worth with the ship in row ship: the
// better of 2 gold and the best permit placement that needs no influence.
func (d *decision) phase3Value(m *model, ship int) float64 {
	base := d.e.score(m)
	g := *m
	g.simulate(game.Action{Kind: game.ActGold})
	best := d.e.score(&g) - base
	s := &m.seat[d.seat]
	for _, r := range m.permitRows(ship) {
		for c := 0; c < m.cols; c++ {
			if !m.empty(c, r) {
				continue
			}
			for v := 0; v < numPermits; v++ {
				if s.permits[v] == 0 || s.gold < v {
					continue
				}
				p := *m
				p.simulate(game.Action{Kind: game.ActPermit, Value: v, At: game.Square{Col: c, Row: r}})
				best = max(best, d.e.score(&p)-base)
			}
		}
	}
	return best
}

// decide answers a decision the game waits for: a discard, the pirate
// reward, or a starter rebuild.
func (d *decision) decide() game.Action {
	best := d.choice()
	var from *game.Square
	for _, p := range d.g.View().Pending {
		if p.Seat == d.seat && p.Kind == game.PendingRebuild && p.At != nil {
			at := *p.At
			from = &at
			break
		}
	}
	for _, a := range d.legal {
		switch a.Kind {
		case game.ActDiscard, game.ActTake:
			m := *d.m0
			sign := -1
			if a.Kind == game.ActTake {
				sign = 1
			}
			m.seat[d.seat].addHand(a.Cards, sign)
			best.offer(a, d.e.score(&m)-d.base)
		case game.ActRebuild:
			if a.None {
				best.offer(a, -1e3)
				continue
			}
			g := d.after(a, nil)
			if g == nil {
				continue
			}
			v := d.scoreGame(g) - d.base
			if from != nil {
				v -= 0.01 * float64(abs(a.At.Col-from.Col)+abs(a.At.Row-from.Row))
			}
			best.offer(a, v)
		}
	}
	if best.found {
		return best.a
	}
	return d.legal[0]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// actionKey is an action without the influence colour it pays with.
type actionKey struct {
	kind     game.ActionKind
	building game.Kind
	at, to   game.Square
	value    int
}

// dedupeColours keeps, of actions that differ only in the influence colour
// paid, the one paying the colour the seat holds most of, which keeps its
// hand balanced for sets of three colours (R39).
// The result is valid until the next call.
func (h *heuristic) dedupeColours(legal []game.Action, s seatInfo) []game.Action {
	if h.seen == nil {
		h.seen = map[actionKey]int{}
	}
	clear(h.seen)
	out := h.kept[:0]
	pos := h.seen
	defer func() { h.kept = out[:0] }()
	for _, a := range legal {
		if a.Colour == game.NoCard {
			out = append(out, a)
			continue
		}
		k := actionKey{a.Kind, a.Building, a.At, a.To, a.Value}
		i, ok := pos[k]
		if !ok {
			pos[k] = len(out)
			out = append(out, a)
			continue
		}
		if held(s, a.Colour) > held(s, out[i].Colour) {
			out[i] = a
		}
	}
	return out
}

func held(s seatInfo, c game.Card) int {
	if !c.Influence() {
		return 0
	}
	return s.infl[c-game.BlueCard]
}

// fixedRand is a random source whose church draw is fixed, so every tile a
// church build may draw can be scored (R79).
type fixedRand struct {
	church int
	base   engine.Rand
}

// Intn returns the fixed church draw for the church stream and defers to
// base otherwise.
func (f *fixedRand) Intn(s string, n int) int {
	if s == game.StreamChurch {
		return f.church % max(n, 1)
	}
	return f.base.Intn(s, n)
}
