package referee

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/mail"
)

// TestReplyStyles hands the referee replies as Gmail, Outlook, Apple Mail
// and Thunderbird write them (testdata/replies): each answers the mail
// that opened the game, with red's move under the quoted or unquoted mail
// it answers, a greeting above and a sign-off below. The common styles
// are applied; a mail with a line that is neither a move nor plainly a
// greeting or sign-off is refused, the legal actions listed.
func TestReplyStyles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "replies", "*.eml"))
	if err != nil || len(files) < 10 {
		t.Fatalf("testdata/replies holds %d mails (%v)", len(files), err)
	}
	origin, hg := hostGame(t, 99, nil, "red", "blue")
	for i, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".eml"), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			head, rest, _ := strings.Cut(string(raw), "\n")
			verdict, want, ok := strings.Cut(strings.TrimPrefix(head, "# "), ": ")
			if !ok || (verdict != "accept" && verdict != "refuse") {
				t.Fatalf("the first line %q says neither accept nor refuse", head)
			}
			id := fmt.Sprintf("reply%d@example.test", i)
			at := refTime.Add(time.Hour)
			text := strings.NewReplacer("{{GAME}}", hg.Game, "{{TOKEN}}", hg.Tokens["red"], "{{MSGID}}", id,
				"{{INREPLYTO}}", mail.ReplyMessageID(hg.Key, 0, testFrom), "{{DATE}}", at.Format(time.RFC1123Z)).Replace(rest)
			in, err := mail.ParseMessage([]byte(strings.ReplaceAll(text, "\n", "\r\n")), mail.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			in.Received = at
			dir := copyStore(t, origin)
			r := newTestReferee(t, dir)
			d, err := r.Handle(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			if verdict == "refuse" {
				out := one(t, d)
				if !d.Reject || !strings.Contains(out.Text, want) || !strings.Contains(out.Text, "Your legal actions now (red):\n  roll") {
					t.Errorf("want a refusal naming %q with the legal actions; reject %v:\n%s", want, d.Reject, out.Text)
				}
				return
			}
			if d.Reject {
				t.Fatalf("refused:\n%s", d.Replies[0].Text)
			}
			if err := d.Commit(); err != nil {
				t.Fatal(err)
			}
			e := openBytes(t, storedBytes(t, dir, hg.Game)).File().History[2]
			if strings.Join(e.Actions, "; ") != want || e.At != "2026-11-22T11:00:00Z" {
				t.Errorf("entry 3: %v at %s, want %s at the time the daemon read it", e.Actions, e.At, want)
			}
		})
	}
}
