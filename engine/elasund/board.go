package elasund

import (
	"fmt"
	"strconv"
	"strings"
)

// Rows are the row names printed beside the board, north to south (R1).
// There is no row 7.
var Rows = [NumRows]int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}

const (
	// NumCols is the number of board columns, A..I (R1).
	NumCols = 9
	// NumRows is the number of board rows (R1).
	NumRows = 10
	// foundationCol and foundationRow locate the church foundation C8 (R3).
	foundationCol = 2
	foundationRow = 5
)

// RowIndex returns the index (0..9) of the row with the given name, and
// false when no row has that name.
func RowIndex(name int) (int, bool) {
	if name >= 0 && name < len(rowIndexes) && rowIndexes[name] > 0 {
		return rowIndexes[name] - 1, true
	}
	return 0, false
}

// rowIndexes holds 1 + the index of each row by its name, 0 for a name no
// row has (an immutable table).
var rowIndexes = func() (t [12 + 1]int) {
	for i, r := range Rows {
		t[r] = i + 1
	}
	return t
}()

// Square is a board square: Col 0..8 (A..I, west to east) and Row, the index
// 0..9 of its row in Rows (north to south).
type Square struct {
	Col int
	Row int
}

// Foundation is the church foundation square C8 (R3).
var Foundation = Square{Col: foundationCol, Row: foundationRow}

// String returns the square in notation form, such as "C8".
func (s Square) String() string {
	if !s.onBoard() {
		return "?"
	}
	return squareNames[s.Col][s.Row]
}

// squareNames are the squares' notation names (an immutable table).
var squareNames = func() (names [NumCols][NumRows]string) {
	for c := range NumCols {
		for r := range NumRows {
			names[c][r] = string(rune('A'+c)) + strconv.Itoa(Rows[r])
		}
	}
	return names
}()

func (s Square) onBoard() bool {
	return s.Col >= 0 && s.Col < NumCols && s.Row >= 0 && s.Row < NumRows
}

// ParseSquare reads a square such as "C8" or "a12".
func ParseSquare(text string) (Square, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	if len(t) < 2 || t[0] < 'A' || t[0] > 'I' {
		return Square{}, fmt.Errorf("%q is not a square (column A-I then a row)", text)
	}
	n, err := strconv.Atoi(t[1:])
	if err != nil {
		return Square{}, fmt.Errorf("%q is not a square (column A-I then a row)", text)
	}
	r, ok := RowIndex(n)
	if !ok {
		return Square{}, fmt.Errorf("%q is not a square: there is no row %s", text, t[1:])
	}
	return Square{Col: int(t[0] - 'A'), Row: r}, nil
}

