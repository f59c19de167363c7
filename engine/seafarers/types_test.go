package seafarers

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHandArithmetic compares the hand operations written out count by
// count (add, sub, setPacked and their packed forms, total, of, most, held, atLeast,
// containsPacked, overlaps) with the same operations asked resource by resource, on
// 2,000 random pairs of hands.
func TestHandArithmetic(t *testing.T) {
	pick := rand.New(rand.NewPCG(7, 18))
	randomHand := func() Hand {
		var h Hand
		for i := range h {
			h[i] = max(0, pick.IntN(20)-6) // a third of the counts are 0
		}
		return h
	}
	for range 2000 {
		h, o := randomHand(), randomHand()
		packed := o.Packed()
		var sum, diff Hand
		total := 0
		for i := range h {
			sum[i], diff[i] = h[i]+o[i], h[i]-o[i]
			total += h[i]
			if r := Resource(i + 1); h.Of(r) != h[i] || h.of(r) != h[i] {
				t.Fatalf("%v.Of(%s) = %d, of = %d, want %d", [5]int(h), r, h.Of(r), h.of(r), h[i])
			}
		}
		if h.Of(NoResource) != 0 || h.of(Ore+1) != 0 {
			t.Fatalf("%v: a count of no resource", [5]int(h))
		}
		if most := slices.Max(h[:]); h.most() != most {
			t.Fatalf("%v.most() = %d, want %d", [5]int(h), h.most(), most)
		}
		var held uint8
		for i := range h {
			if h[i] > 0 {
				held |= 1 << i
			}
		}
		if h.held() != held || h.Kinds() != bits.OnesCount8(held) {
			t.Fatalf("%v.held() = %05b, Kinds %d, want %05b", [5]int(h), h.held(), h.Kinds(), held)
		}
		for n := range 6 {
			var atLeast uint8
			for i := range h {
				if h[i] >= n {
					atLeast |= 1 << i
				}
			}
			if h.atLeast(n) != atLeast {
				t.Fatalf("%v.atLeast(%d) = %05b, want %05b", [5]int(h), n, h.atLeast(n), atLeast)
			}
		}
		if h.Total() != total || h.total() != total {
			t.Fatalf("%v.Total() = %d, total = %d, want %d", [5]int(h), h.Total(), h.total(), total)
		}
		if contains := h.Contains(&o); h.containsPacked(&packed) != contains {
			t.Fatalf("%v.containsPacked(%v) = %v, Contains %v", [5]int(h), [5]int(o), !contains, contains)
		}
		added, taken := h, h
		added.add(&o)
		taken.sub(&o)
		if added != sum || taken != diff {
			t.Fatalf("%v add, sub %v = %v, %v, want %v, %v", [5]int(h), [5]int(o), [5]int(added), [5]int(taken), [5]int(sum), [5]int(diff))
		}
		overlaps := false
		for i := range h {
			overlaps = overlaps || h[i] > 0 && o[i] > 0
		}
		if hp := h.Packed(); hp.overlaps(&packed) != overlaps {
			t.Fatalf("%v overlaps %v = %v, want %v", [5]int(h), [5]int(o), !overlaps, overlaps)
		}
		set := h
		if set.setPacked(&packed); set != o {
			t.Fatalf("setPacked(%v) = %v", [5]int(o), [5]int(set))
		}
		added, taken = h, h
		added.addPacked(o.Packed())
		taken.subPacked(o.Packed())
		if added != sum || taken != diff {
			t.Fatalf("%v addPacked, subPacked %v = %v, %v, want %v, %v", [5]int(h), [5]int(o), [5]int(added), [5]int(taken), [5]int(sum), [5]int(diff))
		}
	}
}
