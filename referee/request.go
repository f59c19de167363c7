package referee

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode"

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
	cmdGames
	cmdVacation
	cmdBack
)

var commandWords = map[string]command{
	"help": cmdHelp, "status": cmdStatus, "resend": cmdResend, "games": cmdGames,
	"vacation": cmdVacation, "holiday": cmdVacation, "holidays": cmdVacation, "back": cmdBack,
}

// request is what a mail asks for, read from its subject and body.
type request struct {
	cmd command
	// game is the game named by the subject's tag or by the command's
	// argument; badGame is a name there that is not a game id.
	game, badGame string
	// arg is the rest of a command: after "help", the game whose help is
	// asked for; after "vacation", when the vacation ends.
	arg string
	// cmdLine is the body line a vacation or back command is on, 0 when
	// it is in the subject.
	cmdLine int
	// subjectTurn is the turn the subject names after the tag ("turn
	// 12: your move"), when hasSubjectTurn is set.
	subjectTurn    int
	hasSubjectTurn bool
	// lines are the body's own lines (see ownLines).
	lines []bodyLine
	// fromName is the display name of the mail's From field, a name the
	// sender may sign with.
	fromName string
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
	// subjectTurn finds "turn 12" in the subject the referee wrote.
	subjectTurnPattern = regexp.MustCompile(`(?i)\bturn\s+([0-9]{1,6})\b`)
	// tokenLine matches "token SECRET" (also "token: SECRET").
	tokenLine = regexp.MustCompile(`(?i)^\s*token\b\s*:?\s*(.*?)\s*$`)
	// turnLine matches "turn 12", the turn a move answers.
	turnLine = regexp.MustCompile(`(?i)^\s*turn\s*:?\s*([0-9]{1,6})\s*[.!]?\s*$`)
	// vacationLine matches "vacation until 2026-12-01" and "back".
	vacationLine = regexp.MustCompile(`(?i)^\s*(vacation|holidays?)\b\s*:?\s*(.*?)\s*$`)
	backLine     = regexp.MustCompile(`(?i)^\s*(?:i'?m\s+|i\s+am\s+)?back\b\s*[.!]*\s*$`)
	// attribution matches "On Mon, ..., Alice wrote:" above a quote.
	attribution = regexp.MustCompile(`(?i)(wrote|écrit|schrieb|escribió|scritto|schreef|skrev|napisał|написал\w*)\s*:\s*$`)
	// attributionStart is the first line of an attribution that a mail
	// program wrapped onto two lines (Gmail: "On Mon, 3 Nov 2025 at 10:00,
	// Elasund <" then "elasund@example.org> wrote:").
	attributionStart = regexp.MustCompile(`(?i)^(on|am|le|el|il|op|den|w dniu)\s.*[0-9]`)
	// separator matches the lines mail programs put above forwarded or
	// quoted text that carries no "> ".
	separator = regexp.MustCompile(`(?i)^(?:-{2,}\s*(?:original|forwarded|weitergeleitete|ursprüngliche|message|mensaje|messaggio|oorspronkelijk|forwarded)[^-]*-{2,}|_{10,}|-{10,}|={10,})\s*$`)
	// headerFrom, headerDate and headerTo match the lines of the header
	// block Outlook puts above the mail it answers, unquoted: "From: ...",
	// "Sent: ...", "To: ...", "Subject: ..." (and their translations; a
	// mail converted from HTML may have them in asterisks, "*From:*").
	headerFrom = regexp.MustCompile(`(?i)^\**\s*(from|von|de|van|da|от|från|fra|od)\s*:\**\s*\S`)
	headerDate = regexp.MustCompile(`(?i)^\**\s*(sent|date|gesendet|datum|envoyé|enviado|inviato|verzonden|отправлено|skickat|sendt|wysłano|data)\s*:\**\s*\S`)
	headerTo   = regexp.MustCompile(`(?i)^\**\s*(to|an|à|a|para|aan|кому|till|til|do|subject|betreff|objet|asunto|oggetto|onderwerp|тема|ämne|emne|temat|cc)\s*:\**`)
	// footer matches the lines phones add below a message.
	footer = regexp.MustCompile(`(?i)^\s*(?:sent from my |sent from mail for |sent from outlook|get outlook for |envoyé de mon |von meinem .* gesendet|enviado desde mi |inviato da )`)
	// greeting matches a line that opens a mail: "Hi,", "Hello Bob!".
	greeting = regexp.MustCompile(`(?i)^\s*(hi|hello|hey|dear|hallo|moin|servus|bonjour|salut|hola|ciao|good\s+(?:morning|afternoon|evening)|here\s+(?:is|comes)\s+my\s+move)\b[^;:]{0,40}[,.!:]?\s*$`)
	// closing matches the line that closes a mail: "Thanks,", "Cheers!",
	// "Best regards".
	closing = regexp.MustCompile(`(?i)^\s*(thanks|thank\s+you|thx|ty|cheers|best|best\s+wishes|all\s+the\s+best|regards|kind\s+regards|best\s+regards|warm\s+regards|br|greetings|ciao|bye|see\s+you|good\s+luck|have\s+fun|love|yours|sincerely|danke|vielen\s+dank|gruß|grüße|viele\s+grüße|lg|mfg|merci|cordialement|bises|saludos|gracias|grazie)\b[\w\s]{0,30}[,.!]*\s*$`)
)

