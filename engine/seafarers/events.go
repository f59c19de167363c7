package seafarers

import (
	"fmt"
	"strconv"
	"unsafe"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// eventLog collects the events of the entry being applied: their text in
// one buffer as they happen (add, then end for each event), made into
// strings once, when the entry is done (took). An entry's events are cut
// from one string, itself cut from a chunk of room for many entries' text
// (bytes), and their list from a chunk of room for many entries' lists
// (room). A clone does not share the rooms (Clone), and a room is written
// only past what it handed out, so that what a list or a string holds is
// never written again. A quiet log (Game.SetQuiet) writes nothing.
type eventLog struct {
	text  []byte
	ends  []int32
	room  []string
	bytes []byte
	quiet bool
}

// eventRoom is how many events the log makes room for at a time, and
// eventBytes how many bytes of their text.
const (
	eventRoom  = 128
	eventBytes = 4096
)

// add appends parts to the event being written.
func (l *eventLog) add(parts ...string) *eventLog {
	if l.quiet {
		return l
	}
	for _, p := range parts {
		l.text = append(l.text, p...)
	}
	return l
}

// colour appends a seat's colour to the event being written, named only
// when the log is not quiet (a quiet game's entries name nobody).
func (l *eventLog) colour(c Colour) *eventLog {
	if !l.quiet {
		l.text = append(l.text, c.String()...)
	}
	return l
}

// num appends a number to the event being written.
func (l *eventLog) num(n int) *eventLog {
	if l.quiet {
		return l
	}
	if n >= 0 && n < 10 {
		l.text = append(l.text, byte('0'+n))
		return l
	}
	l.text = strconv.AppendInt(l.text, int64(n), 10)
	return l
}

// hand appends a card list to the event being written, as Hand.String
// prints it.
func (l *eventLog) hand(h *Hand) *eventLog {
	if !l.quiet {
		l.text = h.appendTo(l.text)
	}
	return l
}

// packed appends packed cards to the event being written, as hand does;
// they are unpacked only when the log is not quiet.
func (l *eventLog) packed(p PackedHand) *eventLog {
	if !l.quiet {
		l.text = p.Hand().appendTo(l.text)
	}
	return l
}

// end ends the event being written.
func (l *eventLog) end() {
	if !l.quiet {
		l.ends = append(l.ends, int32(len(l.text)))
	}
}

// say records an event of one piece of text.
func (l *eventLog) say(text string) { l.add(text).end() }

// sayf records an event formatted as fmt.Sprintf formats it, when the log
// is not quiet.
func (l *eventLog) sayf(format string, args ...any) {
	if !l.quiet {
		l.say(fmt.Sprintf(format, args...))
	}
}

// reset forgets the events written so far.
func (l *eventLog) reset() { l.text, l.ends = l.text[:0], l.ends[:0] }

// took returns the events written since the last reset as strings, nil for
// none, and resets the log. It is small enough to inline where an entry
// wrote nothing (a quiet game: every entry of a bot or a simulation).
func (l *eventLog) took() []string {
	if len(l.ends) == 0 {
		l.text = l.text[:0] // an event begun and not ended is dropped, as reset drops it
		return nil
	}
	return l.takeAll()
}

// takeAll is took when events were written.
func (l *eventLog) takeAll() []string {
	n := len(l.ends)
	if len(l.room) < n {
		l.room = make([]string, max(n, eventRoom))
	}
	out := l.room[:n:n]
	l.room = l.room[n:]
	all := l.keep(l.text)
	start := 0
	for i, end := range l.ends {
		out[i] = all[start:end]
		start = int(end)
	}
	l.reset()
	return out
}

// keep returns text as a string in the log's room for text (bytes),
// making a new room when it is full: strings of many entries share one
// allocation.
func (l *eventLog) keep(text []byte) string {
	n := len(text)
	if cap(l.bytes)-len(l.bytes) < n {
		l.bytes = make([]byte, 0, max(n, eventBytes))
	}
	start := len(l.bytes)
	l.bytes = append(l.bytes, text...)
	return unsafe.String(unsafe.SliceData(l.bytes[start:]), n)
}

// logSeats appends the seats of mask m to the event being written, in seat
// order, joined by commas.
func (g *Game) logSeats(m uint8) {
	if g.log.quiet {
		return
	}
	g.log.text = append(g.log.text, g.cfg.seatLists[m&15]...)
}

// pos, corner and edge append a place of the board to the event being
// written.
func (l *eventLog) pos(p board.Pos) *eventLog {
	if !l.quiet {
		l.text = p.Append(l.text)
	}
	return l
}

// corner appends a corner's name (see pos).
func (l *eventLog) corner(c board.Corner) *eventLog {
	if !l.quiet {
		l.text = c.Append(l.text)
	}
	return l
}

// edge appends an edge's name (see pos).
func (l *eventLog) edge(e board.Edge) *eventLog {
	if !l.quiet {
		l.text = e.Append(l.text)
	}
	return l
}
