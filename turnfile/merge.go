package turnfile

import (
	"bytes"
	"errors"
	"fmt"
)

// How two copies of one game come together (§6.2). Honest seats make
// entries on the same position at once — the decisions a seven asks of
// several seats, the answers to an offer made to all, standing orders sent
// during another seat's turn — and their copies cross in the mail. Merge
// turns any two such copies into one, the same whoever does it:
//
//   - one copy holds the other: the longer one;
//   - each copy ends with entries made on the same last common entry that
//     can be made at once (parts, §2.6): one parallel entry of them all;
//   - otherwise a race: the copy that went further wins (more turns begun,
//     then more entries that are not only standing orders, then more
//     entries; a tie goes to the copy whose first different entry is of
//     the earlier seat, then to the smaller hash), and the other copy's
//     entries after the common ones are left out, for their seats to make
//     again on the winner if they still apply.
//
// A key that signed two different successors of one entry is not a race
// but a double signature: Merge refuses with the *ForkError, the evidence
// of a dispute report (§6.1).

// MergeKind says how Merge combined two copies.
type MergeKind int

const (
	// MergeSame: the copies hold the same entries.
	MergeSame MergeKind = iota + 1
	// MergeAhead: one copy held the other and more.
	MergeAhead
	// MergeParallel: the copies' last entries became one parallel entry.
	MergeParallel
	// MergeRace: the copies raced; the winner's entries were kept.
	MergeRace
)

// MergeReport says what Merge did.
type MergeReport struct {
	Kind MergeKind
	// Entry is the number of the first entry where the copies differ
	// (0 for MergeSame).
	Entry int
	// FromB is true when the result continues copy b (the second
	// argument): b was ahead, or won the race.
	FromB bool
	// Left are the entries of the losing copy of a race, from Entry on;
	// parts of parallel entries are listed one by one.
	Left []Entry
	// Race is the fork the race was, for messages and the record.
	Race *ForkError
}

// Merge combines two verified copies of one game into one (see above).
// Neither copy is changed; the result may be one of them. An
// equivocation (one key signed two different successors) is returned as
// the *ForkError with Equivocation set.
func Merge(a, b *Game) (*Game, *MergeReport, error) {
	cmp, err := compareFiles(a.file, b.file)
	var fe *ForkError
	switch {
	case errors.As(err, &fe):
		if fe.Equivocation {
			return nil, nil, fe
		}
	case err != nil:
		return nil, nil, err
	case cmp.A == cmp.B:
		return a, &MergeReport{Kind: MergeSame}, nil
	case cmp.A > cmp.B:
		return a, &MergeReport{Kind: MergeAhead, Entry: cmp.B + 1}, nil
	default:
		return b, &MergeReport{Kind: MergeAhead, Entry: cmp.A + 1, FromB: true}, nil
	}
	c := cmp.Common
	if g, ok := combineTips(a, b, c); ok {
		return g, &MergeReport{Kind: MergeParallel, Entry: c + 1, Race: fe}, nil
	}
	winA := raceKey(a, c).beats(raceKey(b, c))
	rep := &MergeReport{Kind: MergeRace, Entry: c + 1, FromB: !winA, Race: fe}
	win, lose := a, b
	if !winA {
		win, lose = b, a
	}
	for _, e := range lose.file.History[c:] {
		if e.Kind == EntryParallel {
			rep.Left = append(rep.Left, e.Parts...)
		} else {
			rep.Left = append(rep.Left, e)
		}
	}
	return win, rep, nil
}

// combineTips makes the parallel entry of two copies that each end with
// one entry (or parallel entry) after their c common entries, when all
// their parts can be made at once; ok is false otherwise.
func combineTips(a, b *Game, c int) (*Game, bool) {
	if len(a.file.History) != c+1 || len(b.file.History) != c+1 {
		return nil, false
	}
	var parts []Entry
	seen := map[Hash]bool{}
	for _, e := range []*Entry{&a.file.History[c], &b.file.History[c]} {
		items := []Entry{*e}
		if e.Kind == EntryParallel {
			items = e.Parts
		}
		for _, p := range items {
			if p.Kind != EntryDecision && p.Kind != EntryOrders || p.Reveal != "" {
				return nil, false
			}
			h, err := entryHash(&p)
			if err != nil {
				return nil, false
			}
			if !seen[h] {
				seen[h] = true
				parts = append(parts, p)
			}
		}
	}
	g, err := prefixGame(a.file, c)
	if err != nil {
		return nil, false
	}
	if _, err := g.Combine(parts); err != nil {
		return nil, false
	}
	return g, true
}

// prefixGame replays the first n entries of f into a new game whose file
// holds them and the state they lead to.
func prefixGame(f *File, n int) (*Game, error) {
	pf := &File{Format: f.Format, Header: f.Header, History: append([]Entry(nil), f.History[:n]...), game: f.game}
	pf.Header.Seats = append([]Seat(nil), f.Header.Seats...)
	g, err := replayHistory(pf)
	if err != nil {
		return nil, err
	}
	pf.State = g.eng.State()
	return g, nil
}

// race is how far a copy went after its common entries with another
// (§6.2): turns begun, entries that are not only standing orders, entries
// (parts counted one by one); then the seat of its first different entry,
// then that entry's hash.
type race struct {
	begins, moves, entries int
	seat                   int
	hash                   Hash
}

func raceKey(g *Game, c int) race {
	var r race
	for i := c; i < len(g.file.History); i++ {
		e := &g.file.History[i]
		if i < len(g.steps) && g.steps[i].Begins {
			r.begins++
		}
		items := []Entry{*e}
		if e.Kind == EntryParallel {
			items = e.Parts
		}
		for _, p := range items {
			r.entries++
			if p.Kind != EntryOrders {
				r.moves++
			}
		}
	}
	first := &g.file.History[c]
	r.seat = len(g.file.Header.Seats)
	for i, s := range g.file.Header.Seats {
		if s.Colour == first.PartSeats()[0] {
			r.seat = i
		}
	}
	r.hash, _ = entryHash(first)
	return r
}

// beats reports whether r wins the race against o.
func (r race) beats(o race) bool {
	switch {
	case r.begins != o.begins:
		return r.begins > o.begins
	case r.moves != o.moves:
		return r.moves > o.moves
	case r.entries != o.entries:
		return r.entries > o.entries
	case r.seat != o.seat:
		return r.seat < o.seat
	}
	return bytes.Compare(r.hash[:], o.hash[:]) < 0
}

// String says in a few words how a merge went, for messages.
func (m *MergeReport) String() string {
	switch m.Kind {
	case MergeSame:
		return "the copies are the same"
	case MergeAhead:
		return fmt.Sprintf("one copy holds the other and goes on from entry %d", m.Entry)
	case MergeParallel:
		return fmt.Sprintf("the entries made at once on entry %d are combined into one parallel entry %d", m.Entry-1, m.Entry)
	}
	return fmt.Sprintf("the copies raced from entry %d (%s): the one that went further is kept", m.Entry, m.Race.Reason)
}
