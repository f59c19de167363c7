package race

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
)

// Action is one action of a move: "roll" or "run a" / "run b".
type Action struct {
	// Run is false for roll, true for a run.
	Run bool
	// Runner is the runner of a run: 0 for a, 1 for b.
	Runner int
}

var _ engine.Action = Action{}

// String is the action's canonical spelling.
func (a Action) String() string {
	if a.Run {
		return "run " + runnerName(a.Runner)
	}
	return "roll"
}

// Class is ClassMove: Race has no decisions and no standing orders.
func (Action) Class() engine.Class { return engine.ClassMove }

func runnerName(i int) string { return string(rune('a' + i)) }

// ParseMove reads a move: actions separated by ";" or line breaks, in any
// case, "#" starting a comment (engine.Lex; docs/race/rules.md, topic
// turn). Errors are *engine.NotationError.
func ParseMove(text string) ([]Action, error) {
	return parseEach(text, "no action given (roll, run a, run b)", parseAction)
}

// parseEach reads every part of text (engine.Lex) with parse; none is a
// *engine.NotationError saying none.
func parseEach[T any](text, none string, parse func(text string, ws []engine.Token) (T, error)) ([]T, error) {
	parts := engine.Lex(text)
	if len(parts) == 0 {
		return nil, &engine.NotationError{Input: text, Reason: none}
	}
	out := make([]T, 0, len(parts))
	for _, ws := range parts {
		x, err := parse(text, ws)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

func parseAction(text string, ws []engine.Token) (Action, error) {
	switch {
	case ws[0].Lower == "roll" && len(ws) == 1:
		return Action{}, nil
	case ws[0].Lower == "run" && len(ws) == 2:
		r, err := parseRunner(text, ws[1])
		return Action{Run: true, Runner: r}, err
	case ws[0].Lower == "run":
		return Action{}, &engine.NotationError{Input: text, Offset: ws[0].Off, Reason: "say which runner: run a, or run b"}
	}
	return Action{}, &engine.NotationError{Input: text, Offset: ws[0].Off, Reason: fmt.Sprintf("%q is not a race action (roll, run a, run b)", joinWords(ws))}
}

func parseRunner(text string, w engine.Token) (int, error) {
	switch w.Lower {
	case "a":
		return 0, nil
	case "b":
		return 1, nil
	}
	return 0, &engine.NotationError{Input: text, Offset: w.Off, Reason: fmt.Sprintf("%q is not a runner (a, b)", w.Lower)}
}

func joinWords(ws []engine.Token) string {
	s := make([]string, len(ws))
	for i, w := range ws {
		s[i] = w.Lower
	}
	return strings.Join(s, " ")
}

// Edit is one sandbox edit: put a seat's runner on a square, or make it a
// seat's turn (docs/race/rules.md, topic edits).
type Edit struct {
	// Turn is true for "turn <seat>", false for "put".
	Turn   bool
	Seat   string
	Runner int
	Square int
}

var _ engine.Edit = Edit{}

// String is the edit's canonical spelling.
func (e Edit) String() string {
	if e.Turn {
		return "turn " + e.Seat
	}
	return fmt.Sprintf("put %s %s %d", e.Seat, runnerName(e.Runner), e.Square)
}

// ParseEdits reads sandbox edits, separated like the actions of a move.
// The seats and squares are checked against the game when the edits
// apply. Errors are *engine.NotationError.
func ParseEdits(text string) ([]Edit, error) {
	return parseEach(text, "no edit given (put, turn)", parseEdit)
}

func parseEdit(text string, ws []engine.Token) (Edit, error) {
	switch {
	case ws[0].Lower == "turn" && len(ws) == 2:
		return Edit{Turn: true, Seat: ws[1].Lower}, nil
	case ws[0].Lower == "put" && len(ws) == 4:
		r, err := parseRunner(text, ws[2])
		if err != nil {
			return Edit{}, err
		}
		sq, err := strconv.Atoi(ws[3].Lower)
		if err != nil || sq < 0 || len(ws[3].Lower) > 3 {
			return Edit{}, &engine.NotationError{Input: text, Offset: ws[3].Off, Reason: fmt.Sprintf("%q is not a square (0 to the goal)", ws[3].Lower)}
		}
		return Edit{Seat: ws[1].Lower, Runner: r, Square: sq}, nil
	}
	return Edit{}, &engine.NotationError{Input: text, Offset: ws[0].Off, Reason: fmt.Sprintf("%q is not a race edit (put <seat> <runner> <square>, turn <seat>)", joinWords(ws))}
}
