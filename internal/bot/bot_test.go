package bot

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

func TestNew(t *testing.T) {
	for _, level := range Levels() {
		t.Run(level, func(t *testing.T) {
			p, err := New(level, 1)
			if err != nil || p == nil {
				t.Fatalf("New(%q, 1) = %v, %v, want a player", level, p, err)
			}
		})
	}
	for _, level := range []string{"", "Random", "expert", "heuristic "} {
		t.Run(fmt.Sprintf("%q", level), func(t *testing.T) {
			_, err := New(level, 1)
			var le *LevelError
			if !errors.As(err, &le) || le.Level != level {
				t.Fatalf("New(%q, 1) error = %v, want a *LevelError for %q", level, err, level)
			}
		})
	}
}

// config returns a game config or fails the test.
func config(tb testing.TB, seats int, e engine.Edition, opts map[string]string) engine.Config {
	tb.Helper()
	cfg, err := engine.NewConfig(engine.AllColours[:seats], e, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

func TestNoAction(t *testing.T) {
	cfg := config(t, 3, engine.EditionEN, nil)
	g, err := engine.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range Levels() {
		p, _ := New(level, 1)
		// Red starts; blue has nothing to do.
		_, err := p.Choose(g, engine.Blue, engine.NewSeededRand(1))
		var ne *NoActionError
		if !errors.As(err, &ne) || ne.Seat != engine.Blue || ne.Phase != engine.PhaseRoll {
			t.Errorf("%s: Choose(blue) error = %v, want a *NoActionError for blue in phase roll", level, err)
		}
	}
}

// TestChooseIsLegal walks random games under several seat counts, editions
// and rule options and asks both players for every seat the game waits for
// at every position: each action must apply.
func TestChooseIsLegal(t *testing.T) {
	setups := []struct {
		seats int
		e     engine.Edition
		opts  map[string]string
	}{
		{2, engine.EditionEN, nil},
		{3, engine.EditionFR, nil},
		{4, engine.EditionEN, nil},
		{4, engine.EditionRU, nil}, // chosen pirate reward, nearest-row fallback
		{3, engine.EditionEN, map[string]string{
			"walls_cheap_first": "true", "pirate_cube_rule": "building_touches_row",
			"hut_on_own_permit": "true", "same_size_cap": "unlimited", "two_row_step": "numeric",
		}},
		{4, engine.EditionFR, map[string]string{
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
		cfg := config(t, s.seats, s.e, opts)
		for game := range 3 {
			seed := uint64(100*i + game)
			positions += checkGame(t, cfg, seed)
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
func checkGame(t *testing.T, cfg engine.Config, seed uint64) int {
	t.Helper()
	rng := engine.NewSeededRand(seed)
	g, err := engine.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	rnd := newRandom(seed)
	heu := newHeuristic(seed, defaultWeights)
	n := 0
	for step := 0; !g.Over(); step++ {
		if step > 100000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		st := g.View()
		var next engine.Action
		for i, seat := range st.WaitingFor {
			for _, p := range []Player{rnd, heu} {
				a, err := p.Choose(g, seat, rng.Copy())
				if err != nil {
					t.Fatalf("seed %d turn %d: %T.Choose(%s) in phase %s: %v", seed, st.Turn, p, seat, st.Phase, err)
				}
				if _, err := g.Clone().Apply(seat, []engine.Action{a}, rng.Copy()); err != nil {
					t.Fatalf("seed %d turn %d: %T chose %q for %s in phase %s: %v", seed, st.Turn, p, a, seat, st.Phase, err)
				}
				if i == 0 && (p == rnd) == (st.Turn%3 == 0) {
					next = a
				}
			}
			n++
		}
		seat := st.WaitingFor[0]
		r2 := rng.Copy()
		if _, err := g.Apply(seat, []engine.Action{next}, r2); err != nil {
			t.Fatalf("seed %d: %q: %v", seed, next, err)
		}
		rng = r2
		if err := g.Check(); err != nil {
			t.Fatalf("seed %d: after %q: %v", seed, next, err)
		}
	}
	return n
}

// transcript plays a game between heuristic players and lists its moves.
func transcript(t *testing.T, seed uint64) []string {
	t.Helper()
	cfg := config(t, 3, engine.EditionEN, map[string]string{"turn_limit": "30"})
	players := []Player{newHeuristic(seed, defaultWeights), newHeuristic(seed+1, defaultWeights), newRandom(seed)}
	rng := engine.NewSeededRand(seed)
	g, err := engine.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for !g.Over() {
		seat := g.View().WaitingFor[0]
		a, err := players[int(seat)-1].Choose(g, seat, rng.Copy())
		if err != nil {
			t.Fatal(err)
		}
		r2 := rng.Copy()
		if _, err := g.Apply(seat, []engine.Action{a}, r2); err != nil {
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
		setup func(st *engine.State)
		want  []string // any of these, or any of these followed by more words
	}{
		{
			// A permit 0 on the harbour square A5 and 3 gold: the
			// Workshop there earns gold in rows 5-6 and 2 trade points.
			name: "workshop on own permit in the harbour",
			setup: func(st *engine.State) {
				st.Phase = engine.PhaseBuild
				take(st, engine.Red, 0)
				st.Permits = append(st.Permits, engine.Permit{Owner: engine.Red, Value: 0, At: sq("A5")})
			},
			want: []string{"build workshop A5"},
		},
		{
			// Seven cubes placed (on wells and stalls), 7 gold and no permit
			// on the board: a church tile, a cube for 7 gold.
			name: "church with 7 gold late in the game",
			setup: func(st *engine.State) {
				st.Phase = engine.PhaseBuild
				for _, at := range []string{"F3", "G3", "H3", "I3"} {
					st.Buildings = append(st.Buildings, engine.Building{Kind: engine.Well, Owner: engine.Red, At: sq(at)})
				}
				for _, at := range []string{"F11", "H11", "F10"} {
					st.Buildings = append(st.Buildings, engine.Building{Kind: engine.Stall, Owner: engine.Red, At: sq(at)})
				}
				st.Supply.Neutral.Well -= 4
				st.Supply.Neutral.Stall -= 3
				st.Players[engine.Red].Cubes -= 7
				st.Players[engine.Red].Gold = 7
				st.Supply.Gold -= 4
			},
			want: []string{"church"},
		},
		{
			// Two permits of red's on a 2×2 at A2 and 3 gold: a shop on the
			// harbour beats everything else.
			name: "shop over two permits",
			setup: func(st *engine.State) {
				st.Phase = engine.PhaseBuild
				take(st, engine.Red, 0)
				take(st, engine.Red, 1)
				st.Permits = append(st.Permits,
					engine.Permit{Owner: engine.Red, Value: 0, At: sq("A2")},
					engine.Permit{Owner: engine.Red, Value: 1, At: sq("B3")})
			},
			want: []string{"build shop A2"},
		},
		{
			// Two wall tiles built, 4 gold: tile 3 is a tower, and it goes
			// on a cheap north or south slot, never the dear east wall
			// (R74) where pirates reach it (R41).
			name: "tower on a cheap wall",
			setup: func(st *engine.State) {
				st.Phase = engine.PhaseBuild
				st.Players[engine.Red].Gold = 4
				st.Supply.Gold--
				st.Players[engine.Red].Walls = 2
				st.Walls = append(st.Walls,
					engine.Wall{Owner: engine.Red, Tile: 1, At: engine.WallSpace{Side: engine.North, Index: 7}},
					engine.Wall{Owner: engine.Red, Tile: 2, At: engine.WallSpace{Side: engine.North, Index: 6}})
			},
			want: []string{"wall N:F", "wall S:H"},
		},
		{
			// A pirate discard of 2 from 2 gold and 2 blue, with a Workshop
			// (cost 2) ready to build: keep the gold.
			name: "discard what is not needed",
			setup: func(st *engine.State) {
				st.Phase = engine.PhaseDecide
				st.WaitingFor = []engine.Colour{engine.Red}
				st.Pending = []engine.Pending{{Seat: engine.Red, Kind: engine.PendingDiscard, Count: 2, Cards: "any"}}
				st.Pool = &engine.Hand{}
				p := st.Players[engine.Red]
				st.Supply.Gold += p.Gold - 2
				p.Gold = 2
				moveInfluence(st, p, engine.Influence{Blue: 2})
				take(st, engine.Red, 0)
				st.Permits = append(st.Permits, engine.Permit{Owner: engine.Red, Value: 0, At: sq("A5")})
			},
			want: []string{"discard blue blue"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := position(t, tt.setup)
			h := newHeuristic(1, defaultWeights)
			a, err := h.Choose(g, engine.Red, engine.NewSeededRand(1))
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
func moveInfluence(st *engine.State, p *engine.Player, in engine.Influence) {
	d := &st.Supply.InfluenceDeck
	d.Blue += p.Influence.Blue - in.Blue
	d.Green += p.Influence.Green - in.Green
	d.Yellow += p.Influence.Yellow - in.Yellow
	p.Influence = in
}

func TestRebuildOnBusyRow(t *testing.T) {
	// Red's hut was built over; it goes back on a square of row 6 or 8,
	// the rows the dice name most often apart from 7 (R26, R29).
	g := position(t, func(st *engine.State) {
		st.Phase = engine.PhaseDecide
		at := sq("D4")
		for i, b := range st.Buildings {
			if b.Kind == engine.Hut && b.Owner == engine.Red {
				st.Buildings = append(st.Buildings[:i:i], st.Buildings[i+1:]...)
				break
			}
		}
		st.WaitingFor = []engine.Colour{engine.Red}
		st.Pending = []engine.Pending{{Seat: engine.Red, Kind: engine.PendingRebuild, Building: engine.Hut, At: &at}}
	})
	a, err := newHeuristic(1, defaultWeights).Choose(g, engine.Red, engine.NewSeededRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != engine.ActRebuild || a.None || (engine.Rows[a.At.Row] != 6 && engine.Rows[a.At.Row] != 8) {
		t.Errorf("Choose = %q, want a rebuild in row 6 or 8", a)
	}
}

func TestPirateHitsLeader(t *testing.T) {
	// Blue leads with three wells whose flags lie in row 4 and holds 6
	// cards; red has a well in row 10. Red's permits are all on the board,
	// so no pirate row gives a better phase 3 than another. The pirate goes
	// to row 4 (R41, R42).
	g := position(t, func(st *engine.State) {
		st.Phase = engine.PhaseShip
		st.Dice = &[2]int{3, 4}
		for _, at := range []string{"E4", "F4", "G4"} {
			st.Buildings = append(st.Buildings, engine.Building{Kind: engine.Well, Owner: engine.Blue, At: sq(at)})
		}
		st.Buildings = append(st.Buildings, engine.Building{Kind: engine.Well, Owner: engine.Red, At: sq("F10")})
		st.Supply.Neutral.Well -= 4
		st.Players[engine.Blue].Cubes -= 3
		st.Players[engine.Red].Cubes--
		st.Players[engine.Blue].Gold += 3
		st.Supply.Gold -= 3
		for v, at := range []string{"I8", "I9", "I10", "I11", "I12"} {
			take(st, engine.Red, v)
			st.Permits = append(st.Permits, engine.Permit{Owner: engine.Red, Value: v, At: sq(at)})
		}
	})
	h := newHeuristic(1, defaultWeights)
	cfg := g.Config()
	m := newModel(&cfg, g.View(), engine.Red)
	d := &decision{h: h, g: g, cfg: cfg, seat: engine.Red, m0: m, e: newEvaluator(&h.w, m)}
	best, bestRow := -1e9, -1
	for r := range engine.NumRows {
		if v := d.raid(r); v > best {
			best, bestRow = v, r
		}
	}
	if engine.Rows[bestRow] != 4 {
		t.Errorf("the raid scores best in row %d, want 4", engine.Rows[bestRow])
	}
	if d.raid(7) >= 0 { // row index 7 is row 10, red's own well
		t.Errorf("raid on row 10 scores %v, want a loss for red", d.raid(7))
	}
	a, err := h.Choose(g, engine.Red, engine.NewSeededRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != engine.ActPirate || engine.Rows[a.Row] != 4 {
		t.Errorf("Choose = %q, want pirate 4", a)
	}
}

// position loads a 4-player game at its start, red to move, after setup
// changes it.
func position(t *testing.T, setup func(st *engine.State)) *engine.Game {
	t.Helper()
	cfg := config(t, 4, engine.EditionEN, nil)
	g, err := engine.New(cfg, engine.NewSeededRand(1))
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	row := 5
	st.Ship.Row = &row
	st.Dice = &[2]int{2, 3}
	setup(st)
	g, err = engine.Load(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// take removes permit v from c's supply, for placing it on the board.
func take(st *engine.State, c engine.Colour, v int) {
	p := st.Players[c]
	for i, x := range p.Permits {
		if x == v {
			p.Permits = append(p.Permits[:i:i], p.Permits[i+1:]...)
			return
		}
	}
}

func sq(s string) engine.Square {
	q, err := engine.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
}
