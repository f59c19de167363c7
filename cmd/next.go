package cmd

import (
	"fmt"
	"io"
	"slices"

	"github.com/elasund/elasund/turnfile"
)

// advice is what a player does with a game file after an entry: whom to
// send it to (docs/cli.md, "When several seats act at once").
type advice struct {
	// To are the seats to send the file to.
	To []string
	// Parallel is true when the seats in To (and Collector, if it owes a
	// decision too) act at once, each on its own copy, and send their
	// copies back to Collector.
	Parallel bool
	// Back is true when the file goes back to Collector only: the entry
	// just made was one of several made at once, whose copies Collector
	// combines.
	Back bool
	// Wait lists the seats whose copies the player, the collector, waits
	// for before it combines them.
	Wait      []string
	Collector string
	// Over is true when the game has ended: the file goes to everyone.
	Over bool
	// Overtaken are the seats whose entries a race left out (merge,
	// --with): their copies lost, and they go on from this one (To
	// holds them first).
	Overtaken []string
}

// nextAdvice says where the file goes after seat's entry (or after a
// merge, seat empty). Where seats can act in parallel, it says so and
// names who combines their copies; where they cannot, it names one seat,
// never two seats that would fork the game. wasParallel is true when
// seat's entry was one of several the position before it let seats make
// at once.
func nextAdvice(g *turnfile.Game, seat string, wasParallel, merged bool) advice {
	p := g.Position()
	if len(g.Unjoined()) > 0 {
		return advice{}
	}
	if p.Over() {
		// Everyone gets the last copy, to see the end and verify it.
		var all []string
		for _, s := range g.File().Header.Seats {
			if s.Colour != seat {
				all = append(all, s.Colour)
			}
		}
		return advice{To: all, Over: true}
	}
	collector := p.Current()
	par := g.Parallel()
	switch {
	case merged && seat == collector:
		// The seats still owing were sent their copies when the
		// decisions became owed: their copies come back here.
		var owing []string
		for _, o := range p.Owed() {
			if o.Seat != seat && !slices.Contains(owing, o.Seat) && slices.Contains(g.Acting(), o.Seat) {
				owing = append(owing, o.Seat)
			}
		}
		if len(owing) > 0 {
			return advice{Wait: owing, Collector: collector}
		}
	case wasParallel && seat != collector:
		return advice{To: []string{collector}, Back: true, Collector: collector}
	case wasParallel:
		if wait := without(par, seat); len(wait) > 0 {
			return advice{Wait: wait, Collector: collector}
		}
	case len(par) > 1:
		return advice{To: without(par, seat), Parallel: true, Collector: collector}
	}
	to := without(g.Acting(), seat)
	if len(to) > 1 {
		// Not a parallel position: one seat at a time, the seat to move
		// first, then the first in seat order.
		if slices.Contains(to, collector) {
			to = []string{collector}
		} else {
			to = to[:1]
		}
	}
	return advice{To: to}
}

// leftOut adds to a the seats whose entries a race left out: they wait on
// copies that lost, and without this one they would wait for ever (issue
// 16). They get the file first, with the seats a already sends it to; a
// seat that waits for copies to combine sends this one out first. At the
// end of the game everyone gets the file anyway.
func (a advice) leftOut(seats []string) advice {
	if len(seats) == 0 || a.Over {
		return a
	}
	to := slices.Clone(seats)
	if len(a.Wait) == 0 {
		for _, s := range a.To {
			if !slices.Contains(to, s) {
				to = append(to, s)
			}
		}
	}
	return advice{To: to, Overtaken: seats}
}

func without(seats []string, seat string) []string {
	return slices.DeleteFunc(slices.Clone(seats), func(s string) bool { return s == seat })
}

// line prints the advice as elasund's "next:" line, without the prefix;
// empty when there is nothing to do.
func (a advice) line(g *turnfile.Game, file string) string {
	merge := fmt.Sprintf("elasund merge %s COPY...", file)
	switch {
	case len(a.Overtaken) > 0 && len(a.To) > len(a.Overtaken):
		return fmt.Sprintf("send %s to %s: the race left out entries of %s, who go on from this copy", file, seatNames(g, a.To), seatNames(g, a.Overtaken))
	case len(a.Overtaken) > 0:
		return fmt.Sprintf("send %s to %s, whose entries the race left out: they go on from this copy", file, seatNames(g, a.Overtaken))
	case len(a.Wait) > 0:
		return fmt.Sprintf("wait for the copies of %s (each decides on its own), then combine them with yours: %s", seatNames(g, a.Wait), merge)
	case len(a.To) == 0:
		return ""
	case a.Over:
		return fmt.Sprintf("send %s to %s: the game is over, and everyone verifies the last copy", file, seatNames(g, a.To))
	case a.Back:
		return fmt.Sprintf("send %s back to %s, who combines it with the other copies made at once: %s", file, seatNames(g, a.To), merge)
	case a.Parallel:
		also := ""
		if slices.Contains(g.Parallel(), a.Collector) {
			also = ", decides on its own copy"
		}
		return fmt.Sprintf("send %s to %s at once; each decides on its copy and sends it back to %s, who%s combines them: %s",
			file, seatNames(g, a.To), seatNames(g, []string{a.Collector}), also, merge)
	}
	return fmt.Sprintf("send %s to %s", file, seatNames(g, a.To))
}

// printNext prints the "next:" line of a peer game after seat's entry
// (or merge), sending the file also to the seats overtaken, whose entries a
// race left out.
func printNext(w io.Writer, g *turnfile.Game, file, seat string, wasParallel, merged bool, overtaken []string) {
	if g.File().Header.Sandbox {
		return
	}
	if line := nextAdvice(g, seat, wasParallel, merged).leftOut(overtaken).line(g, file); line != "" {
		fmt.Fprintf(w, "next: %s\n", line)
	}
}

// parallelFor reports whether an entry by seat now would be one of
// several made at once (turnfile.Game.Parallel).
func parallelFor(g *turnfile.Game, seat string) bool {
	return slices.Contains(g.Parallel(), seat)
}
