package board

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pcgRand is a seeded Rand that records every draw's n and stream.
type pcgRand struct {
	r       *rand.Rand
	ns      []int
	streams map[string]bool
}

func newPCG(seed uint64) *pcgRand {
	return &pcgRand{r: rand.New(rand.NewPCG(seed, 0x5eaf)), streams: map[string]bool{}}
}

func (p *pcgRand) Intn(stream string, n int) int {
	p.ns = append(p.ns, n)
	p.streams[stream] = true
	if n <= 1 {
		return 0
	}
	return p.r.IntN(n)
}

// scripted is a Rand answering from a list, then 0.
type scripted struct {
	answers []int
	ns      []int
}

func (s *scripted) Intn(_ string, n int) int {
	s.ns = append(s.ns, n)
	if len(s.answers) == 0 {
		return 0
	}
	k := s.answers[0]
	s.answers = s.answers[1:]
	return k
}

// deal returns the board of s with o dealt from seed.
func deal(t *testing.T, s Scenario, o Options, seed uint64) *Board {
	t.Helper()
	b, err := New(s, o)
	if err != nil {
		t.Fatalf("New(%v, %+v): %v", s, o, err)
	}
	if b.Dealt() {
		return b
	}
	r := newPCG(seed)
	d, err := b.Deal(r)
	if err != nil {
		t.Fatalf("%v %+v seed %d: Deal: %v", s, o, seed, err)
	}
	if !d.Dealt() {
		t.Fatalf("%v: Deal gave a board not dealt", s)
	}
	if len(r.streams) != 1 || !r.streams[Stream] {
		t.Fatalf("%v: drew from streams %v, want only %q (S132)", s, r.streams, Stream)
	}
	return d
}

// BOARDS §13.1: Fisher–Yates draws i+1 for i from n−1 down to 1 and swaps.
func TestShuffle13_1(t *testing.T) {
	r := &scripted{answers: []int{1, 0, 1}}
	a := []string{"a", "b", "c", "d"}
	shuffle(&drawer{r: r}, a)
	if want := []string{"c", "d", "a", "b"}; !slices.Equal(a, want) {
		t.Errorf("shuffle = %v, want %v", a, want)
	}
	if want := []int{4, 3, 2}; !slices.Equal(r.ns, want) {
		t.Errorf("draws over %v, want %v", r.ns, want)
	}
	// One element: no draw (draw(1) is 0 without drawing).
	r = &scripted{}
	shuffle(&drawer{r: r}, []int{7})
	if len(r.ns) != 0 {
		t.Errorf("shuffling one element drew %v", r.ns)
	}
}

// BOARDS §13.3: the spiral from start k, with the examples k = 0 and k = 1,
// the desert skipped, and new-shores's shift.
func TestSpiral13_3(t *testing.T) {
	tests := []struct {
		s      Scenario
		k      int
		desert string
		want   string
	}{
		{Base, 0, "E8", "C6:5 D5:2 E4:6 F5:3 G6:8 G8:10 G10:9 F11:12 E12:11 D11:4 C10:8 C8:10 D7:9 E6:4 F7:5 F9:6 E10:3 D9:11 E8:0"},
		{Base, 1, "E8", "E4:5 F5:2 G6:6 G8:3 G10:8 F11:10 E12:9 D11:12 C10:11 C8:4 C6:8 D5:10 E6:9 F7:4 F9:5 E10:6 D9:3 D7:11 E8:0"},
		{Base, 0, "C6", "C6:0 D5:5 E4:2 F5:6 G6:3 G8:8 G10:10 F11:9 E12:12 D11:11 C10:4 C8:8 D7:10 E6:9 F7:4 F9:5 E10:6 D9:3 E8:11"},
		{NewShores, 0, "F7", "D5:5 E4:2 F3:6 G4:3 H5:8 H7:10 H9:9 G10:12 F11:11 E10:4 D9:8 D7:10 E6:9 F5:4 G6:5 G8:6 F9:3 E8:11 F7:0"},
	}
	for _, tt := range tests {
		b := fixedBoard(t, tt.s).clone()
		for h := range b.hexes {
			b.hexes[h].Number = 0
			if b.hexes[h].Terrain == Desert {
				b.hexes[h].Terrain = Fields
			}
		}
		b.hexes[hex(t, b, tt.desert)].Terrain = Desert
		r := &scripted{answers: []int{tt.k}}
		shift := Pos{}
		if tt.s == NewShores {
			shift = Pos{1, -1}
		}
		numbers := slices.Clone(spiralTokens[:])
		slices.Sort(numbers)
		if err := b.laySpiral(&drawer{r: r}, shift, numbers); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.ns, []int{6}) {
			t.Errorf("spiral draws %v, want [6]", r.ns)
		}
		var got []string
		for _, f := range strings.Fields(tt.want) {
			p, _, _ := strings.Cut(f, ":")
			got = append(got, p+":"+strconv.Itoa(b.hexes[hex(t, b, p)].Number))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%v k=%d desert %s:\n got %s\nwant %s", tt.s, tt.k, tt.desert, g, tt.want)
		}
	}
}

