package referee

import (
	"bytes"
	"context"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// Environment of the child process of TestRefereeExactlyOnceUnderKill.
const (
	envRefereeChild = "ELASUND_REFEREE_CHILD"
	envRefereeIMAP  = "ELASUND_REFEREE_IMAP"
	envRefereeSMTP  = "ELASUND_REFEREE_SMTP"
	envRefereeSpool = "ELASUND_REFEREE_SPOOL"
	envRefereeGames = "ELASUND_REFEREE_GAMES"
)

// TestRefereeKillChild is the daemon that TestRefereeExactlyOnceUnderKill
// runs as a child process and kills; run alone it skips.
func TestRefereeKillChild(t *testing.T) {
	if os.Getenv(envRefereeChild) != "1" {
		t.Skip("the child process of TestRefereeExactlyOnceUnderKill")
	}
	cfg := mail.Config{
		IMAP: mail.IMAPConfig{
			Addr: os.Getenv(envRefereeIMAP), TLS: mail.TLSNone, User: mailtest.User, Password: mailtest.Password,
			PollInterval: 100 * time.Millisecond,
		},
		SMTP:     mail.SMTPConfig{Addr: os.Getenv(envRefereeSMTP), TLS: mail.TLSNone, From: testFrom},
		Spool:    os.Getenv(envRefereeSpool),
		GamesDir: os.Getenv(envRefereeGames),
		Limits:   mail.Limits{PerSenderPerHour: -1},
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	ref, err := New(Options{Dir: cfg.GamesDir, Address: testFrom, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	d, err := mail.New(cfg, ref, mail.Options{Logger: log, RetryMin: 10 * time.Millisecond, RetryMax: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := d.Run(ctx); err != nil {
		t.Fatal(err)
	}
}

// lockedBuffer collects the children's logs while the test reads them.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// copyStore copies a games directory, keeping hosted.yaml private.
func copyStore(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "games")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(dst, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.Chmod(path, 0o700)
		case d.Name() == hostedFileName:
			return os.Chmod(path, 0o600)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// scriptedGame is a game played once by a referee called directly: the
// mails it took, with the number of replies each got, and the final file.
type scriptedGame struct {
	game    string
	msgs    [][]byte
	ids     []string
	replies []int
	final   []byte
	moves   int
	refused int
}

// scriptGame plays a hosted two-seat game to its end with bots, calling
// the referee directly, and records every mail. With extras, every
// seventh mail is one the referee refuses, and every eleventh a status
// command.
func scriptGame(t testing.TB, dir string, hg *HostedGame, extras bool) *scriptedGame {
	t.Helper()
	r, err := New(Options{Dir: dir, Address: testFrom})
	if err != nil {
		t.Fatal(err)
	}
	game, tokens := hg.Game, hg.Tokens
	sg := &scriptedGame{game: game}
	ml := &mailer{date: refTime.Add(time.Hour)}
	players := map[string]bot.Player{}
	players["red"] = newBot(bot.LevelHeuristic, 7)
	players["blue"] = newBot(bot.LevelRandom, 8)
	email := map[string]string{}
	for _, st := range hg.Seats {
		email[st.Colour] = st.Email
	}
	subject := "Re: " + templates.SubjectTag(game) + " turn"
	send := func(from, subject, body string) *mail.Decision {
		id, raw := ml.raw(from, subject, body, nil)
		in, err := mail.ParseMessage(raw, mail.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		d := handle(t, r, in)
		sg.msgs, sg.ids, sg.replies = append(sg.msgs, raw), append(sg.ids, id), append(sg.replies, len(d.Replies))
		return d
	}
	for i := 1; i < 5000; i++ {
		s, err := r.session(game)
		if err != nil {
			t.Fatal(err)
		}
		if s.g.Position().Over() {
			sg.final = s.data
			return sg
		}
		seat := s.g.Acting()[0]
		switch {
		case extras && i%11 == 0:
			send(email[seat], "status "+game, "")
		case extras && i%7 == 0:
			body := "token " + tokens[seat] + "\n\nrebuild hut none"
			if i%14 == 0 {
				body = "token wrong-token\nroll"
			}
			if d := send(email[seat], subject, body); !d.Reject {
				t.Fatalf("mail %d should have been refused", i)
			}
			sg.refused++
		default:
			move, err := chooseMove(players[seat], s.g, seat)
			if err != nil {
				t.Fatal(err)
			}
			if d := send(email[seat], subject, "token "+tokens[seat]+"\n"+moveText(move, i)); d.Reject {
				t.Fatalf("%s's move %v refused:\n%s", seat, move, d.Replies[0].Text)
			}
			sg.moves++
		}
	}
	t.Fatal("the scripted game did not end")
	return nil
}

// TestRefereeExactlyOnceUnderKill plays a whole game through a daemon
// running as a child process that is SIGKILLed at random moments, at
// least 100 times, while the mails of the game keep arriving; a last
// child finishes. The final file must equal that of the same mails
// handled without interruption, and every reply must reach the SMTP
// server (a reply delivered twice, with the same Message-ID, is counted:
// the documented crash window between the SMTP server's acceptance and
// the outbox removal).
func TestRefereeExactlyOnceUnderKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process 100 times")
	}
	const kills = 100
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("ELASUND_KILL_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (set ELASUND_KILL_SEED to repeat)", seed)
	rng := rand.New(rand.NewPCG(seed, 2))

	origin, hg := hostGame(t, 21, nil, "red", "blue")
	killDir := copyStore(t, origin)
	start := time.Now()
	sg := scriptGame(t, copyStore(t, origin), hg, true)
	want := map[string]bool{}
	for i, id := range sg.ids {
		for j := 0; j < sg.replies[i]; j++ {
			want[mail.ReplyMessageID(id, j, testFrom)] = true
		}
	}
	t.Logf("undisturbed: %d mails (%d moves, %d refused), %d replies, in %v", len(sg.msgs), sg.moves, sg.refused, len(want), time.Since(start).Round(time.Millisecond))

	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	spool := t.TempDir()
	env := append(os.Environ(), envRefereeChild+"=1", envRefereeIMAP+"="+im.Addr(), envRefereeSMTP+"="+sm.Addr(),
		envRefereeSpool+"="+spool, envRefereeGames+"="+killDir)
	logs := &lockedBuffer{}
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRefereeKillChild$", "-test.count=1")
		cmd.Env = env
		cmd.Stderr = logs
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting child: %v", err)
		}
		return cmd
	}
	delivered := 0
	deliver := func(n int) {
		for ; n > 0 && delivered < len(sg.msgs); n-- {
			im.Deliver(sg.msgs[delivered])
			delivered++
		}
	}
	deliver(5)
	start = time.Now()
	for k := 0; k < kills; k++ {
		// Spread the mails over the kills, so that they strike all
		// through the game.
		deliver((len(sg.msgs)-delivered)/(kills-k) + rng.IntN(2))
		cmd := child()
		life := time.Duration(10+rng.IntN(60)) * time.Millisecond
		if rng.IntN(4) == 0 {
			life = time.Duration(80+rng.IntN(150)) * time.Millisecond
		}
		time.Sleep(life)
		cmd.Process.Kill()
		cmd.Wait()
	}
	progress := max(im.Count("Processed"), 0) + max(im.Count("Rejected"), 0)
	t.Logf("%d kills in %v: %d of %d mails filed, %d replies so far", kills, time.Since(start).Round(time.Millisecond), progress, len(sg.msgs), sm.Unique())
	deliver(len(sg.msgs))

	started := strings.Count(logs.String(), "daemon started")
	last := child()
	mailtest.WaitFor(t, 10*time.Second, "the last child to start", func() bool { return strings.Count(logs.String(), "daemon started") > started })
	ok := sm.WaitUnique(len(want), 60*time.Second)
	deadline := time.Now().Add(20 * time.Second)
	for ok && (im.Count("INBOX") != 0 || len(readyFiles(t, spool)) != 0) {
		if time.Now().After(deadline) {
			ok = false
		}
		time.Sleep(20 * time.Millisecond)
	}
	last.Process.Signal(syscall.SIGTERM)
	if err := last.Wait(); err != nil {
		t.Errorf("last child: %v\n%s", err, mailtest.Tail(logs.String(), 1500))
	}
	if !ok {
		t.Fatalf("after the kills: %d/%d replies, inbox %d, outbox %d\n%s",
			sm.Unique(), len(want), im.Count("INBOX"), len(readyFiles(t, spool)), mailtest.Tail(logs.String(), 3000))
	}

	final := storedBytes(t, killDir, hg.Game)
	if !bytes.Equal(final, sg.final) {
		g, ref := openBytes(t, final), openBytes(t, sg.final)
		t.Fatalf("the game after the kills differs from the undisturbed one: %d entries, want %d", len(g.File().History), len(ref.File().History))
	}
	if g := openBytes(t, final); !g.Position().Over() {
		t.Errorf("the game is not over: phase %s", g.Position().Phase())
	}
	if got := im.Count("Processed") + max(im.Count("Rejected"), 0); got != len(sg.msgs) {
		t.Errorf("%d mails filed, want %d", got, len(sg.msgs))
	}
	if got := im.Count("Rejected"); got != sg.refused {
		t.Errorf("Rejected holds %d mails, want %d", got, sg.refused)
	}
	var unexpected []string
	for _, m := range sm.Received() {
		if !want[m.MessageID] {
			unexpected = append(unexpected, m.MessageID)
		}
	}
	if len(unexpected) > 0 {
		t.Errorf("%d replies that the undisturbed run does not send: %v", len(unexpected), unexpected[:min(5, len(unexpected))])
	}
	if sm.Unique() != len(want) {
		t.Errorf("%d distinct replies, want %d", sm.Unique(), len(want))
	}
	out := logs.String()
	t.Logf("recoveries: %d commits found done, %d found undone, %d held-reply drops, %d mails filed from the journal",
		strings.Count(out, "recovery: commit had happened"), strings.Count(out, "recovery: commit had not happened"),
		strings.Count(out, "recovery: dropped replies"), strings.Count(out, "message already handled"))
	t.Logf("%d replies delivered twice (same Message-ID) across %d kills", sm.Duplicates(), kills)
	if sm.Duplicates() > kills {
		t.Errorf("%d duplicate replies for %d kills: more than one per kill", sm.Duplicates(), kills)
	}
}
