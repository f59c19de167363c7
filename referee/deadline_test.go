package referee

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// flat is a mail's text with its lines joined, for checks of sentences
// the mail wraps.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// dueOnce asks r for the work due at now and carries it out as the
// daemon does: Commit, and the id remembered in done.
func dueOnce(t testing.TB, r *Referee, now time.Time, done map[string]bool) (*mail.Timed, time.Time) {
	t.Helper()
	tw, next, err := r.Due(context.Background(), now, func(id string) bool { return done[id] })
	if err != nil {
		t.Fatalf("Due(%v): %v", now, err)
	}
	if tw == nil {
		return nil, next
	}
	if done[tw.ID] {
		t.Fatalf("Due returned %s, which is done", tw.ID)
	}
	if tw.Decision.Commit != nil {
		before, _ := r.Entries(tw.Decision.Game)
		if tw.Decision.Entry <= before {
			t.Fatalf("timed decision %s: entry %d, not above %d", tw.ID, tw.Decision.Entry, before)
		}
		if err := tw.Decision.Commit(); err != nil {
			t.Fatalf("Commit of %s: %v", tw.ID, err)
		}
	}
	done[tw.ID] = true
	return tw, next
}

// hostWith makes a game of alice (red) and bob (blue) with a table's
// settings.
func hostWith(t testing.TB, seed byte, o HostOptions, hosted ...string) (string, *HostedGame) {
	t.Helper()
	o.Dir = filepath.Join(t.TempDir(), "games")
	o.Address, o.Now, o.Rand, o.Hosted = testFrom, refTime, newDetReader(seed), hosted
	if o.Seats == nil {
		o.Seats = []turnfile.Seat{alice, bob}
	}
	hg, err := HostNew(o)
	if err != nil {
		t.Fatalf("HostNew: %v", err)
	}
	return o.Dir, hg
}

