package mail

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// envRequireMailstack, when set, turns a missing Dovecot or OpenSMTPD
// into a test failure instead of a skip. CI sets it after running
// .ci/mailstack-install.sh.
const envRequireMailstack = "ELASUND_REQUIRE_MAILSTACK"

const stackPassword = "secret"

// mailstack is a Dovecot + OpenSMTPD pair started by
// testdata/mailstack.sh in a scratch directory.
type mailstack struct {
	t   testing.TB
	dir string
	env []string

	imap, imaps, lmtp, smtp, submission, submissions int
}

// requireMailstack skips the test when the programs are missing, unless
// ELASUND_REQUIRE_MAILSTACK is set, in which case it fails it.
func requireMailstack(t testing.TB) {
	t.Helper()
	var missing []string
	for _, prog := range []string{"dovecot", "smtpd", "swaks", "curl", "openssl", "ss", "/usr/lib/dovecot/submission", "/usr/lib/dovecot/lmtp"} {
		if _, err := lookPath(prog); err != nil {
			missing = append(missing, prog)
		}
	}
	if len(missing) == 0 && os.Geteuid() != 0 {
		missing = append(missing, "root privileges (OpenSMTPD and Dovecot drop privileges)")
	}
	if len(missing) == 0 {
		return
	}
	if os.Getenv(envRequireMailstack) != "" {
		t.Fatalf("%s is set but the mail stack cannot run: missing %s (run .ci/mailstack-install.sh)", envRequireMailstack, strings.Join(missing, ", "))
	}
	t.Skipf("mail stack not available (missing %s); run .ci/mailstack-install.sh, or set %s=1 to make this a failure", strings.Join(missing, ", "), envRequireMailstack)
}

// lookPath also searches the sbin directories, which a non-login PATH
// may lack.
func lookPath(prog string) (string, error) {
	if p, err := exec.LookPath(prog); err == nil {
		return p, nil
	}
	for _, dir := range []string{"/usr/sbin", "/sbin", "/usr/local/sbin"} {
		p := filepath.Join(dir, prog)
		if fi, err := os.Stat(p); err == nil && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found", prog)
}

// freePorts returns n TCP ports that were free on 127.0.0.1 a moment ago.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var lns []net.Listener
	var ports []int
	for i := 0; i < n; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range lns {
		ln.Close()
	}
	return ports
}

// stackLock serialises mail stacks across test processes on one machine:
// OpenSMTPD keeps its queue and control socket in fixed system paths.
const stackLock = "/tmp/elasund-mailstack.lock"

func lockStack(t testing.TB) {
	t.Helper()
	f, err := os.OpenFile(stackLock, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		t.Fatalf("opening %s: %v", stackLock, err)
	}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			f.Close()
			t.Fatalf("another test process has held %s for 5 minutes", stackLock)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Cleanup(func() { f.Close() })
}

func startMailstack(t testing.TB) *mailstack {
	t.Helper()
	requireMailstack(t)
	lockStack(t)
	p := freePorts(t, 6)
	// Dovecot reads its files as unprivileged users, so the scratch
	// directory sits directly in the system temporary directory (a
	// t.TempDir is nested in a directory only root can enter).
	dir, err := os.MkdirTemp("", "elasund-mailstack-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	s := &mailstack{t: t, dir: dir,
		imap: p[0], imaps: p[1], lmtp: p[2], smtp: p[3], submission: p[4], submissions: p[5]}
	s.env = append(os.Environ(),
		"PATH="+os.Getenv("PATH")+":/usr/sbin:/sbin",
		"MAILSTACK_DIR="+s.dir,
		"MAILSTACK_IMAP_PORT="+strconv.Itoa(s.imap),
		"MAILSTACK_IMAPS_PORT="+strconv.Itoa(s.imaps),
		"MAILSTACK_LMTP_PORT="+strconv.Itoa(s.lmtp),
		"MAILSTACK_SMTP_PORT="+strconv.Itoa(s.smtp),
		"MAILSTACK_SUBMISSION_PORT="+strconv.Itoa(s.submission),
		"MAILSTACK_SUBMISSIONS_PORT="+strconv.Itoa(s.submissions),
		"MAILSTACK_USERS=elasund alice bob carol",
		"MAILSTACK_PASSWORD="+stackPassword,
	)
	t.Cleanup(func() {
		if t.Failed() {
			for _, log := range []string{"dovecot.log", "smtpd.log"} {
				b, _ := os.ReadFile(filepath.Join(s.dir, "log", log))
				t.Logf("%s:\n%s", log, tail(string(b), 3000))
			}
		}
		s.script("stop")
	})
	if err := s.script("start"); err != nil {
		t.Fatalf("mailstack.sh start: %v", err)
	}
	return s
}

