package elasund

import (
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
)

// ActionKind is the verb of an action (topic moves). The zero value means
// none.
type ActionKind int

// The action verbs.
const (
	ActNone          ActionKind = iota
	ActRoll                     // roll
	ActShip                     // ship north|south
	ActPirate                   // pirate <row>
	ActBuild                    // build <building> <square> [over <colour>]
	ActWall                     // wall <space>
	ActChurch                   // church [<tile>]
	ActPermit                   // permit <value> <square> [pay <colour>]
	ActGold                     // gold
	ActMovePermit               // move-permit <from> <to> pay <colour>
	ActUpgradePermit            // upgrade-permit <square> <value> pay <colour>
	ActPlacePermit              // place-permit <value> <square>
	ActBuyGold                  // buy-gold
	ActEnd                      // end
	ActDiscard                  // discard <cards>
	ActTake                     // take <cards> (pirate_reward choose_from_others_discards)
	ActRebuild                  // rebuild hut|cottage <square>|none
	ActOrders                   // orders discard <kinds> | orders rebuild nearest | orders ask
)

// Ship directions.
const (
	DirNorth = 1
	DirSouth = 2
)

// Action is one action of a move. Which fields matter depends on Kind.
type Action struct {
	Kind     ActionKind
	Building Kind      // build, rebuild
	At       Square    // build anchor, permit square, move-permit from, upgrade square, rebuild square
	To       Square    // move-permit target
	Colour   Card      // build over, permit/move/upgrade pay
	Value    int       // permit value (place, upgrade: the new value)
	Row      int       // pirate row index
	Dir      int       // ship direction
	Wall     WallSpace // wall
	Tile     Tile      // first church tile; NoTile for "church"
	Cards    Hand      // discard, take
	None     bool      // rebuild ... none
	// Orders: Order is "discard", "rebuild" or "ask"; Priority the discard
	// order for "discard".
	Order    string
	Priority []Card
}

// String prints the action in its canonical spelling (topic moves).
func (a Action) String() string {
	var w engine.Words
	switch a.Kind {
	case ActRoll:
		w.Add("roll")
	case ActShip:
		if a.Dir == DirNorth {
			w.Add("ship", "north")
		} else {
			w.Add("ship", "south")
		}
	case ActPirate:
		w.Add("pirate", rowName(a.Row))
	case ActBuild:
		w.Add("build", a.Building.String(), a.At.String())
		if a.Colour != NoCard {
			w.Add("over", a.Colour.String())
		}
	case ActWall:
		w.Add("wall", a.Wall.String())
	case ActChurch:
		w.Add("church")
		if a.Tile != NoTile {
			w.Add(a.Tile.String())
		}
	case ActPermit:
		w.Add("permit", strconv.Itoa(a.Value), a.At.String())
		if a.Colour != NoCard {
			w.Add("pay", a.Colour.String())
		}
	case ActGold:
		w.Add("gold")
	case ActMovePermit:
		w.Add("move-permit", a.At.String(), a.To.String(), "pay", a.Colour.String())
	case ActUpgradePermit:
		w.Add("upgrade-permit", a.At.String(), strconv.Itoa(a.Value), "pay", a.Colour.String())
	case ActPlacePermit:
		w.Add("place-permit", strconv.Itoa(a.Value), a.At.String())
	case ActBuyGold:
		w.Add("buy-gold")
	case ActEnd:
		w.Add("end")
	case ActDiscard, ActTake:
		if a.Kind == ActDiscard {
			w.Add("discard")
		} else {
			w.Add("take")
		}
		w.Add(handWords(a.Cards)...)
	case ActRebuild:
		w.Add("rebuild", a.Building.String())
		if a.None {
			w.Add("none")
		} else {
			w.Add(a.At.String())
		}
	case ActOrders:
		w.Add("orders", a.Order)
		switch a.Order {
		case "discard":
			for _, c := range a.Priority {
				w.Add(c.String())
			}
		case "rebuild":
			w.Add("nearest")
		}
	default:
		return "?"
	}
	return w.String()
}

// handWords lists the cards of h one word each, gold first; an empty hand is
// "nothing".
func handWords(h Hand) []string {
	var out []string
	for _, c := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
		for i := 0; i < h.Of(c); i++ {
			out = append(out, c.String())
		}
	}
	if len(out) == 0 {
		out = append(out, "nothing")
	}
	return out
}

func rowName(i int) string {
	if i < 0 || i >= NumRows {
		return "?"
	}
	return strconv.Itoa(Rows[i])
}

// FormatMove prints a move as one line, actions separated by "; ".
func FormatMove(m []Action) string {
	parts := make([]string, len(m))
	for i, a := range m {
		parts[i] = a.String()
	}
	return strings.Join(parts, "; ")
}

// The streams Elasund draws from, by name (engine.Rand): each kind of
// draw has its own, so one kind never shifts another (docs/turnfile.md
// §4.3).
const (
	StreamDice      = "dice"      // two draws of Intn(6) per roll
	StreamInfluence = "influence" // influence cards: production, walls, the start deal
	StreamChurch    = "church"    // church tiles
	StreamReward    = "reward"    // the pirate reward
)

// FormatAction prints a in its canonical form with the third influence colour
// named as this game's edition prints it ("red" in the French and Russian
// editions, R108, V1). ParseAction reads both names, so the text reads back
// as the same action. No action names a seat colour, so every "yellow" in
// the canonical text is the card colour.
func (c Config) FormatAction(a Action) string {
	s := a.String()
	if c.Options.ThirdColour == "" || c.Options.ThirdColour == "yellow" {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		if w == "yellow" {
			words[i] = c.Options.ThirdColour
		}
	}
	return strings.Join(words, " ")
}
