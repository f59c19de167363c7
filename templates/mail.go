package templates

import (
	"bytes"
	"fmt"
	"strings"
	"text/template"

	"github.com/elasund/elasund/engine"
)

// TurnMail is the data of the mail every seat gets after a move: what was
// understood, what it caused, the board, and whose turn it is.
type TurnMail struct {
	Game string        // the game id
	To   engine.Colour // the seat the mail goes to
	// Mover is the seat whose move the mail reports; NoColour for the
	// mail that opens the game.
	Mover engine.Colour
	// Move lists the actions applied, in canonical notation.
	Move []string
	// Events lists what the move caused, in order.
	Events []string
	Config engine.Config
	State  *engine.State
	// Legal lists the actions To may take now, in canonical notation;
	// empty when the game does not wait for To.
	Legal []string
}

// Rejection is the data of the answer to a mail that was not applied.
type Rejection struct {
	Game string        // the game id, "" when the mail named none
	To   engine.Colour // the sender's seat, NoColour when it has none
	// Subject is the subject of the refused mail.
	Subject  string
	Problems []Problem
	// Legal lists the actions the sender may take now; may be empty.
	Legal []string
}

// Problem is one reason a mail was refused.
type Problem struct {
	// Line is the 1-based line of the mail's body the problem is on, 0
	// when it concerns no single line.
	Line int
	// Text is that line as the player wrote it.
	Text string
	// Reason says what is wrong; Rule names the rule broken, if any.
	Reason string
	Rule   string
}

// Seat is one player at a table.
type Seat struct {
	Colour engine.Colour
	Name   string
}

// Invitation is the data of the mail that gives a player a seat in a game
// the daemon hosts.
type Invitation struct {
	Game    string        // the game id
	Seat    engine.Colour // the invited player's seat
	Name    string        // the invited player's name
	Token   string        // the seat's secret, proving moves by mail
	Address string        // where moves are sent
	Seats   []Seat        // everyone at the table, in turn order
	Config  engine.Config
}

// Help is the data of the help mail.
type Help struct {
	Address string // where commands and moves are sent
}

// DecisionRequest is the data of the mail asking a seat for a decision
// outside its turn: a discard, a rebuild, or cards to take.
type DecisionRequest struct {
	Game    string
	To      engine.Colour
	Pending engine.Pending
	Config  engine.Config
	State   *engine.State
	// Legal lists the decisions To may send, in canonical notation.
	Legal []string
}

// SubjectTag is the tag every mail about a game carries in its subject,
// "[elasund GAME]"; replies keep it, so the daemon knows the game.
func SubjectTag(game string) string {
	if game == "" {
		return "[elasund]"
	}
	return "[elasund " + oneLine(game, 64) + "]"
}

// RenderTurn writes a turn mail.
func RenderTurn(m TurnMail) (subject, body string, err error) {
	if m.State == nil {
		return "", "", &RenderError{What: "turn mail", Err: fmt.Errorf("no state")}
	}
	return render("turn", "turn mail", m)
}

// RenderRejection writes the answer to a mail that was not applied.
func RenderRejection(m Rejection) (subject, body string, err error) {
	problems := make([]Problem, len(m.Problems))
	for i, p := range m.Problems {
		p.Text = oneLine(p.Text, 200)
		p.Reason = oneLine(p.Reason, 300)
		p.Rule = oneLine(p.Rule, 20)
		problems[i] = p
	}
	m.Problems = problems
	m.Subject = oneLine(m.Subject, 120)
	return render("rejection", "rejection", m)
}

// RenderInvitation writes the invitation to a hosted game.
func RenderInvitation(m Invitation) (subject, body string, err error) {
	return render("invitation", "invitation", m)
}

// RenderHelp writes the help mail.
func RenderHelp(m Help) (subject, body string, err error) {
	return render("help", "help", m)
}

// RenderDecision writes a request for a decision.
func RenderDecision(m DecisionRequest) (subject, body string, err error) {
	if m.State == nil {
		return "", "", &RenderError{What: "decision request", Err: fmt.Errorf("no state")}
	}
	return render("decision", "decision request", m)
}

var mailTemplates = template.Must(template.New("mail").Funcs(template.FuncMap{
	"tag":      SubjectTag,
	"board":    TextBoard,
	"cap":      capital,
	"legal":    legalLines,
	"yours":    yourDecision,
	"decision": decisionTitle,
	"waiting":  waitingText,
	"options":  optionLines,
	"moveword": moveWord,
	"add":      func(a, b int) int { return a + b },
	"ok":       validColour,
	"waits":    waits,
	"hand":     holding,
	"pool":     handText,
	"oneline":  func(s string) string { return oneLine(s, 200) },
}).ParseFS(files, "files/mail/*.tmpl"))