// BOARDS §13.6 and S132: the order of draws, and no draw for a fixed
// layout with fixed harbours.
func TestDrawOrder13_6(t *testing.T) {
	countdown := func(from int) []int {
		var out []int
		for n := from; n >= 2; n-- {
			out = append(out, n)
		}
		return out
	}
	// new-shores, variable: main terrains (19), the spiral start, island
	// terrains (8), island tokens, then the 9 harbours.
	b, err := New(NewShores, Options{Layout: LayoutVariable})
	if err != nil {
		t.Fatal(err)
	}
	r := newPCG(7)
	if _, err := b.Deal(r); err != nil {
		t.Fatal(err)
	}
	head := append(append(countdown(19), 6), countdown(8)...)
	if len(r.ns) < len(head)+8 || !slices.Equal(r.ns[:len(head)], head) || !slices.Equal(r.ns[len(r.ns)-8:], countdown(9)) {
		t.Errorf("new-shores draws %v", r.ns)
	}
	if tokens := r.ns[len(head) : len(r.ns)-8]; len(tokens) < 7 {
		t.Errorf("new-shores island token draws %v, want at least 7", tokens)
	}
	// base, fixed layout, shuffled harbours: only the harbour shuffle.
	b, err = New(Base, Options{Harbours: HarboursShuffled})
	if err != nil {
		t.Fatal(err)
	}
	r = newPCG(1)
	if _, err := b.Deal(r); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.ns, countdown(9)) {
		t.Errorf("base shuffled harbours draws %v, want %v", r.ns, countdown(9))
	}
	// A fixed layout with fixed harbours is dealt already and draws nothing.
	for _, s := range fixedScenarios() {
		b := fixedBoard(t, s)
		var ce *ChangeError
		if _, err := b.Deal(newPCG(1)); !errors.As(err, &ce) {
			t.Errorf("%v: Deal of a fixed board = %v, want a *ChangeError", s, err)
		}
	}
}

// S132: which boards need a seed.
func TestNeedsSeedS132(t *testing.T) {
	tests := []struct {
		s    Scenario
		o    Options
		want bool
	}{
		{Base, Options{}, false},
		{Base, Options{Layout: LayoutFixed, Harbours: HarboursShuffled}, true},
		{Base, Options{Layout: LayoutVariable}, true},
		{Base, Options{Layout: LayoutVariable, Harbours: HarboursFixed}, true},
		{NewShores, Options{}, true},
		{NewShores, Options{Harbours: HarboursFixed}, false},
		{PirateIslands, Options{Harbours: HarboursFixed}, false},
		{PirateIslands, Options{}, true},
		{NewWorld, Options{}, true},
	}
	for _, tt := range tests {
		got, err := NeedsSeed(tt.s, tt.o)
		if err != nil || got != tt.want {
			t.Errorf("NeedsSeed(%v, %+v) = %v, %v, want %v", tt.s, tt.o, got, err, tt.want)
		}
		b, err := New(tt.s, tt.o)
		if err != nil || b.Dealt() == tt.want {
			t.Errorf("New(%v, %+v).Dealt() = %v, %v, want %v", tt.s, tt.o, b.Dealt(), err, !tt.want)
		}
	}
}

