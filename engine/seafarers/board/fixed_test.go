package board

import (
	"reflect"
	"testing"
)

// New returns one shared Board for a scenario and options (fixed.boards):
// for every scenario and every layout and harbour mode it accepts, the
// shared board is the board made afresh, field by field, also after boards
// were dealt, explored and given harbours from it, which must leave it as
// it was (S13, S132, S156).
func TestNewSharesBoardMadeAfresh(t *testing.T) {
	layouts := []LayoutMode{LayoutDefault, LayoutFixed, LayoutVariable}
	harbours := []HarbourMode{HarboursDefault, HarboursShuffled, HarboursFixed}
	for _, s := range Scenarios() {
		fix, err := fixedOf(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range layouts {
			for _, h := range harbours {
				o := Options{Layout: l, Harbours: h}
				ro, err := Resolve(s, o)
				if err != nil {
					continue // refused options: New refuses them too
				}
				b, err := New(s, o)
				if err != nil {
					t.Fatalf("New(%v, %+v): %v", s, o, err)
				}
				if again, _ := New(s, o); again != b {
					t.Errorf("S13: New(%v, %+v) made a second board; want the shared one", s, o)
				}
				useBoard(t, b)
				fresh, err := newBoard(s, ro, fix)
				if err != nil {
					t.Fatal(err)
				}
				b.derived() // both with their derived data worked out
				fresh.derived()
				if !reflect.DeepEqual(b, fresh) {
					t.Errorf("S13: the shared board of %v %+v differs from one made afresh", s, o)
				}
			}
		}
	}
}

// useBoard makes new boards from b as games do: dealt from a few seeds,
// then a hex explored and a harbour placed at the first edge that takes
// one. Each board's derived data, worked out at its first use (derived),
// must be what its hexes, areas and harbours give (B16, B17, B18).
func useBoard(t *testing.T, b *Board) {
	t.Helper()
	for seed := uint64(0); seed < 3; seed++ {
		d := b
		if !b.Dealt() {
			var err error
			if d, err = b.Deal(newPCG(seed)); err != nil {
				t.Fatalf("%v: Deal: %v", b.Scenario(), err)
			}
		}
		checkDerived(t, d)
		if un := d.Unexplored(); len(un) > 0 {
			x, err := d.Explore(un[0], Hex{Terrain: Sea})
			if err != nil {
				t.Fatalf("%v: Explore %v: %v", b.Scenario(), un[0], err)
			}
			checkDerived(t, x)
		}
		for e := 0; e < d.NumEdges(); e++ {
			if x, err := d.PlaceHarbour(d.Edge(e), HarbourOre); err == nil {
				checkDerived(t, x)
				break
			}
		}
		checkDerived(t, d)
		checkDerived(t, b)
	}
}

// checkDerived compares b's derived data with the data worked out afresh
// from its hexes, areas and harbours now.
func checkDerived(t *testing.T, b *Board) {
	t.Helper()
	if got, want := b.derived(), b.deriveData(); !reflect.DeepEqual(*got, want) {
		t.Fatalf("%v %+v: B16-B18: the derived data is not the board's", b.Scenario(), b.Options())
	}
}
