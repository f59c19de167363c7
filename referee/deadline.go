package referee

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// Deadlines. Every seat the game waits for has until its deadline to
// move: the table's deadline (table.yaml, DefaultDeadline unless host new
// said otherwise) after the game began to wait for it, plus the time its
// vacations cover. Half way, and lastReminder before the deadline (a
// quarter of the deadline when that is shorter), the seat gets a
// reminder. At the deadline the table's no-move policy applies to a
// hosted seat: the bot plays its move (or decision), or its turn is
// ended with nothing done, or nothing happens (wait). A seat that plays
// with its own key cannot be played by the referee, whose key it is not:
// the table is told instead. A hosted seat handed to the bot (HostSeat)
// is played by the bot as soon as the game waits for it.
//
// Everything here depends only on the store and the time the daemon
// gives (its clock): the deadlines are computed from the table, which the
// store keeps, so that they survive restarts, and each piece of work has
// an id made of the game, the seat, the kind and the game's entry count,
// which the daemon's journal remembers once the work is done.

// lastReminder is how long before the deadline the last reminder goes.
const lastReminder = 6 * time.Hour

// deadlineEvent is a piece of work a seat's wait brings.
type deadlineEvent struct {
	kind string // remind-half, remind-last, deadline, late, bot
	seat string
	at   time.Time
	id   string
}

// defaultBotLevel is the level the bot plays at for a table that names
// none: the game's heuristic level, or its strongest.
func defaultBotLevel(kit games.Kit) string {
	if kit.Bots == nil {
		return bot.LevelHeuristic
	}
	levels := kit.Bots.Levels()
	if slices.Contains(levels, bot.LevelHeuristic) || len(levels) == 0 {
		return bot.LevelHeuristic
	}
	return levels[len(levels)-1]
}

// Due finds the first piece of work due at now, by the daemon's clock,
// that done does not report as finished: a reminder, a move the bot plays
// at a deadline, a notice to the table. It returns nil and the time the
// next piece falls due when there is none. It changes nothing: the
// decision's Commit does (mail.Timer).
func (r *Referee) Due(_ context.Context, now time.Time, done func(id string) bool) (*mail.Timed, time.Time, error) {
	ids, err := r.Games()
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("listing the games: %w", err)
	}
	var next time.Time
	for _, game := range ids {
		s, err := r.session(game)
		if err != nil {
			r.log.Error("deadlines: cannot read game", "game", game, "err", err)
			continue
		}
		for _, ev := range s.events(now) {
			if ev.at.After(now) {
				if next.IsZero() || ev.at.Before(next) {
					next = ev.at
				}
				continue
			}
			if done(ev.id) {
				continue
			}
			t, err := r.timed(s, ev, now)
			if err != nil {
				r.log.Error("deadlines: cannot act", "game", game, "seat", ev.seat, "kind", ev.kind, "err", err)
				continue
			}
			r.log.Info("deadline work due", "game", game, "seat", ev.seat, "kind", ev.kind, "id", ev.id)
			return t, next, nil
		}
	}
	return nil, next, nil
}

// deadlineOf is when seat's time to move runs out, and since when the
// game has waited for it.
func (s *session) deadlineOf(seat string) (due, since time.Time) {
	since = s.table.awaitedSince(s.g, seat)
	return since.Add(s.table.deadline + s.table.paused(seat, since)), since
}

