package seafarers

import (
	"regexp"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/templates"
)

var _ templates.EventViewer = Renderer{}

// The events that tell what only some seats may know when hands are
// hidden (S150): the kind of a development card drawn, the resource a
// steal took, and why a seat answered an offer as it did (that it does
// not hold the cards asked for, or what its standing orders say), or why
// its acceptance lapsed.
var (
	cardKnown   = regexp.MustCompile(`^(sealed draw [0-9]+: )([a-z]+)'s card is an? ([a-z-]+)$`)
	cardTaken   = regexp.MustCompile(`^([a-z]+) ([a-z]+) a development card: ([a-z-]+)$`)
	stealKnown  = regexp.MustCompile(`^((?:sealed draw [0-9]+: )?)([a-z]+) steals 1 ([a-z]+) from ([a-z]+)$`)
	stealMissed = regexp.MustCompile(`^(sealed draw [0-9]+: )([a-z]+) would steal ([a-z]+) from ([a-z]+), who holds none: nothing moves(.*)$`)
	stealOther  = regexp.MustCompile(`^(sealed draw [0-9]+: )([a-z]+) would steal [a-z]+ from ([a-z]+), who holds none now: [a-z]+ steals 1 [a-z]+ from [a-z]+'s hand instead(.*)$`)
	answerWhy   = regexp.MustCompile(`^([a-z]+) (declines|accepts) \(.*\)$`)
	lapsed      = regexp.MustCompile(`^([a-z]+) no longer holds .*: its acceptance lapses( \(S69\))$`)
)

// ViewEvent hides from v what another seat's development card is, and
// which resource a steal took, unless v's seat is the thief or the
// victim: "blue buys a development card", "red steals 1 card from
// white". Another seat's answer to an offer is "blue declines" or "blue
// accepts" and nothing more: the engine's reason ("it does not hold 1
// ore", "standing orders") would tell the table what blue holds, one
// probe per offer (issue 17 item 5); a lapsed acceptance likewise says
// only that it lapsed. Everything else is public.
//
// The engine's events are stored in the turn file and replayed, so they
// keep their full text; only the views reword them.
func (Renderer) ViewEvent(_ engine.Position, event string, v templates.View) string {
	if !v.Hidden {
		return event
	}
	if m := cardKnown.FindStringSubmatch(event); m != nil && m[2] != v.Seat {
		return m[1] + m[2] + " draws a development card"
	}
	if m := cardTaken.FindStringSubmatch(event); m != nil && m[1] != v.Seat && m[3] != "a" {
		return m[1] + " " + m[2] + " a development card"
	}
	if m := stealKnown.FindStringSubmatch(event); m != nil && m[2] != v.Seat && m[4] != v.Seat && m[3] != "cloth" {
		return m[1] + m[2] + " steals 1 card from " + m[4]
	}
	if m := stealMissed.FindStringSubmatch(event); m != nil && m[2] != v.Seat && m[4] != v.Seat {
		return m[1] + m[2] + " steals nothing from " + m[4] + m[5]
	}
	if m := stealOther.FindStringSubmatch(event); m != nil && m[2] != v.Seat && m[3] != v.Seat {
		return m[1] + m[2] + " steals 1 card from " + m[3] + m[4]
	}
	if m := answerWhy.FindStringSubmatch(event); m != nil && m[1] != v.Seat {
		return m[1] + " " + m[2]
	}
	if m := lapsed.FindStringSubmatch(event); m != nil && m[1] != v.Seat {
		return m[1] + "'s acceptance lapses" + m[2]
	}
	return event
}
