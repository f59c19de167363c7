package board

import (
	"errors"
	"slices"
	"testing"
)

func mustEdge(t *testing.T, s string) Edge {
	t.Helper()
	e, err := ParseEdge(s)
	if err != nil {
		t.Fatalf("ParseEdge(%q): %v", s, err)
	}
	return e
}

// BOARDS B9: canonical names and aliases.
func TestB9EdgeAliases(t *testing.T) {
	tests := []struct{ in, want string }{
		{"C8-D7", "C8-D7"},
		{"D7-C8", "C8-D7"},
		{"d7-c8", "C8-D7"},
		{"D7.ne", "C8-D7"},
		{"D7.NE", "C8-D7"},
		{"D7.e", "D7-D9"},
		{"D9.w", "D7-D9"},
		{"D7.nw", "C6-D7"},
		{"D7.se", "D7-E8"},
		{"D7.sw", "D7-E6"},
		{"C8.sw", "C8-D7"},
		{"A6-B5", "A6-B5"},
		{"B5.ne", "A6-B5"},
		{"A4-A6", "A4-A6"},
	}
	for _, tt := range tests {
		e, err := ParseEdge(tt.in)
		if err != nil {
			t.Errorf("ParseEdge(%q): %v", tt.in, err)
			continue
		}
		if got := e.String(); got != tt.want || !e.Valid() {
			t.Errorf("ParseEdge(%q) = %s (valid %v), want %s", tt.in, got, e.Valid(), tt.want)
		}
	}
}

// BOARDS B9: what is not an edge.
func TestB9EdgeErrors(t *testing.T) {
	for _, in := range []string{
		"", "D7", "D7-", "-D7", "D7-D7", "D7-D11", "D7-B7", "D7-E7", "D7.n", "D7.s",
		"D7.x", "A6.ne", "A0.w", "A0.nw", "D7-C8-B9", "D7–C8", "D7.", "D7..ne",
	} {
		e, err := ParseEdge(in)
		var ne *NameError
		if !errors.As(err, &ne) || ne.What != "edge" || ne.Input != in {
			t.Errorf("ParseEdge(%q) = %v, %v, want a *NameError", in, e, err)
		}
	}
}

// BOARDS B10: edge endpoints.
func TestB10EdgeEnds(t *testing.T) {
	tests := []struct{ e, a, b string }{
		{"D7-D9", "C8.s", "E8.n"},
		{"C8-D7", "C8.s", "D7.n"},
		{"D7-E8", "D7.s", "E8.n"},
		{"D7-E6", "D7.s", "E6.n"},
		{"A6-B5", "A6.s", "B5.n"},
		{"E12-E14", "D13.s", "F13.n"},
		{"H3-H5", "G4.s", "I4.n"},
	}
	for _, tt := range tests {
		e := mustEdge(t, tt.e)
		ends := e.Ends()
		if ends[0].String() != tt.a || ends[1].String() != tt.b {
			t.Errorf("%s.Ends() = %v, want %s %s", tt.e, ends, tt.a, tt.b)
		}
		if !e.Joins(mustCorner(t, tt.a)) || !e.Joins(mustCorner(t, tt.b)) {
			t.Errorf("%s.Joins is false for an end", tt.e)
		}
		if e.Joins(mustCorner(t, "H11.n")) {
			t.Errorf("%s.Joins(H11.n) is true", tt.e)
		}
		// Both ends touch both sides (B6, B10).
		for _, c := range ends {
			ps, es := c.Positions(), c.Edges()
			if !slices.Contains(ps[:], e.A) || !slices.Contains(ps[:], e.B) {
				t.Errorf("%s: end %v does not touch both sides", tt.e, c)
			}
			if !slices.Contains(es[:], e) {
				t.Errorf("%s: end %v does not list it among its edges", tt.e, c)
			}
		}
	}
}

// BOARDS B12: edge order.
func TestB12EdgeOrder(t *testing.T) {
	in := []string{"D7-D9", "C8-D7", "C6-D7", "C6-C8", "A6-B5", "D7-E8", "D7-E6"}
	want := []string{"A6-B5", "C6-C8", "C6-D7", "C8-D7", "D7-D9", "D7-E6", "D7-E8"}
	var es []Edge
	for _, s := range in {
		es = append(es, mustEdge(t, s))
	}
	slices.SortFunc(es, Edge.Compare)
	var got []string
	for _, e := range es {
		got = append(got, e.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("sorted = %v, want %v", got, want)
	}
}

// BOARDS B9: the six sides of a hex.
func TestB9SidesOfHex(t *testing.T) {
	var got []string
	for _, e := range mustPos(t, "D7").Sides() {
		got = append(got, e.String())
	}
	want := []string{"D7-D9", "D5-D7", "C8-D7", "C6-D7", "D7-E8", "D7-E6"}
	if !slices.Equal(got, want) {
		t.Errorf("D7.Sides() = %v, want %v", got, want)
	}
	if SideOf(mustPos(t, "D7"), NoDir) != (Edge{}) {
		t.Errorf("SideOf(D7, NoDir) is not the zero Edge")
	}
	if _, ok := EdgeOf(mustPos(t, "D7"), mustPos(t, "D11")); ok {
		t.Errorf("EdgeOf(D7, D11) ok")
	}
	if (Edge{}).Valid() {
		t.Errorf("the zero Edge is Valid")
	}
}