// events lists the work the seats the game waits for bring, now or
// later: for each awaited seat the reminder or deadline that is current
// at now, and the next one after it.
func (s *session) events(now time.Time) []deadlineEvent {
	p := s.g.Position()
	if p.Over() || len(s.g.Unjoined()) > 0 {
		return nil
	}
	n := len(s.g.File().History)
	id := func(kind, seat string) string {
		return fmt.Sprintf("%s.%s.%d.%s@referee.elasund.invalid", kind, seat, n, s.game)
	}
	// Seats that owe a decision come first: the seat to move waits for
	// them.
	seats := slices.Clone(p.Awaited())
	owes := func(seat string) bool {
		return slices.ContainsFunc(p.Owed(), func(o engine.Owed) bool { return o.Seat == seat })
	}
	slices.SortStableFunc(seats, func(a, b string) int {
		switch {
		case owes(a) && !owes(b):
			return -1
		case owes(b) && !owes(a):
			return 1
		}
		return 0
	})
	var out []deadlineEvent
	for _, seat := range seats {
		hs := s.hosted[seat]
		due, since := s.deadlineOf(seat)
		if hs != nil && hs.bot {
			out = append(out, deadlineEvent{kind: "bot", seat: seat, at: since, id: id("bot", seat)})
			continue
		}
		d := s.table.deadline
		half, last := due.Add(-d/2), due.Add(-min(lastReminder, d/4))
		deadline := deadlineEvent{kind: "deadline", seat: seat, at: due, id: id("deadline", seat)}
		if hs == nil {
			deadline.kind, deadline.id = "late", id("late", seat)
		} else if s.table.noMove == NoMoveWait {
			deadline.kind = ""
		}
		_, away := s.table.away(seat, now)
		switch {
		case !now.Before(due):
			if deadline.kind != "" {
				out = append(out, deadline)
			}
		case !now.Before(last):
			if !away {
				out = append(out, deadlineEvent{kind: "remind-last", seat: seat, at: last, id: id("remind-last", seat)})
			}
			if deadline.kind != "" {
				out = append(out, deadline)
			} else {
				out = append(out, deadlineEvent{seat: seat, at: due})
			}
		case !now.Before(half):
			if !away {
				out = append(out, deadlineEvent{kind: "remind-half", seat: seat, at: half, id: id("remind-half", seat)})
			}
			out = append(out, deadlineEvent{kind: "remind-last", seat: seat, at: last, id: id("remind-last", seat)})
		default:
			out = append(out, deadlineEvent{kind: "remind-half", seat: seat, at: half, id: id("remind-half", seat)})
		}
	}
	slices.SortStableFunc(out, func(a, b deadlineEvent) int { return a.at.Compare(b.at) })
	return out
}

// timed is the decision for a piece of deadline work.
func (r *Referee) timed(s *session, ev deadlineEvent, now time.Time) (*mail.Timed, error) {
	switch ev.kind {
	case "remind-half", "remind-last":
		return r.remind(s, ev, now)
	case "late":
		return r.late(s, ev, now)
	case "deadline", "bot":
		return r.play(s, ev, now)
	}
	return nil, fmt.Errorf("no work of kind %q", ev.kind)
}

// remind reminds a seat that the game waits for it.
func (r *Referee) remind(s *session, ev deadlineEvent, now time.Time) (*mail.Timed, error) {
	seat := s.seat(ev.seat)
	if seat == nil || seat.Email == "" {
		return &mail.Timed{ID: ev.id, Decision: &mail.Decision{}}, nil
	}
	due, since := s.deadlineOf(ev.seat)
	what := "move"
	if s.g.Position().Current() != ev.seat {
		what = "decision"
	}
	tm := turnMail(s, ev.seat, lastReport(s), now)
	tm.Reminder = true
	tm.Note = fmt.Sprintf("Reminder: the game has waited for your %s since %s. Your deadline is %s, %s from now; %s",
		what, when(since), when(due), span(due.Sub(now)), s.afterDeadline(ev.seat, true))
	tm.Deadline = ""
	subject, body, err := s.mailer.Turn(tm)
	if err != nil {
		return nil, err
	}
	r.log.Info("reminder", "game", s.game, "seat", ev.seat, "deadline", due)
	return &mail.Timed{ID: ev.id, Decision: &mail.Decision{Game: s.game, Replies: []mail.Outgoing{mailTo(nil, *seat, subject, body, nil)}}}, nil
}

// afterDeadline says what happens at seat's deadline: to the seat itself
// when you is set ("your move"), else of any seat ("its move").
func (s *session) afterDeadline(seat string, you bool) string {
	your, them := "its", "the seat"
	if you {
		your, them = "your", "you"
	}
	hs := s.hosted[seat]
	switch {
	case hs == nil && you:
		return "after it the table is told; nobody can move for you, since you play with your own key."
	case hs == nil:
		return "after it the table is told; nobody can move for a seat that plays with its own key."
	case s.table.noMove == NoMoveWait:
		return "after it the game waits on for " + them + ", with reminders."
	case s.table.noMove == NoMoveSkip:
		return "after it " + your + " turn is ended with nothing done where the rules allow it, and otherwise the bot plays " + your + " move."
	}
	return "after it the bot plays " + your + " move (the " + s.table.botLevel + " bot), signed for " + your + " seat."
}