// render executes NAME.subject and NAME.body.
func render(name, what string, data any) (subject, body string, err error) {
	var s, b bytes.Buffer
	if err := mailTemplates.ExecuteTemplate(&s, name+".subject", data); err != nil {
		return "", "", &RenderError{What: what, Err: err}
	}
	if err := mailTemplates.ExecuteTemplate(&b, name+".body", data); err != nil {
		return "", "", &RenderError{What: what, Err: err}
	}
	return oneLine(s.String(), 200), tidy(b.String()), nil
}

// oneLine folds s into one line of at most n bytes, so that text from a
// mail cannot break a header or the layout.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && s[cut]&0xc0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// tidy strips trailing spaces, squeezes runs of blank lines to one, and ends
// the text with exactly one newline.
func tidy(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	blank := true
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, l)
	}
	return strings.TrimRight(strings.Join(out, "\n"), "\n") + "\n"
}

// legalLines groups legal actions by their verb (and building), so that a
// long list reads as a few lines: "build tavern: A2, A3 over blue, ...".
// Lines are wrapped at 76 columns and indented by two spaces.
func legalLines(actions []string) []string {
	type group struct {
		key  string
		rest []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, a := range actions {
		words := strings.Fields(a)
		if len(words) == 0 {
			continue
		}
		n := 1
		switch words[0] {
		case "build", "rebuild":
			n = 2
		}
		n = min(n, len(words))
		key, rest := strings.Join(words[:n], " "), strings.Join(words[n:], " ")
		g := byKey[key]
		if g == nil {
			g = &group{key: key}
			byKey[key] = g
			groups = append(groups, g)
		}
		if rest != "" {
			g.rest = append(g.rest, rest)
		}
	}
	var out []string
	for _, g := range groups {
		if len(g.rest) == 0 {
			out = append(out, "  "+g.key)
			continue
		}
		line := "  " + g.key + ":"
		for i, r := range g.rest {
			item := " " + r
			if i < len(g.rest)-1 {
				item += ","
			}
			if len(line)+len(item) > 76 {
				out = append(out, line)
				line = "     "
			}
			line += item
		}
		out = append(out, line)
	}
	return out
}

// yourDecision says what a pending decision asks of its seat, in the
// second person: "discard 2 cards", "rebuild your hut (it stood on C10)".
func yourDecision(p engine.Pending) string {
	if p.Kind == engine.PendingRebuild {
		s := "rebuild your " + p.Building.String()
		if p.At != nil && onBoard(*p.At) {
			s += " (it stood on " + p.At.String() + ")"
		}
		return s + ", or decline"
	}
	return pendingText(p)
}

// holding prints seat c's cards: "gold 4; blue 1, green 0, yellow 2".
func holding(cfg engine.Config, st *engine.State, c engine.Colour) string {
	p := st.Players[c]
	if p == nil {
		return "no cards"
	}
	return handText(cfg, engine.Hand{Gold: p.Gold, Influence: p.Influence})
}

// decisionTitle names a pending decision in a few words, for a subject:
// "discard 2 cards", "rebuild your hut".
func decisionTitle(p engine.Pending) string {
	if p.Kind == engine.PendingRebuild {
		return "rebuild your " + p.Building.String()
	}
	return pendingText(p)
}

// waitingText lists the seats the game waits for: "red", "red and blue".
func waitingText(st *engine.State) string {
	var w []string
	for _, c := range st.WaitingFor {
		w = append(w, c.String())
	}
	switch len(w) {
	case 0:
		return "nobody"
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

// waits reports whether the game waits for seat c.
func waits(st *engine.State, c engine.Colour) bool {
	for _, w := range st.WaitingFor {
		if w == c {
			return true
		}
	}
	return false
}

// optionLines prints the rule options as "name: value", two spaces in.
func optionLines(cfg engine.Config) []string {
	var out []string
	for _, kv := range cfg.Options.Values() {
		out = append(out, "  "+kv[0]+": "+kv[1])
	}
	return out
}

// moveWord is "your move" or "X to move" for the turn mail's subject.
func moveWord(m TurnMail) string {
	st := m.State
	switch {
	case st.Phase == engine.PhaseOver && st.Winner != nil:
		return "game over, " + st.Winner.String() + " wins"
	case st.Phase == engine.PhaseOver:
		return "game over"
	case waits(st, m.To) && len(st.WaitingFor) == 1:
		return "your move"
	case waits(st, m.To):
		return "your decision"
	}
	return "waiting for " + waitingText(st)
}
