package board

import (
	"fmt"
	"strings"
	"testing"
)

// countRow is one "board" row of BOARDS §14, written as the table writes it.
type countRow struct {
	sea      int
	terrains string
	numbers  string
	harbours string
}

// boardRows are the "board" rows of the BOARDS §14 count check. For
// new-world the row is the book's (its board is random, §13.5).
var boardRows = map[Scenario]countRow{
	Base: {18, "fields 4, hills 3, mountains 3, pasture 4, forest 4, desert 1",
		"2×1, 3×2, 4×2, 5×2, 6×2, 8×2, 9×2, 10×2, 11×2, 12×1", "5+4"},
	NewShores: {15, "fields 5, hills 4, mountains 5, pasture 5, forest 5, gold 2, desert 1",
		"2×2, 3×3, 4×3, 5×3, 6×2, 8×3, 9×3, 10×3, 11×3, 12×1", "5+4"},
	FourIslands: {19, "fields 4, hills 4, mountains 4, pasture 5, forest 4, desert 2",
		"2×1, 3×2, 4×3, 5×2, 6×2, 8×2, 9×3, 10×3, 11×2, 12×1", "5+5"},
	FogIsland: {7, "fields 3, hills 3, mountains 3, pasture 3, forest 3, gold 2",
		"2×1, 3×2, 4×2, 5×1, 6×2, 8×2, 9×2, 10×2, 11×2, 12×1", "5+4"},
	ThroughTheDesert: {14, "fields 4, hills 5, mountains 4, pasture 5, forest 5, gold 2, desert 3",
		"2×1, 3×2, 4×3, 5×3, 6×3, 8×3, 9×3, 10×3, 11×3, 12×1", "5+4"},
	ForgottenTribe: {19, "fields 5, hills 5, mountains 5, pasture 5, forest 5, gold 2, desert 3",
		"2×1, 3×2, 4×2, 5×2, 6×2, 8×2, 9×2, 10×2, 11×2, 12×1", "5+1"},
	ClothForCatan: {18, "fields 5, hills 3, mountains 4, pasture 4, forest 4, gold 2, desert 2",
		"2×2, 3×3, 4×3, 5×3, 6×3, 8×3, 9×3, 10×3, 11×3, 12×2", "5+4"},
	PirateIslands: {19, "fields 5, hills 5, mountains 5, pasture 5, forest 5, gold 2, desert 3",
		"2×1, 3×2, 4×3, 5×3, 6×3, 8×3, 9×3, 10×3, 11×2, 12×1", "5+3"},
	WondersOfCatan: {19, "fields 5, hills 5, mountains 5, pasture 5, forest 5, gold 2, desert 3",
		"2×2, 3×3, 4×3, 5×3, 6×3, 8×3, 9×3, 10×3, 11×3, 12×1", "5+4"},
	NewWorld: {19, "fields 5, hills 4, mountains 4, pasture 5, forest 5",
		"2×1, 3×3, 4×3, 5×3, 6×2, 8×2, 9×3, 10×3, 11×2, 12×1", "5+4"},
}

// countBoard counts a dealt board the way §14 does: sea hexes, land hexes by
// terrain, number tokens by value (cloth-for-catan: with the village
// numbers), harbour tokens 2:1 + 3:1 (locations, or forgotten-tribe's
// gifts; new-world: the harbours placed).
func countBoard(b *Board) countRow {
	var terr [NumTerrains]int
	var nums [13]int
	for _, x := range b.Hexes() {
		terr[x.Terrain]++
		nums[x.Number]++
	}
	for _, v := range b.Villages() {
		nums[v.Number]++
	}
	var parts []string
	for t := Fields; t <= Desert; t++ {
		if terr[t] > 0 {
			parts = append(parts, fmt.Sprintf("%v %d", t, terr[t]))
		}
	}
	var ns []string
	for n := 2; n <= 12; n++ {
		if nums[n] > 0 {
			ns = append(ns, fmt.Sprintf("%d×%d", n, nums[n]))
		}
	}
	hs := b.Sites()
	if b.Scenario() == NewWorld {
		hs = b.Harbours()
	}
	two, three := 0, 0
	for _, h := range hs {
		switch h.Kind.Ratio() {
		case 2:
			two++
		case 3:
			three++
		}
	}
	return countRow{terr[Sea], strings.Join(parts, ", "), strings.Join(ns, ", "), fmt.Sprintf("%d+%d", two, three)}
}

// BOARDS §14: every fixed layout against the "board" row of the count check.
func TestCountCheck(t *testing.T) {
	for _, s := range fixedScenarios() {
		got := countBoard(fixedBoard(t, s))
		if want := boardRows[s]; got != want {
			t.Errorf("%v (BOARDS §14):\n got %+v\nwant %+v", s, got, want)
		}
	}
}

// BOARDS §14, other components: the fog stack (§10), the gifts (§12.1),
// the cloth (§12.2) and the fortress chits (§12.3).
func TestCountCheckComponents(t *testing.T) {
	fs, _ := fixedBoard(t, FogIsland).FogStack()
	var parts []string
	for tr := Fields; tr <= Sea; tr++ {
		if fs.Tiles[tr] > 0 {
			parts = append(parts, fmt.Sprintf("%v %d", tr, fs.Tiles[tr]))
		}
	}
	if got, want := strings.Join(parts, ", "), "fields 1, hills 1, mountains 2, pasture 2, forest 2, desert 1, sea 9"; got != want {
		t.Errorf("fog tiles %q, want %q", got, want)
	}
	if got, want := fmt.Sprint(fs.Numbers), "[3 4 5 5 6 8 9 10]"; got != want {
		t.Errorf("fog numbers %s, want %s", got, want)
	}
	producing := 0
	for tr := Fields; tr <= Gold; tr++ {
		producing += fs.Tiles[tr]
	}
	if producing != len(fs.Numbers) {
		t.Errorf("fog stack: %d producing tiles, %d numbers (BOARDS §10)", producing, len(fs.Numbers))
	}

	n := map[GiftKind]int{}
	for _, g := range fixedBoard(t, ForgottenTribe).Gifts() {
		n[g.Kind]++
	}
	if n[GiftSVP] != 8 || n[GiftCard] != 4 {
		t.Errorf("forgotten-tribe: %d chits, %d cards, want 8 and 4", n[GiftSVP], n[GiftCard])
	}
	if got := len(fixedBoard(t, ClothForCatan).Villages())*VillageCloth + ClothSupply; got != 50 {
		t.Errorf("cloth-for-catan: %d cloth, want 50", got)
	}
	if got := len(fixedBoard(t, PirateIslands).PirateBases()) * FortressChits; got != 12 {
		t.Errorf("pirate-islands: %d fortress chits, want 12", got)
	}
}