// late tells the table that a seat that plays with its own key has let
// its deadline pass: the referee cannot move for it.
func (r *Referee) late(s *session, ev deadlineEvent, now time.Time) (*mail.Timed, error) {
	_, since := s.deadlineOf(ev.seat)
	var replies []mail.Outgoing
	for _, st := range s.seats() {
		if st.Email == "" {
			continue
		}
		lines := []string{
			fmt.Sprintf("%s has not moved within the table's deadline of %s: the game has waited for %s since %s.",
				capital(ev.seat), span(s.table.deadline), ev.seat, when(since)),
			fmt.Sprintf("%s plays with its own key, which the referee does not hold, so neither the referee nor its bot can move for %s. The game waits for %s's file; %s can still move at any time.",
				capital(ev.seat), ev.seat, ev.seat, ev.seat),
		}
		if st.Colour == ev.seat {
			lines = append(lines, "Make your move with \"elasund move\" and mail the file back, keeping the subject; \"resend "+s.game+"\" brings the latest file.")
		}
		subject, body, err := s.mailer.Notice(templates.Notice{Game: s.game, To: st.Colour,
			Subject: fmt.Sprintf("turn %d: %s missed the deadline", s.g.Position().Turn(), ev.seat), Lines: lines})
		if err != nil {
			return nil, err
		}
		replies = append(replies, mailTo(nil, st, subject, body, nil))
	}
	r.log.Info("deadline passed for a seat with its own key; the table is told", "game", s.game, "seat", ev.seat)
	return &mail.Timed{ID: ev.id, Decision: &mail.Decision{Game: s.game, Replies: replies}}, nil
}

// play makes the move of a hosted seat at its deadline, or of a seat
// handed to the bot: by the table's no-move policy, signed for the seat.
// The entry is the engine's: the bot's part is marked in the table, the
// mails and the log.
func (r *Referee) play(s *session, ev deadlineEvent, now time.Time) (*mail.Timed, error) {
	hs := s.hosted[ev.seat]
	if hs == nil {
		return nil, fmt.Errorf("%s is not hosted", ev.seat)
	}
	p := s.g.Position()
	before, awaited, entries := p.Owed(), p.Awaited(), len(s.g.File().History)
	why := "bot"
	var move []engine.Action
	switch {
	case hs.bot:
		why = "seat"
	case s.table.noMove == NoMoveSkip:
		if a, ok := s.skipAction(ev.seat, hs); ok {
			move, why = []engine.Action{a}, "skip"
		} else {
			why = "skip-failed"
		}
	}
	if move == nil {
		player, err := s.kit.Bots.New(s.table.botLevel, botSeed(s.game, entries, ev.seat))
		if err != nil {
			return nil, fmt.Errorf("the %s bot: %w", s.table.botLevel, err)
		}
		src := s.g.Source(ev.seat, hs.signer)
		if src == nil {
			return nil, fmt.Errorf("no random source for %s", ev.seat)
		}
		if move, err = bot.Plan(p, ev.seat, src, player); err != nil {
			return nil, err
		}
		if len(move) == 0 {
			return nil, fmt.Errorf("the bot found nothing for %s to do", ev.seat)
		}
	}
	at := entryTime(s.g, now)
	r.cache.forget(s.game)
	e, err := s.g.Move(ev.seat, move, hs.signer, at, turnfile.MoveOptions{})
	if err != nil {
		return nil, fmt.Errorf("the %s move for %s: %w", why, ev.seat, err)
	}
	next, err := s.moved(s.g)
	if err != nil {
		return nil, err
	}
	next.table.await(next.g, awaited, entries, []string{ev.seat}, at)
	next.table.bot = append(next.table.bot, botRecord{Entry: e.N, Seat: ev.seat, Why: why})
	rep := report{mover: ev.seat, move: e.Actions, events: e.Events, note: botNote(next, ev.seat, why)}
	replies, err := turnReplies(next, nil, rep, before, now)
	if err != nil {
		return nil, err
	}
	r.log.Info("played at the deadline", "game", s.game, "seat", ev.seat, "policy", why, "entry", e.N, "move", strings.Join(e.Actions, "; "))
	return &mail.Timed{ID: ev.id, Decision: r.commit(next, ev.id, replies)}, nil
}

