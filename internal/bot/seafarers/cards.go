package seafarers

import (
	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// Costs of S12 and of the wonders' levels (S128).
var (
	costRoad       = game.Hand{1, 1, 0, 0, 0}
	costShip       = game.Hand{0, 1, 1, 0, 0}
	costSettlement = game.Hand{1, 1, 1, 1, 0}
	costCity       = game.Hand{0, 0, 0, 2, 3}
	costCard       = game.Hand{0, 0, 1, 1, 1}
	wonderCost     = [game.NumWonders + 1]game.Hand{
		game.Theater:     {1, 1, 3, 0, 0},
		game.GreatBridge: {0, 3, 1, 1, 0},
		game.Monument:    {0, 0, 0, 3, 2},
		game.GreatWall:   {3, 1, 0, 1, 0},
		game.Cathedral:   {1, 0, 0, 1, 3},
	}
)

// deckStart is the development deck of S8, in draw order.
var deckStart = game.Deck{14, 5, 2, 2, 2}

// unseenDeck estimates the development cards nobody holds nor played:
// the deck less every card played or held of known kind (sealed cards
// are left in, their kind being unknown to everybody).
func (v *view) unseenDeck() game.Deck {
	d := deckStart
	if v.sc == board.PirateIslands && len(v.seats) == 3 {
		d[game.VictoryPoint-1] = 0 // S8
	}
	for _, c := range v.seats {
		pl := v.g.Played(c)
		for k := range d {
			d[k] -= pl[k]
		}
		for _, k := range v.g.Cards(c) {
			if k >= game.Knight && k <= game.Monopoly {
				d[k-1]--
			}
		}
	}
	for k := range d {
		d[k] = max(d[k], 0)
	}
	return d
}

// unseenCards counts the cards a draw may still take: the unseen cards
// less those promised to pending draws (S73).
func (v *view) unseenCards() int {
	n := v.unseenDeck().Total()
	for _, c := range v.seats {
		for _, k := range v.g.Cards(c) {
			if k == game.Sealed {
				n--
			}
		}
	}
	return n
}

// armyGain is what one more played knight is worth toward Largest Army
// (S83): its two points when it would take or keep the card soon.
func (v *view) armyGain() float64 {
	if v.sc == board.PirateIslands {
		return 0
	}
	mine := v.g.Played(v.me)[game.Knight-1]
	held := 0
	for _, k := range v.g.Cards(v.me) {
		if k == game.Knight {
			held++
		}
	}
	best := 0
	for _, c := range v.seats {
		if c != v.me {
			best = max(best, v.g.Played(c)[game.Knight-1])
		}
	}
	holder := v.g.LargestArmy()
	need := max(3, best+1) - mine // knights still to play to hold it
	switch {
	case holder == v.me && mine-best <= 1:
		return 0.5 * 2 * vpPoints / 2 // keep a lead that is thin
	case holder == v.me:
		return 1
	case need <= 1:
		return 2 * vpPoints
	case need <= 1+held:
		return 0.6 * 2 * vpPoints / float64(need)
	case need <= 3:
		return 0.3 * 2 * vpPoints / float64(need)
	}
	return 0
}

// knightValue is what playing a knight is worth besides Largest Army: a
// robber move and a steal, or in pirate-islands a warship (S120).
func (v *view) knightValue() float64 {
	if v.sc == board.PirateIslands {
		return v.warshipValue()
	}
	return 3 + v.armyGain()
}

// warshipValue is what one more warship is worth in pirate-islands:
// fortress attacks need warships (S124), and they beat the fleet (S122).
func (v *view) warshipValue() float64 {
	if f, chits := v.g.Fortress(v.me); f < 0 || chits == 0 {
		return 2
	}
	w := v.warships()
	if w >= 6 {
		return 2
	}
	val := 9 - float64(w)
	if v.vp[v.mi] >= v.target-2 {
		// The points are there: the fortress is all that is missing.
		val *= 2
	}
	return val
}

// warships counts my warships.
func (v *view) warships() int {
	n := 0
	for e := range v.b.NumEdges() {
		if o, _, war := v.g.PieceAt(e); o == v.me && war {
			n++
		}
	}
	return n
}

// devValue is what buying a development card is worth: the chance of
// each kind times its value (S73).
func (v *view) devValue() float64 {
	d := v.unseenDeck()
	total := float64(d.Total())
	if total == 0 || v.unseenCards() <= 0 {
		return 0
	}
	vpCard := vpPoints
	if v.sc == board.PirateIslands && len(v.seats) == 4 {
		vpCard = v.knightValue() // played as a knight (S120)
	}
	val := float64(d[game.Knight-1])*v.knightValue() +
		float64(d[game.VictoryPoint-1])*vpCard +
		float64(d[game.RoadBuilding-1])*5 +
		float64(d[game.YearOfPlenty-1])*2*cardPoints +
		float64(d[game.Monopoly-1])*4
	return val / total
}
