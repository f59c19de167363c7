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
// entries. In a game whose file the referee withholds (every seat hosted,
// the game not over) no file is compared with the stored one and none is
// sent back: every seat moves by mail with its token there.
func (r *Referee) fileMove(m *mail.Incoming, req request, files []attachedFile, problems []templates.Problem, log *slog.Logger) (*mail.Decision, error) {
	af, bad := oneTurnFile(req, files, problems)
	if bad != nil {
		return r.reject(m, nil, *bad)
	}
	game := af.f.Header.Game
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
	if s.withholds() {
		log.Info("refused: a file for a game whose file is withheld", "game", game)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
			"the referee holds every seat of game %s and keeps its turn file until the game ends: no file is read or sent before then. Write your move in the body of a mail, after your seat's token line", game)}}
		return r.reject(m, s, rej)
	}
	fc, err := compareFile(s, af)
	if err != nil {
		return nil, err
	}
	if fc.problem != nil {
		log.Info("refused: "+fc.why, "game", game)
		rej.Problems = []templates.Problem{*fc.problem}
		if fc.latest {
			return r.reject(m, s, rej, s.fileAttachments()...)
		}
		return r.reject(m, s, rej)
	}
	return r.applyFile(m, s, fc.inc, fc.added, log)
}

// oneTurnFile is the one turn file of a mail, or the refusal of a mail
// whose attachments cannot be read, that has several turn files, or
// whose file is of another game than its subject names.
func oneTurnFile(req request, files []attachedFile, problems []templates.Problem) (attachedFile, *templates.Rejection) {
	switch {
	case len(problems) > 0:
		return attachedFile{}, &templates.Rejection{Game: req.game, Problems: problems}
	case len(files) > 1:
		return attachedFile{}, &templates.Rejection{Game: req.game, Problems: []templates.Problem{{
			Reason: fmt.Sprintf("the mail has %d different turn files attached; attach only the one your move wrote", len(files))}}}
	}
	af := files[0]
	if game := af.f.Header.Game; req.game != "" && req.game != game {
		return attachedFile{}, &templates.Rejection{Game: req.game, Problems: []templates.Problem{{
			Reason: fmt.Sprintf("the subject names game %s, but the attached file %s holds game %s", req.game, af.name, game)}}}
	}
	return af, nil
}

// fileCheck is an attached file compared with the stored game: the
// entries it adds, or the problem that refuses it (why, for the log) and
// whether the refusal carries the game's file to make the move on.
type fileCheck struct {
	inc     *turnfile.Game
	added   []turnfile.Entry
	problem *templates.Problem
	why     string
	latest  bool
}

// compareFile verifies an attached file and compares it with s's game.
// An error is one that is not the file's fault.
func compareFile(s *session, af attachedFile) (fileCheck, error) {
	refuse := func(why string, latest bool, format string, args ...any) (fileCheck, error) {
		return fileCheck{problem: &templates.Problem{Reason: fmt.Sprintf(format, args...)}, why: why, latest: latest}, nil
	}
	inc, err := turnfile.Open(af.f)
	if err != nil {
		return refuse("file does not verify", true, "the attached file %s does not verify: %v", af.name, err)
	}
	cmp, err := turnfile.Compare(s.g, inc)
	var fe *turnfile.ForkError
	var ve *turnfile.VerifyError
	if errors.As(err, &fe) && !fe.Equivocation {
		// Decisions several seats made at once on the same position,
		// one in the game and one in the file, are combined
		// (docs/turnfile.md §2.6, §6.2).
		if merged, rep, merr := turnfile.Merge(s.g, inc); merr == nil && rep.Kind == turnfile.MergeParallel {
			return fileCheck{inc: merged, added: merged.File().History[cmp.Common:]}, nil
		}
	}
	switch {
	case errors.As(err, &fe):
		return refuse("fork", true,
			"the file forks the game: %v; the game already holds %s's entry %d, and your file has a different entry %d by %s. Nothing was applied: the game's file is attached",
			fe, fe.SeatA, fe.Entry, fe.Entry, fe.SeatB)
	case errors.As(err, &ve):
		return refuse("not a file of this game", false, "the attached file %s is not a file of this game: %v", af.name, err)
	case err != nil:
		return fileCheck{}, err
	case cmp.B < cmp.A:
		return refuse("stale file", true,
			"the file is behind the game: it holds %d entries and the game %d. Make your move on the file attached here, the game as it stands", cmp.B, cmp.A)
	case cmp.B == cmp.A:
		return refuse("nothing new", false,
			"the file adds nothing: the game already holds all %d of its entries (was it sent before?)", cmp.A)
	}
	added := inc.File().History[cmp.A:]
	for _, e := range added {
		if s.hosted[e.Seat] != nil {
			return refuse("hosted entry in a file", true,
				"entry %d is signed for %s, a seat the referee holds: its moves come by mail with its token, not in a file", e.N, e.Seat)
		}
	}
	return fileCheck{inc: inc, added: added}, nil
}

// applyFile makes inc, a file that extends s's game by added, the stored
// game: the hosted seats join after the first seat's join, and every seat
// is told.
func (r *Referee) applyFile(m *mail.Incoming, s *session, inc *turnfile.Game, added []turnfile.Entry, log *slog.Logger) (*mail.Decision, error) {
	log.Info("accepted file", "game", s.game, "entries", len(added), "from_entry", added[0].N)
	// The first seat's join lets the hosted seats join (turnfile §4.1).
	at := entryTime(inc, r.received(m))
	hostedJoins, err := joinHosted(inc, s.hosted, at)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", s.game, err)
	}
	added = append(slices.Clone(added), hostedJoins...)
	next, err := s.moved(inc)
	if err != nil {
		return nil, err
	}
	var movers []string
	for _, e := range added {
		movers = append(movers, e.PartSeats()...)
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
			replies = append(replies, mailTo(m, st, templates.SubjectTag(next.game)+" join now: you play "+st.Colour, text, next.fileAttachments()))
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
			for _, seat := range e.PartSeats() {
				seats[seat] = true
			}
		}
	}
	for _, e := range added {
		if e.Kind == turnfile.EntryJoin {
			rep.events = append(rep.events, e.Seat+" joins the game")
			continue
		}
		parts := []turnfile.Entry{e}
		if e.Kind == turnfile.EntryParallel {
			parts = e.Parts
		}
		for _, p := range parts {
			rep.mover = p.Seat
			for _, a := range p.Actions {
				if len(seats) > 1 {
					a = p.Seat + ": " + a
				}
				rep.move = append(rep.move, a)
			}
		}
		rep.events = append(rep.events, e.Events...)
	}
	rep.begins = rep.mover == "" && len(old.Unjoined()) > 0 && len(inc.Unjoined()) == 0
	return rep
}
