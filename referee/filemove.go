package referee

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// attachedFile is a turn file found among a mail's attachments.
type attachedFile struct {
	name string
	data []byte
	f    *turnfile.File
}

// turnFiles picks the turn files out of a mail's attachments: those with
// a .yaml or .yml name, a YAML media type, or content that starts like a
// turn file of one of the referee's games ("format: elasund/"). One that
// cannot be read is a problem.
func (r *Referee) turnFiles(atts []mail.Attachment) ([]attachedFile, []templates.Problem) {
	var files []attachedFile
	var problems []templates.Problem
	for _, a := range atts {
		name := strings.ToLower(a.Filename)
		head := a.Data[:min(len(a.Data), 4096)]
		looks := strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") ||
			strings.Contains(a.ContentType, "yaml") || r.startsLikeTurnFile(head)
		if !looks {
			continue
		}
		label := a.Filename
		if label == "" {
			label = "(no name)"
		}
		f, err := turnfile.Parse(a.Data, r.games.Registry())
		if err != nil {
			problems = append(problems, templates.Problem{Reason: fmt.Sprintf("the attachment %s is not a turn file that can be read: %v", label, err)})
			continue
		}
		dup := false
		for _, x := range files {
			dup = dup || bytes.Equal(x.data, a.Data)
		}
		if !dup {
			files = append(files, attachedFile{name: label, data: a.Data, f: f})
		}
	}
	return files, problems
}

// startsLikeTurnFile reports whether head holds the format line of a turn
// file of any of the referee's games, of any version ("format: elasund/").
func (r *Referee) startsLikeTurnFile(head []byte) bool {
	for _, g := range r.games.Registry().Games() {
		name, _, _ := strings.Cut(g.Format(), "/")
		if bytes.Contains(head, []byte("format: "+name+"/")) {
			return true
		}
	}
	return false
}

// fileMove applies a turn file attached by a seat that plays with its
// own key: accepted when it extends the stored game with validly signed
// entries.
func (r *Referee) fileMove(m *mail.Incoming, req request, files []attachedFile, problems []templates.Problem, log *slog.Logger) (*mail.Decision, error) {
	if len(problems) > 0 {
		return r.reject(m, nil, templates.Rejection{Game: req.game, Problems: problems})
	}
	if len(files) > 1 {
		return r.reject(m, nil, templates.Rejection{Game: req.game, Problems: []templates.Problem{{
			Reason: fmt.Sprintf("the mail has %d different turn files attached; attach only the one your move wrote", len(files))}}})
	}
	af := files[0]
	game := af.f.Header.Game
	if req.game != "" && req.game != game {
		return r.reject(m, nil, templates.Rejection{Game: req.game, Problems: []templates.Problem{{
			Reason: fmt.Sprintf("the subject names game %s, but the attached file %s holds game %s", req.game, af.name, game)}}})
	}
	s, err := r.session(game)
	if errors.Is(err, errNoGame) {
		return r.noGame(m, game)
	}
	if err != nil {
		return nil, err
	}
	seats := seatsOf(s, m.From)
	if len(seats) == 0 {
		log.Info("refused: file from an address without a seat", "game", game)
		return r.notSeated(m, s)
	}
	rej := templates.Rejection{Game: game, To: seats[0]}
	latest := fileAttachment(game, s.data)
	inc, err := turnfile.Open(af.f)
	if err != nil {
		log.Info("refused: file does not verify", "game", game, "err", err)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf("the attached file %s does not verify: %v", af.name, err)}}
		return r.reject(m, s, rej, latest)
	}
	cmp, err := turnfile.Compare(s.g, inc)
	var fe *turnfile.ForkError
	var ve *turnfile.VerifyError
	switch {
	case errors.As(err, &fe):
		log.Info("refused: fork", "game", game, "entry", fe.Entry)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
			"the file forks the game: %v; the game already holds %s's entry %d, and your file has a different entry %d by %s. Nothing was applied: the game's file is attached",
			fe, fe.SeatA, fe.Entry, fe.Entry, fe.SeatB)}}
		return r.reject(m, s, rej, latest)
	case errors.As(err, &ve):
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf("the attached file %s is not a file of this game: %v", af.name, err)}}
		return r.reject(m, s, rej)
	case err != nil:
		return nil, err
	}
	if cmp.B < cmp.A {
		log.Info("refused: stale file", "game", game, "entries", cmp.B, "stored", cmp.A)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
			"the file is behind the game: it holds %d entries and the game %d. Make your move on the file attached here, the game as it stands", cmp.B, cmp.A)}}
		return r.reject(m, s, rej, latest)
	}
	if cmp.B == cmp.A {
		log.Info("refused: nothing new", "game", game, "entries", cmp.A)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
			"the file adds nothing: the game already holds all %d of its entries (was it sent before?)", cmp.A)}}
		return r.reject(m, s, rej)
	}
	added := inc.File().History[cmp.A:]
	for _, e := range added {
		if s.hosted[e.Seat] != nil {
			rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
				"entry %d is signed for %s, a seat the referee holds: its moves come by mail with its token, not in a file", e.N, e.Seat)}}
			return r.reject(m, s, rej, latest)
		}
	}
	log.Info("accepted file", "game", game, "entries", len(added), "from_entry", added[0].N)
	// The first seat's join lets the hosted seats join (turnfile §4.1).
	at := entryTime(inc, r.received(m))
	hostedJoins, err := joinHosted(inc, s.hosted, at)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", game, err)
	}
	added = append(slices.Clone(added), hostedJoins...)
	next, err := s.moved(inc)
	if err != nil {
		return nil, err
	}
	var movers []string
	for _, e := range added {
		movers = append(movers, e.Seat)
	}
	next.table.await(next.g, s.g.Position().Awaited(), len(s.g.File().History), movers, at)
	before := s.g.Position().Owed()
	rep := fileReport(s.g, inc, added)
	if !rep.begins && len(inc.Unjoined()) > 0 {
		return r.joined(m, s.g, next, added)
	}
	return r.accept(m, next, rep, before, m.MessageID)
}

