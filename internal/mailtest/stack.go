package mailtest

import (
	"bytes"
	"context"
	_ "embed"
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

// EnvRequireStack, when set, turns a missing Dovecot or OpenSMTPD into a
// test failure instead of a skip. CI sets it after running
// .ci/mailstack-install.sh.
const EnvRequireStack = "ELASUND_REQUIRE_MAILSTACK"

// StackPassword is the password of every user of the mail stack.
const StackPassword = "secret"

// StackUsers are the mail stack's users; each receives the mail for
// NAME@localhost.
var StackUsers = []string{"elasund", "alice", "bob", "carol"}

// mailstackScript runs the servers; see its header for its commands.
//
//go:embed mailstack.sh
var mailstackScript []byte

// Stack is a Dovecot + OpenSMTPD pair started by mailstack.sh in a scratch
// directory, on free loopback ports. Dovecot serves IMAP (STARTTLS) and
// IMAPS, takes LMTP, and offers authenticated submission (STARTTLS and
// implicit TLS) that relays to OpenSMTPD; OpenSMTPD takes plain SMTP and
// hands every message to Dovecot over LMTP. Every user in StackUsers has
// the password StackPassword.
type Stack struct {
	t testing.TB
	// Dir is the scratch directory: configuration, logs, the certificate
	// (Cert) and every user's Maildir under mail/USER/Maildir.
	Dir string
	env []string
	// The ports on 127.0.0.1.
	IMAPPort, IMAPSPort, LMTPPort, SMTPPort, SubmissionPort, SubmissionsPort int
}

// RequireStack skips the test when the programs the stack needs are
// missing (or the test does not run as root, as OpenSMTPD and Dovecot
// drop privileges), saying how to install them, unless EnvRequireStack is
// set, in which case it fails the test.
func RequireStack(t testing.TB) {
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
	if os.Getenv(EnvRequireStack) != "" {
		t.Fatalf("%s is set but the mail stack cannot run: missing %s (run .ci/mailstack-install.sh)", EnvRequireStack, strings.Join(missing, ", "))
	}
	t.Skipf("mail stack not available (missing %s); run .ci/mailstack-install.sh, or set %s=1 to make this a failure", strings.Join(missing, ", "), EnvRequireStack)
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

// StartStack starts a mail stack for the test (see RequireStack for when
// it skips) and stops it when the test ends, logging the servers' logs if
// the test failed. Stacks of concurrent test processes take turns through
// a lock file.
func StartStack(t testing.TB) *Stack {
	t.Helper()
	RequireStack(t)
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
	if err := os.WriteFile(filepath.Join(dir, "mailstack.sh"), mailstackScript, 0o755); err != nil {
		t.Fatal(err)
	}
	s := &Stack{t: t, Dir: dir,
		IMAPPort: p[0], IMAPSPort: p[1], LMTPPort: p[2], SMTPPort: p[3], SubmissionPort: p[4], SubmissionsPort: p[5]}
	s.env = append(os.Environ(),
		"PATH="+os.Getenv("PATH")+":/usr/sbin:/sbin",
		"MAILSTACK_DIR="+s.Dir,
		"MAILSTACK_IMAP_PORT="+strconv.Itoa(s.IMAPPort),
		"MAILSTACK_IMAPS_PORT="+strconv.Itoa(s.IMAPSPort),
		"MAILSTACK_LMTP_PORT="+strconv.Itoa(s.LMTPPort),
		"MAILSTACK_SMTP_PORT="+strconv.Itoa(s.SMTPPort),
		"MAILSTACK_SUBMISSION_PORT="+strconv.Itoa(s.SubmissionPort),
		"MAILSTACK_SUBMISSIONS_PORT="+strconv.Itoa(s.SubmissionsPort),
		"MAILSTACK_USERS="+strings.Join(StackUsers, " "),
		"MAILSTACK_PASSWORD="+StackPassword,
	)
	t.Cleanup(func() {
		if t.Failed() {
			for _, log := range []string{"dovecot.log", "smtpd.log"} {
				b, _ := os.ReadFile(filepath.Join(s.Dir, "log", log))
				t.Logf("%s:\n%s", log, Tail(string(b), 3000))
			}
		}
		s.Script("stop")
	})
	if err := s.Script("start"); err != nil {
		t.Fatalf("mailstack.sh start: %v", err)
	}
	return s
}

// Script runs mailstack.sh with the stack's environment: "stop",
// "imap-restart", "smtp-stop", "smtp-start", "smtp-flush"...
func (s *Stack) Script(args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", append([]string{filepath.Join(s.Dir, "mailstack.sh")}, args...)...)
	cmd.Env = s.env
	// A daemon that keeps our output pipe open must not hang the test.
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

// MustScript is Script that fails the test on an error.
func (s *Stack) MustScript(args ...string) {
	s.t.Helper()
	if err := s.Script(args...); err != nil {
		s.t.Fatalf("mailstack.sh %s: %v", strings.Join(args, " "), err)
	}
}

// Swaks sends a message with swaks: protocol "SMTP" hands it to
// OpenSMTPD, "LMTP" straight into Dovecot. headers are more header lines
// ("Date: ...") after Subject and Message-Id.
func (s *Stack) Swaks(protocol, from, to, subject, body, msgID string, headers ...string) {
	s.t.Helper()
	port := s.SMTPPort
	if protocol == "LMTP" {
		port = s.LMTPPort
	}
	args := []string{"--silent", "2", "--protocol", protocol,
		"--server", "127.0.0.1:" + strconv.Itoa(port),
		"--from", from, "--to", to,
		"--header", "Subject: " + subject,
		"--header", "Message-Id: <" + msgID + ">"}
	for _, h := range headers {
		args = append(args, "--header", h)
	}
	args = append(args, "--body", body)
	if out, err := exec.Command("swaks", args...).CombinedOutput(); err != nil {
		s.t.Fatalf("swaks: %v\n%s", err, out)
	}
}

// Curl uploads a raw message to OpenSMTPD with curl.
func (s *Stack) Curl(from, to string, raw []byte) {
	s.t.Helper()
	path := filepath.Join(s.t.TempDir(), "msg.eml")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		s.t.Fatal(err)
	}
	cmd := exec.Command("curl", "--silent", "--show-error", "--url", "smtp://127.0.0.1:"+strconv.Itoa(s.SMTPPort),
		"--mail-from", from, "--mail-rcpt", to, "--upload-file", path)
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("curl: %v\n%s", err, out)
	}
}

// Send hands a raw message to OpenSMTPD with a Go SMTP client (for
// benchmarks, where starting a program per message would dominate).
func (s *Stack) Send(from, to string, raw []byte) error {
	c, err := smtp.Dial(s.Addr(s.SMTPPort))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

// DeliverLMTP hands a raw message straight to Dovecot's LMTP service.
func (s *Stack) DeliverLMTP(from, to string, raw []byte) error {
	conn, err := net.Dial("tcp", s.Addr(s.LMTPPort))
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

// MaildirPath is the Maildir of user.
func (s *Stack) MaildirPath(user string) string {
	return filepath.Join(s.Dir, "mail", user, "Maildir")
}

// Maildir returns the messages delivered to user so far.
func (s *Stack) Maildir(user string) [][]byte {
	var out [][]byte
	for _, sub := range []string{"new", "cur"} {
		files, _ := filepath.Glob(filepath.Join(s.MaildirPath(user), sub, "*"))
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				out = append(out, b)
			}
		}
	}
	return out
}

// Replies returns the daemon's replies in user's mailbox (the messages
// marked Auto-Submitted: auto-replied) by the Message-ID they answer
// (In-Reply-To, without brackets).
func (s *Stack) Replies(user string) map[string][]byte {
	out := map[string][]byte{}
	for _, m := range s.Maildir(user) {
		if HeaderField(m, "Auto-Submitted") != "auto-replied" {
			continue
		}
		out[strings.Trim(HeaderField(m, "In-Reply-To"), "<>")] = m
	}
	return out
}

// Cert is the path of the servers' self-signed certificate (CN localhost,
// SAN localhost and 127.0.0.1), for clients to trust as their CA file.
func (s *Stack) Cert() string { return filepath.Join(s.Dir, "cert.pem") }

// Addr is the address of a port on 127.0.0.1.
func (s *Stack) Addr(port int) string { return "127.0.0.1:" + strconv.Itoa(port) }