// TestDeadlineBot: a seat that does not move gets a reminder half way
// and one six hours before its deadline, then the bot plays its move at
// the deadline, signed for the seat, marked as the bot's in the mails and
// the table, with the engine's events unchanged. Nothing is done twice.
func TestDeadlineBot(t *testing.T) {
	dir, hg := hostWith(t, 90, HostOptions{}, "red", "blue")
	r := newTestReferee(t, dir)
	done := map[string]bool{}

	if tw, next := dueOnce(t, r, refTime.Add(time.Hour), done); tw != nil || !next.Equal(refTime.Add(36*time.Hour)) {
		t.Fatalf("an hour in: %v due, next %v; want nothing before the half-way reminder at +36h", tw, next)
	}
	tw, _ := dueOnce(t, r, refTime.Add(36*time.Hour), done)
	if tw == nil || tw.Decision.Commit != nil || len(tw.Decision.Replies) != 1 {
		t.Fatalf("half way: %+v; want one reminder and no change", tw)
	}
	rem := tw.Decision.Replies[0]
	if !strings.Contains(rem.To[0], alice.Email) || !strings.Contains(rem.Subject, "reminder, turn 1: your move") ||
		!strings.Contains(flat(rem.Text), "Reminder: the game has waited for your move since Sun 22 Nov 2026 10:00 UTC") ||
		!strings.Contains(flat(rem.Text), "Your deadline is Wed 25 Nov 2026 10:00 UTC, 36 hours from now") ||
		!strings.Contains(flat(rem.Text), "after it the bot plays your move") || !strings.Contains(rem.Text, "Your legal actions now:") {
		t.Errorf("the half-way reminder to %v, %q:\n%s", rem.To, rem.Subject, rem.Text)
	}
	if tw, next := dueOnce(t, r, refTime.Add(36*time.Hour), done); tw != nil || !next.Equal(refTime.Add(66*time.Hour)) {
		t.Fatalf("after the reminder: %v due, next %v; want the last reminder at +66h", tw, next)
	}
	if tw, _ := dueOnce(t, r, refTime.Add(67*time.Hour), done); tw == nil || !strings.Contains(flat(tw.Decision.Replies[0].Text), "5 hours from now") {
		t.Fatalf("six hours before: %+v, want the last reminder", tw)
	}
	if n, _ := r.Entries(hg.Game); n != 2 {
		t.Fatalf("reminders changed the game: %d entries", n)
	}

	// The deadline: the bot plays red's move.
	at := refTime.Add(72*time.Hour + 30*time.Second)
	tw, _ = dueOnce(t, r, at, done)
	if tw == nil || tw.Decision.Commit == nil {
		t.Fatalf("at the deadline: %+v, want the bot's move", tw)
	}
	g := openBytes(t, storedBytes(t, dir, hg.Game)) // verifies every signature and event
	e := g.File().History[2]
	if e.Seat != "red" || e.At != "2026-11-25T10:00:30Z" || len(e.Actions) == 0 {
		t.Fatalf("entry 3: %s at %s, %v; want red's move at the deadline", e.Seat, e.At, e.Actions)
	}
	for _, ev := range e.Events {
		if strings.Contains(ev, "bot") {
			t.Errorf("the bot's mark is in the signed events: %q", ev)
		}
	}
	for i, out := range tw.Decision.Replies[:2] {
		if !strings.Contains(flat(out.Text), "Red did not move within the deadline (3 days): red's move was played by the bot at the deadline") ||
			!strings.Contains(out.Text, "  "+e.Actions[0]) || out.InReplyTo != "" {
			t.Errorf("turn mail %d after the bot's move:\n%s", i, out.Text)
		}
	}
	tbl, err := readTable(dir, hg.Game)
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := tbl.botPlayed(3); !ok || b.Seat != "red" || b.Why != "bot" {
		t.Errorf("the table does not mark entry 3 as the bot's: %+v", tbl.bot)
	}
	// status shows the note too; red's old mail to turn 1 is now stale.
	ml := &mailer{date: at}
	if st := one(t, handle(t, r, ml.incoming(bob.Email, "status "+hg.Game, ""))); !strings.Contains(flat(st.Text), "played by the bot at the deadline") {
		t.Errorf("status after the bot's move:\n%s", st.Text)
	}
	// The work is not done twice; blue's wait begins at the bot's move.
	if tw, next := dueOnce(t, r, at, done); tw != nil && tw.Decision.Commit != nil {
		t.Errorf("the deadline's work again: %s", tw.ID)
	} else if g.Position().Current() == "blue" && !next.Equal(at.Truncate(time.Second).Add(36*time.Hour)) {
		t.Errorf("blue's next reminder at %v", next)
	}
}