// joined acknowledges joins that leave the game still waiting for seats.
// When the first seat has just joined, the seats that play with their own
// key and have not joined get the file to join on: they could not join
// before it (turnfile §4.1).
func (r *Referee) joined(m *mail.Incoming, old *turnfile.Game, next *session, added []turnfile.Entry) (*mail.Decision, error) {
	var who []string
	for _, e := range added {
		who = append(who, e.Seat)
	}
	text := fmt.Sprintf("%s game %s: %s joined. Waiting for %s to join; every seat gets the board when the game begins.\n",
		next.draw.Title(), next.game, seatNames(who), seatNames(next.g.Unjoined()))
	replies := []mail.Outgoing{replyTo(m, templates.SubjectTag(next.game)+" joined", text)}
	h := next.g.File().Header
	if first := h.Seats[0].Colour; !old.Joined(first) && next.g.Joined(first) {
		for _, st := range next.seats() {
			if next.g.Joined(st.Colour) || next.hosted[st.Colour] != nil || st.Email == "" || strings.EqualFold(st.Email, m.From) {
				continue
			}
			text := fmt.Sprintf("%s game %s: %s, the first seat, has joined, so you can join now. Join on the file attached here, which holds its join:\n\n"+
				"      elasund join FILE --as %s\n\nand mail the file back to %s, keeping the subject. Waiting for %s to join.\n",
				next.draw.Title(), next.game, first, st.Colour, r.address, seatNames(next.g.Unjoined()))
			replies = append(replies, mailTo(m, st, templates.SubjectTag(next.game)+" join now: you play "+st.Colour, text, []mail.Attachment{fileAttachment(next.game, next.data)}))
		}
	}
	return r.commit(next, m.MessageID, replies), nil
}

// fileReport describes the entries a file added.
func fileReport(old, inc *turnfile.Game, added []turnfile.Entry) report {
	var rep report
	seats := map[string]bool{}
	for _, e := range added {
		if e.Kind != turnfile.EntryJoin {
			seats[e.Seat] = true
		}
	}
	for _, e := range added {
		if e.Kind == turnfile.EntryJoin {
			rep.events = append(rep.events, e.Seat+" joins the game")
			continue
		}
		rep.mover = e.Seat
		for _, a := range e.Actions {
			if len(seats) > 1 {
				a = e.Seat + ": " + a
			}
			rep.move = append(rep.move, a)
		}
		rep.events = append(rep.events, e.Events...)
	}
	rep.begins = rep.mover == "" && len(old.Unjoined()) > 0 && len(inc.Unjoined()) == 0
	return rep
}
