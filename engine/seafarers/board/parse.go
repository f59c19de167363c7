package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// layoutText is one scenario's map data as read from its BOARDS text (text.go):
// every board position with its fixed terrain and number, the area of each
// land hex and the harbour locations H1… with their fixed tokens.
type layoutText struct {
	board []Pos          // board positions, reading order
	hex   map[Pos]Hex    // terrain and number of each board position
	area  map[Pos]string // area of each land hex (hex table)
	sites []Harbour      // harbour table, in its order
}

// mapCodes are the terrain codes of the BOARDS maps (§5).
var mapCodes = map[string]Terrain{
	"fi": Fields, "hi": Hills, "mo": Mountains, "pa": Pasture, "fo": Forest,
	"go": Gold, "de": Desert, "~~": Sea, "??": Fog,
}

// parseText reads a scenario's BOARDS text and cross-checks its parts: the
// map's board against the outline's grid g and its frame against g's frame
// (B13, §6), the hex table against the map's land, the sea and fog lists
// against the map, and each harbour row against the geometry (B10, B16).
func parseText(text string, g *grid) (*layoutText, error) {
	lt := &layoutText{hex: map[Pos]Hex{}, area: map[Pos]string{}}
	lines := strings.Split(strings.TrimPrefix(text, "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "     0  1") {
		return nil, fmt.Errorf("no map header")
	}
	frame := map[Pos]bool{}
	i, err := lt.readMap(lines, frame)
	if err != nil {
		return nil, err
	}
	if err := lt.checkOutline(g, frame); err != nil {
		return nil, err
	}
	sea, fog, tableRows, err := lt.readTables(lines[i:], g)
	if err != nil {
		return nil, err
	}
	land := 0
	for _, p := range lt.board {
		if lt.hex[p].Terrain.IsLand() {
			land++
			if _, ok := lt.area[p]; !ok {
				return nil, fmt.Errorf("map land %v is not in the hex table", p)
			}
		}
	}
	if land != tableRows {
		return nil, fmt.Errorf("hex table has %d rows, the map %d land hexes", tableRows, land)
	}
	if err := checkList(lt, "sea", sea, Sea); err != nil {
		return nil, err
	}
	if err := checkList(lt, "fog", fog, Fog); err != nil {
		return nil, err
	}
	return lt, nil
}

// readMap reads the map: after the header line, one line per row up to
// the first empty line (BOARDS §5), each code in its column. It marks the
// frame positions in frame and returns the index of the line after the
// map.
func (lt *layoutText) readMap(lines []string, frame map[Pos]bool) (int, error) {
	i := 1
	for ; i < len(lines) && lines[i] != ""; i++ {
		line := lines[i]
		row := int(line[0] - 'A')
		for off := 5; off < len(line); off++ {
			if line[off] == ' ' || line[off-1] != ' ' {
				continue
			}
			if (off-5)%3 != 0 {
				return 0, fmt.Errorf("map row %c: a code off the column grid at offset %d", line[0], off)
			}
			tok, _, _ := strings.Cut(line[off:], " ")
			col := (off - 5) / 3
			if row > MaxRow || col > MaxCol || (row-col)%2 != 0 {
				return 0, fmt.Errorf("map: %q at a column of the wrong parity (%d,%d)", tok, row, col)
			}
			p := At(row, col)
			switch tok {
			case ".":
			case "::":
				frame[p] = true
			default:
				h, err := mapHex(p, tok)
				if err != nil {
					return 0, err
				}
				lt.hex[p] = h
				lt.board = append(lt.board, p)
			}
		}
	}
	return i, nil
}

// mapHex reads the code of a board position on the map: its terrain, and
// its number if it has one.
func mapHex(p Pos, tok string) (Hex, error) {
	if len(tok) < 2 {
		return Hex{}, fmt.Errorf("map %v: bad code %q", p, tok)
	}
	t, ok := mapCodes[tok[:2]]
	if !ok {
		return Hex{}, fmt.Errorf("map %v: bad code %q", p, tok)
	}
	h := Hex{Terrain: t}
	if len(tok) > 2 {
		n, err := strconv.Atoi(tok[2:])
		if err != nil || n < 2 || n > 12 || n == 7 || !t.Produces() {
			return Hex{}, fmt.Errorf("map %v: bad number in %q", p, tok)
		}
		h.Number = n
	}
	return h, nil
}

// checkOutline checks the map's board against the outline's grid g and
// its frame against g's frame (B13, §6).
func (lt *layoutText) checkOutline(g *grid, frame map[Pos]bool) error {
	slices.SortFunc(lt.board, Pos.Compare)
	if !slices.Equal(lt.board, g.hexes) {
		return fmt.Errorf("map: the board is not the outline of BOARDS §6")
	}
	if len(g.frame) != len(frame) {
		return fmt.Errorf("map: %d frame positions, the board implies %d", len(frame), len(g.frame))
	}
	for _, p := range g.frame {
		if !frame[p] {
			return fmt.Errorf("map: %v is not marked as frame", p)
		}
	}
	return nil
}

// readTables reads what follows the map: the sea and fog lists, the hex
// table (each row checked against the map and given its area) and the
// harbour table; rows is the number of hex table rows.
func (lt *layoutText) readTables(lines []string, g *grid) (sea, fog []string, rows int, err error) {
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case line == "":
		case strings.Contains(line, "sea hexes:") || strings.HasPrefix(line, "Face-up sea"):
			sea = listAfterColon(line)
		case strings.HasPrefix(line, "Fog positions"):
			fog = listAfterColon(line)
			if i+1 < len(lines) && lines[i+1] != "" {
				i++
				fog = append(fog, listAfterColon(": "+lines[i])...)
			}
		case strings.HasPrefix(line, "| "):
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			if strings.Contains(line, "-") && len(cells) == 5 {
				h, err := parseSiteRow(g, lt, cells)
				if err != nil {
					return nil, nil, 0, err
				}
				lt.sites = append(lt.sites, h)
				continue
			}
			if len(cells) != 4 {
				return nil, nil, 0, fmt.Errorf("bad table row %q", line)
			}
			if err := lt.readHexRow(cells); err != nil {
				return nil, nil, 0, err
			}
			rows++
		default:
			return nil, nil, 0, fmt.Errorf("unexpected line %q", line)
		}
	}
	return sea, fog, rows, nil
}

