package seafarers

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// TestWithHexDerivesAsNew changes hexes of fog-island and four-islands
// boards one at a time to random terrains and numbers (land joining and
// splitting islands, sea, fog) and checks that withHex, which works out
// again only what the hex changes, makes the land newLand makes from the
// changed hexes (S99 explores one hex at a time).
func TestWithHexDerivesAsNew(t *testing.T) {
	terrains := []board.Terrain{board.Fields, board.Hills, board.Mountains, board.Pasture, board.Forest,
		board.Gold, board.Desert, board.Sea, board.Fog}
	for _, sc := range []string{"fog-island", "four-islands"} {
		x := newT(t, sc, nil)
		b, l := x.g.b, x.g.l
		pick := rand.New(rand.NewPCG(3, 9))
		for step := 0; step < 200; step++ {
			h := pick.IntN(b.NumHexes())
			hx := board.Hex{Terrain: terrains[pick.IntN(len(terrains))]}
			if hx.Terrain.Produces() {
				hx.Number = []int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}[pick.IntN(10)]
			}
			got := l.withHex(b, h, hx)
			hexes := slices.Clone(l.hexes)
			hexes[h] = hx
			want := newLand(b, l.dealt, hexes, slices.Clone(l.harbours), l.areas, l.hexArea)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s step %d: withHex(%v, %v) differs from newLand of the changed hexes (S99)", sc, step, b.HexPos(h), hx)
			}
			l = got
		}
	}
}

// TestWithHarbourOracle plays random forgotten-tribe games and compares,
// after every harbour placed (S105), the land withHarbour made with the
// land newLand works out afresh from the same hexes, harbours and areas.
func TestWithHarbourOracle(t *testing.T) {
	placed := 0
	setup := benchSetup
	setup.Choices = map[string]string{"scenario": "forgotten-tribe"}
	for seed := uint64(0); seed < 16; seed++ {
		g, src := quietGame(t, setup, 300+seed)
		pick := rand.New(rand.NewPCG(seed, 105))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			s := awaitedSeat(g, pick)
			buf = g.AppendLegal(buf[:0], g.colour(s), src.Clone())
			before := len(g.l.harbours)
			if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
				t.Fatalf("seed %d entry %d: %v", seed, n, err)
			}
			if len(g.l.harbours) == before {
				continue
			}
			placed++
			l := g.l
			want := newLand(g.b, l.dealt, slices.Clone(l.hexes), slices.Clone(l.harbours), l.areas, l.hexArea)
			if !reflect.DeepEqual(l, want) {
				t.Fatalf("seed %d entry %d: S105: the land after the harbour on %v differs from the land worked out afresh", seed, n, l.harbours)
			}
		}
	}
	if placed < 30 {
		t.Fatalf("only %d harbours placed", placed)
	}
}

// TestLandDealtOracle deals the new board of every scenario, layout and
// harbour mode from several seeds and compares the land landDealt makes
// from the new board's land with the land worked out afresh from the dealt
// board (S132, B16-B18): the same, whether the deal kept the terrain (the
// harbours laid on the shared terrain) or not.
func TestLandDealtOracle(t *testing.T) {
	shared := 0
	for _, sc := range board.Scenarios() {
		for _, o := range []board.Options{{}, {Layout: board.LayoutVariable}, {Harbours: board.HarboursFixed}} {
			b, err := board.New(sc, o)
			if err != nil || b.Dealt() {
				continue
			}
			base := landOf(b)
			for seed := uint64(0); seed < 6; seed++ {
				nb, err := b.Deal(engine.NewSeeded(seed))
				if err != nil {
					t.Fatal(err)
				}
				if sameTerrain(base, nb) {
					shared++
				}
				if got, want := landDealt(base, nb), landOf(nb); !reflect.DeepEqual(got, want) {
					t.Fatalf("%v %+v seed %d: S132: the land of the deal differs from the land worked out afresh", sc, o, seed)
				}
			}
		}
	}
	if shared < 30 {
		t.Fatalf("only %d deals kept the terrain", shared)
	}
}
