package elasund

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"text/template"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

// Renderer draws Elasund positions: the text board, the SVG picture and
// the Elasund parts of the mails.
type Renderer struct{}

var _ templates.Renderer = Renderer{}

// position returns the config and state of an Elasund position; a
// position of another game shows as an empty two-seat city.
func position(p engine.Position) (game.Config, *game.State) {
	g := game.Of(p)
	if g == nil {
		cfg, _ := game.NewConfig([]game.Colour{game.Red, game.Blue}, game.EditionEN, nil)
		return cfg, &game.State{}
	}
	return g.Config(), g.View()
}

// Title is "Elasund".
func (Renderer) Title() string { return "Elasund" }

// Text draws the position as text (TextBoard).
func (Renderer) Text(p engine.Position, _ templates.View) string {
	return TextBoard(position(p))
}

// SVG draws the position as an SVG picture.
func (Renderer) SVG(p engine.Position, _ templates.View) ([]byte, error) {
	return SVG(position(p))
}

// Hand prints seat's cards: "gold 4; blue 1, green 0, yellow 2".
func (Renderer) Hand(p engine.Position, seat string, _ templates.View) string {
	cfg, st := position(p)
	c, err := game.ParseColour(seat)
	if err != nil {
		return "no cards"
	}
	return holding(cfg, st, c)
}

// Owed describes a pending decision (R105).
func (Renderer) Owed(p engine.Position, d engine.Owed, _ templates.View) templates.OwedText {
	_, st := position(p)
	pd, ok := pendingOf(st, d)
	if !ok {
		return templates.OwedText{Title: d.Kind, You: d.Kind}
	}
	return templates.OwedText{Title: decisionTitle(pd), You: yourDecision(pd)}
}

// MailTemplates returns Elasund's parts of the mails (files/mail) and the
// functions they call.
func (Renderer) MailTemplates() (fs.FS, template.FuncMap) {
	sub, err := fs.Sub(files, "files/mail")
	if err != nil {
		return nil, nil
	}
	return sub, template.FuncMap{
		"edition": func(p engine.Position) string {
			cfg, _ := position(p)
			return cfg.Edition.String()
		},
		"options": func(p engine.Position) []string {
			cfg, _ := position(p)
			return optionLines(cfg)
		},
		"pending": func(p engine.Position, d engine.Owed) game.Pending {
			_, st := position(p)
			pd, _ := pendingOf(st, d)
			return pd
		},
		"hand": func(p engine.Position, seat string) string {
			cfg, st := position(p)
			c, err := game.ParseColour(seat)
			if err != nil {
				return "no cards"
			}
			return holding(cfg, st, c)
		},
		"pool": func(p engine.Position) string {
			cfg, st := position(p)
			if st.Pool == nil {
				return ""
			}
			return handText(cfg, *st.Pool)
		},
	}
}

// Action prints an action with the third influence colour named as the
// game's edition names it (R108, V1).
func (Renderer) Action(p engine.Position, action string) string {
	a, err := game.ParseAction(action)
	if err != nil {
		return action
	}
	cfg, _ := position(p)
	return cfg.FormatAction(a)
}

// influenceGain is an event that gives influence cards: "red +1 green (hut
// D4)"; its card colour reads like a seat's.
var influenceGain = regexp.MustCompile(`^(red|blue|green|yellow) \+([0-9]+) (blue|green|yellow) \((.*)\)$`)

// neutralBuilt is an event that builds a building: "red builds a well on
// D4".
var neutralBuilt = regexp.MustCompile(`^(red|blue|green|yellow) builds an? ([a-z]+) on ([A-J][0-9]+)$`)

// Event rewords an event for a log: influence cards say so ("red +1 green
// influence (hut D4)", the third colour as the edition names it, R108),
// and a neutral building names the builder's cubes on its flags (R7).
func (Renderer) Event(p engine.Position, event string) string {
	cfg, _ := position(p)
	if m := influenceGain.FindStringSubmatch(event); m != nil {
		card, err := game.ParseCard(m[3])
		name := m[3]
		if err == nil {
			name = cfg.CardName(card)
		}
		return fmt.Sprintf("%s +%s %s influence (%s)", m[1], m[2], name, m[4])
	}
	if m := neutralBuilt.FindStringSubmatch(event); m != nil {
		if k, err := game.ParseKind(m[2]); err == nil && k.Spec().Neutral {
			n := k.Spec().Flags
			return fmt.Sprintf("%s (neutral: %d %s %s on its %s)", event, n, m[1], plural(n, "cube", "cubes"), plural(n, "flag", "flags"))
		}
	}
	return event
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// HowWon says how seat won: with all its cubes in the city (R91), or by
// the turn limit.
func (Renderer) HowWon(p engine.Position, seat string) string {
	_, st := position(p)
	c, err := game.ParseColour(seat)
	if pl := st.Players[c]; err == nil && pl != nil && pl.Cubes == 0 {
		return "with all its cubes in the city"
	}
	return "by the turn limit"
}

// Group splits an action into its verb (with the building, for build and
// rebuild, and the value, for permit) and the rest: "permit 2 F5" groups
// under "permit 2".
func (Renderer) Group(action string) (key, rest string) {
	words := strings.Fields(action)
	n := 1
	if len(words) > 0 && (words[0] == "build" || words[0] == "rebuild" || words[0] == "permit") {
		n = 2
	}
	n = min(n, len(words))
	return strings.Join(words[:n], " "), strings.Join(words[n:], " ")
}

// pendingOf finds the pending decision d stands for: its Detail, or the
// state's pending decision of that seat and kind.
func pendingOf(st *game.State, d engine.Owed) (game.Pending, bool) {
	if p, ok := d.Detail.(game.Pending); ok {
		return p, true
	}
	for _, p := range st.Pending {
		if p.Seat.String() == d.Seat && p.Kind == d.Kind {
			return p, true
		}
	}
	return game.Pending{}, false
}

// yourDecision says what a pending decision asks of its seat, in the
// second person: "discard 2 cards", "rebuild your hut (it stood on C10)".
func yourDecision(p game.Pending) string {
	if p.Kind == game.PendingRebuild {
		s := "rebuild your " + p.Building.String()
		if p.At != nil && onBoard(*p.At) {
			s += " (it stood on " + p.At.String() + ")"
		}
		return s + ", or decline"
	}
	return pendingText(p)
}

// holding prints seat c's cards: "gold 4; blue 1, green 0, yellow 2".
func holding(cfg game.Config, st *game.State, c game.Colour) string {
	p := st.Players[c]
	if p == nil {
		return "no cards"
	}
	return handText(cfg, game.Hand{Gold: p.Gold, Influence: p.Influence})
}

// decisionTitle names a pending decision in a few words, for a subject:
// "discard 2 cards", "rebuild your hut".
func decisionTitle(p game.Pending) string {
	if p.Kind == game.PendingRebuild {
		return "rebuild your " + p.Building.String()
	}
	return pendingText(p)
}

// optionLines prints the rule options as "name: value", two spaces in.
func optionLines(cfg game.Config) []string {
	var out []string
	for _, kv := range cfg.Options.Values() {
		out = append(out, "  "+kv[0]+": "+kv[1])
	}
	return out
}
