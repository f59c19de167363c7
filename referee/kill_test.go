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
)

// Environment of the child process of TestRefereeExactlyOnceUnderKill.
const (
	envRefereeChild = "ELASUND_REFEREE_CHILD"
	envRefereeIMAP  = "ELASUND_REFEREE_IMAP"
	envRefereeSMTP  = "ELASUND_REFEREE_SMTP"
	envRefereeSpool = "ELASUND_REFEREE_SPOOL"
	envRefereeGames = "ELASUND_REFEREE_GAMES"
	envRefereeClock = "ELASUND_REFEREE_CLOCK"
)

// The clock of the kill test: the daemon reads every mail at killStart,
// until the test moves its clock on past a deadline, to killDeadline.
var (
	killStart    = refTime.Add(2 * time.Hour)
	killDeadline = killStart.Add(DefaultDeadline + time.Hour)
)

// fileClock is a clock that reads the time from a file the test writes,
// so that it survives the kills: killStart while the file is missing.
func fileClock(path string) func() time.Time {
	return func() time.Time {
		b, err := os.ReadFile(path)
		if err != nil {
			return killStart
		}
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(b)))
		if err != nil {
			return killStart
		}
		return t
	}
}

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
	clock := fileClock(os.Getenv(envRefereeClock))
	ref, err := New(Options{Dir: cfg.GamesDir, Address: testFrom, Logger: log, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	d, err := mail.New(cfg, ref, mail.Options{Logger: log, Now: clock, RetryMin: 10 * time.Millisecond, RetryMax: 100 * time.Millisecond})
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
// mails it took, with the number of replies each got, the deadline work
// done between them, and the final file.
type scriptedGame struct {
	game    string
	msgs    [][]byte
	ids     []string
	replies []int
	// timed is the deadline work, done after the first after mails.
	timed   []timedStep
	final   []byte
	moves   int
	refused int
}

// timedStep is deadline work the referee did in a scripted game.
type timedStep struct {
	after   int // mails before it
	id      string
	replies int
	entries int // the game's entries after it
}

// scriptGame plays a hosted two-seat game to its end with bots, calling
// the referee directly, and records every mail; the referee reads each
// at killStart. With extras, every seventh mail is one the referee
// refuses, and every eleventh a status command. With deadlineAt > 0,
// after that many mails the seat to move sends nothing: the clock moves
// on to killDeadline, the bot plays its move, and the game goes on (the
// mails then read at killDeadline).
func scriptGame(t testing.TB, dir string, hg *HostedGame, extras bool, deadlineAt int) *scriptedGame {
	t.Helper()
	now := killStart
	r, err := New(Options{Dir: dir, Address: testFrom, Now: func() time.Time { return now }})
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
	send := func(from, subject, body string) *mail.Decision {
		id, raw := ml.raw(from, subject, body, nil)
		in, err := mail.ParseMessage(raw, mail.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		in.Received = now
		d := handle(t, r, in)
		sg.msgs, sg.ids, sg.replies = append(sg.msgs, raw), append(sg.ids, id), append(sg.replies, len(d.Replies))
		return d
	}
	done := map[string]bool{}
	for i := 1; i < 5000; i++ {
		s, err := r.session(game)
		if err != nil {
			t.Fatal(err)
		}
		if s.g.Position().Over() {
			sg.final = s.data
			return sg
		}
		if deadlineAt > 0 && len(sg.msgs) == deadlineAt && len(sg.timed) == 0 {
			// Nobody answers: the deadline passes and the bot plays.
			now = killDeadline
			for {
				tw, _, err := r.Due(context.Background(), now, func(id string) bool { return done[id] })
				if err != nil {
					t.Fatal(err)
				}
				if tw == nil {
					break
				}
				if tw.Decision.Commit != nil {
					if err := tw.Decision.Commit(); err != nil {
						t.Fatal(err)
					}
				}
				done[tw.ID] = true
				n, _ := r.Entries(game)
				sg.timed = append(sg.timed, timedStep{after: len(sg.msgs), id: tw.ID, replies: len(tw.Decision.Replies), entries: n})
			}
			if len(sg.timed) == 0 {
				t.Fatal("nothing was due at the deadline")
			}
			continue
		}
		subject := turnSubject(game, s.g)
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
	// Half way through the game a seat lets its deadline pass: the
	// daemon's clock moves on while the kills go on, and the bot plays.
	sg := scriptGame(t, copyStore(t, origin), hg, true, 40)
	want := sg.replyIDs()
	t.Logf("undisturbed: %d mails (%d moves, %d refused), %d deadline moves, %d replies, in %v", len(sg.msgs), sg.moves, sg.refused, len(sg.timed), len(want), time.Since(start).Round(time.Millisecond))

	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	spool := t.TempDir()
	clockFile := filepath.Join(t.TempDir(), "clock")
	env := append(os.Environ(), envRefereeChild+"=1", envRefereeIMAP+"="+im.Addr(), envRefereeSMTP+"="+sm.Addr(),
		envRefereeSpool+"="+spool, envRefereeGames+"="+killDir, envRefereeClock+"="+clockFile)
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
	// The mails before the deadline go first; once they are all filed the
	// clock moves on past the deadline; once the bot's move is in the
	// game, the rest follow.
	before := sg.timed[0].after
	botEntries := sg.timed[len(sg.timed)-1].entries
	limit := before
	delivered := 0
	deliver := func(n int) {
		for ; n > 0 && delivered < limit; n-- {
			im.Deliver(sg.msgs[delivered])
			delivered++
		}
	}
	filed := func() int { return max(im.Count("Processed"), 0) + max(im.Count("Rejected"), 0) }
	clockMoved := false
	phase := func() {
		if !clockMoved && filed() >= before {
			if err := os.WriteFile(clockFile, []byte(killDeadline.Format(time.RFC3339)), 0o644); err != nil {
				t.Fatal(err)
			}
			clockMoved = true
		}
		if clockMoved && limit == before {
			if n, err := New(Options{Dir: killDir, Address: testFrom}); err == nil {
				if e, _ := n.Entries(hg.Game); e >= botEntries {
					limit = len(sg.msgs)
				}
			}
		}
	}
	deliver(5)
	start = time.Now()
	for k := 0; k < kills; k++ {
		// Spread the mails over the kills, so that they strike all
		// through the game, and the deadline among them.
		phase()
		deliver((limit-delivered)/max(kills/2-k%(kills/2), 1) + rng.IntN(2))
		cmd := child()
		life := time.Duration(10+rng.IntN(60)) * time.Millisecond
		if rng.IntN(4) == 0 {
			life = time.Duration(80+rng.IntN(150)) * time.Millisecond
		}
		time.Sleep(life)
		cmd.Process.Kill()
		cmd.Wait()
	}
	progress := filed()
	t.Logf("%d kills in %v: %d of %d mails filed, clock moved past the deadline %v, %d replies so far", kills, time.Since(start).Round(time.Millisecond), progress, len(sg.msgs), clockMoved, sm.Unique())

	started := strings.Count(logs.String(), "daemon started")
	last := child()
	mailtest.WaitFor(t, 10*time.Second, "the last child to start", func() bool { return strings.Count(logs.String(), "daemon started") > started })
	deliver(limit)
	mailtest.WaitFor(t, 30*time.Second, "the bot's move at the deadline", func() bool {
		phase()
		return limit == len(sg.msgs)
	})
	deliver(len(sg.msgs))
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

	checkAfterKills(t, sg, storedBytes(t, killDir, hg.Game), im, sm, want)
	logRecoveries(t, logs.String(), sm, kills)
}

// replyIDs are the Message-IDs of every reply of the undisturbed run.
func (sg *scriptedGame) replyIDs() map[string]bool {
	want := map[string]bool{}
	for i, id := range sg.ids {
		for j := 0; j < sg.replies[i]; j++ {
			want[mail.ReplyMessageID(id, j, testFrom)] = true
		}
	}
	for _, tw := range sg.timed {
		for j := 0; j < tw.replies; j++ {
			want[mail.ReplyMessageID(tw.id, j, testFrom)] = true
		}
	}
	return want
}

// checkAfterKills compares the game and the mail after the kills with the
// undisturbed run: the same final file, every mail filed where it was,
// and exactly the replies of the undisturbed run, each at least once.
func checkAfterKills(t *testing.T, sg *scriptedGame, final []byte, im *mailtest.IMAP, sm *mailtest.SMTP, want map[string]bool) {
	t.Helper()
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
}

// logRecoveries says what the daemons' recoveries found in their logs,
// and fails when a kill sent more than one reply twice.
func logRecoveries(t *testing.T, out string, sm *mailtest.SMTP, kills int) {
	t.Helper()
	t.Logf("recoveries: %d commits found done, %d found undone, %d held-reply drops, %d mails filed from the journal",
		strings.Count(out, "recovery: commit had happened"), strings.Count(out, "recovery: commit had not happened"),
		strings.Count(out, "recovery: dropped replies"), strings.Count(out, "message already handled"))
	t.Logf("%d replies delivered twice (same Message-ID) across %d kills", sm.Duplicates(), kills)
	if sm.Duplicates() > kills {
		t.Errorf("%d duplicate replies for %d kills: more than one per kill", sm.Duplicates(), kills)
	}
}
