package mail

import (
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/mailtest"
)

// stackConfig reads elasund@localhost's mail over IMAP with STARTTLS and
// sends through Dovecot's submission service with STARTTLS and AUTH.
func stackConfig(s *mailtest.Stack, spool string) Config {
	return Config{
		IMAP: IMAPConfig{
			Addr: s.Addr(s.IMAPPort), TLS: TLSStartTLS, CAFile: s.Cert(),
			User: "elasund", Password: mailtest.StackPassword, PollInterval: 2 * time.Second,
		},
		SMTP: SMTPConfig{
			Addr: s.Addr(s.SubmissionPort), TLS: TLSStartTLS, CAFile: s.Cert(),
			User: "elasund", Password: mailtest.StackPassword, From: "elasund@localhost",
		},
		Spool:  spool,
		Limits: Limits{PerSenderPerHour: -1},
	}
}

// TestDovecotInterop runs the daemon against real servers: Dovecot for
// IMAP (STARTTLS and implicit TLS) and submission, OpenSMTPD for SMTP,
// with mail injected by swaks and curl. It restarts Dovecot and takes
// SMTP down in the middle, and checks that every reply lands in the
// player's Dovecot mailbox and every move is applied once.
func TestDovecotInterop(t *testing.T) {
	s := mailtest.StartStack(t)
	g := newCounterGame(t)
	spool := t.TempDir()
	opts := Options{RetryMin: 50 * time.Millisecond, RetryMax: 500 * time.Millisecond}
	waitReply := func(user, msgID string) []byte {
		t.Helper()
		var m []byte
		flushed := time.Now()
		mailtest.WaitFor(t, 30*time.Second, "reply to "+msgID+" in "+user+"'s mailbox", func() bool {
			m = s.Replies(user)[msgID]
			if m == nil && time.Since(flushed) > time.Second {
				s.Script("smtp-flush")
				flushed = time.Now()
			}
			return m != nil
		})
		return m
	}

	// Phase 1: STARTTLS everywhere, mail sent with swaks and curl.
	s.Swaks("SMTP", "alice@localhost", "elasund@localhost", "game g1", "add 1", "i1@localhost")
	s.Swaks("SMTP", "bob@localhost", "elasund@localhost", "game g1", "add 2", "i2@localhost")
	s.Curl("carol@localhost", "elasund@localhost", []byte(
		"From: Carol <carol@localhost>\r\nTo: elasund@localhost\r\nSubject: game g1\r\n"+
			"Message-ID: <i3@localhost>\r\nContent-Type: text/plain; charset=iso-8859-1\r\n"+
			"Content-Transfer-Encoding: quoted-printable\r\n\r\nGr=FC=DFe, add 3\r\nadd 3\r\n"))
	r := startDaemon(t, stackConfig(s, spool), g, opts, nil)
	reply := waitReply("alice", "i1@localhost")
	waitReply("bob", "i2@localhost")
	if got := bodyOf(t, waitReply("carol", "i3@localhost")); got != "g1: entry 3, total 6\n" {
		t.Errorf("reply to carol = %q", got)
	}
	if got := headerField(reply, "From"); !strings.Contains(got, "elasund@localhost") {
		t.Errorf("reply From = %q", got)
	}

	// Dovecot restarts under the daemon.
	s.MustScript("imap-restart")
	s.Swaks("SMTP", "alice@localhost", "elasund@localhost", "game g1", "add 4", "i4@localhost")
	waitReply("alice", "i4@localhost")

	// SMTP goes down: Dovecot's submission cannot relay, so replies wait
	// in the outbox. Mail still arrives, straight over LMTP.
	s.MustScript("smtp-stop")
	s.Swaks("LMTP", "bob@localhost", "elasund@localhost", "game g1", "add 5", "i5@localhost")
	mailtest.WaitFor(t, 30*time.Second, "the move to be applied while SMTP is down", func() bool {
		n, _ := g.Entries("g1")
		return n == 5
	})
	time.Sleep(500 * time.Millisecond)
	if got := len(readyFiles(t, spool)); got != 1 {
		t.Errorf("outbox holds %d replies while SMTP is down, want 1", got)
	}
	if s.Replies("bob")["i5@localhost"] != nil {
		t.Error("reply delivered while SMTP was down")
	}
	s.MustScript("smtp-start")
	waitReply("bob", "i5@localhost")
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}

	// Phase 2: implicit TLS for IMAP and submission.
	cfg := stackConfig(s, spool)
	cfg.IMAP.Addr, cfg.IMAP.TLS = s.Addr(s.IMAPSPort), TLSImplicit
	cfg.SMTP.Addr, cfg.SMTP.TLS = s.Addr(s.SubmissionsPort), TLSImplicit
	r = startDaemon(t, cfg, g, opts, nil)
	s.Curl("carol@localhost", "elasund@localhost", testMessage("carol@localhost", "game g1", "add 6", "i6@localhost"))
	waitReply("carol", "i6@localhost")
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}

	// Phase 3: plain SMTP straight to OpenSMTPD on loopback, no AUTH.
	cfg = stackConfig(s, spool)
	cfg.SMTP = SMTPConfig{Addr: s.Addr(s.SMTPPort), TLS: TLSNone, From: "elasund@localhost"}
	r = startDaemon(t, cfg, g, opts, nil)
	s.Swaks("SMTP", "alice@localhost", "elasund@localhost", "game g1", "add 7", "i7@localhost")
	if got := bodyOf(t, waitReply("alice", "i7@localhost")); got != "g1: entry 7, total 28\n" {
		t.Errorf("last reply = %q", got)
	}
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}

	lines, _ := g.lines("g1")
	if len(lines) != 7 {
		t.Errorf("g1 has %d entries, want 7: %q", len(lines), lines)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		if seen[l] {
			t.Errorf("entry applied twice: %s", l)
		}
		seen[l] = true
	}
	for user, want := range map[string]int{"alice": 3, "bob": 2, "carol": 2} {
		if got := len(s.Replies(user)); got != want {
			t.Errorf("%s has %d replies, want %d", user, got, want)
		}
	}
	if got := len(mailtest.FetchAll(t, s.Addr(s.IMAPPort), false, "elasund", mailtest.StackPassword, "Processed")); got != 7 {
		t.Errorf("Processed folder holds %d messages, want 7", got)
	}
	if got := len(mailtest.FetchAll(t, s.Addr(s.IMAPPort), false, "elasund", mailtest.StackPassword, "INBOX")); got != 0 {
		t.Errorf("INBOX still holds %d messages", got)
	}
}
