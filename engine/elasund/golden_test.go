package elasund

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden/playouts.txt")

const goldenPath = "testdata/golden/playouts.txt"

// goldenGames is how many games TestGoldenPlayouts replays.
const goldenGames = 300

// goldenAlts are option overrides spread over the golden games, so that
// every option value that changes play is played.
var goldenAlts = [][2]string{
	{"shortage_mode", "redistribute"}, {"shortage_mode", "skip"}, {"two_row_step", "numeric"},
	{"pirate_cube_rule", "building_touches_row"}, {"pirate_reward", "choose_from_others_discards"},
	{"pirate_reward", "random_from_all_discards"}, {"full_row_fallback", "nearest_row_with_space"},
	{"full_row_fallback", "adjacent_only"}, {"same_size_cap", "unlimited"}, {"same_size_cap", "1"},
	{"hut_trigger", "bigger_building_only"}, {"hut_on_own_permit", "true"}, {"walls_cheap_first", "true"},
	{"win_check", "end_of_turn"}, {"trade_cap_11", "false"}, {"turn_limit", "30"}, {"turn_limit", "8"},
	{"card_counts", "30/15"}, {"card_counts", "12/9"}, {"influence_colours", "blue,green,red"},
	{"hand_visibility", "gold_and_influence_counts"},
}

// goldenConfig is the set-up of golden game i: 2-4 seats in a shuffled
// colour order, every edition, and for most games one or two options.
func goldenConfig(t testing.TB, i int) (Config, string) {
	n := 2 + i%3
	ed := []Edition{EditionEN, EditionFR, EditionRU}[(i/3)%3]
	over := map[string]string{}
	if i%5 != 0 {
		o := goldenAlts[(i/2)%len(goldenAlts)]
		over[o[0]] = o[1]
	}
	if i%3 == 1 {
		o := goldenAlts[(i*7+3)%len(goldenAlts)]
		over[o[0]] = o[1]
	}
	cols := slices.Clone(AllColours)
	rand.New(rand.NewPCG(uint64(i), 5)).Shuffle(len(cols), func(a, b int) { cols[a], cols[b] = cols[b], cols[a] })
	cfg, err := NewConfig(cols[:n], ed, over)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k, v := range over {
		keys = append(keys, k+"="+v)
	}
	sort.Strings(keys)
	opts := "-"
	if len(keys) > 0 {
		opts = strings.Join(keys, ",")
	}
	desc := fmt.Sprintf("%d %s %s", n, ed, opts)
	return cfg, desc
}

