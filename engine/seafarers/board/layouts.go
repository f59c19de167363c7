package board

import (
	"fmt"
	"slices"
	"strings"
)

// Outlines (BOARDS §6): the first and last position of each row.
const (
	outlineBase37 = "B5-B11 C4-C12 D3-D13 E2-E14 F3-F13 G4-G12 H5-H11"
	outlineSea42  = "B5-B13 C4-C14 D3-D15 E4-E14 F3-F15 G4-G14 H5-H13"
	outlineSea49  = "B5-B15 C4-C16 D3-D17 E4-E16 F3-F17 G4-G16 H5-H15"
)

// robberRule says where the robber starts (BOARDS §7–§13).
type robberRule int

const (
	robberNone   robberRule = iota // no robber, or off the board (new-world)
	robberAt                       // on a fixed position
	robberDesert                   // on the first desert in reading order
	robberTwelve                   // on the first fields hex with a 12, else the first hex with a 12 (§12.2)
)

// groupDef is a variable group of BOARDS §13.2: the land hexes of some
// areas, with an optional constraint and the spiral of §13.3.
type groupDef struct {
	name     string
	areas    []string
	noDesert bool // leave the deserts out of the group (wonders-of-catan)
	spiral   bool // lay the tokens in the spiral of §13.3
	shift    Pos  // the spiral's shift from base coordinates
	forbid   forbidFunc
}

// forbidFunc reports whether the scenario forbids number n on position p of
// terrain t (§13.2 step 2b).
type forbidFunc func(p Pos, t Terrain, n int) bool

// scenarioDef is one scenario's data: its BOARDS text and every mark that
// is not in the text.
type scenarioDef struct {
	outline   string
	text      string
	areas     []Area
	robber    robberRule
	robberAt  string
	pirateAt  string
	groups    []groupDef
	giftSites bool   // the harbour table lists harbour gifts, not harbours (§12.1)
	gifts     []Gift // svp and card gifts
	villages  []Village
	bases     []PirateBase
	fleet     []Pos
	marks     []MarkedCorner
	fog       *FogStack
}

// names reads the names of the definitions, keeping the first error.
type names struct{ err error }

func (r *names) keep(err error) {
	if r.err == nil && err != nil {
		r.err = err
	}
}

func (r *names) pos(s string) Pos {
	p, err := ParsePos(s)
	r.keep(err)
	return p
}

func (r *names) positions(s string) []Pos {
	var out []Pos
	for _, f := range strings.Fields(s) {
		out = append(out, r.pos(f))
	}
	return out
}

func (r *names) corner(s string) Corner {
	c, err := ParseCorner(s)
	r.keep(err)
	return c
}

func (r *names) edge(s string) Edge {
	e, err := ParseEdge(s)
	r.keep(err)
	if err == nil && e.String() != s {
		r.keep(fmt.Errorf("edge %s is not written canonically", s))
	}
	return e
}

func (r *names) edges(s string) []Edge {
	var out []Edge
	for _, f := range strings.Fields(s) {
		out = append(out, r.edge(f))
	}
	slices.SortFunc(out, Edge.Compare)
	return out
}

// outlinePositions returns the positions of an outline of §6.
func outlinePositions(outline string) ([]Pos, error) {
	var r names
	var out []Pos
	for _, f := range strings.Fields(outline) {
		a, b, _ := strings.Cut(f, "-")
		p, q := r.pos(a), r.pos(b)
		if r.err != nil {
			return nil, r.err
		}
		for c := int(p.Col); c <= int(q.Col); c += 2 {
			out = append(out, At(int(p.Row), c))
		}
	}
	return out, nil
}

// definition returns the data of scenario s.
func definition(s Scenario) (*scenarioDef, error) {
	var r names
	var d *scenarioDef
	switch s {
	case Base:
		d = defBase()
	case NewShores:
		d = defNewShores()
	case FourIslands:
		d = defFourIslands()
	case FogIsland:
		d = defFogIsland()
	case ThroughTheDesert:
		d = defThroughTheDesert()
	case ForgottenTribe:
		d = defForgottenTribe(&r)
	case ClothForCatan:
		d = defClothForCatan(&r)
	case PirateIslands:
		d = defPirateIslands(&r)
	case WondersOfCatan:
		d = defWondersOfCatan(&r)
	case NewWorld:
		d = &scenarioDef{outline: outlineSea42, robber: robberNone}
	default:
		return nil, &OptionError{Scenario: s.String(), Reason: "unknown scenario"}
	}
	if r.err != nil {
		return nil, fmt.Errorf("scenario %s data: %w", s, r.err)
	}
	return d, nil
}

