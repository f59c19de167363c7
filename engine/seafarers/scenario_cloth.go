package seafarers

import "github.com/elasund/elasund/engine/seafarers/board"

// connectedTo reports whether a chain of seat s's ships joins village
// corner c to a corner holding one of its buildings (S108).
func (g *Game) connectedTo(s, c int) bool {
	b := g.b
	touch := false
	for _, e := range b.CornerEdges(c) {
		touch = touch || g.hasShip(e, s)
	}
	if !touch {
		return false
	}
	seen := make([]bool, b.NumCorners())
	seen[c] = true
	stack := []int{c}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.building(v, s) {
			return true
		}
		adj := b.CornerAdjacent(v)
		for k, e := range b.CornerEdges(v) {
			if g.hasShip(e, s) && !seen[adj[k]] {
				seen[adj[k]] = true
				stack = append(stack, adj[k])
			}
		}
	}
	return false
}

// connectVillages records the villages seat s is now connected to; a first
// connection takes one cloth from the village (S108). Three or fewer
// villages with cloth end the game (S114).
func (g *Game) connectVillages(s int) {
	if g.cfg.scenario != board.ClothForCatan {
		return
	}
	for i, v := range g.cfg.villages {
		st := &g.villages[i]
		if st.connected&(1<<s) != 0 || !g.connectedTo(s, v.corner) {
			continue
		}
		st.connected |= 1 << s
		g.rev++ // the village counts as s's building for S57
		g.log.sayf("%s trades with the village on %s", g.colour(s), g.b.Corner(v.corner))
		if st.cloth > 0 {
			st.cloth--
			g.players[s].cloth++
			g.log.sayf("%s takes 1 cloth", g.colour(s))
		}
	}
	g.villageEnd()
}

// clothRoll gives the cloth of the villages with the rolled number (S109).
func (g *Game) clothRoll(sum int) {
	if g.cfg.scenario != board.ClothForCatan {
		return
	}
	n := g.nseats()
	for i, v := range g.cfg.villages {
		st := &g.villages[i]
		if v.number != sum || st.cloth == 0 {
			continue
		}
		for k := 0; k < n; k++ {
			s := (g.cur + k) % n
			if st.connected&(1<<s) == 0 {
				continue
			}
			switch {
			case st.cloth > 0:
				st.cloth--
			case g.clothSupply > 0:
				g.clothSupply--
			default:
				continue
			}
			g.players[s].cloth++
			g.log.sayf("%s takes 1 cloth (village %s)", g.colour(s), g.b.Corner(v.corner))
		}
	}
}
