package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/atomicfile"
	"github.com/elasund/elasund/internal/mailtest"
)

// testFrom is the daemon's address in the tests.
const testFrom = "elasund@example.test"

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
			return atomicfile.Write(g.path(game), []byte(strings.Join(newLines, "\n")+"\n"), 0o600, true)
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
func testConfig(im *mailtest.IMAP, sm *mailtest.SMTP, spool string) Config {
	cfg := Config{
		IMAP: IMAPConfig{
			Addr: im.Addr(), TLS: TLSNone, User: mailtest.User, Password: mailtest.Password,
			PollInterval: 200 * time.Millisecond,
		},
		SMTP:  SMTPConfig{Addr: sm.Addr(), TLS: TLSNone, From: testFrom},
		Spool: spool,
	}
	if sm.Auth() {
		cfg.SMTP.User, cfg.SMTP.Password = mailtest.User, mailtest.Password
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
