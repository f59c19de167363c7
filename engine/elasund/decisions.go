package elasund

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/elasund/elasund/engine"
)

// Decision batches: which event a group of pending decisions belongs to.
const (
	batchPirate   = "pirate"   // discards after a raid (R42)
	batchShortage = "shortage" // influence discards in a shortage (R35)
	batchTake     = "take"     // the chosen pirate reward (V9)
	batchRebuild  = "rebuild"  // displaced starters (R67)
)

func batchOf(p Pending) string {
	switch {
	case p.Kind == PendingRebuild:
		return batchRebuild
	case p.Kind == PendingTake:
		return batchTake
	case p.Cards == "influence":
		return batchShortage
	}
	return batchPirate
}

// allowed lists the card kinds a discard may use.
func (p Pending) allowed() []Card {
	if p.Cards == "influence" {
		return InfluenceCards
	}
	return []Card{Gold, BlueCard, GreenCard, YellowCard}
}

// settle resolves every pending decision that needs no choice (or that
// standing orders answer), then either waits for the rest or resumes the
// turn once none is left.
func (g *Game) settle(rng engine.Rand) {
	st := g.st
	if len(st.Pending) == 0 {
		return
	}
	g.settleBatch(batchOf(st.Pending[0]), rng)
}

func (g *Game) settleBatch(batch string, rng engine.Rand) {
	st := g.st
	for progress := true; progress && len(st.Pending) > 0; {
		progress = false
		for i := 0; i < len(st.Pending); i++ {
			p := st.Pending[i]
			if p.Kind == PendingRebuild && i > 0 {
				break // rebuilds are sequential (R67)
			}
			a, ok := g.autoDecision(p)
			if !ok {
				continue
			}
			g.resolve(i, a)
			progress = true
			i--
		}
	}
	if len(st.Pending) > 0 {
		st.Phase = PhaseDecide
		if first := st.Pending[0]; first.Kind != PendingDiscard {
			g.waitFor(first.Seat)
		} else {
			// At least one seat: the first decision is a discard.
			st.WaitingFor = st.WaitingFor[:0]
			var order [4]Colour
			for _, c := range g.fromActive(&order) {
				if g.pendingFor(c, PendingDiscard) >= 0 {
					st.WaitingFor = append(st.WaitingFor, c)
				}
			}
		}
		return
	}
	switch batch {
	case batchPirate:
		g.reward(rng)
	case batchShortage:
		g.finishShortage(rng)
	case batchTake:
		g.returnPool()
		g.toBuild()
	case batchRebuild:
		g.afterBuildStep()
	}
}

// autoDecision returns the action that settles p without asking, when there
// is no real choice or the seat's standing orders give the answer.
func (g *Game) autoDecision(p Pending) (Action, bool) {
	st := g.st
	pl := st.Players[p.Seat]
	switch p.Kind {
	case PendingDiscard:
		var held Hand
		for _, k := range p.allowed() {
			held.add(k, pl.Count(k))
		}
		if p.Count >= held.Total() {
			return Action{Kind: ActDiscard, Cards: held}, true
		}
		if distinctKinds(held) == 1 || len(pl.Orders.Discard) > 0 {
			order := append(append([]Card{}, pl.Orders.Discard...), Gold, BlueCard, GreenCard, YellowCard)
			var pay Hand
			left := p.Count
			for _, k := range order {
				n := min(left, held.Of(k)-pay.Of(k))
				if n > 0 {
					pay.add(k, n)
					left -= n
				}
			}
			return Action{Kind: ActDiscard, Cards: pay}, true
		}
	case PendingTake:
		if pool := st.Pool; pool != nil && (p.Count >= pool.Total() || distinctKinds(*pool) == 1) {
			var h Hand
			left := p.Count
			for _, k := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
				n := min(left, pool.Of(k))
				h.add(k, n)
				left -= n
			}
			return Action{Kind: ActTake, Cards: h}, true
		}
	case PendingRebuild:
		spots := g.rebuildSquares(p.Seat, p.Building)
		if spots == (squareSet{}) {
			return Action{Kind: ActRebuild, Building: p.Building, None: true}, true
		}
		if pl.Orders.Rebuild == "nearest" && p.At != nil {
			return Action{Kind: ActRebuild, Building: p.Building, At: nearest(&spots, *p.At)}, true
		}
	}
	return Action{}, false
}

