package referee

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// bodyMove applies a move a hosted seat wrote in the body of its mail.
func (r *Referee) bodyMove(m *mail.Incoming, req request, log *slog.Logger) (*mail.Decision, error) {
	s, err := r.session(req.game)
	if errors.Is(err, errNoGame) {
		return r.noGame(m, req.game)
	}
	if err != nil {
		return nil, err
	}
	var mine []*hostedSeat
	var names []string
	for _, c := range seatsOf(s, m.From) {
		if hs := s.hosted[c]; hs != nil {
			mine = append(mine, hs)
			st := s.seat(c)
			names = append(names, signoffNames(st.Name, st.Email)...)
		}
	}
	if len(mine) == 0 {
		if own := seatsOf(s, m.From); len(own) > 0 {
			return r.reject(m, s, templates.Rejection{Game: s.game, To: own[0], Problems: []templates.Problem{{
				Reason: fmt.Sprintf("%s plays with its own key, so the referee cannot sign for it: make the move with \"elasund move\" and attach the file it wrote", own[0])}}})
		}
		log.Info("refused: sender has no hosted seat", "game", s.game)
		return r.notSeated(m, s)
	}
	names = append(names, signoffNames(req.fromName, "")...)
	b := parseBody(s.g.Rules(), req.lines, names)
	if b.tok == nil {
		return r.reject(m, s, templates.Rejection{Game: s.game, To: mine[0].colour, Problems: []templates.Problem{{
			Reason: "the mail has no token line: write \"token\" and your seat's token on the first line, then your actions"}}})
	}
	var seat *hostedSeat
	for _, hs := range mine {
		if hs.checkToken(s.game, b.tok.token) {
			seat = hs
			break
		}
	}
	if seat == nil {
		log.Info("refused: wrong token", "game", s.game)
		return r.reject(m, s, templates.Rejection{Game: s.game, Problems: []templates.Problem{{
			Line: b.tok.n, Text: "token …", Reason: "this is not the token of your seat; it is in the mail that invited you"}}})
	}
	rej := templates.Rejection{Game: s.game, To: seat.colour, Legal: legalFor(s, seat.colour)}
	// A move in a game that has not begun, or is over, is refused for
	// that; any other is bound to the turn it answers.
	playing := len(s.g.Unjoined()) == 0 && !s.g.Position().Over()
	if playing && (len(b.actions) > 0 || len(b.problems) == 0) {
		if p, ok := r.checkBinding(s, seat.colour, m, req, b); !ok {
			log.Info("refused: not bound to the turn", "game", s.game, "seat", seat.colour, "reason", p.Reason)
			rej.Problems = []templates.Problem{p}
			return r.reject(m, s, rej)
		}
	}
	if len(b.problems) > 0 {
		rej.Problems = b.problems
		return r.reject(m, s, rej)
	}
	if len(b.actions) == 0 {
		rej.Problems = []templates.Problem{{Reason: "the mail has a token but no action: write your actions after the token line"}}
		return r.reject(m, s, rej)
	}
	before := s.g.Position().Owed()
	awaited := s.g.Position().Awaited()
	entries := len(s.g.File().History)
	at := entryTime(s.g, r.received(m))
	e, err := s.g.Move(seat.colour, b.actions, seat.signer, at, turnfile.MoveOptions{})
	if err != nil {
		p, ok := r.moveProblem(s, seat, b.actions, b.origins, err)
		if !ok {
			return nil, fmt.Errorf("game %s: moving for %s: %w", s.game, seat.colour, err)
		}
		log.Info("refused: move", "game", s.game, "seat", seat.colour, "err", err)
		rej.Problems = []templates.Problem{p}
		return r.reject(m, s, rej)
	}
	// s.g has moved on: it no longer matches the stored bytes.
	r.cache.forget(s.game)
	next, err := s.moved(s.g)
	if err != nil {
		return nil, err
	}
	next.table.await(next.g, awaited, entries, []string{seat.colour}, at)
	log.Info("accepted", "game", s.game, "seat", seat.colour, "entry", e.N, "move", strings.Join(e.Actions, "; "))
	return r.accept(m, next, report{mover: seat.colour, move: e.Actions, events: e.Events}, before, m.MessageID)
}

// moveProblem turns a refused move into the problem to report, with the
// line of the offending action. ok is false for an error that is not the
// move's fault (such as a broken store).
func (r *Referee) moveProblem(s *session, seat *hostedSeat, actions []engine.Action, origins []bodyLine, err error) (templates.Problem, bool) {
	var re *engine.RuleError
	var te *turnfile.TurnError
	var ne *engine.NotationError
	switch {
	case errors.As(err, &re):
		p := templates.Problem{Reason: re.Reason, Rule: re.Rule}
		if i := r.failedAction(s, seat, actions, re); i >= 0 {
			p.Line, p.Text = origins[i].n, origins[i].text
		}
		return p, true
	case errors.As(err, &te):
		return templates.Problem{Reason: te.Error()}, true
	case errors.As(err, &ne):
		return templates.Problem{Reason: ne.Reason}, true
	}
	return templates.Problem{}, false
}

// failedAction finds which action of a refused move broke the rule: the
// one that prints as the error's action; when several do, the first
// whose prefix of the move is refused.
func (r *Referee) failedAction(s *session, seat *hostedSeat, actions []engine.Action, re *engine.RuleError) int {
	var cands []int
	for i, a := range actions {
		if a.String() == re.Action {
			cands = append(cands, i)
		}
	}
	switch len(cands) {
	case 0:
		return -1
	case 1:
		return cands[0]
	}
	for _, i := range cands {
		t, err := openData(r.games, r.dir, s.game, s.data, nil)
		if err != nil {
			break
		}
		var re2 *engine.RuleError
		if _, err := t.g.Move(seat.colour, actions[:i+1], seat.signer, time.Time{}, turnfile.MoveOptions{}); errors.As(err, &re2) && re2.Action == re.Action {
			return i
		}
	}
	return cands[0]
}
