package board

import (
	"errors"
	"slices"
	"testing"
)

func mustCorner(t *testing.T, s string) Corner {
	t.Helper()
	c, err := ParseCorner(s)
	if err != nil {
		t.Fatalf("ParseCorner(%q): %v", s, err)
	}
	return c
}

// BOARDS B5: canonical names and aliases.
func TestB5CornerAliases(t *testing.T) {
	tests := []struct{ in, want string }{
		{"D7.n", "D7.n"},
		{"d7.N", "D7.n"},
		{"C8.s", "C8.s"},
		{"D7.ne", "C8.s"},
		{"D9.nw", "C8.s"},
		{"D7.sw", "E6.n"},
		{"E8.nw", "D7.s"},
		{"D7.se", "E8.n"},
		{"D7.nw", "C6.s"},
		{"B5.ne", "A6.s"},
		{"A6.S", "A6.s"},
		{"I14.n", "I14.n"},
		{"A0.n", "A0.n"},
	}
	for _, tt := range tests {
		c, err := ParseCorner(tt.in)
		if err != nil {
			t.Errorf("ParseCorner(%q): %v", tt.in, err)
			continue
		}
		if got := c.String(); got != tt.want {
			t.Errorf("ParseCorner(%q) = %s, want %s", tt.in, got, tt.want)
		}
		if !c.Valid() {
			t.Errorf("ParseCorner(%q) = %v is not Valid", tt.in, c)
		}
	}
}

// BOARDS B5: what is not a corner.
func TestB5CornerErrors(t *testing.T) {
	for _, in := range []string{
		"", "D7", "D7.", "D7.e", "D7.w", "D7.x", "D8.n", "D7-D9", ".n",
		"A6.ne", // (−1, 7).s has no name
		"A6.nw",
		"A0.sw", // (1, −1).n has no name
		"Z25.se",
		"D7.n.s", "D07.n",
	} {
		c, err := ParseCorner(in)
		var ne *NameError
		if !errors.As(err, &ne) || ne.What != "corner" || ne.Input != in {
			t.Errorf("ParseCorner(%q) = %v, %v, want a *NameError", in, c, err)
		}
	}
}

// BOARDS B4: the six corners of a hex.
func TestB4CornersOfHex(t *testing.T) {
	var got []string
	for _, c := range mustPos(t, "D7").Corners() {
		got = append(got, c.String())
	}
	want := []string{"D7.n", "C8.s", "E8.n", "D7.s", "E6.n", "C6.s"}
	if !slices.Equal(got, want) {
		t.Errorf("D7.Corners() = %v, want %v", got, want)
	}
}

// BOARDS B6: positions at a corner.
func TestB6PositionsAtCorner(t *testing.T) {
	tests := []struct {
		c    string
		want []string
	}{
		{"D7.n", []string{"C6", "C8", "D7"}},
		{"D7.s", []string{"D7", "E6", "E8"}},
		{"A6.s", []string{"A6", "B5", "B7"}},
		{"D7.ne", []string{"C8", "D7", "D9"}},
	}
	for _, tt := range tests {
		var got []string
		for _, p := range mustCorner(t, tt.c).Positions() {
			got = append(got, p.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s.Positions() = %v, want %v", tt.c, got, tt.want)
		}
	}
}

// BOARDS B7 and B11: adjacent corners and edges at a corner.
func TestB7B11CornerNeighbourhood(t *testing.T) {
	tests := []struct {
		c     string
		adj   []string
		edges []string
	}{
		{"D7.n", []string{"B7.s", "C6.s", "C8.s"}, []string{"C6-C8", "C6-D7", "C8-D7"}},
		{"D7.s", []string{"E6.n", "E8.n", "F7.n"}, []string{"D7-E6", "D7-E8", "E6-E8"}},
	}
	for _, tt := range tests {
		c := mustCorner(t, tt.c)
		var adj, edges []string
		for i, a := range c.Adjacent() {
			adj = append(adj, a.String())
			e := c.Edges()[i]
			edges = append(edges, e.String())
			// Adjacent()[i] is the other end of Edges()[i].
			ends := e.Ends()
			if !(ends[0] == c && ends[1] == a || ends[1] == c && ends[0] == a) {
				t.Errorf("%s: edge %v joins %v, want %v and %v", tt.c, e, ends, c, a)
			}
		}
		if !slices.Equal(adj, tt.adj) {
			t.Errorf("%s.Adjacent() = %v, want %v", tt.c, adj, tt.adj)
		}
		if !slices.Equal(edges, tt.edges) {
			t.Errorf("%s.Edges() = %v, want %v", tt.c, edges, tt.edges)
		}
	}
}

// BOARDS B8: corner order.
func TestB8CornerOrder(t *testing.T) {
	in := []string{"D7.s", "C8.s", "D7.n", "B5.s", "B5.n", "C4.n"}
	want := []string{"B5.n", "B5.s", "C4.n", "C8.s", "D7.n", "D7.s"}
	var cs []Corner
	for _, s := range in {
		cs = append(cs, mustCorner(t, s))
	}
	slices.SortFunc(cs, Corner.Compare)
	var got []string
	for _, c := range cs {
		got = append(got, c.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("sorted = %v, want %v", got, want)
	}
}

// BOARDS B5–B7: every corner is the n or s corner of exactly one position,
// touches three positions that pairwise neighbour each other, and its
// adjacency is symmetric.
func TestB5B7CornerConsistency(t *testing.T) {
	for r := 2; r < 10; r++ {
		for c := r%2 + 2; c < 20; c += 2 {
			p := At(r, c)
			for v := VertexN; v <= VertexNW; v++ {
				k := CornerOf(p, v)
				if !k.Valid() {
					t.Fatalf("CornerOf(%v, %v) = %v invalid", p, v, k)
				}
				ps := k.Positions()
				if !slices.Contains(ps[:], p) {
					t.Errorf("%v.%v = %v does not touch %v", p, v, k, p)
				}
				for i := 0; i < 3; i++ {
					for j := i + 1; j < 3; j++ {
						if ps[i].DirTo(ps[j]) == NoDir {
							t.Errorf("%v: %v and %v are not neighbours", k, ps[i], ps[j])
						}
					}
				}
				for _, a := range k.Adjacent() {
					back := a.Adjacent()
					if !slices.Contains(back[:], k) {
						t.Errorf("%v adjacent to %v but not back", k, a)
					}
				}
			}
		}
	}
}

func TestVertexString(t *testing.T) {
	for v, w := range map[Vertex]string{NoVertex: "", VertexN: "n", VertexNE: "ne", VertexSE: "se", VertexS: "s", VertexSW: "sw", VertexNW: "nw", Vertex(-3): ""} {
		if got := v.String(); got != w {
			t.Errorf("Vertex(%d).String() = %q, want %q", int(v), got, w)
		}
	}
	if (Corner{}).Valid() {
		t.Errorf("the zero Corner is Valid")
	}
	if CornerOf(Pos{3, 7}, NoVertex) != (Corner{}) {
		t.Errorf("CornerOf(D7, NoVertex) is not the zero Corner")
	}
}
