package templates

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/elasund/elasund/engine"
)

//go:embed files/mail
var files embed.FS

// TurnMail is the data of the mail every seat gets after a move: what was
// understood, what it caused, the board, and whose turn it is.
type TurnMail struct {
	Game string // the game id
	To   string // the seat the mail goes to
	// Mover is the seat whose move the mail reports; "" for the mail that
	// opens the game.
	Mover string
	// Move lists the actions applied, in canonical notation.
	Move []string
	// Events lists what the move caused, in order.
	Events   []string
	Position engine.Position
	// Hidden shows other seats' hands as counts only (View.Hidden).
	Hidden bool
	// Legal lists the actions To may take now, in canonical notation;
	// empty when the game does not wait for To.
	Legal []string
	// Note, when set, replaces the line that says who moved: a move the
	// bot played at the deadline, a reminder, a notice to the table.
	Note string
	// Reminder marks the mail as a reminder in its subject.
	Reminder bool
	// Deadline, when set, is the deadline of To's move, as a sentence.
	Deadline string
	// FileWithheld says that the turn file is not attached: the referee
	// hosts every seat and keeps hands hidden until the game ends.
	FileWithheld bool
}

// View is how the mail's reader sees the position.
func (m TurnMail) View() View { return View{Seat: m.To, Hidden: m.Hidden} }

// Rejection is the data of the answer to a mail that was not applied.
type Rejection struct {
	Game string // the game id, "" when the mail named none
	To   string // the sender's seat, "" when it has none
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
	Colour string
	Name   string
}

// Invitation is the data of the mail that gives a player a seat in a game
// the daemon hosts.
type Invitation struct {
	Game     string // the game id
	Seat     string // the invited player's seat
	Name     string // the invited player's name
	Token    string // the seat's secret, proving moves by mail
	Address  string // where moves are sent
	Seats    []Seat // everyone at the table, in turn order
	Position engine.Position
	// Example is a move legal in Position (the first listed action of
	// the seat to move), shown as the example; "" shows the game's
	// example-move snippet.
	Example string
	// WaitFor is the first seat, which plays with its own key and must
	// join before the invited seat can (a seat with its own key only):
	// the file comes once it has.
	WaitFor string
	// Begins marks the invitation that also opens the game (every seat
	// is hosted): it shows the board, and the legal actions when the
	// invited seat moves first.
	Begins bool
	// Hidden shows the other seats' hidden holdings as counts only.
	Hidden bool
	// Legal lists the invited seat's legal actions when the game begins
	// with its move.
	Legal []string
	// Deadline describes the table's move deadline and what happens
	// when it passes, as a sentence.
	Deadline string
	// Turn is the position's turn number, for the line that binds a
	// move to its turn.
	Turn int
}

// View is how the invited seat sees the position.
func (m Invitation) View() View { return View{Seat: m.Seat, Hidden: m.Hidden} }

// Notice is the data of a short mail to a seat about the table: a
// vacation, a seat handed to a new player, a seat that missed its
// deadline, the list of games.
type Notice struct {
	Game string // the game id, "" for none
	To   string // the seat the mail goes to, "" for none
	// Subject follows the game's tag in the subject line.
	Subject string
	// Lines are the paragraphs of the mail.
	Lines []string
}

// Help is the data of the help mail.
type Help struct {
	Address string // where commands and moves are sent
}

// DecisionRequest is the data of the mail asking a seat for a decision
// outside its turn (an Elasund discard or rebuild, a Seafarers discard or
// trade answer).
type DecisionRequest struct {
	Game     string
	To       string
	Owed     engine.Owed
	Position engine.Position
	// Hidden shows other seats' hands as counts only (View.Hidden).
	Hidden bool
	// Legal lists the decisions To may send, in canonical notation.
	Legal []string
}

// View is how the mail's reader sees the position.
func (m DecisionRequest) View() View { return View{Seat: m.To, Hidden: m.Hidden} }

// SubjectTag is the tag every mail about a game carries in its subject,
// "[elasund GAME]"; replies keep it, so the daemon knows the game.
func SubjectTag(game string) string {
	if game == "" {
		return "[elasund]"
	}
	return "[elasund " + oneLine(game, 64) + "]"
}

// Mailer writes the mails of one game: the shared templates of this
// package, with the game's own parts from its Renderer. The game's mail
// templates (Renderer.MailTemplates) define "title" (the game's short
// name), "full-title", "rules" (the rules and options of an Invitation's
// position), "example-move" (a move to show in invitations and help),
// "language" (the move language, for the help mail), "decision" (what a
// DecisionRequest's decision is about) and "orders" (the standing orders
// that spare the player such mails). A Mailer is safe for concurrent use.
type Mailer struct {
	r Renderer
	t *template.Template
}

// NewMailer returns the mailer of the game r draws.
func NewMailer(r Renderer) (*Mailer, error) {
	m := &Mailer{r: r}
	own, funcs := r.MailTemplates()
	t, err := template.New("mail").Funcs(template.FuncMap{
		"tag":      SubjectTag,
		"cap":      capital,
		"legal":    m.legalLines,
		"owed":     m.owed,
		"waiting":  waitingText,
		"winners":  winnersText,
		"moveword": moveWord,
		"add":      func(a, b int) int { return a + b },
		"ok":       func(seat string) bool { return seat != "" },
		"waits":    waits,
		"board":    func(p engine.Position, v View) string { return r.Text(p, v) },
		"event":    func(p engine.Position, ev string) string { return r.Event(p, ev) },
		"oneline":  func(s string) string { return oneLine(s, 200) },
		"wrap":     func(s string) []string { return Wrap{Width: 76}.Lines(s) },
	}).Funcs(funcs).ParseFS(files, "files/mail/*.tmpl")
	if err != nil {
		return nil, &RenderError{What: "mail templates", Err: err}
	}
	if own != nil {
		if t, err = t.ParseFS(own, "*.tmpl"); err != nil {
			return nil, &RenderError{What: r.Title() + " mail templates", Err: err}
		}
	}
	m.t = t
	return m, nil
}

