package referee

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"
	"text/template"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/rulesref"
	"github.com/elasund/elasund/templates"
)

// Nim is the toy game the referee tests play beside Elasund, to show that
// the referee knows a game only through the contract: other colours,
// another move language, scenarios instead of editions, another renderer
// and other mails. Its rules:
//
//	N1  The seat to move rolls first: a die of 1 to 3.
//	N2  It then takes 1 to the rolled number of stones from the pile
//	    (not more than the pile holds); the next seat is to move.
//	N3  Whoever takes the last stone wins.
//	N4  A take that leaves 1 to 3 stones makes the taker owe a tribute,
//	    a decision it answers with "pay" whenever it likes; the game goes
//	    on meanwhile.
//
// Its one set-up choice, the scenario, is the pile: "short" (7 stones,
// the default) or "long" (15). It has no options.
type nimRules struct{}

var (
	_ engine.Game     = nimRules{}
	_ engine.Position = (*nimPosition)(nil)
)

var nimScenarios = map[string]int{"short": 7, "long": 15}

func (nimRules) Name() string      { return "nim" }
func (nimRules) Format() string    { return "nim/1" }
func (nimRules) Colours() []string { return []string{"amber", "teal", "violet"} }

func (nimRules) Choices() []engine.Choice {
	return []engine.Choice{{Name: "scenario", Default: "short", Values: []string{"short", "long"}, Usage: "the pile"}}
}

func (nimRules) Resolve(s engine.Setup) (engine.Setup, error) {
	if len(s.Seats) < 2 || len(s.Seats) > 3 {
		return engine.Setup{}, &engine.SetupError{Field: "seats", Reason: fmt.Sprintf("Nim is for 2 or 3 players, not %d", len(s.Seats))}
	}
	for i, c := range s.Seats {
		if !slices.Contains(nimRules{}.Colours(), c) || slices.Contains(s.Seats[:i], c) {
			return engine.Setup{}, &engine.SetupError{Field: "seats", Reason: fmt.Sprintf("%q is not a free Nim colour", c)}
		}
	}
	choices, err := engine.ResolveChoices(nimRules{}, s.Choices)
	if err != nil {
		return engine.Setup{}, err
	}
	s.Choices = choices
	if len(s.Options) > 0 {
		k := slices.Sorted(maps.Keys(s.Options))[0]
		return engine.Setup{}, &engine.OptionError{Name: k, Value: s.Options[k], Reason: "Nim has no options"}
	}
	s.Seats = slices.Clone(s.Seats)
	s.Options = map[string]string{}
	return s, nil
}

func (r nimRules) New(s engine.Setup, _ engine.Source) (engine.Position, error) {
	s, err := r.Resolve(s)
	if err != nil {
		return nil, err
	}
	return &nimPosition{setup: s, st: nimState{Turn: 1, Current: s.Seats[0], Pile: nimScenarios[s.Choices["scenario"]], Owed: []nimOwed{}}}, nil
}

func (nimRules) NewState() engine.State { return &nimState{} }

