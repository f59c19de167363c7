package referee

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/turnfile"
)

// The players' addresses on the mail stack.
const stackDaemon = "elasund@localhost"

var (
	stackAlice = turnfile.Seat{Colour: "red", Name: "Alice", Email: "alice@localhost"}
	stackBob   = turnfile.Seat{Colour: "blue", Name: "Bob", Email: "bob@localhost"}
)

// maildirWatch reads the mail Dovecot delivers to a user, each file once.
type maildirWatch struct {
	t    testing.TB
	dir  string
	seen map[string]bool
	// byID holds the messages read so far by Message-ID.
	byID map[string][]byte
}

func watchMaildir(t testing.TB, s *mailtest.Stack, user string) *maildirWatch {
	return &maildirWatch{t: t, dir: s.MaildirPath(user), seen: map[string]bool{}, byID: map[string][]byte{}}
}

func (w *maildirWatch) poll() {
	for _, sub := range []string{"new", "cur"} {
		ents, _ := os.ReadDir(filepath.Join(w.dir, sub))
		for _, e := range ents {
			base := strings.SplitN(e.Name(), ":", 2)[0]
			if w.seen[base] {
				continue
			}
			b, err := os.ReadFile(filepath.Join(w.dir, sub, e.Name()))
			if err != nil {
				continue // moved from new to cur meanwhile
			}
			w.seen[base] = true
			w.byID[strings.Trim(headerField(b, "Message-Id"), "<> ")] = b
		}
	}
}

