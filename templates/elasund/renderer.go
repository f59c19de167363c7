package elasund

import (
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"text/template"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

// Renderer draws Elasund positions: the text board, the SVG picture and
// the Elasund parts of the mails.
type Renderer struct{}

var (
	_ templates.Renderer    = Renderer{}
	_ templates.EventViewer = Renderer{}
)

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

// Text draws the position as text (TextBoard); with v.Hidden, the other
// seats' hands as counts only.
func (Renderer) Text(p engine.Position, v templates.View) string {
	cfg, st := position(p)
	return textBoard(cfg, st, v)
}

// SVG draws the position as an SVG picture; with v.Hidden, the other
// seats' hands as counts only.
func (Renderer) SVG(p engine.Position, v templates.View) ([]byte, error) {
	cfg, st := position(p)
	return svgFor(cfg, st, v)
}

// Hand prints seat's cards: "gold 4; blue 1, green 0, yellow 2", or
// their count when v may not see them.
func (Renderer) Hand(p engine.Position, seat string, v templates.View) string {
	cfg, st := position(p)
	c, err := game.ParseColour(seat)
	if err != nil {
		return "no cards"
	}
	if hides(v, c) {
		if pl := st.Players[c]; pl != nil {
			return hiddenHand(cfg, game.Hand{Gold: pl.Gold, Influence: pl.Influence})
		}
	}
	return holding(cfg, st, c)
}

// influenceDrawn is an event in which a seat draws influence cards
// nobody else sees (R31, R94): in production or as a wall reward ("red +1
// green (hut D4)"), and at the start ("red draws blue (start)").
var (
	influenceDrawn = regexp.MustCompile(`^(red|blue|green|yellow) \+([0-9]+) (blue|green|yellow|red) \((.*)\)$`)
	startDrawn     = regexp.MustCompile(`^(red|blue|green|yellow) draws (blue|green|yellow|red) \(start\)$`)
)

// ViewEvent hides from v the colours of influence cards other seats
// drew: "red +1 influence card (hut D4)". Gold, payments, discards and
// the board are public (R95); an event of v's own seat is left as it is.
func (Renderer) ViewEvent(_ engine.Position, event string, v templates.View) string {
	if !v.Hidden {
		return event
	}
	if m := influenceDrawn.FindStringSubmatch(event); m != nil && m[1] != v.Seat {
		return fmt.Sprintf("%s +%s influence %s (%s)", m[1], m[2], plural(atoi(m[2]), "card", "cards"), m[4])
	}
	if m := startDrawn.FindStringSubmatch(event); m != nil && m[1] != v.Seat {
		return m[1] + " draws an influence card (start)"
	}
	return event
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
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
	event = templates.Plurals(event)
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

// count is n with the word for that many: "1 card", "4 cards".
func count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + plural(n, one, many)
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
// rebuild, the value, for permit and place-permit, and the permit's
// square, for move-permit and upgrade-permit) and the rest: "permit 2 F5"
// groups under "permit 2", "move-permit D9 B2 pay green" under
// "move-permit D9".
func (Renderer) Group(action string) (key, rest string) {
	words := strings.Fields(action)
	n := 1
	if len(words) > 0 && (words[0] == "build" || words[0] == "rebuild" || words[0] == "permit" || words[0] == "place-permit" ||
		words[0] == "move-permit" || words[0] == "upgrade-permit") {
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

// optionLines prints the rule options in words a player understands,
// one wrapped paragraph each, the option's name and value after them
// ("(shortage_mode: skip)") for "elasund new --option".
func optionLines(cfg game.Config) []string {
	var out []string
	for _, kv := range cfg.Options.Values() {
		words := optionWords(kv[0], kv[1])
		if words == "" {
			out = append(out, "  "+kv[0]+": "+kv[1])
			continue
		}
		out = append(out, templates.Wrap{Width: 76, Indent: "    "}.Lines("  - "+words+" ("+kv[0]+": "+kv[1]+")")...)
	}
	return out
}

// optionValueWords describes each value of the two-valued rule options
// (R108 and the V register of the rules).
var optionValueWords = map[string]map[string]string{
	"shortage_mode": {
		"skip":         "When the influence cards run out, everyone halves their influence cards, they are reshuffled, and nobody is paid influence that turn.",
		"redistribute": "When the influence cards run out, everyone halves their influence cards, they are reshuffled, and then everyone is paid what they were due.",
	},
	"two_row_step": {
		"by_rows": "The ship's move of two rows counts rows along the board (6 to 9, 5 to 8: there is no row 7).",
		"numeric": "The ship's move of two rows counts numbers (6 to 8).",
	},
	"pirate_cube_rule": {
		"flag_square":          "The pirates strike the cubes whose flag square lies in their row.",
		"building_touches_row": "The pirates strike every cube on a building that touches their row.",
	},
	"pirate_reward": {
		"random_from_all_discards":    "The pirate reward is drawn at random from all the cards discarded to the pirates.",
		"choose_from_others_discards": "The pirate reward is chosen from the cards the other players discarded.",
	},
	"full_row_fallback": {
		"adjacent_only":          "When the ship's row is full, a permit may go to the rows next to it only.",
		"nearest_row_with_space": "When the ship's row is full, a permit may go to the nearest row with a free square.",
	},
	"hut_trigger": {
		"any_removal":          "A hut or cottage is rebuilt whenever it is removed (built over or by the church).",
		"bigger_building_only": "A hut or cottage is rebuilt only when a bigger building covers it.",
	},
	"hut_on_own_permit": {
		"false": "A hut or cottage is never rebuilt on a permit, not even its owner's.",
		"true":  "A hut or cottage may be rebuilt on its owner's own permit.",
	},
	"walls_cheap_first": {
		"false": "Wall tiles may be built on either side from the start.",
		"true":  "The cheap wall spaces (gate to sea) are filled before the east ones.",
	},
	"win_check": {
		"after_each_action": "A player wins as soon as all 10 cubes are in the city, checked after each action.",
		"end_of_turn":       "A player wins with all 10 cubes in the city at the end of their turn.",
	},
	"trade_cap_11": {
		"true":  "The trade track stops at 11; points beyond are lost.",
		"false": "The trade track has no cap at 11.",
	},
	"hand_visibility": {
		"total_only":                "Other players see only how many cards a hand holds.",
		"gold_and_influence_counts": "Other players see how many gold and influence cards a hand holds.",
	},
}

// optionWords describes one rule option's value in a sentence; "" when
// it has no words.
func optionWords(name, value string) string {
	if w := optionValueWords[name][value]; w != "" {
		return w
	}
	switch name {
	case "influence_colours":
		third := "yellow"
		if strings.HasSuffix(value, "red") {
			third = "red"
		}
		return "The influence colours are blue, green and " + third + "."
	case "card_counts":
		g, i, _ := strings.Cut(value, "/")
		if n, err := strconv.Atoi(i); err == nil && n%3 == 0 {
			return fmt.Sprintf("The game has %s gold cards and %s influence cards (%d of each colour).", g, i, n/3)
		}
	case "same_size_cap":
		if value == "unlimited" {
			return "Building over buildings of the same size: one payment covers any number of them."
		}
		return "Building over buildings of the same size: one payment covers at most " + value + " of them."
	case "turn_limit":
		if value == "none" || value == "0" {
			return "No turn limit: the game ends when a player has all 10 cubes in the city."
		}
		return "After " + value + " rounds the player with the most cubes in the city wins (ties: most gold)."
	}
	return ""
}
