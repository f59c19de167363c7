package referee

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/turnfile"
)

// TestSeafarersByMail plays a hosted game of Catan: Seafarers to its end
// by mail, through the daemon and the in-process servers, three seats
// played by the heuristic bot: setup, moves, discards, gold, domestic
// trade offers (sent alone, so that the named seats owe their answers and
// are asked for them by mail) and their answers, and sealed draws
// resolved at the witness's next entry, as the engine says, the referee
// signing for the hosted seats. Every mail shows its reader's own hand
// only; the file comes with the last mail.
func TestSeafarersByMail(t *testing.T) {
	set := games.All()
	if !slices.Contains(set.Names(), "seafarers") {
		t.Skip("seafarers is not among the games (games.All)")
	}
	if testing.Short() {
		t.Skip("a whole game of Seafarers by mail")
	}
	dir := t.TempDir()
	hg, err := HostNew(HostOptions{
		Dir: dir, Address: testFrom, Game: "seafarers", Choices: map[string]string{"scenario": "through-the-desert"},
		Seats: []turnfile.Seat{
			{Colour: "red", Name: "Alice", Email: alice.Email},
			{Colour: "blue", Name: "Bob", Email: bob.Email},
			{Colour: "white", Name: "Carol", Email: "carol@example.test"},
		},
		Hosted: []string{"red", "blue", "white"}, Now: refTime, Rand: newDetReader(119),
	})
	if err != nil {
		t.Fatal(err)
	}
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	mt := newMailTable(t, hg, dir, im, sm, bot.LevelRandom)
	kit, _ := set.Lookup("seafarers")
	for i, c := range []string{"red", "blue", "white"} {
		if mt.players[c].bot, err = kit.Bots.New(bot.LevelHeuristic, uint64(200+i)); err != nil {
			t.Fatal(err)
		}
	}
	r := startReferee(t, dir, im, sm, mt.clock)
	start := time.Now()
	for i := 0; i < 3000 && !mt.replica.Position().Over(); i++ {
		p := mt.replica.Position()
		seat := p.Awaited()[0]
		if owed := p.Owed(); len(owed) > 0 {
			seat = owed[0].Seat // the seat to move waits for them
		}
		move, err := bot.Plan(p, seat, mt.replica.Source(seat, mt.hosted[seat].signer), mt.players[seat].bot)
		if err != nil {
			t.Fatalf("move %d: %v", mt.moves+1, err)
		}
		// An offer goes alone: the seats it names owe their answers.
		if k := slices.IndexFunc(move, func(a engine.Action) bool { return strings.HasPrefix(a.String(), "offer ") }); k >= 0 {
			move = move[:k+1]
		}
		mt.moveBy(seat, move)
	}
	mt.finish(r)
	count := map[string]int{}
	for _, e := range mt.replica.File().History {
		for _, a := range e.Actions {
			count[strings.Fields(a)[0]]++
		}
		for _, ev := range e.Events {
			if strings.HasPrefix(ev, "sealed draw ") {
				count["sealed draw resolved"]++
			}
		}
	}
	t.Logf("%d moves by mail in %v; actions and draws: %v", mt.moves, time.Since(start).Round(time.Millisecond), count)
	// The game (its seed and scenario; gold fields lie off the main
	// island of through-the-desert) is chosen so that it has each kind.
	// Should a change of the bots lose one, choose another seed.
	for _, kind := range []string{"offer", "accept", "decline", "discard", "gold", "sealed draw resolved"} {
		if count[kind] == 0 {
			t.Errorf("the game had no %s", kind)
		}
	}
}

// TestInvitationExampleIsLegal: the example move an invitation shows is
// legal at the start of the game, for every game: the first listed action
// of the seat that moves first; and every invitation teaches the turn
// line.
func TestInvitationExampleIsLegal(t *testing.T) {
	example := regexp.MustCompile(`(?m)^      token \S+\n      (.+)$`)
	for _, name := range games.All().Names() {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			seats := []turnfile.Seat{{Colour: "red", Name: "Alice", Email: alice.Email}, {Colour: "blue", Name: "Bob", Email: bob.Email}}
			if name == "seafarers" {
				seats = append(seats, turnfile.Seat{Colour: "white", Name: "Carol", Email: "carol@example.test"})
			}
			hg, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Game: name, Seats: seats,
				Hosted: []string{"red", "blue", "white"}[:len(seats)], Now: refTime, Rand: newDetReader(119)})
			if err != nil {
				t.Fatal(err)
			}
			g := openBytes(t, storedBytes(t, dir, hg.Game))
			first := g.Position().Current()
			m := example.FindStringSubmatch(hg.Mail[slices.IndexFunc(hg.Seats, func(s turnfile.Seat) bool { return s.Colour == first })].Text)
			if m == nil {
				t.Fatal("no example move in the invitation")
			}
			// Every game's invitation teaches the line that binds a new
			// mail to its turn (issue 20 item 22: Seafarers' begins at
			// turn 0, and the line was left out).
			for _, inv := range hg.Mail {
				if want := fmt.Sprintf("say which turn you answer with a line such as \"turn %d\"", g.Position().Turn()); !strings.Contains(flat(inv.Text), want) {
					t.Errorf("the invitation to %v does not teach the turn line (%q):\n%s", inv.To, want, inv.Text)
				}
			}
			move, err := g.Rules().ParseMove(m[1])
			if err != nil {
				t.Fatalf("the example %q: %v", m[1], err)
			}
			hosted, _ := readHosted(dir, hg.Game, g.Rules())
			if _, err := g.Move(first, move, hosted[first].signer, refTime, turnfile.MoveOptions{}); err != nil {
				t.Errorf("the example %q is not legal at the start: %v", m[1], err)
			}
		})
	}
}