// Renderer is the game's renderer.
func (m *Mailer) Renderer() Renderer { return m.r }

// Turn writes a turn mail.
func (m *Mailer) Turn(d TurnMail) (subject, body string, err error) {
	if d.Position == nil {
		return "", "", &RenderError{What: "turn mail", Err: fmt.Errorf("no position")}
	}
	return m.render("turn", "turn mail", d)
}

// Rejection writes the answer to a mail that was not applied.
func (m *Mailer) Rejection(d Rejection) (subject, body string, err error) {
	problems := make([]Problem, len(d.Problems))
	for i, p := range d.Problems {
		p.Text = oneLine(p.Text, 200)
		p.Reason = oneLine(p.Reason, 300)
		p.Rule = oneLine(p.Rule, 20)
		problems[i] = p
	}
	d.Problems = problems
	d.Subject = oneLine(d.Subject, 120)
	return m.render("rejection", "rejection", d)
}

// Invitation writes the invitation to a hosted game.
func (m *Mailer) Invitation(d Invitation) (subject, body string, err error) {
	if d.Position == nil {
		return "", "", &RenderError{What: "invitation", Err: fmt.Errorf("no position")}
	}
	return m.render("invitation", "invitation", d)
}

// Help writes the help mail.
func (m *Mailer) Help(d Help) (subject, body string, err error) {
	return m.render("help", "help", d)
}

// Notice writes a short mail about the table.
func (m *Mailer) Notice(d Notice) (subject, body string, err error) {
	d.Subject = oneLine(d.Subject, 150)
	return m.render("notice", "notice", d)
}

// Decision writes a request for a decision.
func (m *Mailer) Decision(d DecisionRequest) (subject, body string, err error) {
	if d.Position == nil {
		return "", "", &RenderError{What: "decision request", Err: fmt.Errorf("no position")}
	}
	return m.render("decision", "decision request", d)
}

// render executes NAME.subject and NAME.body.
func (m *Mailer) render(name, what string, data any) (subject, body string, err error) {
	var s, b bytes.Buffer
	if err := m.t.ExecuteTemplate(&s, name+".subject", data); err != nil {
		return "", "", &RenderError{What: what, Err: err}
	}
	if err := m.t.ExecuteTemplate(&b, name+".body", data); err != nil {
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

// legalLines groups legal actions by the game's grouping key (the verb,
// and a building or a value), so that a long list reads as a few lines:
// "build tavern: A2, A3 over blue, ...". Lines are wrapped at 76 columns
// and indented by two spaces.
func (m *Mailer) legalLines(p engine.Position, actions []string) []string {
	lines := ListActions(m.r, p, actions, 74, maxListed)
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return lines
}

// maxListed is how many lines a mail's list of legal actions may take
// before its variants are merged (ListActions).
const maxListed = 38

// GroupLines groups actions as the game's Group splits them, one line per
// key, wrapped at width and indented by two spaces.
func GroupLines(r Renderer, actions []string, width int) []string {
	return groupLines(r, actions, width)
}

func groupLines(r Renderer, actions []string, width int) []string {
	var out []string
	for _, g := range groupActions(r, actions) {
		if len(g.rests) == 0 {
			out = append(out, "  "+g.key)
			continue
		}
		words := []string{"  " + g.key + ":"}
		for i, rest := range g.rests {
			if i < len(g.rests)-1 {
				rest += ","
			}
			words = append(words, rest)
		}
		out = append(out, Wrap{Width: float64(width), Indent: "     "}.Words(words)...)
	}
	return out
}

// collapseRuns joins consecutive one-word items that start with the same
// letter by spaces.
func collapseRuns(items []string) []string {
	var out []string
	for i, it := range items {
		if i > 0 && !strings.ContainsRune(it, ' ') && !strings.ContainsRune(items[i-1], ' ') && it[0] == items[i-1][0] {
			out[len(out)-1] += " " + it
			continue
		}
		out = append(out, it)
	}
	return out
}

// owed describes a decision the game waits for (Renderer.Owed).
func (m *Mailer) owed(p engine.Position, d engine.Owed, v View) OwedText { return m.r.Owed(p, d, v) }

// waitingText lists the seats the game waits for: "red", "red and blue".
func waitingText(p engine.Position) string { return andList(p.Awaited(), "nobody") }

// winnersText names the winners: "red", "red and blue"; "" for none.
func winnersText(p engine.Position) string { return andList(p.Winners(), "") }

func andList(w []string, none string) string {
	switch len(w) {
	case 0:
		return none
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

// waits reports whether the game waits for seat.
func waits(p engine.Position, seat string) bool { return slices.Contains(p.Awaited(), seat) }

// moveWord is "your move" or "X to move" for the turn mail's subject.
func moveWord(m TurnMail) string {
	p := m.Position
	switch {
	case p.Over() && len(p.Winners()) > 0:
		return "game over, " + winnersText(p) + " wins"
	case p.Over():
		return "game over"
	case waits(p, m.To) && len(p.Awaited()) == 1:
		return "your move"
	case waits(p, m.To):
		return "your decision"
	}
	return "waiting for " + waitingText(p)
}

// capital returns s with its first letter upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
