package seafarers

import (
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// ActionKind is the verb of an action (topic moves). The zero value is
// none.
type ActionKind int8

// The action verbs.
const (
	ActNone        ActionKind = iota
	ActPlace                  // place settlement <corner> road|ship <edge>
	ActRoll                   // roll
	ActRobber                 // robber <hex> [steal <colour>]
	ActPirate                 // pirate <hex> [steal <colour> [cloth]]
	ActSteal                  // steal <colour> (pirate-islands)
	ActBuy                    // buy card
	ActPlay                   // play <card> …
	ActTrade                  // trade <n> <resource> for <m> <resource>
	ActOffer                  // offer <cards> for <cards> to <colours>|all
	ActConfirm                // confirm <colour>
	ActWithdraw               // withdraw
	ActBuild                  // build road|ship <edge>, build settlement|city <corner>
	ActMoveShip               // move ship <edge> <edge>
	ActWonder                 // wonder <wonder>
	ActBuildWonder            // build wonder
	ActAttack                 // attack
	ActHarbour                // harbour <edge> [<harbour kind>]
	ActEnd                    // end
	ActDiscard                // discard <cards>
	ActGold                   // gold <cards>
	ActReward                 // reward <resource>
	ActAccept                 // accept
	ActDecline                // decline
	ActResolve                // resolve
	ActOrders                 // orders …
)

// OrderKind is what an `orders` action sets (S154).
type OrderKind int8

// The standing orders.
const (
	NoOrder           OrderKind = iota
	OrderDiscard                // orders discard <resource>…
	OrderGold                   // orders gold <resource>…
	OrderReward                 // orders reward <resource>…
	OrderTradeAccept            // orders trade accept <cards> for <cards>
	OrderTradeDecline           // orders trade decline
	OrderTradeAsk               // orders trade ask
	OrderClear                  // orders clear
)

// maxPriority is the longest resource list an `orders` action may give.
const maxPriority = 10

// Action is one action of a move. Which fields matter depends on Kind;
// the others are zero, so two actions are equal (==) exactly when they
// print alike.
type Action struct {
	Kind ActionKind
	// Piece is what build builds (road, ship, settlement, city), the
	// piece a setup step places with its settlement (road or ship), and
	// the first piece of Road Building; Piece2 is Road Building's second
	// piece, NoPiece when it places one.
	Piece, Piece2 Piece
	// Corner is the corner of place, build settlement and build city.
	Corner board.Corner
	// Edge is the edge of place, build road or ship, the ship moved, Road
	// Building's first piece and a placed harbour; Edge2 is where a ship
	// moves and Road Building's second piece.
	Edge, Edge2 board.Edge
	// Hex is where the robber or the pirate goes.
	Hex board.Pos
	// Seat is the seat robbed (steal) or confirmed.
	Seat Colour
	// Cloth asks for a cloth instead of a resource card (S112).
	Cloth bool
	// Card is the development card played.
	Card CardKind
	// Cards are the cards discarded, taken by gold or Year of Plenty,
	// given in a trade or an offer, or given by an accept order; Get are
	// the cards taken in a trade or an offer, or got by an accept order.
	Cards, Get PackedHand
	// Res is the resource of Monopoly or a reward.
	Res Resource
	// To are the seats an offer names, a bit 1<<Colour each; All is "to
	// all".
	To  uint8
	All bool
	// Wonder is the wonder started.
	Wonder Wonder
	// Harbour is the harbour kind placed, NoHarbour when left out.
	Harbour board.HarbourKind
	// Order is what an orders action sets; Priority its resources, padded
	// with NoResource.
	Order    OrderKind
	Priority [maxPriority]Resource
}

var _ engine.Action = Action{}

// Class says what kind of entry the action makes (docs/turnfile.md §2.3):
// orders; a decision for discard, gold, reward, accept, decline and
// resolve; a move for everything else.
func (a Action) Class() engine.Class {
	switch a.Kind {
	case ActOrders:
		return engine.ClassOrders
	case ActDiscard, ActGold, ActReward, ActAccept, ActDecline, ActResolve:
		return engine.ClassDecision
	}
	return engine.ClassMove
}

// priority returns the resources of an orders action.
func (a Action) priority() []Resource {
	n := 0
	for n < maxPriority && a.Priority[n] != NoResource {
		n++
	}
	return a.Priority[:n]
}

// names returns the seats an offer names, in colour order.
func (a Action) names() []Colour {
	var out []Colour
	for _, c := range AllColours {
		if a.To&(1<<c) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// String prints the action in its canonical spelling (topic moves).
func (a Action) String() string {
	var w engine.Words
	switch a.Kind {
	case ActPlace:
		w.Add("place", "settlement", a.Corner.String(), a.Piece.String(), a.Edge.String())
	case ActRoll:
		w.Add("roll")
	case ActRobber, ActPirate:
		if a.Kind == ActRobber {
			w.Add("robber")
		} else {
			w.Add("pirate")
		}
		w.Add(a.Hex.String())
		if a.Seat != NoColour {
			w.Add("steal", a.Seat.String())
			if a.Cloth {
				w.Add("cloth")
			}
		}
	case ActSteal:
		w.Add("steal", a.Seat.String())
	case ActBuy:
		w.Add("buy", "card")
	case ActPlay:
		w.Add("play", a.Card.String())
		switch a.Card {
		case RoadBuilding:
			w.Add(a.Piece.String(), a.Edge.String())
			if a.Piece2 != NoPiece {
				w.Add(a.Piece2.String(), a.Edge2.String())
			}
		case YearOfPlenty:
			w.Add(a.Cards.String())
		case Monopoly:
			w.Add(a.Res.String())
		}
	case ActTrade:
		w.Add("trade", a.Cards.String(), "for", a.Get.String())
	case ActOffer:
		w.Add("offer", a.Cards.String(), "for", a.Get.String(), "to")
		if a.All {
			w.Add("all")
		} else {
			var names []string
			for _, c := range a.names() {
				names = append(names, c.String())
			}
			w.Add(strings.Join(names, ", "))
		}
	case ActConfirm:
		w.Add("confirm", a.Seat.String())
	case ActWithdraw:
		w.Add("withdraw")
	case ActBuild:
		if a.Piece == Settlement || a.Piece == City {
			w.Add("build", a.Piece.String(), a.Corner.String())
		} else {
			w.Add("build", a.Piece.String(), a.Edge.String())
		}
	case ActMoveShip:
		w.Add("move", "ship", a.Edge.String(), a.Edge2.String())
	case ActWonder:
		w.Add("wonder", a.Wonder.String())
	case ActBuildWonder:
		w.Add("build", "wonder")
	case ActAttack:
		w.Add("attack")
	case ActHarbour:
		w.Add("harbour", a.Edge.String())
		if a.Harbour != board.NoHarbour {
			w.Add(a.Harbour.String())
		}
	case ActEnd:
		w.Add("end")
	case ActDiscard:
		w.Add("discard", a.Cards.String())
	case ActGold:
		w.Add("gold", a.Cards.String())
	case ActReward:
		w.Add("reward", a.Res.String())
	case ActAccept:
		w.Add("accept")
	case ActDecline:
		w.Add("decline")
	case ActResolve:
		w.Add("resolve")
	case ActOrders:
		w.Add("orders")
		switch a.Order {
		case OrderDiscard, OrderGold, OrderReward:
			w.Add([...]string{OrderDiscard: "discard", OrderGold: "gold", OrderReward: "reward"}[a.Order])
			for _, r := range a.priority() {
				w.Add(r.String())
			}
		case OrderTradeAccept:
			w.Add("trade", "accept", a.Cards.String(), "for", a.Get.String())
		case OrderTradeDecline:
			w.Add("trade", "decline")
		case OrderTradeAsk:
			w.Add("trade", "ask")
		case OrderClear:
			w.Add("clear")
		}
	default:
		return "?"
	}
	return w.String()
}

// FormatMove prints a move as its actions' canonical spellings joined by
// "; ".
func FormatMove(move []Action) string {
	parts := make([]string, len(move))
	for i, a := range move {
		parts[i] = a.String()
	}
	return strings.Join(parts, "; ")
}
