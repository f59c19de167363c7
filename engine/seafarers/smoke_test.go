package seafarers

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/engine"
)

func TestSmokePlayout(t *testing.T) {
	for _, sc := range []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert", "forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"} {
		t.Run(sc, func(t *testing.T) {
			seats := []string{"red", "blue", "white", "orange"}
			setup := engine.Setup{Seats: seats, Scenario: sc, Sandbox: true}
			tb := newTable(setup, 1)
			pos, err := Rules{}.New(setup, tb.newSource())
			if err != nil {
				t.Fatal(err)
			}
			pick := rand.New(rand.NewPCG(1, 2))
			for step := 0; step < 20000 && !pos.Over(); step++ {
				aw := pos.Awaited()
				if len(aw) == 0 {
					t.Fatalf("nobody awaited in phase %s", pos.Phase())
				}
				seat := aw[pick.IntN(len(aw))]
				legal := pos.Legal(seat, tb.next(pos, seat))
				if len(legal) == 0 {
					t.Fatalf("step %d: no legal action for %s in phase %s", step, seat, pos.Phase())
				}
				a := legal[pick.IntN(len(legal))]
				if _, err := tb.apply(pos, seat, []engine.Action{a}); err != nil {
					t.Fatalf("step %d: %s %q: %v", step, seat, a, err)
				}
				if err := pos.Check(); err != nil {
					t.Fatalf("step %d: after %s %q: %v", step, seat, a, err)
				}
				if step%7 == 0 {
					raw, err := json.Marshal(pos.State())
					if err != nil {
						t.Fatal(err)
					}
					st := Rules{}.NewState()
					if err := json.Unmarshal(raw, st); err != nil {
						t.Fatalf("step %d: decoding: %v", step, err)
					}
					p2, err := Rules{}.Load(setup, st)
					if err != nil {
						t.Fatalf("step %d: after %s %q: load: %v", step, seat, a, err)
					}
					raw2, _ := json.Marshal(p2.State())
					if string(raw) != string(raw2) {
						t.Fatalf("step %d: load round trip differs", step)
					}
				}
			}
			g := Of(pos)
			t.Logf("%s: turn %d over %v winner %v", sc, g.turn, pos.Over(), pos.Winners())
		})
	}
}
