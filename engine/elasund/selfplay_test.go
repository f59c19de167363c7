package elasund

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
)

func stateJSON(t testing.TB, st *State) string {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func dump(g *Game) string {
	st := g.View()
	return fmt.Sprintf("turn %d %s %s waiting %v pending %v", st.Turn, st.Current, st.Phase, st.WaitingFor, st.Pending)
}

// playStats sums up a batch of self-played games.
type playStats struct {
	games, wins  int
	limited      int
	turns, steps int
	probes       int
}

func (s *playStats) add(o playStats) {
	s.games += o.games
	s.wins += o.wins
	s.limited += o.limited
	s.turns += o.turns
	s.steps += o.steps
	s.probes += o.probes
}

// playout plays one game with uniformly random legal actions. With check
// set it verifies after every action that the position is consistent (Check:
// cards, cubes, permits and buildings conserved, nothing overlapping or
// outside the city, trade flags matching the track), that other listed
// actions apply, that a random unlisted action is refused with a
// *RuleError and changes nothing, and at the end that replaying the same
// actions from the same source reproduces the final state.
func playout(t testing.TB, cfg Config, seed uint64, check bool) (*Game, playStats) {
	t.Helper()
	var stats playStats
	rng := NewSeededRand(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	g, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	type played struct {
		seat Colour
		a    Action
	}
	var record []played
	for !g.Over() {
		if stats.steps > 100000 {
			t.Fatalf("seed %d: game did not end after %d actions (%s)", seed, stats.steps, dump(g))
		}
		st := g.View()
		seat := st.WaitingFor[pick.IntN(len(st.WaitingFor))]
		legal := g.Legal(seat, rng.Copy())
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action for %s (%s)", seed, seat, dump(g))
		}
		a := legal[pick.IntN(len(legal))]
		if check {
			for k := 0; k < 1; k++ {
				other := legal[pick.IntN(len(legal))]
				if _, err := g.Clone().Apply(seat, []Action{other}, rng.Copy()); err != nil {
					t.Fatalf("seed %d: listed action %q by %s is refused: %v (%s)", seed, other, seat, err, dump(g))
				}
			}
			bad := randomAction(pick)
			if !slices.ContainsFunc(legal, func(l Action) bool { return reflect.DeepEqual(l, bad) }) {
				before := g.State()
				_, err := g.Apply(seat, []Action{bad}, rng.Copy())
				var re *RuleError
				switch {
				case err == nil:
					t.Fatalf("seed %d: %q by %s is legal but was not listed (%s)", seed, bad, seat, dump(g))
				case !errors.As(err, &re):
					t.Fatalf("seed %d: %q: error %v is not a *RuleError", seed, bad, err)
				case !reflect.DeepEqual(before, g.View()):
					t.Fatalf("seed %d: refused %q changed the state", seed, bad)
				}
				stats.probes++
			}
		}
		next := rng.Copy()
		if _, err := g.Apply(seat, []Action{a}, next); err != nil {
			t.Fatalf("seed %d: listed action %q by %s failed: %v (%s)", seed, a, seat, err, dump(g))
		}
		rng = next
		stats.steps++
		record = append(record, played{seat, a})
		if check {
			if err := g.Check(); err != nil {
				t.Fatalf("seed %d: after %q by %s: %v (%s)", seed, a, seat, err, dump(g))
			}
		}
	}
	st := g.View()
	stats.games, stats.turns = 1, st.Turn
	if st.Players[*st.Winner].Cubes == 0 {
		stats.wins = 1
	} else {
		stats.limited = 1
	}
	if check {
		// Replay: the same actions from the same source give the same game.
		h, _ := New(cfg, nil)
		r := NewSeededRand(seed)
		for i, p := range record {
			if _, err := h.Apply(p.seat, []Action{p.a}, r); err != nil {
				t.Fatalf("seed %d: replaying action %d %q: %v", seed, i, p.a, err)
			}
		}
		if !reflect.DeepEqual(h.View(), g.View()) {
			t.Fatalf("seed %d: replay does not reproduce the final state", seed)
		}
	}
	return g, stats
}

// randomAction makes an arbitrary action, legal or not (never standing
// orders, which are always legal, nor side-word wall spaces, which are
// listed by their slot).
func randomAction(r *rand.Rand) Action {
	kinds := []ActionKind{ActRoll, ActShip, ActPirate, ActBuild, ActWall, ActChurch, ActPermit, ActGold,
		ActMovePermit, ActUpgradePermit, ActPlacePermit, ActBuyGold, ActDiscard, ActRebuild, ActTake, ActEnd}
	sq := func() Square { return Square{Col: r.IntN(NumCols), Row: r.IntN(NumRows)} }
	a := Action{Kind: kinds[r.IntN(len(kinds))]}
	switch a.Kind {
	case ActShip:
		a.Dir = 1 + r.IntN(2)
	case ActPirate:
		a.Row = r.IntN(NumRows)
	case ActBuild:
		a.Building, a.At = BuildableKinds[r.IntN(len(BuildableKinds))], sq()
		if r.IntN(3) == 0 {
			a.Colour = InfluenceCards[r.IntN(3)]
		}
	case ActWall:
		slots := wallSlots(4)
		a.Wall = slots[r.IntN(len(slots))]
	case ActChurch:
		if r.IntN(2) == 0 {
			a.Tile = AllTiles[r.IntN(len(AllTiles))]
		}
	case ActPermit:
		a.Value, a.At = r.IntN(5), sq()
		if r.IntN(3) == 0 {
			a.Colour = InfluenceCards[r.IntN(3)]
		}
	case ActMovePermit:
		a.At, a.To, a.Colour = sq(), sq(), InfluenceCards[r.IntN(3)]
	case ActUpgradePermit:
		a.At, a.Value, a.Colour = sq(), r.IntN(5), InfluenceCards[r.IntN(3)]
	case ActPlacePermit:
		a.Value, a.At = r.IntN(5), sq()
	case ActDiscard, ActTake:
		a.Cards.Gold = r.IntN(3)
		a.Cards.Influence.Blue = r.IntN(2)
	case ActRebuild:
		a.Building = Hut + Kind(r.IntN(2))
		if r.IntN(4) == 0 {
			a.None = true
		} else {
			a.At = sq()
		}
	}
	return a
}

// selfPlayGames is how many games TestSelfPlay plays: 300 by default
// (every edition and rule option comes up), 3,000 in the soak run (the
// environment variable ELASUND_SOAK set, make soak) and 10,000 in the
// long one (ELASUND_SOAK=long, make soak-long), 100 with -short;
// ELASUND_SELFPLAY_GAMES sets any number.
func selfPlayGames(t *testing.T) int {
	if s := os.Getenv("ELASUND_SELFPLAY_GAMES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("ELASUND_SELFPLAY_GAMES=%q: %v", s, err)
		}
		return n
	}
	switch {
	case os.Getenv("ELASUND_SOAK") == "long":
		return 10000
	case os.Getenv("ELASUND_SOAK") != "":
		return 3000
	case testing.Short():
		return 100
	}
	return 300
}

