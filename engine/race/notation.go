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

// word is one word of a move or edit list and where it starts in the
// input.
type word struct {
	text string
	at   int
}

// split cuts text into its parts (separated by ";" or line breaks, "#"
// starting a comment to the end of its line), each a list of lower-case
// words; empty parts are left out.
func split(text string) [][]word {
	var parts [][]word
	var cur []word
	start, comment := -1, false
	flush := func(end int) {
		if start >= 0 {
			cur = append(cur, word{strings.ToLower(text[start:end]), start})
			start = -1
		}
	}
	for i, r := range text {
		switch {
		case r == '\n' || (r == ';' && !comment):
			flush(i)
			if len(cur) > 0 {
				parts = append(parts, cur)
			}
			cur, comment = nil, false
		case comment:
		case r == '#':
			flush(i)
			comment = true
		case r == ' ' || r == '\t' || r == '\r':
			flush(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if !comment {
		flush(len(text))
	}
	if len(cur) > 0 {
		parts = append(parts, cur)
	}
	return parts
}

// ParseMove reads a move: actions separated by ";" or line breaks, in any
// case, "#" starting a comment (docs/race/rules.md, topic turn). Errors
// are *engine.NotationError.
func ParseMove(text string) ([]Action, error) {
	parts := split(text)
	if len(parts) == 0 {
		return nil, &engine.NotationError{Input: text, Reason: "no action given (roll, run a, run b)"}
	}
	out := make([]Action, 0, len(parts))
	for _, ws := range parts {
		a, err := parseAction(text, ws)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func parseAction(text string, ws []word) (Action, error) {
	switch {
	case ws[0].text == "roll" && len(ws) == 1:
		return Action{}, nil
	case ws[0].text == "run" && len(ws) == 2:
		r, err := parseRunner(text, ws[1])
		return Action{Run: true, Runner: r}, err
	case ws[0].text == "run":
		return Action{}, &engine.NotationError{Input: text, Offset: ws[0].at, Reason: "say which runner: run a, or run b"}
	}
	return Action{}, &engine.NotationError{Input: text, Offset: ws[0].at, Reason: fmt.Sprintf("%q is not a race action (roll, run a, run b)", joinWords(ws))}
}

func parseRunner(text string, w word) (int, error) {
	switch w.text {
	case "a":
		return 0, nil
	case "b":
		return 1, nil
	}
	return 0, &engine.NotationError{Input: text, Offset: w.at, Reason: fmt.Sprintf("%q is not a runner (a, b)", w.text)}
}

func joinWords(ws []word) string {
	s := make([]string, len(ws))
	for i, w := range ws {
		s[i] = w.text
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
	parts := split(text)
	if len(parts) == 0 {
		return nil, &engine.NotationError{Input: text, Reason: "no edit given (put, turn)"}
	}
	out := make([]Edit, 0, len(parts))
	for _, ws := range parts {
		e, err := parseEdit(text, ws)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func parseEdit(text string, ws []word) (Edit, error) {
	switch {
	case ws[0].text == "turn" && len(ws) == 2:
		return Edit{Turn: true, Seat: ws[1].text}, nil
	case ws[0].text == "put" && len(ws) == 4:
		r, err := parseRunner(text, ws[2])
		if err != nil {
			return Edit{}, err
		}
		sq, err := strconv.Atoi(ws[3].text)
		if err != nil || sq < 0 || len(ws[3].text) > 3 {
			return Edit{}, &engine.NotationError{Input: text, Offset: ws[3].at, Reason: fmt.Sprintf("%q is not a square (0 to the goal)", ws[3].text)}
		}
		return Edit{Seat: ws[1].text, Runner: r, Square: sq}, nil
	}
	return Edit{}, &engine.NotationError{Input: text, Offset: ws[0].at, Reason: fmt.Sprintf("%q is not a race edit (put <seat> <runner> <square>, turn <seat>)", joinWords(ws))}
}
