package elasund_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/canonjson"
	"github.com/elasund/elasund/turnfile"
)

// encoder is the state encoder the tests share, as a replay shares one
// across its states (with the texts it remembers).
var encoder canonjson.Encoder

// checkCanonical compares the canonical JSON the shared encoder writes
// for a state with encoding/json's text in canonical form, which defines
// it (turn-file §3.1): the same bytes, or both refusing the state.
func checkCanonical(t *testing.T, what string, st *elasund.State) (refused bool) {
	t.Helper()
	var want []byte
	raw, werr := json.Marshal(st)
	if werr == nil {
		want, werr = turnfile.CanonicalJSON(raw)
	}
	prefix := []byte("prefix")
	got, gerr := encoder.Append(prefix, st)
	switch {
	case werr != nil || gerr != nil:
		if werr == nil || gerr == nil {
			t.Fatalf("%s: the encoder's error %v, encoding/json's %v", what, gerr, werr)
		}
		return true
	case !bytes.HasPrefix(got, prefix) || !bytes.Equal(got[len(prefix):], want):
		t.Fatalf("%s: the encoder wrote\n%s\nencoding/json in canonical form is\n%s", what, got, want)
	}
	return false
}

// selfPlay plays a game with random legal actions and calls visit with
// the state after every action.
func selfPlay(t *testing.T, cfg elasund.Config, seed uint64, visit func(st *elasund.State)) {
	t.Helper()
	rng := elasund.NewSeededRand(seed)
	pick := rand.New(rand.NewPCG(seed, 11))
	g, err := elasund.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	visit(g.State())
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d: no end after %d actions", seed, steps)
		}
		waiting := g.View().WaitingFor
		seat := waiting[pick.IntN(len(waiting))]
		legal := g.Legal(seat, rng.Copy())
		a := legal[pick.IntN(len(legal))]
		if _, err := g.Apply(seat, []elasund.Action{a}, rng); err != nil {
			t.Fatalf("seed %d: %s %s: %v", seed, seat, a, err)
		}
		visit(g.State())
	}
}

// TestCanonicalSelfPlay compares the state encoder with encoding/json
// on every state of self-played games: two to four
// seats, each edition, and options that reach the rare fields (pool,
// cubes, no_cube, take decisions).
func TestCanonicalSelfPlay(t *testing.T) {
	seats := [][]elasund.Colour{
		{elasund.Red, elasund.Blue},
		{elasund.Green, elasund.Red, elasund.Yellow},
		{elasund.Yellow, elasund.Blue, elasund.Red, elasund.Green},
	}
	overrides := []map[string]string{
		nil,
		{"win_check": "end_of_turn", "pirate_reward": "choose_from_others_discards"},
		{"shortage_mode": "redistribute", "card_counts": "20/12", "turn_limit": "30"},
		{"same_size_cap": "unlimited", "hut_trigger": "bigger_building_only", "walls_cheap_first": "true"},
	}
	games := 24
	if testing.Short() {
		games = 8
	}
	states := 0
	for i := range games {
		cfg, err := elasund.NewConfig(seats[i%len(seats)], elasund.Edition(1+i%3), overrides[i%len(overrides)])
		if err != nil {
			t.Fatal(err)
		}
		selfPlay(t, cfg, uint64(100+i), func(st *elasund.State) {
			states++
			checkCanonical(t, "self-play state", st)
		})
	}
	if min := 1000; states < min {
		t.Fatalf("compared %d states, want at least %d", states, min)
	}
	t.Logf("%d states compared", states)
}

