package engine

import (
	"slices"
	"testing"
)

// seededDraws draws 12 numbers from r, alternating three streams and
// three bounds, the way a game mixes its kinds of draws.
func seededDraws(r Rand) []int {
	var out []int
	for i := range 12 {
		out = append(out, r.Intn([]string{"dice", "sealed", "steal"}[i%3], []int{6, 25, 1000003}[i%3]))
	}
	return out
}

// TestSeededDrawsPinned pins what a Seeded source, a clone of it taken
// half-way and a source derived from it draw: bots, simulations and the
// golden games replay from these numbers, so a faster Seeded must draw
// exactly the same ones.
func TestSeededDrawsPinned(t *testing.T) {
	s := NewSeeded(42)
	first := seededDraws(s)
	c := s.Clone()
	fromClone := seededDraws(c)
	fromOriginal := seededDraws(s)
	derived := seededDraws(s.Derive("seafarers/sandbox-sealed", []byte{0, 0, 0, 0, 0, 0, 0, 7}, []byte("part")))
	derivedAgain := seededDraws(NewSeeded(42).Derive("seafarers/sandbox-sealed", []byte{0, 0, 0, 0, 0, 0, 0, 7}, []byte("part")))
	derivedFromClone := seededDraws(c.Derive("seafarers/sandbox-sealed", []byte{0, 0, 0, 0, 0, 0, 0, 7}, []byte("part")))
	for _, tc := range []struct {
		name      string
		got, want []int
	}{
		{"a new source", first, []int{3, 17, 896304, 5, 3, 29432, 0, 11, 211581, 0, 4, 217645}},
		{"its clone", fromClone, []int{0, 13, 384908, 3, 7, 577974, 3, 11, 324210, 5, 8, 413399}},
		{"the source after the clone", fromOriginal, fromClone},
		{"a derived source", derived, []int{5, 5, 340429, 3, 14, 675209, 4, 14, 431490, 0, 2, 384154}},
		{"the same derivation of a fresh source", derivedAgain, derived},
		{"the same derivation of the clone", derivedFromClone, derived},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s draws %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// TestZeroSeeded checks that a zero Seeded draws as NewSeeded(0) does.
func TestZeroSeeded(t *testing.T) {
	var z Seeded
	if got, want := seededDraws(&z), seededDraws(NewSeeded(0)); !slices.Equal(got, want) {
		t.Errorf("a zero Seeded draws %v, NewSeeded(0) %v", got, want)
	}
}

// TestSeededDerivationsPinned pins what sources derived many times draw:
// the same derivation again after others, and one from more bytes than
// a derivation remembered holds.
func TestSeededDerivationsPinned(t *testing.T) {
	s := NewSeeded(7)
	var got [][]int
	for _, k := range []byte{1, 2, 3, 4, 5, 6, 1, 2} {
		got = append(got, seededDraws(s.Derive("label", []byte{k})))
	}
	got = append(got, seededDraws(s.Derive("a long label", make([]byte, 100))))
	want := [][]int{
		{5, 15, 597759, 1, 2, 112103, 3, 6, 35870, 1, 7, 85858},
		{5, 2, 34394, 1, 4, 514594, 2, 12, 929766, 0, 2, 813378},
		{0, 22, 676036, 1, 15, 210299, 2, 21, 521835, 1, 9, 272705},
		{1, 15, 857960, 4, 12, 738576, 2, 20, 6091, 3, 11, 168748},
		{1, 22, 233277, 2, 2, 725219, 0, 10, 487121, 1, 17, 97017},
		{5, 6, 86611, 2, 16, 890136, 4, 23, 584027, 5, 12, 672859},
		{5, 15, 597759, 1, 2, 112103, 3, 6, 35870, 1, 7, 85858},
		{5, 2, 34394, 1, 4, 514594, 2, 12, 929766, 0, 2, 813378},
		{1, 8, 250504, 1, 22, 732449, 1, 7, 235335, 4, 13, 22047},
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("derivation %d draws %v, want %v", i, got[i], want[i])
		}
	}
	if !slices.Equal(got[0], got[6]) || !slices.Equal(got[1], got[7]) {
		t.Errorf("the same derivation draws %v and %v, %v and %v", got[0], got[6], got[1], got[7])
	}
}

// TestSeededCloneIndependent: a clone taken while the source's streams
// still fit in its room, and the source, draw apart: drawing from one
// (past the room, too) moves nothing in the other, and both draw what an
// untouched source at that point draws.
func TestSeededCloneIndependent(t *testing.T) {
	at := func() *Seeded { // a source after one draw, its stream in its room
		s := NewSeeded(5)
		s.Intn("dice", 6)
		return s
	}
	want := seededDraws(at())
	s := at()
	c := s.Clone()
	fromClone := seededDraws(c)
	fromSource := seededDraws(s)
	if !slices.Equal(fromClone, want) || !slices.Equal(fromSource, want) {
		t.Errorf("a clone draws %v and its source then %v, want both %v", fromClone, fromSource, want)
	}
	d := at().Derive("label", []byte("part"))
	c2 := d.(*Seeded).Clone()
	if got, want := seededDraws(d), seededDraws(c2); !slices.Equal(got, want) {
		t.Errorf("a derived source draws %v, its clone %v", got, want)
	}
}

// A Seeded source derives as its clones and the sources of its seed do,
// whatever each drew since, and as no source of another seed, no other
// kind of source and no source at all (DerivesAs): the draws of what they
// derive are then the same.
func TestSeededDerivesAs(t *testing.T) {
	s := NewSeeded(7)
	c := s.Clone()
	s.Intn("dice", 6)
	same := NewSeeded(7)
	for _, o := range []Source{c, same} {
		if !s.DerivesAs(o) {
			t.Fatalf("a source of seed 7 does not derive as %v", o)
		}
		a, b := s.Derive("x", []byte{1}), o.Derive("x", []byte{1})
		if x, y := a.Intn("sealed", 1000), b.Intn("sealed", 1000); x != y {
			t.Fatalf("sources deriving alike drew %d and %d", x, y)
		}
	}
	for _, o := range []Source{NewSeeded(8), (*Seeded)(nil), nil} {
		if s.DerivesAs(o) {
			t.Fatalf("a source of seed 7 derives as %#v", o)
		}
	}
}

// TestSeededDeriveInto checks that a source derived into one Seeded again
// and again (DeriveInto) draws, each time, what a source Derive makes
// afresh draws: whatever the Seeded drew before (three streams, more than
// its room holds) and from whichever source it was derived before.
func TestSeededDeriveInto(t *testing.T) {
	d := NewSeeded(5)
	seededDraws(d)
	for i, seed := range []uint64{42, 42, 7, 42} {
		s := NewSeeded(seed)
		part := []byte{0, 0, 0, 0, 0, 0, 0, byte(i)}
		s.DeriveInto(d, "seafarers/sandbox-sealed", part, []byte("part"))
		got := seededDraws(d)
		if want := seededDraws(s.Derive("seafarers/sandbox-sealed", part, []byte("part"))); !slices.Equal(got, want) {
			t.Errorf("derivation %d into a used source draws %v, a fresh one %v", i, got, want)
		}
	}
}

// TestSeededCloneInto checks that a copy made into one Seeded again and
// again (CloneInto) draws what a Clone of the same source draws, whatever
// the Seeded drew before (three streams, more than its room holds), and
// that the source and the copy draw apart.
func TestSeededCloneInto(t *testing.T) {
	c := NewSeeded(5)
	seededDraws(c)
	for i, seed := range []uint64{42, 42, 7, 42} {
		s := NewSeeded(seed)
		for range i {
			s.Intn("dice", 6) // a source drawn from, of one stream or more
			s.Intn([]string{"steal", "sealed", "dice"}[i%3], 1000)
		}
		fresh := s.Clone()
		s.CloneInto(c)
		got, want := seededDraws(c), seededDraws(fresh)
		if !slices.Equal(got, want) {
			t.Errorf("copy %d into a used source draws %v, a clone %v", i, got, want)
		}
		// The copy's draws left the source where it was: it draws them
		// again.
		if again := seededDraws(s); !slices.Equal(again, want) {
			t.Errorf("after copy %d the source draws %v, want %v", i, again, want)
		}
	}
}