// TestDeadlineSkipWaitAndDecisions: the skip policy ends the turn with
// nothing done where the rules allow it, and has the bot play where they
// do not, saying so; wait only reminds; a decision owed by a seat that is
// not on turn is settled first, by the same policy.
func TestDeadlineSkipWaitAndDecisions(t *testing.T) {
	t.Run("skip", func(t *testing.T) {
		dir, hg := hostWith(t, 91, HostOptions{NoMove: NoMoveSkip, Deadline: 24 * time.Hour}, "red", "blue")
		r := newTestReferee(t, dir)
		done := map[string]bool{}
		tw, _ := dueOnce(t, r, refTime.Add(25*time.Hour), done)
		if tw == nil || tw.Decision.Commit == nil {
			t.Fatalf("at the deadline: %+v", tw)
		}
		g := openBytes(t, storedBytes(t, dir, hg.Game))
		e := g.File().History[2]
		text := flat(tw.Decision.Replies[0].Text)
		switch {
		case fmt.Sprint(e.Actions) == "[end]":
			if !strings.Contains(text, "red's turn was ended with nothing done at the deadline") {
				t.Errorf("a skipped turn's mail:\n%s", text)
			}
		default:
			if !strings.Contains(text, "no way to end red's turn with nothing done here, so red's move was played by the bot at the deadline instead") {
				t.Errorf("a turn that could not be skipped (%v):\n%s", e.Actions, text)
			}
		}
		if slices.Contains(g.Position().Awaited(), "red") && g.Position().Current() == "red" {
			t.Errorf("red still to move after the skip: %v", e.Actions)
		}
	})
	t.Run("wait", func(t *testing.T) {
		dir, hg := hostWith(t, 92, HostOptions{NoMove: NoMoveWait, Deadline: 24 * time.Hour}, "red", "blue")
		r := newTestReferee(t, dir)
		done := map[string]bool{}
		var kinds []string
		for _, h := range []time.Duration{13, 19, 25, 100} {
			if tw, _ := dueOnce(t, r, refTime.Add(h*time.Hour), done); tw != nil {
				kinds = append(kinds, strings.SplitN(tw.ID, ".", 2)[0])
			}
		}
		if fmt.Sprint(kinds) != "[remind-half remind-last]" {
			t.Errorf("work under the wait policy: %v, want two reminders", kinds)
		}
		if n, _ := r.Entries(hg.Game); n != 2 {
			t.Errorf("the wait policy changed the game: %d entries", n)
		}
		if tw, next := dueOnce(t, r, refTime.Add(100*time.Hour), done); tw != nil || !next.IsZero() {
			t.Errorf("after the deadline under wait: %v, next %v; want nothing more", tw, next)
		}
	})
	t.Run("decision", func(t *testing.T) {
		// Nim: a take that leaves 3 stones or fewer owes a tribute, a
		// decision of the taker while the next seat is to move.
		set := twoGames(t)
		amber := turnfile.Seat{Colour: "amber", Name: "Alice", Email: alice.Email}
		teal := turnfile.Seat{Colour: "teal", Name: "Bob", Email: bob.Email}
		dir, hg := hostWith(t, 93, HostOptions{Games: set, Game: "nim", Seats: []turnfile.Seat{amber, teal}, Deadline: time.Hour}, "amber", "teal")
		r, err := New(Options{Dir: dir, Address: testFrom, Games: set})
		if err != nil {
			t.Fatal(err)
		}
		ml := &mailer{date: refTime}
		send := func(seat turnfile.Seat, body string) {
			t.Helper()
			g := openGame(t, set, storedBytes(t, dir, hg.Game))
			if d := handle(t, r, ml.incoming(seat.Email, turnSubject(hg.Game, g), "token "+hg.Tokens[seat.Colour]+"\n"+body)); d.Reject {
				t.Fatalf("%s's %q:\n%s", seat.Colour, body, d.Replies[0].Text)
			}
		}
		// Amber and teal take single stones until a take owes a tribute.
		for i := 0; i < 12; i++ {
			g := openGame(t, set, storedBytes(t, dir, hg.Game))
			if len(g.Position().Owed()) > 0 {
				break
			}
			seat := map[string]turnfile.Seat{"amber": amber, "teal": teal}[g.Position().Current()]
			send(seat, "roll; take 1")
		}
		g := openGame(t, set, storedBytes(t, dir, hg.Game))
		owed := g.Position().Owed()
		if len(owed) != 1 || owed[0].Seat == g.Position().Current() {
			t.Fatalf("owed %v with %s to move; want a tribute of the other seat", owed, g.Position().Current())
		}
		debtor, mover := owed[0].Seat, g.Position().Current()
		done := map[string]bool{}
		late := ml.date.Add(2 * time.Hour)
		var seats []string
		for i := 0; i < 4; i++ {
			tw, _ := dueOnce(t, r, late, done)
			if tw == nil {
				break
			}
			if tw.Decision.Commit != nil {
				h := openGame(t, set, storedBytes(t, dir, hg.Game)).File().History
				seats = append(seats, h[len(h)-1].Seat+":"+strings.Join(h[len(h)-1].Actions, ";"))
			}
		}
		if len(seats) < 2 || seats[0] != debtor+":pay" || !strings.HasPrefix(seats[1], mover+":") {
			t.Errorf("the bot's entries at the deadline: %v; want %s's tribute first, then %s's move", seats, debtor, mover)
		}
	})
}

