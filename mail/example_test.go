package mail_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/elasund/elasund/mail"
)

// echo is a Handler that answers every message with its own text and
// changes no game.
type echo struct{}

func (echo) Handle(ctx context.Context, m *mail.Incoming) (*mail.Decision, error) {
	return &mail.Decision{Replies: []mail.Outgoing{{
		To:         []string{m.From},
		Subject:    "Re: " + m.Subject,
		Text:       "You wrote:\n\n" + m.Text,
		InReplyTo:  m.MessageID,
		References: append(m.References, m.MessageID),
	}}}, nil
}

func (echo) Entries(game string) (int, error) { return 0, nil }

// A daemon reads its configuration, with passwords from the environment,
// and runs until interrupted.
func ExampleNew() {
	cfg, err := mail.LoadConfig("daemon.yaml", os.LookupEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	d, err := mail.New(cfg, echo{}, mail.Options{Logger: log})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := d.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

func ExampleParseConfig() {
	yaml := `
imap: {addr: "imap.example.org:993", user: game@example.org, password_env: IMAP_PW}
smtp: {addr: "smtp.example.org:465", from: game@example.org}
spool: /var/lib/elasund/spool
`
	env := func(name string) (string, bool) { return "s3cret", name == "IMAP_PW" }
	cfg, err := mail.ParseConfig([]byte(yaml), "/etc/elasund", env)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cfg.IMAP.TLS, cfg.IMAP.Mailbox, cfg.IMAP.ProcessedFolder, cfg.Limits.MaxMessageBytes)

	_, err = mail.ParseConfig([]byte(strings.Replace(yaml, `"imap.example.org:993",`, `"imap.example.org:143", tls: none,`, 1)), "/etc/elasund", env)
	fmt.Println(err)
	// Output:
	// tls INBOX Processed 1048576
	// config imap.tls: tls: none sends the password in clear text and is allowed only for loopback addresses (127.0.0.0/8, ::1, localhost), not "imap.example.org"; use starttls or tls
}
