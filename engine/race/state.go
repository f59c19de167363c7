package race

import (
	"fmt"
	"maps"
	"slices"

	"github.com/elasund/elasund/engine"
)

// The phases of a turn: the seat rolls, then runs (T3, T4); over once a
// seat has won (T7).
const (
	PhaseRoll = "roll"
	PhaseRun  = "run"
	PhaseOver = "over"
)

// State is Race's state as a turn file stores it and `show --json` prints
// it.
type State struct {
	// Turn is the number of turns begun.
	Turn int `json:"turn"`
	// Current is the seat to move.
	Current string `json:"current"`
	// Phase is roll, run or over.
	Phase string `json:"phase"`
	// Roll is the turn's die, 0 before the roll.
	Roll int `json:"roll"`
	// Runners holds each seat's squares of its runners a and b.
	Runners map[string][2]int `json:"runners"`
	// Winner is the seat that won, "" while the game goes on.
	Winner string `json:"winner"`
}

func (s State) clone() State {
	s.Runners = maps.Clone(s.Runners)
	return s
}

// check reports whether st is a consistent position of a game with these
// seats and this goal: every seat's runners on the track, the phase
// matching the roll, and a winner exactly when a seat is home with both
// runners (T2–T7).
func check(seats []string, goal int, st *State) error {
	bad := func(field, format string, args ...any) error {
		return &engine.StateError{Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	if st.Turn < 1 {
		return bad("turn", "%d, want 1 or more", st.Turn)
	}
	if !slices.Contains(seats, st.Current) {
		return bad("current", "%q is not a seat", st.Current)
	}
	if len(st.Runners) != len(seats) {
		return bad("runners", "%d seats, want %d (T1)", len(st.Runners), len(seats))
	}
	var home []string
	for _, c := range seats {
		rs, ok := st.Runners[c]
		if !ok {
			return bad("runners", "no runners for %s (T2)", c)
		}
		for i, sq := range rs {
			if sq < 0 || sq > goal {
				return bad("runners", "%s's runner %c on %d, off the track 0 to %d (T2)", c, 'a'+i, sq, goal)
			}
		}
		if rs[0] == goal && rs[1] == goal {
			home = append(home, c)
		}
	}
	switch {
	case len(home) > 1:
		return bad("runners", "both seats have both runners home (T7)")
	case len(home) == 1 && (st.Winner != home[0] || st.Phase != PhaseOver):
		return bad("winner", "%s has both runners home and must be the winner, the game over (T7)", home[0])
	case len(home) == 0 && (st.Winner != "" || st.Phase == PhaseOver):
		return bad("winner", "%q won with a runner not home (T7)", st.Winner)
	}
	switch st.Phase {
	case PhaseRoll:
		if st.Roll != 0 {
			return bad("roll", "%d before the roll (T3)", st.Roll)
		}
	case PhaseRun:
		if st.Roll < 1 || st.Roll > 6 {
			return bad("roll", "%d, want a die of 1 to 6 (T3)", st.Roll)
		}
	case PhaseOver:
	default:
		return bad("phase", "%q, want roll, run or over", st.Phase)
	}
	return nil
}