// TestDeadlineOwnKeySeat: the referee cannot move for a seat that plays
// with its own key: it reminds it, then tells the table once.
func TestDeadlineOwnKeySeat(t *testing.T) {
	p := joinedPeerGame(t)
	// Red (hosted) moves until blue is to move.
	pl := newBot("random", 4)
	for i := 0; i < 20; i++ {
		cur := openBytes(t, storedBytes(t, p.dir, p.game))
		if slices.Contains(cur.Acting(), "blue") {
			break
		}
		move, err := chooseMove(pl, cur, "red")
		if err != nil {
			t.Fatal(err)
		}
		if d := handle(t, p.r, p.ml.incoming(alice.Email, turnSubject(p.game, cur), "token "+p.token+"\n"+moveText(move, i))); d.Reject {
			t.Fatal(d.Replies[0].Text)
		}
	}
	since := p.ml.date
	done := map[string]bool{}
	var got []string
	for _, h := range []time.Duration{37, 67, 73, 80} {
		tw, _ := dueOnce(t, p.r, since.Add(h*time.Hour), done)
		if tw == nil {
			continue
		}
		if tw.Decision.Commit != nil {
			t.Fatalf("the referee moved for blue: %s", tw.ID)
		}
		kind := strings.SplitN(tw.ID, ".", 2)[0]
		got = append(got, fmt.Sprintf("%s:%d", kind, len(tw.Decision.Replies)))
		if kind == "late" {
			for _, out := range tw.Decision.Replies {
				if !strings.Contains(out.Subject, "blue missed the deadline") || !strings.Contains(flat(out.Text), "neither the referee nor its bot can move for blue") {
					t.Errorf("the notice to %v: %q\n%s", out.To, out.Subject, out.Text)
				}
			}
		}
	}
	if fmt.Sprint(got) != "[remind-half:1 remind-last:1 late:2]" {
		t.Errorf("work for a late seat with its own key: %v; want two reminders to blue, then one notice to both seats", got)
	}
}