// selfPlayConfig varies players (2-4), edition and, for one game in four,
// a random rule option, so every edition and option is played.
func selfPlayConfig(t *testing.T, i int) Config {
	n := 2 + i%3
	ed := []Edition{EditionEN, EditionFR, EditionRU}[(i/3)%3]
	over := map[string]string{}
	if i%4 == 3 {
		alts := [][2]string{
			{"shortage_mode", "redistribute"}, {"shortage_mode", "skip"}, {"two_row_step", "numeric"},
			{"pirate_cube_rule", "building_touches_row"}, {"pirate_reward", "choose_from_others_discards"},
			{"pirate_reward", "random_from_all_discards"}, {"full_row_fallback", "nearest_row_with_space"},
			{"same_size_cap", "unlimited"}, {"hut_trigger", "bigger_building_only"}, {"hut_on_own_permit", "true"},
			{"walls_cheap_first", "true"}, {"win_check", "end_of_turn"}, {"trade_cap_11", "false"},
			{"turn_limit", "30"}, {"card_counts", "30/15"},
		}
		o := alts[(i/12)%len(alts)]
		over[o[0]] = o[1]
	}
	cols := slices.Clone(AllColours)
	// Seat colours and their order vary too.
	rand.New(rand.NewPCG(uint64(i), 3)).Shuffle(len(cols), func(a, b int) { cols[a], cols[b] = cols[b], cols[a] })
	cfg, err := NewConfig(cols[:n], ed, over)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestSelfPlay plays thousands of complete random games over 2, 3 and 4
// players, every edition and every option, checking the invariants after
// every action (see playout).
func TestSelfPlay(t *testing.T) {
	total := selfPlayGames(t)
	var (
		mu  sync.Mutex
		all playStats
	)
	const workers = 4
	for w := 0; w < workers; w++ {
		t.Run(fmt.Sprintf("worker%d", w), func(t *testing.T) {
			t.Parallel()
			var mine playStats
			for i := w; i < total; i += workers {
				_, s := playout(t, selfPlayConfig(t, i), uint64(i), true)
				mine.add(s)
			}
			mu.Lock()
			all.add(mine)
			mu.Unlock()
		})
	}
	t.Cleanup(func() {
		if all.games == 0 {
			return
		}
		t.Logf("%d games: %d won with 10 cubes, %d ended by the turn limit; %.1f turns and %.0f actions a game on average; %d illegal probes refused",
			all.games, all.wins, all.limited, float64(all.turns)/float64(all.games), float64(all.steps)/float64(all.games), all.probes)
	})
}