// parseRequest reads a mail's command, game and own lines.
func parseRequest(m *mail.Incoming) request {
	req := request{fromName: m.FromName}
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
	if mt := subjectTurnPattern.FindStringSubmatch(subject); mt != nil {
		req.subjectTurn, _ = strconv.Atoi(mt[1])
		req.hasSubjectTurn = true
	}
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
			rest := words[1:]
			switch {
			case c == cmdHelp:
				if len(rest) > 0 {
					req.arg = strings.Trim(rest[0], ".:!?")
				}
			case c == cmdGames:
			case c == cmdVacation || c == cmdBack:
				if len(rest) > 0 && gameIDPattern.MatchString(strings.ToLower(rest[0])) {
					req.game, req.badGame = strings.ToLower(rest[0]), ""
					rest = rest[1:]
				}
				req.arg = strings.Join(rest, " ")
			case len(rest) > 0:
				if id := strings.ToLower(rest[0]); gameIDPattern.MatchString(id) {
					req.game, req.badGame = id, ""
				} else if req.game == "" {
					req.badGame = rest[0]
				}
			}
		}
	}
	if req.cmd == cmdVacation && strings.TrimSpace(req.arg) == "" {
		// "[elasund G] vacation" with the date, or "back", in the body.
		req.cmd, req.arg, req.cmdLine = vacationInBody(req.lines)
	}
	if req.cmd == cmdNone && len(m.Attachments) == 0 {
		// A vacation or its end, written in the body of a mail to the
		// game, is that command.
		for _, l := range req.lines {
			text := stripComment(l.text)
			if mt := vacationLine.FindStringSubmatch(text); mt != nil {
				req.cmd, req.arg, req.cmdLine = cmdVacation, mt[2], l.n
				break
			}
			if backLine.MatchString(text) {
				req.cmd, req.cmdLine = cmdBack, l.n
				break
			}
		}
	}
	return req
}

// vacationInBody reads the body of a mail whose subject asks for a
// vacation without saying until when: the first line "vacation until
// 2026-12-01", "until 2026-12-01" or "5 days" gives the end, and a line
// "back" makes the mail that command. It returns the command, its
// argument and its line; without such a line, the vacation with no
// argument on no line, which is refused for that.
func vacationInBody(lines []bodyLine) (command, string, int) {
	for _, l := range lines {
		text := stripComment(l.text)
		if mt := vacationLine.FindStringSubmatch(text); mt != nil && mt[2] != "" {
			return cmdVacation, mt[2], l.n
		}
		arg := strings.TrimRight(text, ".!")
		if vacationUntil.MatchString(arg) || vacationDays.MatchString(arg) {
			return cmdVacation, text, l.n
		}
		if backLine.MatchString(text) {
			return cmdBack, "", l.n
		}
	}
	return cmdVacation, "", 0
}

// ownLines returns the lines the sender wrote: quoted lines ("> ...")
// and attribution lines above them are left out, and reading stops at a
// signature ("-- "), at a separator above forwarded or quoted text, at
// the header block Outlook writes above the mail it answers, at an
// attribution line not followed by quoted lines, or at a phone's "Sent
// from" footer.
func ownLines(text string) []bodyLine {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	var out []bodyLine
	quotedNext := func(j int) bool {
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		return j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), ">")
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		trimmed := strings.TrimSpace(l)
		switch {
		case l == "--" || l == "-- ":
			return out
		case separator.MatchString(trimmed) || footer.MatchString(trimmed):
			return out
		case headerBlock(lines, i):
			return out
		case strings.HasPrefix(trimmed, ">"):
			continue
		case attribution.MatchString(trimmed):
			if quotedNext(i + 1) {
				continue
			}
			return out
		case attributionStart.MatchString(trimmed) && !attribution.MatchString(trimmed) &&
			i+1 < len(lines) && attribution.MatchString(strings.TrimSpace(lines[i+1])):
			// An attribution wrapped onto two lines.
			if quotedNext(i + 2) {
				i++
				continue
			}
			return out
		}
		out = append(out, bodyLine{n: i + 1, text: l})
	}
	return out
}