// setupArea, rewardArea, closedArea and plainArea are the kinds of
// areas a scenario's data names.
func setupArea(n string) Area  { return Area{Name: n, Setup: true} }
func rewardArea(n string) Area { return Area{Name: n, Reward: true} }
func closedArea(n string) Area { return Area{Name: n, Closed: true} }
func plainArea(n string) Area  { return Area{Name: n} }

// defBase is the data of Base.
func defBase() *scenarioDef {
	d := &scenarioDef{
		outline: outlineBase37, text: textBase,
		areas:  []Area{setupArea("island")},
		robber: robberDesert, robberAt: "E8",
		groups: []groupDef{{name: "main", areas: []string{"island"}, spiral: true}},
	}
	return d
}

// defNewShores is the data of NewShores.
func defNewShores() *scenarioDef {
	d := &scenarioDef{
		outline: outlineSea42, text: textNewShores,
		areas:  []Area{setupArea("main"), rewardArea("northwest"), rewardArea("northeast"), rewardArea("southeast")},
		robber: robberDesert, robberAt: "F7", pirateAt: "E14",
		groups: []groupDef{
			{name: "main", areas: []string{"main"}, spiral: true, shift: Pos{1, -1}},
			{name: "islands", areas: []string{"northwest", "northeast", "southeast"}},
		},
	}
	return d
}

// defFourIslands is the data of FourIslands.
func defFourIslands() *scenarioDef {
	d := &scenarioDef{
		outline: outlineSea42, text: textFourIslands,
		areas:  []Area{setupArea("northwest"), setupArea("southwest"), setupArea("northeast"), setupArea("southeast")},
		robber: robberDesert, robberAt: "D9", pirateAt: "E14",
		groups: []groupDef{{
			name: "all", areas: []string{"northwest", "southwest", "northeast", "southeast"},
			forbid: func(_ Pos, t Terrain, n int) bool {
				return (t == Forest || t == Pasture) && (n == 2 || n == 12)
			},
		}},
	}
	return d
}

// defFogIsland is the data of FogIsland.
func defFogIsland() *scenarioDef {
	d := &scenarioDef{
		outline: outlineSea42, text: textFogIsland,
		areas:  []Area{setupArea("main"), plainArea("gold-north"), plainArea("gold-south")},
		robber: robberAt, robberAt: "C12", pirateAt: "B9",
		groups: []groupDef{{name: "main", areas: []string{"main"}}},
		fog:    &FogStack{Numbers: []int{3, 4, 5, 5, 6, 8, 9, 10}},
	}
	d.fog.Tiles[Sea] = 9
	d.fog.Tiles[Desert] = 1
	d.fog.Tiles[Fields] = 1
	d.fog.Tiles[Hills] = 1
	d.fog.Tiles[Mountains] = 2
	d.fog.Tiles[Pasture] = 2
	d.fog.Tiles[Forest] = 2
	return d
}

// defThroughTheDesert is the data of ThroughTheDesert.
func defThroughTheDesert() *scenarioDef {
	d := &scenarioDef{
		outline: outlineSea42, text: textThroughTheDesert,
		areas:  []Area{setupArea("main"), plainArea("desert"), rewardArea("strip"), rewardArea("west"), rewardArea("southwest")},
		robber: robberAt, robberAt: "F11", pirateAt: "B9",
		groups: []groupDef{
			{name: "main", areas: []string{"main"}},
			{name: "foreign", areas: []string{"strip", "west", "southwest"},
				forbid: func(_ Pos, t Terrain, n int) bool { return t == Gold && (n == 6 || n == 8) }},
		},
	}
	return d
}

// defForgottenTribe is the data of ForgottenTribe.
func defForgottenTribe(r *names) *scenarioDef {
	far := r.positions("D13 E14 F13")
	d := &scenarioDef{
		outline: outlineSea49, text: textForgottenTribe,
		areas: []Area{setupArea("main"), closedArea("tribe-1"), closedArea("tribe-2"), closedArea("tribe-3"),
			closedArea("tribe-4"), closedArea("tribe-5"), closedArea("tribe-6")},
		robber: robberAt, robberAt: "B11", pirateAt: "B9",
		groups: []groupDef{{name: "main", areas: []string{"main"},
			forbid: func(p Pos, _ Terrain, n int) bool {
				return slices.Contains(far, p) && (n == 5 || n == 6 || n == 8 || n == 9)
			}}},
		giftSites: true,
	}
	for _, e := range r.edges("A6-B5 A12-B11 A16-B15 D17-D19 F17-F19 H5-I6 H11-I10 H15-I16") {
		d.gifts = append(d.gifts, Gift{Edge: e, Kind: GiftSVP})
	}
	for _, e := range r.edges("B3-B5 B15-B17 H3-H5 H15-H17") {
		d.gifts = append(d.gifts, Gift{Edge: e, Kind: GiftCard})
	}
	return d
}

