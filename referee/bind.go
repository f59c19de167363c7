package referee

import (
	"fmt"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// A move written in a mail's body is bound to the turn it answers, so
// that a mail sent again later (a mail program's "send again", a resent
// draft, a copy from another device) is not played a second time as a
// new move. The binding comes from, in this order:
//
//  1. a "turn N" line in the body: the move answers turn N;
//  2. the mail it replies to (In-Reply-To, then References, newest
//     first): one of the referee's own mails, sent when the game had a
//     known number of entries;
//  3. the subject the referee wrote ("[elasund GAME] turn N: your move"),
//     which a reply keeps.
//
// A move bound to turn N is stale when the game's turn is not N any
// more. A move bound to a referee mail is stale when the seat has made an
// entry since that mail went out. A move bound to nothing is refused too,
// asking for a "turn N" line: nothing ambiguous is played.

// binding is what a body move answers.
type binding struct {
	// turn is the turn named by a line or the subject, when byTurn is
	// set; otherwise the binding is a referee mail.
	turn   int
	byTurn bool
	// entries is the history length when the referee mail went out.
	entries int
	// how says where the binding came from, for the refusal.
	how string
}

// bindingOf finds what a body move answers; ok is false when nothing
// binds it.
func (r *Referee) bindingOf(s *session, m *mail.Incoming, req request, b body) (binding, bool) {
	if b.hasTurn {
		return binding{turn: b.turn, byTurn: true, how: fmt.Sprintf("the line \"turn %d\"", b.turn)}, true
	}
	if n, ok := r.repliedEntries(s, m); ok {
		return binding{entries: n, how: "the referee's mail it replies to"}, true
	}
	if req.hasSubjectTurn {
		return binding{turn: req.subjectTurn, byTurn: true, how: fmt.Sprintf("its subject (turn %d)", req.subjectTurn)}, true
	}
	return binding{}, false
}

// repliedEntries finds, among the Message-IDs m replies to (In-Reply-To,
// then References from the newest), the first that is one of the
// referee's recorded mails, and returns the history length when it went
// out.
func (r *Referee) repliedEntries(s *session, m *mail.Incoming) (int, bool) {
	ids := make([]string, 0, 1+len(m.References))
	if m.InReplyTo != "" {
		ids = append(ids, m.InReplyTo)
	}
	for i := len(m.References) - 1; i >= 0; i-- {
		ids = append(ids, m.References[i])
	}
	if len(ids) == 0 {
		return 0, false
	}
	known := map[string]int{}
	for _, recs := range [][]sentRecord{s.table.sent, s.hostSent} {
		for _, rec := range recs {
			for i := 0; i < rec.Replies; i++ {
				known[mail.ReplyMessageID(rec.Key, i, r.address)] = rec.Entries
			}
		}
	}
	for _, id := range ids {
		if n, ok := known[id]; ok {
			return n, true
		}
	}
	return 0, false
}

// lastEntryOf is the number of seat's last entry other than its join,
// 0 when it has none.
func lastEntryOf(g *turnfile.Game, seat string) int {
	h := g.File().History
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Seat == seat && h[i].Kind != turnfile.EntryJoin {
			return h[i].N
		}
	}
	return 0
}

// checkBinding refuses a body move that is not bound to the turn it
// answers, or is bound to one the game has left behind; ok when it may be
// played.
func (r *Referee) checkBinding(s *session, seat string, m *mail.Incoming, req request, b body) (templates.Problem, bool) {
	turn := s.g.Position().Turn()
	fix := fmt.Sprintf("to make a move now, reply to the latest mail of the game, or write the line \"turn %d\" above your actions", turn)
	bd, ok := r.bindingOf(s, m, req, b)
	if !ok {
		return templates.Problem{Reason: fmt.Sprintf(
			"the mail does not say which turn it answers, so that an old mail sent again cannot be played twice: reply to the referee's mail, keeping its subject, or write the line \"turn %d\" above your actions", turn)}, false
	}
	if bd.byTurn {
		if bd.turn != turn {
			return templates.Problem{Reason: fmt.Sprintf(
				"the mail answers turn %d (by %s), but the game is at turn %d: it looks like an old mail sent again, so nothing was played; %s", bd.turn, bd.how, turn, fix)}, false
		}
		return templates.Problem{}, true
	}
	if last := lastEntryOf(s.g, seat); last > bd.entries {
		at := s.g.File().History[last-1].At
		return templates.Problem{Reason: fmt.Sprintf(
			"the mail answers a mail the referee sent before your last move (entry %d, %s): it looks like an old mail sent again, so nothing was played; %s",
			last, at, fix)}, false
	}
	return templates.Problem{}, true
}
