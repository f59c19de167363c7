package elasund

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

func TestMakerLevels(t *testing.T) {
	want := []string{bot.LevelRandom, bot.LevelHeuristic, bot.LevelStrong}
	if got := (Maker{}).Levels(); !slices.Equal(got, want) {
		t.Errorf("Levels() = %q, want %q", got, want)
	}
}

func TestNew(t *testing.T) {
	for _, level := range (Maker{}).Levels() {
		t.Run(level, func(t *testing.T) {
			p, err := Maker{}.New(level, 1)
			if err != nil || p == nil {
				t.Fatalf("New(%q, 1) = %v, %v, want a player", level, p, err)
			}
		})
	}
	for _, level := range []string{"", "Random", "expert", "heuristic ", "Strong"} {
		t.Run(fmt.Sprintf("%q", level), func(t *testing.T) {
			_, err := Maker{}.New(level, 1)
			var le *bot.LevelError
			if !errors.As(err, &le) || le.Level != level || !slices.Equal(le.Levels, (Maker{}).Levels()) {
				t.Fatalf("New(%q, 1) error = %v, want a *LevelError for %q listing %q", level, err, level, (Maker{}).Levels())
			}
		})
	}
}

// otherPosition is a position of some other game.
type otherPosition struct{ engine.Position }

func (otherPosition) Game() engine.Game { return otherGame{} }

type otherGame struct{ engine.Game }

func (otherGame) Name() string { return "seafarers" }

func TestNoAction(t *testing.T) {
	pos := newPosition(t, setupOf(3, game.EditionEN, nil))
	for _, level := range (Maker{}).Levels() {
		p, _ := Maker{}.New(level, 1)
		// Red starts; blue has nothing to do.
		_, err := p.Choose(pos, "blue", newSource(1))
		var ne *bot.NoActionError
		if !errors.As(err, &ne) || ne.Seat != "blue" || ne.Phase != game.PhaseRoll.String() {
			t.Errorf("%s: Choose(blue) error = %v, want a *NoActionError for blue in phase roll", level, err)
		}
		// Yellow has no seat in a 3-player game, purple none at all.
		for _, seat := range []string{"yellow", "purple", ""} {
			_, err := p.Choose(pos, seat, newSource(1))
			if !errors.As(err, &ne) || ne.Seat != seat || ne.Phase != game.PhaseRoll.String() {
				t.Errorf("%s: Choose(%q) error = %v, want a *NoActionError for %q in phase roll", level, seat, err, seat)
			}
		}
		// A position of another game, or none.
		for _, other := range []engine.Position{otherPosition{}, nil} {
			if a, err := p.Choose(other, "red", newSource(1)); !errors.Is(err, bot.ErrOtherGame) || a != nil {
				t.Errorf("%s: Choose(%T) = %v, %v, want bot.ErrOtherGame", level, other, a, err)
			}
		}
		// Without a source (Legal takes none).
		a, err := p.Choose(pos, "red", nil)
		if err != nil {
			t.Errorf("%s: Choose(red) without a source: %v", level, err)
		} else if _, err := pos.Clone().Apply("red", []engine.Action{a}, newSource(1)); err != nil {
			t.Errorf("%s: Choose(red) without a source = %q: %v", level, a, err)
		}
	}
}

// TestChooseIsLegal walks random games under several seat counts, editions
// and rule options and asks both players for every seat the game waits for
// at every position: each action must apply.
func TestChooseIsLegal(t *testing.T) {
	setups := []struct {
		seats int
		e     game.Edition
		opts  map[string]string
	}{
		{2, game.EditionEN, nil},
		{3, game.EditionFR, nil},
		{4, game.EditionEN, nil},
		{4, game.EditionRU, nil}, // chosen pirate reward, nearest-row fallback
		{3, game.EditionEN, map[string]string{
			"walls_cheap_first": "true", "pirate_cube_rule": "building_touches_row",
			"hut_on_own_permit": "true", "same_size_cap": "unlimited", "two_row_step": "numeric",
		}},
		{4, game.EditionFR, map[string]string{
			"win_check": "end_of_turn", "hut_trigger": "bigger_building_only",
			"trade_cap_11": "false", "card_counts": "20/12",
		}},
	}
	positions := 0
	for i, s := range setups {
		opts := map[string]string{"turn_limit": "40"}
		for k, v := range s.opts {
			opts[k] = v
		}
		setup := setupOf(s.seats, s.e, opts)
		for game := range 3 {
			seed := uint64(100*i + game)
			positions += checkGame(t, setup, seed)
		}
	}
	t.Logf("checked %d positions", positions)
	if positions < 2000 {
		t.Errorf("checked %d positions, want at least 2000", positions)
	}
}

