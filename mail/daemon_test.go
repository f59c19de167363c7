package mail

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/mailtest"
	"github.com/emersion/go-imap/v2"
)

func TestDaemonHandlesMail(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())

	im.Deliver(testMessage("Alice <Alice@Example.test>", "game g1", "add 3\n", "m1@example.test"))
	im.Deliver(testMessage("bob@example.test", "game g1", "add 4\n", "m2@example.test"))
	im.Deliver(testMessage("bob@example.test", "hello", "what is this?\n", "m3@example.test"))
	r := startDaemon(t, cfg, g, Options{}, nil)
	if !sm.WaitUnique(3, 10*time.Second) {
		t.Fatalf("got %d replies, want 3", sm.Unique())
	}
	// Mail arriving later is picked up too (IDLE).
	im.Deliver(testMessage("carol@example.test", "game g2", "add 10\n", "m4@example.test"))
	if !sm.WaitUnique(4, 10*time.Second) {
		t.Fatalf("got %d replies, want 4", sm.Unique())
	}
	mailtest.WaitFor(t, 5*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}

	if got := im.Count("Processed"); got != 4 {
		t.Errorf("Processed has %d messages, want 4", got)
	}
	if got := im.Count("Rejected"); got != 0 {
		t.Errorf("Rejected has %d messages, want 0", got)
	}
	lines, _ := g.lines("g1")
	want := []string{"add 3 m1@example.test", "add 4 m2@example.test"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("g1 = %q, want %q", lines, want)
	}
	byRcpt := map[string]mailtest.Message{}
	for _, m := range sm.Received() {
		byRcpt[m.To[0]+" "+headerField(m.Data, "In-Reply-To")] = m
		if m.From != testFrom {
			t.Errorf("envelope sender %q, want %q", m.From, testFrom)
		}
		if got := headerField(m.Data, "Auto-Submitted"); got != "auto-replied" {
			t.Errorf("Auto-Submitted = %q", got)
		}
		if !strings.HasPrefix(m.MessageID, "elasund.") || !strings.HasSuffix(m.MessageID, "@example.test") {
			t.Errorf("reply Message-ID %q", m.MessageID)
		}
	}
	m, ok := byRcpt["alice@example.test <m1@example.test>"]
	if !ok {
		t.Fatalf("no reply to alice; got %v", keys(byRcpt))
	}
	if got := bodyOf(t, m.Data); got != "g1: entry 1, total 3\n" {
		t.Errorf("reply to alice = %q", got)
	}
	if got := bodyOf(t, byRcpt["bob@example.test <m2@example.test>"].Data); got != "g1: entry 2, total 7\n" {
		t.Errorf("reply to bob = %q", got)
	}
	if got := bodyOf(t, byRcpt["carol@example.test <m4@example.test>"].Data); got != "g2: entry 1, total 10\n" {
		t.Errorf("reply to carol = %q", got)
	}
	if got := bodyOf(t, byRcpt["bob@example.test <m3@example.test>"].Data); !strings.Contains(got, "add N") {
		t.Errorf("help reply = %q", got)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestDaemonWakesOnIdle(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	cfg := testConfig(im, sm, t.TempDir())
	cfg.IMAP.PollInterval = time.Hour // only IDLE can wake the daemon in time
	r := startDaemon(t, cfg, newCounterGame(t), Options{}, nil)
	defer r.stop(t)
	for i := 1; i <= 3; i++ {
		time.Sleep(50 * time.Millisecond) // let the daemon settle in IDLE
		im.Deliver(testMessage("alice@example.test", "game g1", fmt.Sprintf("add %d", i), fmt.Sprintf("idle%d@example.test", i)))
		if !sm.WaitUnique(i, 5*time.Second) {
			t.Fatalf("reply %d did not come while idling", i)
		}
	}
}

func TestDaemonWithoutIdleOrMove(t *testing.T) {
	// An IMAP4rev1 server with no extensions: the daemon polls, and files
	// messages with COPY, STORE \Deleted and EXPUNGE.
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{Caps: imap.CapSet{imap.CapIMAP4rev1: {}}})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	cfg.IMAP.PollInterval = 50 * time.Millisecond
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	for i := 1; i <= 3; i++ {
		im.Deliver(testMessage("alice@example.test", "game g1", fmt.Sprintf("add %d", i), fmt.Sprintf("poll%d@example.test", i)))
	}
	if !sm.WaitUnique(3, 10*time.Second) {
		t.Fatalf("got %d replies, want 3", sm.Unique())
	}
	mailtest.WaitFor(t, 5*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	if got := im.Count("Processed"); got != 3 {
		t.Errorf("Processed has %d messages, want 3", got)
	}
	if n, _ := g.Entries("g1"); n != 3 {
		t.Errorf("g1 has %d entries, want 3", n)
	}
}

func TestDaemonIgnoresAutomaticMail(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	robots := []string{
		"Auto-Submitted: auto-replied\r\nFrom: alice@example.test\r\n",
		"Precedence: bulk\r\nFrom: alice@example.test\r\n",
		"X-Autoreply: yes\r\nFrom: alice@example.test\r\n",
		"Return-Path: <>\r\nFrom: alice@example.test\r\n",
		"List-Id: <players.example.test>\r\nFrom: alice@example.test\r\n",
		"From: MAILER-DAEMON@example.test\r\n",
		"From: postmaster@example.test\r\n",
		"From: no-reply@example.test\r\n",
		"From: " + testFrom + "\r\n",
	}
	for i, h := range robots {
		im.Deliver([]byte(fmt.Sprintf("%sMessage-ID: <robot%d@example.test>\r\nSubject: game g1\r\n\r\nadd 1\r\n", h, i)))
	}
	im.Deliver(testMessage("alice@example.test", "game g1", "add 5", "person@example.test"))
	r := startDaemon(t, cfg, g, Options{}, nil)
	mailtest.WaitFor(t, 10*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	if got := im.Count("Rejected"); got != len(robots) {
		t.Errorf("Rejected has %d messages, want %d", got, len(robots))
	}
	if got := im.Count("Processed"); got != 1 {
		t.Errorf("Processed has %d messages, want 1", got)
	}
	if g.calls() != 1 {
		t.Errorf("handler saw %d messages, want 1", g.calls())
	}
	if got := sm.Received(); len(got) != 1 || got[0].To[0] != "alice@example.test" {
		t.Errorf("replies = %v, want one to alice", got)
	}
}

// fakeClock is a settable clock for the rate limit.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// TestDaemonRateLimitsSenders: mails that change nothing spend the
// sender's hourly allowance; over it the answer is dropped, the first
// time replaced by one notice. Moves (decisions that commit) are never
// held back, however many.
func TestDaemonRateLimitsSenders(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.PerSenderPerHour = 2
	cfg.Limits.MaxRefusals = -1
	clock := &fakeClock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
	for i := 1; i <= 4; i++ {
		im.Deliver(testMessage("alice@example.test", "game g1", "what now?", fmt.Sprintf("ask%d@example.test", i)))
	}
	for i := 1; i <= 5; i++ {
		im.Deliver(testMessage("alice@example.test", "game g1", "add 1", fmt.Sprintf("rate%d@example.test", i)))
	}
	im.Deliver(testMessage("bob@example.test", "game g1", "what now?", "ask-bob@example.test"))
	r := startDaemon(t, cfg, g, Options{Now: clock.now}, nil)
	defer r.stop(t)
	mailtest.WaitFor(t, 10*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	if got := im.Count("Rejected"); got != 2 {
		t.Errorf("Rejected has %d messages, want 2 (alice's 3rd and 4th question)", got)
	}
	if n, _ := g.Entries("g1"); n != 5 {
		t.Errorf("g1 has %d entries, want 5: no move is held back", n)
	}
	// Two answers, one notice, five moves, bob's answer.
	if !sm.WaitUnique(9, 5*time.Second) || sm.Unique() != 9 {
		t.Fatalf("got %d replies, want 9", sm.Unique())
	}
	notice := ""
	for _, m := range sm.Received() {
		if headerField(m.Data, "In-Reply-To") == "<ask4@example.test>" {
			t.Error("the 4th question over the limit was answered")
		}
		if headerField(m.Data, "In-Reply-To") == "<ask3@example.test>" {
			notice = bodyOf(t, m.Data)
		}
	}
	if !strings.Contains(notice, "more than 2 mails within an hour") || !strings.Contains(notice, "only notice") {
		t.Errorf("the notice to a sender over the limit:\n%s", notice)
	}
	// Half an hour refills one token, but the notice said that such
	// mails go unanswered until the hour is over: the 5th gets nothing,
	// not even another notice (issue 20 item 20).
	clock.advance(30 * time.Minute)
	im.Deliver(testMessage("alice@example.test", "game g1", "what now?", "ask5@example.test"))
	mailtest.WaitFor(t, 10*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	// An hour after the notice the 6th is answered.
	clock.advance(31 * time.Minute)
	im.Deliver(testMessage("alice@example.test", "game g1", "what now?", "ask6@example.test"))
	mailtest.WaitFor(t, 10*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	if !sm.WaitUnique(10, 5*time.Second) || sm.Unique() != 10 {
		t.Errorf("got %d replies, want 10: none to the 5th, the answer to the 6th", sm.Unique())
	}
	for _, m := range sm.Received() {
		if headerField(m.Data, "In-Reply-To") == "<ask5@example.test>" {
			t.Error("the 5th question, within the hour after the notice, was answered")
		}
	}
	if got := im.Count("Rejected"); got != 3 {
		t.Errorf("Rejected has %d messages, want 3", got)
	}
}

// TestDaemonStopsReplyLoops: a robot that answers every mail without
// marking its answers as automatic gets MaxRefusals answers in a row, the
// last with a notice, then none; a move of the sender ends the run.
func TestDaemonStopsReplyLoops(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.MaxRefusals = 3
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	// Each of the robot's mails answers the daemon's last reply.
	parent := ReplyMessageID("start@example.test", 0, testFrom)
	for i := 1; i <= 6; i++ {
		id := fmt.Sprintf("robot%d@example.test", i)
		raw := testMessage("robot@example.test", "Re: game g1", "I am away until Monday.", id)
		raw = []byte(strings.Replace(string(raw), "MIME-Version", "In-Reply-To: <"+parent+">\r\nMIME-Version", 1))
		im.Deliver(raw)
		mailtest.WaitFor(t, 10*time.Second, "the robot's mail to be filed", func() bool { return im.Count("INBOX") == 0 })
		parent = ReplyMessageID(id, 0, testFrom)
	}
	if !sm.WaitUnique(3, 5*time.Second) {
		t.Fatalf("got %d replies, want 3", sm.Unique())
	}
	time.Sleep(300 * time.Millisecond)
	if got := sm.Unique(); got != 3 {
		t.Fatalf("the loop went on: %d replies, want 3", got)
	}
	last := ""
	for _, m := range sm.Received() {
		if headerField(m.Data, "In-Reply-To") == "<robot3@example.test>" {
			last = bodyOf(t, m.Data)
		}
	}
	if !strings.Contains(last, "3rd mail in a row from you that changed nothing") {
		t.Errorf("the last answer:\n%s", last)
	}
	// A fresh question from a person is answered; a move ends the run.
	im.Deliver(testMessage("robot@example.test", "game g1", "add 2", "move@example.test"))
	im.Deliver(testMessage("robot@example.test", "Re: game g1", "thanks", "again@example.test"))
	if !sm.WaitUnique(5, 10*time.Second) {
		t.Errorf("got %d replies after a move, want 5", sm.Unique())
	}
}

// TestDaemonLimitNoticeNotToSilenced: a robot that the loop guard has
// silenced and that then runs over its hourly allowance gets no limit
// notice either (issue 20 item 20): any answer would feed the loop.
func TestDaemonLimitNoticeNotToSilenced(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.MaxRefusals = 2
	cfg.Limits.PerSenderPerHour = 3
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	parent := ReplyMessageID("start@example.test", 0, testFrom)
	for i := 1; i <= 5; i++ {
		id := fmt.Sprintf("robot%d@example.test", i)
		raw := testMessage("robot@example.test", "Re: game g1", "I am away until Monday.", id)
		raw = []byte(strings.Replace(string(raw), "MIME-Version", "In-Reply-To: <"+parent+">\r\nMIME-Version", 1))
		im.Deliver(raw)
		mailtest.WaitFor(t, 10*time.Second, "the robot's mail to be filed", func() bool { return im.Count("INBOX") == 0 })
		parent = ReplyMessageID(id, 0, testFrom)
	}
	// The 1st and 2nd are answered (the 2nd with the loop notice); the 3rd
	// is silenced; the 4th finds no token, the 5th the quiet hour.
	if !sm.WaitUnique(2, 5*time.Second) {
		t.Fatalf("got %d replies, want 2", sm.Unique())
	}
	time.Sleep(300 * time.Millisecond)
	for _, m := range sm.Received() {
		if body := bodyOf(t, m.Data); strings.Contains(body, "only notice") {
			t.Errorf("the silenced robot got the limit notice (%s):\n%s", headerField(m.Data, "In-Reply-To"), body)
		}
	}
	if got := sm.Unique(); got != 2 {
		t.Errorf("%d replies, want 2", got)
	}
}

func TestDaemonRefusesOversizedAndDeepMail(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.MaxMessageBytes = 4096
	cfg.Limits.MaxMIMEDepth = 3
	im.Deliver(testMessage("alice@example.test", "huge", "add 1\n"+strings.Repeat("x", 5000), "big@example.test"))
	im.Deliver(nestedMessage("bob@example.test", "deep@example.test", 5))
	im.Deliver(nestedMessage("bob@example.test", "shallow@example.test", 2))
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	if !sm.WaitUnique(3, 10*time.Second) {
		t.Fatalf("got %d replies, want 3", sm.Unique())
	}
	mailtest.WaitFor(t, 5*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
	if got := im.Count("Rejected"); got != 2 {
		t.Errorf("Rejected has %d messages, want 2", got)
	}
	if g.calls() != 1 {
		t.Errorf("handler saw %d messages, want only the shallow one", g.calls())
	}
	for _, m := range sm.Received() {
		text := bodyOf(t, m.Data)
		switch headerField(m.Data, "In-Reply-To") {
		case "<big@example.test>":
			// The daemon knows no game: the notice speaks to a player who
			// writes the move and to one who attaches a file alike
			// (issue 20 item 22).
			if !strings.Contains(text, "limit is 4096 bytes") || !strings.Contains(text, "your move written in the body, or the one file your move wrote") {
				t.Errorf("notice for big message = %q", text)
			}
		case "<deep@example.test>":
			if !strings.Contains(text, "nested more than 3 levels") {
				t.Errorf("notice for deep message = %q", text)
			}
		case "<shallow@example.test>":
			if !strings.Contains(text, "entry 1") {
				t.Errorf("reply for shallow message = %q", text)
			}
		default:
			t.Errorf("unexpected reply %q", m.Data)
		}
	}
}

// nestedMessage wraps "add 1" in depth levels of multipart/mixed.
func nestedMessage(from, msgID string, depth int) []byte {
	body := "Content-Type: text/plain; charset=us-ascii\r\n\r\nadd 1\r\n"
	for i := depth; i >= 1; i-- {
		b := fmt.Sprintf("b%d", i)
		body = fmt.Sprintf("Content-Type: multipart/mixed; boundary=%s\r\n\r\n--%s\r\n%s\r\n--%s--\r\n", b, b, body, b)
	}
	return []byte(fmt.Sprintf("From: %s\r\nMessage-ID: <%s>\r\nSubject: nested\r\nMIME-Version: 1.0\r\n%s", from, msgID, body))
}

func TestDaemonRetriesFailingHandler(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	g.failures = 1
	cfg := testConfig(im, sm, t.TempDir())
	im.Deliver(testMessage("alice@example.test", "game g1", "add 2", "flaky@example.test"))
	r := startDaemon(t, cfg, g, Options{MaxHandlerFailures: 2}, nil)
	if !sm.WaitUnique(1, 10*time.Second) {
		t.Fatal("no reply after a transient handler failure")
	}
	mailtest.WaitFor(t, 5*time.Second, "processed", func() bool { return im.Count("Processed") == 1 })

	// A handler that keeps failing gets the message MaxHandlerFailures
	// times; then it is rejected without reply.
	g.mu.Lock()
	g.failures = 100
	g.handled = 0
	g.mu.Unlock()
	im.Deliver(testMessage("bob@example.test", "game g1", "add 3", "broken@example.test"))
	mailtest.WaitFor(t, 10*time.Second, "rejected", func() bool { return im.Count("Rejected") == 1 })
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	if g.calls() != 2 {
		t.Errorf("handler called %d times, want 2", g.calls())
	}
	if sm.Unique() != 1 {
		t.Errorf("got %d replies, want 1", sm.Unique())
	}
	if n, _ := g.Entries("g1"); n != 1 {
		t.Errorf("g1 has %d entries, want 1", n)
	}
}

func TestDaemonRetriesFailedCommit(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	g.failCommit = 1
	spool := t.TempDir()
	cfg := testConfig(im, sm, spool)
	im.Deliver(testMessage("alice@example.test", "game g1", "add 2", "commit@example.test"))
	r := startDaemon(t, cfg, g, Options{}, nil)
	if !sm.WaitUnique(1, 10*time.Second) {
		t.Fatal("no reply after a failed commit")
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Entries("g1"); n != 1 {
		t.Errorf("g1 has %d entries, want 1", n)
	}
	if len(sm.Received()) != 1 {
		t.Errorf("got %d replies, want exactly 1", len(sm.Received()))
	}
	if g.calls() != 2 {
		t.Errorf("handler called %d times, want 2", g.calls())
	}
}

func TestDaemonSurvivesSMTPOutage(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	spool := t.TempDir()
	cfg := testConfig(im, sm, spool)
	sm.Stop()
	for i := 1; i <= 3; i++ {
		im.Deliver(testMessage("alice@example.test", "game g1", "add 1", fmt.Sprintf("out%d@example.test", i)))
	}
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	mailtest.WaitFor(t, 10*time.Second, "messages to be processed", func() bool { return im.Count("Processed") == 3 })
	if n := len(readyFiles(t, spool)); n != 3 {
		t.Errorf("outbox holds %d replies while SMTP is down, want 3", n)
	}
	time.Sleep(100 * time.Millisecond)
	sm.Start()
	if !sm.WaitUnique(3, 10*time.Second) {
		t.Fatalf("got %d replies after SMTP came back, want 3", sm.Unique())
	}
	mailtest.WaitFor(t, 5*time.Second, "outbox to empty", func() bool { return len(readyFiles(t, spool)) == 0 })

	// A temporary refusal is retried; a permanent one is set aside.
	sm.TempFail(2)
	sm.Refuse("nobody@example.test")
	im.Deliver(testMessage("carol@example.test", "game g1", "add 1", "temp@example.test"))
	im.Deliver(testMessage("nobody@example.test", "game g1", "add 1", "perm@example.test"))
	if !sm.WaitUnique(4, 10*time.Second) {
		t.Fatalf("got %d replies, want 4", sm.Unique())
	}
	mailtest.WaitFor(t, 5*time.Second, "refused reply to be set aside", func() bool {
		m, _ := filepath.Glob(filepath.Join(spool, outboxDir, failedDir, "*"+readySuffix))
		return len(m) == 1
	})
	if dup := sm.Duplicates(); dup != 0 {
		t.Errorf("%d duplicate replies", dup)
	}
}

func readyFiles(t testing.TB, spool string) []string {
	m, err := filepath.Glob(filepath.Join(spool, outboxDir, "*"+readySuffix))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDaemonReconnectsToIMAP(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	im.Deliver(testMessage("alice@example.test", "game g1", "add 1", "before@example.test"))
	if !sm.WaitUnique(1, 10*time.Second) {
		t.Fatal("no first reply")
	}
	for i := 0; i < 3; i++ {
		im.Stop()
		time.Sleep(100 * time.Millisecond)
		im.Deliver(testMessage("alice@example.test", "game g1", "add 1", fmt.Sprintf("during%d@example.test", i)))
		im.Start()
		if !sm.WaitUnique(2+i, 10*time.Second) {
			t.Fatalf("no reply after IMAP restart %d", i+1)
		}
	}
	if n, _ := g.Entries("g1"); n != 4 {
		t.Errorf("g1 has %d entries, want 4", n)
	}
}

func TestDaemonOverTLS(t *testing.T) {
	serverTLS, caFile := mailtest.Cert(t)
	for _, tc := range []struct {
		name string
		mode TLSMode
	}{
		{"starttls", TLSStartTLS},
		{"implicit", TLSImplicit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			im := mailtest.NewIMAP(t, mailtest.IMAPOptions{TLS: serverTLS, Implicit: tc.mode == TLSImplicit})
			sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{TLS: serverTLS, Implicit: tc.mode == TLSImplicit, Auth: true})
			cfg := testConfig(im, sm, t.TempDir())
			cfg.IMAP.TLS, cfg.SMTP.TLS = tc.mode, tc.mode
			cfg.IMAP.CAFile, cfg.SMTP.CAFile = caFile, caFile
			// The address must match the certificate, so use the name.
			im.Deliver(testMessage("alice@example.test", "game g1", "add 1", "tls-"+tc.name+"@example.test"))
			r := startDaemon(t, cfg, newCounterGame(t), Options{}, nil)
			defer r.stop(t)
			if !sm.WaitUnique(1, 10*time.Second) {
				t.Fatal("no reply over TLS")
			}
		})
	}
	t.Run("untrusted", func(t *testing.T) {
		im := mailtest.NewIMAP(t, mailtest.IMAPOptions{TLS: serverTLS, Implicit: true})
		sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
		cfg := testConfig(im, sm, t.TempDir())
		cfg.IMAP.TLS = TLSImplicit // no ca_file: the self-signed certificate is refused
		im.Deliver(testMessage("alice@example.test", "game g1", "add 1", "untrusted@example.test"))
		r := startDaemon(t, cfg, newCounterGame(t), Options{}, nil)
		time.Sleep(300 * time.Millisecond)
		if err := r.stop(t); err != nil {
			t.Fatal(err)
		}
		if sm.Unique() != 0 || im.Count("INBOX") != 1 {
			t.Errorf("daemon talked to a server with an untrusted certificate")
		}
	})
}

func TestDaemonShutdownKeepsUnsentReplies(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	spool := t.TempDir()
	cfg := testConfig(im, sm, spool)
	sm.Stop()
	im.Deliver(testMessage("alice@example.test", "game g1", "add 1", "kept@example.test"))
	r := startDaemon(t, cfg, g, Options{ShutdownTimeout: 200 * time.Millisecond}, nil)
	mailtest.WaitFor(t, 10*time.Second, "message to be processed", func() bool { return im.Count("Processed") == 1 })
	start := time.Now()
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	if n := len(readyFiles(t, spool)); n != 1 {
		t.Fatalf("outbox holds %d replies after shutdown, want 1", n)
	}
	sm.Start()
	r = startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	if !sm.WaitUnique(1, 10*time.Second) {
		t.Fatal("kept reply not sent by the next run")
	}
}

func TestDaemonRecognisesDuplicateMessage(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	msg := testMessage("alice@example.test", "game g1", "add 1", "twice@example.test")
	im.Deliver(msg)
	r := startDaemon(t, cfg, g, Options{}, nil)
	defer r.stop(t)
	if !sm.WaitUnique(1, 10*time.Second) {
		t.Fatal("no reply")
	}
	// The same message delivered again (say, by a second route).
	im.Deliver(msg)
	mailtest.WaitFor(t, 10*time.Second, "second copy to be filed", func() bool { return im.Count("Processed") == 2 })
	time.Sleep(100 * time.Millisecond)
	if g.calls() != 1 {
		t.Errorf("handler saw %d messages, want 1", g.calls())
	}
	if n := len(sm.Received()); n != 1 {
		t.Errorf("got %d replies, want 1", n)
	}
}

func TestDaemonSpoolLock(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	spool := t.TempDir()
	cfg := testConfig(im, sm, spool)
	r := startDaemon(t, cfg, newCounterGame(t), Options{}, nil)
	defer r.stop(t)
	mailtest.WaitFor(t, 5*time.Second, "lock file", func() bool {
		_, err := os.Stat(filepath.Join(spool, "lock"))
		return err == nil
	})
	time.Sleep(50 * time.Millisecond)
	d, err := New(cfg, newCounterGame(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Run(context.Background()); !errors.Is(err, ErrSpoolLocked) {
		t.Errorf("second Run = %v, want ErrSpoolLocked", err)
	}
}

// errCrash is what the fault hook returns to stop the daemon on the spot.
var errCrash = errors.New("injected crash")

// TestDaemonCrashAtEveryStep stops the daemon at each step of the
// protocol, restarts it, and checks that every message was applied once
// and answered. Only a stop between the SMTP server accepting a reply and
// its removal from the outbox may send that reply twice.
func TestDaemonCrashAtEveryStep(t *testing.T) {
	for _, point := range []string{"held", "intent", "commit", "done", "released", "moved", "sent"} {
		t.Run(point, func(t *testing.T) {
			im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
			sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
			g := newCounterGame(t)
			spool := t.TempDir()
			cfg := testConfig(im, sm, spool)
			const n = 4
			for i := 1; i <= n; i++ {
				im.Deliver(testMessage("alice@example.test", "game g1", fmt.Sprintf("add %d", i), fmt.Sprintf("crash%d@example.test", i)))
			}
			var mu sync.Mutex
			seen := 0
			fault := func(p string) error {
				mu.Lock()
				defer mu.Unlock()
				if p != point {
					return nil
				}
				seen++
				if seen == 2 {
					return errCrash
				}
				return nil
			}
			r := startDaemon(t, cfg, g, Options{}, fault)
			select {
			case err := <-r.done:
				if !errors.Is(err, errCrash) {
					t.Fatalf("Run = %v, want the injected crash", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the crash point was never reached")
			}
			r.cancel()

			r = startDaemon(t, cfg, g, Options{}, nil)
			if !sm.WaitUnique(n, 10*time.Second) {
				t.Fatalf("got %d replies after restart, want %d", sm.Unique(), n)
			}
			mailtest.WaitFor(t, 5*time.Second, "inbox to empty", func() bool { return im.Count("INBOX") == 0 })
			mailtest.WaitFor(t, 5*time.Second, "outbox to empty", func() bool { return len(readyFiles(t, spool)) == 0 })
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			lines, _ := g.lines("g1")
			var want []string
			for i := 1; i <= n; i++ {
				want = append(want, fmt.Sprintf("add %d crash%d@example.test", i, i))
			}
			if strings.Join(lines, "\n") != strings.Join(want, "\n") {
				t.Errorf("g1 =\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
			}
			// A crash at "sent" sends that reply twice. At any other
			// point the send loop, which runs beside the handler, may be
			// in the same window for the reply before (accepted by the
			// server, not yet removed from the outbox): at most one.
			switch got := sm.Duplicates(); {
			case point == "sent" && got != 1:
				t.Errorf("%d duplicate replies, want 1", got)
			case got > 1:
				t.Errorf("%d duplicate replies, want at most 1 (the reply the send loop had in flight)", got)
			}
			if got := im.Count("Processed"); got != n {
				t.Errorf("Processed has %d messages, want %d", got, n)
			}
			held, _ := filepath.Glob(filepath.Join(spool, outboxDir, "*"+heldSuffix))
			if len(held) != 0 {
				t.Errorf("held replies left behind: %v", held)
			}
		})
	}
}

// panicky panics on messages whose subject is "boom".
type panicky struct{ *counterGame }

func (p panicky) Handle(ctx context.Context, m *Incoming) (*Decision, error) {
	if m.Subject == "boom" {
		panic("handler bug")
	}
	return p.counterGame.Handle(ctx, m)
}

func TestDaemonSurvivesHandlerPanic(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	im.Deliver(testMessage("alice@example.test", "boom", "add 1", "boom@example.test"))
	im.Deliver(testMessage("bob@example.test", "game g1", "add 2", "fine@example.test"))
	r := startDaemon(t, cfg, panicky{g}, Options{MaxHandlerFailures: 2}, nil)
	defer r.stop(t)
	if !sm.WaitUnique(1, 10*time.Second) {
		t.Fatal("no reply to the message after the panicking one")
	}
	mailtest.WaitFor(t, 10*time.Second, "panicking message to be rejected", func() bool { return im.Count("Rejected") == 1 })
	if n, _ := g.Entries("g1"); n != 1 {
		t.Errorf("g1 has %d entries, want 1", n)
	}
}
