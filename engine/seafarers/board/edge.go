package board

import "strings"

// Edge is an edge (the book's path or hex side) in canonical form (B9): the
// side shared by the neighbouring positions A and B, A first in reading
// order. Edges built with EdgeOf or SideOf are canonical; the zero Edge is
// not an edge.
type Edge struct {
	A Pos
	B Pos
}

// EdgeOf returns the edge between p and q in canonical order, and false if
// they are not neighbours.
func EdgeOf(p, q Pos) (Edge, bool) {
	if p.DirTo(q) == NoDir {
		return Edge{}, false
	}
	if q.Compare(p) < 0 {
		p, q = q, p
	}
	return Edge{p, q}, true
}

// SideOf returns the edge on side d of p in canonical form, such as C8-D7 for
// D7.ne (B9). It may be invalid near the grid's limits; NoDir gives the zero
// Edge.
func SideOf(p Pos, d Dir) Edge {
	if d == NoDir {
		return Edge{}
	}
	e, _ := EdgeOf(p, p.Neighbour(d))
	return e
}

// Sides returns the six edges around p in the order of the Dir constants:
// e, w, ne, nw, se, sw.
func (p Pos) Sides() [6]Edge {
	var es [6]Edge
	for i, d := range dirs {
		es[i] = SideOf(p, d)
	}
	return es
}

// Valid reports whether e is a canonical edge between two nameable
// neighbours.
func (e Edge) Valid() bool {
	return e.A.Valid() && e.B.Valid() && e.A.Compare(e.B) < 0 && e.A.DirTo(e.B) != NoDir
}

// String returns the canonical name of e, such as "C8-D7" (B9). An edge
// that is not Valid prints as "Edge(A,B)".
func (e Edge) String() string {
	if !e.Valid() {
		return "Edge(" + e.A.String() + "," + e.B.String() + ")"
	}
	return e.A.String() + "-" + e.B.String()
}

// Append appends the edge as String prints it to b, without making a
// string.
func (e Edge) Append(b []byte) []byte {
	if !e.Valid() {
		return append(b, e.String()...)
	}
	return e.B.Append(append(e.A.Append(b), '-'))
}

// Compare orders edges (B12): by their first position, then by their second.
// It returns -1, 0 or +1.
func (e Edge) Compare(f Edge) int {
	if x := e.A.Compare(f.A); x != 0 {
		return x
	}
	return e.B.Compare(f.B)
}

// Ends returns the two corners that e joins, in corner order (B10): D7-D9
// joins C8.s and E8.n; C8-D7 joins C8.s and D7.n. Near the grid's limits a
// corner may be invalid.
func (e Edge) Ends() [2]Corner {
	p := e.A
	r, c := p.Row, p.Col
	switch p.DirTo(e.B) {
	case DirE:
		return [2]Corner{{Pos{r - 1, c + 1}, VertexS}, {Pos{r + 1, c + 1}, VertexN}}
	case DirSE:
		return [2]Corner{{p, VertexS}, {Pos{r + 1, c + 1}, VertexN}}
	case DirSW:
		return [2]Corner{{p, VertexS}, {Pos{r + 1, c - 1}, VertexN}}
	}
	return [2]Corner{}
}

// Joins reports whether c is one of the two ends of e.
func (e Edge) Joins(c Corner) bool {
	ends := e.Ends()
	return ends[0] == c || ends[1] == c
}

// ParseEdge reads an edge name (B9), in any case: two neighbouring positions
// joined by "-" in either order ("C8-D7", "D7-C8"), or a position, a dot and
// a side e, w, ne, nw, se or sw ("D7.ne"). It returns the canonical edge.
// Errors are *NameError.
func ParseEdge(s string) (Edge, error) {
	fail := func(reason string) (Edge, error) {
		return Edge{}, &NameError{What: "edge", Input: s, Reason: reason}
	}
	if dash := strings.IndexByte(s, '-'); dash >= 0 {
		p, reason := parsePos(s[:dash])
		if reason != "" {
			return fail(reason)
		}
		q, reason := parsePos(s[dash+1:])
		if reason != "" {
			return fail(reason)
		}
		e, ok := EdgeOf(p, q)
		if !ok {
			return fail(p.String() + " and " + q.String() + " are not neighbours")
		}
		return e, nil
	}
	p, d, reason := parseDotted(s, dirNames[:],
		"an edge is two positions joined by - or a position, a dot and a side",
		"the side after the dot must be e, w, ne, nw, se or sw")
	if reason != "" {
		return fail(reason)
	}
	e := SideOf(p, Dir(d))
	if !e.Valid() {
		return fail("that side lies outside the grid")
	}
	return e, nil
}
