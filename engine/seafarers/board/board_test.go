package board

import (
	"errors"
	"slices"
	"testing"
)

// fixedBoard returns the scenario's fixed layout with fixed harbours.
func fixedBoard(t *testing.T, s Scenario) *Board {
	t.Helper()
	o := Options{Layout: LayoutFixed, Harbours: HarboursFixed}
	b, err := New(s, o)
	if err != nil {
		t.Fatalf("New(%v, %+v): %v", s, o, err)
	}
	if !b.Dealt() {
		t.Fatalf("New(%v, %+v) is not dealt", s, o)
	}
	return b
}

// fixedScenarios are the scenarios with a fixed layout (all but new-world).
func fixedScenarios() []Scenario {
	return slices.DeleteFunc(Scenarios(), func(s Scenario) bool { return s == NewWorld })
}

func corner(t *testing.T, b *Board, s string) int {
	t.Helper()
	c := b.CornerIndex(mustCorner(t, s))
	if c < 0 {
		t.Fatalf("%s is not a corner of the %v board", s, b.Scenario())
	}
	return c
}

func edge(t *testing.T, b *Board, s string) int {
	t.Helper()
	e := b.EdgeIndex(mustEdge(t, s))
	if e < 0 {
		t.Fatalf("%s is not an edge of the %v board", s, b.Scenario())
	}
	return e
}

func hex(t *testing.T, b *Board, s string) int {
	t.Helper()
	h := b.HexIndex(mustPos(t, s))
	if h < 0 {
		t.Fatalf("%s is not a position of the %v board", s, b.Scenario())
	}
	return h
}

// BOARDS §6: the three outlines, their rows and sizes; B13: the frame.
func TestOutlinesAndFrames(t *testing.T) {
	tests := []struct {
		s             Scenario
		hexes, frame  int
		first, last   string
		inFrame, notA []string
	}{
		{Base, 37, 24, "B5", "H11", []string{"A4", "A12", "E0", "E16", "I12", "B3", "D1"}, []string{"A2", "E2", "B1", "A14"}},
		{NewShores, 42, 26, "B5", "H13", []string{"A4", "A14", "E2", "E16", "D1", "D17", "I4", "I14"}, []string{"E4", "A16", "C16"}},
		{ForgottenTribe, 49, 28, "B5", "H15", []string{"A4", "A16", "D19", "F19", "C18", "G18", "I16"}, []string{"E18x"}},
	}
	for _, tt := range tests {
		b := fixedBoard(t, tt.s)
		if b.NumHexes() != tt.hexes || len(b.Frame()) != tt.frame {
			t.Errorf("%v: %d hexes, %d frame positions, want %d, %d", tt.s, b.NumHexes(), len(b.Frame()), tt.hexes, tt.frame)
		}
		if b.HexPos(0).String() != tt.first || b.HexPos(b.NumHexes()-1).String() != tt.last {
			t.Errorf("%v: hexes run %v–%v, want %s–%s", tt.s, b.HexPos(0), b.HexPos(b.NumHexes()-1), tt.first, tt.last)
		}
		for _, s := range tt.inFrame {
			p := mustPos(t, s)
			if !b.IsFrame(p) || b.HexIndex(p) != -1 {
				t.Errorf("%v: %s should be frame", tt.s, s)
			}
		}
		for _, s := range tt.notA {
			p, err := ParsePos(s)
			if err == nil && (b.IsFrame(p) && b.HexIndex(p) >= 0) {
				t.Errorf("%v: %s is both frame and board", tt.s, s)
			}
		}
		// Reading order of hex indices (B3).
		for h := 1; h < b.NumHexes(); h++ {
			if b.HexPos(h-1).Compare(b.HexPos(h)) >= 0 {
				t.Errorf("%v: hex %d %v not after %v", tt.s, h, b.HexPos(h), b.HexPos(h-1))
			}
		}
	}
	// Every scenario of one outline has the same positions (BOARDS §6).
	for _, s := range Scenarios() {
		b, err := New(s, Options{})
		if err != nil {
			t.Fatalf("New(%v): %v", s, err)
		}
		want := map[Scenario]int{Base: 37, ForgottenTribe: 49, PirateIslands: 49, WondersOfCatan: 49}[s]
		if want == 0 {
			want = 42
		}
		if b.NumHexes() != want {
			t.Errorf("%v: %d positions, want %d", s, b.NumHexes(), want)
		}
	}
}

