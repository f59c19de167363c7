package referee

import (
	"errors"
	"regexp"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// command is a command by mail.
type command int

const (
	cmdNone command = iota
	cmdHelp
	cmdStatus
	cmdResend
)

var commandWords = map[string]command{"help": cmdHelp, "status": cmdStatus, "resend": cmdResend}

// request is what a mail asks for, read from its subject and body.
type request struct {
	cmd command
	// game is the game named by the subject's tag or by the command's
	// argument; badGame is a name there that is not a game id.
	game, badGame string
	// arg is the word after "help": the game whose help is asked for,
	// if it names one.
	arg string
	// lines are the body's own lines (see ownLines).
	lines []bodyLine
}

// bodyLine is a line of a mail's body and its 1-based number.
type bodyLine struct {
	n    int
	text string
}

var (
	// tagPattern finds "[elasund GAME]" (or "[elasund]") in a subject.
	tagPattern = regexp.MustCompile(`(?i)\[\s*elasund(?:\s+([^\]\s]*))?\s*\]`)
	// replyPrefix matches the "Re:", "Fwd:", "AW:" ... mail programs add.
	replyPrefix = regexp.MustCompile(`(?i)^\s*(?:(?:re|fw|fwd|aw|wg|sv|vs|tr|antw|rif|r)(?:\[\d+\])?\s*:\s*)+`)
	// tokenLine matches "token SECRET" (also "token: SECRET").
	tokenLine = regexp.MustCompile(`(?i)^\s*token\b\s*:?\s*(.*?)\s*$`)
	// attribution matches "On Mon, ..., Alice wrote:" above a quote.
	attribution = regexp.MustCompile(`(?i)(wrote|écrit|schrieb|escribió|scritto|написал\w*)\s*:\s*$`)
	// separator matches the lines mail programs put above forwarded or
	// quoted text that carries no "> ".
	separator = regexp.MustCompile(`(?i)^(?:-{2,}\s*(?:original|forwarded|weitergeleitete|message)[^-]*-{2,}|_{10,}|-{10,})\s*$`)
	// footer matches the lines phones add below a message.
	footer = regexp.MustCompile(`(?i)^\s*(?:sent from my |sent from mail for |get outlook for |envoyé de mon |von meinem .* gesendet)`)
)

// parseRequest reads a mail's command, game and own lines.
func parseRequest(m *mail.Incoming) request {
	var req request
	subject := replyPrefix.ReplaceAllString(m.Subject, "")
	if mt := tagPattern.FindStringSubmatch(subject); mt != nil {
		if id := strings.ToLower(mt[1]); gameIDPattern.MatchString(id) {
			req.game = id
		} else if id != "" {
			req.badGame = mt[1]
		}
		subject = tagPattern.ReplaceAllString(subject, " ")
	}
	subject = replyPrefix.ReplaceAllString(subject, "")
	req.lines = ownLines(m.Text)
	words := strings.Fields(subject)
	if len(words) == 0 && req.game == "" && req.badGame == "" && len(m.Attachments) == 0 {
		// No subject to speak of: a command may be the body's first line.
		for _, l := range req.lines {
			if w := strings.Fields(stripComment(l.text)); len(w) > 0 {
				words = w
				break
			}
		}
	}
	if len(words) > 0 {
		if c, ok := commandWords[strings.ToLower(strings.Trim(words[0], ".:!?"))]; ok {
			req.cmd = c
			if len(words) > 1 && c == cmdHelp {
				req.arg = strings.Trim(words[1], ".:!?")
			}
			if len(words) > 1 && c != cmdHelp {
				if id := strings.ToLower(words[1]); gameIDPattern.MatchString(id) {
					req.game, req.badGame = id, ""
				} else if req.game == "" {
					req.badGame = words[1]
				}
			}
		}
	}
	return req
}

// ownLines returns the lines the sender wrote: quoted lines ("> ...")
// and attribution lines above them are left out, and reading stops at a
// signature ("-- "), at a separator above forwarded or quoted text, at
// an attribution line not followed by quoted lines, or at a phone's
// "Sent from" footer.
func ownLines(text string) []bodyLine {
	lines := strings.Split(text, "\n")
	var out []bodyLine
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		trimmed := strings.TrimSpace(l)
		switch {
		case l == "--" || l == "-- ":
			return out
		case separator.MatchString(trimmed) || footer.MatchString(trimmed):
			return out
		case strings.HasPrefix(trimmed, ">"):
			continue
		case attribution.MatchString(trimmed):
			j := i + 1
			for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
				j++
			}
			if j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), ">") {
				continue
			}
			return out
		}
		out = append(out, bodyLine{n: i + 1, text: l})
	}
	return out
}

func stripComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// tokenAt is a token line.
type tokenAt struct {
	n     int
	token string
}

// parseBody reads a hosted seat's mail in the move language of game: the
// first token line, and every line after it as actions. Lines before the
// token line that are not actions (a greeting) are skipped; actions there
// are a problem, since the move starts after the token. Each action keeps
// the line it came from; each line after the token that cannot be read is
// a problem.
func parseBody(game engine.Game, lines []bodyLine) (*tokenAt, []engine.Action, []bodyLine, []templates.Problem) {
	var tok *tokenAt
	var actions []engine.Action
	var origins []bodyLine
	var problems []templates.Problem
	for _, l := range lines {
		if stripComment(l.text) == "" {
			continue
		}
		if mt := tokenLine.FindStringSubmatch(l.text); mt != nil {
			if tok == nil {
				tok = &tokenAt{n: l.n, token: stripComment(mt[1])}
			}
			continue
		}
		move, err := game.ParseMove(l.text)
		if tok == nil {
			if err == nil {
				problems = append(problems, templates.Problem{Line: l.n, Text: strings.TrimSpace(l.text),
					Reason: "actions come after the token line: put the token line first"})
			}
			continue
		}
		if err != nil {
			p := templates.Problem{Line: l.n, Text: strings.TrimSpace(l.text), Reason: err.Error()}
			var ne *engine.NotationError
			if errors.As(err, &ne) {
				p.Reason = ne.Reason
			}
			problems = append(problems, p)
			continue
		}
		for _, a := range move {
			actions = append(actions, a)
			origins = append(origins, bodyLine{n: l.n, text: strings.TrimSpace(l.text)})
		}
	}
	return tok, actions, origins, problems
}
