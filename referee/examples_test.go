package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// hostedExamples is where the mails of examples/hosted are kept.
var hostedExamples = filepath.Join("..", "examples", "hosted")

// exampleMail writes a mail as the examples show it: its recipients,
// subject and attachments, then its text.
func exampleMail(to []string, subject, text string, atts []mail.Attachment) []byte {
	var b strings.Builder
	b.WriteString("To: " + strings.Join(to, ", ") + "\n")
	b.WriteString("Subject: " + subject + "\n")
	for _, a := range atts {
		b.WriteString("Attachment: " + a.Filename + " (" + a.ContentType + ")\n")
	}
	b.WriteString("\n" + text)
	return []byte(b.String())
}

// checkExample compares a file of examples/hosted/mails with got, or
// rewrites it with -update.
func checkExample(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(hostedExamples, "mails", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./referee -run TestHostedExamples -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the referee writes now; review and run go test ./referee -run TestHostedExamples -update", path)
	}
}

// TestHostedExamples keeps examples/hosted honest: its configuration
// loads, and its mails are the ones the referee sends for a fixed game.
func TestHostedExamples(t *testing.T) {
	cfg, err := mail.LoadConfig(filepath.Join(hostedExamples, "daemon.yaml"), func(string) (string, bool) { return "secret", true })
	if err != nil {
		t.Fatalf("examples/hosted/daemon.yaml: %v", err)
	}
	if cfg.GamesDir != filepath.Join(hostedExamples, "games") {
		t.Errorf("games_dir = %q", cfg.GamesDir)
	}

	dir, hg := hostGame(t, 61, nil, "red")
	checkExample(t, "1-invitation-hosted.txt", exampleMail(hg.Mail[0].To, hg.Mail[0].Subject, hg.Mail[0].Text, nil))
	checkExample(t, "2-invitation-own-key.txt", exampleMail(hg.Mail[1].To, hg.Mail[1].Subject, hg.Mail[1].Text, hg.Mail[1].Attachments))
	r := newTestReferee(t, dir)
	ml := &mailer{date: refTime.Add(time.Hour)}

	// Bob joins with his key and sends the file back.
	g := openBytes(t, attachmentNamed(hg.Mail[1].Attachments, ".yaml"))
	if _, err := g.Join("blue", ownSigner(62), refTime.Add(30*time.Minute)); err != nil {
		t.Fatal(err)
	}
	joined, _ := g.File().Marshal()
	d := handle(t, r, ml.incoming(bob.Email, "Re: "+templates.SubjectTag(hg.Game)+" invitation: you play blue", "joined",
		mail.Attachment{Filename: "elasund-" + hg.Game + ".yaml", ContentType: "application/yaml", Data: joined}))
	checkExample(t, "3-game-begins.txt", exampleMail(d.Replies[0].To, d.Replies[0].Subject, d.Replies[0].Text, d.Replies[0].Attachments))

	// Alice moves from her phone: a greeting, the token, the move, a
	// signature and the quoted mail below.
	s, err := r.session(hg.Game)
	if err != nil {
		t.Fatal(err)
	}
	p := newBot(bot.LevelHeuristic, 1)
	move, err := chooseMove(p, s.g, "red")
	if err != nil {
		t.Fatal(err)
	}
	body := "Hi!\n\ntoken " + hg.Tokens["red"] + "\n" + moveText(move, 1) + "\n\nSent from my phone\n\nOn Sun, 22 Nov 2026, elasund@example.test wrote:\n> Elasund game " + hg.Game + ", turn 1. You play red.\n"
	id, date := ml.next()
	raw := rawMail(alice.Email, "Re: "+d.Replies[0].Subject, body, id, date, nil)
	checkExample(t, "4-move.eml", raw)
	in, err := mail.ParseMessage(raw, mail.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	in.Received = date // the daemon's clock
	d = handle(t, r, in)
	if d.Reject {
		t.Fatalf("the example move was refused:\n%s", d.Replies[0].Text)
	}
	checkExample(t, "5-move-applied.txt", exampleMail(d.Replies[0].To, d.Replies[0].Subject, d.Replies[0].Text, d.Replies[0].Attachments))

	// A move that breaks a rule.
	d = handle(t, r, ml.incoming(alice.Email, "Re: "+d.Replies[0].Subject, "token "+hg.Tokens["red"]+"\nrebuild hut none\n"))
	checkExample(t, "6-not-applied.txt", exampleMail(d.Replies[0].To, d.Replies[0].Subject, d.Replies[0].Text, nil))
}