// S134: a board not yet dealt shows its random parts as unknown.
func TestUndealtS134(t *testing.T) {
	b, err := New(Base, Options{Layout: LayoutVariable})
	if err != nil {
		t.Fatal(err)
	}
	for h := 0; h < b.NumHexes(); h++ {
		x := b.Hex(h)
		if b.HexArea(h) >= 0 && (x.Terrain != Unknown || x.Number != 0) {
			t.Errorf("base variable: %v is %+v before the deal", b.HexPos(h), x)
		}
		if b.HexArea(h) < 0 && x.Terrain != Sea {
			t.Errorf("base variable: %v is %+v, want sea", b.HexPos(h), x)
		}
	}
	for _, s := range b.Sites() {
		if s.Kind != HarbourUnknown {
			t.Errorf("base variable: harbour %v is %v before the deal", s.Edge, s.Kind)
		}
	}
	if _, ok := b.Robber(); ok {
		t.Errorf("base variable: the robber is placed before the deal")
	}
	c := corner(t, b, "E8.n")
	if b.LandCorner(c) || !b.CornerUnexplored(c) {
		t.Errorf("base variable: E8.n land %v unknown %v before the deal", b.LandCorner(c), b.CornerUnexplored(c))
	}
	if b.RoadEdge(edge(t, b, "D7-E8")) || b.ShipEdge(edge(t, b, "B5-C6")) {
		t.Errorf("base variable: an edge next to an unknown hex is legal before the deal")
	}

	nw, err := New(NewWorld, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range nw.Hexes() {
		if x.Terrain != Unknown {
			t.Fatalf("new-world: %+v before the deal", x)
		}
	}
	if len(nw.Harbours()) != 0 || len(nw.Areas()) != 0 || nw.NumIslands() != 0 || len(nw.Sites()) != 0 {
		t.Errorf("new-world before the deal: harbours %v areas %v", nw.Harbours(), nw.Areas())
	}

	// Shuffled harbours only: the gifts of forgotten-tribe are unknown.
	ft, err := New(ForgottenTribe, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range ft.Gifts() {
		if g.Kind == GiftHarbour && g.Harbour != HarbourUnknown {
			t.Errorf("forgotten-tribe: gift %v is %v before the deal", g.Edge, g.Harbour)
		}
	}
	if _, ok := ft.Robber(); !ok {
		t.Errorf("forgotten-tribe: the robber's fixed start is unknown")
	}
}

// The same Rand gives the same board; the receiver is never changed.
func TestDealDeterministic(t *testing.T) {
	for _, s := range Scenarios() {
		o := Options{Layout: LayoutVariable}
		if s == PirateIslands {
			o = Options{}
		}
		b, err := New(s, o)
		if err != nil {
			t.Fatal(err)
		}
		before := b.Hexes()
		var boards []*Board
		for _, seed := range []uint64{3, 3, 4} {
			d, err := b.Deal(newPCG(seed))
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, d)
		}
		if !sameBoard(boards[0], boards[1]) {
			t.Errorf("%v: two deals from one seed differ", s)
		}
		if sameBoard(boards[0], boards[2]) {
			t.Errorf("%v: seeds 3 and 4 give the same board", s)
		}
		if !slices.Equal(before, b.Hexes()) || b.Dealt() {
			t.Errorf("%v: Deal changed its receiver", s)
		}
	}
}

func sameBoard(a, b *Board) bool {
	ra, oka := a.Robber()
	rb, okb := b.Robber()
	return slices.Equal(a.Hexes(), b.Hexes()) && slices.Equal(a.Harbours(), b.Harbours()) &&
		slices.Equal(a.Sites(), b.Sites()) && slices.Equal(a.Gifts(), b.Gifts()) && ra == rb && oka == okb &&
		slices.Equal(a.Areas(), b.Areas())
}

// BOARDS §13.2: after a redistribution no two neighbouring hexes both hold
// a 6 or an 8, and the scenario constraints hold, for many seeds. The
// spiral of §13.3 (base, new-shores's main island) has no such rule but
// never puts two reds side by side either, whatever the start and the
// desert: it is checked too.
func TestRedNumbers13_2(t *testing.T) {
	forbidden := map[Scenario]func(b *Board, h int) bool{
		FourIslands: func(b *Board, h int) bool {
			x := b.Hex(h)
			return (x.Terrain == Forest || x.Terrain == Pasture) && (x.Number == 2 || x.Number == 12)
		},
		ThroughTheDesert: func(b *Board, h int) bool {
			x := b.Hex(h)
			return x.Terrain == Gold && (x.Number == 6 || x.Number == 8)
		},
		ForgottenTribe: func(b *Board, h int) bool {
			n := b.Hex(h).Number
			p := b.HexPos(h).String()
			return (p == "D13" || p == "E14" || p == "F13") && (n == 5 || n == 6 || n == 8 || n == 9)
		},
		WondersOfCatan: func(b *Board, h int) bool {
			n := b.Hex(h).Number
			p := b.HexPos(h).String()
			return (p == "E8" || p == "F7") && (n == 6 || n == 8)
		},
	}
	for _, s := range []Scenario{Base, NewShores, FourIslands, FogIsland, ThroughTheDesert, ForgottenTribe,
		ClothForCatan, WondersOfCatan, NewWorld} {
		for seed := uint64(0); seed < 300; seed++ {
			b := deal(t, s, Options{Layout: LayoutVariable}, seed)
			for h := 0; h < b.NumHexes(); h++ {
				if f := forbidden[s]; f != nil && f(b, h) {
					t.Errorf("%v seed %d: %v holds %+v against the scenario's constraint", s, seed, b.HexPos(h), b.Hex(h))
				}
				if n := b.Hex(h).Number; n != 6 && n != 8 {
					continue
				}
				for _, o := range b.HexNeighbours(h) {
					if o >= 0 && (b.Hex(o).Number == 6 || b.Hex(o).Number == 8) {
						t.Errorf("%v seed %d: %v and %v both red", s, seed, b.HexPos(h), b.HexPos(o))
					}
				}
			}
		}
	}
}

// BOARDS §13.2 step 3: after Attempts failed attempts the tokens are laid
// once more ignoring the rules, and the stream continues.
func TestRedistributeFallback13_2(t *testing.T) {
	b, err := New(FogIsland, Options{Layout: LayoutVariable})
	if err != nil {
		t.Fatal(err)
	}
	b = b.clone()
	hexes := b.groupHexes(b.def.groups[0])
	for _, h := range hexes {
		b.hexes[h] = b.fixed.hex[b.g.hexes[h]]
		b.hexes[h].Number = 0
	}
	numbers := []int{2, 3, 3, 4, 4, 5, 6, 6, 8, 8, 9, 10, 10, 11, 12}
	r := &scripted{}
	never := func(Pos, Terrain, int) bool { return true }
	if err := b.redistribute(&drawer{r: r}, hexes, numbers, never); err != nil {
		t.Fatal(err)
	}
	var want []int
	for n := 15; n >= 2; n-- {
		want = append(want, n)
	}
	if !slices.Equal(r.ns, want) {
		t.Errorf("draws %v, want only the free pass %v", r.ns, want)
	}
	var got []int
	for _, h := range hexes {
		got = append(got, b.hexes[h].Number)
	}
	slices.Sort(got)
	if !slices.Equal(got, numbers) {
		t.Errorf("tokens laid %v, want %v", got, numbers)
	}
}

// BOARDS B18 for many seeds of every random harbour procedure (§13.4,
// §13.5), and B17 for new-world's islands.
func TestB18RandomHarbours(t *testing.T) {
	for _, s := range Scenarios() {
		for _, o := range []Options{{Layout: LayoutVariable}, {Layout: LayoutFixed, Harbours: HarboursShuffled}} {
			if s == NewWorld && o.Layout == LayoutFixed || s == PirateIslands && o.Layout == LayoutVariable {
				continue
			}
			if s == NewWorld {
				o = Options{}
			}
			for seed := uint64(0); seed < 200; seed++ {
				b := deal(t, s, o, seed)
				checkHarbours(t, b, b.Sites())
				checkHarbours(t, b, b.Harbours())
				for _, h := range b.Sites() {
					if h.Kind == HarbourUnknown {
						t.Fatalf("%v seed %d: harbour %v unknown after the deal", s, seed, h.Edge)
					}
				}
				if s == NewWorld {
					checkNewWorld(t, b, seed)
				}
			}
		}
	}
}

func checkNewWorld(t *testing.T, b *Board, seed uint64) {
	t.Helper()
	if len(b.Harbours()) != 9 {
		t.Errorf("new-world seed %d: %d harbours", seed, len(b.Harbours()))
	}
	if len(b.Areas()) != b.NumIslands() || b.NumIslands() == 0 {
		t.Fatalf("new-world seed %d: %d areas for %d islands", seed, len(b.Areas()), b.NumIslands())
	}
	for i, a := range b.Areas() {
		if a.Name != "island-"+strconv.Itoa(i+1) || !a.Setup {
			t.Errorf("new-world seed %d: area %d is %+v", seed, i, a)
		}
		if !slices.Equal(b.AreaHexes(i), b.IslandHexes(i)) {
			t.Errorf("new-world seed %d: area %s is not island %d", seed, a.Name, i)
		}
	}
	for c := 0; c < b.NumCorners(); c++ {
		if b.LandCorner(c) && (b.CornerIsland(c) < 0 || b.CornerArea(c) != b.CornerIsland(c)) {
			t.Errorf("new-world seed %d: %v island %d area %d", seed, b.Corner(c), b.CornerIsland(c), b.CornerArea(c))
		}
	}
	for i := 1; i < b.NumIslands(); i++ {
		if b.HexPos(b.IslandHexes(i - 1)[0]).Compare(b.HexPos(b.IslandHexes(i)[0])) >= 0 {
			t.Errorf("new-world seed %d: islands not in reading order of their first hex", seed)
		}
	}
	if _, ok := b.Robber(); ok {
		t.Errorf("new-world seed %d: robber on the board", seed)
	}
}

// Deal's errors: a Rand answering outside [0, n), and no Rand.
func TestDealErrors(t *testing.T) {
	b, err := New(Base, Options{Layout: LayoutVariable})
	if err != nil {
		t.Fatal(err)
	}
	var de *DrawError
	if _, err := b.Deal(&scripted{answers: []int{5, 19}}); !errors.As(err, &de) || de.N != 18 || de.Got != 19 {
		t.Errorf("Deal with a bad Rand = %v, want *DrawError{18, 19}", err)
	}
	var ce *ChangeError
	if _, err := b.Deal(nil); !errors.As(err, &ce) {
		t.Errorf("Deal(nil) = %v, want a *ChangeError", err)
	}
}

// BOARDS §14: a variable set-up and shuffled harbours keep the counts, and
// new-world's random board has the book's components.
func TestCountCheckRandom(t *testing.T) {
	for _, s := range Scenarios() {
		o := Options{Layout: LayoutVariable}
		if s == PirateIslands {
			o = Options{}
		}
		for seed := uint64(0); seed < 50; seed++ {
			b := deal(t, s, o, seed)
			if got, want := countBoard(b), boardRows[s]; got != want {
				t.Errorf("%v seed %d (BOARDS §14):\n got %+v\nwant %+v", s, seed, got, want)
			}
		}
	}
}
