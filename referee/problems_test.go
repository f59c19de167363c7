package referee

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
)

// The mail problems found by playing with real people, each replayed
// with real mail text through a daemon and the in-process IMAP and SMTP
// servers.

// problemTable starts a two-seat game, both seats hosted, its invitations
// sent, and a daemon whose configuration change may adjust.
func problemTable(t *testing.T, seed byte, change func(*mail.Config)) (*mailTable, *HostedGame, *running) {
	t.Helper()
	dir, hg := hostGame(t, seed, nil, "red", "blue")
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	mt := newMailTable(t, hg, dir, im, sm, bot.LevelHeuristic)
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.PerSenderPerHour = -1
	cfg.GamesDir = dir
	if change != nil {
		change(&cfg)
	}
	return mt, hg, startDaemon(t, cfg, newTestReferee(t, dir), mail.Options{Now: mt.clock.now})
}

// deliverRaw delivers a raw mail, the daemon's clock at at.
func (mt *mailTable) deliverRaw(raw []byte, at time.Time) {
	mt.clock.set(at)
	mt.im.Deliver(raw)
}

// entries is the stored game's history length.
func (mt *mailTable) entries() int {
	return len(openBytes(mt.t, storedBytes(mt.t, mt.dir, mt.game)).File().History)
}

