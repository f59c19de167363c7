package seafarers

import (
	"fmt"
	"text/template"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// mailWidth is the width the mail parts wrap their paragraphs to.
const mailWidth = 76

// mailFuncs returns the functions the Seafarers mail templates call, a
// new map each time.
func mailFuncs() template.FuncMap {
	return template.FuncMap{
		"example":  exampleMove,
		"scenario": scenarioLine,
		"about": func(p engine.Position) []string {
			return templates.Wrap{Width: mailWidth - 2}.Lines(readPosition(p).about())
		},
		"options": optionLines,
		"decisionText": func(p engine.Position, d engine.Owed, v templates.View) []string {
			return templates.Wrap{Width: mailWidth}.Lines(readPosition(p).owed(d, v).Detail)
		},
	}
}

// examples are a first setup placement legal at the start of each
// scenario for its first seat (mail_test.go checks them); new-world's
// board is random, so its example only shows the form.
var examples = map[board.Scenario]string{
	board.Base:             "place settlement E10.n road D9-D11",
	board.NewShores:        "place settlement D7.n road C8-D7",
	board.FourIslands:      "place settlement D7.n road C8-D7",
	board.FogIsland:        "place settlement E4.s road E4-F5",
	board.ThroughTheDesert: "place settlement E10.n road D9-D11",
	board.ForgottenTribe:   "place settlement E8.s road F7-F9",
	board.ClothForCatan:    "place settlement C12.s road C12-D13",
	board.PirateIslands:    "place settlement C14.s road C14-D13",
	board.WondersOfCatan:   "place settlement E12.s road E12-F13",
	board.NewWorld:         "place settlement D7.n road C8-D7",
}

// exampleMove is a move to show in an invitation or the help mail: a
// first setup placement of the data's scenario (new-shores when the data
// has no position).
func exampleMove(data any) string {
	sc := board.NewShores
	var p engine.Position
	switch d := data.(type) {
	case templates.Invitation:
		p = d.Position
	case *templates.Invitation:
		p = d.Position
	case templates.TurnMail:
		p = d.Position
	case templates.DecisionRequest:
		p = d.Position
	}
	if p != nil {
		if m := readPosition(p); m.sc != board.NoScenario {
			sc = m.sc
		}
	}
	return examples[sc]
}

// scenarioLine names a position's scenario for a mail: "2. The Four
// Islands (four-islands)".
func scenarioLine(p engine.Position) string {
	m := readPosition(p)
	if m.sc == board.NoScenario {
		return "unknown"
	}
	info := scenarios[m.sc]
	s := fmt.Sprintf("%s (%s)", info.Title, m.sc)
	if info.Book > 0 {
		s = fmt.Sprintf("%d. %s", info.Book, s)
	}
	return s
}

// about is a paragraph on the scenario and its target.
func (m *model) about() string {
	if m.sc == board.NoScenario {
		return ""
	}
	return scenarios[m.sc].About + " To win: " + targetText(m.sc, m.opts) + ", in your own turn."
}

// optionWords says what each value of each rule option of S156 means.
var optionWords = map[string]map[string]string{
	"layout":               {"fixed": "the scenario's own map", "variable": "terrains and numbers dealt at random"},
	"harbours":             {"fixed": "harbours as the scenario prints them", "shuffled": "harbour tokens dealt at random"},
	"phases":               {"separate": "trade first, then build", "combined": "trade and build in any order"},
	"sealed_draws":         {"true": "drawn cards, steals and explorations stay sealed until the next seat's entry", "false": "drawn at once"},
	"dev_card_before_roll": {"true": "a development card may be played before the roll", "false": "no development card before the roll"},
}

// optionLines prints the rule options of a position's set-up in words,
// two spaces in: "  layout: fixed (the scenario's own map)".
func optionLines(p engine.Position) []string {
	if p == nil || p.Game() == nil {
		return nil
	}
	opts, err := p.Game().Options(p.Setup())
	if err != nil {
		return nil
	}
	var out []string
	for _, o := range opts {
		words := optionWords[o.Name][o.Value]
		switch o.Name {
		case "offers_per_turn":
			switch o.Value {
			case "0":
				words = "no trading between players"
			case "unlimited":
				words = "trade offers to other players without limit"
			default:
				words = "trade offers to other players per turn"
			}
		case "discard_limit":
			words = "a 7 makes players holding more cards discard half"
		case "vp_target":
			words = "the victory-point target"
		case "island_svp":
			words = "special victory points for each new island"
		}
		line := fmt.Sprintf("  %s: %s", o.Name, o.Value)
		if words != "" {
			line += " (" + words + ")"
		}
		out = append(out, templates.Wrap{Width: mailWidth, Indent: "        "}.Lines(line)...)
	}
	return out
}
