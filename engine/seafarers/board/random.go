package board

import (
	"fmt"
	"slices"
	"strconv"
)

// Rand is the source of the board's random draws: Intn returns a uniform
// number in [0, n) from the named stream, and 0 without drawing when n is 1
// (the draw(n) of TURNFILE §4.3). The board always draws from the stream
// named by Stream.
type Rand interface {
	Intn(stream string, n int) int
}

// Stream is the name of the stream every board draw uses (S132).
const Stream = "board"

// Attempts is how many times §13.2 step 2 is tried with its constraints
// before the one last try without them (BOARDS §13.2 step 3).
const Attempts = 100

// spiralTokens are the number tokens A–R of the base game's spiral (BOARDS
// §13.3).
var spiralTokens = [18]int{5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11}

// The spiral's rings in base coordinates (BOARDS §13.3).
const (
	spiralOuter  = "C6 D5 E4 F5 G6 G8 G10 F11 E12 D11 C10 C8"
	spiralInner  = "D7 E6 F7 F9 E10 D9"
	spiralCentre = "E8"
)

// newWorldTerrains and newWorldNumbers are the components of BOARDS §13.5.
var (
	newWorldTerrains = [...]struct {
		t Terrain
		n int
	}{{Fields, 5}, {Hills, 4}, {Mountains, 4}, {Pasture, 5}, {Forest, 5}, {Sea, 19}}
	newWorldNumbers  = [...]int{2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12}
	newWorldHarbours = [...]HarbourKind{HarbourBrick, HarbourLumber, HarbourWool, HarbourGrain, HarbourOre,
		Harbour3to1, Harbour3to1, Harbour3to1, Harbour3to1}
)

// drawer draws from a Rand and keeps the first bad answer.
type drawer struct {
	r   Rand
	err error
}

// draw returns draw(n) of TURNFILE §4.3: uniform in [0, n), 0 without a draw
// when n is 1.
func (d *drawer) draw(n int) int {
	if n <= 1 || d.err != nil {
		return 0
	}
	k := d.r.Intn(Stream, n)
	if k < 0 || k >= n {
		d.err = &DrawError{N: n, Got: k}
		return 0
	}
	return k
}

// shuffle is the Fisher–Yates shuffle of BOARDS §13.1.
func shuffle[T any](d *drawer, a []T) {
	for i := len(a) - 1; i >= 1; i-- {
		j := d.draw(i + 1)
		a[i], a[j] = a[j], a[i]
	}
}

