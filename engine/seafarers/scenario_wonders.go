package seafarers

import "github.com/elasund/elasund/engine/seafarers/board"

// wonderOf returns the wonder seat s started, NoWonder for none.
func (g *Game) wonderOf(s int) Wonder {
	if s < 0 || s >= len(g.seatWonder) {
		return NoWonder
	}
	return g.seatWonder[s]
}

// wonderLevel returns the level of seat s's wonder, 0 without one (S131).
func (g *Game) wonderLevel(s int) int {
	if w := g.wonderOf(s); w != NoWonder {
		return g.wonders[w].level
	}
	return 0
}

// wonderRequirement returns why seat s may not start wonder w, or "" (S128).
func (g *Game) wonderRequirement(s int, w Wonder) string {
	if w < Theater || w > Cathedral {
		return "no such wonder"
	}
	if g.wondersMet(s, 1<<w) == 0 {
		return wonderNeeds[w]
	}
	return ""
}

// wonderNeeds says what each wonder needs (S128).
var wonderNeeds = [NumWonders + 1]string{
	Theater:     "the Theater needs 2 cities",
	GreatBridge: "the Great Bridge needs a settlement or city on a strait corner",
	Monument:    "the Monument needs a city on a harbour corner and a trade route of 5",
	GreatWall:   "the Great Wall needs a settlement or city on a wasteland corner",
	Cathedral:   "the Cathedral needs a city and 6 victory points",
}

// wondersMet returns the wonders among those asked (a bit 1<<w each)
// whose requirements seat s meets (S128), worked out together: a listing
// asks for every wonder nobody started.
func (g *Game) wondersMet(s int, asked uint8) uint8 {
	p := &g.players[s]
	cities := limitCities - p.supply[supCity]
	bs := &g.sets.buildings[s]
	var met uint8
	if asked&(1<<Theater) != 0 && cities >= 2 {
		met |= 1 << Theater
	}
	if asked&(1<<GreatBridge) != 0 && bs.meets(&g.cfg.marked[board.Strait]) {
		met |= 1 << GreatBridge
	}
	if asked&(1<<Monument) != 0 && p.route >= 5 {
		// Only the seat's buildings on a harbour are looked at: most
		// have none.
		onHarbour := *bs
		onHarbour.and(&g.l.harbourCorners)
		for c := onHarbour.next(0); c >= 0; c = onHarbour.next(c + 1) {
			if g.corners[c].kind == city {
				met |= 1 << Monument
				break
			}
		}
	}
	if asked&(1<<GreatWall) != 0 && bs.meets(&g.cfg.marked[board.Wasteland]) {
		met |= 1 << GreatWall
	}
	if asked&(1<<Cathedral) != 0 && cities >= 1 && g.pointsUpTo(s, 6) >= 6 {
		met |= 1 << Cathedral
	}
	return met
}

// startWonder starts a wonder (S129): a build action putting a ship from
// supply on the wonder card; without a ship in supply no wonder starts.
func (g *Game) startWonder(s int, a *Action) error {
	if g.cfg.scenario != board.WondersOfCatan {
		return ruleErr("S129", a, "wonders are built in wonders-of-catan only")
	}
	if a.Wonder < Theater || a.Wonder > Cathedral {
		return ruleErr("S128", a, "no such wonder")
	}
	if g.wonderOf(s) != NoWonder {
		return ruleErr("S129", a, "you have started a wonder already")
	}
	if g.wonders[a.Wonder].owner >= 0 {
		return ruleErr("S129", a, "%s has started that wonder", g.colour(g.wonders[a.Wonder].owner))
	}
	if why := g.wonderRequirement(s, a.Wonder); why != "" {
		return ruleErr("S128", a, "%s", why)
	}
	p := &g.players[s]
	if p.supply[supShip] == 0 {
		return ruleErr("S129", a, "starting a wonder puts a ship from your supply on its card: you have none left")
	}
	p.supply[supShip]--
	g.wonders[a.Wonder].owner = s
	g.seatWonder[s] = a.Wonder
	g.wondersStarted |= 1 << a.Wonder
	g.buildAction()
	g.log.sayf("%s starts the %s", g.colour(s), a.Wonder)
	return nil
}

// buildWonder builds the next level of seat s's wonder (S130).
func (g *Game) buildWonder(s int, a *Action) error {
	if g.cfg.scenario != board.WondersOfCatan {
		return ruleErr("S130", a, "wonders are built in wonders-of-catan only")
	}
	w := g.wonderOf(s)
	if w == NoWonder {
		return ruleErr("S130", a, "start a wonder first (wonder <name>)")
	}
	if g.wonders[w].level >= 4 {
		return ruleErr("S130", a, "the %s is complete", w)
	}
	p := &g.players[s]
	if !p.hand.Contains(&wonderCost[w]) {
		return ruleErr("S130", a, "a level of the %s costs %s", w, wonderCost[w])
	}
	p.hand.sub(&wonderCost[w])
	g.bank.add(&wonderCost[w])
	g.wonders[w].level++
	g.buildAction()
	g.log.sayf("%s builds level %d of the %s", g.colour(s), g.wonders[w].level, w)
	return nil
}
