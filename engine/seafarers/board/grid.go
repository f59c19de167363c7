package board

import "slices"

// grid is the immutable geometry of one board outline (BOARDS B13, §6): its
// board positions, its frame, and every corner and edge of the board with
// dense indices and precomputed adjacency. Boards share a grid by pointer and
// never change it.
type grid struct {
	w, h int // bounding box of board and frame: rows 0..h-1, columns 0..w-1

	hexes []Pos // board positions in reading order; index = hex index
	frame []Pos // frame positions in reading order
	cell  []int // (row*w+col) → hex index, -1 frame or nothing
	fcell []bool

	corners  []Corner // corners of the board in corner order
	cornerAt []int    // (row*w+col)*2 + (0 n, 1 s) → corner index or -1
	edges    []Edge   // edges of the board in edge order
	edgeAt   []int    // (row*w+col)*3 + (0 e, 1 se, 2 sw) of the first position → edge index or -1

	hexCorners  [][6]int // B4 order n ne se s sw nw
	hexSides    [][6]int // Dir order e w ne nw se sw
	hexNbrs     [][6]int // Dir order; -1 for a frame position
	cornerHexes [][3]int // B6 reading order; -1 for a frame position or nothing
	cornerEdges [][]int  // edges of the board at the corner, edge order
	cornerAdj   [][]int  // cornerAdj[c][i] is the other end of cornerEdges[c][i]
	edgeEnds    [][2]int // corner order
	edgeHexes   [][2]int // the sides A and B; -1 for a frame position
}

// newGrid builds the grid of the board positions ps (any order, no
// duplicates, all Valid and at least one row and two columns away from the
// grid's limits, as every outline of §6 is).
func newGrid(ps []Pos) *grid {
	g := &grid{hexes: slices.Clone(ps)}
	slices.SortFunc(g.hexes, Pos.Compare)
	for _, p := range g.hexes {
		g.w = max(g.w, int(p.Col)+3) // room for the frame two columns east
		g.h = max(g.h, int(p.Row)+2) // and one row south
	}
	size := g.w * g.h
	g.cell = make([]int, size)
	g.fcell = make([]bool, size)
	g.cornerAt = make([]int, 2*size)
	g.edgeAt = make([]int, 3*size)
	for _, a := range [][]int{g.cell, g.cornerAt, g.edgeAt} {
		for i := range a {
			a[i] = -1
		}
	}
	for i, p := range g.hexes {
		g.cell[g.cellOf(p)] = i
	}
	for _, p := range g.hexes {
		for _, q := range p.Neighbours() {
			if k := g.cellOf(q); k >= 0 && g.cell[k] < 0 && !g.fcell[k] {
				g.fcell[k] = true
				g.frame = append(g.frame, q)
			}
		}
		for _, c := range p.Corners() {
			if k := g.cornerKey(c); k >= 0 && g.cornerAt[k] == -1 {
				g.cornerAt[k] = -2 // seen; numbered below
				g.corners = append(g.corners, c)
			}
		}
		for _, e := range p.Sides() {
			if k := g.edgeKey(e); k >= 0 && g.edgeAt[k] == -1 {
				g.edgeAt[k] = -2
				g.edges = append(g.edges, e)
			}
		}
	}
	slices.SortFunc(g.frame, Pos.Compare)
	slices.SortFunc(g.corners, Corner.Compare)
	slices.SortFunc(g.edges, Edge.Compare)
	for i, c := range g.corners {
		g.cornerAt[g.cornerKey(c)] = i
	}
	for i, e := range g.edges {
		g.edgeAt[g.edgeKey(e)] = i
	}

	g.hexCorners = make([][6]int, len(g.hexes))
	g.hexSides = make([][6]int, len(g.hexes))
	g.hexNbrs = make([][6]int, len(g.hexes))
	for h, p := range g.hexes {
		for i, c := range p.Corners() {
			g.hexCorners[h][i] = g.cornerIndex(c)
		}
		for i, e := range p.Sides() {
			g.hexSides[h][i] = g.edgeIndex(e)
		}
		for i, q := range p.Neighbours() {
			g.hexNbrs[h][i] = g.hexIndex(q)
		}
	}
	g.cornerHexes = make([][3]int, len(g.corners))
	g.cornerEdges = make([][]int, len(g.corners))
	g.cornerAdj = make([][]int, len(g.corners))
	backing := make([]int, 0, 6*len(g.corners))
	for i, c := range g.corners {
		for j, p := range c.Positions() {
			g.cornerHexes[i][j] = g.hexIndex(p)
		}
		adj := c.Adjacent()
		start := len(backing)
		for _, e := range c.Edges() {
			if k := g.edgeIndex(e); k >= 0 {
				backing = append(backing, k)
			}
		}
		mid := len(backing)
		for j, e := range c.Edges() {
			if g.edgeIndex(e) >= 0 {
				backing = append(backing, g.cornerIndex(adj[j]))
			}
		}
		g.cornerEdges[i] = backing[start:mid:mid]
		g.cornerAdj[i] = backing[mid:len(backing):len(backing)]
	}
	g.edgeEnds = make([][2]int, len(g.edges))
	g.edgeHexes = make([][2]int, len(g.edges))
	for i, e := range g.edges {
		ends := e.Ends()
		g.edgeEnds[i] = [2]int{g.cornerIndex(ends[0]), g.cornerIndex(ends[1])}
		g.edgeHexes[i] = [2]int{g.hexIndex(e.A), g.hexIndex(e.B)}
	}
	return g
}

