package elasund

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenGame is a kind of game whose play is pinned in testdata: seat i of
// each game is a player of levels[i] made by Maker.New with seed*8+i (as
// the demo command seeds its bots), and the turn's random source is
// game.NewSeededRand(seed).
type goldenGame struct {
	name    string
	seats   int
	edition game.Edition
	opts    map[string]string
	levels  []string
	seeds   []uint64
}

const (
	levR = bot.LevelRandom
	levH = bot.LevelHeuristic
)

var goldenGames = []goldenGame{
	{"4p-en-h-r-r-r", 4, game.EditionEN, map[string]string{"turn_limit": "60"}, []string{levH, levR, levR, levR}, []uint64{1, 2, 3}},
	{"4p-en-r-r-h-r", 4, game.EditionEN, map[string]string{"turn_limit": "60"}, []string{levR, levR, levH, levR}, []uint64{4, 5}},
	{"3p-en-h-h-r", 3, game.EditionEN, map[string]string{"turn_limit": "30"}, []string{levH, levH, levR}, []uint64{7, 8}},
	{"4p-en-heuristic", 4, game.EditionEN, nil, []string{levH, levH, levH, levH}, []uint64{1, 2, 3}},
	{"2p-en-heuristic", 2, game.EditionEN, nil, []string{levH, levH}, []uint64{2, 9}},
	{"2p-en-random", 2, game.EditionEN, map[string]string{"turn_limit": "60"}, []string{levR, levR}, []uint64{1, 2}},
	{"4p-ru-heuristic", 4, game.EditionRU, map[string]string{"turn_limit": "40"}, []string{levH, levH, levH, levH}, []uint64{1, 2}},
	{"3p-fr-h-r-h", 3, game.EditionFR, map[string]string{"turn_limit": "40"}, []string{levH, levR, levH}, []uint64{3}},
	{"3p-en-options", 3, game.EditionEN, map[string]string{"turn_limit": "40",
		"walls_cheap_first": "true", "pirate_cube_rule": "building_touches_row",
		"hut_on_own_permit": "true", "same_size_cap": "unlimited", "two_row_step": "numeric"}, []string{levH, levH, levR}, []uint64{4, 5}},
	{"4p-fr-options", 4, game.EditionFR, map[string]string{"turn_limit": "40",
		"win_check": "end_of_turn", "hut_trigger": "bigger_building_only",
		"trade_cap_11": "false", "card_counts": "20/12"}, []string{levH, levR, levH, levH}, []uint64{6}},
}

// playGolden plays one game through bot.Player and returns its actions
// ("turn seat: action") and the final state's JSON.
func playGolden(t *testing.T, gg goldenGame, seed uint64) (lines []string, state []byte) {
	t.Helper()
	pos := newPosition(t, setupOf(gg.seats, gg.edition, gg.opts))
	players := map[string]bot.Player{}
	for i, c := range pos.Setup().Seats {
		p, err := Maker{}.New(gg.levels[i], seed*8+uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		players[c] = p
	}
	rng := newSource(seed)
	for !pos.Over() {
		seat, turn := pos.Awaited()[0], pos.Turn()
		a, err := players[seat].Choose(pos, seat, rng.Clone())
		if err != nil {
			t.Fatal(err)
		}
		r2 := rng.copy()
		if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
			t.Fatal(err)
		}
		rng = r2
		lines = append(lines, fmt.Sprintf("%d %s: %s", turn, seat, a))
	}
	state, err := json.Marshal(pos.State())
	if err != nil {
		t.Fatal(err)
	}
	return lines, state
}

// TestGolden pins the players' play: every action of the golden games
// (as hashes in testdata/games.golden, and one game in full in
// testdata/transcript.golden) and their final states. The files were
// written by the players before they moved behind bot.Player; a change
// here is a change of strategy and must be explained by its commit.
// Regenerate with -update and review the diff.
func TestGolden(t *testing.T) {
	var sum strings.Builder
	var full []string
	for _, gg := range goldenGames {
		for _, seed := range gg.seeds {
			lines, state := playGolden(t, gg, seed)
			var st game.State
			if err := json.Unmarshal(state, &st); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sum, "%s seed=%d actions=%d moves=%x state=%x winner=%s turn=%d\n", gg.name, seed, len(lines),
				sha256.Sum256([]byte(strings.Join(lines, "\n")+"\n")), sha256.Sum256(state), st.Winner, st.Turn)
			if gg.name == "3p-en-h-h-r" && seed == 7 {
				full = lines
			}
		}
	}
	compareGolden(t, "games.golden", sum.String())
	compareGolden(t, "transcript.golden", strings.Join(full, "\n")+"\n")
}

// compareGolden compares got with testdata/name line by line, or writes it
// there under -update.
func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(string(b), "\n")
	lines := strings.Split(got, "\n")
	for i := range max(len(lines), len(want)) {
		var g, w string
		if i < len(lines) {
			g = lines[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("%s line %d:\n got %q\nwant %q", path, i+1, g, w)
		}
	}
}
