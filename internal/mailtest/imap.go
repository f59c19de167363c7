package mailtest

import (
	"bytes"
	"crypto/tls"
	"net"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
)

// The account of the in-process servers: the IMAP server's only user,
// and the SMTP sink's AUTH PLAIN credentials when it requires them.
const (
	User     = "elasund"
	Password = "hunter2"
)

// quietLogger silences the in-process servers.
type quietLogger struct{}

func (quietLogger) Printf(string, ...any) {}
func (quietLogger) Println(...any)        {}

// IMAPOptions configure an in-process IMAP server. The zero value is a
// plain-text IMAP4rev2 server with IDLE and MOVE.
type IMAPOptions struct {
	// Caps are the capabilities announced; nil means IMAP4rev1 and
	// IMAP4rev2 (which brings IDLE, MOVE and UIDPLUS).
	Caps imap.CapSet
	// TLS, when set, offers STARTTLS, or implicit TLS when Implicit is
	// set.
	TLS      *tls.Config
	Implicit bool
}

// IMAP is an in-memory IMAP server on 127.0.0.1 with one user (User,
// Password) whose INBOX exists. It can be stopped and started again on
// the same port with its mail intact. It stops when the test ends.
type IMAP struct {
	restartable
	mem  *imapmemserver.Server
	user *imapmemserver.User
	caps imap.CapSet
}

// NewIMAP starts an in-memory IMAP server on a free loopback port.
func NewIMAP(t testing.TB, o IMAPOptions) *IMAP {
	t.Helper()
	s := &IMAP{restartable: restartable{t: t, what: "imap", tls: o.TLS, implicit: o.Implicit}, mem: imapmemserver.New(), caps: o.Caps}
	if s.caps == nil {
		s.caps = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	}
	s.user = imapmemserver.NewUser(User, Password)
	if err := s.user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	s.mem.AddUser(s.user)
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// Start starts a stopped server again on its port; a running server is
// left alone.
func (s *IMAP) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.start(func(ln net.Listener, starttls *tls.Config) func() error {
		srv := imapserver.New(&imapserver.Options{
			NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
				return s.mem.NewSession(), nil, nil
			},
			Caps:         s.caps,
			Logger:       quietLogger{},
			InsecureAuth: true,
			TLSConfig:    starttls,
		})
		go srv.Serve(ln)
		return srv.Close
	})
}

// Deliver appends raw to INBOX.
func (s *IMAP) Deliver(raw []byte) {
	s.t.Helper()
	if _, err := s.user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{}); err != nil {
		s.t.Fatalf("append: %v", err)
	}
}

// Count returns the number of messages in folder, -1 if it is missing.
func (s *IMAP) Count(folder string) int {
	st, err := s.user.Status(folder, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return -1
	}
	return int(*st.NumMessages)
}

// FetchAll reads every message of a folder with a plain IMAP client,
// over implicit TLS (any certificate) when implicitTLS is set.
func FetchAll(t testing.TB, addr string, implicitTLS bool, user, pass, folder string) [][]byte {
	t.Helper()
	var c *imapclient.Client
	var err error
	if implicitTLS {
		c, err = imapclient.DialTLS(addr, &imapclient.Options{TLSConfig: &tls.Config{InsecureSkipVerify: true}})
	} else {
		c, err = imapclient.DialInsecure(addr, nil)
	}
	if err != nil {
		t.Fatalf("dial imap: %v", err)
	}
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		t.Fatalf("login: %v", err)
	}
	sel, err := c.Select(folder, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		t.Fatalf("select %s: %v", folder, err)
	}
	if sel.NumMessages == 0 {
		return nil
	}
	var seq imap.SeqSet
	seq.AddRange(1, sel.NumMessages)
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(seq, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		t.Fatalf("fetch: %v", err)
	}
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.FindBodySection(section))
	}
	return out
}
