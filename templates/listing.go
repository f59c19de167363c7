package templates

import (
	"slices"
	"strings"

	"github.com/elasund/elasund/engine"
)

// VariantSplitter is implemented by renderers whose grouped actions name a
// place and then one of a few variants of the action there ("A2 pay
// blue", "A2 pay green", "B3 over green"). Variant splits what Group
// leaves of an action after its key into the place and the variant ("" for
// none); a rest that names no place is the place itself, with no variant.
// ListActions then lists together the places that allow the same variants:
// "permit 0 (pay blue or green): A2–I12 but C4 D4".
type VariantSplitter interface {
	Variant(rest string) (place, variant string)
}

// PlaceWriter is implemented by renderers that can write a set of their
// places compactly (Elasund's squares as rectangles of the city: "A2–I4
// but C4 D4"). Places are given in the order Legal lists them; ok is false
// when they are not all places the renderer knows, and the list is then
// written as it is.
type PlaceWriter interface {
	Places(p engine.Position, places []string) (text string, ok bool)
}

// GroupLister is implemented by renderers that list some groups of legal
// actions their own way: Seafarers lists the corners of a settlement with
// the hexes each touches, their numbers and its harbour. ListGroup
// returns the lines of the group whose key and rests (what Group leaves
// after the key) are given, or nil to leave the group to ListActions.
type GroupLister interface {
	ListGroup(p engine.Position, key string, rests []string, width int) []string
}

// listGroup is the actions of one key, in the order they were listed.
type listGroup struct {
	key   string
	rests []string
}

// groupActions groups actions by r's Group, the groups in the order of
// their first action.
func groupActions(r Renderer, actions []string) []*listGroup {
	var groups []*listGroup
	byKey := map[string]*listGroup{}
	for _, a := range actions {
		if strings.TrimSpace(a) == "" {
			continue
		}
		key, rest := r.Group(a)
		g := byKey[key]
		if g == nil {
			g = &listGroup{key: key}
			byKey[key] = g
			groups = append(groups, g)
		}
		if rest != "" {
			g.rests = append(g.rests, rest)
		}
	}
	return groups
}

// ListActions writes legal actions for people as a few lines of at most
// width columns (but for a word longer than that), continuation lines
// indented by four spaces: grouped by r's Group ("build road: C4-D5,
// D5-E4"); with a VariantSplitter the places that allow the same variants
// share a line, and with a PlaceWriter they are written compactly
// ("permit 0 (pay blue or green): A2–I12 but C4 D4"); a GroupLister
// lists its own groups. When that takes more than maxLines lines (0: no
// limit), each group's variants share one line ("permit 0 (pay blue or
// green, or without): …"), to keep the list on a screen; "elasund moves
// --all" still gives every action.
func ListActions(r Renderer, p engine.Position, actions []string, width, maxLines int) []string {
	groups := groupActions(r, actions)
	lines := listLines(r, p, groups, width, false)
	if maxLines > 0 && len(lines) > maxLines {
		lines = listLines(r, p, groups, width, true)
	}
	return lines
}

func listLines(r Renderer, p engine.Position, groups []*listGroup, width int, merge bool) []string {
	var out []string
	for _, g := range groups {
		if gl, ok := r.(GroupLister); ok {
			if lines := gl.ListGroup(p, g.key, g.rests, width); lines != nil {
				out = append(out, lines...)
				continue
			}
		}
		if len(g.rests) == 0 {
			out = append(out, g.key)
			continue
		}
		wrap := Wrap{Width: float64(width), Indent: "    "}
		if plain := wrap.Words(append([]string{g.key + ":"}, commaList(g.rests)...)); len(plain) == 1 {
			// A short group reads best as it is: "permit 0: A8, B8 pay blue".
			out = append(out, plain...)
			continue
		}
		for _, v := range variantSets(r, g.rests, merge) {
			head := g.key
			if label := variantLabel(v.variants); label != "" {
				head += " (" + label + ")"
			}
			out = append(out, wrap.Words(append([]string{head + ":"}, placeWords(r, p, v.places)...))...)
		}
	}
	return out
}

// variantSet is the places of a group that allow the same variants.
type variantSet struct {
	variants []string
	places   []string
}

// variantSets splits a group's rests into its places and their variants,
// and gathers the places with the same variants, in the order of their
// first place; merged, every place of the group is in one set with every
// variant. Without a VariantSplitter each rest is a place.
func variantSets(r Renderer, rests []string, merge bool) []variantSet {
	vs, ok := r.(VariantSplitter)
	if !ok {
		return []variantSet{{places: rests}}
	}
	var places []string
	of := map[string][]string{}
	for _, rest := range rests {
		place, variant := vs.Variant(rest)
		if _, seen := of[place]; !seen {
			places = append(places, place)
		}
		if !slices.Contains(of[place], variant) {
			of[place] = append(of[place], variant)
		}
	}
	if merge {
		all := variantSet{places: places}
		for _, pl := range places {
			for _, v := range of[pl] {
				if !slices.Contains(all.variants, v) {
					all.variants = append(all.variants, v)
				}
			}
		}
		return []variantSet{all}
	}
	var sets []variantSet
	index := map[string]int{}
	for _, pl := range places {
		sig := strings.Join(of[pl], "\x00")
		i, seen := index[sig]
		if !seen {
			i = len(sets)
			index[sig] = i
			sets = append(sets, variantSet{variants: of[pl]})
		}
		sets[i].places = append(sets[i].places, pl)
	}
	return sets
}

// variantLabel says which variants a line's places allow: "pay blue or
// green", "over blue, or without"; "" when they allow only the action as
// it is.
func variantLabel(variants []string) string {
	var named []string
	without := false
	for _, v := range variants {
		if v == "" {
			without = true
		} else {
			named = append(named, v)
		}
	}
	if len(named) == 0 {
		return ""
	}
	label := orList(factorFirstWord(named))
	if without {
		label += ", or without"
	}
	return label
}

// factorFirstWord writes the first word of variants once when they all
// share it: "pay blue", "pay green" → "pay blue", "green".
func factorFirstWord(variants []string) []string {
	first, _, _ := strings.Cut(variants[0], " ")
	for _, v := range variants {
		w, rest, _ := strings.Cut(v, " ")
		if w != first || rest == "" {
			return variants
		}
	}
	out := make([]string, len(variants))
	for i, v := range variants {
		out[i] = v
		if i > 0 {
			out[i] = strings.TrimPrefix(v, first+" ")
		}
	}
	return out
}

// orList joins words: "a", "a or b", "a, b or c".
func orList(w []string) string {
	if len(w) == 1 {
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}

// placeWords writes a line's places as the words to wrap: r's compact
// form when it has one, else the places separated by commas, one-word
// places that start with the same letter joined by spaces ("F4 F5 F6,
// G5").
func placeWords(r Renderer, p engine.Position, places []string) []string {
	if pw, ok := r.(PlaceWriter); ok {
		if text, ok := pw.Places(p, places); ok {
			return strings.Fields(text)
		}
	}
	return commaList(places)
}

// commaList separates items by commas for wrapping, one-word items that
// start with the same letter (squares of a row, hexes) by spaces: "F4 F5
// F6, G5". Edges ("C4-D5") are always separated by commas.
func commaList(items []string) []string {
	if !strings.Contains(items[0], "-") {
		items = collapseRuns(items)
	} else {
		items = append([]string(nil), items...)
	}
	for i := range items[:len(items)-1] {
		items[i] += ","
	}
	return items
}