// BOARDS B4–B12 on a board: dense indices and adjacency agree with the
// geometry, for every scenario.
func TestBoardIndices(t *testing.T) {
	for _, s := range Scenarios() {
		b, err := New(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for c := 0; c < b.NumCorners(); c++ {
			k := b.Corner(c)
			if b.CornerIndex(k) != c || !k.Valid() {
				t.Fatalf("%v: corner %d %v indexes back to %d", s, c, k, b.CornerIndex(k))
			}
			if c > 0 && b.Corner(c-1).Compare(k) >= 0 {
				t.Errorf("%v: corners %v, %v out of B8 order", s, b.Corner(c-1), k)
			}
			ps := k.Positions()
			touches := false
			for i, h := range b.CornerHexes(c) {
				if h >= 0 && b.HexPos(h) != ps[i] || h < 0 && !b.IsFrame(ps[i]) {
					t.Errorf("%v: %v hex %d is %d, want %v", s, k, i, h, ps[i])
				}
				touches = touches || h >= 0
			}
			if !touches {
				t.Errorf("%v: corner %v touches no board position", s, k)
			}
			es, as := b.CornerEdges(c), b.CornerAdjacent(c)
			if len(es) != len(as) || len(es) < 2 || len(es) > 3 {
				t.Fatalf("%v: %v has %d edges, %d adjacent", s, k, len(es), len(as))
			}
			for i, e := range es {
				ends := b.EdgeEnds(e)
				if !(ends[0] == c && ends[1] == as[i] || ends[1] == c && ends[0] == as[i]) {
					t.Errorf("%v: %v edge %v does not join it to %v", s, k, b.Edge(e), b.Corner(as[i]))
				}
				if b.EdgeBetween(c, as[i]) != e {
					t.Errorf("%v: EdgeBetween(%v, %v) != %v", s, k, b.Corner(as[i]), b.Edge(e))
				}
			}
		}
		for e := 0; e < b.NumEdges(); e++ {
			x := b.Edge(e)
			if b.EdgeIndex(x) != e || !x.Valid() {
				t.Fatalf("%v: edge %d %v indexes back to %d", s, e, x, b.EdgeIndex(x))
			}
			if e > 0 && b.Edge(e-1).Compare(x) >= 0 {
				t.Errorf("%v: edges %v, %v out of B12 order", s, b.Edge(e-1), x)
			}
			ends := x.Ends()
			if got := b.EdgeEnds(e); b.Corner(got[0]) != ends[0] || b.Corner(got[1]) != ends[1] {
				t.Errorf("%v: EdgeEnds(%v) = %v %v, want %v", s, x, b.Corner(got[0]), b.Corner(got[1]), ends)
			}
			hs := b.EdgeHexes(e)
			if hs[0] < 0 && hs[1] < 0 {
				t.Errorf("%v: edge %v has no board side", s, x)
			}
			for i, p := range []Pos{x.A, x.B} {
				if hs[i] >= 0 && b.HexPos(hs[i]) != p || hs[i] < 0 && !b.IsFrame(p) {
					t.Errorf("%v: %v side %d is %d, want %v", s, x, i, hs[i], p)
				}
			}
		}
		for h := 0; h < b.NumHexes(); h++ {
			p := b.HexPos(h)
			cs, es, ns := b.HexCorners(h), b.HexSides(h), b.HexNeighbours(h)
			for i, k := range p.Corners() {
				if b.Corner(cs[i]) != k {
					t.Errorf("%v: %v corner %d = %v, want %v", s, p, i, b.Corner(cs[i]), k)
				}
			}
			for i, x := range p.Sides() {
				if b.Edge(es[i]) != x {
					t.Errorf("%v: %v side %d = %v, want %v", s, p, i, b.Edge(es[i]), x)
				}
			}
			for i, q := range p.Neighbours() {
				if ns[i] >= 0 && b.HexPos(ns[i]) != q || ns[i] < 0 && !b.IsFrame(q) {
					t.Errorf("%v: %v neighbour %d = %d, want %v", s, p, i, ns[i], q)
				}
			}
		}
		// Names not on this board.
		for _, k := range []Corner{{}, {Pos{3, 7}, VertexNE}, {Pos{0, 0}, VertexN}, {Pos{30, 7}, VertexS}} {
			if b.CornerIndex(k) != -1 {
				t.Errorf("%v: CornerIndex(%#v) = %d, want -1", s, k, b.CornerIndex(k))
			}
		}
		for _, x := range []Edge{{}, {Pos{3, 9}, Pos{3, 7}}, {Pos{0, 2}, Pos{0, 4}}, {Pos{3, 7}, Pos{3, 11}}} {
			if b.EdgeIndex(x) != -1 {
				t.Errorf("%v: EdgeIndex(%v) = %d, want -1", s, x, b.EdgeIndex(x))
			}
		}
		if b.EdgeBetween(0, b.NumCorners()-1) != -1 {
			t.Errorf("%v: EdgeBetween of far corners is not -1", s)
		}
	}
}

// BOARDS B16: corner and edge kinds, with the examples of RULES D10 and the
// frame as sea (B15).
func TestB16Kinds(t *testing.T) {
	type cornerCase struct {
		c             string
		land, coastal bool
	}
	type edgeCase struct {
		e          string
		kind       EdgeKind
		road, ship bool
	}
	tests := []struct {
		s       Scenario
		corners []cornerCase
		edges   []edgeCase
	}{
		{Base, []cornerCase{
			{"E8.n", true, false}, {"C6.n", true, true}, {"A6.s", false, false}, {"B5.n", false, false}, {"D5.n", true, true}, {"D7.n", true, false},
		}, []edgeCase{
			{"D7-E8", LandEdge, true, false},
			{"B5-C6", CoastalEdge, true, true},
			{"B5-B7", SeaEdge, false, true},
			{"A6-B5", SeaEdge, false, true}, // frame and sea
		}},
		{NewShores, []cornerCase{
			{"B5.n", true, true}, {"D5.n", true, true}, {"F7.n", true, false},
		}, []edgeCase{
			{"D5-E4", LandEdge, true, false},     // RULES D10: no ship between two land hexes
			{"C4-C6", SeaEdge, false, true},      // RULES D10: no road between two sea hexes
			{"C4-D5", CoastalEdge, true, true},   // RULES D10: coastal
			{"A4-B5", CoastalEdge, true, true},   // land and frame (B15)
			{"B13-C14", CoastalEdge, true, true}, // sea and land
		}},
		{FogIsland, []cornerCase{
			{"C10.n", false, false}, {"C12.n", true, false}, {"C12.s", true, false}, {"B7.s", true, true},
		}, []edgeCase{
			{"B11-B13", NoEdgeKind, false, false}, // fog and fog
			{"B9-B11", SeaEdge, false, true},      // sea and fog: no land side, one sea side
			{"A12-B11", NoEdgeKind, false, true},  // frame and fog: a ship may go (S17)
			{"B13-C12", NoEdgeKind, true, false},  // fog and land: a road may go (S17)
			{"C12-D11", NoEdgeKind, true, false},
		}},
	}
	for _, tt := range tests {
		b := fixedBoard(t, tt.s)
		for _, c := range tt.corners {
			i := corner(t, b, c.c)
			if b.LandCorner(i) != c.land || b.CoastalCorner(i) != c.coastal {
				t.Errorf("%v %s: land %v coastal %v, want %v %v", tt.s, c.c, b.LandCorner(i), b.CoastalCorner(i), c.land, c.coastal)
			}
		}
		for _, e := range tt.edges {
			i := edge(t, b, e.e)
			if b.EdgeKind(i) != e.kind || b.RoadEdge(i) != e.road || b.ShipEdge(i) != e.ship {
				t.Errorf("%v %s: kind %q road %v ship %v, want %q %v %v", tt.s, e.e, b.EdgeKind(i), b.RoadEdge(i), b.ShipEdge(i), e.kind, e.road, e.ship)
			}
		}
	}
	// Every corner and edge of every fixed board, against the definition.
	for _, s := range fixedScenarios() {
		b := fixedBoard(t, s)
		class := func(h int) string {
			switch {
			case h < 0:
				return "frame"
			case b.Hex(h).Terrain.IsLand():
				return "land"
			case b.Hex(h).Terrain == Sea:
				return "sea"
			}
			return "fog"
		}
		for c := 0; c < b.NumCorners(); c++ {
			var n = map[string]int{}
			for _, h := range b.CornerHexes(c) {
				n[class(h)]++
			}
			land, coastal := n["land"] > 0, n["land"] > 0 && n["sea"]+n["frame"] > 0
			if b.LandCorner(c) != land || b.CoastalCorner(c) != coastal || b.CornerUnexplored(c) != (n["fog"] > 0) {
				t.Errorf("%v %v: flags wrong for %v", s, b.Corner(c), n)
			}
		}
		for e := 0; e < b.NumEdges(); e++ {
			hs := b.EdgeHexes(e)
			a, z := class(hs[0]), class(hs[1])
			want := NoEdgeKind
			switch {
			case a == "land" && z == "land":
				want = LandEdge
			case a == "land" && (z == "sea" || z == "frame"), z == "land" && (a == "sea" || a == "frame"):
				want = CoastalEdge
			case a != "land" && z != "land" && (a == "sea" || z == "sea"):
				want = SeaEdge
			}
			if b.EdgeKind(e) != want {
				t.Errorf("%v %v (%s|%s): kind %q, want %q", s, b.Edge(e), a, z, b.EdgeKind(e), want)
			}
		}
	}
}

// BOARDS B17: islands and areas of every fixed board.
func TestB17IslandsAndAreas(t *testing.T) {
	islands := map[Scenario]int{Base: 1, NewShores: 4, FourIslands: 4, FogIsland: 3, ThroughTheDesert: 3,
		ForgottenTribe: 7, ClothForCatan: 6, PirateIslands: 6, WondersOfCatan: 3}
	for _, s := range fixedScenarios() {
		b := fixedBoard(t, s)
		if b.NumIslands() != islands[s] {
			t.Errorf("%v: %d islands, want %d", s, b.NumIslands(), islands[s])
		}
		// Every land corner touches land hexes of exactly one island.
		for c := 0; c < b.NumCorners(); c++ {
			seen := map[int]bool{}
			for _, h := range b.CornerHexes(c) {
				if h >= 0 && b.Hex(h).Terrain.IsLand() {
					seen[b.Island(h)] = true
				}
			}
			if b.LandCorner(c) != (len(seen) == 1) || (len(seen) == 1 && !seen[b.CornerIsland(c)]) {
				t.Errorf("%v %v: touches islands %v, CornerIsland %d", s, b.Corner(c), seen, b.CornerIsland(c))
			}
			if !b.LandCorner(c) && (b.CornerIsland(c) != -1 || b.CornerArea(c) != -1) {
				t.Errorf("%v %v: no land corner but island %d area %d", s, b.Corner(c), b.CornerIsland(c), b.CornerArea(c))
			}
			// No corner touches two areas other than `desert` (B17).
			areas := map[string]bool{}
			for _, h := range b.CornerHexes(c) {
				if h >= 0 && b.HexArea(h) >= 0 && b.Areas()[b.HexArea(h)].Name != "desert" {
					areas[b.Areas()[b.HexArea(h)].Name] = true
				}
			}
			if len(areas) > 1 {
				t.Errorf("%v %v touches areas %v", s, b.Corner(c), areas)
			}
		}
		// Every land hex is in an area; areas are unions of islands except
		// where through-the-desert's belt joins them.
		for h := 0; h < b.NumHexes(); h++ {
			if b.Hex(h).Terrain.IsLand() != (b.HexArea(h) >= 0) {
				t.Errorf("%v %v: land %v but area %d", s, b.HexPos(h), b.Hex(h).Terrain.IsLand(), b.HexArea(h))
			}
		}
		for i := 0; i < b.NumIslands(); i++ {
			names := map[string]bool{}
			for _, h := range b.IslandHexes(i) {
				names[b.Areas()[b.HexArea(h)].Name] = true
			}
			if len(names) != 1 && !(s == ThroughTheDesert && len(names) == 3 && names["main"] && names["desert"] && names["strip"]) {
				t.Errorf("%v: island %d spans areas %v", s, i, names)
			}
		}
		for a := range b.Areas() {
			if len(b.AreaHexes(a)) == 0 {
				t.Errorf("%v: area %s has no hex", s, b.Areas()[a].Name)
			}
		}
	}
}

// BOARDS B17 and S95: corners on the desert belt of
// through-the-desert.
func TestB17ThroughTheDesertCorners(t *testing.T) {
	b := fixedBoard(t, ThroughTheDesert)
	for c, want := range map[string]string{
		"E10.s": "main",  // E10 main, F9 main, F11 desert
		"G10.n": "main",  // F9 main, F11 desert, G10 desert
		"H9.n":  "main",  // G8 main, G10 desert, H9 sea
		"F11.s": "strip", // F11, G10 desert, G12 strip
		"G10.s": "strip", // G10 desert, H9 sea, H11 strip
		"F13.s": "strip",
		"E12.s": "main",
		"B5.n":  "west",
		"F3.s":  "southwest",
	} {
		a := b.CornerArea(corner(t, b, c))
		if a < 0 || b.Areas()[a].Name != want {
			t.Errorf("CornerArea(%s) = %d, want %s", c, a, want)
		}
	}
	// The belt cuts the strip from the main part: no corner touches both.
	for c := 0; c < b.NumCorners(); c++ {
		var names []string
		for _, h := range b.CornerHexes(c) {
			if h >= 0 && b.HexArea(h) >= 0 {
				names = append(names, b.Areas()[b.HexArea(h)].Name)
			}
		}
		if slices.Contains(names, "main") && slices.Contains(names, "strip") {
			t.Errorf("%v touches main and strip", b.Corner(c))
		}
	}
}

// BOARDS B18: the harbours of every fixed layout lie on coastal edges, serve
// their land hex, and share no corner; forgotten-tribe's harbour gifts too.
func TestB18FixedHarbours(t *testing.T) {
	for _, s := range fixedScenarios() {
		b := fixedBoard(t, s)
		sites := b.Sites()
		want := map[Scenario]int{Base: 9, NewShores: 9, FourIslands: 10, FogIsland: 9, ThroughTheDesert: 9,
			ForgottenTribe: 6, ClothForCatan: 9, PirateIslands: 8, WondersOfCatan: 9}[s]
		if len(sites) != want {
			t.Errorf("%v: %d harbour locations, want %d", s, len(sites), want)
		}
		checkHarbours(t, b, sites)
		if s == ForgottenTribe {
			if len(b.Harbours()) != 0 {
				t.Errorf("forgotten-tribe starts with harbours %v, want none (S101)", b.Harbours())
			}
			continue
		}
		if len(b.Harbours()) != len(sites) {
			t.Errorf("%v: %d harbours on the board, %d sites", s, len(b.Harbours()), len(sites))
		}
		hs := b.Harbours()
		for i := 1; i < len(hs); i++ {
			if hs[i-1].Edge.Compare(hs[i].Edge) >= 0 {
				t.Errorf("%v: harbours out of edge order", s)
			}
		}
		for _, h := range hs {
			e := edge(t, b, h.Edge.String())
			ends := b.EdgeEnds(e)
			if b.EdgeHarbour(e) != h.Kind || b.CornerHarbour(ends[0]) != h.Kind || b.CornerHarbour(ends[1]) != h.Kind {
				t.Errorf("%v: lookups of harbour %v disagree", s, h)
			}
		}
	}
}

// checkHarbours checks B18 for a list of harbours on a board.
func checkHarbours(t *testing.T, b *Board, hs []Harbour) {
	t.Helper()
	used := map[Corner]Harbour{}
	for _, h := range hs {
		e := b.EdgeIndex(h.Edge)
		if e < 0 || b.EdgeKind(e) != CoastalEdge {
			t.Errorf("%v: harbour %v %v is not on a coastal edge", b.Scenario(), h.Edge, h.Kind)
			continue
		}
		if l := b.HexIndex(h.Land); l < 0 || !b.Hex(l).Terrain.IsLand() || (h.Land != h.Edge.A && h.Land != h.Edge.B) {
			t.Errorf("%v: harbour %v serves %v, which is not its land side", b.Scenario(), h.Edge, h.Land)
		}
		if h.Kind == NoHarbour {
			t.Errorf("%v: harbour %v has no kind", b.Scenario(), h.Edge)
		}
		for _, c := range h.Edge.Ends() {
			if o, ok := used[c]; ok {
				t.Errorf("%v: harbours %v and %v share the corner %v (B18)", b.Scenario(), o.Edge, h.Edge, c)
			}
			used[c] = h
		}
	}
}

// BOARDS §7–§12: the robber and pirate starts and the scenario marks.
func TestScenarioStarts(t *testing.T) {
	tests := []struct {
		s              Scenario
		robber, pirate string
	}{
		{Base, "E8", ""}, {NewShores, "F7", "E14"}, {FourIslands, "D9", "E14"}, {FogIsland, "C12", "B9"},
		{ThroughTheDesert, "F11", "B9"}, {ForgottenTribe, "B11", "B9"}, {ClothForCatan, "D3", "E14"},
		{PirateIslands, "", ""}, {WondersOfCatan, "E6", ""},
	}
	for _, tt := range tests {
		b := fixedBoard(t, tt.s)
		r, ok := b.Robber()
		if (tt.robber == "") == ok || ok && r.String() != tt.robber {
			t.Errorf("%v: robber %v %v, want %q", tt.s, r, ok, tt.robber)
		}
		if ok && !b.Hex(b.HexIndex(r)).Terrain.IsLand() {
			t.Errorf("%v: robber on %v", tt.s, b.Hex(b.HexIndex(r)).Terrain)
		}
		// The rule that places the robber after a variable deal gives the
		// fixed layout's start.
		if ok && b.robberStart() != b.HexIndex(r) {
			t.Errorf("%v: the robber rule gives %d, the fixed start is %v", tt.s, b.robberStart(), r)
		}
		p, ok := b.Pirate()
		if (tt.pirate == "") == ok || ok && p.String() != tt.pirate {
			t.Errorf("%v: pirate %v %v, want %q", tt.s, p, ok, tt.pirate)
		}
		if ok && b.Hex(b.HexIndex(p)).Terrain != Sea {
			t.Errorf("%v: pirate on %v", tt.s, b.Hex(b.HexIndex(p)).Terrain)
		}
	}
	nw, err := New(NewWorld, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := nw.Robber(); ok {
		t.Errorf("new-world: robber on the board, want off (S46)")
	}
	if _, ok := nw.Pirate(); ok {
		t.Errorf("new-world: pirate on the board, want off (S46)")
	}
}

// BOARDS §12.1: the forgotten tribe's gifts.
func TestForgottenTribeGifts(t *testing.T) {
	b := fixedBoard(t, ForgottenTribe)
	gifts := b.Gifts()
	n := map[GiftKind]int{}
	for i, g := range gifts {
		n[g.Kind]++
		if i > 0 && gifts[i-1].Edge.Compare(g.Edge) >= 0 {
			t.Errorf("gifts out of edge order at %v", g.Edge)
		}
		e := edge(t, b, g.Edge.String())
		hs := b.EdgeHexes(e)
		// Every gift edge lies between a small-island hex and the frame.
		land := hs[0]
		if land < 0 {
			land = hs[1]
		}
		if b.EdgeKind(e) != CoastalEdge || (hs[0] >= 0) == (hs[1] >= 0) || b.Areas()[b.HexArea(land)].Name == "main" {
			t.Errorf("gift edge %v is not between a small island and the frame", g.Edge)
		}
		if (g.Kind == GiftHarbour) != (g.Harbour != NoHarbour) {
			t.Errorf("gift %v: kind %v harbour %v", g.Edge, g.Kind, g.Harbour)
		}
	}
	if n[GiftSVP] != 8 || n[GiftCard] != 4 || n[GiftHarbour] != 6 {
		t.Errorf("gifts %v, want 8 svp, 4 card, 6 harbour", n)
	}
	if len(fixedBoard(t, Base).Gifts()) != 0 {
		t.Errorf("base has gifts")
	}
	for _, a := range b.Areas() {
		if a.Name != "main" && (!a.Closed || a.Setup) || a.Name == "main" && (!a.Setup || a.Closed) {
			t.Errorf("area %+v flags wrong (S101, S102)", a)
		}
	}
}

// BOARDS §12.2: the villages of cloth-for-catan.
func TestClothVillages(t *testing.T) {
	b := fixedBoard(t, ClothForCatan)
	vs := b.Villages()
	if len(vs) != 8 {
		t.Fatalf("%d villages, want 8", len(vs))
	}
	nums := map[int]int{}
	for i, v := range vs {
		nums[v.Number]++
		if i > 0 && vs[i-1].Corner.Compare(v.Corner) >= 0 {
			t.Errorf("villages out of corner order at %v", v.Corner)
		}
		c := corner(t, b, v.Corner.String())
		if a := b.CornerArea(c); a < 0 || b.Areas()[a].Name != v.Area || !b.Areas()[a].Closed {
			t.Errorf("village %v: corner area %d, want the closed %s", v.Corner, a, v.Area)
		}
	}
	for _, n := range []int{3, 4, 5, 6, 8, 9, 10, 11} {
		if nums[n] != 1 {
			t.Errorf("villages hold %d tokens %d, want 1", nums[n], n)
		}
	}
}

// BOARDS §12.3: the pirate islands' bases, routes and fleet path.
func TestPirateIslandsMarks(t *testing.T) {
	b := fixedBoard(t, PirateIslands)
	east := b.AreaIndex("east")
	bases := b.PirateBases()
	if len(bases) != 4 {
		t.Fatalf("%d bases, want 4", len(bases))
	}
	for i, pb := range bases {
		if pb.Colour != []string{"red", "blue", "orange", "white"}[i] {
			t.Errorf("base %d is %s", i, pb.Colour)
		}
		if b.CornerArea(corner(t, b, pb.Settlement.String())) != east {
			t.Errorf("%s: settlement %v not on the east island", pb.Colour, pb.Settlement)
		}
		if !pb.Ship.Joins(pb.Settlement) || !b.ShipEdge(edge(t, b, pb.Ship.String())) {
			t.Errorf("%s: ship %v does not leave its settlement %v by sea", pb.Colour, pb.Ship, pb.Settlement)
		}
		if !slices.Contains(pb.Route, pb.Ship) {
			t.Errorf("%s: the ship %v is not on its route", pb.Colour, pb.Ship)
		}
		// The route is one connected set of ship edges reaching the lone
		// corner and the fortress.
		reach := map[Corner]bool{}
		for _, c := range pb.Ship.Ends() {
			reach[c] = true
		}
		for changed := true; changed; {
			changed = false
			for _, e := range pb.Route {
				ends := e.Ends()
				if reach[ends[0]] != reach[ends[1]] {
					reach[ends[0]], reach[ends[1]] = true, true
					changed = true
				}
			}
		}
		for _, e := range pb.Route {
			if !b.ShipEdge(edge(t, b, e.String())) || !reach[e.Ends()[0]] {
				t.Errorf("%s: route edge %v is no reachable ship edge", pb.Colour, e)
			}
		}
		if !reach[pb.Lone] || !reach[pb.Fortress] {
			t.Errorf("%s: the route does not reach %v and %v", pb.Colour, pb.Lone, pb.Fortress)
		}
		fa := b.CornerArea(corner(t, b, pb.Fortress.String()))
		if fa < 0 || b.Areas()[fa].Name[:7] != "pirate-" {
			t.Errorf("%s: fortress %v not on a pirate island", pb.Colour, pb.Fortress)
		}
		if !b.LandCorner(corner(t, b, pb.Lone.String())) {
			t.Errorf("%s: lone corner %v is not land", pb.Colour, pb.Lone)
		}
	}
	path := b.FleetPath()
	if len(path) != 14 || path[0].String() != "H11" {
		t.Fatalf("fleet path %v, want 14 hexes from H11", path)
	}
	for i, p := range path {
		if h := b.HexIndex(p); h < 0 || b.Hex(h).Terrain != Sea {
			t.Errorf("fleet path %v is not a sea hex", p)
		}
		if p.DirTo(path[(i+1)%len(path)]) == NoDir {
			t.Errorf("fleet path %v → %v is no step", p, path[(i+1)%len(path)])
		}
	}
	if _, ok := b.Robber(); ok {
		t.Errorf("pirate-islands has a robber")
	}
}

// BOARDS §12.4: the special corners of wonders-of-catan.
func TestWondersMarks(t *testing.T) {
	b := fixedBoard(t, WondersOfCatan)
	n := map[CornerMark]int{}
	for _, m := range b.MarkedCorners() {
		n[m.Mark]++
		c := corner(t, b, m.Corner.String())
		if !b.LandCorner(c) || b.CornerMarkAt(m.Corner) != m.Mark {
			t.Errorf("%v %v: not a land corner or lookup wrong", m.Mark, m.Corner)
		}
	}
	if n[Wasteland] != 5 || n[Strait] != 2 || n[Exclamation] != 4 {
		t.Errorf("marks %v, want 5 wasteland, 2 strait, 4 exclamation", n)
	}
	if b.CornerMarkAt(mustCorner(t, "E8.n")) != NoMark {
		t.Errorf("E8.n is marked")
	}
	// The wasteland touches the deserts.
	for _, m := range b.MarkedCorners() {
		if m.Mark != Wasteland {
			continue
		}
		desert := false
		for _, h := range b.CornerHexes(b.CornerIndex(m.Corner)) {
			desert = desert || h >= 0 && b.Hex(h).Terrain == Desert
		}
		if !desert {
			t.Errorf("wasteland %v touches no desert", m.Corner)
		}
	}
}

// BOARDS §10 and S99–S100: fog positions, exploring.
func TestFogIsland(t *testing.T) {
	b := fixedBoard(t, FogIsland)
	if got := len(b.Unexplored()); got != 18 {
		t.Errorf("%d fog positions, want 18", got)
	}
	fs, ok := b.FogStack()
	if !ok {
		t.Fatal("no fog stack")
	}
	tiles := 0
	for _, n := range fs.Tiles {
		tiles += n
	}
	if tiles != 18 || len(fs.Numbers) != 8 {
		t.Errorf("fog stack: %d tiles, %d numbers", tiles, len(fs.Numbers))
	}
	c := corner(t, b, "C12.n") // touches B11, B13 (fog) and C12
	if !b.CornerUnexplored(c) {
		t.Errorf("C12.n is not unexplored")
	}
	b2, err := b.Explore(mustPos(t, "B11"), Hex{Terrain: Pasture, Number: 5})
	if err != nil {
		t.Fatal(err)
	}
	b3, err := b2.Explore(mustPos(t, "B13"), Hex{Terrain: Sea})
	if err != nil {
		t.Fatal(err)
	}
	if b.Hex(hex(t, b, "B11")).Terrain != Fog {
		t.Errorf("Explore changed the receiver")
	}
	if b3.CornerUnexplored(c) || !b3.CoastalCorner(c) {
		t.Errorf("C12.n after exploring: unexplored %v coastal %v", b3.CornerUnexplored(c), b3.CoastalCorner(c))
	}
	// B11 joins the gold island C12 (S100).
	if b3.Island(hex(t, b3, "B11")) != b3.Island(hex(t, b3, "C12")) || b3.NumIslands() != 3 {
		t.Errorf("B11 does not join C12's island")
	}
	if b3.HexArea(hex(t, b3, "B11")) != -1 {
		t.Errorf("a revealed hex has an area")
	}
	if k := b3.EdgeKind(edge(t, b3, "B11-C12")); k != LandEdge {
		t.Errorf("B11-C12 is %q, want land", k)
	}
	if len(b3.Unexplored()) != 16 {
		t.Errorf("%d unexplored after two explorations", len(b3.Unexplored()))
	}
	for _, bad := range []struct {
		at string
		x  Hex
	}{
		{"B11", Hex{Terrain: Sea}}, // no longer fog
		{"B9", Hex{Terrain: Sea}},  // never fog
		{"A10", Hex{Terrain: Sea}}, // frame
		{"C10", Hex{Terrain: Fog}}, // fog is no tile
		{"C10", Hex{Terrain: Desert, Number: 5}},
		{"C10", Hex{Terrain: Hills, Number: 7}},
		{"C10", Hex{Terrain: Sea, Number: 3}},
	} {
		var ce *ChangeError
		if _, err := b3.Explore(mustPos(t, bad.at), bad.x); !errors.As(err, &ce) {
			t.Errorf("Explore(%s, %+v) = %v, want a *ChangeError", bad.at, bad.x, err)
		}
	}
}

// S105 and B18: placing a harbour gift.
func TestPlaceHarbour(t *testing.T) {
	b := fixedBoard(t, ForgottenTribe)
	b2, err := b.PlaceHarbour(mustEdge(t, "D3-E2"), HarbourOre)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Harbours()) != 0 || len(b2.Harbours()) != 1 {
		t.Fatalf("harbours before %v after %v", b.Harbours(), b2.Harbours())
	}
	if h := b2.Harbours()[0]; h.Land.String() != "D3" || h.Kind != HarbourOre {
		t.Errorf("placed %+v", h)
	}
	if b2.CornerHarbour(corner(t, b2, "D3.s")) != HarbourOre {
		t.Errorf("D3.s is no harbour corner")
	}
	for _, bad := range []struct {
		e string
		k HarbourKind
	}{
		{"D3-E4", HarbourWool}, // shares D3.s (B18)
		{"D3-E2", HarbourWool}, // the same edge
		{"D5-E4", HarbourWool}, // land edge
		{"C4-C6", HarbourWool}, // sea edge
		{"A2-A4", HarbourWool}, // not on the board
		{"C2-D3", HarbourUnknown},
		{"C2-D3", NoHarbour},
	} {
		var ce *ChangeError
		if _, err := b2.PlaceHarbour(mustEdge(t, bad.e), bad.k); !errors.As(err, &ce) {
			t.Errorf("PlaceHarbour(%s, %v) = %v, want a *ChangeError", bad.e, bad.k, err)
		}
	}
	// A gift still on its edge does not block (S105): A4-B5 carries one.
	if _, err := b2.PlaceHarbour(mustEdge(t, "B3-B5"), Harbour3to1); err != nil {
		t.Errorf("PlaceHarbour next to a gift edge: %v", err)
	}
}

func TestEnumStrings(t *testing.T) {
	for k, w := range map[EdgeKind]string{NoEdgeKind: "", LandEdge: "land", CoastalEdge: "coastal", SeaEdge: "sea"} {
		if k.String() != w {
			t.Errorf("EdgeKind %d = %q, want %q", int(k), k.String(), w)
		}
	}
	for k, w := range map[GiftKind]string{NoGift: "", GiftSVP: "svp", GiftCard: "card", GiftHarbour: "harbour"} {
		if k.String() != w {
			t.Errorf("GiftKind %d = %q, want %q", int(k), k.String(), w)
		}
	}
	for k, w := range map[CornerMark]string{NoMark: "", Wasteland: "wasteland", Strait: "strait", Exclamation: "exclamation"} {
		if k.String() != w {
			t.Errorf("CornerMark %d = %q, want %q", int(k), k.String(), w)
		}
	}
	for tr := NoTerrain; tr <= Unknown+1; tr++ {
		if tr == NoTerrain || tr > Unknown {
			if tr.String() != "" {
				t.Errorf("Terrain(%d) = %q", int(tr), tr.String())
			}
			continue
		}
		got, err := ParseTerrain(tr.String())
		if err != nil || got != tr {
			t.Errorf("ParseTerrain(%q) = %v, %v", tr.String(), got, err)
		}
	}
	if _, err := ParseTerrain("ocean"); err == nil {
		t.Errorf("ParseTerrain(ocean) succeeded")
	}
	for k := HarbourBrick; k <= HarbourUnknown; k++ {
		got, err := ParseHarbourKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseHarbourKind(%q) = %v, %v", k.String(), got, err)
		}
	}
	if _, err := ParseHarbourKind("2:1"); err == nil {
		t.Errorf("ParseHarbourKind(2:1) succeeded")
	}
	if HarbourOre.Ratio() != 2 || Harbour3to1.Ratio() != 3 || HarbourUnknown.Ratio() != 0 || NoHarbour.Ratio() != 0 {
		t.Errorf("ratios wrong")
	}
	if !Gold.Produces() || Desert.Produces() || !Desert.IsLand() || Sea.IsLand() || Fog.IsLand() {
		t.Errorf("terrain predicates wrong")
	}
}

