package turnfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/elasund/elasund/engine"
)

// A parallel entry (§2.6) holds entries that several seats signed on the
// same predecessor: decisions the game waits for from several seats at
// once (discards after a seven, answers to an offer, gold choices) and
// standing orders. Each part is an ordinary signed entry whose events and
// state are those of the part applied alone to the predecessor, as its
// seat saw it when signing; the parallel entry applies the parts one after
// another in seat order and carries the events and state of that. No part
// begins a turn or reveals a chain value, so combining copies chooses no
// random outcome: what the combination draws from the turn's streams is
// drawn where the same decisions made one after another would draw it.

// replayParallel checks a parallel entry against the game and applies it
// (§5 step 3 for a parallel entry): every part is a valid signed entry of
// its seat on the predecessor, and the parts applied in seat order give
// the entry's events and state.
func (g *Game) replayParallel(e *Entry) error {
	if g.file.Header.Sandbox || !g.turnChains {
		return &VerifyError{Entry: e.N, Reason: "parallel entries exist only in peer games of format 2 and later"}
	}
	if missing := g.unjoined(); len(missing) > 0 {
		return &VerifyError{Entry: e.N, Reason: fmt.Sprintf("a parallel entry before every seat joined (%s not yet)", missing[0])}
	}
	moves := make([][]engine.Action, len(e.Parts))
	for j := range e.Parts {
		p := &e.Parts[j]
		a, err := g.checkPart(p, e.N)
		if err != nil {
			return &VerifyError{Entry: e.N, Reason: fmt.Sprintf("part %d (%s)", j+1, p.Seat), Err: err}
		}
		moves[j] = a
	}
	r, err := g.combine(e.Parts, moves)
	if err != nil {
		return &VerifyError{Entry: e.N, Reason: "applying the parts one after another", Err: err}
	}
	if !slices.Equal(r.events, e.Events) {
		return &VerifyError{Entry: e.N, Reason: "events differ from the replay: " + eventsDiff(e.Events, r.events)}
	}
	h, err := g.stateHash(r.eng.State())
	if err != nil {
		return &VerifyError{Entry: e.N, Reason: "hashing the state", Err: err}
	}
	if !h.is(e.State) {
		return &VerifyError{Entry: e.N, Reason: fmt.Sprintf("state hash %s, but the parts applied in seat order give %s", e.State, h)}
	}
	g.accept(e, r)
	for j := range e.Parts {
		g.countOrders(e.Parts[j].Seat, ordersIn(moves[j]), false)
	}
	return g.linkOf(e, nil)
}

// checkPart checks that p could be the game's next entry on its own, as a
// part of a parallel entry: signed by its seat, revealing nothing, a
// decision or standing orders within the limits, with the events and
// state of its actions applied alone to the position. It returns the
// actions.
func (g *Game) checkPart(p *Entry, n int) ([]engine.Action, error) {
	cp := g.seats[p.Seat]
	if cp == nil || cp.joinN == 0 {
		return nil, fmt.Errorf("%s has not joined", p.Seat)
	}
	if !g.prev.is(p.Prev) || p.N != n {
		return nil, fmt.Errorf("a part is made on the entry before the parallel entry")
	}
	if _, err := checkSigOf(cp.key, p); err != nil {
		return nil, fmt.Errorf("signature: %w", err)
	}
	if g.revealIndex(p.Seat) > 0 || p.Reveal != "" {
		return nil, fmt.Errorf("an entry of %s now reveals a chain value (it begins a turn, or is the game's first): it cannot be made in parallel", p.Seat)
	}
	actions, err := g.parseActions(p.Actions)
	if err != nil {
		return nil, err
	}
	if want := kindOf(actions); p.Kind != want || want != EntryDecision && want != EntryOrders {
		return nil, fmt.Errorf("kind is %s, these actions make a %s entry, and a part is a decision or orders", p.Kind, want)
	}
	if err := g.checkLimits(p, actions); err != nil {
		return nil, err
	}
	r, err := g.run(p, actions, false)
	if err != nil {
		return nil, fmt.Errorf("replaying %s's %s: %w", p.Seat, p.Kind, err)
	}
	if !slices.Equal(r.events, p.Events) {
		return nil, fmt.Errorf("events differ from the replay: %s", eventsDiff(p.Events, r.events))
	}
	h, err := g.stateHash(r.eng.State())
	if err != nil {
		return nil, err
	}
	if !h.is(p.State) {
		return nil, fmt.Errorf("state hash %s, but the part applied alone gives %s", p.State, h)
	}
	return actions, nil
}