// MarshalText encodes the square as in notation.
func (s Square) MarshalText() ([]byte, error) {
	if !s.onBoard() {
		return nil, fmt.Errorf("square %d,%d is off the board", s.Col, s.Row)
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes a square written as in notation.
func (s *Square) UnmarshalText(b []byte) error {
	v, err := ParseSquare(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// cityCols is the number of columns inside the city with p players (R1).
func cityCols(p int) int { return 2*p + 1 }

// inCity reports whether s lies inside the city with p players (R1, R14).
func inCity(s Square, p int) bool {
	return s.onBoard() && s.Col < cityCols(p)
}

// tradeValue is the trade-point value of a square with p players (R2).
func tradeValue(s Square, p int) int {
	if !inCity(s, p) {
		return 0
	}
	if s.Col == 0 {
		return 1
	}
	if (s.Col == 5 || s.Col == 7) && (s.Row == 0 || s.Row == NumRows-1) {
		return 2
	}
	return 0
}

// footprint lists the squares covered by a w×h piece anchored at its
// north-west square a, and reports whether all of them are on the board.
func footprint(a Square, w, h int) ([]Square, bool) {
	sq := make([]Square, 0, w*h)
	ok := true
	for dr := 0; dr < h; dr++ {
		for dc := 0; dc < w; dc++ {
			s := Square{Col: a.Col + dc, Row: a.Row + dr}
			if !s.onBoard() {
				ok = false
				continue
			}
			sq = append(sq, s)
		}
	}
	return sq, ok
}

// WallSide is one of the three wall areas (R4).
type WallSide int

// The wall areas. North and south are the cheap ones, east the dear one.
const (
	NoSide WallSide = iota
	North
	South
	East
)

var wallSideNames = [...]string{"", "N", "S", "E"}

func (w WallSide) String() string {
	if w < 0 || int(w) >= len(wallSideNames) {
		return "?"
	}
	return wallSideNames[w]
}

// WallSpace is a wall slot (R4): for North and South, Index is the column it
// lies above or below; for East, Index is the row index it lies beside. An
// Index of -1 means "the one legal space on that side" and appears only in
// actions, never on the board.
type WallSpace struct {
	Side  WallSide
	Index int
}

// String returns the space in notation form: "N:D", "S:C", "E:8", or the
// side word for an unspecified space.
func (w WallSpace) String() string {
	if w.Index < 0 {
		return [...]string{"?", "north", "south", "east"}[w.Side]
	}
	switch w.Side {
	case North, South:
		if w.Index >= 0 && w.Index <= NumCols {
			return w.Side.String() + ":" + string(rune('A'+w.Index))
		}
	case East:
		if w.Index >= 0 && w.Index < NumRows {
			return "E:" + strconv.Itoa(Rows[w.Index])
		}
	}
	return "?"
}

// ParseWallSpace reads "N:D", "S:C", "E:8" or a side word.
func ParseWallSpace(text string) (WallSpace, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	switch t {
	case "NORTH":
		return WallSpace{Side: North, Index: -1}, nil
	case "SOUTH":
		return WallSpace{Side: South, Index: -1}, nil
	case "EAST":
		return WallSpace{Side: East, Index: -1}, nil
	}
	bad := fmt.Errorf("%q is not a wall space (N:<column>, S:<column>, E:<row>, north, south or east)", text)
	if len(t) < 3 || t[1] != ':' {
		return WallSpace{}, bad
	}
	rest := t[2:]
	switch t[0] {
	case 'N', 'S':
		if len(rest) != 1 || rest[0] < 'A' || rest[0] > 'J' {
			return WallSpace{}, bad
		}
		side := North
		if t[0] == 'S' {
			side = South
		}
		return WallSpace{Side: side, Index: int(rest[0] - 'A')}, nil
	case 'E':
		n, err := strconv.Atoi(rest)
		if err != nil {
			return WallSpace{}, bad
		}
		r, ok := RowIndex(n)
		if !ok {
			return WallSpace{}, bad
		}
		return WallSpace{Side: East, Index: r}, nil
	}
	return WallSpace{}, bad
}

// MarshalText encodes the space as in notation.
func (w WallSpace) MarshalText() ([]byte, error) {
	s := w.String()
	if s == "?" || w.Index < 0 {
		return nil, fmt.Errorf("wall space %v is not a slot", w)
	}
	return []byte(s), nil
}

// UnmarshalText decodes a space written as in notation.
func (w *WallSpace) UnmarshalText(b []byte) error {
	v, err := ParseWallSpace(string(b))
	if err != nil {
		return err
	}
	if v.Index < 0 {
		return fmt.Errorf("%q names a side, not a wall slot", b)
	}
	*w = v
	return nil
}

// wallSlots lists every wall slot with p players, in a fixed order (R4):
// north slots from the gate westward, then south likewise, then east from
// row 3 to row 11.
func wallSlots(p int) []WallSpace {
	var out []WallSpace
	for _, side := range []WallSide{North, South} {
		for c := 2*p - 1; c >= 2; c-- {
			out = append(out, WallSpace{Side: side, Index: c})
		}
	}
	for r := 1; r <= 8; r++ {
		out = append(out, WallSpace{Side: East, Index: r})
	}
	return out
}

// isWallSlot reports whether w is a slot of the p-player board (R4).
func isWallSlot(w WallSpace, p int) bool {
	switch w.Side {
	case North, South:
		return w.Index >= 2 && w.Index <= 2*p-1
	case East:
		return w.Index >= 1 && w.Index <= 8
	}
	return false
}

// wallCost is the gold a tile costs on w (R74).
func wallCost(w WallSpace) int {
	if w.Side == East {
		return 4
	}
	return 2
}

// wallNeighbours lists the slots adjacent to w, and whether w touches a gate
// (R4).
func wallNeighbours(w WallSpace, p int) (adj []WallSpace, gate bool) {
	switch w.Side {
	case North, South:
		gate = w.Index == 2*p-1
		for _, c := range []int{w.Index - 1, w.Index + 1} {
			n := WallSpace{Side: w.Side, Index: c}
			if isWallSlot(n, p) {
				adj = append(adj, n)
			}
		}
	case East:
		gate = w.Index == 1 || w.Index == 8
		for _, r := range []int{w.Index - 1, w.Index + 1} {
			n := WallSpace{Side: East, Index: r}
			if isWallSlot(n, p) {
				adj = append(adj, n)
			}
		}
	}
	return adj, gate
}
