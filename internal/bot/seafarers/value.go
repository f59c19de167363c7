package seafarers

import (
	"math"

	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// The features the strong player's value of a position reads for each
// seat. They are what the seat holds toward the goal of the game (S86 and
// the scenarios' goals), what it produces, and what it holds in hand.
const (
	fPoints      = iota // victory points short of the target (0 or less)
	fPips               // production, in pips (ways of 36) per roll; cities twice, the robber's hex a third
	fKinds              // resources produced (gold counts as every kind)
	fHand               // resource cards in hand, up to the discard limit
	fOver               // resource cards beyond the discard limit
	fCards              // development cards held (a point card counts in fPoints)
	fKnights            // knights played
	fRoute              // trade-route length, up to 8
	fHarbours           // harbours of a building: a 3:1 one, and 2:1 ones of a resource produced
	fWarships           // pirate-islands: warships, up to 6
	fFortress           // pirate-islands: the fortress's chits left (0 once captured)
	fWonder             // wonders-of-catan: the level of the seat's wonder
	fPipsLeft           // production times the share of the target still to go
	fReach              // what the network can reach: the heuristic's potential of its targets, in points
	fPlan               // the best plan's score (its value over the rounds it takes to pay for), in points
	fClothOdd           // cloth-for-catan: an odd cloth, half a point
	fClothIncome        // cloth-for-catan: pips of the connected villages that still pay cloth
	numFeatures
)

// featureNames name the features, for the tuning tools' reports.
var featureNames = [numFeatures]string{
	"points", "pips", "kinds", "hand", "over", "cards", "knights", "route",
	"harbours", "warships", "fortress", "wonder", "pipsLeft", "reach", "plan",
	"clothOdd", "clothIncome",
}

// seatFeatures are the features of every seat of a position, by seat index.
type seatFeatures [4][numFeatures]float64

// featuresOf reads the features of every seat of g; book, when not nil,
// keeps the seats' islands along the line of play g is on.
func featuresOf(g *game.Game, book *islandBook) seatFeatures {
	var f seatFeatures
	b := g.Board()
	seats := g.Seats()
	seatOf := func(c game.Colour) int {
		for i, s := range seats {
			if s == c {
				return i
			}
		}
		return -1
	}
	var pips [4][game.NumResources + 1]float64  // by resource; index 0 gold
	var harbours [4][game.NumResources + 1]bool // 2:1 harbours by resource; index 0 3:1
	robber := g.Robber()
	for c := range b.NumCorners() {
		o, kind := g.BuildingAt(c)
		if o == game.NoColour {
			continue
		}
		s := seatOf(o)
		mult := 1.0
		if kind == game.City {
			mult = 2
		}
		for _, h := range b.CornerHexes(c) {
			if h < 0 {
				continue
			}
			x := g.Hex(h)
			if !x.Terrain.Produces() {
				continue
			}
			p := pipsOf(x.Number) * mult
			if h == robber {
				p /= 3
			}
			pips[s][yieldOf(x.Terrain)] += p
		}
		switch k := g.CornerHarbour(c); {
		case k == board.Harbour3to1:
			harbours[s][0] = true
		case k >= board.HarbourBrick && k <= board.HarbourOre:
			harbours[s][k] = true
		}
	}
	opts := g.Options()
	target := float64(opts.VPTarget)
	for s, c := range seats {
		x := &f[s]
		vp := float64(g.VP(c))
		x[fPoints] = min(vp-target, 0)
		total, kinds := 0.0, 0.0
		for r, p := range pips[s] {
			total += p
			if p > 0 && r > 0 {
				kinds++
			}
		}
		if pips[s][0] > 0 {
			kinds = game.NumResources
		}
		x[fPips] = total / 36 * 6
		x[fKinds] = kinds
		for r, ok := range harbours[s] {
			if ok && (r == 0 || pips[s][r] > 0) {
				x[fHarbours]++
			}
		}
		hand := float64(g.Hand(c).Total())
		limit := float64(opts.DiscardLimit)
		if opts.DiscardLimit == 0 {
			limit = math.Inf(1)
		}
		x[fHand] = min(hand, limit)
		x[fOver] = max(hand-limit, 0)
		for _, k := range g.Cards(c) {
			if k != game.VictoryPoint {
				x[fCards]++
			}
		}
		x[fKnights] = float64(g.Played(c)[game.Knight-1])
		x[fRoute] = min(float64(g.Route(c)), 8)
		x[fPipsLeft] = x[fPips] * (-x[fPoints]) / target
		v := newView(g, c)
		v.book = book
		net := v.search(noOverlay)
		ts := v.targets()
		x[fReach] = net.potential(ts) / vpPoints
		if ps := v.plans(nil, net, ts); len(ps) > 0 {
			x[fPlan] = ps[0].score / vpPoints
		}
	}
	switch g.Scenario() {
	case board.PirateIslands:
		for e := range b.NumEdges() {
			if o, _, war := g.PieceAt(e); war {
				if s := seatOf(o); s >= 0 {
					f[s][fWarships] = min(f[s][fWarships]+1, 6)
				}
			}
		}
		for s, c := range seats {
			_, chits := g.Fortress(c)
			f[s][fFortress] = float64(chits)
		}
	case board.ClothForCatan:
		clothFeatures(g, seats, &f)
	case board.WondersOfCatan:
		for w := game.Theater; w <= game.Cathedral; w++ {
			if o, level := g.Wonder(w); o != game.NoColour {
				f[seatOf(o)][fWonder] = float64(level)
			}
		}
	}
	return f
}

// valueWeights weigh the features into a seat's score; the chance of
// winning of a seat is the softmax of the seats' scores.
type valueWeights [numFeatures]float64

// score is the score of a seat of features x.
func (w *valueWeights) score(x *[numFeatures]float64) float64 {
	s := 0.0
	for k, v := range x {
		s += w[k] * v
	}
	return s
}

// defaultValue are the weights fitted to heuristic self-play.
var defaultValue = valueWeights{
	fPoints:      0.5667,
	fPips:        0.2513,
	fKinds:       0.4653,
	fHand:        0.0627,
	fOver:        0.0453,
	fCards:       0.3710,
	fKnights:     0.0011,
	fRoute:       0.0003,
	fHarbours:    0.2092,
	fWarships:    1.0816,
	fFortress:    -1.0335,
	fWonder:      1.3896,
	fPipsLeft:    0.2528,
	fReach:       0.1182,
	fPlan:        0.2369,
	fClothOdd:    0.4334,
	fClothIncome: 1.6487,
}

// clothFeatures sets the cloth features of every seat: an odd cloth, and
// the pips of the villages it is connected to that still have cloth to
// pay (S108–S110).
func clothFeatures(g *game.Game, seats []game.Colour, f *seatFeatures) {
	b := g.Board()
	for s, c := range seats {
		f[s][fClothOdd] = float64(g.Cloth(c) % 2)
	}
	for _, vl := range b.Villages() {
		k := b.CornerIndex(vl.Corner)
		if cloth, ok := g.VillageCloth(k); !ok || cloth == 0 {
			continue
		}
		for s, c := range seats {
			if shipConnected(g, c, k) {
				f[s][fClothIncome] += pipsOf(vl.Number) / 36 * 6
			}
		}
	}
}

// shipConnected reports whether a chain of seat c's ships joins corner k
// to a corner holding one of its buildings (S108).
func shipConnected(g *game.Game, c game.Colour, k int) bool {
	b := g.Board()
	ship := func(e int) bool {
		o, p, _ := g.PieceAt(e)
		return o == c && p == game.Ship
	}
	seen := map[int]bool{k: true}
	stack := []int{k}
	for len(stack) > 0 {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if o, _ := g.BuildingAt(at); o == c {
			return true
		}
		adj := b.CornerAdjacent(at)
		for i, e := range b.CornerEdges(at) {
			if ship(e) && !seen[adj[i]] {
				seen[adj[i]] = true
				stack = append(stack, adj[i])
			}
		}
	}
	return false
}
