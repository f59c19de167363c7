package seafarers

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// TestSharedBoardDataOracle starts games of every scenario, layout,
// harbour mode and two seatings, plays some random entries of each, and
// checks after them that the game's board data (boardDataOf, shared by
// every game of a scenario and options) is the data worked out afresh from
// its new board, field by field, and that its pirate bases are its seats'
// (S13, S115-S118, S156): a game that wrote to the shared data would show
// in the games after it.
func TestSharedBoardDataOracle(t *testing.T) {
	seatings := [][]string{{"red", "blue", "white", "orange"}, {"orange", "red", "blue"}}
	games := 0
	for i, sc := range benchScenarios {
		for _, layout := range []string{"", "fixed", "variable"} {
			for _, harbours := range []string{"", "shuffled", "fixed"} {
				for _, seats := range seatings {
					setup := engine.Setup{Seats: seats, Choices: map[string]string{"scenario": sc},
						Options: map[string]string{}, Sandbox: true}
					if layout != "" {
						setup.Options["layout"] = layout
					}
					if harbours != "" {
						setup.Options["harbours"] = harbours
					}
					pos, err := Rules{}.New(setup, engine.NewSeeded(uint64(i)))
					if err != nil {
						continue // options the scenario refuses
					}
					g := Of(pos)
					playRandomly(t, g, uint64(games), 300)
					checkBoardData(t, g)
					games++
				}
			}
		}
	}
	if games < 50 {
		t.Fatalf("only %d games checked", games)
	}
}

// playRandomly applies up to n random listed entries to g.
func playRandomly(t *testing.T, g *Game, seed uint64, n int) {
	t.Helper()
	src := engine.NewSeeded(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	var buf []Action
	for k := 0; k < n && !g.over() && !stalled(g); k++ {
		s := awaitedSeat(g, pick)
		buf = g.AppendLegal(buf[:0], g.colour(s), src.Clone())
		if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
			t.Fatalf("%s entry %d: %v", g.cfg.scenario, k, err)
		}
	}
}

// checkBoardData compares g's board data with the data worked out afresh
// from its scenario's new board.
func checkBoardData(t *testing.T, g *Game) {
	t.Helper()
	cfg := g.cfg
	nb, err := board.New(cfg.scenario, board.Options{Layout: cfg.opts.Layout, Harbours: cfg.opts.Harbours})
	if err != nil {
		t.Fatal(err)
	}
	fresh := newBoardData(nb)
	if !reflect.DeepEqual(cfg.boardData, *fresh) {
		t.Fatalf("%s %+v: S13: the shared board data differs from the data of the new board", cfg.scenario, cfg.opts)
	}
	if cfg.scenario != board.PirateIslands {
		if cfg.bases != nil {
			t.Fatalf("%s: pirate bases outside pirate-islands", cfg.scenario)
		}
		return
	}
	for s, c := range cfg.seats {
		var want pirateBase
		for _, pb := range nb.PirateBases() {
			if pb.Colour == c.String() {
				want = freshBase(nb, pb)
			}
		}
		if !reflect.DeepEqual(cfg.bases[s], want) {
			t.Fatalf("%s: S115: seat %d (%s) has the pirate base %+v, want %+v", cfg.scenario, s, c, cfg.bases[s], want)
		}
	}
}

// freshBase works out the pirate base pb of board b (BOARDS §12.3).
func freshBase(b *board.Board, pb board.PirateBase) pirateBase {
	base := pirateBase{
		settlement: b.CornerIndex(pb.Settlement), ship: b.EdgeIndex(pb.Ship),
		lone: b.CornerIndex(pb.Lone), fortress: b.CornerIndex(pb.Fortress),
		route: make([]bool, b.NumEdges()),
	}
	for _, e := range pb.Route {
		base.route[b.EdgeIndex(e)] = true
	}
	base.route[base.ship] = true
	base.distLone = routeDistances(b, base.route, base.lone)
	base.distFort = routeDistances(b, base.route, base.fortress)
	return base
}

// TestSeatListsOracle compares the seat lists of a set-up (seatLists, cut
// from one string) with the seats of each mask joined one list at a time,
// for every seating of three and four colours (S3; the lists name seats in
// events).
func TestSeatListsOracle(t *testing.T) {
	var seat func(seats []Colour)
	checked := 0
	seat = func(seats []Colour) {
		if len(seats) >= 3 {
			got := seatLists(seats)
			for m := range got {
				var names []string
				for i, c := range seats {
					if m&(1<<i) != 0 {
						names = append(names, c.String())
					}
				}
				if want := strings.Join(names, ", "); got[m] != want {
					t.Fatalf("S3: seats %v, mask %04b: the list reads %q, want %q", seats, m, got[m], want)
				}
			}
			checked++
		}
		for _, c := range AllColours {
			if len(seats) < 4 && !slices.Contains(seats, c) {
				seat(append(slices.Clip(seats), c))
			}
		}
	}
	seat(nil)
	if checked != 24+24 {
		t.Fatalf("checked %d seatings, want 48", checked)
	}
}
