package referee

import (
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// Vacations. A seat may mail "vacation until DATE" (the tag of the game in
// the subject; a hosted seat puts its token line first, as for a move):
// from the moment the daemon reads the mail until DATE its deadline is
// paused, no reminder goes to it, and the table is told. "back" ends the
// vacation early. A seat may be away at most MaxVacation in one game, in
// total: a longer vacation is cut to what is left, and says so.

var (
	vacationDays  = regexp.MustCompile(`(?i)^(?:for\s+)?([0-9]{1,2})\s*days?$`)
	vacationUntil = regexp.MustCompile(`(?i)^(?:until|till|til|to)\s+(.+)$`)
)

// vacationDateLayouts are the ways a date may be written after "until".
var vacationDateLayouts = []string{"2006-01-02", "2 January 2006", "2 Jan 2006", "January 2 2006", "Jan 2 2006", "January 2, 2006", "Jan 2, 2006", "02.01.2006", "2.1.2006"}

// VacationEnd reads when a vacation that starts at now ends: "until
// 2026-12-01" (the start of that day, UTC), "for 5 days", "5 days". Its
// error says how to write it.
func VacationEnd(arg string, now time.Time) (time.Time, error) {
	arg = strings.TrimSpace(strings.TrimRight(arg, ".!"))
	if m := vacationDays.FindStringSubmatch(arg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return now.Add(time.Duration(n) * 24 * time.Hour), nil
	}
	if m := vacationUntil.FindStringSubmatch(arg); m != nil {
		for _, layout := range vacationDateLayouts {
			if t, err := time.Parse(layout, strings.TrimSpace(m[1])); err == nil {
				return t.UTC(), nil
			}
		}
	}
	return time.Time{}, errors.New(`write "vacation until YYYY-MM-DD" (the day you are back) or "vacation 5 days"`)
}

// vacation answers "vacation until DATE" and "back" from a seat of the
// game.
func (r *Referee) vacation(m *mail.Incoming, req request, log *slog.Logger) (*mail.Decision, error) {
	s, seats, refused, err := r.seatedSession(m, req.game)
	if refused != nil || err != nil {
		return refused, err
	}
	now := r.received(m).UTC().Truncate(time.Second)
	rej := templates.Rejection{Game: s.game, To: seats[0]}
	seat, p := vacationSeat(s, req, seats, now)
	if p != nil {
		log.Info("refused: vacation", "game", s.game, "reason", p.Reason)
		rej.Problems = []templates.Problem{*p}
		return r.reject(m, s, rej)
	}
	rej.To = seat
	if s.g.Position().Over() {
		rej.Problems = []templates.Problem{{Reason: "the game is over"}}
		return r.reject(m, s, rej)
	}
	next := *s
	next.table = s.table.clone()
	subject, lines, p := changeVacation(next.table, seat, req, now)
	if p != nil {
		rej.Problems = []templates.Problem{*p}
		return r.reject(m, s, rej)
	}
	var replies []mail.Outgoing
	for _, st := range next.seats() {
		if st.Email == "" {
			continue
		}
		sub, body, err := next.mailer.Notice(templates.Notice{Game: s.game, To: st.Colour, Subject: subject, Lines: lines})
		if err != nil {
			return nil, err
		}
		replies = append(replies, mailTo(m, st, sub, body, nil))
	}
	log.Info(subject, "game", s.game, "seat", seat)
	return r.commitTable(&next, replies), nil
}

// vacationSeat is the seat among seats (those of the sender's address) a
// vacation request is for, proven as that seat's moves are (issue 17 item
// 7): a hosted seat by its token line, a seat that plays with its own key
// by a signature line its key made (signed.go). A From line alone proves
// nothing: it can be forged.
func vacationSeat(s *session, req request, seats []string, now time.Time) (string, *templates.Problem) {
	var names []string
	for _, c := range seats {
		st := s.seat(c)
		names = append(names, signoffNames(st.Name, st.Email)...)
	}
	names = append(names, signoffNames(req.fromName, "")...)
	b := parseBody(s.g.Rules(), req.lines, names)
	if sr, ok := findSignature(req.lines); ok && slices.Contains(seats, sr.seat) && s.hosted[sr.seat] == nil {
		request := RequestText("vacation", req.arg)
		if req.cmd == cmdBack {
			request = RequestText("back", "")
		}
		if why := checkSigned(s, sr.seat, request, sr, now, s.table.vacationChanged(sr.seat)); why != "" {
			return "", &templates.Problem{Line: sr.line.n, Text: "signature …", Reason: why}
		}
		return sr.seat, nil
	}
	for _, c := range seats {
		if hs := s.hosted[c]; hs != nil && b.tok != nil && hs.checkToken(s.game, b.tok.token) {
			if len(b.actions) > 0 {
				return "", &templates.Problem{Line: b.origins[0].n, Text: b.origins[0].text,
					Reason: "a vacation (or \"back\") goes in a mail of its own, without actions: send the move in another mail"}
			}
			return c, nil
		}
	}
	if b.tok != nil {
		return "", &templates.Problem{Line: b.tok.n, Text: "token …", Reason: "this is not the token of your seat; it is in the mail that invited you"}
	}
	for _, c := range seats {
		if s.hosted[c] == nil {
			return "", &templates.Problem{Reason: fmt.Sprintf(
				"%s plays with its own key, so a vacation for it is signed with that key, as its moves are: run \"elasund vacation FILE until YYYY-MM-DD\" (or \"--back\") and mail the two lines it prints", c)}
		}
	}
	return "", &templates.Problem{Reason: "a vacation is asked for like a move: write \"token\" and your seat's token on the first line, then the line \"vacation until YYYY-MM-DD\""}
}

// changeVacation records in t seat's request read at now: a vacation from
// now (or a new date for the one it is on), cut to what is left of the
// seat's allowance, or its return. It returns the notice's subject and
// lines, or the problem that refuses the request.
func changeVacation(t *table, seat string, req request, now time.Time) (string, []string, *templates.Problem) {
	cur, away := t.away(seat, now)
	curAt := t.awayAt(seat, now)
	if req.cmd == cmdBack {
		if !away {
			return "", nil, &templates.Problem{Reason: "you are not on vacation in this game"}
		}
		t.vacations[curAt].back = now
		return seat + " is back", []string{fmt.Sprintf("%s is back from vacation (%s–%s): %s's deadline runs again.", capital(seat), when(cur.from), when(now), seat)}, nil
	}
	asked := func(reason string) *templates.Problem {
		return &templates.Problem{Line: req.cmdLine, Text: strings.TrimSpace("vacation " + req.arg), Reason: reason}
	}
	until, err := VacationEnd(req.arg, now)
	if err != nil {
		return "", nil, asked(err.Error())
	}
	if !until.After(now) {
		return "", nil, asked("that day has come already: give the day you are back")
	}
	from := now
	if away {
		from = cur.from // a new date replaces the vacation being taken
	}
	left := MaxVacation - t.vacationUsed(seat, now)
	if left <= 0 {
		return "", nil, &templates.Problem{Reason: fmt.Sprintf("you have used all %s of vacation this game allows each seat", span(MaxVacation))}
	}
	cut := ""
	if until.Sub(from) > left {
		until = from.Add(left)
		cut = fmt.Sprintf(" (cut to the %s of vacation left: a seat may be away %s in all in one game)", span(left), span(MaxVacation))
	}
	if away {
		t.vacations = append(t.vacations[:curAt], t.vacations[curAt+1:]...)
	}
	t.vacations = append(t.vacations, vacation{seat: seat, from: from, until: until, asked: now})
	return fmt.Sprintf("%s is away until %s", seat, until.Format("2 Jan 2006")), []string{
		fmt.Sprintf("%s is on vacation from %s until %s%s: %s's deadline is paused until then, and the game waits for %s when it is %s's turn.",
			capital(seat), when(from), when(until), cut, seat, seat, seat),
		fmt.Sprintf("%s has used %s of the %s of vacation a seat may take in this game. A mail with the line \"back\" ends the vacation early.",
			capital(seat), span(until.Sub(from)+t.vacationUsed(seat, now)), span(MaxVacation)),
	}, nil
}
