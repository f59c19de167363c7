package board

import "strings"

// Terrain is what a board position holds (BOARDS B14). The zero Terrain is
// none; Unknown marks a position whose terrain a board not yet dealt leaves
// open (S134).
type Terrain int

// The terrains, in the order of BOARDS §13.2: the land terrains, then sea,
// then fog (an unexplored fog-island position) and unknown (not yet dealt).
const (
	NoTerrain Terrain = iota
	Fields
	Hills
	Mountains
	Pasture
	Forest
	Gold
	Desert
	Sea
	Fog
	Unknown
)

// NumTerrains is one more than the largest Terrain, for arrays indexed by
// Terrain.
const NumTerrains = int(Unknown) + 1

var terrainNames = [...]string{"", "fields", "hills", "mountains", "pasture", "forest", "gold", "desert", "sea", "fog", "unknown"}

// String returns the lower-case name of t as the state writes it ("fields",
// "sea", "unknown"), or "" for NoTerrain.
func (t Terrain) String() string {
	if t < 0 || int(t) >= len(terrainNames) {
		return ""
	}
	return terrainNames[t]
}

// IsLand reports whether t is a land terrain: fields, hills, mountains,
// pasture, forest, gold or desert (B14).
func (t Terrain) IsLand() bool { return t >= Fields && t <= Desert }

// Produces reports whether a hex of terrain t takes a number token and
// yields a resource: every land terrain but the desert.
func (t Terrain) Produces() bool { return t >= Fields && t <= Gold }

// ParseTerrain reads a terrain name as String writes it, in any case.
func ParseTerrain(s string) (Terrain, error) {
	w := strings.ToLower(s)
	for i, n := range terrainNames {
		if i > 0 && n == w {
			return Terrain(i), nil
		}
	}
	return NoTerrain, &NameError{What: "terrain", Input: s, Reason: "not one of fields hills mountains pasture forest gold desert sea fog unknown"}
}

// HarbourKind is the token of a harbour: a 2:1 harbour for one resource, the
// 3:1 harbour, or unknown on a board not yet dealt (S134). The zero
// HarbourKind is none.
type HarbourKind int8

// The harbour kinds, 2:1 harbours in resource order (RULES §0.2).
const (
	NoHarbour HarbourKind = iota
	HarbourBrick
	HarbourLumber
	HarbourWool
	HarbourGrain
	HarbourOre
	Harbour3to1
	HarbourUnknown
)

var harbourNames = [...]string{"", "brick", "lumber", "wool", "grain", "ore", "3:1", "unknown"}

// String returns the name of k as the state and the moves write it
// ("brick", "3:1", "unknown"), or "" for NoHarbour.
func (k HarbourKind) String() string {
	if k < 0 || int(k) >= len(harbourNames) {
		return ""
	}
	return harbourNames[k]
}

// Ratio returns how many cards of one kind the harbour takes for one card:
// 2 for a 2:1 harbour, 3 for 3:1, and 0 for none or unknown.
func (k HarbourKind) Ratio() int {
	switch {
	case k >= HarbourBrick && k <= HarbourOre:
		return 2
	case k == Harbour3to1:
		return 3
	}
	return 0
}

// ParseHarbourKind reads a harbour kind as String writes it, in any case.
func ParseHarbourKind(s string) (HarbourKind, error) {
	w := strings.ToLower(s)
	for i, n := range harbourNames {
		if i > 0 && n == w {
			return HarbourKind(i), nil
		}
	}
	return NoHarbour, &NameError{What: "harbour kind", Input: s, Reason: "not one of brick lumber wool grain ore 3:1 unknown"}
}
