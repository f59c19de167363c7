package board

import "testing"

func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(ForgottenTribe, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeal(b *testing.B) {
	bd, err := New(ForgottenTribe, Options{Layout: LayoutVariable})
	if err != nil {
		b.Fatal(err)
	}
	r := newPCG(1)
	for b.Loop() {
		if _, err := bd.Deal(r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDealNewWorld(b *testing.B) {
	bd, err := New(NewWorld, Options{})
	if err != nil {
		b.Fatal(err)
	}
	r := newPCG(1)
	for b.Loop() {
		if _, err := bd.Deal(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQueries walks every corner's adjacency and kind, as a rules
// engine's legal-move generator does.
func BenchmarkQueries(b *testing.B) {
	bd, err := New(ForgottenTribe, Options{Layout: LayoutFixed, Harbours: HarboursFixed})
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		for c := 0; c < bd.NumCorners(); c++ {
			if !bd.LandCorner(c) {
				continue
			}
			for i, a := range bd.CornerAdjacent(c) {
				if bd.LandCorner(a) && bd.RoadEdge(bd.CornerEdges(c)[i]) {
					n++
				}
			}
		}
	}
	_ = n
}
