package board

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// touches returns the names of the positions at a corner with their fixed
// terrain and number ("C6 fields 12", "C2 frame").
func touches(t *testing.T, b *Board, c string) string {
	t.Helper()
	var out []string
	k := mustCorner(t, c)
	for i, h := range b.CornerHexes(corner(t, b, c)) {
		p := k.Positions()[i]
		switch {
		case h < 0:
			out = append(out, p.String()+" frame")
		case b.Hex(h).Number > 0:
			out = append(out, p.String()+" "+b.Hex(h).Terrain.String()+" "+strconv.Itoa(b.Hex(h).Number))
		default:
			out = append(out, p.String()+" "+b.Hex(h).Terrain.String())
		}
	}
	return strings.Join(out, ", ")
}

// The board facts the worked examples of RULES §21–§22 rely on: what a
// corner touches, where an edge leads, edge kinds and harbours.
func TestRulesExamples(t *testing.T) {
	corners := []struct {
		s    Scenario
		c    string
		want string
	}{
		{Base, "G8.n", "F7 mountains 3, F9 fields 4, G8 fields 6"},             // E1
		{Base, "D11.n", "C10 forest 9, C12 sea, D11 hills 10"},                 // E1
		{FogIsland, "D7.n", "C6 fields 12, C8 sea, D7 pasture 6"},              // E17
		{FogIsland, "C8.s", "C8 sea, D7 pasture 6, D9 sea"},                    // E17
		{FogIsland, "D9.n", "C8 sea, C10 fog, D9 sea"},                         // E17
		{ThroughTheDesert, "F9.s", "F9 fields 4, G8 pasture 6, G10 desert"},    // E18
		{ThroughTheDesert, "F11.s", "F11 desert, G10 desert, G12 mountains 5"}, // E18
		{ThroughTheDesert, "G10.n", "F9 fields 4, F11 desert, G10 desert"},     // E18
		{ForgottenTribe, "D3.n", "C2 frame, C4 sea, D3 pasture 4"},             // E19
		{ClothForCatan, "C8.n", "B7 fields 4, B9 mountains 10, C8 sea"},        // E20
		{ClothForCatan, "D9.n", "C8 sea, C10 sea, D9 desert"},                  // E20
	}
	for _, tt := range corners {
		if got := touches(t, fixedBoard(t, tt.s), tt.c); got != tt.want {
			t.Errorf("%v %s touches %s, want %s", tt.s, tt.c, got, tt.want)
		}
	}
	edges := []struct {
		e, a, b string
	}{
		{"C8-D7", "C8.s", "D7.n"},   // E17
		{"C8-D9", "C8.s", "D9.n"},   // E17
		{"F9-G10", "F9.s", "G10.n"}, // E18
		{"F11-G10", "F11.s", "G10.n"},
		{"C2-C4", "B3.s", "D3.n"}, // E19
		{"B3-C4", "B3.s", "C4.n"},
		{"B3-B5", "A4.s", "C4.n"},
		{"B9-C8", "B9.s", "C8.n"},     // E20
		{"C8-C10", "B9.s", "D9.n"},    // E20
		{"E12-E14", "D13.s", "F13.n"}, // D12
		{"E12-F13", "E12.s", "F13.n"}, // D12
	}
	for _, tt := range edges {
		ends := mustEdge(t, tt.e).Ends()
		if ends[0].String() != tt.a || ends[1].String() != tt.b {
			t.Errorf("%s joins %v, want %s and %s", tt.e, ends, tt.a, tt.b)
		}
	}

	// E19: red's coastal edges at D3.n are C2-D3 and C4-D3; C4-D3 takes the
	// brick harbour while the gifts lie on their edges.
	ft := fixedBoard(t, ForgottenTribe)
	var coastal []string
	for _, e := range ft.CornerEdges(corner(t, ft, "D3.n")) {
		if ft.EdgeKind(e) == CoastalEdge {
			coastal = append(coastal, ft.Edge(e).String())
		}
	}
	if !slices.Equal(coastal, []string{"C2-D3", "C4-D3"}) {
		t.Errorf("E19: coastal edges at D3.n %v", coastal)
	}
	if _, err := ft.PlaceHarbour(mustEdge(t, "C4-D3"), HarbourBrick); err != nil {
		t.Errorf("E19: harbour C4-D3: %v", err)
	}
	if g := ft.Gifts(); g[0].Edge.String() != "A4-B5" || g[0].Harbour != HarbourBrick {
		t.Errorf("E19: first gift %+v, want the brick harbour on A4-B5", g[0])
	}
	// E18: the setup areas of G10.n and F11.s.
	td := fixedBoard(t, ThroughTheDesert)
	for c, setup := range map[string]bool{"G10.n": true, "F11.s": false} {
		a := td.CornerArea(corner(t, td, c))
		if a < 0 || td.Areas()[a].Setup != setup {
			t.Errorf("E18: %s setup %v, want %v", c, a >= 0 && td.Areas()[a].Setup, setup)
		}
	}
	// E5: harbour corners of base.
	base := fixedBoard(t, Base)
	for c, k := range map[string]HarbourKind{"C8.n": HarbourWool, "B9.s": HarbourWool, "C6.n": Harbour3to1, "B5.s": Harbour3to1, "D7.n": NoHarbour} {
		if got := base.CornerHarbour(corner(t, base, c)); got != k {
			t.Errorf("E5: %s harbour %v, want %v", c, got, k)
		}
	}
	// D12: E12-E14 is a side of the pirate's hex E14 in four-islands.
	fi := fixedBoard(t, FourIslands)
	p, _ := fi.Pirate()
	sides := p.Sides()
	if !slices.Contains(sides[:], mustEdge(t, "E12-E14")) || slices.Contains(sides[:], mustEdge(t, "E12-F13")) {
		t.Errorf("D12: pirate %v sides %v", p, sides)
	}
	// D27: no main-island corner of fog-island touches fog.
	fog := fixedBoard(t, FogIsland)
	main := fog.AreaIndex("main")
	for c := 0; c < fog.NumCorners(); c++ {
		if fog.CornerArea(c) == main && fog.CornerUnexplored(c) {
			t.Errorf("D27: main corner %v touches fog", fog.Corner(c))
		}
	}
}
