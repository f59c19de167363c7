package templates

import (
	"bytes"
	"io/fs"
	"text/template"

	"github.com/elasund/elasund/engine"
)

// View says who looks at a position, and so what a picture of it may show.
type View struct {
	// Seat is the reader's seat, or "" for an onlooker (show, render).
	Seat string
	// Hidden shows the other seats' hidden holdings (hands, cards) as
	// counts only: the referee's mails in a game whose every seat it
	// hosts. Otherwise the file's open hands are shown.
	Hidden bool
}

// Renderer draws one game's positions for people. Each game has one, in
// its own package below this one (templates/elasund); the shared mail
// templates of this package call it for everything that depends on the
// game. A Renderer never changes the position and never panics on a
// strange one.
type Renderer interface {
	// Title is the game's name as people read it: "Elasund",
	// "Catan: Seafarers".
	Title() string
	// Text draws the position as text for a terminal or a mail: the board,
	// every seat's holdings and whose turn it is.
	Text(p engine.Position, v View) string
	// SVG draws the position as a standalone SVG picture.
	SVG(p engine.Position, v View) ([]byte, error)
	// Hand describes what seat holds, in one line ("gold 4; blue 1,
	// green 0, yellow 2"), as v may see it.
	Hand(p engine.Position, seat string, v View) string
	// Owed describes a decision the game waits for: Title in a few words
	// for a subject ("discard 2 cards"), You in the second person
	// ("rebuild your hut (it stood on C10), or decline"), Detail a short
	// paragraph on what the decision is about.
	Owed(p engine.Position, d engine.Owed, v View) OwedText
	// MailTemplates returns the game's parts of the mails (see Mailer):
	// a file system whose *.tmpl files define them, and the functions
	// those templates call.
	MailTemplates() (fs.FS, template.FuncMap)
	// Action prints an action for people: the canonical spelling, or an
	// edition's own words for it (Elasund's third colour, R108). The game
	// reads the printed form back as the same action.
	Action(p engine.Position, action string) string
	// Event rewords an event of the history for people reading a log:
	// the words the engine stores may be terse, and a turn file's events
	// never change once signed.
	Event(p engine.Position, event string) string
	// HowWon says how seat won the game, after "red wins": "with all its
	// cubes in the city".
	HowWon(p engine.Position, seat string) string
	// Group splits a listed action into the key it is grouped under and
	// the rest ("permit 2 F5" → "permit 2", "F5"), so that a long list of
	// legal actions reads as a few lines.
	Group(action string) (key, rest string)
}

// EventViewer is implemented by the renderers of games whose events can
// reveal what a view must not see (Elasund's influence draws, R31;
// Seafarers' development cards and steals, S150): ViewEvent rewrites an
// event of the history as v may see it, and leaves it as it is when v
// is not Hidden or the event reveals nothing hidden from v.Seat. A
// renderer without it shows its events as they are.
type EventViewer interface {
	ViewEvent(p engine.Position, event string, v View) string
}

// ViewEvent is event as v may see it: r's EventViewer, if it has one.
func ViewEvent(r Renderer, p engine.Position, event string, v View) string {
	if ev, ok := r.(EventViewer); ok && v.Hidden {
		return ev.ViewEvent(p, event, v)
	}
	return event
}

// OwedText describes one owed decision; see Renderer.Owed.
type OwedText struct {
	Title  string
	You    string
	Detail string
}

// SVGBoard executes a game's SVG board, the template board.svg.tmpl of t,
// on the game's view model; a failure is a *RenderError.
func SVGBoard(t *template.Template, model any) ([]byte, error) {
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "board.svg.tmpl", model); err != nil {
		return nil, &RenderError{What: "svg board", Err: err}
	}
	return b.Bytes(), nil
}