// TestVacation: a seat on vacation gets no reminder and its deadline
// moves on by as long as it is away; "back" ends it; the table is told;
// a seat may be away 14 days in all.
func TestVacation(t *testing.T) {
	dir, hg := hostWith(t, 94, HostOptions{}, "red", "blue")
	r := newTestReferee(t, dir)
	ml := &mailer{date: refTime.Add(10 * time.Hour)}
	subject := "Re: " + templates.SubjectTag(hg.Game) + " turn 1: your move"
	red := "token " + hg.Tokens["red"] + "\n"

	d := handle(t, r, ml.incoming(alice.Email, subject, "Hi,\n"+red+"vacation until 2026-11-28\n\nThanks,\nAlice"))
	if d.Reject || d.Commit == nil || len(d.Replies) != 2 {
		t.Fatalf("vacation: reject %v, %d replies:\n%s", d.Reject, len(d.Replies), d.Replies[0].Text)
	}
	for _, out := range d.Replies {
		if !strings.Contains(out.Subject, "red is away until 28 Nov 2026") || !strings.Contains(flat(out.Text), "Red is on vacation from Sun 22 Nov 2026 20:01 UTC until Sat 28 Nov 2026 00:00 UTC") {
			t.Errorf("the notice to %v, %q:\n%s", out.To, out.Subject, out.Text)
		}
	}
	if n, _ := r.Entries(hg.Game); n != 3 {
		t.Errorf("Entries after a vacation = %d, want 3 (2 entries and the table's change)", n)
	}
	done := map[string]bool{}
	// Half way to the old deadline red is away: no reminder.
	if tw, next := dueOnce(t, r, refTime.Add(40*time.Hour), done); tw != nil || !next.After(refTime.Add(5*24*time.Hour)) {
		t.Errorf("during the vacation: %v due, next %v", tw, next)
	}
	// Back after two days: the deadline moves on by the two days.
	back := refTime.Add(58 * time.Hour)
	ml.date = back
	d = handle(t, r, ml.incoming(alice.Email, subject, red+"back"))
	if d.Reject || len(d.Replies) != 2 || !strings.Contains(d.Replies[1].Text, "Red is back from vacation") {
		t.Fatalf("back: reject %v:\n%s", d.Reject, d.Replies[0].Text)
	}
	s, err := r.session(hg.Game)
	if err != nil {
		t.Fatal(err)
	}
	due, _ := s.deadlineOf("red")
	// Away from its first mail (+10h01m) to its second (+58h01m).
	if want := refTime.Add(72*time.Hour + back.Sub(refTime.Add(10*time.Hour))); !due.Equal(want) {
		t.Errorf("red's deadline after the vacation = %v, want %v", due, want)
	}
	// Refusals: back again, a bad date, the past, without the token, with
	// a move, too long.
	for _, tc := range []struct{ body, want string }{
		{red + "back", "not on vacation"},
		{red + "vacation until next week", "vacation until YYYY-MM-DD"},
		{red + "vacation until 2026-11-01", "that day has come already"},
		{"vacation until 2026-12-01", "token"},
		{red + "vacation until 2026-12-01\nroll", "in a mail of its own"},
	} {
		ml.date = ml.date.Add(time.Minute)
		d := handle(t, r, ml.incoming(alice.Email, subject, tc.body))
		if out := one(t, d); !d.Reject || !strings.Contains(flat(out.Text), tc.want) {
			t.Errorf("%q: reject %v, want %q:\n%s", tc.body, d.Reject, tc.want, out.Text)
		}
	}
	d = handle(t, r, ml.incoming(alice.Email, subject, red+"vacation 30 days"))
	if d.Reject || !strings.Contains(flat(d.Replies[0].Text), "cut to the") {
		t.Errorf("a vacation over the allowance:\n%s", d.Replies[0].Text)
	}
	tbl, _ := readTable(dir, hg.Game)
	var total time.Duration
	for _, v := range tbl.vacations {
		total += v.end().Sub(v.from)
	}
	if total != MaxVacation {
		t.Errorf("vacations add up to %v, want %v", total, MaxVacation)
	}
}

