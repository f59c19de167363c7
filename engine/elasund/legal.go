package elasund

// legal lists every action seat may take now (see Game.Legal). The lister
// functions append to one slice, so a listing allocates little.
func (g *Game) legal(seat Colour, peek Rand) []Action {
	return g.appendLegal(make([]Action, 0, 256), seat, peek)
}

func (g *Game) appendLegal(out []Action, seat Colour, peek Rand) []Action {
	st := g.st
	if st.Phase == PhaseOver || !g.waiting(seat) {
		return out
	}
	switch st.Phase {
	case PhaseRoll:
		out = append(out, Action{Kind: ActRoll})
		if peek == nil {
			return out
		}
		// Any other first action rolls implicitly: show what the roll
		// this source gives would allow.
		h := g.Clone()
		h.roll(peek)
		return h.appendLegal(out, seat, peek)
	case PhaseShip:
		return g.legalShip(out)
	case PhaseDecide:
		return g.legalDecisions(out, seat)
	}
	if st.Phase == PhaseBuild && st.BuildsDone < 2 {
		out = g.legalBuilds(out, seat)
		out = g.legalWalls(out, seat)
		out = g.legalChurch(out, seat, peek)
	}
	if st.Phase == PhaseBuild || st.Phase == PhasePermit {
		out = g.legalPermits(out, seat)
		out = append(out, Action{Kind: ActGold})
	}
	out = g.legalSpecials(out, seat)
	return append(out, Action{Kind: ActEnd})
}

func (g *Game) legalShip(out []Action) []Action {
	st := g.st
	cur, placed := st.ShipRow()
	if st.Dice[0]+st.Dice[1] == 7 {
		for r := 0; r < NumRows; r++ {
			if !placed || r != cur {
				out = append(out, Action{Kind: ActPirate, Row: r})
			}
		}
		return out
	}
	for _, r := range g.twoRowOptions(cur) {
		dir := DirSouth
		if r < cur {
			dir = DirNorth
		}
		out = append(out, Action{Kind: ActShip, Dir: dir})
	}
	return out
}

func (g *Game) legalBuilds(out []Action, seat Colour) []Action {
	ix := g.index()
	p := g.st.Players[seat]
	for _, k := range BuildableKinds {
		sp := k.Spec()
		if sp.Neutral && g.st.Supply.Neutral.Of(k) == 0 || !sp.Neutral && !p.hasBuilding(k) {
			continue
		}
		if p.Gold < sp.Cost {
			continue
		}
		for r := 0; r+sp.H <= NumRows; r++ {
			for c := 0; c+sp.W <= cityCols(g.players()); c++ {
				a := Action{Kind: ActBuild, Building: k, At: Square{Col: c, Row: r}}
				ok, same := g.quickBuild(ix, seat, a.At, sp)
				if !ok {
					continue
				}
				if !same {
					if _, err := g.planBuild(ix, seat, a, true); err == nil {
						out = append(out, a)
					}
					continue
				}
				// A same-size footprint needs "over <colour>".
				for _, col := range InfluenceCards {
					if p.Influence.Of(col) < 3 {
						continue
					}
					b := a
					b.Colour = col
					if _, err := g.planBuild(ix, seat, b, true); err == nil {
						out = append(out, b)
					}
				}
			}
		}
	}
	return out
}

// quickBuild is a fast, allocation-free filter for legalBuilds: it
// rejects most footprints that planBuild would refuse (R49-R52) and reports
// whether the footprint touches a same-size building (R51).
func (g *Game) quickBuild(ix *index, seat Colour, a Square, sp Spec) (ok, same bool) {
	var sum [5]int
	var has [5]bool
	permits := 0
	size := sp.Size()
	for dr := 0; dr < sp.H; dr++ {
		for dc := 0; dc < sp.W; dc++ {
			c, r := a.Col+dc, a.Row+dr
			if ix.church[c][r] || (c == foundationCol && r == foundationRow && !g.churchBuilt()) {
				return false, false
			}
			if i := ix.bld[c][r]; i != 0 {
				switch bs := g.st.Buildings[i-1].Kind.Spec().Size(); {
				case bs > size:
					return false, false
				case bs == size:
					same = true
				}
			}
			if i := ix.permit[c][r]; i != 0 {
				pm := g.st.Permits[i-1]
				sum[pm.Owner] += pm.Value
				has[pm.Owner] = true
				permits++
			}
		}
	}
	if permits < sp.Permits || !has[seat] {
		return false, false
	}
	for c := Red; c <= Yellow; c++ {
		if c != seat && has[c] && sum[c] >= sum[seat] {
			return false, false
		}
	}
	return true, same
}

func (g *Game) legalWalls(out []Action, seat Colour) []Action {
	p := g.st.Players[seat]
	if p.Walls >= wallTiles {
		return out
	}
	for _, w := range g.openWalls(NoSide) {
		if p.Gold >= wallCost(w) {
			out = append(out, Action{Kind: ActWall, Wall: w})
		}
	}
	return out
}

