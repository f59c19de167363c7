package referee

import (
	"context"
	"flag"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
)

var update = flag.Bool("update", false, "rewrite the mails of examples/hosted")

// testFrom is the daemon's address in the in-process tests.
const testFrom = "elasund@example.test"

// testConfig connects to the in-process servers in plain text.
func testConfig(im *mailtest.IMAP, sm *mailtest.SMTP, spool string) mail.Config {
	cfg := mail.Config{
		IMAP: mail.IMAPConfig{
			Addr: im.Addr(), TLS: mail.TLSNone, User: mailtest.User, Password: mailtest.Password,
			PollInterval: 200 * time.Millisecond,
		},
		SMTP:  mail.SMTPConfig{Addr: sm.Addr(), TLS: mail.TLSNone, From: testFrom},
		Spool: spool,
	}
	if sm.Auth() {
		cfg.SMTP.User, cfg.SMTP.Password = mailtest.User, mailtest.Password
	}
	return cfg
}

// stackConfig reads elasund@localhost's mail over IMAP with STARTTLS and
// sends through Dovecot's submission service with STARTTLS and AUTH.
func stackConfig(s *mailtest.Stack, spool string) mail.Config {
	return mail.Config{
		IMAP: mail.IMAPConfig{
			Addr: s.Addr(s.IMAPPort), TLS: mail.TLSStartTLS, CAFile: s.Cert(),
			User: "elasund", Password: mailtest.StackPassword, PollInterval: 2 * time.Second,
		},
		SMTP: mail.SMTPConfig{
			Addr: s.Addr(s.SubmissionPort), TLS: mail.TLSStartTLS, CAFile: s.Cert(),
			User: "elasund", Password: mailtest.StackPassword, From: "elasund@localhost",
		},
		Spool:  spool,
		Limits: mail.Limits{PerSenderPerHour: -1},
	}
}

// testLogger writes the logs to the test log when -v is given.
func testLogger(t testing.TB) *slog.Logger {
	if !testing.Verbose() {
		return nil
	}
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// running is a daemon started in the background.
type running struct {
	cancel context.CancelFunc
	done   chan error
}

func startDaemon(t testing.TB, cfg mail.Config, h mail.Handler, opts mail.Options) *running {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = testLogger(t)
	}
	if opts.RetryMin == 0 {
		opts.RetryMin = 20 * time.Millisecond
	}
	if opts.RetryMax == 0 {
		opts.RetryMax = 200 * time.Millisecond
	}
	d, err := mail.New(cfg, h, opts)
	if err != nil {
		t.Fatalf("mail.New: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{cancel: cancel, done: make(chan error, 1)}
	go func() { r.done <- d.Run(ctx) }()
	return r
}

// stop cancels the daemon and returns Run's result.
func (r *running) stop(t testing.TB) error {
	t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("daemon did not stop within 30s")
		return nil
	}
}

// readyFiles lists the replies released and not yet sent in a daemon's
// spool: <spool>/outbox/*.ready, as docs/mail.md lays the outbox out
// (package mail's TestOutboxLayout holds it to that).
func readyFiles(t testing.TB, spool string) []string {
	m, err := filepath.Glob(filepath.Join(spool, "outbox", "*.ready"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// headerField returns a header field of a raw message.
func headerField(raw []byte, key string) string { return mailtest.HeaderField(raw, key) }