// goldenGame plays golden game i with a random player and hashes
// everything the engine says on the way: every listing (with and without a
// peek), every chosen move (some of two actions), the events of every
// move, the refusal of a random probe (and of a two-action move whose second
// action is a probe) with the check that a refusal changes nothing, some
// standing orders, and the state after every move. It returns the hex hash
// and the number of moves.
func goldenGame(t testing.TB, i int) (string, int) {
	cfg, _ := goldenConfig(t, i)
	seed := uint64(1000 + i)
	rng := NewSeededRand(seed)
	pick := rand.New(rand.NewPCG(seed, 9))
	g, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	w := func(format string, args ...any) { fmt.Fprintf(h, format, args...) }
	stateJSON := func() string {
		// State, not View, so that the game may use the memory of states
		// no one has again (Apply recycles their blocks).
		b, err := json.Marshal(g.State())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cur := stateJSON()
	w("start %s\n", cur)
	moves := 0
	for !g.Over() {
		if moves > 100000 {
			t.Fatalf("golden game %d does not end", i)
		}
		waiting := g.AppendWaiting(nil)
		// Standing orders now and then, by any seat.
		if pick.IntN(25) == 0 {
			seat := cfg.Seats[pick.IntN(len(cfg.Seats))]
			o := Action{Kind: ActOrders}
			switch pick.IntN(3) {
			case 0:
				o.Order = "discard"
				kinds := []Card{Gold, BlueCard, GreenCard, YellowCard}
				pick.Shuffle(len(kinds), func(a, b int) { kinds[a], kinds[b] = kinds[b], kinds[a] })
				o.Priority = kinds[:1+pick.IntN(4)]
			case 1:
				o.Order = "rebuild"
			default:
				o.Order = "ask"
			}
			next := rng.Copy()
			ev, err := g.Apply(seat, []Action{o}, next)
			w("orders %s %q %q %v\n", seat, o, ev, err)
			if err == nil {
				rng = next
				cur = stateJSON()
				w("state %s\n", cur)
			}
			moves++
			continue
		}
		seat := waiting[pick.IntN(len(waiting))]
		legal := g.Legal(seat, rng.Copy())
		if len(legal) == 0 {
			t.Fatalf("golden game %d: no legal action for %s", i, seat)
		}
		w("legal %s %q\n", seat, FormatMove(legal))
		w("legal-nil %q\n", FormatMove(g.Legal(seat, nil)))
		for _, c := range cfg.Seats {
			if c != seat {
				w("other %s %d\n", c, len(g.Legal(c, rng.Copy())))
			}
		}
		a := legal[pick.IntN(len(legal))]
		move := []Action{a}
		// Probes: one unlisted action, and a listed one followed by it.
		bad := randomAction(pick)
		if !slices.ContainsFunc(legal, func(l Action) bool { return reflect.DeepEqual(l, bad) }) {
			ev, err := g.Apply(seat, []Action{bad}, rng.Copy())
			w("probe %q %q %v\n", bad, ev, err)
			if err == nil {
				t.Fatalf("golden game %d: unlisted %q by %s applies", i, bad, seat)
			}
			if now := stateJSON(); now != cur {
				t.Fatalf("golden game %d: refused %q changed the state", i, bad)
			}
		}
		if pick.IntN(4) == 0 {
			pair := []Action{a, bad}
			ev, err := g.Clone().Apply(seat, pair, rng.Copy())
			w("probe2 %q %q %v\n", FormatMove(pair), ev, err)
			if err == nil {
				// The pair is legal: it is the move.
				move = pair
			} else {
				// Refused on the game itself too, changing nothing.
				ev2, err2 := g.Apply(seat, pair, rng.Copy())
				if ev2 != nil || err2 == nil || err2.Error() != err.Error() {
					t.Fatalf("golden game %d: %q gives %q %v on the game, %q %v on a clone", i, FormatMove(pair), ev2, err2, ev, err)
				}
				if now := stateJSON(); now != cur {
					t.Fatalf("golden game %d: refused %q changed the state", i, FormatMove(pair))
				}
			}
		}
		// Sometimes a second listed action in the same move.
		if len(move) == 1 && pick.IntN(3) == 0 {
			c := g.Clone()
			r := rng.Copy()
			if _, err := c.Apply(seat, move, r); err != nil {
				t.Fatalf("golden game %d: listed %q by %s refused: %v", i, a, seat, err)
			}
			if !c.Over() && slices.Contains(c.View().WaitingFor, seat) {
				if l2 := c.Legal(seat, r.Copy()); len(l2) > 0 {
					move = append(move, l2[pick.IntN(len(l2))])
				}
			}
		}
		next := rng.Copy()
		// A state handed out by View never changes; one in three is.
		var prev *State
		if moves%3 == 0 {
			prev = g.View()
		}
		ev, err := g.Apply(seat, move, next)
		if err != nil {
			t.Fatalf("golden game %d: move %q by %s refused: %v", i, FormatMove(move), seat, err)
		}
		if prev != nil {
			if b, err := json.Marshal(prev); err != nil || string(b) != cur {
				t.Fatalf("golden game %d: move %q by %s changed the state before it", i, FormatMove(move), seat)
			}
		}
		rng = next
		moves++
		cur = stateJSON()
		w("move %s %q %q\nstate %s\n", seat, FormatMove(move), ev, cur)
		if moves%50 == 0 {
			if err := g.Check(); err != nil {
				t.Fatalf("golden game %d: %v", i, err)
			}
			if c := g.State(); !reflect.DeepEqual(c, g.View()) {
				t.Fatalf("golden game %d: State() differs from View()", i)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), moves
}

// TestGoldenPlayouts replays the golden random games and compares a hash of
// everything the engine listed, answered and reported with
// testdata/golden/playouts.txt (rewritten with -update): the engine's
// behaviour is unchanged, byte for byte.
func TestGoldenPlayouts(t *testing.T) {
	n := goldenGames
	if testing.Short() {
		n = 60
	}
	var lines []string
	for i := 0; i < n; i++ {
		sum, moves := goldenGame(t, i)
		_, desc := goldenConfig(t, i)
		lines = append(lines, fmt.Sprintf("%d %s %d %s", i, desc, moves, sum))
	}
	if *updateGolden {
		if testing.Short() {
			t.Fatal("-update needs the full run, without -short")
		}
		if err := os.MkdirAll("testdata/golden", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) != goldenGames {
		t.Fatalf("%s has %d games, want %d", goldenPath, len(want), goldenGames)
	}
	for i, got := range lines {
		if got != want[i] {
			t.Errorf("golden game %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
}
