package elasund

import (
	"slices"
	"strings"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

var (
	_ templates.VariantSplitter = Renderer{}
	_ templates.PlaceWriter     = Renderer{}
)

// Variant splits the rest of a grouped action into its place (a square,
// or a permit's value) and what follows it, when that is a payment or the
// building it goes over ("A2 pay blue" → "A2", "pay blue"; "B3 over green"
// → "B3", "over green"; "3 pay green" → "3", "pay green"), for the listing
// of legal actions. Any other rest (a wall space, cards) is a place of its
// own.
func (Renderer) Variant(rest string) (place, variant string) {
	first, tail, _ := strings.Cut(rest, " ")
	if strings.HasPrefix(tail, "pay ") || strings.HasPrefix(tail, "over ") {
		return first, tail
	}
	return rest, ""
}

// Places writes squares compactly for a listing, as rectangles of the
// board: "A2–I3" is every square from column A to I of rows 2 and 3 (row
// 7 does not exist: "A6–B8" is four squares). It writes either the
// rectangles the squares make, row runs stacked where they match, or the
// one rectangle around them all with the squares it leaves out ("A2–I12
// but C4 D4"), whichever is shorter.
func (Renderer) Places(_ engine.Position, places []string) (string, bool) {
	var in [game.NumRows][game.NumCols]bool
	for _, pl := range places {
		s, err := game.ParseSquare(pl)
		if err != nil {
			return "", false
		}
		in[s.Row][s.Col] = true
	}
	byRect := rectangles(&in)
	around := aroundBut(&in)
	if len(around) < len(byRect) {
		return around, true
	}
	return byRect, true
}

// rect is a rectangle of squares, by row and column index, corners
// included.
type rect struct{ top, left, bottom, right int }

// text names a rectangle: its squares when it has one or two, else its
// corners, "A2–I3".
func (r rect) text() string {
	tl := square(r.top, r.left)
	switch (r.bottom - r.top + 1) * (r.right - r.left + 1) {
	case 1:
		return tl
	case 2:
		return tl + " " + square(r.bottom, r.right)
	}
	return tl + "–" + square(r.bottom, r.right)
}

func square(row, col int) string { return game.Square{Col: col, Row: row}.String() }

// rectangles covers the marked squares with rectangles: the runs of each
// row, a run stacked onto the same run of the row above.
func rectangles(in *[game.NumRows][game.NumCols]bool) string {
	var rects []rect
	open := map[[2]int]int{} // a run's columns → its rectangle, reaching the row above
	for row := range game.NumRows {
		next := map[[2]int]int{}
		for col := 0; col < game.NumCols; col++ {
			if !in[row][col] {
				continue
			}
			end := col
			for end+1 < game.NumCols && in[row][end+1] {
				end++
			}
			cols := [2]int{col, end}
			if i, ok := open[cols]; ok {
				rects[i].bottom = row
				next[cols] = i
			} else {
				next[cols] = len(rects)
				rects = append(rects, rect{top: row, left: col, bottom: row, right: end})
			}
			col = end
		}
		open = next
	}
	slices.SortStableFunc(rects, func(a, b rect) int {
		if a.top != b.top {
			return a.top - b.top
		}
		return a.left - b.left
	})
	parts := make([]string, len(rects))
	for i, r := range rects {
		parts[i] = r.text()
	}
	return strings.Join(parts, " ")
}

// aroundBut names the rectangle around the marked squares and the squares
// in it that are not marked: "A2–I12 but C4 D4".
func aroundBut(in *[game.NumRows][game.NumCols]bool) string {
	box := rect{top: game.NumRows, left: game.NumCols, bottom: -1, right: -1}
	for row := range game.NumRows {
		for col := range game.NumCols {
			if in[row][col] {
				box.top, box.bottom = min(box.top, row), max(box.bottom, row)
				box.left, box.right = min(box.left, col), max(box.right, col)
			}
		}
	}
	if box.bottom < 0 {
		return ""
	}
	var but []string
	for row := box.top; row <= box.bottom; row++ {
		for col := box.left; col <= box.right; col++ {
			if !in[row][col] {
				but = append(but, square(row, col))
			}
		}
	}
	if len(but) == 0 {
		return box.text()
	}
	return box.text() + " but " + strings.Join(but, " ")
}