// checkGame plays one game: the seats alternate between random and
// heuristic play so positions of every kind arise, and at each step both
// kinds of player are asked for every waiting seat. It returns the number
// of positions checked.
func checkGame(t *testing.T, setup engine.Setup, seed uint64) int {
	t.Helper()
	rng := newSource(seed)
	pos := newPosition(t, setup)
	rnd := newRandom(seed)
	heu := newHeuristic(seed, defaultWeights)
	n := 0
	for step := 0; !pos.Over(); step++ {
		if step > 100000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		st := game.Of(pos).View()
		var next engine.Action
		for i, seat := range pos.Awaited() {
			for _, p := range []bot.Player{rnd, heu} {
				a, err := p.Choose(pos, seat, rng.Clone())
				if err != nil {
					t.Fatalf("seed %d turn %d: %T.Choose(%s) in phase %s: %v", seed, st.Turn, p, seat, st.Phase, err)
				}
				if _, err := pos.Clone().Apply(seat, []engine.Action{a}, rng.Clone()); err != nil {
					t.Fatalf("seed %d turn %d: %T chose %q for %s in phase %s: %v", seed, st.Turn, p, a, seat, st.Phase, err)
				}
				if i == 0 && (p == bot.Player(rnd)) == (st.Turn%3 == 0) {
					next = a
				}
			}
			n++
		}
		seat := pos.Awaited()[0]
		r2 := rng.copy()
		if _, err := pos.Apply(seat, []engine.Action{next}, r2); err != nil {
			t.Fatalf("seed %d: %q: %v", seed, next, err)
		}
		rng = r2
		if err := pos.Check(); err != nil {
			t.Fatalf("seed %d: after %q: %v", seed, next, err)
		}
	}
	return n
}

// transcript plays a game between heuristic players and lists its moves.
func transcript(t *testing.T, seed uint64) []string {
	t.Helper()
	pos := newPosition(t, setupOf(3, game.EditionEN, map[string]string{"turn_limit": "30"}))
	players := []bot.Player{newHeuristic(seed, defaultWeights), newHeuristic(seed+1, defaultWeights), newRandom(seed)}
	rng := newSource(seed)
	var out []string
	for !pos.Over() {
		seat := game.Of(pos).View().WaitingFor[0]
		a, err := players[int(seat)-1].Choose(pos, seat.String(), rng.Clone())
		if err != nil {
			t.Fatal(err)
		}
		r2 := rng.copy()
		if _, err := pos.Apply(seat.String(), []engine.Action{a}, r2); err != nil {
			t.Fatal(err)
		}
		rng = r2
		out = append(out, seat.String()+": "+a.String())
	}
	return out
}

func TestDeterministic(t *testing.T) {
	a, b := transcript(t, 7), transcript(t, 7)
	if len(a) != len(b) {
		t.Fatalf("two games from seed 7 have %d and %d actions", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("two games from seed 7 differ at action %d: %q, %q", i, a[i], b[i])
		}
	}
}

