package mail

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/mailtest"
)

// Environment of the child process started by TestExactlyOnceUnderKill.
const (
	envKillChild = "ELASUND_MAIL_KILL_CHILD"
	envKillIMAP  = "ELASUND_MAIL_KILL_IMAP"
	envKillSMTP  = "ELASUND_MAIL_KILL_SMTP"
	envKillSpool = "ELASUND_MAIL_KILL_SPOOL"
	envKillGames = "ELASUND_MAIL_KILL_GAMES"
)

func TestMain(m *testing.M) {
	if os.Getenv(envKillChild) == "1" {
		os.Exit(killChild())
	}
	os.Exit(m.Run())
}

// killChild runs the daemon with the toy handler until SIGTERM (graceful)
// or SIGKILL (the point of the exercise).
func killChild() int {
	cfg := Config{
		IMAP: IMAPConfig{
			Addr: os.Getenv(envKillIMAP), TLS: TLSNone, User: mailtest.User, Password: mailtest.Password,
			PollInterval: 100 * time.Millisecond,
		},
		SMTP:   SMTPConfig{Addr: os.Getenv(envKillSMTP), TLS: TLSNone, From: testFrom},
		Spool:  os.Getenv(envKillSpool),
		Limits: Limits{PerSenderPerHour: -1},
	}
	g := &counterGame{dir: os.Getenv(envKillGames)}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	d, err := New(cfg, g, Options{Logger: log, RetryMin: 10 * time.Millisecond, RetryMax: 100 * time.Millisecond})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := d.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestExactlyOnceUnderKill runs the daemon as a child process and
// SIGKILLs it at random moments, at least 100 times, while mail keeps
// arriving; then lets a last child finish. The games must end up exactly
// as in an undisturbed run, no message may be applied twice, and every
// reply must reach the SMTP server (duplicates, which carry the same
// Message-ID, are counted and reported).
func TestExactlyOnceUnderKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process 100 times")
	}
	const (
		messages = 150
		kills    = 100
	)
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("ELASUND_KILL_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (set ELASUND_KILL_SEED to repeat)", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	msg := func(i int) []byte {
		return testMessage(fmt.Sprintf("player%d@example.test", i%5), fmt.Sprintf("game g%d", i%3),
			fmt.Sprintf("add %d", i), fmt.Sprintf("kill%03d@example.test", i))
	}

	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	spool := t.TempDir()
	games := t.TempDir()
	env := append(os.Environ(), envKillChild+"=1", envKillIMAP+"="+im.Addr(), envKillSMTP+"="+sm.Addr(),
		envKillSpool+"="+spool, envKillGames+"="+games)
	var logs bytes.Buffer
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = env
		cmd.Stderr = &logs
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting child: %v", err)
		}
		return cmd
	}

	delivered := 0
	for delivered < 20 {
		delivered++
		im.Deliver(msg(delivered))
	}
	start := time.Now()
	for k := 0; k < kills; k++ {
		for j := rng.IntN(3); j > 0 && delivered < messages; j-- {
			delivered++
			im.Deliver(msg(delivered))
		}
		cmd := child()
		// Most lives are short enough to die during start-up or in the
		// middle of a message; some run long enough to get work done.
		life := time.Duration(5+rng.IntN(40)) * time.Millisecond
		if rng.IntN(5) == 0 {
			life = time.Duration(50+rng.IntN(100)) * time.Millisecond
		}
		time.Sleep(life)
		cmd.Process.Kill()
		cmd.Wait()
	}
	for delivered < messages {
		delivered++
		im.Deliver(msg(delivered))
	}
	t.Logf("%d kills in %v; %d of %d messages processed, %d replies so far",
		kills, time.Since(start).Round(time.Millisecond), im.Count("Processed"), messages, sm.Unique())

	last := child()
	ok := sm.WaitUnique(messages, 60*time.Second)
	deadline := time.Now().Add(20 * time.Second)
	for ok && (im.Count("INBOX") != 0 || len(readyFiles(t, spool)) != 0) {
		if time.Now().After(deadline) {
			ok = false
		}
		time.Sleep(20 * time.Millisecond)
	}
	last.Process.Signal(syscall.SIGTERM)
	if err := last.Wait(); err != nil {
		t.Errorf("last child: %v", err)
	}
	if !ok {
		t.Fatalf("after the kills: %d/%d replies, inbox %d, outbox %d\n%s",
			sm.Unique(), messages, im.Count("INBOX"), len(readyFiles(t, spool)), mailtest.Tail(logs.String(), 2000))
	}

	// The same mail through an undisturbed daemon.
	ref := runUndisturbed(t, messages, msg)
	g := &counterGame{dir: games}
	for _, game := range []string{"g0", "g1", "g2"} {
		got, _ := g.lines(game)
		want, _ := ref.lines(game)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("game %s after kills differs from the undisturbed run:\n got %d entries\nwant %d entries", game, len(got), len(want))
		}
		seen := map[string]bool{}
		for _, l := range got {
			id := strings.Fields(l)[2]
			if seen[id] {
				t.Errorf("message %s applied twice to %s", id, game)
			}
			seen[id] = true
		}
	}
	if got := im.Count("Processed"); got != messages {
		t.Errorf("Processed has %d messages, want %d", got, messages)
	}
	if held, _ := filepath.Glob(filepath.Join(spool, outboxDir, "*"+heldSuffix)); len(held) != 0 {
		t.Errorf("held replies left behind: %d", len(held))
	}
	if sm.Unique() != messages {
		t.Errorf("%d distinct replies, want %d", sm.Unique(), messages)
	}
	out := logs.String()
	t.Logf("recoveries: %d commits found done, %d commits found undone, %d held-reply drops, %d messages filed from the journal",
		strings.Count(out, "recovery: commit had happened"), strings.Count(out, "recovery: commit had not happened"),
		strings.Count(out, "recovery: dropped replies"), strings.Count(out, "message already handled"))
	t.Logf("%d replies delivered twice (same Message-ID) across %d kills", sm.Duplicates(), kills)
	if sm.Duplicates() > kills {
		t.Errorf("%d duplicate replies for %d kills: more than one per kill", sm.Duplicates(), kills)
	}
}

// runUndisturbed handles n messages with an in-process daemon that is
// never interrupted, and returns its games.
func runUndisturbed(t *testing.T, n int, msg func(int) []byte) *counterGame {
	t.Helper()
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	for i := 1; i <= n; i++ {
		im.Deliver(msg(i))
	}
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.PerSenderPerHour = -1
	r := startDaemon(t, cfg, g, Options{}, nil)
	if !sm.WaitUnique(n, 60*time.Second) {
		t.Fatalf("undisturbed run: %d of %d replies", sm.Unique(), n)
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	return g
}
