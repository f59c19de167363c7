package race

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund/engine"
)

// Position is a game of Race in progress.
type Position struct {
	setup engine.Setup
	goal  int
	st    State
}

var _ engine.Position = (*Position)(nil)

// Game is Rules.
func (p *Position) Game() engine.Game { return Rules{} }

// Setup is the set-up the game was made from.
func (p *Position) Setup() engine.Setup { return p.setup }

// State is the current *State; the caller must not change it.
func (p *Position) State() engine.State { return &p.st }

// Goal is the goal square (T2).
func (p *Position) Goal() int { return p.goal }

// Clone returns an independent copy.
func (p *Position) Clone() engine.Position {
	c := *p
	c.st = p.st.clone()
	return &c
}

// Turn is the number of turns begun.
func (p *Position) Turn() int { return p.st.Turn }

// Current is the seat to move.
func (p *Position) Current() string { return p.st.Current }

// Phase is roll, run or over.
func (p *Position) Phase() string { return p.st.Phase }

// Over reports whether a seat has won (T7).
func (p *Position) Over() bool { return p.st.Phase == PhaseOver }

// Awaited is the seat to move, until the game is over.
func (p *Position) Awaited() []string {
	if p.Over() {
		return nil
	}
	return []string{p.st.Current}
}

// Owed is empty: Race has no decisions.
func (p *Position) Owed() []engine.Owed { return nil }

// Winners is the winning seat once the game is over.
func (p *Position) Winners() []string {
	if p.st.Winner == "" {
		return nil
	}
	return []string{p.st.Winner}
}

// Dice is the turn's roll, or nil before it.
func (p *Position) Dice() []int {
	if p.st.Roll == 0 {
		return nil
	}
	return []int{p.st.Roll}
}

// BeginsTurn reports whether seat is to move and has not rolled.
func (p *Position) BeginsTurn(seat string) bool {
	return !p.Over() && seat == p.st.Current && p.st.Phase == PhaseRoll
}

// Runners returns the squares of seat's runners a and b.
func (p *Position) Runners(seat string) [2]int { return p.st.Runners[seat] }

// Legal lists what seat may do now: roll before the roll, then run each
// runner that is not home (T3, T4).
func (p *Position) Legal(seat string, _ engine.Source) []engine.Action {
	if p.Over() || seat != p.st.Current {
		return nil
	}
	if p.st.Phase == PhaseRoll {
		return []engine.Action{Action{}}
	}
	var out []engine.Action
	for i, sq := range p.st.Runners[seat] {
		if sq < p.goal {
			out = append(out, Action{Run: true, Runner: i})
		}
	}
	return out
}

// Apply plays seat's move, all of it or none (a *engine.RuleError naming
// the first action that breaks a rule), and returns what it caused.
func (p *Position) Apply(seat string, move []engine.Action, src engine.Source) ([]string, error) {
	as, bad := engine.Own[Action](move)
	if bad >= 0 {
		return nil, &engine.RuleError{Rule: "T3", Action: move[bad].String(), Reason: "not a race action"}
	}
	st := p.st.clone()
	var events []string
	for _, ra := range as {
		ev, err := p.step(&st, seat, ra, src)
		if err != nil {
			return nil, err
		}
		events = append(events, ev...)
	}
	p.st = st
	return events, nil
}

