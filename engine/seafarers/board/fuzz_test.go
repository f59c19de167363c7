package board

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seeds reads a seed corpus from testdata: one input a line, # comments. It
// fails when the file holds nothing (STYLE 14).
func seeds(f *testing.F, name string) []string {
	f.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	if len(out) == 0 {
		f.Fatalf("testdata/%s holds no seeds", name)
	}
	return out
}

// FuzzParseCorner checks the B5 round trip: a corner that parses prints in
// canonical form, and the canonical form parses back to the same corner.
// Anything else is a *NameError, never a panic.
func FuzzParseCorner(f *testing.F) {
	for _, s := range seeds(f, "corners.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCorner(s)
		if err != nil {
			var ne *NameError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseCorner(%q) error %T, want *NameError", s, err)
			}
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCorner(%q) = %#v, not Valid", s, c)
		}
		name := c.String()
		c2, err := ParseCorner(name)
		if err != nil || c2 != c {
			t.Fatalf("ParseCorner(%q) = %v, %v, want %v", name, c2, err, c)
		}
		at := c.Positions()
		if p, err := ParsePos(s[:strings.IndexByte(s, '.')]); err != nil || (p != at[0] && p != at[1] && p != at[2]) {
			t.Fatalf("ParseCorner(%q) = %s, which does not touch the named position", s, name)
		}
	})
}

// FuzzParseEdge checks the B9 round trip for edges.
func FuzzParseEdge(f *testing.F) {
	for _, s := range seeds(f, "edges.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEdge(s)
		if err != nil {
			var ne *NameError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseEdge(%q) error %T, want *NameError", s, err)
			}
			return
		}
		if !e.Valid() {
			t.Fatalf("ParseEdge(%q) = %#v, not Valid", s, e)
		}
		name := e.String()
		e2, err := ParseEdge(name)
		if err != nil || e2 != e {
			t.Fatalf("ParseEdge(%q) = %v, %v, want %v", name, e2, err, e)
		}
		ends := e.Ends()
		for _, c := range ends {
			if c.Valid() && !e.Joins(c) {
				t.Fatalf("%v does not join its end %v", e, c)
			}
		}
	})
}

// FuzzParsePos checks the B1 round trip for positions.
func FuzzParsePos(f *testing.F) {
	for _, s := range []string{"B5", "c12", "B4", "B05", "", "Z99", "A100"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePos(s)
		if err != nil {
			return
		}
		if !p.Valid() || !strings.EqualFold(p.String(), s) {
			t.Fatalf("ParsePos(%q) = %v", s, p)
		}
	})
}
