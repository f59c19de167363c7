package replay

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestDiffRoundTrip checks that undiff(prev, diff(prev, cur)) = cur for
// documents that change as game pictures do: lines changed, inserted,
// removed and moved, and unrelated documents.
func TestDiffRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	doc := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			switch r.IntN(4) {
			case 0:
				out[i] = "</g>"
			case 1:
				out[i] = fmt.Sprintf(`<rect x="%d" y="%d"/>`, r.IntN(10), r.IntN(10))
			default:
				out[i] = fmt.Sprintf("line %d", r.IntN(1000))
			}
		}
		return out
	}
	edit := func(d []string) []string {
		d = slices.Clone(d)
		for range r.IntN(8) {
			switch i := r.IntN(len(d) + 1); {
			case i == len(d):
				d = append(d, "new at the end")
			case r.IntN(3) == 0:
				d = slices.Delete(d, i, i+1)
			case r.IntN(2) == 0:
				d = slices.Insert(d, i, fmt.Sprintf("inserted %d", r.IntN(50)))
			default:
				d[i] = fmt.Sprintf("changed %d", r.IntN(50))
			}
		}
		if r.IntN(5) == 0 && len(d) > 20 {
			// A block moves.
			blk := slices.Clone(d[5:12])
			d = slices.Delete(d, 5, 12)
			d = append(d, blk...)
		}
		return d
	}
	tab := newLineTable()
	var prevIDs []int
	cur := doc(200)
	for step := range 300 {
		if step%50 == 49 {
			cur = doc(150 + r.IntN(100)) // a different picture
		} else {
			cur = edit(cur)
		}
		ids := tab.split(strings.Join(cur, "\n"))
		ops := diff(prevIDs, ids)
		got, ok := undiff(tab.lines, prevIDs, ops)
		if !ok || !slices.Equal(got, ids) {
			t.Fatalf("step %d: undiff(diff) = %v (ok %v), want %v", step, got, ok, ids)
		}
		if step > 0 && step%50 != 49 && len(ops) > len(ids)/2 {
			t.Errorf("step %d: %d ops for a small edit of %d lines", step, len(ops), len(ids))
		}
		prevIDs = ids
	}
}

func TestDiffCopiesRuns(t *testing.T) {
	prev := []int{0, 1, 2, 3, 4, 5, 6, 7}
	cases := []struct {
		cur, want []int
	}{
		{[]int{0, 1, 2, 3, 4, 5, 6, 7}, []int{-1, 8}},
		{[]int{0, 1, 2, 9, 4, 5, 6, 7}, []int{-1, 3, 9, -5, 4}},
		{[]int{0, 1, 2, 3, 9, 4, 5, 6, 7}, []int{-1, 4, 9, -5, 4}},
		{[]int{4, 5, 6, 7, 0, 1, 2, 3}, []int{-5, 4, -1, 4}},
		{[]int{9, 3, 10}, []int{9, 3, 10}},
		{nil, nil},
	}
	for _, c := range cases {
		if got := diff(prev, c.cur); !slices.Equal(got, c.want) {
			t.Errorf("diff(%v, %v) = %v, want %v", prev, c.cur, got, c.want)
		}
	}
}

func TestUndiffRefusesBadOps(t *testing.T) {
	lines := []string{"a", "b"}
	for _, ops := range [][]int{{5}, {-1}, {-1, 9}, {-3, 1}, {-1, -1}} {
		if got, ok := undiff(lines, []int{0, 1}, ops); ok {
			t.Errorf("undiff(%v) = %v, want a refusal", ops, got)
		}
	}
}

func TestNearest(t *testing.T) {
	ps := []int{1, 4, 9, 10, 20}
	cases := []struct {
		c, max int
		want   []int
	}{
		{9, 3, []int{9, 10, 4}},
		{0, 2, []int{1, 4}},
		{30, 2, []int{20, 10}},
		{12, 10, []int{10, 9, 20, 4, 1}},
	}
	for _, c := range cases {
		if got := nearest(ps, c.c, c.max); !slices.Equal(got, c.want) {
			t.Errorf("nearest(%v, %d, %d) = %v, want %v", ps, c.c, c.max, got, c.want)
		}
	}
}
