package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

const (
	testUser     = "elasund"
	testPassword = "hunter2"
	testFrom     = "elasund@example.test"
)

// quietLogger silences the in-process servers.
type quietLogger struct{}

func (quietLogger) Printf(string, ...any) {}
func (quietLogger) Println(...any)        {}

// testCert makes a self-signed certificate for 127.0.0.1 and localhost
// and returns the server config and the path of the PEM certificate.
func testCert(t testing.TB) (*tls.Config, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "localhost"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, certPEM, 0o644); err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{pair}}, path
}

// testIMAP is an in-memory IMAP server on 127.0.0.1 that can be stopped
// and started again on the same port with its mail intact.
type testIMAP struct {
	t        testing.TB
	mem      *imapmemserver.Server
	user     *imapmemserver.User
	caps     imap.CapSet
	tls      *tls.Config // STARTTLS, or implicit when implicit is set
	implicit bool

	mu   sync.Mutex
	addr string
	srv  *imapserver.Server
	ln   net.Listener
}

type imapOptions struct {
	caps     imap.CapSet // nil: IMAP4rev1 + IMAP4rev2 (IDLE, MOVE, UIDPLUS)
	tls      *tls.Config
	implicit bool
}

func newTestIMAP(t testing.TB, o imapOptions) *testIMAP {
	t.Helper()
	s := &testIMAP{t: t, mem: imapmemserver.New(), caps: o.caps, tls: o.tls, implicit: o.implicit}
	if s.caps == nil {
		s.caps = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	}
	s.user = imapmemserver.NewUser(testUser, testPassword)
	if err := s.user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	s.mem.AddUser(s.user)
	s.start()
	t.Cleanup(s.stop)
	return s
}

func (s *testIMAP) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return
	}
	ln := listenAgain(s.t, "imap", s.addr)
	s.addr = ln.Addr().String()
	opts := &imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return s.mem.NewSession(), nil, nil
		},
		Caps:         s.caps,
		Logger:       quietLogger{},
		InsecureAuth: true,
	}
	if s.tls != nil {
		if s.implicit {
			ln = tls.NewListener(ln, s.tls)
		} else {
			opts.TLSConfig = s.tls
		}
	}
	s.srv = imapserver.New(opts)
	s.ln = ln
	go s.srv.Serve(ln)
}

func (s *testIMAP) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		// Close the listener ourselves: Serve may not have registered
		// it with the server yet.
		s.ln.Close()
		s.srv.Close()
		s.srv = nil
	}
}

// deliver appends raw to INBOX.
func (s *testIMAP) deliver(raw []byte) {
	s.t.Helper()
	if _, err := s.user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{}); err != nil {
		s.t.Fatalf("append: %v", err)
	}
}

// count returns the number of messages in folder, -1 if it is missing.
func (s *testIMAP) count(folder string) int {
	st, err := s.user.Status(folder, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return -1
	}
	return int(*st.NumMessages)
}

// fetchAll reads every message of a folder with a plain IMAP client.
func fetchAll(t testing.TB, addr string, implicitTLS bool, user, pass, folder string) [][]byte {
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

// sinkMessage is a message received by testSMTP.
type sinkMessage struct {
	From      string
	To        []string
	Data      []byte
	MessageID string
}

// testSMTP is an SMTP server on 127.0.0.1 that keeps what it receives.
type testSMTP struct {
	t    testing.TB
	tls  *tls.Config
	mode TLSMode // TLSNone, TLSStartTLS or TLSImplicit
	auth bool    // require AUTH PLAIN as testUser/testPassword

	mu       sync.Mutex
	addr     string
	srv      *smtp.Server
	ln       net.Listener
	msgs     []sinkMessage
	byID     map[string]int
	tempFail int             // refuse this many DATA commands with 451
	refuse   map[string]bool // recipients refused with 550
	notify   chan struct{}
}

type smtpOptions struct {
	tls  *tls.Config
	mode TLSMode
	auth bool
}

func newTestSMTP(t testing.TB, o smtpOptions) *testSMTP {
	t.Helper()
	s := &testSMTP{t: t, tls: o.tls, mode: o.mode, auth: o.auth, byID: map[string]int{}, refuse: map[string]bool{}, notify: make(chan struct{}, 1)}
	if s.mode == TLSUnset {
		s.mode = TLSNone
	}
	s.start()
	t.Cleanup(s.stop)
	return s
}

func (s *testSMTP) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return
	}
	ln := listenAgain(s.t, "smtp", s.addr)
	s.addr = ln.Addr().String()
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &sinkSession{s: s}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ErrorLog = quietLogger{}
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	switch s.mode {
	case TLSStartTLS:
		srv.TLSConfig = s.tls
	case TLSImplicit:
		ln = tls.NewListener(ln, s.tls)
	}
	s.srv = srv
	s.ln = ln
	go srv.Serve(ln)
}

func (s *testSMTP) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		s.ln.Close()
		s.srv.Close()
		s.srv = nil
	}
}

// received returns a copy of the messages received so far.
func (s *testSMTP) received() []sinkMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sinkMessage(nil), s.msgs...)
}

// unique returns the number of distinct Message-IDs received.
func (s *testSMTP) unique() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byID)
}

// duplicates returns how many messages repeated a Message-ID.
func (s *testSMTP) duplicates() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.msgs) - len(s.byID)
}