// step applies one action to st.
func (p *Position) step(st *State, seat string, a Action, src engine.Source) ([]string, error) {
	refuse := func(rule, format string, args ...any) error {
		return &engine.RuleError{Rule: rule, Action: a.String(), Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case st.Phase == PhaseOver:
		return nil, refuse("T7", "the game is over: %s won", st.Winner)
	case seat != st.Current:
		return nil, refuse("T6", "it is %s's turn, not %s's", st.Current, seat)
	case !a.Run && st.Phase != PhaseRoll:
		return nil, refuse("T3", "%s rolled %d already this turn", seat, st.Roll)
	case !a.Run:
		st.Roll, st.Phase = 1+src.Intn(Stream, 6), PhaseRun
		return []string{fmt.Sprintf("%s rolls %d", seat, st.Roll)}, nil
	case st.Phase != PhaseRun:
		return nil, refuse("T3", "%s rolls first", seat)
	case st.Runners[seat][a.Runner] == p.goal:
		return nil, refuse("T4", "%s's runner %s is home already", seat, runnerName(a.Runner))
	}
	return p.run(st, seat, a.Runner), nil
}

// run moves seat's runner forward by the roll, bumps the other seat's
// runners where it ends, and ends the turn or the game (T4–T7).
func (p *Position) run(st *State, seat string, runner int) []string {
	rs := st.Runners[seat]
	rs[runner] = min(rs[runner]+st.Roll, p.goal)
	st.Runners[seat] = rs
	to := rs[runner]
	events := []string{fmt.Sprintf("%s's runner %s runs to %d", seat, runnerName(runner), to)}
	if to == p.goal {
		events[0] = fmt.Sprintf("%s's runner %s is home", seat, runnerName(runner))
	} else {
		events = append(events, p.bump(st, seat, to)...)
	}
	if rs[0] == p.goal && rs[1] == p.goal {
		st.Winner, st.Phase = seat, PhaseOver
		return append(events, seat+" wins")
	}
	i := slices.Index(p.setup.Seats, seat)
	st.Current, st.Roll, st.Phase = p.setup.Seats[1-i], 0, PhaseRoll
	st.Turn++
	return events
}

// bump sends the other seat's runners on square back to the start (T5).
func (p *Position) bump(st *State, seat string, square int) []string {
	var events []string
	for _, other := range p.setup.Seats {
		if other == seat {
			continue
		}
		rs := st.Runners[other]
		for i := range rs {
			if rs[i] == square {
				rs[i] = 0
				events = append(events, fmt.Sprintf("%s's runner %s is bumped back to the start", other, runnerName(i)))
			}
		}
		st.Runners[other] = rs
	}
	return events
}

// Edit applies sandbox edits, all of them or none; the result must be a
// consistent position (a *engine.StateError otherwise).
func (p *Position) Edit(edits []engine.Edit) error {
	st := p.st.clone()
	if st.Phase == PhaseOver {
		// A finished game edited back into play resumes at a roll.
		st.Roll = 0
	}
	es, bad := engine.Own[Edit](edits)
	if bad >= 0 {
		return &engine.StateError{Field: "edit", Reason: fmt.Sprintf("%q is not a race edit", edits[bad].String())}
	}
	for _, re := range es {
		if !slices.Contains(p.setup.Seats, re.Seat) {
			return &engine.StateError{Field: "edit", Reason: fmt.Sprintf("%s: %q is not a seat of this game", re, re.Seat)}
		}
		if re.Turn {
			st.Current, st.Roll = re.Seat, 0
			continue
		}
		if re.Square > p.goal {
			return &engine.StateError{Field: "edit", Reason: fmt.Sprintf("%s: square %d is past the goal %d (T2)", re, re.Square, p.goal)}
		}
		rs := st.Runners[re.Seat]
		rs[re.Runner] = re.Square
		st.Runners[re.Seat] = rs
	}
	st.Phase, st.Winner = PhaseRoll, ""
	if st.Roll != 0 {
		st.Phase = PhaseRun
	}
	for _, c := range p.setup.Seats {
		if rs := st.Runners[c]; rs[0] == p.goal && rs[1] == p.goal {
			st.Winner, st.Phase = c, PhaseOver
		}
	}
	if err := check(p.setup.Seats, p.goal, &st); err != nil {
		return err
	}
	p.st = st
	return nil
}

// Check reports whether the position is consistent.
func (p *Position) Check() error { return check(p.setup.Seats, p.goal, &p.st) }
