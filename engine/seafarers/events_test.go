package seafarers

import (
	"math/rand/v2"
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
		l.hand(c.h).end()
		if got := l.took(); len(got) != 1 || got[0] != c.want {
			t.Errorf("eventLog.hand(%v) wrote %q, want %q", [5]int(c.h), got, c.want)
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
