package mailtest

import (
	"crypto/tls"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is a message the SMTP sink received.
type Message struct {
	From string
	To   []string
	Data []byte
	// MessageID is the message's Message-ID without angle brackets (see
	// MessageID).
	MessageID string
}

// SMTPOptions configure an SMTP sink. The zero value is a plain-text
// server that accepts every message without AUTH.
type SMTPOptions struct {
	// TLS, when set, offers STARTTLS, or implicit TLS when Implicit is
	// set.
	TLS      *tls.Config
	Implicit bool
	// Auth requires AUTH PLAIN as User and Password before MAIL FROM.
	Auth bool
}

// SMTP is an SMTP server on 127.0.0.1 that keeps what it receives. It can
// be stopped and started again on the same port, told to refuse DATA
// temporarily (TempFail) or recipients for good (Refuse). It stops when
// the test ends.
type SMTP struct {
	restartable
	auth bool

	msgs     []Message
	byID     map[string]int
	tempFail int             // refuse this many DATA commands with 451
	refuse   map[string]bool // recipients refused with 550
	notify   chan struct{}
}

// NewSMTP starts an SMTP sink on a free loopback port.
func NewSMTP(t testing.TB, o SMTPOptions) *SMTP {
	t.Helper()
	s := &SMTP{restartable: restartable{t: t, what: "smtp", tls: o.TLS, implicit: o.Implicit}, auth: o.Auth, byID: map[string]int{}, refuse: map[string]bool{}, notify: make(chan struct{}, 1)}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// Auth reports whether the sink requires AUTH PLAIN.
func (s *SMTP) Auth() bool { return s.auth }

// Start starts a stopped sink again on its port; a running one is left
// alone.
func (s *SMTP) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.start(func(ln net.Listener, starttls *tls.Config) func() error {
		srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
			return &sinkSession{s: s}, nil
		}))
		srv.Domain = "localhost"
		srv.AllowInsecureAuth = true
		srv.ErrorLog = quietLogger{}
		srv.ReadTimeout = 30 * time.Second
		srv.WriteTimeout = 30 * time.Second
		srv.TLSConfig = starttls
		go srv.Serve(ln)
		return srv.Close
	})
}

// TempFail makes the sink refuse the next n DATA commands with 451.
func (s *SMTP) TempFail(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tempFail = n
}

// TempFailsLeft is how many of the DATA commands TempFail asked to
// refuse are still to come.
func (s *SMTP) TempFailsLeft() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tempFail
}

// Refuse makes the sink refuse the recipient addr with 550 from now on.
func (s *SMTP) Refuse(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse[strings.ToLower(addr)] = true
}

// Received returns a copy of the messages received so far, in order.
func (s *SMTP) Received() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Unique returns the number of distinct Message-IDs received.
func (s *SMTP) Unique() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byID)
}

// Duplicates returns how many messages repeated a Message-ID.
func (s *SMTP) Duplicates() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.msgs) - len(s.byID)
}

// WaitUnique waits until n distinct Message-IDs have arrived and reports
// whether they did within timeout.
func (s *SMTP) WaitUnique(n int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		if s.Unique() >= n {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		select {
		case <-s.notify:
		case <-time.After(20 * time.Millisecond):
		}
	}
}

type sinkSession struct {
	s      *SMTP
	authed bool
	from   string
	to     []string
}

func (ss *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *sinkSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != User || pass != Password {
			return errors.New("bad credentials")
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *sinkSession) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.auth && !ss.authed {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "authentication required"}
	}
	ss.from = from
	return nil
}

func (ss *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.s.mu.Lock()
	refused := ss.s.refuse[strings.ToLower(to)]
	ss.s.mu.Unlock()
	if refused {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *sinkSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := ss.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tempFail > 0 {
		s.tempFail--
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	id := MessageID(data)
	s.msgs = append(s.msgs, Message{From: ss.from, To: ss.to, Data: data, MessageID: id})
	s.byID[id]++
	select {
	case s.notify <- struct{}{}:
	default:
	}
	return nil
}

func (ss *sinkSession) Reset()        { ss.from, ss.to = "", nil }
func (ss *sinkSession) Logout() error { return nil }
