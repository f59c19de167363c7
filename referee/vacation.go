package referee

import (
	"errors"
	"fmt"
	"log/slog"
	"regexp"
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

// parseVacation reads when a vacation that starts at now ends: "until
// 2026-12-01" (the start of that day, UTC), "for 5 days", "5 days".
func parseVacation(arg string, now time.Time) (time.Time, error) {
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
	s, err := r.session(req.game)
	if errors.Is(err, errNoGame) {
		return r.noGame(m, req.game)
	}
	if err != nil {
		return nil, err
	}
	seats := seatsOf(s, m.From)
	if len(seats) == 0 {
		return r.notSeated(m, s)
	}
	// A hosted seat proves itself with its token, as for a move.
	seat := ""
	var names []string
	for _, c := range seats {
		st := s.seat(c)
		names = append(names, signoffNames(st.Name, st.Email)...)
	}
	b := parseBody(s.g.Rules(), req.lines, names)
	for _, c := range seats {
		hs := s.hosted[c]
		if hs == nil || (b.tok != nil && hs.checkToken(s.game, b.tok.token)) {
			seat = c
			break
		}
	}
	rej := templates.Rejection{Game: s.game, To: seats[0]}
	if seat == "" {
		rej.Problems = []templates.Problem{{Reason: "a vacation is asked for like a move: write \"token\" and your seat's token on the first line, then the line \"vacation until YYYY-MM-DD\""}}
		if b.tok != nil {
			rej.Problems = []templates.Problem{{Line: b.tok.n, Text: "token …", Reason: "this is not the token of your seat; it is in the mail that invited you"}}
		}
		return r.reject(m, s, rej)
	}
	rej.To = seat
	if len(b.actions) > 0 {
		rej.Problems = []templates.Problem{{Line: b.origins[0].n, Text: b.origins[0].text,
			Reason: "a vacation (or \"back\") goes in a mail of its own, without actions: send the move in another mail"}}
		return r.reject(m, s, rej)
	}
	if s.g.Position().Over() {
		rej.Problems = []templates.Problem{{Reason: "the game is over"}}
		return r.reject(m, s, rej)
	}
	now := r.received(m).UTC().Truncate(time.Second)
	next := *s
	next.table = s.table.clone()
	t := next.table
	var lines []string
	subject := ""
	cur, away := t.away(seat, now)
	curAt := t.awayAt(seat, now)
	if req.cmd == cmdBack {
		if !away {
			rej.Problems = []templates.Problem{{Reason: "you are not on vacation in this game"}}
			return r.reject(m, s, rej)
		}
		t.vacations[curAt].back = now
		subject = seat + " is back"
		lines = append(lines, fmt.Sprintf("%s is back from vacation (%s–%s): %s's deadline runs again.", capital(seat), when(cur.from), when(now), seat))
	} else {
		until, err := parseVacation(req.arg, now)
		if err != nil {
			rej.Problems = []templates.Problem{{Line: req.cmdLine, Text: strings.TrimSpace("vacation " + req.arg), Reason: err.Error()}}
			return r.reject(m, s, rej)
		}
		if !until.After(now) {
			rej.Problems = []templates.Problem{{Line: req.cmdLine, Text: strings.TrimSpace("vacation " + req.arg), Reason: "that day has come already: give the day you are back"}}
			return r.reject(m, s, rej)
		}
		from := now
		if away {
			from = cur.from // a new date replaces the vacation being taken
		}
		left := MaxVacation - t.vacationUsed(seat, now)
		if left <= 0 {
			rej.Problems = []templates.Problem{{Reason: fmt.Sprintf("you have used all %s of vacation this game allows each seat", span(MaxVacation))}}
			return r.reject(m, s, rej)
		}
		cut := ""
		if until.Sub(from) > left {
			until = from.Add(left)
			cut = fmt.Sprintf(" (cut to the %s of vacation left: a seat may be away %s in all in one game)", span(left), span(MaxVacation))
		}
		if away {
			t.vacations = append(t.vacations[:curAt], t.vacations[curAt+1:]...)
		}
		t.vacations = append(t.vacations, vacation{seat: seat, from: from, until: until})
		subject = fmt.Sprintf("%s is away until %s", seat, until.Format("2 Jan 2006"))
		lines = append(lines, fmt.Sprintf("%s is on vacation from %s until %s%s: %s's deadline is paused until then, and the game waits for %s when it is %s's turn.",
			capital(seat), when(from), when(until), cut, seat, seat, seat))
		lines = append(lines, fmt.Sprintf("%s has used %s of the %s of vacation a seat may take in this game. A mail with the line \"back\" ends the vacation early.",
			capital(seat), span(until.Sub(from)+t.vacationUsed(seat, now)), span(MaxVacation)))
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