// TestCanonicalStrange compares the encoders on states no game
// reaches: nil lists and maps, odd strings, negative and large numbers,
// values that are no colour, card, building, tile, square or wall space
// (both must refuse them with the same error), and random damage to
// self-played states.
func TestCanonicalStrange(t *testing.T) {
	cfg, err := elasund.NewConfig([]elasund.Colour{elasund.Red, elasund.Blue, elasund.Green}, elasund.EditionEN, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sample []*elasund.State
	selfPlay(t, cfg, 7, func(st *elasund.State) {
		if len(sample) < 400 {
			sample = append(sample, st)
		}
	})
	base := func() *elasund.State { return sample[len(sample)/2].Clone() }
	three, minus := 3, -7
	tile := elasund.TileSE
	winner := elasund.Yellow
	at := elasund.Square{Col: 2, Row: 4}
	cases := map[string]func(s *elasund.State){
		"bad nil":     func(s *elasund.State) { *s = elasund.State{} },
		"nil players": func(s *elasund.State) { s.Players = nil },
		"nil player":  func(s *elasund.State) { s.Players[elasund.Red] = nil },
		"no players":  func(s *elasund.State) { s.Players = map[elasund.Colour]*elasund.Player{} },
		"nil lists": func(s *elasund.State) {
			s.Buildings, s.Permits, s.Church, s.Walls, s.Pending, s.WaitingFor = nil, nil, nil, nil, nil, nil
		},
		"nil flags": func(s *elasund.State) { s.TradeFlags = elasund.TradeFlags{} },
		"nil stack": func(s *elasund.State) { s.Supply.ChurchStack = nil },
		"player nils": func(s *elasund.State) {
			p := s.Players[elasund.Blue]
			p.Permits, p.Buildings, p.Orders.Discard = nil, nil, nil
		},
		"negative": func(s *elasund.State) { s.Turn, s.BuildsDone, s.Supply.Gold = -1, -99999999999, -0 },
		"large":    func(s *elasund.State) { s.Turn = 1<<62 + 5; s.Players[elasund.Red].Gold = -1 << 63 },
		"pool":     func(s *elasund.State) { s.Pool = &elasund.Hand{Gold: 2, Influence: elasund.Influence{Green: 1}} },
		"cubes": func(s *elasund.State) {
			s.Buildings = append(s.Buildings, elasund.Building{Kind: elasund.Hall, Owner: elasund.Red, At: at, Cubes: &three})
		},
		"negative cubes": func(s *elasund.State) {
			s.Buildings = append(s.Buildings, elasund.Building{Kind: elasund.Well, Owner: elasund.Red, At: at, Cubes: &minus})
		},
		"no cube": func(s *elasund.State) {
			s.Church = append(s.Church, elasund.ChurchTile{Tile: tile, Owner: elasund.Blue, At: at, NoCube: true})
		},
		"tower no cube": func(s *elasund.State) {
			s.Walls = append(s.Walls, elasund.Wall{Owner: elasund.Green, Tile: 3, At: elasund.WallSpace{Side: elasund.East, Index: 2}, NoCube: true})
		},
		"winner":   func(s *elasund.State) { s.Winner = &winner },
		"bottom":   func(s *elasund.State) { s.Supply.ChurchBottom = &tile },
		"ship row": func(s *elasund.State) { s.Ship.Row = &minus; s.Ship.Pirate = true },
		"dice":     func(s *elasund.State) { s.Dice = &[2]int{0, -3} },
		"pending full": func(s *elasund.State) {
			s.Pending = []elasund.Pending{{Seat: elasund.Red, Kind: "rebuild", Count: 2, Cards: "any", Building: elasund.Cottage, At: &at}}
		},
		"bad pending none": func(s *elasund.State) { s.Pending = []elasund.Pending{{}} },
		"pending strings": func(s *elasund.State) {
			s.Pending = []elasund.Pending{{Seat: elasund.Blue, Kind: "a\"b\\c\n\t\r\b\f\x00\x1f\x7f<&>/\u2028\u2029é€😀", Cards: "\xff\xfe ok \xe2\x82"}}
		},
		"rebuild strings": func(s *elasund.State) { s.Players[elasund.Green].Orders.Rebuild = "\x01\u00e9\xc3" },
		"empty strings": func(s *elasund.State) {
			s.Players[elasund.Green].Orders.Rebuild = ""
			s.Pending = []elasund.Pending{{Seat: elasund.Red}}
		},
		"flags": func(s *elasund.State) { s.TradeFlags[4] = []elasund.Colour{elasund.Yellow, elasund.Red} },
		// Refused by both: values that are nothing.
		"bad current": func(s *elasund.State) { s.Current = elasund.NoColour },
		"bad waiting": func(s *elasund.State) { s.WaitingFor = []elasund.Colour{elasund.Red, 9} },
		"bad phase":   func(s *elasund.State) { s.Phase = 0 },
		"bad phase 2": func(s *elasund.State) { s.Phase = 99 },
		"bad key":     func(s *elasund.State) { s.Players[elasund.Colour(7)] = &elasund.Player{} },
		"bad key 0":   func(s *elasund.State) { s.Players[elasund.NoColour] = &elasund.Player{} },
		"bad kind": func(s *elasund.State) {
			s.Buildings = append(s.Buildings, elasund.Building{Kind: 42, Owner: elasund.Red, At: at})
		},
		"bad owner": func(s *elasund.State) { s.Permits = append(s.Permits, elasund.Permit{Owner: -1, Value: 2, At: at}) },
		"bad square": func(s *elasund.State) {
			s.Permits = append(s.Permits, elasund.Permit{Owner: elasund.Red, Value: 2, At: elasund.Square{Col: 9}})
		},
		"bad tile":   func(s *elasund.State) { s.Supply.ChurchStack = append(s.Supply.ChurchStack, 10) },
		"bad bottom": func(s *elasund.State) { bad := elasund.Tile(0); s.Supply.ChurchBottom = &bad },
		"bad wall": func(s *elasund.State) {
			s.Walls = append(s.Walls, elasund.Wall{Owner: elasund.Red, Tile: 1, At: elasund.WallSpace{Side: elasund.North, Index: -1}})
		},
		"bad wall side": func(s *elasund.State) {
			s.Walls = append(s.Walls, elasund.Wall{Owner: elasund.Red, Tile: 1, At: elasund.WallSpace{Side: 0, Index: 3}})
		},
		"bad card":     func(s *elasund.State) { s.Players[elasund.Red].Orders.Discard = []elasund.Card{elasund.Gold, 0} },
		"bad building": func(s *elasund.State) { s.Players[elasund.Red].Buildings = []elasund.Kind{-2} },
		"bad pending":  func(s *elasund.State) { s.Pending = []elasund.Pending{{Seat: elasund.Red, Kind: "x", Building: -1}} },
		"bad flag":     func(s *elasund.State) { s.TradeFlags[0] = []elasund.Colour{0} },
		"bad winner":   func(s *elasund.State) { w := elasund.Colour(5); s.Winner = &w },
	}
	for name, change := range cases {
		s := base()
		change(s)
		if refused := checkCanonical(t, name, s); refused != strings.HasPrefix(name, "bad ") {
			t.Errorf("%s: refused %v", name, refused)
		}
	}
	var nilState *elasund.State
	checkCanonical(t, "nil pointer", nilState)

	// Random damage: every field of a state, one at a time and together.
	pick := rand.New(rand.NewPCG(3, 5))
	refused := 0
	texts := []string{"", "ask", "nearest", "\xff", "\"", "\\", "\n", "\u2028", "<b>", "😀", "é\x00"}
	for i := range 3000 {
		s := sample[pick.IntN(len(sample))].Clone()
		for range 1 + pick.IntN(3) {
			n := pick.IntN(9) - 2 // mostly valid values, sometimes not
			switch pick.IntN(12) {
			case 0:
				s.Current = elasund.Colour(n)
			case 1:
				s.Phase = elasund.Phase(n)
			case 2:
				for _, p := range s.Players {
					p.Orders.Rebuild = texts[pick.IntN(len(texts))]
					p.Gold = n * 1000
				}
			case 3:
				if len(s.Buildings) > 0 {
					b := &s.Buildings[pick.IntN(len(s.Buildings))]
					b.Kind, b.Cubes = elasund.Kind(n+3), &n
				}
			case 4:
				s.Supply.ChurchStack = append(s.Supply.ChurchStack, elasund.Tile(n+5))
			case 5:
				s.Pending = append(s.Pending, elasund.Pending{Seat: elasund.Colour(n), Kind: texts[pick.IntN(len(texts))], Count: n})
			case 6:
				s.TradeFlags[pick.IntN(5)] = append(s.TradeFlags[pick.IntN(5)], elasund.Colour(n))
			case 7:
				s.Walls = append(s.Walls, elasund.Wall{Owner: elasund.Colour(n), Tile: n, At: elasund.WallSpace{Side: elasund.WallSide(1 + pick.IntN(3)), Index: n}})
			case 8:
				s.Permits = append(s.Permits, elasund.Permit{Owner: elasund.Red, Value: n, At: elasund.Square{Col: n, Row: n + 2}})
			case 9:
				c := elasund.Colour(n)
				s.Winner = &c
			case 10:
				for _, p := range s.Players {
					p.Buildings = append(p.Buildings, elasund.Kind(n+4))
					p.Orders.Discard = append(p.Orders.Discard, elasund.Card(n))
				}
			case 11:
				s.Church = append(s.Church, elasund.ChurchTile{Tile: elasund.Tile(n + 3), Owner: elasund.Blue, At: elasund.Square{Col: n + 2, Row: 1}, NoCube: n%2 == 0})
			}
		}
		if checkCanonical(t, fmt.Sprintf("damaged state %d", i), s) {
			refused++
		}
	}
	if refused < 100 || refused > 2900 {
		t.Errorf("%d of 3000 damaged states refused: want both kinds", refused)
	}
}

// BenchmarkCanonical writes the canonical JSON of a mid-game state, as a
// replay does after each entry: with one encoder throughout.
func BenchmarkCanonical(b *testing.B) {
	st := midState(b)
	var e canonjson.Encoder
	var buf []byte
	for b.Loop() {
		var err error
		if buf, err = e.Append(buf[:0], st); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(buf)))
}

func midState(b *testing.B) *elasund.State {
	cfg, err := elasund.NewConfig([]elasund.Colour{elasund.Red, elasund.Blue, elasund.Green, elasund.Yellow}, elasund.EditionEN, nil)
	if err != nil {
		b.Fatal(err)
	}
	rng := elasund.NewSeededRand(9)
	pick := rand.New(rand.NewPCG(9, 1))
	g, err := elasund.New(cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	for range 600 {
		if g.Over() {
			break
		}
		waiting := g.View().WaitingFor
		seat := waiting[pick.IntN(len(waiting))]
		legal := g.Legal(seat, rng.Copy())
		if _, err := g.Apply(seat, []elasund.Action{legal[pick.IntN(len(legal))]}, rng); err != nil {
			b.Fatal(err)
		}
	}
	return g.State()
}
