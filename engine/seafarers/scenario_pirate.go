package seafarers

import "github.com/elasund/elasund/engine/seafarers/board"

// shipChain is a seat's pirate-islands shipping route (S118): its ships
// from the pre-placed settlement on, in order, the corners at their ends,
// and the chain's free end.
type shipChain struct {
	n       int
	ships   [limitShips]int
	corners cornerSet
	end     int
}

// reaches reports whether corner c is an end of a ship of the chain (S119,
// S124).
func (ch *shipChain) reaches(c int) bool { return ch.corners.has(c) }

// chain returns seat s's chain (S118).
func (g *Game) chain(s int) shipChain { return g.chainWithout(s, -1) }

// chainWithout is chain with the ship on edge skip left out (a ship being
// moved, S59), -1 for none.
func (g *Game) chainWithout(s, skip int) shipChain {
	b := g.b
	ch := shipChain{end: g.cfg.bases[s].settlement}
	var taken edgeSet
	for ch.n < limitShips {
		next := -1
		for k, e := range b.CornerEdges(ch.end) {
			if e != skip && g.hasShip(e, s) && !taken.has(e) {
				next = k
				break
			}
		}
		if next < 0 {
			break
		}
		e := b.CornerEdges(ch.end)[next]
		taken.add(e)
		ch.ships[ch.n] = e
		ch.n++
		ch.corners.add(ch.end)
		ch.end = b.CornerAdjacent(ch.end)[next]
		ch.corners.add(ch.end)
	}
	return ch
}

// chainReaches reports whether corner c is an end of a ship of seat s's
// chain (S119, S124).
func (g *Game) chainReaches(s, c int) bool {
	// The chain's corners are ends of the seat's ships: without a ship at
	// c it does not reach c, as it does not most of the time (the listing
	// asks for the fortress every turn, S124).
	at := g.cfg.geo.cornerEdges[c]
	at.and(&g.sets.ships[s])
	if at == (edgeSet{}) {
		return false
	}
	ch := g.chain(s)
	return ch.reaches(c)
}

// routeProblem returns the rule and reason forbidding seat s a new ship on
// edge e in pirate-islands, or "" (S118): one of the colour's route edges,
// at the chain's free end, one step closer to the current goal. skip is a
// ship being moved (S59), judged as if it were not on the board, or -1.
func (g *Game) routeProblem(s, e, skip int) (string, string) {
	ch := g.chainWithout(s, skip)
	return g.routeStep(s, e, &ch)
}

// routeStep is routeProblem for seat s's chain ch.
func (g *Game) routeStep(s, e int, ch *shipChain) (string, string) {
	base := &g.cfg.bases[s]
	if !base.route[e] {
		return "S118", "your ships stand on your colour's route edges only"
	}
	end := ch.end
	if end == base.fortress {
		return "S118", "the chain has reached the fortress: nothing extends it"
	}
	ends := g.b.EdgeEnds(e)
	var other int
	switch end {
	case ends[0]:
		other = ends[1]
	case ends[1]:
		other = ends[0]
	default:
		return "S118", "a new ship extends the chain at its free end"
	}
	dist := base.distFort
	if !ch.reaches(base.lone) {
		dist = base.distLone
	}
	if dist[other] < 0 || dist[end] >= 0 && dist[other] >= dist[end] {
		return "S118", "each new ship must bring the chain closer to its goal"
	}
	return "", ""
}

// convertWarship makes seat s's ordinary ship nearest the start of its
// chain a warship (S120).
func (g *Game) convertWarship(s int) {
	ch := g.chain(s)
	for _, e := range ch.ships[:ch.n] {
		if !g.edges[e].warship {
			g.edges[e].warship = true
			g.log.sayf("%s's ship on %s becomes a warship", g.colour(s), g.b.Edge(e))
			return
		}
	}
	g.log.sayf("%s has no ordinary ship to convert", g.colour(s))
}

// attack attacks seat s's fortress (S124): a build action that ends the
// turn; the die is a sealed draw by default.
func (g *Game) attack(s int, a *Action, en *entry) error {
	if g.cfg.scenario != board.PirateIslands {
		return ruleErr("S124", a, "attacks are made in pirate-islands only")
	}
	base := &g.cfg.bases[s]
	if g.fortresses[s] == 0 {
		return ruleErr("S124", a, "your fortress is already captured")
	}
	if !g.chainReaches(s, base.fortress) {
		return ruleErr("S124", a, "your chain has not reached your fortress")
	}
	g.buildAction()
	g.log.sayf("%s attacks its fortress", g.colour(s))
	if g.cfg.opts.Sealed {
		d := g.newDraw(drawDie, s, en.src)
		g.sealed = append(g.sealed, d)
		g.log.sayf("the die is a sealed draw (k %d, witness %s)", d.k, g.colour(d.witness))
	} else {
		die, err := g.forcedDie()
		if err != nil {
			return err
		}
		if die == 0 {
			die = draw(en.src, streamDie, 6) + 1
		}
		g.fortressResult(s, die)
		if g.checkWin(s); g.over() {
			return nil
		}
	}
	g.endTurn()
	return nil
}

// fortressResult settles an attack on seat s's fortress with die (S124).
func (g *Game) fortressResult(s, die int) {
	w := g.warships(s)
	x := g.colour(s)
	g.log.sayf("the fortress die shows %d against %s's %d warships", die, x, w)
	switch {
	case w > die:
		g.fortresses[s]--
		if g.fortresses[s] > 0 {
			g.log.sayf("%s removes a chit: %d left", x, g.fortresses[s])
			return
		}
		g.setCorner(g.cfg.bases[s].fortress, cornerPiece{own: int8(s + 1), kind: settlement})
		g.log.sayf("%s captures its fortress", x)
		all := true
		for _, c := range g.fortresses {
			all = all && c == 0
		}
		if all {
			g.fleet = -1
			g.log.say("the last fortress is captured: the pirate fleet is removed")
		}
		g.updateRoutes(s, true)
	case w < die:
		g.loseChainShips(s, 2)
	default:
		g.loseChainShips(s, 1)
	}
}

// loseChainShips returns seat s's n ships nearest the fortress to supply
// (S124); removed warships lose that status.
func (g *Game) loseChainShips(s, n int) {
	ch := g.chain(s)
	ships := ch.ships[:ch.n]
	for k := 0; k < n && len(ships) > 0; k++ {
		e := ships[len(ships)-1]
		ships = ships[:len(ships)-1]
		g.setEdge(e, edgePiece{})
		g.players[s].supply[supShip]++
		g.log.sayf("%s loses its ship on %s", g.colour(s), g.b.Edge(e))
	}
	g.updateRoutes(s, false)
}
