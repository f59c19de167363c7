package seafarers

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestEventsStay plays random games of fog-island (entries applied in
// place and on a copy, sealed draws, explorations), keeps every entry's
// events as Apply returned them beside a copy made at once, and checks at
// the end that none changed: the rooms the events are cut from are never
// written where they handed something out (eventLog).
func TestEventsStay(t *testing.T) {
	setup := benchSetup
	setup.Choices = map[string]string{"scenario": "fog-island"}
	for seed := uint64(0); seed < 3; seed++ {
		src := engine.NewSeeded(seed)
		pos, err := Rules{}.New(setup, src)
		if err != nil {
			t.Fatal(err)
		}
		g := Of(pos)
		pick := rand.New(rand.NewPCG(seed, 5))
		var got, want [][]string
		var buf []Action
		for n := 0; n < 3000 && !g.over(); n++ {
			s := awaitedSeat(g, pick)
			buf = g.AppendLegal(buf[:0], g.colour(s), src.Clone())
			ev, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src)
			if err != nil {
				t.Fatal(err)
			}
			if n%7 == 0 {
				g.Clone() // a clone takes no room of g's
			}
			got = append(got, ev)
			kept := make([]string, len(ev))
			for i, e := range ev {
				kept[i] = strings.Clone(e)
			}
			want = append(want, kept)
		}
		for i := range got {
			for j := range got[i] {
				if got[i][j] != want[i][j] {
					t.Fatalf("seed %d: event %d of entry %d reads %q, Apply returned %q", seed, j, i, got[i][j], want[i][j])
				}
			}
		}
	}
}

// TestEventNumbers checks the numbers events print, one digit or more: a
// hand (Hand.String, eventLog.hand) and a count (eventLog.num).
func TestEventNumbers(t *testing.T) {
	for _, c := range []struct {
		h    Hand
		want string
	}{
		{Hand{}, "none"},
		{Hand{1, 0, 0, 0, 9}, "1 brick, 9 ore"},
		{Hand{0, 10, 0, 19, 0}, "10 lumber, 19 grain"},
		{Hand{0, 0, 123, 0, 0}, "123 wool"},
	} {
		if got := c.h.String(); got != c.want {
			t.Errorf("Hand%v.String() = %q, want %q", [5]int(c.h), got, c.want)
		}
		var l eventLog
		l.hand(&c.h).end()
		if got := l.took(); len(got) != 1 || got[0] != c.want {
			t.Errorf("eventLog.hand(%v) wrote %q, want %q", [5]int(c.h), got, c.want)
		}
		l.packed(c.h.Packed()).end()
		if got := l.took(); len(got) != 1 || got[0] != c.want {
			t.Errorf("eventLog.packed(%v) wrote %q, want %q", [5]int(c.h), got, c.want)
		}
		quiet := eventLog{quiet: true}
		quiet.hand(&c.h).packed(c.h.Packed()).end()
		if got := quiet.took(); got != nil {
			t.Errorf("a quiet eventLog wrote %q for %v", got, [5]int(c.h))
		}
	}
	for n, want := range map[int]string{0: "0", 7: "7", 10: "10", 99: "99", -3: "-3", 1234: "1234"} {
		var l eventLog
		l.num(n).end()
		if got := l.took(); len(got) != 1 || got[0] != want {
			t.Errorf("eventLog.num(%d) wrote %q, want %q", n, got, want)
		}
	}
}

// TestQuietGames plays a random game of every scenario twice side by
// side, once writing its events and once quiet (SetQuiet), and checks that
// the quiet game lists the same actions, answers nothing but no events,
// and goes through the same positions (sameGame), and that its clones are
// quiet too.
func TestQuietGames(t *testing.T) {
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		seed := uint64(i)
		loudSrc, quietSrc := engine.NewSeeded(seed), engine.NewSeeded(seed)
		lp, err := Rules{}.New(setup, loudSrc)
		if err != nil {
			t.Fatal(err)
		}
		qp, _ := Rules{}.New(setup, quietSrc)
		loud, quiet := Of(lp), Of(qp)
		quiet.SetQuiet(true)
		pick := rand.New(rand.NewPCG(seed, 5))
		var lb, qb []Action
		for n := 0; !loud.over() && loud.turn < playTurnLimit && !stalled(loud); n++ {
			s := awaitedSeat(loud, pick)
			c := loud.colour(s)
			var ls, qs engine.Source
			if loud.witnessOf(s) {
				ls, qs = loudSrc.Clone(), quietSrc.Clone()
			}
			lb, qb = loud.AppendLegal(lb[:0], c, ls), quiet.AppendLegal(qb[:0], c, qs)
			if !slices.Equal(lb, qb) {
				t.Fatalf("%s entry %d: the quiet game lists %q, the other %q", sc, n, FormatMove(qb), FormatMove(lb))
			}
			a := []Action{lb[pick.IntN(len(lb))]}
			if n%97 == 0 {
				if ev, err := quiet.Clone().Apply(c, a, quietSrc.Clone()); err != nil || ev != nil {
					t.Fatalf("%s entry %d: a clone of the quiet game answers %q, %v to %q", sc, n, ev, err, a[0].String())
				}
			}
			lev, lerr := loud.Apply(c, a, loudSrc)
			qev, qerr := quiet.Apply(c, a, quietSrc)
			if lerr != nil || qerr != nil {
				t.Fatalf("%s entry %d: %q refused: %v, quiet %v", sc, n, a[0].String(), lerr, qerr)
			}
			if qev != nil {
				t.Fatalf("%s entry %d: the quiet game tells %q", sc, n, qev)
			}
			if len(lev) == 0 && a[0].Kind != ActOrders && a[0].Kind != ActResolve {
				t.Fatalf("%s entry %d: %q tells nothing in the game that writes its events", sc, n, a[0].String())
			}
			if n%64 == 0 && !sameGame(loud, quiet) {
				t.Fatalf("%s entry %d: the quiet game differs after %q", sc, n, a[0].String())
			}
		}
		if !sameGame(loud, quiet) || quiet.winner != loud.winner {
			t.Fatalf("%s: the quiet game ends elsewhere", sc)
		}
	}
}
