package seafarers

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/elasund/elasund/engine"
)

// loadSeeds are states of a few short games, as JSON.
func loadSeeds(tb testing.TB) (engine.Setup, []string) {
	setup := engine.Setup{Seats: []string{"red", "blue", "white", "orange"}, Choices: map[string]string{"scenario": "new-shores"}, Sandbox: true}
	var out []string
	for _, sc := range []string{"new-shores", "fog-island", "pirate-islands", "cloth-for-catan", "forgotten-tribe", "wonders-of-catan"} {
		s := setup
		s.Choices = map[string]string{"scenario": sc}
		tab := newTable(s, 1)
		pos, err := Rules{}.New(s, tab.newSource())
		if err != nil {
			tb.Fatal(err)
		}
		g := Of(pos)
		for n := 0; n < 400 && !g.over(); n++ {
			seat := pos.Awaited()[0]
			legal := pos.Legal(seat, tab.next(pos, seat))
			if _, err := tab.apply(pos, seat, legal[n%len(legal)].(Action).asMove()); err != nil {
				tb.Fatal(err)
			}
			if n%100 == 0 {
				b, _ := json.Marshal(pos.State())
				out = append(out, sc+"\x00"+string(b))
			}
		}
	}
	return setup, out
}

func (a Action) asMove() []engine.Action { return []engine.Action{a} }

// FuzzLoad checks that Load never panics on a changed state: it loads or
// fails with an *engine.StateError, and a loaded state is consistent and
// encodes back to itself.
func FuzzLoad(f *testing.F) {
	setup, seeds := loadSeeds(f)
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sc, raw, ok := cut0(in)
		if !ok {
			return
		}
		s := setup
		s.Choices = map[string]string{"scenario": sc}
		st := &State{}
		if json.Unmarshal([]byte(raw), st) != nil {
			return
		}
		p, err := Rules{}.Load(s, st)
		if err != nil {
			var se *engine.StateError
			var oe *engine.SetupError
			if !errors.As(err, &se) && !errors.As(err, &oe) {
				t.Fatalf("Load: %v (%T)", err, err)
			}
			return
		}
		if err := p.Check(); err != nil {
			t.Fatalf("loaded but inconsistent: %v", err)
		}
		for _, seat := range s.Seats {
			p.Legal(seat, nil)
		}
	})
}

func cut0(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}
