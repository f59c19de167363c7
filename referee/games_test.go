package referee

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	elasundbot "github.com/elasund/elasund/internal/bot/elasund"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	elasundboard "github.com/elasund/elasund/templates/elasund"
	"github.com/elasund/elasund/turnfile"
)

// twoGames is a set of Elasund (the default) and Nim.
func twoGames(t testing.TB) *games.Set {
	t.Helper()
	set, err := games.NewSet(
		games.Kit{Rules: elasund.Rules{}, Renderer: elasundboard.Renderer{}, Bots: elasundbot.Maker{}},
		games.Kit{Rules: nimRules{}, Renderer: nimRenderer{}, Bots: nimBots{}, Reference: nimReference},
	)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestRefereePlaysAnyGame hosts a game of Nim beside Elasund and plays it
// to its end by mail: the referee reads the game from the stored file,
// parses moves in Nim's language, has Nim's renderer and mails write the
// answers, asks for Nim's decisions once each, and refuses Nim's illegal
// moves with Nim's rule numbers.
func TestRefereePlaysAnyGame(t *testing.T) {
	set := twoGames(t)
	dir := filepath.Join(t.TempDir(), "games")
	amber := turnfile.Seat{Colour: "amber", Name: "Alice", Email: alice.Email}
	teal := turnfile.Seat{Colour: "teal", Name: "Bob", Email: bob.Email}
	checkHostNewRefusals(t, set, dir, amber, teal)

	hg, err := HostNew(HostOptions{
		Dir: dir, Address: testFrom, Games: set, Game: "NIM", Seats: []turnfile.Seat{amber, teal},
		Hosted: []string{"amber", "teal"}, Now: refTime, Rand: newDetReader(71),
	})
	if err != nil {
		t.Fatalf("HostNew: %v", err)
	}
	if len(hg.Mail) != 2 {
		t.Fatalf("%d mails, want 2 invitations that open the game", len(hg.Mail))
	}
	// The example move is the first legal action at the start, in Nim's
	// language.
	if inv := hg.Mail[0].Text; !strings.Contains(inv, "a game of Nim, the toy") || !strings.Contains(inv, "Rules: the short pile.") ||
		!strings.Contains(inv, "token "+hg.Tokens["amber"]+"\n      roll\n") {
		t.Errorf("Nim's invitation is not written with Nim's parts:\n%s", inv)
	}
	if open := hg.Mail[0]; !strings.Contains(open.Text, "The game begins: amber plays first.") ||
		!strings.Contains(open.Text, "Pile: 7 stones.") || !strings.Contains(open.Text, "(the hidden view of amber)") ||
		!strings.Contains(string(attachmentNamed(open.Attachments, ".svg")), "7 stones") {
		t.Errorf("amber's invitation does not open the game as Nim, in the hidden view of an all-hosted game:\n%s", open.Text)
	}
	stored := openGame(t, set, storedBytes(t, dir, hg.Game))
	if h := stored.File().Header; stored.Rules().Name() != "nim" || !maps.Equal(h.Choices, map[string]string{"scenario": "short"}) {
		t.Fatalf("stored game: %s, choices %v", stored.Rules().Name(), h.Choices)
	}

	r, err := New(Options{Dir: dir, Address: testFrom, Games: set, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	ml := &mailer{}
	email := map[string]string{"amber": alice.Email, "teal": bob.Email}
	send := func(seat, body string) *mail.Decision {
		t.Helper()
		subject := turnSubject(hg.Game, openGame(t, set, storedBytes(t, dir, hg.Game)))
		return handle(t, r, ml.incoming(email[seat], subject, "token "+hg.Tokens[seat]+"\n"+body))
	}

	// A move in Elasund's language is not Nim; taking before the roll
	// breaks N2; moving out of turn breaks N1.
	for _, tc := range []struct{ seat, body, want string }{
		{"amber", "build tavern D4", `"build tavern D4" is not a Nim action`},
		{"amber", "take 1", "(N2)"},
		{"amber", "take 1", "Your legal actions now (amber):\n  roll\n"},
		{"teal", "\nroll", "Line 3:\n     > roll\n"},
		{"teal", "roll", "only amber rolls now, once (N1)"},
	} {
		d := send(tc.seat, tc.body)
		if out := one(t, d); !d.Reject || !strings.Contains(out.Text, tc.want) {
			t.Errorf("%s's %q: reject %v, want a rejection with %q:\n%s", tc.seat, tc.body, d.Reject, tc.want, out.Text)
		}
	}

	moves, asked, kept := playNimToEnd(t, set, dir, hg.Game, send)
	final := openGame(t, set, storedBytes(t, dir, hg.Game))
	if !final.Position().Over() || len(asked) == 0 || kept == 0 {
		t.Fatalf("after %d moves: over %v, tribute requests %v, tributes still owed after a move %d; want the game over, requests, and moves made while a tribute was owed",
			moves, final.Position().Over(), asked, kept)
	}
	last := final.File().History[len(final.File().History)-1]
	if !strings.Contains(strings.Join(last.Events, "; "), "wins") {
		t.Errorf("the last entry's events: %v", last.Events)
	}

	// Commands, and the help of both games.
	status := one(t, handle(t, r, ml.incoming(bob.Email, "status "+hg.Game, "")))
	if winner := final.Position().Winners()[0]; !strings.Contains(status.Text, "The game is over. "+strings.ToUpper(winner[:1])+winner[1:]+" wins") {
		t.Errorf("status of the finished game:\n%s", status.Text)
	}
	help := one(t, handle(t, r, ml.incoming("carol@example.test", "help", ""))).Text
	elasundAt, nimAt := strings.Index(help, "Elasund: The First City, played by mail"), strings.Index(help, "Nim, the toy, played by mail")
	if elasundAt != 0 || nimAt < 0 || !strings.Contains(help[elasundAt:nimAt], helpSeparator) {
		t.Errorf("the help of two games: Elasund's section at %d, Nim's at %d:\n%s", elasundAt, nimAt, help)
	}
	if nimHelp := one(t, handle(t, r, ml.incoming("carol@example.test", "help nim", ""))).Text; !strings.HasPrefix(nimHelp, "Nim, the toy, played by mail") || strings.Contains(nimHelp, "Elasund") {
		t.Errorf("help nim:\n%s", nimHelp)
	}

	// An Elasund game in the same store is still Elasund's.
	ehg, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Games: set, Seats: []turnfile.Seat{alice, bob},
		Hosted: []string{"red", "blue"}, Now: refTime, Rand: newDetReader(72)})
	if err != nil {
		t.Fatal(err)
	}
	d := handle(t, r, ml.incoming(alice.Email, turnSubject(ehg.Game, openGame(t, set, storedBytes(t, dir, ehg.Game))), "token "+ehg.Tokens["red"]+"\nroll"))
	if d.Reject || !strings.Contains(d.Replies[0].Text, "Elasund game "+ehg.Game) {
		t.Errorf("a move in the Elasund game of a two-game store:\n%s", d.Replies[0].Text)
	}
	if ids, _ := r.Games(); len(ids) != 2 {
		t.Errorf("Games() = %v, want the two games", ids)
	}
}

// TestTurnFilesOfEveryGame: an attachment is taken for a turn file when
// it starts like one of any game of the set, whatever its name.
func TestTurnFilesOfEveryGame(t *testing.T) {
	r, err := New(Options{Dir: t.TempDir(), Address: testFrom, Games: twoGames(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		data string
		want bool
	}{
		{"format: nim/1\nheader: [", true},
		{"format: elasund/2\n", true},
		{"format: chess/1\n", false},
		{"hello", false},
	} {
		files, problems := r.turnFiles([]mail.Attachment{{Filename: "notes.txt", ContentType: "text/plain", Data: []byte(tc.data)}})
		if got := len(files)+len(problems) > 0; got != tc.want {
			t.Errorf("an attachment %q read as a turn file: %v, want %v", tc.data, got, tc.want)
		}
	}
}

// openGame replays a stored file of a game of set.
func openGame(t testing.TB, set *games.Set, data []byte) *turnfile.Game {
	t.Helper()
	f, err := turnfile.Parse(data, set.Registry())
	if err != nil {
		t.Fatalf("parsing a turn file: %v", err)
	}
	g, err := turnfile.Open(f)
	if err != nil {
		t.Fatalf("verifying a turn file: %v", err)
	}
	return g
}

// checkHostNewRefusals checks that HostNew refuses a game the set does not
// play, and a scenario, edition, option or seat colour of the wrong game.
func checkHostNewRefusals(t *testing.T, set *games.Set, dir string, amber, teal turnfile.Seat) {
	t.Helper()
	for _, tc := range []struct {
		o    HostOptions
		want string
	}{
		{HostOptions{Game: "chess"}, "unknown game"},
		{HostOptions{Game: "nim", Choices: map[string]string{"scenario": "huge"}}, `scenario: nim's scenario is one of short, long, not "huge"`},
		{HostOptions{Game: "nim", Choices: map[string]string{"edition": "fr"}}, "edition: nim has no choice of edition (its set-up choices: scenario)"},
		{HostOptions{Game: "nim", Options: map[string]string{"turn_limit": "9"}}, "no options"},
		{HostOptions{Seats: []turnfile.Seat{{Colour: "amber", Email: alice.Email}, bob}}, "amber"},
	} {
		o := tc.o
		o.Dir, o.Address, o.Games, o.Now, o.Rand = dir, testFrom, set, refTime, newDetReader(70)
		if o.Seats == nil {
			o.Seats = []turnfile.Seat{amber, teal}
		}
		if _, err := HostNew(o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("HostNew(game %q, choices %v) = %v, want an error with %q", o.Game, o.Choices, err, tc.want)
		}
	}
	var he *HostError
	if _, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Games: set, Game: "chess", Seats: []turnfile.Seat{amber, teal}}); !errors.As(err, &he) || !errors.Is(err, engine.ErrUnknownGame) {
		t.Errorf("an unknown game: %v, want a HostError wrapping engine.ErrUnknownGame", err)
	}
}

// playNimToEnd plays the hosted Nim game to its end by mail, checking
// each move's replies, and returns how many moves it took, the tribute
// requests each address got, and how many tributes were still owed after
// another seat's move.
//
// Each seat rolls, takes one stone while it can (so that takes leave 3, 2
// and 1 stones, each making a tribute), and pays a tribute it owes when
// its turn comes again, so that the other seat moves while the tribute is
// owed (and must not be asked again).
func playNimToEnd(t *testing.T, set *games.Set, dir, game string, send func(seat, body string) *mail.Decision) (moves int, asked map[string]int, kept int) {
	t.Helper()
	asked = map[string]int{}
	for ; moves < 60; moves++ {
		g := openGame(t, set, storedBytes(t, dir, game))
		p := g.Position()
		if p.Over() {
			break
		}
		st := p.State().(*nimState)
		before := slices.Clone(st.Owed)
		seat, body := st.Current, "roll"
		switch {
		case len(st.Owed) > 0 && st.Owed[0].Seat == st.Current && st.Roll == 0:
			body = "pay"
		case st.Roll > 0 && st.Pile <= st.Roll:
			body = fmt.Sprintf("take %d", st.Pile)
		case st.Roll > 0:
			body = "take 1"
		}
		d := send(seat, body)
		if d.Reject || d.Commit == nil {
			t.Fatalf("move %d, %s's %q refused:\n%s", moves+1, seat, body, d.Replies[0].Text)
		}
		after := openGame(t, set, storedBytes(t, dir, game)).Position()
		var news []string
		for _, o := range after.State().(*nimState).Owed {
			if !slices.Contains(before, o) {
				news = append(news, o.Seat)
			} else {
				kept++
			}
		}
		if len(d.Replies) != 2+len(news) {
			t.Fatalf("move %d (%s %q): %d replies, want 2 turn mails and %d decision requests (owed %v, before %v)",
				moves+1, seat, body, len(d.Replies), len(news), after.State().(*nimState).Owed, before)
		}
		for _, q := range d.Replies[2:] {
			if !strings.Contains(q.Subject, "your decision, pay tribute") || !strings.Contains(q.Text, "Your take left few stones") {
				t.Errorf("move %d: decision request %q:\n%s", moves+1, q.Subject, q.Text)
			}
			asked[q.To[0]]++
		}
		if mover := d.Replies[slices.Index(after.Setup().Seats, seat)]; !strings.Contains(mover.Text, "Your move was applied, as understood:\n  "+body) {
			t.Errorf("move %d: %s's receipt:\n%s", moves+1, seat, mover.Text)
		}
	}
	return moves, asked, kept
}
