package gamestest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine/race"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// referee is a hosted game of Race played by mail through the command
// line: "elasund host new" invites, "elasund serve" referees, over the
// in-process IMAP server and SMTP sink.
type referee struct {
	sh     *shell
	im     *mailtest.IMAP
	sm     *mailtest.SMTP
	config string
	env    map[string]string
	games  string
	game   string
	tokens map[string]string
	emails map[string]string
	sent   int
}

// newReferee writes the daemon's configuration for the in-process
// servers.
func newReferee(t *testing.T, sh *shell) *referee {
	r := &referee{sh: sh, im: mailtest.NewIMAP(t, mailtest.IMAPOptions{}), sm: mailtest.NewSMTP(t, mailtest.SMTPOptions{}),
		env:    map[string]string{"RACE_IMAP_PASSWORD": mailtest.Password},
		games:  sh.path("games"),
		tokens: map[string]string{}, emails: map[string]string{"cyan": "ann@example.org", "magenta": "ben@example.org"}}
	r.config = sh.path("daemon.yaml")
	config := fmt.Sprintf(`imap:
  addr: %s
  tls: none
  user: %s
  password_env: RACE_IMAP_PASSWORD
  poll_interval: 100ms
smtp:
  addr: %s
  tls: none
  from: referee@example.org
spool: %s
games_dir: %s
`, r.im.Addr(), mailtest.User, r.sm.Addr(), sh.path("spool"), r.games)
	if err := os.WriteFile(r.config, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return r
}

// tokenLine finds a hosted seat's token in its invitation.
var tokenLine = regexp.MustCompile(`(?m)^  your token: (\S+)$`)

// host makes the game with every seat hosted and reads the invitations.
func (r *referee) host() {
	t := r.sh.t
	res := r.sh.run("", r.env, "host", "new", "--config", r.config, "--game", "race",
		"--players", "cyan=Ann:ann@example.org,magenta=Ben:ben@example.org", "--option", "goal=10")
	if res.code != 0 {
		t.Fatalf("host new: exit %d\n%s%s", res.code, res.out, res.errOut)
	}
	if m := regexp.MustCompile(`created game ([0-9a-f]{16}) `).FindStringSubmatch(res.out); m != nil {
		r.game = m[1]
	} else {
		t.Fatalf("host new did not name its game:\n%s", res.out)
	}
	for _, in := range r.received(2) {
		seat := map[string]string{"ann@example.org": "cyan", "ben@example.org": "magenta"}[in.To[0]]
		m := tokenLine.FindStringSubmatch(in.Text)
		if seat == "" || m == nil || !strings.Contains(in.Text, "Race, the toy game of elasund's tests") || !strings.Contains(in.Text, "race to square 10") {
			t.Fatalf("an invitation to %v is not Race's:\n%s", in.To, in.Text)
		}
		r.tokens[seat] = m[1]
	}
}

// received waits for n mails beyond those read so far and returns them
// parsed.
func (r *referee) received(n int) []*mail.Incoming {
	t := r.sh.t
	t.Helper()
	if !r.sm.WaitUnique(r.sent+n, 20*time.Second) {
		t.Fatalf("%d mails arrived, want %d", r.sm.Unique(), r.sent+n)
	}
	var out []*mail.Incoming
	for _, m := range r.sm.Received()[r.sent:] {
		in, err := mail.ParseMessage(m.Data, mail.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		in.To = m.To
		out = append(out, in)
	}
	r.sent = r.sm.Unique()
	return out
}

// stored reads the referee's file of the game.
func (r *referee) stored() *turnfile.Game {
	t := r.sh.t
	t.Helper()
	f, err := turnfile.ReadFile(filepath.Join(r.games, r.game, "game.yaml"), r.sh.set.Registry())
	if err != nil {
		t.Fatal(err)
	}
	g, err := turnfile.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// deliver mails seat's move to the referee, answering the turn mail.
func (r *referee) deliver(seat, move string, n int) {
	g := r.stored()
	subject := fmt.Sprintf("Re: %s turn %d: your move", templates.SubjectTag(r.game), g.Position().Turn())
	body := "token " + r.tokens[seat] + "\n" + move + "\n"
	raw := fmt.Sprintf("From: %s\r\nTo: referee@example.org\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <race-%d@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		r.emails[seat], subject, time.Now().UTC().Format(time.RFC1123Z), n, strings.ReplaceAll(body, "\n", "\r\n"))
	r.im.Deliver([]byte(raw))
}

// send mails seat's move and waits for the referee's file to hold it.
func (r *referee) send(seat, move string, n int) {
	t := r.sh.t
	t.Helper()
	entries := len(r.stored().File().History)
	r.deliver(seat, move, n)
	for deadline := time.Now().Add(20 * time.Second); len(r.stored().File().History) == entries; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the referee did not apply %s's %q", seat, move)
		}
	}
}

// waitFor waits until every address of to has a mail whose text has
// want, and returns the last such mail of each.
func (r *referee) waitFor(want string, to ...string) map[string]*mail.Incoming {
	t := r.sh.t
	t.Helper()
	found := map[string]*mail.Incoming{}
	for deadline := time.Now().Add(20 * time.Second); len(found) < len(to); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no mail with %q reached each of %v (only %v)", want, to, found)
		}
		for _, m := range r.sm.Received() {
			in, err := mail.ParseMessage(m.Data, mail.Limits{})
			if err == nil && strings.Contains(in.Text, want) && slices.Contains(to, m.To[0]) {
				found[m.To[0]] = in
			}
		}
	}
	return found
}