// nearest picks the square of spots (not empty) closest to from; ties go
// north, then west.
func nearest(spots *squareSet, from Square) Square {
	var best Square
	bestD := -1
	for r, m := range spots {
		for ; m != 0; m &= m - 1 {
			s := Square{Col: bits.TrailingZeros16(m), Row: r}
			d := abs(s.Col-from.Col) + abs(s.Row-from.Row)
			if bestD < 0 || d < bestD || d == bestD && (s.Row < best.Row || s.Row == best.Row && s.Col < best.Col) {
				best, bestD = s, d
			}
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// resolve carries out pending decision i with a checked action.
func (g *Game) resolve(i int, a Action) {
	st := g.st
	p := st.Pending[i]
	g.own(ownPending)
	st.Pending = slices.Delete(st.Pending, i, i+1)
	pl := st.Players[p.Seat]
	switch p.Kind {
	case PendingDiscard:
		pl.Gold -= a.Cards.Gold
		for _, c := range InfluenceCards {
			pl.Influence.add(c, -a.Cards.Of(c))
		}
		toPool := p.Cards == "any" && st.Pool != nil &&
			!(g.cfg.Options.PirateRewardChoose && p.Seat == st.Current)
		if toPool {
			st.Pool.Gold += a.Cards.Gold
			for _, c := range InfluenceCards {
				st.Pool.add(c, a.Cards.Of(c))
			}
		} else {
			st.Supply.Gold += a.Cards.Gold
			for _, c := range InfluenceCards {
				st.Supply.InfluenceDiscard.add(c, a.Cards.Of(c))
			}
		}
		if g.logging() {
			g.emit(p.Seat.String(), " discards ", g.handText(a.Cards))
		}
	case PendingTake:
		g.giveFromPool(p.Seat, a.Cards)
	case PendingRebuild:
		if a.None {
			g.emit(p.Seat.String(), "'s ", p.Building.String(), " leaves the game")
			return
		}
		if g.cfg.Options.HutOnOwnPermit {
			sp := p.Building.spec()
			sq, _ := footprint(a.At, sp.W, sp.H)
			g.own(ownPermits)
			for j := len(st.Permits) - 1; j >= 0; j-- {
				if slices.Contains(sq, st.Permits[j].At) {
					pl.Permits = append(pl.Permits, st.Permits[j].Value)
					st.Permits = slices.Delete(st.Permits, j, j+1)
				}
			}
		}
		g.own(ownBuildings)
		st.Buildings = append(st.Buildings, Building{Kind: p.Building, Owner: p.Seat, At: a.At})
		g.emit(p.Seat.String(), " rebuilds the ", p.Building.String(), " on ", a.At.String())
	}
}

// rebuildSquares is the set of the anchors where seat's starter k may be
// rebuilt (R68, V15).
func (g *Game) rebuildSquares(seat Colour, k Kind) (set squareSet) {
	var tmp index
	ix := g.boardIndex(&tmp)
	sp := k.spec()
	for r := 0; r < NumRows; r++ {
		for c := 0; c < min(cityCols(g.players()), NumCols); c++ {
			if g.rebuildFits(ix, seat, Square{Col: c, Row: r}, sp) {
				set.add(c, r)
			}
		}
	}
	return set
}

func (g *Game) rebuildFits(ix *index, seat Colour, a Square, sp *Spec) bool {
	// Every square of the footprint on the board, and each of them fit.
	for dr := 0; dr < sp.H; dr++ {
		for dc := 0; dc < sp.W; dc++ {
			if !(Square{Col: a.Col + dc, Row: a.Row + dr}).onBoard() {
				return false
			}
		}
	}
	for dr := 0; dr < sp.H; dr++ {
		for dc := 0; dc < sp.W; dc++ {
			if !g.rebuildSquareFits(ix, seat, Square{Col: a.Col + dc, Row: a.Row + dr}) {
				return false
			}
		}
	}
	return true
}

// rebuildSquareFits reports whether the square s of a rebuilt starter's
// footprint may take it (R68, V15).
func (g *Game) rebuildSquareFits(ix *index, seat Colour, s Square) bool {
	if !inCity(s, g.players()) || tradeValue(s, g.players()) > 0 ||
		ix.bld[s.Col][s.Row] != 0 || ix.church[s.Col][s.Row] || g.bareFoundation(s) {
		return false
	}
	if i := ix.permit[s.Col][s.Row]; i != 0 {
		if !g.cfg.Options.HutOnOwnPermit || g.st.Permits[i-1].Owner != seat {
			return false
		}
	}
	return true
}

// pendingFor returns the index of the first decision seat owes, or -1.
func (g *Game) pendingFor(seat Colour, kind string) int {
	for i, p := range g.st.Pending {
		if p.Seat == seat && p.Kind == kind {
			return i
		}
	}
	return -1
}

// awaitedDecisions says, for a seat the game does not wait for, which
// decisions it waits for and why: "blue's cottage on B8 was displaced,
// and blue decides whether to rebuild it".
func (g *Game) awaitedDecisions() string {
	var out []string
	for _, p := range g.st.Pending {
		if !g.waiting(p.Seat) {
			continue
		}
		switch p.Kind {
		case PendingDiscard:
			out = append(out, fmt.Sprintf("%s must discard %s", p.Seat, counted(p.Count, "card")))
		case PendingTake:
			out = append(out, fmt.Sprintf("%s takes %s from the pirate pool", p.Seat, counted(p.Count, "card")))
		case PendingRebuild:
			where := ""
			if p.At != nil {
				where = " on " + p.At.String()
			}
			out = append(out, fmt.Sprintf("%s's %s%s was displaced, and %s decides whether to rebuild it", p.Seat, p.Building, where, p.Seat))
		}
	}
	if len(out) == 0 {
		return "a decision is owed"
	}
	return strings.Join(out, "; ")
}

func (g *Game) describePending(seat Colour) string {
	for _, p := range g.st.Pending {
		if p.Seat != seat {
			continue
		}
		switch p.Kind {
		case PendingDiscard:
			if p.Cards == "influence" {
				return fmt.Sprintf("%s must discard %s", seat, counted(p.Count, "influence card"))
			}
			return fmt.Sprintf("%s must discard %s", seat, counted(p.Count, "card"))
		case PendingTake:
			return fmt.Sprintf("%s takes %s from the pirate pool", seat, counted(p.Count, "card"))
		case PendingRebuild:
			return fmt.Sprintf("%s may rebuild the %s (rebuild %s <square> or rebuild %s none)", seat, p.Building, p.Building, p.Building)
		}
	}
	return "waiting for " + listColours(g.st.WaitingFor)
}

func (g *Game) discard(seat Colour, a Action, rng engine.Rand) error {
	i := g.pendingFor(seat, PendingDiscard)
	if i < 0 {
		return ruleErr("R105", a, "%s owes no discard", seat)
	}
	p := g.st.Pending[i]
	rule := "R42"
	if p.Cards == "influence" {
		rule = "R35"
		if a.Cards.Gold > 0 {
			return ruleErr(rule, a, "a shortage discard is of influence cards only")
		}
	}
	if a.Cards.Total() != p.Count {
		return ruleErr(rule, a, "%s must discard exactly %s, not %d", seat, counted(p.Count, "card"), a.Cards.Total())
	}
	if err := g.holds(seat, a, a.Cards, rule); err != nil {
		return err
	}
	batch := batchOf(p)
	g.resolve(i, a)
	g.settleBatch(batch, rng)
	return nil
}

func (g *Game) holds(seat Colour, a Action, h Hand, rule string) error {
	pl := g.st.Players[seat]
	for _, k := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
		if h.Of(k) > pl.Count(k) {
			return ruleErr(rule, a, "%s holds only %d %s", seat, pl.Count(k), g.cfg.CardName(k))
		}
	}
	return nil
}

func (g *Game) take(seat Colour, a Action, rng engine.Rand) error {
	i := g.pendingFor(seat, PendingTake)
	if i < 0 {
		return ruleErr("R43", a, "%s has no pirate reward to take", seat)
	}
	p := g.st.Pending[i]
	if a.Cards.Total() != p.Count {
		return ruleErr("R43", a, "take exactly %s", counted(p.Count, "card"))
	}
	for _, k := range cardKinds {
		if a.Cards.Of(k) > g.st.Pool.Of(k) {
			return ruleErr("R43", a, "the pool holds only %d %s", g.st.Pool.Of(k), g.cfg.CardName(k))
		}
	}
	g.resolve(i, a)
	g.settleBatch(batchTake, rng)
	return nil
}

func (g *Game) rebuild(seat Colour, a Action, rng engine.Rand) error {
	st := g.st
	if len(st.Pending) == 0 || st.Pending[0].Kind != PendingRebuild || st.Pending[0].Seat != seat {
		return ruleErr("R67", a, "%s has no starter to rebuild now", seat)
	}
	i := -1
	for j, p := range st.Pending {
		if p.Seat == seat && p.Kind == PendingRebuild && p.Building == a.Building {
			i = j
			break
		}
	}
	if i < 0 {
		return ruleErr("R66", a, "%s's %s was not displaced", seat, a.Building)
	}
	if !a.None {
		sp := a.Building.spec()
		var tmp index
		if !g.rebuildFits(g.boardIndex(&tmp), seat, a.At, sp) {
			return ruleErr("R68", a, "a %s cannot be rebuilt on %s: it needs empty city squares with no permit and no trade field", a.Building, a.At)
		}
	}
	g.resolve(i, a)
	g.settleBatch(batchRebuild, rng)
	return nil
}

// orders sets a seat's standing orders (topic moves, R105) and lets them settle
// any decision the seat owes.
func (g *Game) orders(seat Colour, a Action, rng engine.Rand) error {
	p := g.st.Players[seat]
	switch a.Order {
	case "discard":
		if len(a.Priority) == 0 {
			return ruleErr("R105", a, "name the card kinds to discard first")
		}
		p.Orders.Discard = append([]Card{}, a.Priority...)
	case "rebuild":
		p.Orders.Rebuild = "nearest"
	case "ask":
		p.Orders = Orders{Discard: []Card{}, Rebuild: "ask"}
	default:
		return ruleErr("R105", a, "unknown standing order")
	}
	g.emit(seat.String(), " sets standing orders: ", a.String())
	if g.st.Phase == PhaseDecide {
		g.settle(rng)
	}
	return nil
}

// counted is a count with its noun for a refusal: "1 card", "2 cards".
// (Events keep their stored words; see templates.Plurals.)
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