// TestHeuristicDecisions pins choices the strategy must make in built
// positions.
func TestHeuristicDecisions(t *testing.T) {
	tests := []struct {
		name  string
		setup func(st *game.State)
		want  []string // any of these, or any of these followed by more words
	}{
		{
			// A permit 0 on the harbour square A5 and 3 gold: the
			// Workshop there earns gold in rows 5-6 and 2 trade points.
			name: "workshop on own permit in the harbour",
			setup: func(st *game.State) {
				st.Phase = game.PhaseBuild
				take(st, game.Red, 0)
				st.Permits = append(st.Permits, game.Permit{Owner: game.Red, Value: 0, At: sq("A5")})
			},
			want: []string{"build workshop A5"},
		},
		{
			// Seven cubes placed (on wells and stalls), 7 gold and no permit
			// on the board: a church tile, a cube for 7 gold.
			name: "church with 7 gold late in the game",
			setup: func(st *game.State) {
				st.Phase = game.PhaseBuild
				for _, at := range []string{"F3", "G3", "H3", "I3"} {
					st.Buildings = append(st.Buildings, game.Building{Kind: game.Well, Owner: game.Red, At: sq(at)})
				}
				for _, at := range []string{"F11", "H11", "F10"} {
					st.Buildings = append(st.Buildings, game.Building{Kind: game.Stall, Owner: game.Red, At: sq(at)})
				}
				st.Supply.Neutral.Well -= 4
				st.Supply.Neutral.Stall -= 3
				st.Players[game.Red].Cubes -= 7
				st.Players[game.Red].Gold = 7
				st.Supply.Gold -= 4
			},
			want: []string{"church"},
		},
		{
			// Two permits of red's on a 2×2 at A2 and 3 gold: a shop on the
			// harbour beats everything else.
			name: "shop over two permits",
			setup: func(st *game.State) {
				st.Phase = game.PhaseBuild
				take(st, game.Red, 0)
				take(st, game.Red, 1)
				st.Permits = append(st.Permits,
					game.Permit{Owner: game.Red, Value: 0, At: sq("A2")},
					game.Permit{Owner: game.Red, Value: 1, At: sq("B3")})
			},
			want: []string{"build shop A2"},
		},
		{
			// Two wall tiles built, 4 gold: tile 3 is a tower, and it goes
			// on a cheap north or south slot, never the dear east wall
			// (R74) where pirates reach it (R41).
			name: "tower on a cheap wall",
			setup: func(st *game.State) {
				st.Phase = game.PhaseBuild
				st.Players[game.Red].Gold = 4
				st.Supply.Gold--
				st.Players[game.Red].Walls = 2
				st.Walls = append(st.Walls,
					game.Wall{Owner: game.Red, Tile: 1, At: game.WallSpace{Side: game.North, Index: 7}},
					game.Wall{Owner: game.Red, Tile: 2, At: game.WallSpace{Side: game.North, Index: 6}})
			},
			want: []string{"wall N:F", "wall S:H"},
		},
		{
			// A pirate discard of 2 from 2 gold and 2 blue, with a Workshop
			// (cost 2) ready to build: keep the gold.
			name: "discard what is not needed",
			setup: func(st *game.State) {
				st.Phase = game.PhaseDecide
				st.WaitingFor = []game.Colour{game.Red}
				st.Pending = []game.Pending{{Seat: game.Red, Kind: game.PendingDiscard, Count: 2, Cards: "any"}}
				st.Pool = &game.Hand{}
				p := st.Players[game.Red]
				st.Supply.Gold += p.Gold - 2
				p.Gold = 2
				moveInfluence(st, p, game.Influence{Blue: 2})
				take(st, game.Red, 0)
				st.Permits = append(st.Permits, game.Permit{Owner: game.Red, Value: 0, At: sq("A5")})
			},
			want: []string{"discard blue blue"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := position(t, tt.setup)
			h := newHeuristic(1, defaultWeights)
			a, err := h.Choose(pos, "red", newSource(1))
			if err != nil {
				t.Fatal(err)
			}
			got := a.String()
			if !slices.ContainsFunc(tt.want, func(w string) bool { return got == w || strings.HasPrefix(got, w+" ") }) {
				t.Errorf("Choose = %q, want one of %q", got, tt.want)
			}
		})
	}
}

// moveInfluence gives p exactly the influence in, trading cards with the
// deck.
func moveInfluence(st *game.State, p *game.Player, in game.Influence) {
	d := &st.Supply.InfluenceDeck
	d.Blue += p.Influence.Blue - in.Blue
	d.Green += p.Influence.Green - in.Green
	d.Yellow += p.Influence.Yellow - in.Yellow
	p.Influence = in
}

