package race

import (
	"errors"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

func TestParseMove(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"roll", "roll"},
		{"  ROLL ;  Run   A ", "roll; run a"},
		{"roll # first\nrun b", "roll; run b"},
		{"roll;;\n\nrun a;", "roll; run a"},
		{"# only\nroll", "roll"},
	} {
		as, err := ParseMove(tc.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.in, err)
			continue
		}
		var got []string
		for _, a := range as {
			got = append(got, a.String())
			// Every action reads back as itself (its canonical spelling).
			back, err := ParseMove(a.String())
			if err != nil || len(back) != 1 || back[0] != a {
				t.Errorf("%q reads back as %v, %v", a, back, err)
			}
		}
		if strings.Join(got, "; ") != tc.want {
			t.Errorf("ParseMove(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in     string
		offset int
		want   string
	}{
		{"", 0, "no action"},
		{"# nothing", 0, "no action"},
		{"roll; jump", 6, `"jump" is not a race action`},
		{"roll 2", 0, `"roll 2" is not a race action`},
		{"run", 0, "say which runner"},
		{"run c", 4, `"c" is not a runner`},
		{"run a b", 0, "say which runner"},
	} {
		_, err := ParseMove(tc.in)
		var ne *engine.NotationError
		if !errors.As(err, &ne) || ne.Offset != tc.offset || !strings.Contains(ne.Reason, tc.want) {
			t.Errorf("ParseMove(%q) = %v, want a NotationError at %d with %q", tc.in, err, tc.offset, tc.want)
		}
	}
}

func TestParseEdits(t *testing.T) {
	es, err := ParseEdits("PUT cyan A 7; turn magenta\nput magenta b 0")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.String())
	}
	if want := "put cyan a 7; turn magenta; put magenta b 0"; strings.Join(got, "; ") != want {
		t.Errorf("edits = %q, want %q", got, want)
	}
	for _, in := range []string{"", "put cyan a", "put cyan c 3", "put cyan a -1", "put cyan a x", "turn", "jump cyan"} {
		var ne *engine.NotationError
		if _, err := ParseEdits(in); !errors.As(err, &ne) {
			t.Errorf("ParseEdits(%q) = %v, want a NotationError", in, err)
		}
	}
}

// TestEdits checks that edits set up a position and keep it consistent
// (topic edits): a runner past the goal, an unknown seat and both seats
// home are refused and change nothing; both runners of one seat home
// make it the winner (T7).
func TestEdits(t *testing.T) {
	p := newGame(t, nil)
	edit := func(text string) error {
		es, err := Rules{}.ParseEdits(text)
		if err != nil {
			t.Fatal(err)
		}
		return p.Edit(es)
	}
	if err := edit("put cyan a 7; put magenta b 19; turn magenta"); err != nil {
		t.Fatal(err)
	}
	if p.Runners(Cyan) != [2]int{7, 0} || p.Runners(Magenta) != [2]int{0, 19} || p.Current() != Magenta || !p.BeginsTurn(Magenta) {
		t.Errorf("after the edits: %v %v, %s to move", p.Runners(Cyan), p.Runners(Magenta), p.Current())
	}
	for _, bad := range []string{"put cyan a 21", "put red a 3", "put cyan a 20; put cyan b 20; put magenta a 20; put magenta b 20"} {
		var se *engine.StateError
		if err := edit(bad); !errors.As(err, &se) {
			t.Errorf("edit %q = %v, want a StateError", bad, err)
		}
	}
	if p.Runners(Cyan) != [2]int{7, 0} || p.Runners(Magenta) != [2]int{0, 19} {
		t.Errorf("refused edits changed the runners: %v %v", p.Runners(Cyan), p.Runners(Magenta))
	}
	if err := edit("put magenta a 20; put magenta b 20"); err != nil || !p.Over() || p.Winners()[0] != Magenta {
		t.Errorf("magenta's runners put home: %v, over %v, winners %v; want magenta to have won (T7)", err, p.Over(), p.Winners())
	}
	if err := edit("put magenta a 3"); err != nil || p.Over() || p.Phase() != PhaseRoll {
		t.Errorf("a finished game edited back: %v, over %v, phase %s; want play to resume at a roll (T7)", err, p.Over(), p.Phase())
	}
}

// TestLoadChecks reads hostile states: every one is a StateError, never
// a position.
func TestLoadChecks(t *testing.T) {
	setup := engine.Setup{Seats: []string{Cyan, Magenta}}
	ok := func() *State {
		return &State{Turn: 3, Current: Cyan, Phase: PhaseRun, Roll: 4, Runners: map[string][2]int{Cyan: {2, 5}, Magenta: {0, 9}}}
	}
	if _, err := (Rules{}).Load(setup, ok()); err != nil {
		t.Fatalf("a good state: %v", err)
	}
	for name, change := range map[string]func(*State){
		"turn 0":          func(s *State) { s.Turn = 0 },
		"no seat":         func(s *State) { s.Current = "red" },
		"a seat missing":  func(s *State) { delete(s.Runners, Magenta) },
		"a third seat":    func(s *State) { s.Runners["red"] = [2]int{} },
		"past the goal":   func(s *State) { s.Runners[Cyan] = [2]int{21, 0} },
		"negative":        func(s *State) { s.Runners[Cyan] = [2]int{-1, 0} },
		"roll of 7":       func(s *State) { s.Roll = 7 },
		"roll to roll":    func(s *State) { s.Phase = PhaseRoll },
		"odd phase":       func(s *State) { s.Phase = "dance" },
		"winner not home": func(s *State) { s.Winner, s.Phase = Cyan, PhaseOver },
		"home, no winner": func(s *State) { s.Runners[Cyan] = [2]int{20, 20} },
		"both home": func(s *State) {
			s.Runners[Cyan], s.Runners[Magenta], s.Winner, s.Phase = [2]int{20, 20}, [2]int{20, 20}, Cyan, PhaseOver
		},
	} {
		st := ok()
		change(st)
		var se *engine.StateError
		if _, err := (Rules{}).Load(setup, st); !errors.As(err, &se) {
			t.Errorf("%s: Load = %v, want a StateError", name, err)
		}
	}
	var se *engine.StateError
	if _, err := (Rules{}).Load(setup, &struct{}{}); !errors.As(err, &se) {
		t.Errorf("another game's state: %v, want a StateError", err)
	}
}
