package referee

import (
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// joinedPeerGame is newPeerGame after bob (blue, his own key) joined by
// mail: the store knows blue's key.
func joinedPeerGame(t *testing.T) *peerGame {
	t.Helper()
	p, hg := newPeerGame(t)
	g := openBytes(t, attachmentNamed(hg.Mail[1].Attachments, ".yaml"))
	if _, err := g.Join("blue", p.signer, refTime.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	joined, _ := g.File().Marshal()
	if d := handle(t, p.r, p.fileMail(joined)); d.Reject {
		t.Fatalf("bob's join refused:\n%s", d.Replies[0].Text)
	}
	return p
}

// TestOwnKeyVacationNeedsSignature plays the attacker of issue 17 item 7:
// a mail with Bob's address in its From line, for blue, a seat Bob plays
// with his own key, asks for a vacation and later ends Bob's real one.
// A From line can be forged, so the referee asks the same proof as for
// blue's moves: a signature by blue's key (SignRequest). Unsigned, signed
// by another key, for another request, seat or game, too old, or sent
// again, the request is refused and the table stays as it was.
func TestOwnKeyVacationNeedsSignature(t *testing.T) {
	p := joinedPeerGame(t)
	subject := templates.SubjectTag(p.game) + " vacation"
	p.ml.date = refTime.Add(10 * time.Hour)
	ask := func(body string) *mail.Decision {
		t.Helper()
		return handle(t, p.r, p.ml.incoming(bob.Email, subject, body))
	}
	version := func() int {
		n, err := p.r.Entries(p.game)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	sign := func(s string, request string, at time.Time) string {
		return SignRequest(ownSigner(map[string]byte{"bob": 77, "mallory": 78}[s]), p.game, "blue", request, at)
	}
	now := func() time.Time { return p.ml.date.Add(time.Minute) } // the next mail's time
	refused := func(what, body, want string) {
		t.Helper()
		before := version()
		d := ask(body)
		if out := one(t, d); !d.Reject || d.Commit != nil || !strings.Contains(flat(out.Text), want) {
			t.Errorf("%s: reject %v, commit %v; want a refusal saying %q:\n%s", what, d.Reject, d.Commit != nil, want, out.Text)
		}
		if version() != before {
			t.Errorf("%s changed the table", what)
		}
	}

	refused("a forged vacation", "vacation 14 days", "signed with that key")
	refused("signed by another key", "vacation 14 days\n"+sign("mallory", "vacation 14 days", now()), "does not match")
	refused("signed for another request", "vacation 14 days\n"+sign("bob", "vacation 3 days", now()), "does not match")
	refused("a week-old signature", "vacation 14 days\n"+sign("bob", "vacation 14 days", now().Add(-8*24*time.Hour)), "more than 7 days ago")
	refused("a signature from the future", "vacation 14 days\n"+sign("bob", "vacation 14 days", now().Add(2*time.Hour)), "in the future")
	other := SignRequest(ownSigner(77), "0123456789abcdef", "blue", "vacation 14 days", now())
	refused("signed for another game", "vacation 14 days\n"+other, "does not match")
	refused("a garbled signature", "vacation 14 days\nsignature blue 2026-11-22T20:00:00Z abc", "cannot be read")

	signed := "vacation 14 days\n" + sign("bob", "vacation 14 days", now())
	if d := ask(signed); d.Reject || d.Commit == nil || len(d.Replies) != 2 || !strings.Contains(d.Replies[0].Subject, "blue is away until") {
		t.Fatalf("blue's signed vacation: reject %v:\n%s", d.Reject, d.Replies[0].Text)
	}
	refused("the signed vacation sent again", signed, "before your last vacation change")
	refused("a forged back", "back", "signed with that key")
	refused("a forged back signed by another key", "back\n"+sign("mallory", "back", now()), "does not match")
	if tbl, _ := readTable(p.dir, p.game); len(tbl.vacations) != 1 || !tbl.vacations[0].back.IsZero() {
		t.Fatalf("after the forged backs: vacations %+v, want blue's, not ended", tbl.vacations)
	}
	// A new date, then the first request again: refused, the new date holds.
	p.ml.date = p.ml.date.Add(time.Hour)
	if d := ask("vacation 5 days\n" + sign("bob", "vacation 5 days", now())); d.Reject {
		t.Fatalf("a new date for blue's vacation refused:\n%s", d.Replies[0].Text)
	}
	refused("the first vacation sent again after a new date", signed, "before your last vacation change")
	back := "back\n" + sign("bob", "back", now())
	if d := ask(back); d.Reject || !strings.Contains(d.Replies[0].Subject, "blue is back") {
		t.Fatalf("blue's signed back refused:\n%s", d.Replies[0].Text)
	}
	refused("the signed back sent again", back, "before your last vacation change")
}

// TestVacationDateInBody: the subject "[elasund GAME] vacation" with the
// day in the body (issue 20 item 21), as "vacation until DAY" or "until
// DAY", is the vacation the body names.
func TestVacationDateInBody(t *testing.T) {
	for _, line := range []string{"vacation until 2026-12-01", "Until 2026-12-01.", "5 days"} {
		p := newHostedPair(t)
		d := handle(t, p.r, p.ml.incoming(alice.Email, templates.SubjectTag(p.game)+" vacation", "Hi,\ntoken "+p.tokens["red"]+"\n"+line+"\n\nThanks,\nAlice"))
		if d.Reject || d.Commit == nil || !strings.Contains(d.Replies[0].Subject, "red is away until") {
			t.Errorf("subject vacation, body %q: reject %v:\n%s", line, d.Reject, d.Replies[0].Text)
		}
	}
}
