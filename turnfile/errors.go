package turnfile

import (
	"errors"
	"fmt"
)

// ParseError reports a file that is not a well-formed elasund/1 turn file
// (docs/turnfile.md §2). Line is 1-based, or 0 when the problem has no
// place (such as a file that is too large); Field is the dotted path of
// the field concerned, such as "history.3.sig", or empty.
type ParseError struct {
	Line   int
	Field  string
	Reason string
}

func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Field != "":
		return fmt.Sprintf("line %d: %s: %s", e.Line, e.Field, e.Reason)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
	case e.Field != "":
		return fmt.Sprintf("%s: %s", e.Field, e.Reason)
	}
	return e.Reason
}

// VerifyError reports a well-formed file whose content does not check out:
// a broken hash link, a bad signature or reveal, an illegal move, events or
// state that replay does not reproduce (docs/turnfile.md §5). Entry is the
// number n of the first bad history entry, or 0 for the header or the
// stored state. Err, when set, is the underlying cause (such as a
// *engine.RuleError).
type VerifyError struct {
	Entry  int
	Reason string
	Err    error
}

func (e *VerifyError) Error() string {
	msg := e.Reason
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	if e.Entry > 0 {
		return fmt.Sprintf("entry %d: %s", e.Entry, msg)
	}
	return msg
}

func (e *VerifyError) Unwrap() error { return e.Err }

// TurnError reports an entry that cannot be added now although the file is
// fine: the game has not started, it is over, the seat may not act, or the
// seat has already joined. The command line treats it like an illegal move.
type TurnError struct {
	Seat   string
	Reason string
	// Err is the cause when it has a type of its own (*SizeError).
	Err error
}

func (e *TurnError) Unwrap() error { return e.Err }

// SizeError is the cause of a TurnError for an entry that would make the
// file larger than a reader takes (MaxSize, §8) or than the limit the
// caller set (MoveOptions.MaxSize).
type SizeError struct {
	Size, Limit int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("the game file would grow to %d bytes, over the %d bytes a turn file may hold: the move cannot be written", e.Size, e.Limit)
}

func (e *TurnError) Error() string {
	if e.Seat == "" {
		return e.Reason
	}
	return fmt.Sprintf("%s: %s", e.Seat, e.Reason)
}

// ForkError reports two files of one game that hold different, validly
// signed successors of the same entry (docs/turnfile.md §6). Entry is the
// number of the two conflicting entries; A and B are their YAML text.
type ForkError struct {
	Entry int
	SeatA string
	SeatB string
	A, B  string
	// Equivocation is true when one key signed both (Signer's): a
	// double signature. Otherwise the fork is a race between seats, which
	// Merge settles.
	Equivocation bool
	Signer       string
	Reason       string
	// files are the two files, for a dispute report (Dispute).
	files [2]*File
}

func (e *ForkError) Error() string {
	return fmt.Sprintf("fork at entry %d: %s", e.Entry, e.Reason)
}

// StaleError reports a copy of a game that is behind what this player
// has already seen or signed of it (§6): playing on it would reveal a chain
// value twice or lose entries. Seen is the entry the player saw.
type StaleError struct {
	Seen int
	// Signed is true when the refusal comes from what the player signed
	// (the key store's guard), not from a copy it saw.
	Signed bool
	Reason string
	// Kept is the path of the newer copy the key store keeps, when there
	// is one (the hint for restoring it: elasund merge).
	Kept string
}

func (e *StaleError) Error() string { return e.Reason }

// ErrNoKey is returned when the key store has no private key yet.
var ErrNoKey = errors.New("no key in the key directory")

// ErrNoSecret is returned when the key store holds no chain secret for a
// seat of a game.
var ErrNoSecret = errors.New("no chain secret for this seat in the key directory")

// KeyStoreError reports a key store that cannot be used safely or read.
type KeyStoreError struct {
	Path   string
	Reason string
}

func (e *KeyStoreError) Error() string {
	return fmt.Sprintf("key store %s: %s", e.Path, e.Reason)
}

// RaceError reports a copy that races the copy the player saw last: two
// seats made different entries on the same position (§6.2), and the copies
// cannot simply be combined. Merge settles it; KeepSeen says which copy
// wins: the one seen last (kept at Kept), or the one given.
type RaceError struct {
	Fork     *ForkError
	KeepSeen bool
	Kept     string
}

func (e *RaceError) Error() string {
	which := "this copy went further: continue from it"
	if e.KeepSeen {
		which = "the copy you saw last went further: continue from it"
	}
	return fmt.Sprintf("this copy and the copy you saw last differ from entry %d on (%s): %s", e.Fork.Entry, e.Fork.Reason, which)
}

func (e *RaceError) Unwrap() error { return e.Fork }