func (g *Game) legalChurch(out []Action, seat Colour, peek Rand) []Action {
	st := g.st
	if len(st.Supply.ChurchStack) == 0 || st.Players[seat].Gold < churchCost {
		return out
	}
	if g.churchBuilt() {
		return append(out, Action{Kind: ActChurch})
	}
	if peek == nil {
		return out
	}
	t1, t2 := firstChurchDraw(st.Supply.ChurchStack, peek)
	out = append(out, Action{Kind: ActChurch, Tile: t1})
	if t2 != NoTile {
		out = append(out, Action{Kind: ActChurch, Tile: t2})
	}
	return out
}

func (g *Game) legalPermits(out []Action, seat Colour) []Action {
	ix := g.index()
	p := g.st.Players[seat]
	rows := g.permitRows(ix)
	for _, v := range distinct(p.Permits) {
		if p.Gold < v {
			continue
		}
		for r := 0; r < NumRows; r++ {
			free := false
			for _, x := range rows {
				free = free || x == r
			}
			for c := 0; c < cityCols(g.players()); c++ {
				s := Square{Col: c, Row: r}
				if !g.empty(ix, s) {
					continue
				}
				if free {
					out = append(out, Action{Kind: ActPermit, Value: v, At: s})
				}
				for _, col := range InfluenceCards {
					if p.Influence.Of(col) >= 2 {
						out = append(out, Action{Kind: ActPermit, Value: v, At: s, Colour: col})
					}
				}
			}
		}
	}
	return out
}

func distinct(vs []int) []int {
	var out []int
	seen := [permitValues]bool{}
	for _, v := range vs {
		if v >= 0 && v < permitValues && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func (g *Game) legalSpecials(out []Action, seat Colour) []Action {
	st := g.st
	ix := g.index()
	p := st.Players[seat]
	var pairs []Card
	for _, c := range InfluenceCards {
		if p.Influence.Of(c) >= 2 {
			pairs = append(pairs, c)
		}
	}
	three := p.Influence.Blue > 0 && p.Influence.Green > 0 && p.Influence.Yellow > 0
	var empties []Square
	for r := 0; r < NumRows; r++ {
		for c := 0; c < cityCols(g.players()); c++ {
			if s := (Square{Col: c, Row: r}); g.empty(ix, s) {
				empties = append(empties, s)
			}
		}
	}
	for _, pm := range st.Permits {
		if pm.Owner != seat {
			continue
		}
		for _, col := range pairs {
			for _, to := range empties {
				out = append(out, Action{Kind: ActMovePermit, At: pm.At, To: to, Colour: col})
			}
			for _, v := range distinct(p.Permits) {
				if v > pm.Value && p.Gold >= v-pm.Value {
					out = append(out, Action{Kind: ActUpgradePermit, At: pm.At, Value: v, Colour: col})
				}
			}
		}
	}
	if three {
		for _, v := range distinct(p.Permits) {
			if p.Gold < v {
				continue
			}
			for _, s := range empties {
				out = append(out, Action{Kind: ActPlacePermit, Value: v, At: s})
			}
		}
		out = append(out, Action{Kind: ActBuyGold})
	}
	return out
}

func (g *Game) legalDecisions(out []Action, seat Colour) []Action {
	st := g.st
	for i, p := range st.Pending {
		if p.Seat != seat {
			continue
		}
		switch p.Kind {
		case PendingDiscard:
			var held Hand
			for _, k := range p.allowed() {
				held.add(k, st.Players[seat].Count(k))
			}
			for _, h := range subHands(held, p.Count) {
				out = append(out, Action{Kind: ActDiscard, Cards: h})
			}
		case PendingTake:
			for _, h := range subHands(*st.Pool, p.Count) {
				out = append(out, Action{Kind: ActTake, Cards: h})
			}
		case PendingRebuild:
			if i > 0 && st.Pending[0].Seat != seat {
				continue
			}
			for _, s := range g.rebuildSquares(seat, p.Building) {
				out = append(out, Action{Kind: ActRebuild, Building: p.Building, At: s})
			}
			out = append(out, Action{Kind: ActRebuild, Building: p.Building, None: true})
		}
		if p.Kind == PendingDiscard || p.Kind == PendingTake {
			break // one discard owed at a time
		}
	}
	return out
}

// subHands lists every hand of exactly n cards taken from h.
func subHands(h Hand, n int) []Hand {
	var out []Hand
	kinds := []Card{Gold, BlueCard, GreenCard, YellowCard}
	var rec func(i, left int, cur Hand)
	rec = func(i, left int, cur Hand) {
		if i == len(kinds) {
			if left == 0 {
				out = append(out, cur)
			}
			return
		}
		for k := min(left, h.Of(kinds[i])); k >= 0; k-- {
			next := cur
			next.add(kinds[i], k)
			rec(i+1, left-k, next)
		}
	}
	rec(0, n, Hand{})
	return out
}
