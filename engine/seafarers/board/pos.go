package board

import (
	"cmp"
	"strconv"
)

// The grid's limits: rows are the letters A–Z, columns 0–99. No outline comes
// near them; they only keep names short and arithmetic small.
const (
	MaxRow = 25
	MaxCol = 99
)

// Pos is a position of the hexagonal grid (BOARDS B1): a row (A = 0, B = 1, …)
// and a column that has the row's parity and grows by 2 from one position to
// the next in a row. A Pos names a board hex, a frame position, or any other
// place of the grid; only Valid positions have names.
type Pos struct {
	Row int8
	Col int8
}

// At returns the position at row and col. Both must lie within the grid's
// limits (0–MaxRow, 0–MaxCol) or one step beyond, as a neighbour of a
// position at the edge does; At does not check.
func At(row, col int) Pos {
	return Pos{int8(row), int8(col)}
}

// Valid reports whether p is a nameable position: row A–Z, column 0–99 and a
// column of the row's parity (B1).
func (p Pos) Valid() bool {
	return p.Row >= 0 && p.Row <= MaxRow && p.Col >= 0 && p.Col <= MaxCol && (p.Row-p.Col)%2 == 0
}

// String returns the canonical name of p: the upper-case row letter and the
// column without leading zeros, such as "D7" (B1). An invalid position prints
// as "Pos(row,col)".
func (p Pos) String() string {
	if !p.Valid() {
		return "Pos(" + strconv.Itoa(int(p.Row)) + "," + strconv.Itoa(int(p.Col)) + ")"
	}
	return string(rune('A'+p.Row)) + strconv.Itoa(int(p.Col))
}

// Append appends the position as String prints it to b, without making a
// string.
func (p Pos) Append(b []byte) []byte {
	if !p.Valid() {
		return append(b, p.String()...)
	}
	return strconv.AppendInt(append(b, byte('A'+p.Row)), int64(p.Col), 10)
}

// Compare orders positions in reading order (B3): by row, then by column. It
// returns -1, 0 or +1 and suits slices.SortFunc.
func (p Pos) Compare(q Pos) int {
	if c := cmp.Compare(p.Row, q.Row); c != 0 {
		return c
	}
	return cmp.Compare(p.Col, q.Col)
}

// Dir is one of the six directions from a position to a neighbour, which are
// also the names of its six sides (B2, B9). The zero Dir is no direction.
type Dir int

// The six directions, in the order of the B2 table; loop over them with
// "for d := DirE; d <= DirSW; d++".
const (
	NoDir Dir = iota
	DirE
	DirW
	DirNE
	DirNW
	DirSE
	DirSW
)

// dirs lists the six directions in the order of the B2 table.
var dirs = [6]Dir{DirE, DirW, DirNE, DirNW, DirSE, DirSW}

var dirNames = [...]string{"", "e", "w", "ne", "nw", "se", "sw"}

// dirDelta gives the row and column steps of each direction (B2).
var dirDelta = [...][2]int8{{0, 0}, {0, 2}, {0, -2}, {-1, 1}, {-1, -1}, {1, 1}, {1, -1}}

// String returns the lower-case name of d ("e", "ne", …), or "" for NoDir.
func (d Dir) String() string {
	if d < 0 || int(d) >= len(dirNames) {
		return ""
	}
	return dirNames[d]
}

// Opposite returns the direction pointing back: DirE for DirW, DirNE for DirSW.
func (d Dir) Opposite() Dir {
	switch d {
	case DirE:
		return DirW
	case DirW:
		return DirE
	case DirNE:
		return DirSW
	case DirSW:
		return DirNE
	case DirNW:
		return DirSE
	case DirSE:
		return DirNW
	}
	return NoDir
}

// Neighbour returns the position next to p in direction d (B2). The result
// may be invalid near the grid's limits; NoDir gives p itself.
func (p Pos) Neighbour(d Dir) Pos {
	if d < 0 || int(d) >= len(dirDelta) {
		return p
	}
	return Pos{p.Row + dirDelta[d][0], p.Col + dirDelta[d][1]}
}

// Neighbours returns the six neighbours of p in the order of the Dir constants: e, w, ne,
// nw, se, sw (B2).
func (p Pos) Neighbours() [6]Pos {
	var n [6]Pos
	for i, d := range dirs {
		n[i] = p.Neighbour(d)
	}
	return n
}

// DirTo returns the direction from p to q when they are neighbours, and
// NoDir otherwise.
func (p Pos) DirTo(q Pos) Dir {
	for _, d := range dirs {
		if p.Neighbour(d) == q {
			return d
		}
	}
	return NoDir
}

// ParsePos reads a position name (B1): a row letter, upper or lower case, and
// a column in decimal without leading zeros. The column must have the row's
// parity. Errors are *NameError.
func ParsePos(s string) (Pos, error) {
	p, reason := parsePos(s)
	if reason != "" {
		return Pos{}, &NameError{What: "position", Input: s, Reason: reason}
	}
	return p, nil
}

// parsePos is ParsePos without the error value, for use inside the corner
// and edge parsers.
func parsePos(s string) (Pos, string) {
	if s == "" {
		return Pos{}, "empty"
	}
	c := s[0]
	switch {
	case c >= 'A' && c <= 'Z':
		c -= 'A'
	case c >= 'a' && c <= 'z':
		c -= 'a'
	default:
		return Pos{}, "a position starts with a row letter A–Z"
	}
	digits := s[1:]
	if digits == "" {
		return Pos{}, "a column number must follow the row letter"
	}
	col := 0
	for i := 0; i < len(digits); i++ {
		d := digits[i]
		if d < '0' || d > '9' {
			return Pos{}, "the column must be a number"
		}
		if i == 2 {
			return Pos{}, "the column is larger than " + strconv.Itoa(MaxCol)
		}
		col = col*10 + int(d-'0')
	}
	if len(digits) > 1 && digits[0] == '0' {
		return Pos{}, "the column has a leading zero"
	}
	p := At(int(c), col)
	if !p.Valid() {
		if p.Row%2 == 0 {
			return Pos{}, "row " + string(rune('A'+p.Row)) + " has even columns only"
		}
		return Pos{}, "row " + string(rune('A'+p.Row)) + " has odd columns only"
	}
	return p, ""
}
