package cmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/referee"
	"github.com/elasund/elasund/turnfile"
)

func TestVacationArgv(t *testing.T) {
	app := testApp(nil)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"g.yaml", "until", "2026-12-01"}, "vacation until 2026-12-01"},
		{[]string{"g.yaml", "5", "Days.", "--as", "blue"}, "vacation 5 days"},
		{[]string{"g.yaml", "--back"}, "back"},
	} {
		var got *vacationOptions
		if err := execCmd(newVacationCmd(app, func(o *vacationOptions) error { got = o; return nil }), tc.args...); err != nil {
			t.Fatalf("vacation %q: %v", tc.args, err)
		}
		if got.File != "g.yaml" || got.Request != tc.want {
			t.Errorf("vacation %q: file %q, request %q; want g.yaml, %q", tc.args, got.File, got.Request, tc.want)
		}
	}
	for _, args := range [][]string{
		{"g.yaml"},
		{"g.yaml", "next", "week"},
		{"g.yaml", "until", "2026-12-01", "--back"},
		{"g.yaml", "5", "days", "--as", "mauve"},
	} {
		var ue *usageError
		if err := execCmd(newVacationCmd(app, func(*vacationOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("vacation %q = %v, want a usage error", args, err)
		}
	}
}

// TestVacationOutput: the two lines "elasund vacation" prints, mailed
// from the player's address, give the seat that plays with its own key
// its vacation at the referee (issue 17 item 7).
func TestVacationOutput(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "games")
	hg, err := referee.HostNew(referee.HostOptions{
		Dir: store, Address: "elasund@example.test", Hosted: []string{"red"}, Now: testTime, Rand: newDetRand(3),
		Seats: []turnfile.Seat{{Colour: "red", Name: "Alice", Email: "alice@example.test"}, {Colour: "blue", Name: "Bob", Email: "bob@example.test"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "game.yaml")
	if err := os.WriteFile(file, hg.Mail[1].Attachments[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
	bob := map[string]string{"ELASUND_HOME": filepath.Join(dir, "bob")}
	mustRun(t, bob, "keygen")
	mustRun(t, bob, "join", file, "--as", "blue")
	r, err := referee.New(referee.Options{Dir: store, Address: "elasund@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	send := func(subject, body string, atts ...mail.Attachment) *mail.Decision {
		t.Helper()
		d, err := r.Handle(context.Background(), &mail.Incoming{MessageID: subject + body, From: "bob@example.test",
			Subject: subject, Text: body, Received: testTime.Add(time.Hour), Attachments: atts})
		if err != nil {
			t.Fatal(err)
		}
		if d.Commit != nil {
			if err := d.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	joined, _ := os.ReadFile(file)
	if d := send("[elasund "+hg.Game+"] join", "", mail.Attachment{Filename: "game.yaml", Data: joined}); d.Reject {
		t.Fatalf("bob's join refused: %s", d.Replies[0].Text)
	}

	var out bytes.Buffer
	app := testApp(bob)
	opts := &vacationOptions{File: file, Request: "vacation until 2026-12-01", Now: testTime.Add(50 * time.Minute), Out: &out,
		Seat: func(*turnfile.Game) (string, error) { return "blue", nil }, Signer: app.signerFor}
	if err := runVacation(opts); err != nil {
		t.Fatal(err)
	}
	subject, lines := vacationMail(t, out.String())
	if subject != "[elasund "+hg.Game+"] vacation" || !strings.HasPrefix(lines, "vacation until 2026-12-01\nsignature blue 2026-11-22T10:50:00Z ") {
		t.Fatalf("elasund vacation printed:\n%s", out.String())
	}
	if d := send(subject, "Hi,\n\n"+lines+"\nBob"); d.Reject || !strings.Contains(d.Replies[0].Subject, "blue is away until 1 Dec 2026") {
		t.Fatalf("the printed vacation, mailed: reject %v:\n%s", d.Reject, d.Replies[0].Text)
	}
}

// vacationMail reads what "elasund vacation" printed: the subject it
// names and the lines to mail.
func vacationMail(t *testing.T, out string) (string, string) {
	t.Helper()
	head, lines, ok := strings.Cut(out, "\n\n")
	_, subject, ok2 := strings.Cut(head, `subject "`)
	if !ok || !ok2 {
		t.Fatalf("elasund vacation printed:\n%s", out)
	}
	return strings.TrimSuffix(subject, `":`), lines
}
