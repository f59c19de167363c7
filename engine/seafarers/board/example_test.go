package board_test

import (
	"fmt"

	"github.com/elasund/elasund/engine/seafarers/board"
)

func ExampleParseCorner() {
	c, err := board.ParseCorner("d7.ne")
	if err != nil {
		panic(err)
	}
	fmt.Println(c, c.Positions(), c.Adjacent())
	// Output: C8.s [C8 D7 D9] [D7.n D9.n E8.n]
}

func ExampleParseEdge() {
	for _, s := range []string{"D7-C8", "d7.ne", "D7-D11"} {
		e, err := board.ParseEdge(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(e, e.Ends())
	}
	// Output:
	// C8-D7 [C8.s D7.n]
	// C8-D7 [C8.s D7.n]
	// cannot read edge "D7-D11": D7 and D11 are not neighbours
}

func ExampleNew() {
	b, err := board.New(board.NewShores, board.Options{Harbours: board.HarboursFixed})
	if err != nil {
		panic(err)
	}
	c := b.CornerIndex(board.CornerOf(board.Pos{Row: 3, Col: 5}, board.VertexN)) // D5.n
	e := b.EdgeIndex(b.Edge(b.CornerEdges(c)[0]))
	fmt.Println(b.Dealt(), b.Corner(c), b.CoastalCorner(c), b.Areas()[b.CornerArea(c)].Name, b.CornerHarbour(c))
	fmt.Println(b.Edge(e), b.EdgeKind(e), b.RoadEdge(e), b.ShipEdge(e))
	// Output:
	// true D5.n true main 3:1
	// C4-C6 sea false true
}

// zeros is a Rand whose every draw is 0.
type zeros struct{}

func (zeros) Intn(string, int) int { return 0 }

func ExampleBoard_Deal() {
	b, err := board.New(board.Base, board.Options{Layout: board.LayoutVariable})
	if err != nil {
		panic(err)
	}
	ok, _ := board.NeedsSeed(board.Base, board.Options{Layout: board.LayoutVariable})
	fmt.Println(ok, b.Dealt(), b.Hex(b.HexIndex(board.Pos{Row: 4, Col: 8})).Terrain)
	d, err := b.Deal(zeros{})
	if err != nil {
		panic(err)
	}
	robber, _ := d.Robber()
	fmt.Println(d.Dealt(), robber, d.Sites()[0].Kind)
	// Output:
	// true false unknown
	// true G8 wool
}
