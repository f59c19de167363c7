package board

import "strings"

// Vertex is one of the six corners of a hex (BOARDS B4). The zero Vertex is
// none.
type Vertex int8

// The six corners of a hex, clockwise from the top (B4).
const (
	NoVertex Vertex = iota
	VertexN
	VertexNE
	VertexSE
	VertexS
	VertexSW
	VertexNW
)

var vertexNames = [...]string{"", "n", "ne", "se", "s", "sw", "nw"}

// String returns the lower-case name of v ("n", "ne", …), or "" for NoVertex.
func (v Vertex) String() string {
	if v < 0 || int(v) >= len(vertexNames) {
		return ""
	}
	return vertexNames[v]
}

// Corner is a corner (the book's intersection) in canonical form (B5): the
// north or south corner of one position, so V is VertexN or VertexS. Corners
// built with CornerOf are canonical; the zero Corner is not a corner.
type Corner struct {
	At Pos
	V  Vertex
}

// CornerOf returns the canonical form of corner v of position p (B5):
// p.ne is (r−1, c+1).s, p.nw is (r−1, c−1).s, p.se is (r+1, c+1).n and p.sw
// is (r+1, c−1).n. The result may be invalid near the grid's limits (the ne
// corner of an A position has no name); NoVertex gives the zero Corner.
func CornerOf(p Pos, v Vertex) Corner {
	r, c := p.Row, p.Col
	switch v {
	case VertexN, VertexS:
		return Corner{p, v}
	case VertexNE:
		return Corner{Pos{r - 1, c + 1}, VertexS}
	case VertexNW:
		return Corner{Pos{r - 1, c - 1}, VertexS}
	case VertexSE:
		return Corner{Pos{r + 1, c + 1}, VertexN}
	case VertexSW:
		return Corner{Pos{r + 1, c - 1}, VertexN}
	}
	return Corner{}
}

// Valid reports whether c is a canonical corner with a nameable position.
func (c Corner) Valid() bool {
	return c.At.Valid() && (c.V == VertexN || c.V == VertexS)
}

// String returns the canonical name of c, such as "D7.n" or "C8.s" (B5). A
// corner that is not Valid prints as "Corner(pos,vertex)".
func (c Corner) String() string {
	if !c.Valid() {
		return "Corner(" + c.At.String() + "," + c.V.String() + ")"
	}
	return c.At.String() + "." + c.V.String()
}

// Append appends the corner as String prints it to b, without making a
// string.
func (c Corner) Append(b []byte) []byte {
	if !c.Valid() {
		return append(b, c.String()...)
	}
	return append(append(c.At.Append(b), '.'), c.V.String()...)
}

// Compare orders corners (B8): by the reading order of their positions, and
// the n corner before the s corner of one position. It returns -1, 0 or +1.
func (c Corner) Compare(d Corner) int {
	if x := c.At.Compare(d.At); x != 0 {
		return x
	}
	switch {
	case c.V < d.V:
		return -1
	case c.V > d.V:
		return 1
	}
	return 0
}

// Positions returns the three positions that touch c, in reading order
// (B6): (r−1, c−1), (r−1, c+1), X for X.n and X, (r+1, c−1), (r+1, c+1) for
// X.s. Some may be invalid near the grid's limits.
func (c Corner) Positions() [3]Pos {
	r, k := c.At.Row, c.At.Col
	if c.V == VertexS {
		return [3]Pos{c.At, {r + 1, k - 1}, {r + 1, k + 1}}
	}
	return [3]Pos{{r - 1, k - 1}, {r - 1, k + 1}, c.At}
}

// Edges returns the three edges that meet at c, in edge order (B11): the
// three pairs of the positions of Positions.
func (c Corner) Edges() [3]Edge {
	p := c.Positions()
	return [3]Edge{{p[0], p[1]}, {p[0], p[2]}, {p[1], p[2]}}
}

// Adjacent returns the three corners joined to c by one edge, in corner
// order (B7); Adjacent()[i] is the other end of Edges()[i]. X.n is adjacent
// to (r−2, c).s, X.nw and X.ne; X.s to X.sw, X.se and (r+2, c).n. Some may be
// invalid near the grid's limits.
func (c Corner) Adjacent() [3]Corner {
	r, k := c.At.Row, c.At.Col
	if c.V == VertexS {
		return [3]Corner{{Pos{r + 1, k - 1}, VertexN}, {Pos{r + 1, k + 1}, VertexN}, {Pos{r + 2, k}, VertexN}}
	}
	return [3]Corner{{Pos{r - 2, k}, VertexS}, {Pos{r - 1, k - 1}, VertexS}, {Pos{r - 1, k + 1}, VertexS}}
}

// Corners returns the six corners of p in the order n, ne, se, s, sw, nw
// (B4), each in canonical form.
func (p Pos) Corners() [6]Corner {
	var cs [6]Corner
	for v := VertexN; v <= VertexNW; v++ {
		cs[v-VertexN] = CornerOf(p, v)
	}
	return cs
}

// ParseCorner reads a corner name (B5): a position, a dot and one of n, ne,
// se, s, sw, nw, in any case. It returns the canonical corner, so "D7.ne"
// gives C8.s. Errors are *NameError.
func ParseCorner(s string) (Corner, error) {
	fail := func(reason string) (Corner, error) {
		return Corner{}, &NameError{What: "corner", Input: s, Reason: reason}
	}
	p, v, reason := parseDotted(s, vertexNames[:],
		"a corner is a position, a dot and n, ne, se, s, sw or nw",
		"the corner after the dot must be n, ne, se, s, sw or nw")
	if reason != "" {
		return fail(reason)
	}
	c := CornerOf(p, Vertex(v))
	if !c.Valid() {
		return fail("that corner lies outside the grid")
	}
	return c, nil
}

// parseDotted reads a name "<position>.<word>" of a corner or a side,
// where word is one of names[1:] in any case: the position and the
// word's index in names, or the reason it is not one: noDot without a
// dot, badWord for another word, or parsePos's.
func parseDotted(s string, names []string, noDot, badWord string) (Pos, int, string) {
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return Pos{}, 0, noDot
	}
	p, reason := parsePos(s[:dot])
	if reason != "" {
		return Pos{}, 0, reason
	}
	word := strings.ToLower(s[dot+1:])
	for i, n := range names {
		if i > 0 && n == word {
			return p, i, ""
		}
	}
	return Pos{}, 0, badWord
}