// TestEdgeIndexOracle checks EdgeIndex against the board's own list of
// edges (B12) for every pair of positions around the board at most three
// rows and four columns apart, and for pairs at the ends of the int8
// range: an edge's index where the pair is one of the board's edges, in
// its canonical order, and -1 for every other pair.
func TestEdgeIndexOracle(t *testing.T) {
	for _, s := range Scenarios() {
		b, err := New(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[Edge]int{}
		rows, cols := int8(0), int8(0)
		for e := 0; e < b.NumEdges(); e++ {
			x := b.Edge(e)
			want[x] = e
			rows, cols = max(rows, x.A.Row, x.B.Row), max(cols, x.A.Col, x.B.Col)
		}
		var as []Pos
		for r := int8(-2); r <= rows+2; r++ {
			for c := int8(-3); c <= cols+3; c++ {
				as = append(as, Pos{r, c})
			}
		}
		as = append(as, Pos{127, 127}, Pos{-128, -128}, Pos{127, -128}, Pos{-128, 127})
		for _, a := range as {
			for dr := int8(-3); dr <= 3; dr++ {
				for dc := int8(-4); dc <= 4; dc++ {
					x := Edge{a, Pos{a.Row + dr, a.Col + dc}}
					w, ok := want[x]
					if !ok {
						w = -1
					}
					if got := b.EdgeIndex(x); got != w {
						t.Fatalf("%v: EdgeIndex(%v) = %d, want %d", s, x, got, w)
					}
				}
			}
		}
	}
}