func TestRebuildOnBusyRow(t *testing.T) {
	// Red's hut was built over; it goes back on a square of row 6 or 8,
	// the rows the dice name most often apart from 7 (R26, R29).
	pos := position(t, func(st *game.State) {
		st.Phase = game.PhaseDecide
		at := sq("D4")
		for i, b := range st.Buildings {
			if b.Kind == game.Hut && b.Owner == game.Red {
				st.Buildings = append(st.Buildings[:i:i], st.Buildings[i+1:]...)
				break
			}
		}
		st.WaitingFor = []game.Colour{game.Red}
		st.Pending = []game.Pending{{Seat: game.Red, Kind: game.PendingRebuild, Building: game.Hut, At: &at}}
	})
	ea, err := newHeuristic(1, defaultWeights).Choose(pos, "red", newSource(1))
	if err != nil {
		t.Fatal(err)
	}
	a := typed(t, ea)
	if a.Kind != game.ActRebuild || a.None || (game.Rows[a.At.Row] != 6 && game.Rows[a.At.Row] != 8) {
		t.Errorf("Choose = %q, want a rebuild in row 6 or 8", a)
	}
}

func TestPirateHitsLeader(t *testing.T) {
	// Blue leads with three wells whose flags lie in row 4 and holds 6
	// cards; red has a well in row 10. Red's permits are all on the board,
	// so no pirate row gives a better phase 3 than another. The pirate goes
	// to row 4 (R41, R42).
	pos := position(t, func(st *game.State) {
		st.Phase = game.PhaseShip
		st.Dice = &[2]int{3, 4}
		for _, at := range []string{"E4", "F4", "G4"} {
			st.Buildings = append(st.Buildings, game.Building{Kind: game.Well, Owner: game.Blue, At: sq(at)})
		}
		st.Buildings = append(st.Buildings, game.Building{Kind: game.Well, Owner: game.Red, At: sq("F10")})
		st.Supply.Neutral.Well -= 4
		st.Players[game.Blue].Cubes -= 3
		st.Players[game.Red].Cubes--
		st.Players[game.Blue].Gold += 3
		st.Supply.Gold -= 3
		for v, at := range []string{"I8", "I9", "I10", "I11", "I12"} {
			take(st, game.Red, v)
			st.Permits = append(st.Permits, game.Permit{Owner: game.Red, Value: v, At: sq(at)})
		}
	})
	h := newHeuristic(1, defaultWeights)
	g := game.Of(pos)
	cfg := g.Config()
	m := newModel(&cfg, g.View(), game.Red)
	d := &decision{h: h, g: g, cfg: cfg, seat: game.Red, m0: m, e: newEvaluator(&h.w, m)}
	best, bestRow := -1e9, -1
	for r := range game.NumRows {
		if v := d.raid(r); v > best {
			best, bestRow = v, r
		}
	}
	if game.Rows[bestRow] != 4 {
		t.Errorf("the raid scores best in row %d, want 4", game.Rows[bestRow])
	}
	if d.raid(7) >= 0 { // row index 7 is row 10, red's own well
		t.Errorf("raid on row 10 scores %v, want a loss for red", d.raid(7))
	}
	ea, err := h.Choose(pos, "red", newSource(1))
	if err != nil {
		t.Fatal(err)
	}
	a := typed(t, ea)
	if a.Kind != game.ActPirate || game.Rows[a.Row] != 4 {
		t.Errorf("Choose = %q, want pirate 4", a)
	}
}

// position loads a 4-player game at its start, red to move, after setup
// changes it.
func position(t *testing.T, setup func(st *game.State)) engine.Position {
	t.Helper()
	s := setupOf(4, game.EditionEN, nil)
	g, err := game.New(config(t, s), game.NewSeededRand(1))
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	row := 5
	st.Ship.Row = &row
	st.Dice = &[2]int{2, 3}
	setup(st)
	pos, err := game.Rules{}.Load(s, st)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// take removes permit v from c's supply, for placing it on the board.
func take(st *game.State, c game.Colour, v int) {
	p := st.Players[c]
	for i, x := range p.Permits {
		if x == v {
			p.Permits = append(p.Permits[:i:i], p.Permits[i+1:]...)
			return
		}
	}
}

func sq(s string) game.Square {
	q, err := game.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
}
