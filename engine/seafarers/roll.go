package seafarers

import (
	"math/bits"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Turn streams (S135).
const (
	streamDice   = "dice"
	streamAttack = "attack"
	streamCard   = "card"
	streamSteal  = "steal"
	streamFog    = "fog"
	streamDie    = "die"
	streamSealed = "sealed"
)

// draw returns a uniform number in [0, n) from stream (docs/turnfile.md
// §4.3); 0 without drawing for n ≤ 1, and 0 for a source answering outside
// [0, n).
func draw(r engine.Rand, stream string, n int) int {
	if n <= 1 || r == nil {
		return 0
	}
	k := r.Intn(stream, n)
	if k < 0 || k >= n {
		return 0
	}
	return k
}

// drawHand draws one card uniformly from hand h, counted in resource order
// (S141, S122).
func drawHand(r engine.Rand, stream string, h Hand) Resource {
	k := draw(r, stream, h.Total())
	for i, v := range h {
		if k < v {
			return Resources[i]
		}
		k -= v
	}
	return NoResource
}

// roll rolls the dice (S32) and resolves the roll (S37, S39): the
// pirate-islands fleet, then production and cloth, or the seven.
func (g *Game) roll(src engine.Rand) {
	d1 := draw(src, streamDice, 6) + 1
	d2 := draw(src, streamDice, 6) + 1
	g.dice = [2]int{d1, d2}
	sum := d1 + d2
	g.log.colour(g.colour(g.cur)).add(" rolls ").num(d1).add("+").num(d2).add(" = ").num(sum).end()
	g.phase = PhaseTrade
	if g.cfg.scenario == board.PirateIslands && g.fleet >= 0 {
		g.fleetMove(min(d1, d2), src)
	}
	if sum == 7 {
		g.autoDecide()
		if g.anyDecide() {
			g.phase = PhaseDecide
			return
		}
		g.sevenDiscards(src)
		return
	}
	g.produce(sum)
	g.clothRoll(sum)
	if g.villageEnd(); g.over() {
		return
	}
	g.autoDecide()
	if g.anyDecide() {
		g.phase = PhaseDecide
	}
}

// produce pays the production of a roll (S33, S34, S38) and makes the gold
// choices owed (S35).
func (g *Game) produce(sum int) {
	var owed [4]Hand
	var goldOwed [4]int
	var due [NumResources]int      // the cards of each resource owed, all seats together
	var owedBy [NumResources]uint8 // the seats owed each resource, a bit each
	var owedRes, paid uint8        // the resources owed and the seats owed anything, a bit each
	for _, h := range g.l.numbered[sum] {
		t := g.l.hexes[h].Terrain
		if h == g.robber || !t.Produces() {
			continue
		}
		r := yield(t)
		// The hex's corners that hold a piece, in any order: the yields
		// are summed.
		at := g.cfg.geo.hexCorners[h]
		at.and(&g.sets.taken)
		for c := at.next(0); c >= 0; c = at.next(c + 1) {
			p := g.corners[c]
			if p.own == 0 || p.kind == fortress || p.kind == noBuilding {
				continue
			}
			k := 1
			if p.kind == city {
				k = 2
			}
			o := p.owner()
			if r == NoResource {
				goldOwed[o] += k
			} else {
				owed[o][r-1] += k
				due[r-1] += k
				owedBy[r-1] |= 1 << o
				owedRes |= 1 << (r - 1)
			}
			paid |= 1 << o
		}
	}
	for ; owedRes != 0; owedRes &= owedRes - 1 {
		i := bits.TrailingZeros8(owedRes)
		switch {
		case g.bank[i] >= due[i]:
		case bits.OnesCount8(owedBy[i]) == 1:
			owed[bits.TrailingZeros8(owedBy[i])][i] = g.bank[i]
			g.log.sayf("the bank holds only %d %s (S34)", g.bank[i], Resources[i])
		default:
			for m := owedBy[i]; m != 0; m &= m - 1 {
				owed[bits.TrailingZeros8(m)][i] = 0
			}
			g.log.sayf("the bank cannot pay %d %s: nobody gets %s (S34)", due[i], Resources[i], Resources[i])
		}
	}
	g.pay(&owed, &goldOwed, paid)
}

// pay gives each seat of the mask paid, in seat order from the active
// player, the cards owed it and records the gold choices owed it (S33,
// S35).
func (g *Game) pay(owed *[4]Hand, goldOwed *[4]int, paid uint8) {
	n, cur := g.nseats(), g.cur
	// The seats paid turned so that the active player's is bit 0: the
	// lowest bit is then the next seat to pay in seat order.
	order := (paid>>cur | paid<<(n-cur)) & (1<<n - 1)
	for ; order != 0; order &= order - 1 {
		s := cur + bits.TrailingZeros8(order)
		if s >= n {
			s -= n
		}
		if owed[s].total() > 0 {
			g.bank.sub(&owed[s])
			g.players[s].hand.add(&owed[s])
			g.log.colour(g.colour(s)).add(" takes ").hand(&owed[s]).end()
		}
		if goldOwed[s] > 0 {
			g.addPending(s, pendGold, goldOwed[s])
			g.log.colour(g.colour(s)).add(" owes ").num(goldOwed[s]).add(" gold choice(s)").end()
		}
	}
}

// sevenDiscards makes every player holding more than the discard limit owe
// half its cards (S39); when none is owed, the robber move follows.
func (g *Game) sevenDiscards(src engine.Rand) {
	for i := 0; i < g.nseats(); i++ {
		s := (g.cur + i) % g.nseats()
		if n := g.players[s].hand.total(); n > g.cfg.opts.DiscardLimit && n/2 > 0 {
			g.addPending(s, pendDiscard, n/2)
			g.log.colour(g.colour(s)).add(" owes a discard of ").num(n / 2).end()
		}
	}
	g.autoDecide()
	if g.anyDecide() {
		g.phase = PhaseDecide
		return
	}
	g.sevenRobber()
}

// sevenRobber makes the active player owe the seven's robber or pirate
// move (S39), or in pirate-islands its steal (S123). With nothing to move
// or nobody to rob, nothing happens (S41).
func (g *Game) sevenRobber() {
	g.phase = g.returnPhase()
	if g.cfg.scenario == board.PirateIslands {
		if len(g.stealVictims(g.cur)) == 0 {
			g.log.say("nobody holds a card to steal (S123)")
			return
		}
	} else if !g.canMoveRobber(g.cur) && !g.canMovePirate(g.cur) {
		g.log.say("neither the robber nor the pirate can move (S41)")
		return
	}
	g.addPending(g.cur, pendRobber, 0)
	g.phase = PhaseRobber
}

// fleetMove moves the pirate-islands fleet by the lower die and attacks
// every player with a building beside it (S121, S122).
func (g *Game) fleetMove(low int, src engine.Rand) {
	path := g.cfg.fleetPath
	if len(path) == 0 {
		return
	}
	g.fleet = (g.fleet + low) % len(path)
	h := path[g.fleet]
	g.log.add("the pirate fleet sails ").num(low).add(" to ").pos(g.b.HexPos(h)).end()
	n := g.nseats()
	for i := 0; i < n; i++ {
		s := (g.cur + i) % n
		beside := false
		for _, c := range g.b.HexCorners(h) {
			beside = beside || g.building(c, s)
		}
		if !beside {
			continue
		}
		w := g.warships(s)
		switch {
		case low > w:
			p := &g.players[s]
			lose := 1 + (limitCities - p.supply[supCity])
			var lost Hand
			for k := 0; k < lose && p.hand.total() > 0; k++ {
				r := drawHand(src, streamAttack, p.hand)
				p.hand[r-1]--
				g.bank[r-1]++
				lost[r-1]++
			}
			g.log.add("the fleet (").num(low).add(") beats ", g.colour(s).String(), " (").num(w).add(" warships): ", g.colour(s).String(), " loses ").hand(&lost).end()
		case w > low:
			if g.bank.total() > 0 {
				g.addPending(s, pendReward, 1)
				g.log.add(g.colour(s).String(), " (").num(w).add(" warships) beats the fleet (").num(low).add(") and owes a reward choice").end()
			}
		default:
			g.log.add(g.colour(s).String(), " holds off the fleet (").num(w).add(" against ").num(low).add(")").end()
		}
	}
}

// warships counts seat s's warships (S120).
func (g *Game) warships(s int) int {
	n := 0
	ships := &g.sets.ships[s]
	for e := ships.next(0); e >= 0; e = ships.next(e + 1) {
		if g.edges[e].warship {
			n++
		}
	}
	return n
}
