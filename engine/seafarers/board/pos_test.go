package board

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func mustPos(t *testing.T, s string) Pos {
	t.Helper()
	p, err := ParsePos(s)
	if err != nil {
		t.Fatalf("ParsePos(%q): %v", s, err)
	}
	return p
}

// BOARDS B1: names, case, parity, leading zeros.
func TestB1ParsePos(t *testing.T) {
	tests := []struct {
		in   string
		want Pos
		ok   bool
	}{
		{"B5", Pos{1, 5}, true},
		{"b5", Pos{1, 5}, true},
		{"C12", Pos{2, 12}, true},
		{"e4", Pos{4, 4}, true},
		{"A0", Pos{0, 0}, true},
		{"Z99", Pos{25, 99}, true},
		{"I14", Pos{8, 14}, true},
		{"B4", Pos{}, false},   // odd row, even column
		{"C5", Pos{}, false},   // even row, odd column
		{"B05", Pos{}, false},  // leading zero
		{"B", Pos{}, false},    // no column
		{"", Pos{}, false},     // empty
		{"5B", Pos{}, false},   // no row letter
		{"B5x", Pos{}, false},  // trailing text
		{"B101", Pos{}, false}, // beyond MaxCol
		{"B-1", Pos{}, false},
		{" B5", Pos{}, false},
		{"É5", Pos{}, false},
	}
	for _, tt := range tests {
		got, err := ParsePos(tt.in)
		if tt.ok {
			if err != nil || got != tt.want {
				t.Errorf("ParsePos(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
			}
			continue
		}
		var ne *NameError
		if !errors.As(err, &ne) || ne.Input != tt.in || ne.What != "position" {
			t.Errorf("ParsePos(%q) = %v, %v, want a *NameError", tt.in, got, err)
		}
	}
}

// BOARDS B1: canonical spelling is upper case without leading zeros.
func TestB1PosString(t *testing.T) {
	tests := []struct {
		p    Pos
		want string
	}{
		{Pos{1, 5}, "B5"},
		{Pos{2, 12}, "C12"},
		{Pos{0, 0}, "A0"},
		{Pos{1, 4}, "Pos(1,4)"},
		{Pos{-1, 7}, "Pos(-1,7)"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.p, got, tt.want)
		}
	}
}

// BOARDS B2: the neighbours of D7.
func TestB2Neighbours(t *testing.T) {
	d7 := mustPos(t, "D7")
	want := map[Dir]string{DirE: "D9", DirW: "D5", DirNE: "C8", DirNW: "C6", DirSE: "E8", DirSW: "E6"}
	for d, w := range want {
		if got := d7.Neighbour(d).String(); got != w {
			t.Errorf("D7.Neighbour(%v) = %s, want %s", d, got, w)
		}
		if got := d7.DirTo(mustPos(t, w)); got != d {
			t.Errorf("D7.DirTo(%s) = %v, want %v", w, got, d)
		}
		if got := d7.Neighbour(d).Neighbour(d.Opposite()); got != d7 {
			t.Errorf("D7 %v then %v = %v, want D7", d, d.Opposite(), got)
		}
	}
	var names []string
	for _, p := range d7.Neighbours() {
		names = append(names, p.String())
	}
	if w := []string{"D9", "D5", "C8", "C6", "E8", "E6"}; !slices.Equal(names, w) {
		t.Errorf("D7.Neighbours() = %v, want %v", names, w)
	}
	if got := d7.DirTo(mustPos(t, "D11")); got != NoDir {
		t.Errorf("D7.DirTo(D11) = %v, want NoDir", got)
	}
	if got := d7.DirTo(mustPos(t, "B7")); got != NoDir {
		t.Errorf("D7.DirTo(B7) = %v, want NoDir (same column, two rows apart)", got)
	}
}

