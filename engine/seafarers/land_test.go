package seafarers

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

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
