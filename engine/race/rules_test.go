package race

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// newGame starts a game of cyan and magenta with the options given.
func newGame(t *testing.T, options map[string]string) *Position {
	t.Helper()
	p, err := Rules{}.New(engine.Setup{Seats: []string{Cyan, Magenta}, Options: options}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p.(*Position)
}

// dice is a Source whose die stream gives the rolls listed, then fails
// the test.
type dice struct {
	engine.Source
	t     *testing.T
	rolls []int
}

func (d *dice) Intn(stream string, n int) int {
	d.t.Helper()
	if stream != Stream || n != 6 || len(d.rolls) == 0 {
		d.t.Fatalf("draw from %q of %d with rolls %v left, want the die stream of 6 (T3)", stream, n, d.rolls)
	}
	r := d.rolls[0]
	d.rolls = d.rolls[1:]
	return r - 1
}

// play applies a move with the rolls given, failing the test on a refusal.
func play(t *testing.T, p *Position, seat, move string, rolls ...int) []string {
	t.Helper()
	as, err := Rules{}.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := p.Apply(seat, as, &dice{t: t, rolls: rolls})
	if err != nil {
		t.Fatalf("%s %q: %v", seat, move, err)
	}
	return ev
}

// refused checks that a move is refused under rule and leaves the
// position as it was.
func refused(t *testing.T, p *Position, seat, move, rule string, rolls ...int) {
	t.Helper()
	as, err := Rules{}.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	before := p.st.clone()
	_, err = p.Apply(seat, as, &dice{t: t, rolls: rolls})
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		t.Errorf("%s %q = %v, want a refusal under %s", seat, move, err, rule)
	}
	if p.st.Turn != before.Turn || p.st.Roll != before.Roll || p.st.Current != before.Current || p.st.Runners[Cyan] != before.Runners[Cyan] || p.st.Runners[Magenta] != before.Runners[Magenta] {
		t.Errorf("%s %q refused under %s changed the position", seat, move, rule)
	}
}