// skipAction is the action that ends seat's turn, or declines its
// decision, with nothing done ("end", "decline", "rebuild hut none"),
// where the rules allow one: applied alone, it leaves the game no longer
// waiting for the seat.
func (s *session) skipAction(seat string, hs *hostedSeat) (engine.Action, bool) {
	for _, a := range s.g.Legal(seat, hs.signer) {
		text := a.String()
		if text != "end" && text != "decline" && !strings.HasSuffix(text, " none") {
			continue
		}
		src := s.g.Source(seat, hs.signer)
		if src == nil {
			continue
		}
		q := s.g.Position().Clone()
		turn := q.Turn()
		if _, err := q.Apply(seat, []engine.Action{a}, src); err != nil {
			continue
		}
		if q.Over() || q.Turn() != turn || !slices.Contains(q.Awaited(), seat) {
			return a, true
		}
	}
	return nil, false
}

// botSeed is the seed of the bot that plays for seat at entry count n:
// the same every time the work is done again.
func botSeed(game string, n int, seat string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%s", game, n, seat)
	return h.Sum64()
}

// botNote says, in the turn mails, who played an entry the bot made.
func botNote(s *session, seat, why string) string {
	d := span(s.table.deadline)
	switch why {
	case "seat":
		return fmt.Sprintf("%s is played by the bot (the %s bot): it played %s's move, as understood:", capital(seat), s.table.botLevel, seat)
	case "skip":
		return fmt.Sprintf("%s did not move within the deadline (%s): %s's turn was ended with nothing done at the deadline (the table's no-move policy), as understood:", capital(seat), d, seat)
	case "skip-failed":
		return fmt.Sprintf("%s did not move within the deadline (%s). The rules allow no way to end %s's turn with nothing done here, so %s's move was played by the bot at the deadline instead (the %s bot), as understood:", capital(seat), d, seat, seat, s.table.botLevel)
	}
	return fmt.Sprintf("%s did not move within the deadline (%s): %s's move was played by the bot at the deadline (the table's no-move policy; the %s bot), as understood:", capital(seat), d, seat, s.table.botLevel)
}

// deadlineSentence tells seat when its move is due, for its turn mail;
// "" when the game does not wait for it.
func deadlineSentence(s *session, seat string, now time.Time) string {
	p := s.g.Position()
	if p.Over() || !slices.Contains(p.Awaited(), seat) || len(s.g.Unjoined()) > 0 {
		return ""
	}
	if hs := s.hosted[seat]; hs != nil && hs.bot {
		return ""
	}
	due, _ := s.deadlineOf(seat)
	if v, ok := s.table.away(seat, now); ok {
		return fmt.Sprintf("You are on vacation until %s: your deadline is paused, and is now %s.", when(v.end()), when(due))
	}
	return fmt.Sprintf("Your deadline is %s (%s after the game began to wait for you); %s", when(due), span(s.table.deadline), s.afterDeadline(seat, true))
}

// when writes a time for a mail: "Mon 23 Nov 2026 10:00 UTC".
func when(t time.Time) string { return t.UTC().Format("Mon 2 Jan 2006 15:04 MST") }

// span writes a duration for a mail: "72 hours", "3 days", "45 minutes".
func span(d time.Duration) string {
	switch {
	case d >= 48*time.Hour && d%(24*time.Hour) == 0:
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	case d >= 48*time.Hour:
		days, hours := d/(24*time.Hour), (d%(24*time.Hour)+30*time.Minute)/time.Hour
		if hours == 0 || hours == 24 {
			return fmt.Sprintf("%d days", days+hours/24)
		}
		return fmt.Sprintf("%d days and %d hours", days, hours)
	case d >= 2*time.Hour:
		return fmt.Sprintf("%d hours", (d+30*time.Minute)/time.Hour)
	case d >= 2*time.Minute:
		return fmt.Sprintf("%d minutes", (d+30*time.Second)/time.Minute)
	}
	return fmt.Sprintf("%d seconds", (d+500*time.Millisecond)/time.Second)
}

// capital returns s with its first letter upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
