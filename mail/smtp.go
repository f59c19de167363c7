package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpSender is the Sender of an SMTP server. It keeps one connection for
// a burst of replies; the daemon closes it when the outbox is empty.
type smtpSender struct {
	cfg  SMTPConfig
	tls  *tls.Config
	dial func(ctx context.Context, network, addr string) (net.Conn, error)
	log  *slog.Logger

	c *smtp.Client
}

var _ Sender = (*smtpSender)(nil)

func newSMTPSender(cfg SMTPConfig, tc *tls.Config, dial func(context.Context, string, string) (net.Conn, error), log *slog.Logger) *smtpSender {
	return &smtpSender{cfg: cfg, tls: tc, dial: dial, log: log}
}

func (s *smtpSender) connect(ctx context.Context) (*smtp.Client, error) {
	conn, err := s.dial(ctx, "tcp", s.cfg.Addr)
	if err != nil {
		return nil, &SendError{Stage: "connect", Err: err}
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	var c *smtp.Client
	switch s.cfg.TLS {
	case TLSImplicit:
		tconn := tls.Client(conn, s.tls)
		if err := tconn.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, &SendError{Stage: "connect", Err: fmt.Errorf("tls handshake: %w", err)}
		}
		c = smtp.NewClient(tconn)
	case TLSStartTLS:
		c, err = smtp.NewClientStartTLS(conn, s.tls)
		if err != nil {
			conn.Close()
			return nil, sendError("connect", fmt.Errorf("starttls: %w", err))
		}
	default:
		c = smtp.NewClient(conn)
	}
	c.CommandTimeout = time.Minute
	c.SubmissionTimeout = 5 * time.Minute
	if err := c.Noop(); err != nil {
		c.Close()
		return nil, sendError("connect", err)
	}
	if s.cfg.User != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.cfg.User, s.cfg.Password)); err != nil {
			c.Close()
			return nil, sendError("auth", err)
		}
	}
	return c, nil
}

// Send delivers one message. A connection kept from an earlier Send is
// checked with RSET first and replaced when it has gone stale.
func (s *smtpSender) Send(ctx context.Context, from string, to []string, msg []byte) error {
	if s.c != nil {
		if err := s.c.Reset(); err != nil {
			s.c.Close()
			s.c = nil
		}
	}
	if s.c == nil {
		c, err := s.connect(ctx)
		if err != nil {
			return err
		}
		s.c = c
	}
	c := s.c
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	err := s.transaction(c, from, to, msg)
	var se *SendError
	if err != nil && (!errors.As(err, &se) || se.Code == 0 || !se.Permanent) {
		// A transport error: the connection is unusable. A temporary
		// refusal may be the session's limit (OpenSMTPD refuses MAIL
		// after 100 messages): retry on a new connection.
		c.Close()
		s.c = nil
	}
	return err
}

func (s *smtpSender) transaction(c *smtp.Client, from string, to []string, msg []byte) error {
	if err := c.Mail(from, nil); err != nil {
		return sendError("mail", err)
	}
	accepted := 0
	var rcptErr error
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt, nil); err != nil {
			var smtpErr *smtp.SMTPError
			if errors.As(err, &smtpErr) && !smtpErr.Temporary() {
				// One refused recipient must not hold back the others.
				s.log.Warn("smtp recipient refused", "rcpt", rcpt, "err", err)
				rcptErr = err
				continue
			}
			return sendError("rcpt", err)
		}
		accepted++
	}
	if accepted == 0 {
		c.Reset()
		return sendError("rcpt", rcptErr)
	}
	w, err := c.Data()
	if err != nil {
		return sendError("data", err)
	}
	if _, err := w.Write(msg); err != nil {
		w.Close()
		return sendError("data", err)
	}
	if err := w.Close(); err != nil {
		return sendError("data", err)
	}
	return nil
}

// Close ends the kept connection, if any, with QUIT.
func (s *smtpSender) Close() error {
	if s.c == nil {
		return nil
	}
	c := s.c
	s.c = nil
	finished, err := waitAtMost(5*time.Second, c.Quit)
	if !finished {
		return c.Close()
	}
	if err != nil {
		c.Close()
	}
	return nil
}

// waitAtMost runs goodbye, a connection's last command, in the
// background and waits at most d for it: whether it finished in time,
// and its error if it did. A connection's Close ends it if not.
func waitAtMost(d time.Duration, goodbye func() error) (finished bool, err error) {
	done := make(chan error, 1)
	go func() { done <- goodbye() }()
	select {
	case err := <-done:
		return true, err
	case <-time.After(d):
		return false, nil
	}
}

// sendError classifies an error from go-smtp.
func sendError(stage string, err error) error {
	if err == nil {
		return nil
	}
	var smtpErr *smtp.SMTPError
	if errors.As(err, &smtpErr) {
		return &SendError{Stage: stage, Code: smtpErr.Code, Permanent: smtpErr.Code >= 500 && smtpErr.Code < 600, Err: err}
	}
	return &SendError{Stage: stage, Err: err}
}
