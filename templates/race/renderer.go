package race

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"text/template"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/race"
	"github.com/elasund/elasund/templates"
)

//go:embed files/mail
var files embed.FS

// Renderer draws Race positions.
type Renderer struct{}

var _ templates.Renderer = Renderer{}

// track is what the pictures read of a position: the goal, the seats and
// their runners, and the state. A position of another game is an empty
// track of the default goal.
type track struct {
	goal  int
	seats []string
	st    game.State
}

func trackOf(p engine.Position) track {
	rp, ok := p.(*game.Position)
	if !ok || rp == nil {
		return track{goal: game.DefaultGoal}
	}
	st := *rp.State().(*game.State)
	return track{goal: rp.Goal(), seats: rp.Setup().Seats, st: st}
}

// Title is "Race".
func (Renderer) Title() string { return "Race" }

// status says whose turn it is and what it waits for, or who won.
func (t track) status() string {
	switch {
	case t.st.Winner != "":
		return fmt.Sprintf("turn %d: %s has won", t.st.Turn, t.st.Winner)
	case t.st.Phase == game.PhaseRun:
		return fmt.Sprintf("turn %d: %s rolled %d and runs", t.st.Turn, t.st.Current, t.st.Roll)
	}
	return fmt.Sprintf("turn %d: %s to roll", t.st.Turn, t.st.Current)
}

// Text draws the track: a line per runner, "." for a square, the runner's
// letter where it stands, then its square.
func (Renderer) Text(p engine.Position, _ templates.View) string {
	t := trackOf(p)
	var b strings.Builder
	fmt.Fprintf(&b, "Race to %d, %s\n\n", t.goal, t.status())
	for _, seat := range t.seats {
		rs := t.st.Runners[seat]
		for i, sq := range rs {
			name := ""
			if i == 0 {
				name = seat
			}
			cells := []byte(strings.Repeat(".", t.goal+1))
			if sq >= 0 && sq <= t.goal {
				cells[sq] = byte('a' + i)
			}
			fmt.Fprintf(&b, "%-8s %c |%s| %2d\n", name, 'a'+i, cells, sq)
		}
	}
	return b.String()
}

// The SVG's sizes: a square of the track, the margin left of it.
const (
	cell   = 18
	margin = 90
)

// SVG draws the track with a row per runner and a circle where it stands.
func (Renderer) SVG(p engine.Position, _ templates.View) ([]byte, error) {
	t := trackOf(p)
	rows := 2 * len(t.seats)
	w, h := margin+(t.goal+1)*cell+10, 40+rows*cell+10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fafafa"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="10" y="20">Race to %d, %s</text>`+"\n", t.goal, templates.XMLText(t.status()))
	for i, seat := range t.seats {
		for r, sq := range t.st.Runners[seat] {
			y := 40 + (2*i+r)*cell
			fmt.Fprintf(&b, `<text x="10" y="%d">%s %c</text>`+"\n", y+13, templates.XMLText(seat), 'a'+r)
			for x := 0; x <= t.goal; x++ {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>`+"\n", margin+x*cell, y, cell, cell)
			}
			if sq >= 0 && sq <= t.goal {
				fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="7" fill="%s" stroke="#333"><title>%s's runner %c on %d</title></circle>`+"\n",
					margin+sq*cell+cell/2, y+cell/2, templates.XMLText(seat), templates.XMLText(seat), 'a'+r, sq)
			}
		}
	}
	b.WriteString("</svg>\n")
	return []byte(b.String()), nil
}

// Hand says where seat's runners stand: Race's holdings.
func (Renderer) Hand(p engine.Position, seat string, _ templates.View) string {
	t := trackOf(p)
	rs, ok := t.st.Runners[seat]
	if !ok {
		return "no runners"
	}
	return fmt.Sprintf("runner a on %d, runner b on %d (goal %d)", rs[0], rs[1], t.goal)
}

// Owed names a decision; Race has none, so this only echoes its kind.
func (Renderer) Owed(_ engine.Position, d engine.Owed, _ templates.View) templates.OwedText {
	return templates.OwedText{Title: d.Kind, You: d.Kind}
}

// MailTemplates returns Race's parts of the mails (files/mail) and the
// function they call, goal.
func (Renderer) MailTemplates() (fs.FS, template.FuncMap) {
	sub, err := fs.Sub(files, "files/mail")
	if err != nil {
		return nil, nil
	}
	return sub, template.FuncMap{"goal": func(p engine.Position) int { return trackOf(p).goal }}
}

// Action prints an action as it is spelt.
func (Renderer) Action(_ engine.Position, action string) string { return action }

// Event prints an event as the engine wrote it: its words are plain.
func (Renderer) Event(_ engine.Position, event string) string { return event }

// HowWon says how seat won (T7).
func (Renderer) HowWon(engine.Position, string) string { return "with both runners home first" }

// Group splits "run a" into "run" and "a".
func (Renderer) Group(action string) (key, rest string) {
	key, rest, _ = strings.Cut(action, " ")
	return key, rest
}