// script runs testdata/mailstack.sh with the stack's environment.
func (s *mailstack) script(args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", append([]string{filepath.Join("testdata", "mailstack.sh")}, args...)...)
	cmd.Env = s.env
	// A daemon that keeps our output pipe open must not hang the test.
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

func (s *mailstack) mustScript(args ...string) {
	s.t.Helper()
	if err := s.script(args...); err != nil {
		s.t.Fatalf("mailstack.sh %s: %v", strings.Join(args, " "), err)
	}
}

// swaks sends a message with swaks. protocol is "SMTP" (to OpenSMTPD)
// or "LMTP" (straight into Dovecot).
func (s *mailstack) swaks(protocol, from, to, subject, body, msgID string) {
	s.t.Helper()
	port := s.smtp
	if protocol == "LMTP" {
		port = s.lmtp
	}
	cmd := exec.Command("swaks", "--silent", "2", "--protocol", protocol,
		"--server", "127.0.0.1:"+strconv.Itoa(port),
		"--from", from, "--to", to,
		"--header", "Subject: "+subject,
		"--header", "Message-Id: <"+msgID+">",
		"--body", body)
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("swaks: %v\n%s", err, out)
	}
}

// curl uploads a raw message to OpenSMTPD with curl.
func (s *mailstack) curl(from, to string, raw []byte) {
	s.t.Helper()
	path := filepath.Join(s.t.TempDir(), "msg.eml")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		s.t.Fatal(err)
	}
	cmd := exec.Command("curl", "--silent", "--show-error", "--url", "smtp://127.0.0.1:"+strconv.Itoa(s.smtp),
		"--mail-from", from, "--mail-rcpt", to, "--upload-file", path)
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("curl: %v\n%s", err, out)
	}
}

