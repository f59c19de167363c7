package seafarers

import (
	"math"
	"slices"

	game "github.com/elasund/elasund/engine/seafarers"
)

// candidates lists the actions among legal the search compares, the
// heuristic's own choice first: for a setup step, a discard, a gold or
// reward choice and the robber or pirate, the best few by the heuristic's
// own scores; for an offer, accepting and declining; in the trade and
// build phases, ending the turn, every settlement, city and wonder
// build, the next action of the best plans and the maritime trade toward
// each, a development card to buy or play, an offer and a ship move.
// Harbours, confirmations and withdrawals are the heuristic's alone.
func (s *strong) candidates(v *view, legal []game.Action) []game.Action {
	out := make([]game.Action, 0, s.p.MaxCandidates)
	add := func(a game.Action) {
		if len(out) < s.p.MaxCandidates && !slices.Contains(out, a) && slices.Contains(legal, a) {
			out = append(out, a)
		}
	}
	add(s.h.pick(v, legal))
	ranked := func(vals []float64) {
		for _, i := range byValue(vals) {
			add(legal[i])
		}
	}
	has := func(k game.ActionKind) bool {
		return slices.ContainsFunc(legal, func(a game.Action) bool { return a.Kind == k })
	}
	switch k := legal[0].Kind; {
	case k == game.ActPlace:
		opts := v.setupOptions(legal, s.p.MaxCandidates)
		vals := make([]float64, len(legal))
		for i := range vals {
			vals[i] = math.Inf(-1)
		}
		for _, o := range opts {
			vals[o.i] = o.val
		}
		ranked(vals)
	case k == game.ActDiscard, k == game.ActGold, k == game.ActReward:
		ps := v.plans(nil, v.search(noOverlay), v.targets())
		switch k {
		case game.ActDiscard:
			ranked(v.handValues(legal, game.ActDiscard, game.NoCard, -1, ps))
		case game.ActGold:
			ranked(v.handValues(legal, game.ActGold, game.NoCard, 1, ps))
		default:
			ranked(v.rewardValues(legal, ps))
		}
	case k == game.ActAccept, k == game.ActDecline:
		add(game.Action{Kind: game.ActAccept})
		add(game.Action{Kind: game.ActDecline})
	case has(game.ActHarbour):
	case k == game.ActRobber, k == game.ActPirate, k == game.ActSteal:
		ranked(v.robberValues(legal))
	case has(game.ActConfirm), has(game.ActWithdraw), has(game.ActRoll):
	default:
		s.turnCandidates(v, legal, add)
	}
	return out
}

// turnCandidates offers the actions of the trade and build phases to add,
// most promising first.
func (s *strong) turnCandidates(v *view, legal []game.Action, add func(game.Action)) {
	add(game.Action{Kind: game.ActEnd})
	for _, a := range legal {
		switch {
		case a.Kind == game.ActBuild && (a.Piece == game.Settlement || a.Piece == game.City),
			a.Kind == game.ActBuildWonder, a.Kind == game.ActWonder, a.Kind == game.ActAttack:
			add(a)
		}
	}
	net := v.search(noOverlay)
	ts := v.targets()
	ps := v.plans(legal, net, ts)
	for _, p := range ps[:min(4, len(ps))] {
		if a, ok := p.resolveNext(legal); ok {
			add(a)
		}
		if a, ok := v.tradeToward(p.cost, legal); ok {
			add(a)
		}
	}
	add(game.Action{Kind: game.ActBuy})
	if a, ok := s.h.playCard(v, legal, ps, net, ts); ok {
		add(a)
	}
	for _, a := range legal {
		if a.Kind == game.ActPlay && a.Card == game.Knight {
			add(a)
			break
		}
	}
	if a, ok := s.h.offer(v, legal, ps); ok {
		add(a)
	}
	if a, ok := s.h.moveShip(v, legal, net, ts); ok {
		add(a)
	}
}

// byValue returns the indices of vals that are not -Inf, largest first
// (ties in index order).
func byValue(vals []float64) []int {
	var idx []int
	for i, x := range vals {
		if !math.IsInf(x, -1) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case vals[a] > vals[b]:
			return -1
		case vals[a] < vals[b]:
			return 1
		}
		return 0
	})
	return idx
}