// combine applies the parts' actions one after another, in the order
// given, to a copy of the position, drawing from the turn's source where
// the last entry left it.
func (g *Game) combine(parts []Entry, moves [][]engine.Action) (*result, error) {
	if len(parts) == 0 || len(moves) != len(parts) {
		// Parse refuses such an entry (§2.6); a snapshot or a caller
		// that bypassed it gets an error, not a panic.
		return nil, fmt.Errorf("a parallel entry of %d parts", len(parts))
	}
	rng, turn := g.newSource(), -1
	if g.rng != nil {
		rng, turn = g.rng.Clone(), g.rngTurn
	}
	before := g.eng.Turn()
	eng := g.eng.Clone()
	events := []string{}
	src := g.entrySource(rng, parts[0].N, g.lastReveal)
	for j := range parts {
		ev, err := eng.Apply(parts[j].Seat, moves[j], src)
		if err != nil {
			return nil, fmt.Errorf("%s's part: %w", parts[j].Seat, err)
		}
		events = append(events, ev...)
	}
	return &result{turn: before, eng: eng, rng: rng, rngTurn: turn, events: events}, nil
}

// Combine adds a parallel entry made of parts: signed entries of
// different seats, each made on the game's last entry (as the copies of
// several seats that answered the same position hold them). The parts are
// put in seat order. It fails, changing nothing, unless every part is a
// valid entry on the last entry that reveals nothing, and the parts
// applied one after another are legal.
func (g *Game) Combine(parts []Entry) (*Entry, error) {
	if len(parts) < 2 {
		return nil, fmt.Errorf("a parallel entry has at least two parts")
	}
	order := map[string]int{}
	for i, s := range g.file.Header.Seats {
		order[s.Colour] = i
	}
	parts = slices.Clone(parts)
	slices.SortFunc(parts, func(a, b Entry) int { return order[a.Seat] - order[b.Seat] })
	for j := 1; j < len(parts); j++ {
		if parts[j].Seat == parts[j-1].Seat {
			return nil, fmt.Errorf("two parts of %s", parts[j].Seat)
		}
	}
	e := Entry{N: len(g.file.History) + 1, Prev: g.prev.String(), Kind: EntryParallel, Actions: []string{}, Parts: parts}
	moves := make([][]engine.Action, len(parts))
	for j := range parts {
		a, err := g.checkPart(&parts[j], e.N)
		if err != nil {
			return nil, fmt.Errorf("%s's entry %d: %w", parts[j].Seat, parts[j].N, err)
		}
		moves[j] = a
		e.At = max(e.At, parts[j].At)
	}
	r, err := g.combine(parts, moves)
	if err != nil {
		return nil, fmt.Errorf("the entries cannot be made one after another: %w", err)
	}
	e.Events = r.events
	st, err := StateHash(r.eng.State())
	if err != nil {
		return nil, err
	}
	e.State = st.String()
	block, err := g.checkSize(&e, r.eng.State(), MaxSize)
	if err != nil {
		return nil, err
	}
	g.accept(&e, r)
	for j := range parts {
		g.countOrders(parts[j].Seat, ordersIn(moves[j]), false)
	}
	return g.push(&e, block)
}

// PartSeats lists the seats of an entry: its seat, or its parts' seats.
func (e *Entry) PartSeats() []string {
	if e.Kind != EntryParallel {
		return []string{e.Seat}
	}
	out := make([]string, len(e.Parts))
	for i := range e.Parts {
		out[i] = e.Parts[i].Seat
	}
	return out
}

// Who names the seats of an entry for messages: "red", or "blue and white"
// for a parallel entry.
func (e *Entry) Who() string {
	s := e.PartSeats()
	if len(s) <= 2 {
		return strings.Join(s, " and ")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// Parallel lists the seats that may each make their next entry on this
// copy at once, their copies to be combined afterwards (§2.6): the awaited
// seats that owe a decision and whose entry would reveal nothing, when
// there are at least two of them (a game may narrow the list,
// engine.ParallelChecker); nil otherwise.
func (g *Game) Parallel() []string {
	if g.file.Header.Sandbox || !g.turnChains || len(g.unjoined()) > 0 || g.eng.Over() {
		return nil
	}
	owing := map[string]bool{}
	for _, o := range g.eng.Owed() {
		owing[o.Seat] = true
	}
	var out []string
	for _, s := range g.eng.Awaited() {
		if owing[s] && g.revealIndex(s) == 0 {
			out = append(out, s)
		}
	}
	if pc, ok := g.eng.(engine.ParallelChecker); ok && len(out) > 1 {
		out = pc.Parallel(out)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}