// defClothForCatan is the data of ClothForCatan.
func defClothForCatan(r *names) *scenarioDef {
	d := &scenarioDef{
		outline: outlineSea42, text: textClothForCatan,
		areas: []Area{setupArea("north"), setupArea("south"), closedArea("tribe-west"), closedArea("tribe-north"),
			closedArea("tribe-south"), closedArea("tribe-east")},
		robber: robberTwelve, robberAt: "D3", pirateAt: "E14",
		groups: []groupDef{{name: "main", areas: []string{"north", "south"}}},
	}
	for _, v := range []struct {
		c string
		n int
		a string
	}{
		{"D9.n", 11, "tribe-north"}, {"D9.s", 8, "tribe-north"},
		{"E6.n", 10, "tribe-west"}, {"E6.s", 9, "tribe-west"},
		{"E12.n", 4, "tribe-east"}, {"E12.s", 5, "tribe-east"},
		{"F9.n", 6, "tribe-south"}, {"F9.s", 3, "tribe-south"},
	} {
		d.villages = append(d.villages, Village{Corner: r.corner(v.c), Number: v.n, Area: v.a})
	}
	return d
}

// defPirateIslands is the data of PirateIslands.
func defPirateIslands(r *names) *scenarioDef {
	d := &scenarioDef{
		outline: outlineSea49, text: textPirateIslands,
		areas: []Area{setupArea("east"), plainArea("pirate-northwest"), plainArea("pirate-southwest"), plainArea("pirate-west"),
			plainArea("desert-north"), plainArea("desert-south")},
		robber: robberNone,
		fleet:  r.positions("H11 H9 G8 F7 E8 D7 C8 B9 B11 C12 D11 E10 F11 G12"),
	}
	for _, b := range []struct{ colour, settlement, ship, lone, fortress, route string }{
		{"red", "H13.n", "G12-H13", "I8.n", "H5.s",
			"G8-H9 G10-H9 G10-H11 G12-H11 G12-H13 H7-H9 H9-H11 H11-H13 H5-I6 H7-I6 H7-I8 H9-I8 H9-I10 H11-I10 H11-I12"},
		{"blue", "B13.s", "B13-C12", "A8.s", "B5.n",
			"B9-C8 B9-C10 B11-C10 B11-C12 B13-C12 B7-B9 B9-B11 B11-B13 A6-B5 A6-B7 A8-B7 A8-B9 A10-B9 A10-B11 A12-B11"},
		{"orange", "E12.s", "E12-F11", "E6.s", "G4.n",
			"E4-F5 E6-F5 E6-F7 E8-F7 E8-F9 E10-F9 E10-F11 E12-F11 F3-F5 F5-F7 F5-G4 F5-G6"},
		{"white", "E12.n", "D11-E12", "E6.n", "C4.s",
			"D5-E4 D5-E6 D7-E6 D7-E8 D9-E8 D9-E10 D11-E10 D11-E12 D3-D5 D5-D7 C4-D5 C6-D5"},
	} {
		d.bases = append(d.bases, PirateBase{
			Colour: b.colour, Settlement: r.corner(b.settlement), Ship: r.edge(b.ship),
			Lone: r.corner(b.lone), Fortress: r.corner(b.fortress), Route: r.edges(b.route),
		})
	}
	return d
}

// defWondersOfCatan is the data of WondersOfCatan.
func defWondersOfCatan(r *names) *scenarioDef {
	nextToDesert := r.positions("E8 F7")
	d := &scenarioDef{
		outline: outlineSea49, text: textWondersOfCatan,
		areas:  []Area{setupArea("main"), rewardArea("west"), rewardArea("southeast")},
		robber: robberAt, robberAt: "E6",
		groups: []groupDef{{name: "main", areas: []string{"main"}, noDesert: true,
			forbid: func(p Pos, _ Terrain, n int) bool {
				return slices.Contains(nextToDesert, p) && (n == 6 || n == 8)
			}}},
	}
	for _, m := range []struct {
		mark    CornerMark
		corners string
	}{
		{Wasteland, "D7.s E6.s F7.n F7.s G6.n"},
		{Strait, "B13.s C12.n"},
		{Exclamation, "A12.s B11.s C14.n D13.n"},
	} {
		for _, c := range strings.Fields(m.corners) {
			d.marks = append(d.marks, MarkedCorner{Corner: r.corner(c), Mark: m.mark})
		}
	}
	slices.SortFunc(d.marks, func(a, b MarkedCorner) int { return a.Corner.Compare(b.Corner) })
	return d
}
