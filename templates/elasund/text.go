package elasund

import (
	"fmt"
	"strconv"
	"strings"

	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

// cellW is the inner width of one square of the text board.
const cellW = 6

// textMargin is the width of the row names and the sea left of the grid.
const textMargin = 13

// TextBoard draws the position as plain text for a terminal or a mail: the
// grid with its walls, the sea with the ship, the trade track, every seat's
// holdings, the supply, and whose turn it is and what the game waits for.
// It uses no colour codes, and no line is longer than 100 columns.
func TextBoard(cfg game.Config, st *game.State) string {
	return textBoard(cfg, st, templates.View{})
}

// textBoard is TextBoard as v may see it: with v.Hidden, the hands of the
// seats other than v.Seat and the influence deck show as counts only
// (R31, R94).
func textBoard(cfg game.Config, st *game.State, v templates.View) string {
	if st == nil {
		return "(no position)\n"
	}
	var b strings.Builder
	newTextGrid(cfg, st).write(&b)
	b.WriteString("\n")
	writeTrack(&b, cfg, st)
	b.WriteString("\n")
	writeHoldings(&b, cfg, st, v)
	b.WriteString("\n")
	writeSupply(&b, cfg, st, v)
	b.WriteString("\n")
	writeStatus(&b, cfg, st)
	return b.String()
}

// textPiece is something drawn over one or more cells of the text grid.
type textPiece struct {
	label  string
	anchor game.Square // where the label starts
	w      int         // columns the label may span
	fill   byte        // what fills the borders inside the piece
}

// textGrid assigns every cell of the drawn grid to at most one piece.
type textGrid struct {
	cfg    game.Config
	st     *game.State
	l      layout
	id     [][]int // [col][row]: piece number + 1, 0 for none
	pieces []textPiece
}

func newTextGrid(cfg game.Config, st *game.State) *textGrid {
	g := &textGrid{cfg: cfg, st: st, l: newLayout(cfg, st)}
	g.id = make([][]int, g.l.cols())
	for c := range g.id {
		g.id[c] = make([]int, game.NumRows)
	}
	for _, b := range st.Buildings {
		sq, ok := footprint(b)
		if !ok {
			continue
		}
		g.add(textPiece{label: buildingLabel(b), anchor: b.At, w: b.Kind.Spec().W, fill: ' '}, sq)
	}
	for _, t := range st.Church {
		if onBoard(t.At) {
			g.add(textPiece{label: "+" + t.Tile.String() + " " + initial(t.Owner), anchor: t.At, w: 1, fill: ' '}, []game.Square{t.At})
		}
	}
	if foundationBare(st) {
		g.add(textPiece{label: "church", anchor: game.Foundation, w: 1, fill: ' '}, []game.Square{game.Foundation})
	}
	for _, p := range st.Permits {
		if onBoard(p.At) {
			g.add(textPiece{label: initial(p.Owner) + strconv.Itoa(p.Value), anchor: p.At, w: 1, fill: ' '}, []game.Square{p.At})
		}
	}
	walls := wallsBySpace(st)
	wc := g.l.wallCol()
	for r := 0; r < game.NumRows; r++ {
		label := "GATE"
		if r > 0 && r < game.NumRows-1 {
			label = wallLabel(walls, game.WallSpace{Side: game.East, Index: r})
		}
		g.add(textPiece{label: label, anchor: game.Square{Col: wc, Row: r}, w: 1, fill: ' '}, []game.Square{{Col: wc, Row: r}})
	}
	var outside []game.Square
	for c := wc + 1; c < g.l.cols(); c++ {
		for r := 0; r < game.NumRows; r++ {
			outside = append(outside, game.Square{Col: c, Row: r})
		}
	}
	if len(outside) > 0 {
		g.add(textPiece{label: "", anchor: outside[0], w: 1, fill: '.'}, outside)
	}
	return g
}

// add gives the piece every listed cell that is still free.
func (g *textGrid) add(p textPiece, cells []game.Square) {
	g.pieces = append(g.pieces, p)
	n := len(g.pieces)
	for _, s := range cells {
		if s.Col >= 0 && s.Col < len(g.id) && s.Row >= 0 && s.Row < game.NumRows && g.id[s.Col][s.Row] == 0 {
			g.id[s.Col][s.Row] = n
		}
	}
}

// at returns the piece number of a cell, 0 for an empty cell and -1 off the
// grid.
func (g *textGrid) at(c, r int) int {
	if c < 0 || c >= len(g.id) || r < 0 || r >= game.NumRows {
		return -1
	}
	return g.id[c][r]
}

func (g *textGrid) write(b *strings.Builder) {
	l := g.l
	walls := wallsBySpace(g.st)

	head := []byte(strings.Repeat(" ", textMargin))
	for c := 0; c < l.cols(); c++ {
		head = append(head, ' ')
		head = append(head, center(colName(c), cellW)...)
	}
	writeLine(b, string(head))
	writeLine(b, g.wallLine("N wall", game.North, walls))
	for r := 0; r <= game.NumRows; r++ {
		writeLine(b, g.borderLine(r))
		if r < game.NumRows {
			writeLine(b, g.rowLine(r))
		}
	}
	writeLine(b, g.wallLine("S wall", game.South, walls))
	writeLine(b, g.legend())
}

// wallLine draws the north or south wall spaces and the gates.
func (g *textGrid) wallLine(name string, side game.WallSide, walls map[game.WallSpace]game.Wall) string {
	line := []byte(fmt.Sprintf("%*s ", textMargin-1, name))
	for c := 0; c < g.l.cols(); c++ {
		label := ""
		w := game.WallSpace{Side: side, Index: c}
		switch {
		case g.l.isSlot(w):
			label = wallLabel(walls, w)
		case g.l.isGateCol(c):
			label = "GATE"
		}
		line = append(line, ' ')
		line = append(line, center(label, cellW)...)
	}
	return string(line)
}

// borderLine draws the border above row r (r == NumRows: below the last).
func (g *textGrid) borderLine(r int) string {
	line := []byte(strings.Repeat(" ", textMargin))
	for c := 0; c <= g.l.cols(); c++ {
		nw, ne, sw, se := g.at(c-1, r-1), g.at(c, r-1), g.at(c-1, r), g.at(c, r)
		corner := byte('+')
		if nw > 0 && nw == ne && nw == sw && nw == se {
			corner = g.pieces[nw-1].fill
		}
		line = append(line, corner)
		if c == g.l.cols() {
			break
		}
		seg := byte('-')
		if ne > 0 && ne == se {
			seg = g.pieces[ne-1].fill
		}
		line = append(line, strings.Repeat(string(seg), cellW)...)
	}
	return string(line)
}

// rowLine draws the sea, the row name and the cells of row r.
func (g *textGrid) rowLine(r int) string {
	line := []byte(fmt.Sprintf("%3s %-8s ", rowName(r), g.sea(r)))
	start := make([]int, g.l.cols())
	for c := 0; c <= g.l.cols(); c++ {
		west, east := g.at(c-1, r), g.at(c, r)
		border := byte('|')
		if west > 0 && west == east {
			border = g.pieces[west-1].fill
		}
		line = append(line, border)
		if c == g.l.cols() {
			break
		}
		start[c] = len(line)
		content := ""
		if east > 0 {
			p := g.pieces[east-1]
			content = strings.Repeat(string(p.fill), cellW)
		} else if v := g.l.tradeValue(game.Square{Col: c, Row: r}); v > 0 {
			content = "(" + strconv.Itoa(v) + ")"
		}
		line = append(line, center(content, cellW)...)
	}
	// Labels go over the whole width of their piece, borders inside it
	// included.
	for i, p := range g.pieces {
		if p.label == "" || p.anchor.Row != r || g.at(p.anchor.Col, r) != i+1 {
			continue
		}
		w := p.w
		for w > 1 && g.at(p.anchor.Col+w-1, r) != i+1 {
			w--
		}
		span := w*cellW + w - 1
		copy(line[start[p.anchor.Col]:], center(p.label, span))
	}
	return string(line)
}

// sea is what the sea column shows beside row r: the ship, maybe pirate.
func (g *textGrid) sea(r int) string {
	if row, ok := g.st.ShipRow(); ok && row == r {
		if g.st.Ship.Pirate {
			return "P<SHIP]"
		}
		return "~<SHIP]"
	}
	return "~~~~~~~"
}

func (g *textGrid) legend() string {
	l := g.l
	pad := strings.Repeat(" ", textMargin+1)
	s := fmt.Sprintf("%scity A-%s for %d players; east wall %s", pad,
		colName(l.cityCols()-1), l.players, colName(l.wallCol()))
	switch first, last := l.wallCol()+1, l.cols()-1; {
	case first == last:
		s += "; outside " + colName(first) + " (....)"
	case first < last:
		s += "; outside " + colName(first) + "-" + colName(last) + " (....)"
	}
	return s + "\n" +
		pad + "(1) (2) trade field   r2 permit: red, 2   +SE r church tile   church foundation\n" +
		pad + "[r3T] wall tile 3 of red, T tower   -2g- free wall space, cost   P pirate ship"
}

// buildingLabel names a building and its owner: "TAVERN r", "WRK b".
func buildingLabel(b game.Building) string {
	short := map[game.Kind]string{
		game.Hut: "HUT", game.Cottage: "COT", game.Workshop: "WRK", game.Well: "WELL",
	}
	name, ok := short[b.Kind]
	if !ok {
		name = strings.ToUpper(b.Kind.String())
	}
	return name + " " + initial(b.Owner)
}

// wallsBySpace indexes the wall tiles on the board.
func wallsBySpace(st *game.State) map[game.WallSpace]game.Wall {
	m := make(map[game.WallSpace]game.Wall, len(st.Walls))
	for _, w := range st.Walls {
		m[w.At] = w
	}
	return m
}

// wallLabel is "[r3T]" for a built tile (T: tower), "-2g-" for a free space.
func wallLabel(walls map[game.WallSpace]game.Wall, at game.WallSpace) string {
	w, ok := walls[at]
	if !ok {
		return "-" + strconv.Itoa(wallCost(at)) + "g-"
	}
	s := "[" + initial(w.Owner) + strconv.Itoa(w.Tile)
	if isTower(w.Tile) {
		s += "T"
	}
	return s + "]"
}

// center pads s with spaces to width n, cutting it when it is longer.
func center(s string, n int) string {
	if len(s) >= n {
		return s[:n]
	}
	left := (n - len(s)) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", n-len(s)-left)
}

// writeLine writes s without trailing spaces and ends the line.
func writeLine(b *strings.Builder, s string) {
	b.WriteString(strings.TrimRight(s, " "))
	b.WriteByte('\n')
}

// writeTrack draws the trade track: each seat's disc, and the cubes on the
// flag spaces with "." for a free flag.
func writeTrack(b *strings.Builder, cfg game.Config, st *game.State) {
	const w = 6
	pos := []byte("trade ")
	discs := []byte("discs ")
	flags := []byte("flags ")
	seats := seatOrder(cfg, st)
	for i := 0; i <= maxTrade; i++ {
		pos = append(pos, center(strconv.Itoa(i), w)...)
		here := ""
		for _, c := range seats {
			if p := st.Players[c]; p != nil && min(max(p.Trade, 0), maxTrade) == i {
				here += initial(c)
			}
		}
		if here == "" {
			here = "."
		}
		discs = append(discs, center(here, w)...)
		f := ""
		for j, sp := range flagSpaces {
			if sp.Pos == i {
				for _, c := range st.TradeFlags[j] {
					f += initial(c)
				}
				for k := len(st.TradeFlags[j]); k < sp.Flags; k++ {
					f += "."
				}
			}
		}
		flags = append(flags, center(f, w)...)
	}
	writeLine(b, string(pos))
	writeLine(b, string(discs))
	writeLine(b, string(flags))
}

// writeHoldings lists each seat's cards and supply.
func writeHoldings(b *strings.Builder, cfg game.Config, st *game.State, v templates.View) {
	for _, c := range seatOrder(cfg, st) {
		p := st.Players[c]
		head := c.String()
		if c == st.Current && st.Phase != game.PhaseOver {
			head += " (to move)"
		}
		if p == nil {
			writeLine(b, head+": not seated")
			continue
		}
		writeLine(b, fmt.Sprintf("%s: cubes on board %d/%d, %d in supply; trade %d",
			head, cubesEach-p.Cubes, cubesEach, p.Cubes, p.Trade))
		if hides(v, c) {
			writeLine(b, "  "+hiddenHand(cfg, game.Hand{Gold: p.Gold, Influence: p.Influence}))
		} else {
			writeLine(b, fmt.Sprintf("  gold %d; influence %s (%d); cards %d",
				p.Gold, influenceText(cfg, p.Influence), p.Influence.Total(), p.Cards()))
		}
		next := "none left"
		if p.Walls < 9 {
			next = "next tile " + strconv.Itoa(p.Walls+1)
			if isTower(p.Walls + 1) {
				next += " (tower)"
			}
		}
		writeLine(b, fmt.Sprintf("  permits %s; walls built %d, %s; buildings %s",
			intsText(p.Permits), p.Walls, next, kindsText(p.Buildings)))
		writeLine(b, "  orders: "+ordersText(cfg, p.Orders))
	}
}

// writeSupply lists the bank, the influence deck and discards, the neutral
// stacks and the church stack.
func writeSupply(b *strings.Builder, cfg game.Config, st *game.State, v templates.View) {
	s := st.Supply
	var stacks []string
	for _, k := range game.NeutralKinds {
		stacks = append(stacks, fmt.Sprintf("%s %d", k, s.Neutral.Of(k)))
	}
	writeLine(b, fmt.Sprintf("supply: bank gold %d; church stack %d; neutral %s",
		s.Gold, len(s.ChurchStack), strings.Join(stacks, ", ")))
	if v.Hidden {
		writeLine(b, fmt.Sprintf("  influence deck %s (colours hidden)", count(s.InfluenceDeck.Total(), "card", "cards")))
	} else {
		writeLine(b, fmt.Sprintf("  influence deck %s (%d)", influenceText(cfg, s.InfluenceDeck), s.InfluenceDeck.Total()))
	}
	writeLine(b, fmt.Sprintf("  influence discard %s (%d)", influenceText(cfg, s.InfluenceDiscard), s.InfluenceDiscard.Total()))
	if st.Pool != nil {
		writeLine(b, "  pirate pool: "+handText(cfg, *st.Pool))
	}
}

// writeStatus says whose turn it is, the phase, the dice, and what the game
// waits for.
func writeStatus(b *strings.Builder, cfg game.Config, st *game.State) {
	if st.Phase == game.PhaseOver {
		if st.Winner != nil {
			writeLine(b, fmt.Sprintf("game over after turn %d: %s wins", st.Turn, *st.Winner))
		} else {
			writeLine(b, fmt.Sprintf("game over after turn %d", st.Turn))
		}
		return
	}
	line := fmt.Sprintf("turn %d: %s to move, phase %s", st.Turn, st.Current, st.Phase)
	if d := diceText(st); d != "" {
		line += ", dice " + d
	}
	line += fmt.Sprintf(", builds done %d", st.BuildsDone)
	writeLine(b, line)
	if len(st.WaitingFor) > 0 {
		var w []string
		for _, c := range st.WaitingFor {
			w = append(w, c.String())
		}
		writeLine(b, "waiting for: "+strings.Join(w, ", "))
	}
	for _, p := range st.Pending {
		writeLine(b, "  "+p.Seat.String()+" must "+pendingText(p))
	}
	if st.Winner != nil {
		writeLine(b, "winner: "+st.Winner.String())
	}
}

// pendingText says what a pending decision asks for: "discard 2 cards".
func pendingText(p game.Pending) string {
	switch p.Kind {
	case game.PendingDiscard:
		what := "cards"
		if p.Count == 1 {
			what = "card"
		}
		if p.Cards == "influence" {
			what = "influence " + what
		}
		return fmt.Sprintf("discard %d %s", p.Count, what)
	case game.PendingRebuild:
		s := "rebuild their " + p.Building.String()
		if p.At != nil && onBoard(*p.At) {
			s += " (it stood on " + p.At.String() + ")"
		}
		return s + " or decline"
	case game.PendingTake:
		what := "cards"
		if p.Count == 1 {
			what = "card"
		}
		return fmt.Sprintf("take %d %s from the pirate pool", p.Count, what)
	}
	return "decide (" + p.Kind + ")"
}

// influenceText lists influence cards by colour with the edition's names.
func influenceText(cfg game.Config, in game.Influence) string {
	parts := make([]string, 0, 3)
	for _, k := range game.InfluenceCards {
		parts = append(parts, fmt.Sprintf("%s %d", cardName(cfg, k), in.Of(k)))
	}
	return strings.Join(parts, ", ")
}

// hides reports whether v shows seat c's hand as counts only: v hides
// the hands of every seat but its own.
func hides(v templates.View, c game.Colour) bool { return v.Hidden && v.Seat != c.String() }

// hiddenHand prints a hand others may not see (R94, V25): its total
// only, or its gold and influence counts when the game's hand_visibility
// option makes them public.
func hiddenHand(cfg game.Config, h game.Hand) string {
	total := h.Gold + h.Influence.Total()
	if cfg.Options.HandCountsPublic {
		return fmt.Sprintf("gold %d; influence %d (colours hidden); cards %d", h.Gold, h.Influence.Total(), total)
	}
	return fmt.Sprintf("cards %d (hidden)", total)
}

// handText lists a hand: "gold 2; blue 1, green 0, yellow 0".
func handText(cfg game.Config, h game.Hand) string {
	return fmt.Sprintf("gold %d; %s", h.Gold, influenceText(cfg, h.Influence))
}

func intsText(v []int) string {
	if len(v) == 0 {
		return "none"
	}
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

func kindsText(v []game.Kind) string {
	if len(v) == 0 {
		return "none"
	}
	parts := make([]string, len(v))
	for i, k := range v {
		parts[i] = k.String()
	}
	return strings.Join(parts, " ")
}

// ordersText prints standing orders: "discard gold blue; rebuild nearest".
func ordersText(cfg game.Config, o game.Orders) string {
	d := "ask"
	if len(o.Discard) > 0 {
		parts := make([]string, len(o.Discard))
		for i, k := range o.Discard {
			parts[i] = cardName(cfg, k)
		}
		d = strings.Join(parts, " ")
	}
	r := o.Rebuild
	if r == "" {
		r = "ask"
	}
	return "discard " + d + "; rebuild " + r
}