// TestProblemRateLimitKeepsMoves: a player who asks for the status too
// often is limited (one notice, then silence), but her moves still go
// through, every one of them.
func TestProblemRateLimitKeepsMoves(t *testing.T) {
	mt, hg, r := problemTable(t, 100, func(c *mail.Config) { c.Limits.PerSenderPerHour = 2 })
	var ids []string
	for i := 0; i < 4; i++ {
		ids = append(ids, mt.send(alice.Email, "status "+hg.Game, "Where are we?\n\nAlice", nil))
	}
	mt.waitReplies(ids[0], 1)
	mt.waitReplies(ids[1], 1)
	notice := mt.waitReplies(ids[2], 1)[0]
	if !strings.Contains(flat(notice.Text), "more than 2 mails within an hour that changed no game") || !strings.Contains(notice.Text, "Moves are not affected") {
		t.Errorf("the notice:\n%s", notice.Text)
	}
	mt.expected += 3
	// Her moves, well over the limit, are all applied.
	for i := 0; i < 4 && !mt.replica.Position().Over(); i++ {
		seat := mt.replica.Acting()[0]
		move, err := chooseMove(mt.players[seat].bot, mt.replica, seat)
		if err != nil {
			t.Fatal(err)
		}
		mt.moveBy(seat, move)
	}
	time.Sleep(300 * time.Millisecond)
	for _, m := range mt.sm.Received() {
		if headerField(m.Data, "In-Reply-To") == "<"+ids[3]+">" {
			t.Error("the 4th status request, over the limit, was answered")
		}
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	if got := mt.sm.Unique(); got != mt.expected {
		t.Errorf("%d replies, want %d", got, mt.expected)
	}
}

// TestProblemResentMove: a mail program sends a move again, with a new
// Message-ID but the same In-Reply-To and subject. The referee binds the
// move to the mail it answers and refuses the copy as stale; a fresh
// mail with a "turn N" line is bound to that turn.
func TestProblemResentMove(t *testing.T) {
	mt, hg, r := problemTable(t, 101, nil)
	defer r.stop(t)
	invitation := mail.ReplyMessageID(hg.Key, 0, testFrom)
	body := "Hi!\n\ntoken " + hg.Tokens["red"] + "\nroll\n\nThanks,\nAlice\n\nOn Sun, 22 Nov 2026 at 10:00, elasund@example.test wrote:\n> It is your turn.\n"
	extra := []string{"In-Reply-To: <" + invitation + ">", "References: <" + invitation + ">"}
	subject := "Re: [elasund " + hg.Game + "] invitation: you play red, your move"
	at := refTime.Add(2 * time.Hour)
	mt.deliverRaw(rawMail(alice.Email, subject, body, "first@example.test", at, extra), at)
	if got := mt.waitReplies("first@example.test", 2)[0]; !strings.Contains(got.Text, "Your move was applied") {
		t.Fatalf("the move:\n%s", got.Text)
	}
	mt.expected += 2
	n := mt.entries()
	// The same mail sent again an hour later, with a new Message-ID.
	later := at.Add(time.Hour)
	mt.deliverRaw(rawMail(alice.Email, subject, body, "again@example.test", later, extra), later)
	rej := mt.waitReplies("again@example.test", 1)[0]
	mt.expected++
	if !strings.Contains(rej.Subject, "not applied") || !strings.Contains(flat(rej.Text), "it looks like an old mail sent again, so nothing was played") {
		t.Errorf("the copy:\n%s", rej.Text)
	}
	if mt.entries() != n {
		t.Fatal("the copy was played")
	}
	// A fresh mail that names the turn it answers is bound to it: the
	// current turn is played, an old one refused.
	turn := openBytes(t, storedBytes(t, mt.dir, mt.game)).Position().Turn()
	old := mt.send(alice.Email, "[elasund "+hg.Game+"] my move", fmt.Sprintf("token %s\nturn %d\nend", hg.Tokens["red"], turn+3), nil)
	if rej := mt.waitReplies(old, 1)[0]; !strings.Contains(flat(rej.Text), fmt.Sprintf("the mail answers turn %d (by the line \"turn %d\"), but the game is at turn %d", turn+3, turn+3, turn)) {
		t.Errorf("a stale turn line:\n%s", rej.Text)
	}
	mt.expected++
	unbound := mt.send(alice.Email, "[elasund "+hg.Game+"] my move", "token "+hg.Tokens["red"]+"\nend", nil)
	if rej := mt.waitReplies(unbound, 1)[0]; !strings.Contains(flat(rej.Text), "the mail does not say which turn it answers") {
		t.Errorf("a move bound to nothing:\n%s", rej.Text)
	}
	mt.expected++
	fresh := mt.send(alice.Email, "[elasund "+hg.Game+"] my move", fmt.Sprintf("token %s\nturn %d\nend", hg.Tokens["red"], turn), nil)
	if got := mt.waitReplies(fresh, 2)[0]; !strings.Contains(got.Text, "Your move was applied") {
		t.Errorf("a fresh mail with the turn line:\n%s", got.Text)
	}
}

// TestProblemFutureDate: a mail whose Date header is far in the future
// (a wrong clock on the player's computer) no longer sets the time of its
// entry, nor of every later one: entries take the time the daemon read
// the mail, by its own clock.
func TestProblemFutureDate(t *testing.T) {
	mt, hg, r := problemTable(t, 102, nil)
	defer r.stop(t)
	invitation := mail.ReplyMessageID(hg.Key, 0, testFrom)
	raw := []byte("From: Alice <alice@example.test>\r\nTo: elasund@example.test\r\n" +
		"Subject: Re: [elasund " + hg.Game + "] invitation: you play red, your move\r\n" +
		"Date: Fri, 31 Dec 2100 23:59:00 +0000\r\nMessage-ID: <future@example.test>\r\n" +
		"In-Reply-To: <" + invitation + ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"token " + hg.Tokens["red"] + "\r\nroll\r\n")
	received := refTime.Add(3 * time.Hour)
	mt.deliverRaw(raw, received)
	mt.waitReplies("future@example.test", 2)
	g := openBytes(t, storedBytes(t, mt.dir, mt.game))
	if at := g.File().History[2].At; at != "2026-11-22T13:00:00Z" {
		t.Errorf("the entry's time is %s, want the daemon's receipt 2026-11-22T13:00:00Z", at)
	}
	// The next mail is read ten minutes later; its entry says so.
	mt.replica = g
	mt.ml.date = received.Add(9 * time.Minute)
	seat := g.Acting()[0]
	move, err := chooseMove(mt.players[seat].bot, g, seat)
	if err != nil {
		t.Fatal(err)
	}
	id := mt.send(mt.players[seat].seat.Email, turnSubject(mt.game, g), "token "+mt.players[seat].token+"\n"+moveText(move, 1), nil)
	mt.waitReplies(id, 2)
	g = openBytes(t, storedBytes(t, mt.dir, mt.game))
	if at := g.File().History[3].At; at != "2026-11-22T13:10:00Z" {
		t.Errorf("the next entry's time is %s, want 2026-11-22T13:10:00Z", at)
	}
}

// TestProblemAutoResponder: an out-of-office robot that sets none of the
// headers of automatic mail answers every mail of the referee, which
// refuses each answer: the daemon answers five in a row, the last with a
// notice, and then files them without an answer.
func TestProblemAutoResponder(t *testing.T) {
	mt, hg, r := problemTable(t, 103, nil)
	defer r.stop(t)
	parent := mail.ReplyMessageID(hg.Key, 0, testFrom)
	answered := 0
	var last string
	for i := 1; i <= 8; i++ {
		id := fmt.Sprintf("ooo%d@example.test", i)
		body := "Thank you for your message. I am out of the office until Monday 30 November with limited access to e-mail.\n\nFor urgent matters please contact reception.\n\nKind regards,\nAlice\n"
		extra := []string{"In-Reply-To: <" + parent + ">", "References: <" + parent + ">", "X-Mailer: Corporate Mail Gateway 4.2"}
		at := refTime.Add(time.Duration(i) * time.Minute)
		mt.deliverRaw(rawMail(alice.Email, "Re: [elasund "+hg.Game+"] turn 1: your move", body, id, at, extra), at)
		mailtest.WaitFor(t, 10*time.Second, "the robot's mail to be filed", func() bool { return mt.im.Count("INBOX") == 0 })
		time.Sleep(50 * time.Millisecond)
		for _, m := range mt.sm.Received() {
			if headerField(m.Data, "In-Reply-To") == "<"+id+">" {
				answered++
				last = bodyText(t, m.Data)
			}
		}
		parent = mail.ReplyMessageID(id, 0, testFrom)
	}
	if answered != mail.DefaultMaxRefusals {
		t.Errorf("%d of the robot's 8 mails answered, want %d", answered, mail.DefaultMaxRefusals)
	}
	if !strings.Contains(flat(last), "This is the 5th mail in a row from you that changed nothing") {
		t.Errorf("the last answer:\n%s", last)
	}
	if n := mt.im.Count("Rejected"); n != 8 {
		t.Errorf("Rejected holds %d mails, want the robot's 8", n)
	}
	// Alice herself comes back and moves: she is answered again.
	g := openBytes(t, storedBytes(t, mt.dir, mt.game))
	id := mt.send(alice.Email, turnSubject(mt.game, g), "token "+hg.Tokens["red"]+"\nroll", nil)
	if got := mt.waitReplies(id, 2)[0]; !strings.Contains(got.Text, "Your move was applied") {
		t.Errorf("Alice's move after the robot:\n%s", got.Text)
	}
}

// bodyText is the text of a raw reply.
func bodyText(t testing.TB, raw []byte) string {
	t.Helper()
	in, err := mail.ParseMessage(raw, mail.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return in.Text
}

// TestProblemInvitationFirst: the invitation that carries the token used
// to arrive after the "your move" mail about half the time. Now, every
// seat being hosted, the invitation is the game's first mail: it has the
// token, the board and the legal actions, and a reply to it is a move.
func TestProblemInvitationFirst(t *testing.T) {
	mt, hg, r := problemTable(t, 104, nil)
	defer r.stop(t)
	var inv *mail.Incoming
	for _, m := range mt.sm.Received() {
		in, err := mail.ParseMessage(m.Data, mail.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if m.To[0] == alice.Email {
			if inv != nil {
				t.Fatal("Alice got two mails from host new")
			}
			inv, in.MessageID = in, m.MessageID
		}
	}
	if inv == nil || !strings.Contains(inv.Text, "your token: "+hg.Tokens["red"]) || !strings.Contains(inv.Text, "Your legal actions now:\n  roll") ||
		attachmentNamed(inv.Attachments, ".svg") == nil {
		t.Fatalf("Alice's invitation does not stand alone:\n%v", inv)
	}
	// Alice replies to it from her phone.
	id, at := "reply@example.test", refTime.Add(time.Hour)
	raw := rawMail(alice.Email, "Re: "+inv.Subject, "token "+hg.Tokens["red"]+"\nroll\n\nSent from my iPhone\n\n> On 22 Nov 2026, at 10:00, elasund@example.test wrote:\n> Hello Alice,\n",
		id, at, []string{"In-Reply-To: <" + inv.MessageID + ">", "References: <" + inv.MessageID + ">"})
	mt.deliverRaw(raw, at)
	if got := mt.waitReplies(id, 2)[0]; !strings.Contains(got.Text, "Your move was applied") || !bytes.Contains(attachmentNamed(got.Attachments, ".svg"), []byte("<svg")) {
		t.Errorf("the reply to the invitation:\n%s", got.Text)
	}
}