// TestRaceByMail hosts a game of Race, every seat hosted, and plays it to
// its end by mail through "elasund serve": the referee reads Race's moves
// from the mails' bodies, applies them with its own keys, and answers with
// Race's board and mails. Nothing in mail, referee or cmd names Race.
func TestRaceByMail(t *testing.T) {
	t.Parallel()
	sh := &shell{t: t, set: All(t), dir: t.TempDir()}
	r := newReferee(t, sh)
	r.host()

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var served result
	wg.Add(1)
	go func() {
		defer wg.Done()
		served = sh.runContext(ctx, "", r.env, "serve", "--config", r.config)
	}()
	defer func() {
		stop()
		wg.Wait()
		if served.code != 0 {
			t.Errorf("serve: exit %d\n%s", served.code, served.errOut)
		}
	}()

	// A run before the roll breaks T3: the referee refuses it, with
	// Race's rule, and the game is as it was.
	r.deliver("cyan", "run a", 0)
	r.waitFor("cyan rolls first (T3)", r.emails["cyan"])

	for n := 1; ; n++ {
		p := r.stored().Position()
		if p.Over() {
			break
		}
		if n > 200 {
			t.Fatal("the game did not end in 200 turns")
		}
		// A whole turn in one mail: the roll, and a run of a runner that
		// is not home.
		seat, runner := p.Awaited()[0], "a"
		if p.(*race.Position).Runners(seat)[0] == 10 {
			runner = "b"
		}
		r.send(seat, "roll; run "+runner, n)
	}
	checkFinished(t, r)
}

// checkFinished reads the mails of the end: both seats learn who won,
// see Race's board and get the whole file, which verifies.
func checkFinished(t *testing.T, r *referee) {
	t.Helper()
	winner := r.stored().Position().Winners()[0]
	for to, in := range r.waitFor(winner+" wins", r.emails["cyan"], r.emails["magenta"]) {
		if !strings.Contains(in.Text, "Race to 10") {
			t.Errorf("the last mail to %s lacks Race's board:\n%s", to, in.Text)
		}
		var file []byte
		for _, a := range in.Attachments {
			if strings.HasSuffix(a.Filename, ".yaml") {
				file = a.Data
			}
		}
		f, err := turnfile.Parse(file, r.sh.set.Registry())
		if err == nil {
			_, err = turnfile.Open(f)
		}
		if err != nil {
			t.Errorf("the file mailed to %s at the end does not verify: %v", to, err)
		}
	}
}