// waitUnique waits until n distinct Message-IDs have arrived.
func (s *testSMTP) waitUnique(n int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		if s.unique() >= n {
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
	s      *testSMTP
	authed bool
	from   string
	to     []string
}

func (ss *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *sinkSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != testUser || pass != testPassword {
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
	h, err := headerOf(data)
	id := ""
	if err == nil {
		id = messageID(h, data)
	}
	s.msgs = append(s.msgs, sinkMessage{From: ss.from, To: ss.to, Data: data, MessageID: id})
	s.byID[id]++
	select {
	case s.notify <- struct{}{}:
	default:
	}
	return nil
}

func (ss *sinkSession) Reset()        { ss.from, ss.to = "", nil }
func (ss *sinkSession) Logout() error { return nil }

// counterGame is the toy Handler of the tests. A message whose body has
// a line "add N" appends an entry "add N <message-id>" to the game named
// by the subject ("game NAME", default g1); each game is a file with one
// entry per line. Other messages get a help reply and change nothing.
type counterGame struct {
	dir string

	mu         sync.Mutex
	handled    int
	failures   int // fail this many Handle calls
	failCommit int
}

var _ Handler = (*counterGame)(nil)

func newCounterGame(t testing.TB) *counterGame {
	return &counterGame{dir: t.TempDir()}
}

// calls returns how many times Handle was called.
func (g *counterGame) calls() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.handled
}

func (g *counterGame) path(game string) string { return filepath.Join(g.dir, game+".log") }

func (g *counterGame) lines(game string) ([]string, error) {
	b, err := os.ReadFile(g.path(game))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil, nil
	}
	return strings.Split(s, "\n"), nil
}

func (g *counterGame) Entries(game string) (int, error) {
	l, err := g.lines(game)
	return len(l), err
}

func (g *counterGame) Handle(ctx context.Context, m *Incoming) (*Decision, error) {
	g.mu.Lock()
	g.handled++
	if g.failures > 0 {
		g.failures--
		g.mu.Unlock()
		return nil, errors.New("toy storage failure")
	}
	failCommit := g.failCommit > 0
	if failCommit {
		g.failCommit--
	}
	g.mu.Unlock()

	game := "g1"
	if f := strings.Fields(m.Subject); len(f) == 2 && strings.EqualFold(f[0], "game") {
		game = f[1]
	}
	reply := Outgoing{To: []string{m.From}, Subject: replySubject(m.Subject), InReplyTo: m.MessageID, References: append(m.References, m.MessageID)}
	n := 0
	found := false
	for _, line := range strings.Split(m.Text, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "add" {
			v, err := strconv.Atoi(f[1])
			if err == nil {
				n, found = v, true
				break
			}
		}
	}
	if !found {
		reply.Text = "Write \"add N\" to add N to the counter.\n"
		return &Decision{Replies: []Outgoing{reply}}, nil
	}
	lines, err := g.lines(game)
	if err != nil {
		return nil, err
	}
	total := n
	for _, l := range lines {
		f := strings.Fields(l)
		v, _ := strconv.Atoi(f[1])
		total += v
	}
	entry := len(lines) + 1
	newLines := append(append([]string(nil), lines...), fmt.Sprintf("add %d %s", n, m.MessageID))
	reply.Text = fmt.Sprintf("%s: entry %d, total %d\n", game, entry, total)
	return &Decision{
		Game:  game,
		Entry: entry,
		Commit: func() error {
			if failCommit {
				return errors.New("toy disk full")
			}
			return writeFileAtomic(g.path(game), []byte(strings.Join(newLines, "\n")+"\n"), 0o600, true)
		},
		Replies: []Outgoing{reply},
	}, nil
}

// testMessage builds a plain message.
func testMessage(from, subject, body, msgID string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: Mon, 02 Jan 2006 15:04:05 +0000\r\n", from, testFrom, subject)
	if msgID != "" {
		fmt.Fprintf(&b, "Message-ID: <%s>\r\n", msgID)
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}

// testConfig connects to the in-process servers in plain text.
func testConfig(im *testIMAP, sm *testSMTP, spool string) Config {
	cfg := Config{
		IMAP: IMAPConfig{
			Addr: im.addr, TLS: TLSNone, User: testUser, Password: testPassword,
			PollInterval: 200 * time.Millisecond,
		},
		SMTP:  SMTPConfig{Addr: sm.addr, TLS: TLSNone, From: testFrom},
		Spool: spool,
	}
	if sm.auth {
		cfg.SMTP.User, cfg.SMTP.Password = testUser, testPassword
	}
	return cfg
}

// testLogger writes the daemon's logs to the test log when -v is given.
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

func startDaemon(t testing.TB, cfg Config, h Handler, opts Options, fault func(string) error) *running {
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
	d, err := New(cfg, h, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	d.fault = fault
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

// waitFor polls cond until it holds or the timeout passes.
func waitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// headerField returns a header field of a raw message.
func headerField(raw []byte, key string) string {
	h, err := headerOf(raw)
	if err != nil {
		return ""
	}
	return h.Get(key)
}

// bodyOf returns the decoded text of a raw message.
func bodyOf(t testing.TB, raw []byte) string {
	t.Helper()
	in, err := ParseMessage(raw, Limits{})
	if err != nil {
		t.Fatalf("parsing reply: %v", err)
	}
	return in.Text
}

// listenAgain listens on addr (a free loopback port when empty). A server
// restarted on its old address retries for up to two seconds while the
// port is released.
func listenAgain(t testing.TB, what, addr string) net.Listener {
	t.Helper()
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var ln net.Listener
	var err error
	for i := 0; i < 100; i++ {
		if ln, err = net.Listen("tcp", addr); err == nil {
			return ln
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s listen: %v", what, err)
	return nil
}