func (r nimRules) Load(s engine.Setup, st engine.State) (engine.Position, error) {
	ns, ok := st.(*nimState)
	if !ok || ns == nil {
		return nil, &engine.StateError{Field: "state", Reason: fmt.Sprintf("not a Nim state (%T)", st)}
	}
	p := &nimPosition{setup: s, st: ns.clone()}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

func (nimRules) ParseMove(text string) ([]engine.Action, error) {
	var out []engine.Action
	off := 0
	for _, part := range strings.Split(text, ";") {
		words := strings.Fields(strings.ToLower(part))
		switch {
		case len(words) == 1 && (words[0] == "roll" || words[0] == "pay"):
			out = append(out, nimAction{verb: words[0]})
		case len(words) == 2 && words[0] == "take":
			n, err := strconv.Atoi(words[1])
			if err != nil || n < 1 {
				return nil, &engine.NotationError{Input: text, Offset: off, Reason: fmt.Sprintf("%q is not a number of stones", words[1])}
			}
			out = append(out, nimAction{verb: "take", n: n})
		default:
			return nil, &engine.NotationError{Input: text, Offset: off, Reason: fmt.Sprintf("%q is not a Nim action (roll, take N, pay)", strings.TrimSpace(part))}
		}
		off += len(part) + 1
	}
	return out, nil
}

func (nimRules) ParseEdits(text string) ([]engine.Edit, error) {
	return nil, &engine.NotationError{Input: text, Reason: "Nim has no edits"}
}

func (nimRules) Options(engine.Setup) ([]engine.Option, error) { return nil, nil }

// nimAction is "roll", "take N" or "pay".
type nimAction struct {
	verb string
	n    int
}

func (a nimAction) String() string {
	if a.verb == "take" {
		return "take " + strconv.Itoa(a.n)
	}
	return a.verb
}

func (a nimAction) Class() engine.Class {
	if a.verb == "pay" {
		return engine.ClassDecision
	}
	return engine.ClassMove
}

// nimState is Nim's state as turn files store it.
type nimState struct {
	Turn    int       `json:"turn"`
	Current string    `json:"current"`
	Pile    int       `json:"pile"`
	Roll    int       `json:"roll"`
	Owed    []nimOwed `json:"owed"`
	Winner  string    `json:"winner"`
}

// nimOwed is a tribute owed (N4): Left is the pile the take left.
type nimOwed struct {
	Seat string `json:"seat"`
	Left int    `json:"left"`
}

// nimDetail is the engine.Owed detail of a tribute. It holds a pointer, a
// new one each time Owed is called, so that only a comparison by value
// finds two of them equal.
type nimDetail struct{ Left *int }

func (s nimState) clone() nimState {
	s.Owed = slices.Clone(s.Owed)
	if s.Owed == nil {
		s.Owed = []nimOwed{}
	}
	return s
}

type nimPosition struct {
	setup engine.Setup
	st    nimState
}

func (p *nimPosition) Game() engine.Game   { return nimRules{} }
func (p *nimPosition) Setup() engine.Setup { return p.setup }
func (p *nimPosition) State() engine.State { return &p.st }
func (p *nimPosition) Clone() engine.Position {
	return &nimPosition{setup: p.setup, st: p.st.clone()}
}
func (p *nimPosition) Turn() int       { return p.st.Turn }
func (p *nimPosition) Current() string { return p.st.Current }
func (p *nimPosition) Over() bool      { return p.st.Winner != "" }
func (p *nimPosition) Dice() []int {
	if p.st.Roll == 0 {
		return nil
	}
	return []int{p.st.Roll}
}

func (p *nimPosition) Phase() string {
	if p.Over() {
		return "over"
	}
	return "play"
}

func (p *nimPosition) Awaited() []string {
	if p.Over() {
		return nil
	}
	var out []string
	for _, s := range p.setup.Seats {
		if s == p.st.Current || slices.ContainsFunc(p.st.Owed, func(o nimOwed) bool { return o.Seat == s }) {
			out = append(out, s)
		}
	}
	return out
}

func (p *nimPosition) Owed() []engine.Owed {
	out := []engine.Owed{}
	for _, o := range p.st.Owed {
		left := o.Left
		out = append(out, engine.Owed{Seat: o.Seat, Kind: "tribute", Detail: nimDetail{Left: &left}})
	}
	return out
}

func (p *nimPosition) Winners() []string {
	if p.st.Winner == "" {
		return nil
	}
	return []string{p.st.Winner}
}

func (p *nimPosition) BeginsTurn(seat string) bool {
	return !p.Over() && seat == p.st.Current && p.st.Roll == 0
}

func (p *nimPosition) Legal(seat string, _ engine.Source) []engine.Action {
	var out []engine.Action
	if !slices.Contains(p.Awaited(), seat) {
		return nil
	}
	if seat == p.st.Current {
		if p.st.Roll == 0 {
			out = append(out, nimAction{verb: "roll"})
		}
		for n := 1; n <= min(p.st.Roll, p.st.Pile); n++ {
			out = append(out, nimAction{verb: "take", n: n})
		}
	}
	if slices.ContainsFunc(p.st.Owed, func(o nimOwed) bool { return o.Seat == seat }) {
		out = append(out, nimAction{verb: "pay"})
	}
	return out
}

func (p *nimPosition) Apply(seat string, move []engine.Action, src engine.Source) ([]string, error) {
	st := p.st.clone()
	var events []string
	for _, a := range move {
		na, ok := a.(nimAction)
		if !ok {
			return nil, &engine.RuleError{Rule: "N1", Action: a.String(), Reason: "not a Nim action"}
		}
		bad := func(rule, format string, args ...any) error {
			return &engine.RuleError{Rule: rule, Action: na.String(), Reason: fmt.Sprintf(format, args...)}
		}
		if st.Winner != "" {
			return nil, bad("N3", "the game is over")
		}
		switch na.verb {
		case "roll":
			if seat != st.Current || st.Roll != 0 {
				return nil, bad("N1", "only %s rolls now, once", st.Current)
			}
			st.Roll = 1 + src.Intn("die", 3)
			events = append(events, fmt.Sprintf("%s rolls %d", seat, st.Roll))
		case "take":
			if seat != st.Current || st.Roll == 0 || na.n > st.Roll || na.n > st.Pile {
				return nil, bad("N2", "%s may take 1 to %d stones now", st.Current, min(st.Roll, st.Pile))
			}
			st.Pile -= na.n
			events = append(events, fmt.Sprintf("%s takes %d, %d left", seat, na.n, st.Pile))
			if st.Pile == 0 {
				st.Winner, st.Owed = seat, []nimOwed{}
				events = append(events, seat+" wins")
				continue
			}
			if st.Pile <= 3 {
				st.Owed = append(st.Owed, nimOwed{Seat: seat, Left: st.Pile})
			}
			i := slices.Index(p.setup.Seats, seat)
			st.Current, st.Roll = p.setup.Seats[(i+1)%len(p.setup.Seats)], 0
			st.Turn++
		case "pay":
			i := slices.IndexFunc(st.Owed, func(o nimOwed) bool { return o.Seat == seat })
			if i < 0 {
				return nil, bad("N4", "%s owes no tribute", seat)
			}
			st.Owed = slices.Delete(st.Owed, i, i+1)
			events = append(events, seat+" pays its tribute")
		}
	}
	p.st = st
	return events, nil
}

func (p *nimPosition) Edit([]engine.Edit) error {
	return &engine.StateError{Field: "edit", Reason: "Nim has no edits"}
}

func (p *nimPosition) Check() error {
	if p.st.Pile < 0 || p.st.Roll < 0 || p.st.Roll > 3 || !slices.Contains(p.setup.Seats, p.st.Current) {
		return &engine.StateError{Field: "state", Reason: "not a Nim position"}
	}
	return nil
}

// nimRenderer draws Nim for the referee's mails. Its text board says
// whether it was asked for the hidden view.
type nimRenderer struct{}

var _ templates.Renderer = nimRenderer{}

func (nimRenderer) Title() string { return "Nim" }

func (nimRenderer) Text(p engine.Position, v templates.View) string {
	st := p.State().(*nimState)
	s := fmt.Sprintf("Pile: %d stones. %s is to move.\n", st.Pile, st.Current)
	if v.Hidden {
		s += "(the hidden view of " + v.Seat + ")\n"
	}
	return s
}

func (nimRenderer) SVG(p engine.Position, _ templates.View) ([]byte, error) {
	return fmt.Appendf(nil, "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>%d stones</text></svg>\n", p.State().(*nimState).Pile), nil
}

func (nimRenderer) Hand(engine.Position, string, templates.View) string { return "no hand" }

func (nimRenderer) Owed(_ engine.Position, d engine.Owed, _ templates.View) templates.OwedText {
	return templates.OwedText{Title: "pay tribute", You: "pay your tribute", Detail: "A tribute is owed."}
}

var nimMail = fstest.MapFS{"nim.tmpl": &fstest.MapFile{Data: []byte(`{{define "title"}}Nim{{end}}
{{define "full-title"}}Nim, the toy{{end}}
{{define "rules"}}Rules: the {{scenario .Position}} pile.
{{end}}
{{define "example-move"}}roll; take 2{{end}}
{{define "language"}}Nim moves: roll, take N, pay.
{{end}}
{{define "decision"}}Your take left few stones: pay the tribute.
{{end}}
{{define "orders"}}Nim has no standing orders.{{end}}
`)}}

func (nimRenderer) MailTemplates() (fs.FS, template.FuncMap) {
	return nimMail, template.FuncMap{"scenario": func(p engine.Position) string { return p.Setup().Choices["scenario"] }}
}

func (nimRenderer) Action(_ engine.Position, action string) string { return action }

func (nimRenderer) Event(_ engine.Position, event string) string { return event }

func (nimRenderer) HowWon(engine.Position, string) string { return "with the last stone" }

func (nimRenderer) Group(action string) (key, rest string) {
	key, rest, _ = strings.Cut(action, " ")
	return key, rest
}

// nimBots make the player Nim's kit needs: it takes the first legal
// action.
type nimBots struct{}

func (nimBots) Levels() []string { return []string{bot.LevelRandom} }

func (nimBots) New(string, uint64) (bot.Player, error) { return nimBot{}, nil }

type nimBot struct{}

func (nimBot) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	if l := p.Legal(seat, src); len(l) > 0 {
		return l[0], nil
	}
	return nil, &bot.NoActionError{Seat: seat, Phase: p.Phase()}
}

// nimReference is Nim's rules reference, the rules above.
func nimReference() (*rulesref.Reference, error) {
	return rulesref.Parse([]byte(`# Nim

A toy game for the referee's tests.

### N1 — The roll
The seat to move rolls a die of 1 to 3.

### N2 — The take
It takes 1 to the rolled number of stones.

### N3 — The end
Whoever takes the last stone wins.

### N4 — The tribute
A take that leaves 1 to 3 stones makes the taker owe a tribute.
`))
}
