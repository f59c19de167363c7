package referee

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/turnfile"
)

// TestHandedSeats follows the players whose seats were handed over (issue
// 20 item 22): Alice's red to Carol, Bob's blue to the bot, in a game
// whose every seat is hosted. Alice's notice does not say she plays red,
// a mail of hers afterwards is told that she no longer plays (not to mail
// from her invited address, which she did), and when the game ends Alice
// and Bob get the complete file and the board, as the players do.
func TestHandedSeats(t *testing.T) {
	dir, hg := hostWith(t, 97, HostOptions{Options: map[string]string{"turn_limit": "1"}}, "red", "blue")
	carol := turnfile.Seat{Name: "Carol", Email: "carol@example.test"}
	sg, err := HostSeat(SeatOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seat: "red", To: carol, Now: refTime.Add(time.Hour), Rand: newDetReader(98)})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range sg.Mail {
		if !strings.Contains(m.To[0], alice.Email) {
			continue
		}
		if strings.Contains(m.Text, "You play red") || !strings.Contains(flat(m.Text), "You no longer play red") {
			t.Errorf("the notice to Alice, who left red:\n%s", m.Text)
		}
	}
	if _, err := HostSeat(SeatOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seat: "blue", Bot: true}); err != nil {
		t.Fatal(err)
	}
	r := newTestReferee(t, dir)
	ml := &mailer{date: refTime.Add(2 * time.Hour)}
	g := openBytes(t, storedBytes(t, dir, hg.Game))
	for _, tc := range []struct{ from, want string }{
		{alice.Email, "alice@example.test no longer plays in game " + hg.Game + ": red was handed to another player"},
		{bob.Email, "bob@example.test no longer plays in game " + hg.Game + ": blue was handed to another player"},
		{"mallory@example.test", "has no seat in game " + hg.Game + ": if you play in it, mail from the address your invitation went to"},
	} {
		d := handle(t, r, ml.incoming(tc.from, turnSubject(hg.Game, g), "token "+hg.Tokens["red"]+"\nroll"))
		if out := one(t, d); !d.Reject || !strings.Contains(flat(out.Text), tc.want) {
			t.Errorf("a mail from %s: want a refusal saying %q:\n%s", tc.from, tc.want, out.Text)
		}
	}

	// Carol moves, the bot answers for blue, until the round ends.
	done := map[string]bool{}
	var last *mail.Decision
	for i := 0; i < 40 && !g.Position().Over(); i++ {
		ml.date = ml.date.Add(time.Minute)
		if slices.Contains(g.Acting(), "red") {
			move, err := chooseMove(newBot("random", 7), g, "red")
			if err != nil {
				t.Fatal(err)
			}
			last = handle(t, r, ml.incoming(carol.Email, turnSubject(hg.Game, g), "token "+sg.Tokens["red"]+"\n"+moveText(move, i)))
			if last.Reject {
				t.Fatalf("Carol's move refused:\n%s", last.Replies[0].Text)
			}
		} else {
			tw, _ := dueOnce(t, r, ml.date, done)
			if tw == nil {
				t.Fatal("the bot does not move for blue")
			}
			last = tw.Decision
		}
		g = openBytes(t, storedBytes(t, dir, hg.Game))
	}
	if !g.Position().Over() {
		t.Fatal("the one-round game did not end")
	}
	final := storedBytes(t, dir, hg.Game)
	for _, former := range []string{alice.Email, bob.Email} {
		i := slices.IndexFunc(last.Replies, func(o mail.Outgoing) bool { return strings.Contains(o.To[0], former) })
		if i < 0 {
			t.Errorf("the last move's mails go to %v: none to %s, whose seat was handed over", recipients(last.Replies), former)
			continue
		}
		out := last.Replies[i]
		if string(attachmentNamed(out.Attachments, ".yaml")) != string(final) || attachmentNamed(out.Attachments, ".svg") == nil ||
			!strings.Contains(flat(out.Text), "Game "+hg.Game+" is over") {
			t.Errorf("the final mail to %s: %q, %d attachments:\n%s", former, out.Subject, len(out.Attachments), out.Text)
		}
	}
}

// recipients lists the first address of each mail.
func recipients(mails []mail.Outgoing) []string {
	var out []string
	for _, m := range mails {
		out = append(out, m.To[0])
	}
	return out
}