// Deal returns the board with its random parts dealt from r, in the order of
// BOARDS §13.6: each variable group in the scenario's order (terrain
// shuffle, the spiral's start where used, the number tokens; §13.2, §13.3),
// then the harbours (§13.4; new-world: §13.5). The same draws always give
// the same board. Dealing a board that is already dealt is a *ChangeError;
// a Rand answer outside [0, n) is a *DrawError.
func (b *Board) Deal(r Rand) (*Board, error) {
	if b.dealt {
		return nil, &ChangeError{Rule: "S132", Reason: "the board is already dealt"}
	}
	if r == nil {
		return nil, &ChangeError{Rule: "S132", Reason: "no random source"}
	}
	c := b.clone()
	d := &drawer{r: r}
	var err error
	if c.scenario == NewWorld {
		err = c.dealNewWorld(d)
	} else {
		if c.opts.Layout == LayoutVariable {
			for _, gr := range c.def.groups {
				if err = c.dealGroup(d, gr); err != nil {
					break
				}
			}
			c.robber = c.robberStart()
		}
		if err == nil && c.opts.Harbours == HarboursShuffled {
			kinds := make([]HarbourKind, len(c.fixed.sites))
			for i, s := range c.fixed.sites {
				kinds[i] = s.Kind
			}
			shuffle(d, kinds)
			for i := range c.sites {
				c.sites[i].Kind = kinds[i]
			}
			if !c.def.giftSites {
				c.harbours = slices.Clone(c.sites)
				slices.SortFunc(c.harbours, Harbour.Compare)
			}
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	if err != nil {
		return nil, err
	}
	c.dealt = true
	c.derive()
	return c, nil
}

// dealGroup redistributes one variable group (BOARDS §13.2), with the
// spiral of §13.3 where the group uses it.
func (b *Board) dealGroup(d *drawer, gr groupDef) error {
	hexes := b.groupHexes(gr)
	var terrains []Terrain
	var numbers []int
	for _, h := range hexes {
		x := b.fixed.hex[b.g.hexes[h]]
		terrains = append(terrains, x.Terrain)
		if x.Number != 0 {
			numbers = append(numbers, x.Number)
		}
	}
	slices.Sort(terrains)
	slices.Sort(numbers)
	shuffle(d, terrains)
	for k, h := range hexes {
		b.hexes[h] = Hex{Terrain: terrains[k]}
	}
	if gr.spiral {
		return b.laySpiral(d, gr.shift, numbers)
	}
	return b.redistribute(d, hexes, numbers, gr.forbid)
}

// laySpiral lays the tokens A–R in the spiral of BOARDS §13.3, shifted from
// base coordinates by shift, skipping the desert. numbers is the group's
// token list, which must be the spiral's.
func (b *Board) laySpiral(d *drawer, shift Pos, numbers []int) error {
	want := slices.Clone(spiralTokens[:])
	slices.Sort(want)
	if !slices.Equal(want, numbers) {
		return fmt.Errorf("scenario %s data: the spiral group's numbers are not the tokens A–R", b.scenario)
	}
	k := d.draw(6)
	var r names
	outer, inner := r.positions(spiralOuter), r.positions(spiralInner)
	var order []Pos
	for i := range outer {
		order = append(order, outer[(2*k+i)%len(outer)])
	}
	for i := range inner {
		order = append(order, inner[(k+i)%len(inner)])
	}
	order = append(order, r.pos(spiralCentre))
	if r.err != nil {
		return r.err
	}
	next := 0
	for _, p := range order {
		h := b.g.hexIndex(Pos{p.Row + shift.Row, p.Col + shift.Col})
		if h < 0 {
			return fmt.Errorf("scenario %s data: the spiral leaves the board at %v", b.scenario, p)
		}
		if b.hexes[h].Terrain == Desert {
			continue
		}
		if next == len(spiralTokens) {
			return fmt.Errorf("scenario %s data: the spiral has more producing hexes than tokens", b.scenario)
		}
		b.hexes[h].Number = spiralTokens[next]
		next++
	}
	if next != len(spiralTokens) {
		return fmt.Errorf("scenario %s data: the spiral laid %d of %d tokens", b.scenario, next, len(spiralTokens))
	}
	return nil
}

// redistribute lays the number tokens of a group (BOARDS §13.2 steps 2–3):
// for each producing position in reading order, one token drawn among those
// allowed by the 6/8 rule (a) and the scenario's constraint (b); when a
// position has none, every token of the group goes back and step 2 starts
// again, Attempts times, then once more ignoring (a) and (b).
func (b *Board) redistribute(d *drawer, hexes []int, numbers []int, forbid forbidFunc) error {
	var places []int
	for _, h := range hexes {
		if b.hexes[h].Terrain.Produces() {
			places = append(places, h)
		}
	}
	if len(places) != len(numbers) {
		return fmt.Errorf("scenario %s data: %d producing hexes for %d number tokens", b.scenario, len(places), len(numbers))
	}
	allowed := make([]int, 0, len(numbers))
	for attempt := 0; attempt <= Attempts; attempt++ {
		free := attempt == Attempts
		left := slices.Clone(numbers)
		ok := true
		for _, h := range places {
			red := false
			for _, n := range b.g.hexNbrs[h] {
				if n >= 0 && (b.hexes[n].Number == 6 || b.hexes[n].Number == 8) {
					red = true
				}
			}
			allowed = allowed[:0]
			for i, n := range left {
				if !free && red && (n == 6 || n == 8) {
					continue
				}
				if !free && forbid != nil && forbid(b.g.hexes[h], b.hexes[h].Terrain, n) {
					continue
				}
				allowed = append(allowed, i)
			}
			if len(allowed) == 0 {
				ok = false
				break
			}
			i := allowed[d.draw(len(allowed))]
			b.hexes[h].Number = left[i]
			left = slices.Delete(left, i, i+1)
		}
		if ok {
			return nil
		}
		for _, h := range places {
			b.hexes[h].Number = 0
		}
	}
	return fmt.Errorf("scenario %s data: no token could be laid", b.scenario)
}

// dealNewWorld makes the new-world board (BOARDS §13.5): all positions one
// group, the islands as areas, then the harbours on random coastal edges.
func (b *Board) dealNewWorld(d *drawer) error {
	var terrains []Terrain
	for _, x := range newWorldTerrains {
		for range x.n {
			terrains = append(terrains, x.t)
		}
	}
	if len(terrains) != len(b.hexes) {
		return fmt.Errorf("scenario %s data: %d tiles for %d positions", b.scenario, len(terrains), len(b.hexes))
	}
	shuffle(d, terrains)
	hexes := make([]int, len(b.hexes))
	for h := range b.hexes {
		b.hexes[h] = Hex{Terrain: terrains[h]}
		hexes[h] = h
	}
	if err := b.redistribute(d, hexes, newWorldNumbers[:], nil); err != nil {
		return err
	}
	b.derive()
	b.areas = nil
	for i, members := range b.derived().islands {
		b.areas = append(b.areas, Area{Name: "island-" + strconv.Itoa(i+1), Setup: true})
		for _, h := range members {
			b.hexArea[h] = i
		}
	}
	tokens := newWorldHarbours
	shuffle(d, tokens[:])
	b.harbours = nil
	used := make([]bool, len(b.g.corners))
	var cands []int
	for _, k := range tokens {
		cands = cands[:0]
		for e, kind := range b.derived().ekind {
			ends := b.g.edgeEnds[e]
			if kind == CoastalEdge && !used[ends[0]] && !used[ends[1]] {
				cands = append(cands, e)
			}
		}
		if len(cands) == 0 {
			break
		}
		e := cands[d.draw(len(cands))]
		ends := b.g.edgeEnds[e]
		used[ends[0]], used[ends[1]] = true, true
		land := b.g.edges[e].A
		if hs := b.g.edgeHexes[e]; hs[0] < 0 || !b.hexes[hs[0]].Terrain.IsLand() {
			land = b.g.edges[e].B
		}
		b.harbours = append(b.harbours, Harbour{Edge: b.g.edges[e], Land: land, Kind: k})
	}
	slices.SortFunc(b.harbours, Harbour.Compare)
	return nil
}
