package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
)

// sandboxGame is the sandbox twin of a stored game: the same id, seats
// and set-up, the edits applied, dice and draws from seed. A hosted game
// whose stored file is such a twin is played by the referee as any other
// (it signs nothing in a sandbox), which lets a test set a position up:
// hands of a size that no bot reaches on purpose, a seven on the next
// roll.
func sandboxGame(t testing.TB, stored *turnfile.Game, seed int64, edits string) *turnfile.Game {
	t.Helper()
	h := stored.File().Header
	var seats []turnfile.Seat
	for _, s := range h.Seats {
		seats = append(seats, turnfile.Seat{Colour: s.Colour, Name: s.Name, Email: s.Email})
	}
	g, err := turnfile.New(turnfile.NewOptions{Rules: stored.Rules(), Game: h.Game, Created: refTime,
		Choices: h.Choices, Options: h.Options, Seats: seats, Sandbox: true, Seed: &seed})
	if err != nil {
		t.Fatalf("the sandbox twin of %s: %v", h.Game, err)
	}
	if edits != "" {
		es, err := g.Rules().ParseEdits(edits)
		if err != nil {
			t.Fatalf("edits %q: %v", edits, err)
		}
		if _, err := g.Edit(es, refTime); err != nil {
			t.Fatalf("edits %q: %v", edits, err)
		}
	}
	return g
}

// storeGame makes g the stored file of its game in the store dir.
func storeGame(t testing.TB, dir string, g *turnfile.Game) {
	t.Helper()
	data, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, g.File().Header.Game, gameFileName), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSevenThreeDiscardersByMail: a seven with three discarders, played
// by mail through the referee, works as it always has (the acceptance
// test of issue 16 on the referee's side): the roll asks each of the
// three seats holding more than seven cards for its discard, each answers
// by mail in turn, and then the roller moves the robber.
func TestSevenThreeDiscardersByMail(t *testing.T) {
	h := newHiddenGame(t, "seafarers", 35)
	const edits = "hand red 4 brick, 5 ore; hand blue 3 wool, 3 grain, 2 lumber; hand white 5 grain, 4 wool; turn red"
	var g *turnfile.Game
	for seed := int64(1); g == nil && seed < 400; seed++ {
		try := sandboxGame(t, h.stored(), seed, edits)
		trial := sandboxGame(t, h.stored(), seed, edits)
		if e, err := trial.Move("red", mustMoveIn(t, trial.Rules(), "roll"), nil, refTime, turnfile.MoveOptions{}); err == nil && strings.Contains(strings.Join(e.Events, "\n"), "= 7") {
			g = try
		}
	}
	if g == nil {
		t.Fatal("no seed below 400 rolls a seven first")
	}
	storeGame(t, h.dir, g)
	d := handle(t, h.r, h.mail("red", "roll"))
	if d.Reject {
		t.Fatalf("red's roll refused:\n%s", d.Replies[0].Text)
	}
	var asked []string
	for _, out := range d.Replies {
		if strings.Contains(out.Subject, "your decision, discard") {
			asked = append(asked, seatOfAddress(h.hg.Seats, out.To[0]))
		}
	}
	slices.Sort(asked)
	if fmt.Sprint(asked) != "[blue red white]" {
		t.Fatalf("after the seven, decision requests went to %v, want blue, red and white (the three with more than seven cards)", asked)
	}
	for _, seat := range []string{"white", "red", "blue"} {
		p := h.stored().Position()
		i := slices.IndexFunc(p.Owed(), func(o engine.Owed) bool { return o.Seat == seat })
		if i < 0 {
			t.Fatalf("%s owes no discard: owed %v", seat, p.Owed())
		}
		acts := h.stored().Legal(seat, nil)
		if len(acts) == 0 {
			t.Fatalf("%s owes a discard and has no legal action", seat)
		}
		d := handle(t, h.r, h.mail(seat, acts[0].String()))
		if d.Reject {
			t.Fatalf("%s's discard %q refused:\n%s", seat, acts[0], d.Replies[0].Text)
		}
	}
	p := h.stored().Position()
	if slices.ContainsFunc(p.Owed(), func(o engine.Owed) bool { return o.Seat != "red" }) || p.Current() != "red" || !slices.Contains(p.Awaited(), "red") {
		t.Fatalf("after the three discards: owed %v, %s to move, awaited %v; want red to move the robber", p.Owed(), p.Current(), p.Awaited())
	}
	if acts := h.stored().Legal("red", nil); len(acts) == 0 || !strings.HasPrefix(acts[0].String(), "robber") {
		t.Errorf("red's legal actions after the discards: %v, want the robber's moves", acts)
	}
}