// headerBlock reports whether line i starts the header block that Outlook
// (and others) write above the unquoted mail being answered: a From line
// followed within the next lines by a Sent or Date line and a To or
// Subject line.
func headerBlock(lines []string, i int) bool {
	if !headerFrom.MatchString(strings.TrimSpace(lines[i])) {
		return false
	}
	date, to := false, false
	for j := i + 1; j < len(lines) && j <= i+5; j++ {
		t := strings.TrimSpace(lines[j])
		date = date || headerDate.MatchString(t)
		to = to || headerTo.MatchString(t)
	}
	return date && to
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

// body is a hosted seat's mail read in the move language of its game.
type body struct {
	tok *tokenAt
	// turn is the turn a "turn N" line names; hasTurn says there is one.
	turn    int
	hasTurn bool
	// actions, each with the line it came from.
	actions []engine.Action
	origins []bodyLine
	// problems are the lines that cannot be read.
	problems []templates.Problem
	// skipped are the lines read as a greeting or a sign-off.
	skipped []bodyLine
}

// parseBody reads a hosted seat's mail in the move language of game: the
// first token line, a "turn N" line, and every other line after the
// token as actions. Lines before the token line that are not actions (a
// greeting) are skipped; actions there are a problem, since the move
// starts after the token. After the token, a greeting before the first
// action and a sign-off after the last ("Thanks,", "Cheers", or a line
// with just one of names, the sender's names) are skipped; any other line
// that cannot be read is a problem, so that nothing ambiguous is played.
func parseBody(game engine.Game, lines []bodyLine, names []string) body {
	var b body
	type item struct {
		l    bodyLine
		move []engine.Action
		err  error
	}
	var items []item
	for _, l := range lines {
		text := stripComment(l.text)
		if text == "" {
			continue
		}
		if mt := tokenLine.FindStringSubmatch(l.text); mt != nil {
			if b.tok == nil {
				b.tok = &tokenAt{n: l.n, token: stripComment(mt[1])}
			}
			continue
		}
		if mt := turnLine.FindStringSubmatch(text); mt != nil {
			if !b.hasTurn {
				b.turn, _ = strconv.Atoi(mt[1])
				b.hasTurn = true
			}
			continue
		}
		move, err := game.ParseMove(l.text)
		if b.tok == nil {
			if err == nil {
				b.problems = append(b.problems, templates.Problem{Line: l.n, Text: strings.TrimSpace(l.text),
					Reason: "actions come after the token line: put the token line first"})
			}
			continue
		}
		items = append(items, item{l: l, move: move, err: err})
	}
	first, last := -1, -1
	for i, it := range items {
		if it.err == nil {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	// The lines after the last action are a sign-off only if every one
	// of them is.
	signoff := last+1 < len(items) && len(items)-last-1 <= 4
	for _, it := range items[last+1:] {
		signoff = signoff && isSignoff(it.l.text, names)
	}
	for i, it := range items {
		switch {
		case it.err == nil:
			for _, a := range it.move {
				b.actions = append(b.actions, a)
				b.origins = append(b.origins, bodyLine{n: it.l.n, text: strings.TrimSpace(it.l.text)})
			}
			continue
		case (first < 0 || i < first) && greeting.MatchString(stripComment(it.l.text)):
			b.skipped = append(b.skipped, it.l)
			continue
		case i > last && signoff:
			b.skipped = append(b.skipped, it.l)
			continue
		}
		p := templates.Problem{Line: it.l.n, Text: strings.TrimSpace(it.l.text), Reason: it.err.Error()}
		var ne *engine.NotationError
		if errors.As(it.err, &ne) {
			p.Reason = ne.Reason
		}
		b.problems = append(b.problems, p)
	}
	return b
}

// isSignoff reports whether a line that is not an action closes a mail:
// "Thanks,", "Best regards", or one of the sender's names alone ("Bob",
// "- Bob", "Bob Marley"), or a name's first word with initials ("Bob M.").
func isSignoff(line string, names []string) bool {
	text := stripComment(line)
	if closing.MatchString(text) {
		return true
	}
	bare := strings.ToLower(strings.Trim(text, " -–—~.,!*_"))
	words := strings.Fields(bare)
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if n == "" {
			continue
		}
		if bare == n {
			return true
		}
		if first := strings.Fields(n)[0]; len(words) >= 2 && len(words) <= 3 && words[0] == first && initials(words[1:]) {
			return true
		}
	}
	return false
}

// initials reports whether every word is one letter, with or without a
// period ("m.", "j").
func initials(words []string) bool {
	for _, w := range words {
		if r := []rune(strings.TrimSuffix(w, ".")); len(r) != 1 || !unicode.IsLetter(r[0]) {
			return false
		}
	}
	return true
}

// signoffNames are the names a seat's player may sign with: the seat's
// name, its first word, and the local part of its address; for a mail's
// From display name (email ""), the name and its first word.
func signoffNames(name, email string) []string {
	out := []string{name}
	if f := strings.Fields(name); len(f) > 1 {
		out = append(out, f[0])
	}
	if local, _, ok := strings.Cut(email, "@"); ok {
		out = append(out, local)
	}
	return out
}