// cellOf returns the bounding-box cell of p, or -1 outside it.
func (g *grid) cellOf(p Pos) int {
	r, c := int(p.Row), int(p.Col)
	if r < 0 || r >= g.h || c < 0 || c >= g.w {
		return -1
	}
	return r*g.w + c
}

func (g *grid) hexIndex(p Pos) int {
	if k := g.cellOf(p); k >= 0 {
		return g.cell[k]
	}
	return -1
}

func (g *grid) isFrame(p Pos) bool {
	k := g.cellOf(p)
	return k >= 0 && g.fcell[k]
}

func (g *grid) cornerKey(c Corner) int {
	k := g.cellOf(c.At)
	if k < 0 {
		return -1
	}
	switch c.V {
	case VertexN:
		return 2 * k
	case VertexS:
		return 2*k + 1
	}
	return -1
}

func (g *grid) cornerIndex(c Corner) int {
	if k := g.cornerKey(c); k >= 0 {
		return g.cornerAt[k]
	}
	return -1
}

func (g *grid) edgeKey(e Edge) int {
	k := g.cellOf(e.A)
	if k < 0 {
		return -1
	}
	// The step from A to B, compared with the three steps of a
	// canonical edge (DirTo's answer, without trying all six).
	step := [2]int8{e.B.Row - e.A.Row, e.B.Col - e.A.Col}
	switch step {
	case dirDelta[DirE]:
		return 3 * k
	case dirDelta[DirSE]:
		return 3*k + 1
	case dirDelta[DirSW]:
		return 3*k + 2
	}
	return -1
}

// edgeIndex returns the index of edge e, or -1. It reads the step from A
// to B without a branch (edgeKey's switch over the three steps of a
// canonical edge mispredicts about once a call, a game naming edges in
// every direction): the step's row parity and column sign pick the side
// of A (east (0, 2) → 0, south-east (1, 1) → 1, south-west (1, −1) → 2),
// and any other step picks one of those sides too, so the edge found
// there must end at e's B (its A is at e's A: a cell holds one position).
func (g *grid) edgeIndex(e Edge) int {
	r, c := uint(int(e.A.Row)), uint(int(e.A.Col)) // a negative row or column is past the box too
	if r >= uint(g.h) || c >= uint(g.w) {
		return -1
	}
	side := uint(uint8(e.B.Row-e.A.Row)&1) + uint(uint8(e.B.Col-e.A.Col)>>7)
	if i := g.edgeAt[3*(r*uint(g.w)+c)+side]; i >= 0 && g.edges[i].B == e.B {
		return i
	}
	return -1
}