func TestT1TwoSeats(t *testing.T) {
	for _, seats := range [][]string{{Cyan}, {Cyan, Magenta, Cyan}, {Cyan, Cyan}, {Cyan, "red"}, {}} {
		var se *engine.SetupError
		if _, err := (Rules{}).Resolve(engine.Setup{Seats: seats}); !errors.As(err, &se) || se.Field != "seats" || !strings.Contains(err.Error(), "T1") {
			t.Errorf("seats %v: %v, want a seats SetupError citing T1", seats, err)
		}
	}
	p, err := Rules{}.New(engine.Setup{Seats: []string{Magenta, Cyan}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Current() != Magenta || !slices.Equal(p.Awaited(), []string{Magenta}) || p.Turn() != 1 {
		t.Errorf("magenta seated first: current %s, awaited %v, turn %d; want magenta to start (T1)", p.Current(), p.Awaited(), p.Turn())
	}
}

func TestT2Track(t *testing.T) {
	p := newGame(t, nil)
	if p.Goal() != DefaultGoal || p.Runners(Cyan) != [2]int{} || p.Runners(Magenta) != [2]int{} {
		t.Errorf("goal %d, runners %v %v; want goal 20 and every runner on the start (T2)", p.Goal(), p.Runners(Cyan), p.Runners(Magenta))
	}
}

func TestT3Roll(t *testing.T) {
	p := newGame(t, nil)
	if l := p.Legal(Cyan, nil); len(l) != 1 || l[0].String() != "roll" {
		t.Errorf("legal before the roll = %v, want only roll (T3)", l)
	}
	refused(t, p, Cyan, "run a", "T3")
	refused(t, p, Magenta, "roll", "T6", 4)
	if ev := play(t, p, Cyan, "roll", 4); !slices.Equal(ev, []string{"cyan rolls 4"}) || !slices.Equal(p.Dice(), []int{4}) || p.Phase() != PhaseRun {
		t.Errorf("roll: events %q, dice %v, phase %s; want cyan rolls 4 and the run phase (T3)", ev, p.Dice(), p.Phase())
	}
	refused(t, p, Cyan, "roll", "T3", 2)
	if p.BeginsTurn(Cyan) || p.BeginsTurn(Magenta) {
		t.Error("a seat begins a turn after the roll; want neither (T3)")
	}
}

func TestT4Run(t *testing.T) {
	p := newGame(t, map[string]string{"goal": "10"})
	play(t, p, Cyan, "roll; run a", 6)
	play(t, p, Magenta, "roll; run b", 1)
	if ev := play(t, p, Cyan, "roll; run a", 5); p.Runners(Cyan)[0] != 10 || !slices.Contains(ev, "cyan's runner a is home") {
		t.Errorf("cyan a from 6 rolling 5 with goal 10: on %d, events %q; want home on 10 (T4)", p.Runners(Cyan)[0], ev)
	}
	play(t, p, Magenta, "roll; run b", 2)
	play(t, p, Cyan, "roll", 3)
	refused(t, p, Cyan, "run a", "T4")
	if l := p.Legal(Cyan, nil); len(l) != 1 || l[0].String() != "run b" {
		t.Errorf("legal with runner a home = %v, want only run b (T4)", l)
	}
}

func TestT5Bump(t *testing.T) {
	p := newGame(t, nil)
	play(t, p, Cyan, "roll; run a", 5)
	play(t, p, Magenta, "roll; run a", 1)
	// A seat's own runners share a square: nobody is bumped.
	if ev := play(t, p, Cyan, "roll; run b", 5); p.Runners(Cyan) != [2]int{5, 5} || len(ev) != 2 {
		t.Errorf("cyan b onto cyan a on 5: cyan %v, events %q; want both on 5 and no bump (T5)", p.Runners(Cyan), ev)
	}
	ev := play(t, p, Magenta, "roll; run a", 4)
	if p.Runners(Cyan) != [2]int{0, 0} || p.Runners(Magenta) != [2]int{5, 0} {
		t.Errorf("after magenta's run to 5: cyan %v, magenta %v; want both cyan runners bumped to the start (T5)", p.Runners(Cyan), p.Runners(Magenta))
	}
	if !slices.Contains(ev, "cyan's runner a is bumped back to the start") || !slices.Contains(ev, "cyan's runner b is bumped back to the start") {
		t.Errorf("events %q lack both bumps (T5)", ev)
	}
	// Nobody is bumped home: both seats may have a runner on the goal.
	q := newGame(t, map[string]string{"goal": "10"})
	for i, roll := range []int{6, 5, 6, 6} {
		play(t, q, []string{Cyan, Magenta}[i%2], "roll; run a", roll)
	}
	if q.Runners(Cyan)[0] != 10 || q.Runners(Magenta)[0] != 10 {
		t.Errorf("runners a home: cyan %v, magenta %v; want both on the goal 10 (T5)", q.Runners(Cyan), q.Runners(Magenta))
	}
}

func TestT6EndOfTurn(t *testing.T) {
	p := newGame(t, nil)
	refused(t, p, Cyan, "roll; run a; roll", "T6", 3, 4)
	play(t, p, Cyan, "roll; run b", 2)
	if p.Current() != Magenta || p.Turn() != 2 || p.Phase() != PhaseRoll || p.Dice() != nil || !p.BeginsTurn(Magenta) {
		t.Errorf("after cyan's run: current %s, turn %d, phase %s, dice %v; want magenta to roll in turn 2 (T6)", p.Current(), p.Turn(), p.Phase(), p.Dice())
	}
	refused(t, p, Cyan, "roll", "T6", 1)
}

func TestT7Winning(t *testing.T) {
	p := newGame(t, map[string]string{"goal": "10"})
	for range 2 {
		play(t, p, Cyan, "roll; run a", 6)
		play(t, p, Magenta, "roll; run a", 1)
	}
	play(t, p, Cyan, "roll; run b", 6)
	play(t, p, Magenta, "roll; run a", 1)
	ev := play(t, p, Cyan, "roll; run b", 6)
	if !p.Over() || !slices.Equal(p.Winners(), []string{Cyan}) || ev[len(ev)-1] != "cyan wins" || p.Awaited() != nil {
		t.Errorf("both cyan runners home: over %v, winners %v, events %q, awaited %v; want cyan to win at once (T7)", p.Over(), p.Winners(), ev, p.Awaited())
	}
	refused(t, p, Magenta, "roll", "T7", 1)
	if p.Legal(Magenta, nil) != nil || p.Legal(Cyan, nil) != nil {
		t.Error("a seat has legal actions after the end (T7)")
	}
}

func TestT8Option(t *testing.T) {
	for _, tc := range []struct {
		options map[string]string
		goal    int
		err     string
	}{
		{nil, 20, ""},
		{map[string]string{"goal": "10"}, 10, ""},
		{map[string]string{"goal": "040"}, 40, ""},
		{map[string]string{"goal": "9"}, 0, "goal=9"},
		{map[string]string{"goal": "41"}, 0, "goal=41"},
		{map[string]string{"goal": "far"}, 0, "goal=far"},
		{map[string]string{"speed": "2"}, 0, "speed=2"},
	} {
		s, err := Rules{}.Resolve(engine.Setup{Seats: []string{Cyan, Magenta}, Options: tc.options})
		var oe *engine.OptionError
		if tc.err != "" {
			if !errors.As(err, &oe) || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "T8") {
				t.Errorf("options %v: %v, want an OptionError %s citing T8", tc.options, err, tc.err)
			}
			continue
		}
		opts, err := Rules{}.Options(s)
		if err != nil || len(opts) != 1 || opts[0].Name != "goal" || opts[0].Value != string(rune('0'+tc.goal/10))+string(rune('0'+tc.goal%10)) || opts[0].Given != (tc.options != nil) {
			t.Errorf("options %v: %+v, %v; want goal %d (T8)", tc.options, opts, err, tc.goal)
		}
	}
	var se *engine.SetupError
	if _, err := (Rules{}).Resolve(engine.Setup{Seats: []string{Cyan, Magenta}, Choices: map[string]string{"scenario": "long"}}); !errors.As(err, &se) || !strings.Contains(err.Error(), "T8") {
		t.Errorf("a scenario: %v, want a SetupError citing T8: race has no set-up choices", err)
	}
}