// readHexRow reads a row of the hex table, position, terrain, number and
// area, and checks it against the map.
func (lt *layoutText) readHexRow(cells []string) error {
	p, err := ParsePos(cells[0])
	if err != nil {
		return err
	}
	t, err := ParseTerrain(cells[1])
	if err != nil || !t.IsLand() {
		return fmt.Errorf("hex table %v: bad terrain %q", p, cells[1])
	}
	n := 0
	if cells[2] != "—" {
		if n, err = strconv.Atoi(cells[2]); err != nil {
			return fmt.Errorf("hex table %v: bad number %q", p, cells[2])
		}
	}
	if lt.hex[p] != (Hex{t, n}) {
		return fmt.Errorf("hex table %v %v %d: the map has %v %d", p, t, n, lt.hex[p].Terrain, lt.hex[p].Number)
	}
	if _, dup := lt.area[p]; dup {
		return fmt.Errorf("hex table: %v twice", p)
	}
	lt.area[p] = cells[3]
	return nil
}

// listAfterColon splits "… : B5, B7, B9." into its names.
func listAfterColon(line string) []string {
	_, rest, _ := strings.Cut(line, ": ")
	rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "."))
	var out []string
	for _, s := range strings.Split(rest, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// checkList checks a sea or fog list against the map: the same positions,
// and the count the line's title gives where it gives one.
func checkList(lt *layoutText, what string, names []string, t Terrain) error {
	want := 0
	for _, p := range lt.board {
		if lt.hex[p].Terrain == t {
			want++
		}
	}
	if len(names) != want {
		return fmt.Errorf("%s list: %d names, the map has %d", what, len(names), want)
	}
	for _, s := range names {
		p, err := ParsePos(s)
		if err != nil {
			return err
		}
		if lt.hex[p].Terrain != t {
			return fmt.Errorf("%s list: %v is %v on the map", what, p, lt.hex[p].Terrain)
		}
	}
	return nil
}

// parseSiteRow reads one harbour table row: H<k>, the edge, the land hex,
// the two harbour corners and the fixed token ("3:1", "wool 2:1"). The edge
// must be coastal on the map (B16, B18) with the land hex on one side, and
// the corners must be its ends (B10).
func parseSiteRow(g *grid, lt *layoutText, cells []string) (Harbour, error) {
	if cells[0] != "H"+strconv.Itoa(len(lt.sites)+1) {
		return Harbour{}, fmt.Errorf("harbour row %s out of order", cells[0])
	}
	e, err := ParseEdge(cells[1])
	if err != nil {
		return Harbour{}, err
	}
	if e.String() != cells[1] {
		return Harbour{}, fmt.Errorf("harbour %s: %s is not canonical", cells[0], cells[1])
	}
	land, err := ParsePos(cells[2])
	if err != nil {
		return Harbour{}, err
	}
	other := e.A
	switch land {
	case e.A:
		other = e.B
	case e.B:
	default:
		return Harbour{}, fmt.Errorf("harbour %s: %v is not beside %v", cells[0], land, e)
	}
	if !lt.hex[land].Terrain.IsLand() {
		return Harbour{}, fmt.Errorf("harbour %s: %v is not land", cells[0], land)
	}
	if lt.hex[other].Terrain != Sea && !g.isFrame(other) {
		return Harbour{}, fmt.Errorf("harbour %s: %v is neither sea nor frame", cells[0], other)
	}
	a, b, _ := strings.Cut(cells[3], ", ")
	ends := e.Ends()
	if ends[0].String() != a || ends[1].String() != b {
		return Harbour{}, fmt.Errorf("harbour %s: corners %s, %s; %v joins %v and %v", cells[0], a, b, e, ends[0], ends[1])
	}
	kind, err := ParseHarbourKind(strings.TrimSuffix(cells[4], " 2:1"))
	if err != nil || kind == HarbourUnknown || (kind == Harbour3to1) != (cells[4] == "3:1") {
		return Harbour{}, fmt.Errorf("harbour %s: bad token %q", cells[0], cells[4])
	}
	return Harbour{Edge: e, Land: land, Kind: kind}, nil
}
