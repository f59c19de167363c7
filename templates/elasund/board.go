package elasund

import (
	"sort"
	"strconv"

	game "github.com/elasund/elasund/engine/elasund"
)

// layout is the board geometry for one player count (R1–R4, R14).
type layout struct {
	players int // 2..4
}

// newLayout reads the player count from the seats, else from the state's
// players, and keeps it within 2..4 so that any input can be drawn.
func newLayout(cfg game.Config, st *game.State) layout {
	p := len(cfg.Seats)
	if p == 0 && st != nil {
		p = len(st.Players)
	}
	p = min(max(p, 2), 4)
	return layout{players: p}
}

// cityCols is the number of columns inside the city, A..(2P).
func (l layout) cityCols() int { return 2*l.players + 1 }

// wallCol is the east wall's column: F, H, or the off-board J.
func (l layout) wallCol() int { return 2*l.players + 1 }

// cols is the number of columns drawn: the board's nine, plus J for four
// players.
func (l layout) cols() int { return max(game.NumCols, l.wallCol()+1) }

// inCity reports whether s is a city square (R1).
func (l layout) inCity(s game.Square) bool {
	return onBoard(s) && s.Col < l.cityCols()
}

// tradeValue is the trade-point value of a square (R2).
func (l layout) tradeValue(s game.Square) int {
	if !l.inCity(s) {
		return 0
	}
	if s.Col == 0 {
		return 1
	}
	if (s.Col == 5 || s.Col == 7) && (s.Row == 0 || s.Row == game.NumRows-1) {
		return 2
	}
	return 0
}

// isSlot reports whether w is a wall space of this board (R4).
func (l layout) isSlot(w game.WallSpace) bool {
	switch w.Side {
	case game.North, game.South:
		return w.Index >= 2 && w.Index <= 2*l.players-1
	case game.East:
		return w.Index >= 1 && w.Index <= game.NumRows-2
	}
	return false
}

// isGateCol reports whether the north and south gates cover column c.
func (l layout) isGateCol(c int) bool { return c == 2*l.players || c == 2*l.players+1 }

// wallCost is the gold a wall tile costs on w (R74).
func wallCost(w game.WallSpace) int {
	if w.Side == game.East {
		return 4
	}
	return 2
}

// isTower reports whether wall tile n is a tower carrying a cube (R9).
func isTower(n int) bool { return n == 3 || n == 6 || n == 9 }

func onBoard(s game.Square) bool {
	return s.Col >= 0 && s.Col < game.NumCols && s.Row >= 0 && s.Row < game.NumRows
}

func validColour(c game.Colour) bool { return c >= game.Red && c <= game.Yellow }

// initial is the one-letter name of a seat colour.
func initial(c game.Colour) string {
	if !validColour(c) {
		return "?"
	}
	return c.String()[:1]
}

// colName is the letter of column c, J included.
func colName(c int) string {
	if c < 0 || c > game.NumCols {
		return "?"
	}
	return string(rune('A' + c))
}

// rowName is the printed name of row index r.
func rowName(r int) string {
	if r < 0 || r >= game.NumRows {
		return "?"
	}
	return strconv.Itoa(game.Rows[r])
}

// seatOrder lists the seats in turn order, then any other colour the state
// holds a player for.
func seatOrder(cfg game.Config, st *game.State) []game.Colour {
	var out []game.Colour
	seen := map[game.Colour]bool{}
	for _, c := range cfg.Seats {
		if validColour(c) && !seen[c] {
			out = append(out, c)
			seen[c] = true
		}
	}
	if st != nil {
		var extra []game.Colour
		for c := range st.Players {
			if validColour(c) && !seen[c] {
				extra = append(extra, c)
			}
		}
		sort.Slice(extra, func(i, j int) bool { return extra[i] < extra[j] })
		out = append(out, extra...)
	}
	return out
}

// cardName is the edition's name of a card kind (V1).
func cardName(cfg game.Config, k game.Card) string {
	if k == game.YellowCard && cfg.Options.ThirdColour == "" {
		return "yellow"
	}
	return cfg.CardName(k)
}

// churchArea returns the north-west square of the 3×3 church area, fixed
// by the tile on the foundation (R78), and false before it is built.
func churchArea(st *game.State) (game.Square, bool) {
	for _, t := range st.Church {
		if t.At == game.Foundation && t.Tile >= game.TileNW && t.Tile <= game.TileSE {
			i := int(t.Tile - game.TileNW)
			return game.Square{Col: game.Foundation.Col - i%3, Row: game.Foundation.Row - i/3}, true
		}
	}
	return game.Square{}, false
}

// foundationBare reports whether no church tile covers C8 yet (R13).
func foundationBare(st *game.State) bool {
	for _, t := range st.Church {
		if t.At == game.Foundation {
			return false
		}
	}
	return true
}

// footprint lists the squares of a building, and false when any of them
// lies off the board.
func footprint(b game.Building) ([]game.Square, bool) {
	sp := b.Kind.Spec()
	if sp.W == 0 || !onBoard(b.At) {
		return nil, false
	}
	var out []game.Square
	for dr := 0; dr < sp.H; dr++ {
		for dc := 0; dc < sp.W; dc++ {
			s := game.Square{Col: b.At.Col + dc, Row: b.At.Row + dr}
			if !onBoard(s) {
				return nil, false
			}
			out = append(out, s)
		}
	}
	return out, true
}

// flagSquares lists the squares of a building that carry VP flags: the west
// column, first row, and for the 2×3 buildings the second row too (R6,
// R7).
func flagSquares(b game.Building) []game.Square {
	n := b.Kind.Spec().Flags
	out := make([]game.Square, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, game.Square{Col: b.At.Col, Row: b.At.Row + i})
	}
	return out
}

// cubesOn is the number of cubes on a neutral building: one per flag, or
// fewer when the builder's supply ran out (R97).
func cubesOn(b game.Building) int {
	n := b.Kind.Spec().Flags
	if b.Cubes != nil {
		return min(max(*b.Cubes, 0), n)
	}
	return n
}

// flagSpaces are the trade-track spaces with flags and how many (R11).
var flagSpaces = [5]struct{ Pos, Flags int }{{3, 4}, {5, 3}, {7, 2}, {9, 2}, {11, 1}}

// maxTrade is the last space of the trade track (R11).
const maxTrade = 11

// cubesEach is the number of cubes a seat owns (R5).
const cubesEach = 10

// diceText prints the roll as "3+5=8", or "" before it.
func diceText(st *game.State) string {
	if st.Dice == nil {
		return ""
	}
	d := *st.Dice
	return strconv.Itoa(d[0]) + "+" + strconv.Itoa(d[1]) + "=" + strconv.Itoa(d[0]+d[1])
}