// send hands a raw message to OpenSMTPD with a Go SMTP client (used by the
// benchmarks, where starting a program per message would dominate).
func (s *mailstack) send(from, to string, raw []byte) error {
	c, err := smtp.Dial(s.addr(s.smtp))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

// deliverLMTP hands a raw message straight to Dovecot's LMTP service.
func (s *mailstack) deliverLMTP(from, to string, raw []byte) error {
	conn, err := net.Dial("tcp", s.addr(s.lmtp))
	if err != nil {
		return err
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

// maildir returns the messages delivered to user.
func (s *mailstack) maildir(user string) [][]byte {
	var out [][]byte
	for _, sub := range []string{"new", "cur"} {
		files, _ := filepath.Glob(filepath.Join(s.dir, "mail", user, "Maildir", sub, "*"))
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				out = append(out, b)
			}
		}
	}
	return out
}

// replies returns the In-Reply-To of every reply in user's mailbox.
func (s *mailstack) replies(user string) map[string][]byte {
	out := map[string][]byte{}
	for _, m := range s.maildir(user) {
		if headerField(m, "Auto-Submitted") != "auto-replied" {
			continue
		}
		out[strings.Trim(headerField(m, "In-Reply-To"), "<>")] = m
	}
	return out
}

func (s *mailstack) cert() string { return filepath.Join(s.dir, "cert.pem") }

func (s *mailstack) addr(port int) string { return "127.0.0.1:" + strconv.Itoa(port) }

// stackConfig reads elasund@localhost's mail over IMAP with STARTTLS and
// sends through Dovecot's submission service with STARTTLS and AUTH.
func (s *mailstack) config(spool string) Config {
	return Config{
		IMAP: IMAPConfig{
			Addr: s.addr(s.imap), TLS: TLSStartTLS, CAFile: s.cert(),
			User: "elasund", Password: stackPassword, PollInterval: 2 * time.Second,
		},
		SMTP: SMTPConfig{
			Addr: s.addr(s.submission), TLS: TLSStartTLS, CAFile: s.cert(),
			User: "elasund", Password: stackPassword, From: "elasund@localhost",
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
	s := startMailstack(t)
	g := newCounterGame(t)
	spool := t.TempDir()
	opts := Options{RetryMin: 50 * time.Millisecond, RetryMax: 500 * time.Millisecond}
	waitReply := func(user, msgID string) []byte {
		t.Helper()
		var m []byte
		flushed := time.Now()
		waitFor(t, 30*time.Second, "reply to "+msgID+" in "+user+"'s mailbox", func() bool {
			m = s.replies(user)[msgID]
			if m == nil && time.Since(flushed) > time.Second {
				s.script("smtp-flush")
				flushed = time.Now()
			}
			return m != nil
		})
		return m
	}

	// Phase 1: STARTTLS everywhere, mail sent with swaks and curl.
	s.swaks("SMTP", "alice@localhost", "elasund@localhost", "game g1", "add 1", "i1@localhost")
	s.swaks("SMTP", "bob@localhost", "elasund@localhost", "game g1", "add 2", "i2@localhost")
	s.curl("carol@localhost", "elasund@localhost", []byte(
		"From: Carol <carol@localhost>\r\nTo: elasund@localhost\r\nSubject: game g1\r\n"+
			"Message-ID: <i3@localhost>\r\nContent-Type: text/plain; charset=iso-8859-1\r\n"+
			"Content-Transfer-Encoding: quoted-printable\r\n\r\nGr=FC=DFe, add 3\r\nadd 3\r\n"))
	r := startDaemon(t, s.config(spool), g, opts, nil)
	reply := waitReply("alice", "i1@localhost")
	waitReply("bob", "i2@localhost")
	if got := bodyOf(t, waitReply("carol", "i3@localhost")); got != "g1: entry 3, total 6\n" {
		t.Errorf("reply to carol = %q", got)
	}
	if got := headerField(reply, "From"); !strings.Contains(got, "elasund@localhost") {
		t.Errorf("reply From = %q", got)
	}

	// Dovecot restarts under the daemon.
	s.mustScript("imap-restart")
	s.swaks("SMTP", "alice@localhost", "elasund@localhost", "game g1", "add 4", "i4@localhost")
	waitReply("alice", "i4@localhost")

	// SMTP goes down: Dovecot's submission cannot relay, so replies wait
	// in the outbox. Mail still arrives, straight over LMTP.
	s.mustScript("smtp-stop")
	s.swaks("LMTP", "bob@localhost", "elasund@localhost", "game g1", "add 5", "i5@localhost")
	waitFor(t, 30*time.Second, "the move to be applied while SMTP is down", func() bool {
		n, _ := g.Entries("g1")
		return n == 5
	})
	time.Sleep(500 * time.Millisecond)
	if got := len(readyFiles(t, spool)); got != 1 {
		t.Errorf("outbox holds %d replies while SMTP is down, want 1", got)
	}
	if s.replies("bob")["i5@localhost"] != nil {
		t.Error("reply delivered while SMTP was down")
	}
	s.mustScript("smtp-start")
	waitReply("bob", "i5@localhost")
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}

	// Phase 2: implicit TLS for IMAP and submission.
	cfg := s.config(spool)
	cfg.IMAP.Addr, cfg.IMAP.TLS = s.addr(s.imaps), TLSImplicit
	cfg.SMTP.Addr, cfg.SMTP.TLS = s.addr(s.submissions), TLSImplicit
	r = startDaemon(t, cfg, g, opts, nil)
	s.curl("carol@localhost", "elasund@localhost", testMessage("carol@localhost", "game g1", "add 6", "i6@localhost"))
	waitReply("carol", "i6@localhost")
	if err := r.stop(t); err != nil {
		t.Fatalf("Run: %v", err)
	}

	// Phase 3: plain SMTP straight to OpenSMTPD on loopback, no AUTH.
	cfg = s.config(spool)
	cfg.SMTP = SMTPConfig{Addr: s.addr(s.smtp), TLS: TLSNone, From: "elasund@localhost"}
	r = startDaemon(t, cfg, g, opts, nil)
	s.swaks("SMTP", "alice@localhost", "elasund@localhost", "game g1", "add 7", "i7@localhost")
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
		if got := len(s.replies(user)); got != want {
			t.Errorf("%s has %d replies, want %d", user, got, want)
		}
	}
	if got := len(fetchAll(t, s.addr(s.imap), false, "elasund", stackPassword, "Processed")); got != 7 {
		t.Errorf("Processed folder holds %d messages, want 7", got)
	}
	if got := len(fetchAll(t, s.addr(s.imap), false, "elasund", stackPassword, "INBOX")); got != 0 {
		t.Errorf("INBOX still holds %d messages", got)
	}
}
