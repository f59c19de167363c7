package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/bot/seafarers"
)

// offerPosition plays four-seat new-shores games between heuristic
// players through bot.Plan until a planned move makes a domestic offer
// (S65). It returns the position before that move, the seat, the source
// the move is applied with and the players.
func offerPosition(t *testing.T) (engine.Position, string, engine.Source, map[string]bot.Player) {
	t.Helper()
	setup := engine.Setup{Seats: []string{"red", "blue", "white", "orange"}, Choices: map[string]string{"scenario": "new-shores"}}
	for seed := uint64(1); seed <= 20; seed++ {
		pos, err := game.Rules{}.New(setup, engine.NewSeeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		players := map[string]bot.Player{}
		for i, s := range setup.Seats {
			if players[s], err = (seafarers.Maker{}).New(bot.LevelHeuristic, seed*8+uint64(i)); err != nil {
				t.Fatal(err)
			}
		}
		var cur engine.Source
		for n := 0; !pos.Over() && n < 3000; n++ {
			seat := nextSeat(pos)
			src := cur
			if pos.BeginsTurn(seat) || src == nil {
				src = engine.NewSeeded(seed*7919 + uint64(pos.Turn())*104729)
			}
			move, err := bot.Plan(pos, seat, src.Clone(), players[seat])
			if err != nil {
				t.Fatal(err)
			}
			if slices.ContainsFunc(move, isOffer) {
				return pos, seat, src, players
			}
			if _, err := pos.Apply(seat, move, src); err != nil {
				t.Fatalf("seed %d: %s's move %q: %v", seed, seat, move, err)
			}
			cur = src
		}
	}
	t.Fatal("no heuristic player made an offer in 20 games")
	return nil, "", nil, nil
}

// nextSeat is the seat a table asks next: one the game waits for other
// than the seat to move, while that seat owes no decision (it waits for
// their answers); else the first awaited.
func nextSeat(p engine.Position) string {
	aw := p.Awaited()
	cur := p.Current()
	if !slices.ContainsFunc(p.Owed(), func(o engine.Owed) bool { return o.Seat == cur }) {
		for _, s := range aw {
			if s != cur {
				return s
			}
		}
	}
	return aw[0]
}

func isOffer(a engine.Action) bool { return strings.HasPrefix(a.String(), "offer ") }

// TestPlanStopsAtOffer plans the move of a Seafarers seat whose heuristic
// player makes a domestic offer: the move ends with the offer, so that
// it goes out and the seats it names can answer, instead of being
// withdrawn in the same move. After their answers the offering seat goes
// on with its turn.
func TestPlanStopsAtOffer(t *testing.T) {
	pos, seat, src, players := offerPosition(t)
	move, err := bot.Plan(pos, seat, src.Clone(), players[seat])
	if err != nil {
		t.Fatal(err)
	}
	if k := slices.IndexFunc(move, isOffer); k != len(move)-1 {
		t.Fatalf("Plan = %q, want a move that ends with its offer", move)
	}
	if _, err := pos.Apply(seat, move, src); err != nil {
		t.Fatalf("the planned move %q: %v", move, err)
	}
	others := slices.DeleteFunc(slices.Clone(pos.Awaited()), func(s string) bool { return s == seat })
	if len(others) == 0 || !slices.Contains(pos.Awaited(), seat) {
		t.Fatalf("after %q the game awaits %v, want %s and the seats the offer names", move, pos.Awaited(), seat)
	}
	// Asked now, the offering seat would withdraw its offer at once:
	// what Plan did when it went on planning.
	if a, err := players[seat].Choose(pos, seat, src.Clone()); err != nil || a.String() != "withdraw" {
		t.Errorf("the offering seat chooses %v, %v; want withdraw", a, err)
	}
	// Each seat the offer names answers in a move of one action.
	for _, s := range others {
		answer, err := bot.Plan(pos, s, src.Clone(), players[s])
		if err != nil {
			t.Fatal(err)
		}
		if len(answer) != 1 || !strings.HasPrefix(answer[0].String(), "accept") && !strings.HasPrefix(answer[0].String(), "decline") {
			t.Fatalf("%s answers the offer with %q, want accept or decline", s, answer)
		}
		if _, err := pos.Apply(s, answer, src); err != nil {
			t.Fatal(err)
		}
	}
	if aw := pos.Awaited(); !slices.Equal(aw, []string{seat}) {
		t.Fatalf("after the answers the game awaits %v, want %s", aw, seat)
	}
	rest, err := bot.Plan(pos, seat, src.Clone(), players[seat])
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) == 0 || !strings.HasPrefix(rest[0].String(), "confirm") && rest[0].String() != "withdraw" {
		t.Fatalf("the offering seat goes on with %q, want a confirm or withdraw first", rest)
	}
	if _, err := pos.Apply(seat, rest, src); err != nil {
		t.Fatal(err)
	}
}

// TestPlanNotAwaited plans nothing for a seat the game does not wait for.
func TestPlanNotAwaited(t *testing.T) {
	pos, err := game.Rules{}.New(engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "base"}}, engine.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := seafarers.Maker{}.New(bot.LevelHeuristic, 1)
	if move, err := bot.Plan(pos, "blue", engine.NewSeeded(2), p); err != nil || len(move) != 0 {
		t.Fatalf("Plan(blue) before blue's turn = %q, %v; want nothing", move, err)
	}
}
