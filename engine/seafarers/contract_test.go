package seafarers

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestPositionContract checks the engine.Position methods on a short game:
// clones are independent, the state is fresh, owed decisions and dice are
// reported, and the game and its options are known.
func TestPositionContract(t *testing.T) {
	x := base2(t).edit("hand blue 4 brick, 4 ore")
	p := x.pos
	if p.Game().Name() != "seafarers" || p.Setup().Choices["scenario"] != "base" || p.Turn() != 1 || p.Current() != "red" {
		t.Fatal("identity")
	}
	if p.Dice() != nil || !p.BeginsTurn("red") || p.BeginsTurn("blue") || p.BeginsTurn("green") {
		t.Fatal("before the roll")
	}
	c := p.Clone()
	x.seven("red")
	if !slices.Equal(p.Dice(), []int{3, 4}) || c.Dice() != nil {
		t.Fatal("the clone is independent")
	}
	if o := p.Owed(); len(o) != 1 || o[0] != (engine.Owed{Seat: "blue", Kind: "discard"}) {
		t.Fatalf("owed %v", o)
	}
	if !slices.Equal(p.Awaited(), []string{"blue"}) || p.Over() || p.Winners() != nil {
		t.Fatal("awaited")
	}
	// A State is the position when it was made: the game moving on does
	// not change it. (States share what did not change between them, so
	// the caller must not change one; engine.Position.State.)
	st := p.State().(*State)
	a, _ := json.Marshal(st)
	x.do("blue", "discard 2 brick, 2 ore")
	if b, _ := json.Marshal(st); string(a) != string(b) {
		t.Fatal("a State changed when the game moved on")
	}
	if now := p.State().(*State); now.Players["blue"].Resources.Brick != 2 || st.Players["blue"].Resources.Brick != 4 {
		t.Fatal("the State after the discard")
	}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Apply("green", x.parse("roll"), nil); err == nil {
		t.Fatal("an unseated colour")
	}
	if err := p.Edit([]engine.Edit{fakeEdit{}}); err == nil {
		t.Fatal("a foreign edit")
	}
	if _, err := p.Apply("blue", []engine.Action{fakeAction{}}, nil); err == nil {
		t.Fatal("a foreign action")
	}
	peer, _ := Rules{}.New(engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "base"}}, nil)
	if err := peer.Edit(nil); err == nil {
		t.Fatal("edits are for sandbox games")
	}
}

type fakeEdit struct{}

func (fakeEdit) String() string { return "fake" }

type fakeAction struct{}

func (fakeAction) String() string      { return "fake" }
func (fakeAction) Class() engine.Class { return engine.ClassMove }

// TestAccessors: the typed accessors agree with the state.
func TestAccessors(t *testing.T) {
	x := newT(t, "cloth-for-catan", nil).edit("place settlement C8.n red; place ship B9-C8 red; hand red 2 ore; cloth red 3; card red knight")
	g := Of(x.pos)
	b := g.Board()
	if who, what := g.BuildingAt(b.CornerIndex(mustCorner("C8.n"))); who != Red || what != Settlement {
		t.Fatal("BuildingAt")
	}
	if who, what, _ := g.PieceAt(b.EdgeIndex(mustEdge("B9-C8"))); who != Red || what != Ship {
		t.Fatal("PieceAt")
	}
	if g.Hand(Red) != (Hand{0, 0, 0, 0, 2}) || g.Cloth(Red) != 3 || g.VP(Red) != 2 || !slices.Equal(g.Cards(Red), []CardKind{Knight}) {
		t.Fatal("holdings")
	}
	if n, ok := g.VillageCloth(b.CornerIndex(mustCorner("D9.n"))); !ok || n != 5 {
		t.Fatal("VillageCloth")
	}
	if g.Robber() != b.HexIndex(mustPos("D3")) || g.Scenario().String() != "cloth-for-catan" || !g.Dealt() {
		t.Fatal("board")
	}
}