// TestHostSeat: an abandoned hosted seat goes to a new player, whose
// token works where the old one stops, or to the bot, which then plays
// as soon as the game waits for the seat; every seat is told. A seat
// with its own key cannot be handed over.
func TestHostSeat(t *testing.T) {
	dir, hg := hostWith(t, 95, HostOptions{}, "red", "blue")
	carol := turnfile.Seat{Name: "Carol", Email: "carol@example.test"}
	sg, err := HostSeat(SeatOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seat: "red", To: carol, Now: refTime.Add(time.Hour), Rand: newDetReader(96)})
	if err != nil {
		t.Fatal(err)
	}
	var inv mail.Outgoing
	var told []string
	for _, m := range sg.Mail {
		if strings.Contains(m.Subject, "invitation") {
			inv = m
			continue
		}
		told = append(told, m.To[0])
		if !strings.Contains(flat(m.Text), "Red is now played by Carol <carol@example.test>") {
			t.Errorf("the notice to %v:\n%s", m.To, m.Text)
		}
	}
	if !strings.Contains(inv.To[0], carol.Email) || tokenFrom(t, inv.Text) != sg.Tokens["red"] || !strings.Contains(inv.Text, "The game as it stands") || !strings.Contains(inv.Text, "It is your turn.") {
		t.Fatalf("Carol's invitation to %v:\n%s", inv.To, inv.Text)
	}
	if len(told) != 2 || !strings.Contains(strings.Join(told, " "), alice.Email) || !strings.Contains(strings.Join(told, " "), bob.Email) {
		t.Errorf("told %v, want Alice (the old player) and Bob", told)
	}
	r := newTestReferee(t, dir)
	ml := &mailer{date: refTime.Add(2 * time.Hour)}
	subject := "Re: " + templates.SubjectTag(hg.Game) + " turn 1: your move"
	if d := handle(t, r, ml.incoming(alice.Email, subject, "token "+hg.Tokens["red"]+"\nroll")); !d.Reject || !strings.Contains(d.Replies[0].Text, "no longer plays in game") {
		t.Errorf("Alice after she left:\n%s", d.Replies[0].Text)
	}
	if d := handle(t, r, ml.incoming(carol.Email, subject, "token "+sg.Tokens["red"]+"\nroll")); d.Reject {
		t.Fatalf("Carol's move:\n%s", d.Replies[0].Text)
	}

	// Blue to the bot: it plays as soon as the game waits for blue.
	if _, err := HostSeat(SeatOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seat: "blue", Bot: true}); err != nil {
		t.Fatal(err)
	}
	done := map[string]bool{}
	ml.date = ml.date.Add(time.Minute)
	for i := 0; i < 10; i++ {
		g := openBytes(t, storedBytes(t, dir, hg.Game))
		if slices.Contains(g.Acting(), "blue") {
			break
		}
		move, err := chooseMove(newBot("random", 5), g, "red")
		if err != nil {
			t.Fatal(err)
		}
		ml.date = ml.date.Add(time.Minute)
		if d := handle(t, r, ml.incoming(carol.Email, turnSubject(hg.Game, g), "token "+sg.Tokens["red"]+"\n"+moveText(move, i))); d.Reject {
			t.Fatal(d.Replies[0].Text)
		}
	}
	tw, _ := dueOnce(t, r, ml.date, done)
	if tw == nil || tw.Decision.Commit == nil || !strings.HasPrefix(tw.ID, "bot.blue.") {
		t.Fatalf("blue, the bot's, to move: %+v", tw)
	}
	if text := flat(tw.Decision.Replies[0].Text); !strings.Contains(text, "Blue is played by the bot") {
		t.Errorf("the mail of the bot seat's move:\n%s", text)
	}
	if len(tw.Decision.Replies) != 1 {
		t.Errorf("%d mails for the bot seat's move, want one (to red; the bot has no address)", len(tw.Decision.Replies))
	}

	var he *HostError
	p, _ := newPeerGame(t)
	if _, err := HostSeat(SeatOptions{Dir: p.dir, Address: testFrom, Game: p.game, Seat: "blue", Bot: true}); !errors.As(err, &he) || !strings.Contains(err.Error(), "own key") {
		t.Errorf("handing over a seat with its own key: %v", err)
	}
	if _, err := HostSeat(SeatOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seat: "red", To: turnfile.Seat{Name: "X", Email: "nope"}}); !errors.As(err, &he) {
		t.Errorf("a new player without an address: %v", err)
	}
}

// TestGamesCommand: "games" lists every game of the store to a player of
// one of them, with whose move it is and the deadline; HostList too.
func TestGamesCommand(t *testing.T) {
	dir, hg := hostWith(t, 97, HostOptions{Deadline: 48 * time.Hour}, "red", "blue")
	if _, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Seats: []turnfile.Seat{{Colour: "red", Name: "Carol", Email: "carol@example.test"}, {Colour: "blue", Name: "Dan", Email: "dan@example.test"}},
		Hosted: []string{"red"}, Now: refTime, Rand: newDetReader(98)}); err != nil {
		t.Fatal(err)
	}
	r := newTestReferee(t, dir)
	ml := &mailer{}
	out := one(t, handle(t, r, ml.incoming(alice.Email, "games", "")))
	if !strings.Contains(flat(out.Text), hg.Game+" (elasund): turn 1, waiting for red, deadline Tue 24 Nov 2026 10:00 UTC. You play red.") ||
		!strings.Contains(out.Text, "waiting for blue to join") {
		t.Errorf("games:\n%s", out.Text)
	}
	if d := handle(t, r, ml.incoming("mallory@example.test", "games", "")); !d.Reject {
		t.Error("games answered to an address without a seat")
	}
	list, err := HostList(ListOptions{Dir: dir, Now: refTime})
	if err != nil || len(list) != 2 {
		t.Fatalf("HostList: %v, %d games", err, len(list))
	}
}