// BOARDS B1, B2, B5: positions are two small integers; every name of the
// grid reads back as itself, and the neighbours and corners of the positions
// at the grid's limits (rows A and Z, columns 0, 1, 98 and 99) are one step
// away in the B2 and B5 tables, not wrapped around, so that they stay invalid.
func TestB1GridLimits(t *testing.T) {
	for r := 0; r <= MaxRow; r++ {
		for c := r % 2; c <= MaxCol; c += 2 {
			p := At(r, c)
			if got, err := ParsePos(p.String()); err != nil || got != p {
				t.Fatalf("ParsePos(%q) = %v, %v, want %#v (B1)", p.String(), got, err, p)
			}
			if r > 0 && r < MaxRow && c > 1 && c < MaxCol-1 {
				continue
			}
			for d := DirE; d <= DirSW; d++ {
				n := p.Neighbour(d)
				wr, wc := r+int(dirDelta[d][0]), c+int(dirDelta[d][1])
				if int(n.Row) != wr || int(n.Col) != wc {
					t.Fatalf("%v.Neighbour(%v) = %#v, want row %d column %d (B2)", p, d, n, wr, wc)
				}
				inside := wr >= 0 && wr <= MaxRow && wc >= 0 && wc <= MaxCol
				if n.Valid() != inside {
					t.Fatalf("%v.Neighbour(%v) = %#v: Valid %v, want %v (B2)", p, d, n, n.Valid(), inside)
				}
			}
			for _, k := range p.Corners() {
				inside := k.At.Row >= 0 && k.At.Row <= MaxRow && k.At.Col >= 0 && k.At.Col <= MaxCol
				if k.Valid() != inside {
					t.Fatalf("corner %#v of %v: Valid %v, want %v (B5)", k, p, k.Valid(), inside)
				}
			}
		}
	}
	for _, name := range []string{"Z99.se", "Z99.sw", "A0.ne", "A0.nw"} {
		if _, err := ParseCorner(name); err == nil || !strings.Contains(err.Error(), "outside the grid") {
			t.Errorf("ParseCorner(%q) = %v, want outside the grid (B5)", name, err)
		}
	}
	for _, name := range []string{"Z99.e", "Z99.se", "A0.nw", "A0.w"} {
		if _, err := ParseEdge(name); err == nil || !strings.Contains(err.Error(), "outside the grid") {
			t.Errorf("ParseEdge(%q) = %v, want outside the grid (B9)", name, err)
		}
	}
	for _, name := range []string{"Z101", "A100", "B127", "B255", "B-0"} {
		if p, err := ParsePos(name); err == nil {
			t.Errorf("ParsePos(%q) = %v, want an error (B1)", name, p)
		}
	}
}

// A map line with a code beyond column MaxCol is refused, not read as a
// position some 128 columns further west.
func TestReadMapBeyondGrid(t *testing.T) {
	line := "C" + strings.Repeat(" ", 4+3*(256+2)) + "fi"
	lt := &layoutText{hex: map[Pos]Hex{}, area: map[Pos]string{}}
	if _, err := lt.readMap([]string{"     0  1", line}, map[Pos]bool{}); err == nil {
		t.Fatalf("readMap with a code at column 258 = %v, want an error", lt.board)
	}
}

// BOARDS B3: reading order.
func TestB3ReadingOrder(t *testing.T) {
	in := []string{"C4", "B7", "B5", "D3", "C12", "A16"}
	want := []string{"A16", "B5", "B7", "C4", "C12", "D3"}
	var ps []Pos
	for _, s := range in {
		ps = append(ps, mustPos(t, s))
	}
	slices.SortFunc(ps, Pos.Compare)
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("sorted = %v, want %v", got, want)
	}
	if mustPos(t, "B5").Compare(mustPos(t, "B5")) != 0 {
		t.Errorf("B5.Compare(B5) != 0")
	}
}

func TestDirString(t *testing.T) {
	for d, w := range map[Dir]string{NoDir: "", DirE: "e", DirW: "w", DirNE: "ne", DirNW: "nw", DirSE: "se", DirSW: "sw", Dir(42): ""} {
		if got := d.String(); got != w {
			t.Errorf("Dir(%d).String() = %q, want %q", int(d), got, w)
		}
	}
	if NoDir.Opposite() != NoDir {
		t.Errorf("NoDir.Opposite() != NoDir")
	}
}

// Values that are not Valid print so that nobody mistakes them for names.
func TestInvalidStrings(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{Edge{}.String(), "Edge(A0,A0)"},
		{Corner{}.String(), "Corner(A0,)"},
		{CornerOf(Pos{0, 6}, VertexNE).String(), "Corner(Pos(-1,7),s)"},
		{SideOf(Pos{0, 0}, DirW).String(), "Edge(Pos(0,-2),A0)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestAppend checks that Append writes what String prints, for every
// position, corner and edge of every scenario's board, and for invalid
// ones.
func TestAppend(t *testing.T) {
	for _, s := range Scenarios() {
		b, err := New(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for h := 0; h < b.NumHexes(); h++ {
			if p := b.HexPos(h); string(p.Append([]byte("x"))) != "x"+p.String() {
				t.Fatalf("%s: Pos.Append %q, String %q", s, p.Append(nil), p.String())
			}
		}
		for c := 0; c < b.NumCorners(); c++ {
			if k := b.Corner(c); string(k.Append([]byte("x"))) != "x"+k.String() {
				t.Fatalf("%s: Corner.Append %q, String %q", s, k.Append(nil), k.String())
			}
		}
		for e := 0; e < b.NumEdges(); e++ {
			if x := b.Edge(e); string(x.Append([]byte("x"))) != "x"+x.String() {
				t.Fatalf("%s: Edge.Append %q, String %q", s, x.Append(nil), x.String())
			}
		}
	}
	for _, p := range []Pos{{Row: -1, Col: 3}, {Row: 2, Col: 3}} {
		if string(p.Append(nil)) != p.String() {
			t.Fatalf("Pos.Append %q, String %q", p.Append(nil), p.String())
		}
	}
	if x := (Edge{}); string(x.Append(nil)) != x.String() {
		t.Fatalf("Edge.Append %q, String %q", x.Append(nil), x.String())
	}
	if k := (Corner{}); string(k.Append(nil)) != k.String() {
		t.Fatalf("Corner.Append %q, String %q", k.Append(nil), k.String())
	}
}