// wait returns the message with Message-ID id once it has arrived.
func (w *maildirWatch) wait(id string, timeout time.Duration) *mail.Incoming {
	w.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		w.poll()
		if b := w.byID[id]; b != nil {
			in, err := mail.ParseMessage(b, mail.Limits{})
			if err != nil {
				w.t.Fatal(err)
			}
			return in
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("no message %s in %s after %v", id, w.dir, timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// find returns the first message whose subject contains s.
func (w *maildirWatch) find(s string, timeout time.Duration) *mail.Incoming {
	w.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		w.poll()
		for _, b := range w.byID {
			in, err := mail.ParseMessage(b, mail.Limits{})
			if err != nil {
				w.t.Fatal(err)
			}
			if strings.Contains(in.Subject, s) {
				return in
			}
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("no message about %q in %s after %v", s, w.dir, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// swaksMail sends a mail with swaks, to OpenSMTPD (protocol SMTP) or
// straight to Dovecot (LMTP), with a fixed Date so that the entry it
// makes is known in advance.
func swaksMail(t testing.TB, s *mailtest.Stack, protocol, from, subject, body, id string, date time.Time) {
	t.Helper()
	s.Swaks(protocol, from, stackDaemon, subject, body, id, "Date: "+date.Format(time.RFC1123Z))
}

// stackGame hosts a game of alice and bob, both seats hosted, with the
// daemon's address on the mail stack.
func stackGame(t testing.TB, options map[string]string) (string, *HostedGame) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "games")
	hg, err := HostNew(HostOptions{
		Dir: dir, Address: stackDaemon, Seats: []turnfile.Seat{stackAlice, stackBob},
		Hosted: []string{"red", "blue"}, Options: options, Now: refTime, Rand: newDetReader(31),
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, hg
}

// TestRefereeDovecot plays moves through real servers: the invitations
// go out through Dovecot's submission service, moves are sent to
// OpenSMTPD with swaks and curl and read by the daemon from Dovecot over
// IMAP, and every reply is checked in the players' Dovecot mailboxes.
func TestRefereeDovecot(t *testing.T) {
	s := mailtest.StartStack(t)
	dir, hg := stackGame(t, nil)
	cfg := stackConfig(s, t.TempDir())
	cfg.GamesDir = dir
	cfg.IMAP.PollInterval = 200 * time.Millisecond
	if err := mail.Post(context.Background(), cfg, hg.Key, hg.Mail, mail.Options{}); err != nil {
		t.Fatalf("posting the invitations: %v", err)
	}
	inbox := map[string]*maildirWatch{"red": watchMaildir(t, s, "alice"), "blue": watchMaildir(t, s, "bob")}
	seats := map[string]turnfile.Seat{"red": stackAlice, "blue": stackBob}
	tokens := map[string]string{}
	for c, w := range inbox {
		// The invitation opens the game: the board comes with it.
		inv := w.find("invitation", 30*time.Second)
		tokens[c] = tokenFrom(t, inv.Text)
		if !strings.Contains(inv.Text, "The game begins") || attachmentNamed(inv.Attachments, ".svg") == nil {
			t.Errorf("%s's invitation does not open the game:\n%s", c, inv.Text)
		}
	}
	ref, err := New(Options{Dir: dir, Address: stackDaemon, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	clock := &testClock{t: refTime.Add(time.Hour)}
	r := startDaemon(t, cfg, ref, mail.Options{Now: clock.now, RetryMin: 50 * time.Millisecond, RetryMax: 500 * time.Millisecond})

	replica := openBytes(t, storedBytes(t, dir, hg.Game))
	hosted, err := readHosted(dir, hg.Game, elasund.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	players := map[string]bot.Player{}
	players["red"] = newBot(bot.LevelHeuristic, 1)
	players["blue"] = newBot(bot.LevelHeuristic, 2)
	ml := &mailer{date: refTime.Add(time.Hour)}
	subject := ""
	for i := 0; i < 4; i++ {
		seat := replica.Acting()[0]
		move, err := chooseMove(players[seat], replica, seat)
		if err != nil {
			t.Fatal(err)
		}
		subject = turnSubject(hg.Game, replica)
		id, date := ml.next()
		id = strings.Replace(id, "example.test", "localhost", 1)
		// The daemon reads the mail at its date, by its clock.
		clock.set(date)
		if _, err := replica.Move(seat, move, hosted[seat].signer, entryTime(replica, date), turnfile.MoveOptions{}); err != nil {
			t.Fatal(err)
		}
		body := "token " + tokens[seat] + "\n" + moveText(move, i)
		switch i % 3 {
		case 0:
			swaksMail(t, s, "SMTP", seats[seat].Email, subject, body, id, date)
		case 1:
			// Straight into Dovecot, as a local delivery agent would.
			swaksMail(t, s, "LMTP", seats[seat].Email, subject, body, id, date)
		default:
			s.Curl(seats[seat].Email, stackDaemon, rawMail(seats[seat].Email, subject, body, id, date, nil))
		}
		want, _ := replica.File().Marshal()
		for c, w := range inbox {
			k := slices.IndexFunc(replica.File().Header.Seats, func(st turnfile.Seat) bool { return st.Colour == c })
			reply := w.wait(mail.ReplyMessageID(id, k, stackDaemon), 30*time.Second)
			// Every seat is hosted: the file is withheld, hands hidden.
			if attachmentNamed(reply.Attachments, ".yaml") != nil || attachmentNamed(reply.Attachments, ".svg") == nil {
				t.Fatalf("move %d (%s %v): %s's reply carries the file, or lacks the board", i+1, seat, move, c)
			}
			if !bytes.Equal(storedBytes(t, dir, hg.Game), want) {
				t.Fatalf("move %d (%s %v): the stored file differs from the test's replay", i+1, seat, move)
			}
			if (c == seat) != (reply.InReplyTo == id) {
				t.Errorf("move %d: %s's reply is threaded to %q", i+1, c, reply.InReplyTo)
			}
		}
	}

	// A wrong token, sent with swaks, is answered in alice's mailbox.
	id, date := ml.next()
	swaksMail(t, s, "SMTP", stackAlice.Email, subject, "token nope\nroll", id, date)
	if rej := inbox["red"].wait(mail.ReplyMessageID(id, 0, stackDaemon), 30*time.Second); !strings.Contains(rej.Text, "not the token of your seat") {
		t.Errorf("wrong token:\n%s", rej.Text)
	}
	// Status by curl.
	id, date = ml.next()
	s.Curl(stackBob.Email, stackDaemon, rawMail(stackBob.Email, "status "+hg.Game, "", id, date, nil))
	if st := inbox["blue"].wait(mail.ReplyMessageID(id, 0, stackDaemon), 30*time.Second); !strings.Contains(st.Text, "You play blue") {
		t.Errorf("status:\n%s", st.Text)
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	want, _ := replica.File().Marshal()
	if !bytes.Equal(storedBytes(t, dir, hg.Game), want) {
		t.Error("the stored game differs from the test's replay")
	}
	openBytes(t, want)
}

// TestDeadlineDovecot: through the real servers, a seat that never
// answers gets its reminders, half way and six hours before the deadline,
// from daemons restarted in between, and at the deadline the bot plays its
// move; every mail shows the reader's own hand only. The daemon's clock is
// the test's; the deadlines are in the store, not in memory.
func TestDeadlineDovecot(t *testing.T) {
	s := mailtest.StartStack(t)
	dir, hg := stackGame(t, nil)
	spool := t.TempDir()
	cfg := stackConfig(s, spool)
	cfg.GamesDir = dir
	cfg.IMAP.PollInterval = 200 * time.Millisecond
	if err := mail.Post(context.Background(), cfg, hg.Key, hg.Mail, mail.Options{}); err != nil {
		t.Fatalf("posting the invitations: %v", err)
	}
	alice, bob := watchMaildir(t, s, "alice"), watchMaildir(t, s, "bob")
	alice.find("invitation", 30*time.Second)
	bob.find("invitation", 30*time.Second)
	clock := &testClock{t: refTime}
	run := func() *running {
		ref, err := New(Options{Dir: dir, Address: stackDaemon, Logger: testLogger(t)})
		if err != nil {
			t.Fatal(err)
		}
		return startDaemon(t, cfg, ref, mail.Options{Now: clock.now, RetryMin: 50 * time.Millisecond, RetryMax: 500 * time.Millisecond})
	}
	id := func(kind string, entries int) string {
		return mail.ReplyMessageID(fmt.Sprintf("%s.red.%d.%s@referee.elasund.invalid", kind, entries, hg.Game), 0, stackDaemon)
	}
	reminders := func() int {
		alice.poll()
		n := 0
		for _, b := range alice.byID {
			if strings.Contains(headerField(b, "Subject"), "reminder") {
				n++
			}
		}
		return n
	}

	// Half way: a reminder to red.
	r := run()
	clock.set(refTime.Add(36*time.Hour + time.Minute))
	half := alice.wait(id("remind-half", 2), 30*time.Second)
	if !strings.Contains(flat(half.Text), "Your deadline is Wed 25 Nov 2026 10:00 UTC") {
		t.Errorf("the half-way reminder:\n%s", half.Text)
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	// A new daemon, six hours before the deadline: the last reminder,
	// and not the first again.
	clock.set(refTime.Add(66*time.Hour + time.Minute))
	r = run()
	alice.wait(id("remind-last", 2), 30*time.Second)
	time.Sleep(time.Second)
	if n := reminders(); n != 2 {
		t.Errorf("%d reminders in Alice's mailbox, want 2", n)
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	// Another daemon, after the deadline: the bot plays red's move.
	at := refTime.Add(72*time.Hour + time.Minute)
	clock.set(at)
	r = run()
	key := fmt.Sprintf("deadline.red.2.%s@referee.elasund.invalid", hg.Game)
	mine := alice.wait(mail.ReplyMessageID(key, 0, stackDaemon), 30*time.Second)
	theirs := bob.wait(mail.ReplyMessageID(key, 1, stackDaemon), 30*time.Second)
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	g := openBytes(t, storedBytes(t, dir, hg.Game))
	if e := g.File().History[2]; e.Seat != "red" || e.At != "2026-11-25T10:01:00Z" {
		t.Fatalf("entry 3 is %s's at %s, want red's at the deadline", e.Seat, e.At)
	}
	for who, m := range map[string]*mail.Incoming{"red": mine, "blue": theirs} {
		if !strings.Contains(flat(m.Text), "red's move was played by the bot at the deadline") {
			t.Errorf("%s's mail after the deadline:\n%s", who, m.Text)
		}
		other := map[string]string{"red": "blue", "blue": "red"}[who]
		if !regexp.MustCompile(`(?m)^`+other+`.*\n  cards [0-9]+ \(hidden\)$`).MatchString(m.Text) ||
			strings.Count(string(attachmentNamed(m.Attachments, ".svg")), `class="hidden-hand"`) != 1 || attachmentNamed(m.Attachments, ".yaml") != nil {
			t.Errorf("%s's mail shows %s's hand, or carries the file:\n%s", who, other, m.Text)
		}
	}
	if n := reminders(); n != 2 {
		t.Errorf("%d reminders after the deadline, want 2", n)
	}
}
