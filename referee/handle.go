package referee

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// Handle decides about one message; see Referee.
func (r *Referee) Handle(_ context.Context, m *mail.Incoming) (*mail.Decision, error) {
	req := parseRequest(m)
	log := r.log.With("message_id", m.MessageID, "from", m.From)
	switch req.cmd {
	case cmdHelp:
		log.Info("help")
		return r.help(m, req)
	case cmdStatus, cmdResend:
		return r.status(m, req, log)
	case cmdGames:
		return r.listGames(m, log)
	case cmdVacation, cmdBack:
		if req.game == "" {
			return r.refuseUnknown(m, req)
		}
		return r.vacation(m, req, log)
	}
	files, problems := r.turnFiles(m.Attachments)
	if len(files) > 0 || len(problems) > 0 {
		return r.fileMove(m, req, files, problems, log)
	}
	if req.game == "" {
		return r.refuseUnknown(m, req)
	}
	return r.bodyMove(m, req, log)
}

// helpSeparator divides the help mail's sections, one per game.
const helpSeparator = "\n" + "========================================================================" + "\n\n"

// help answers the help command: the help of the game the command names
// ("help seafarers"), or of every game of the set, one section each, the
// default game first. With one game the mail is that game's help.
func (r *Referee) help(m *mail.Incoming, req request) (*mail.Decision, error) {
	gs := r.games.Registry().Games()
	if req.arg != "" {
		if g, err := r.games.Registry().Lookup(req.arg); err == nil {
			gs = []engine.Game{g}
		}
	}
	var subject string
	var bodies []string
	for _, g := range gs {
		s, body, err := r.mailer(g).Help(templates.Help{Address: r.address})
		if err != nil {
			return nil, err
		}
		if subject == "" {
			subject = s
		}
		bodies = append(bodies, body)
	}
	return &mail.Decision{Replies: []mail.Outgoing{replyTo(m, subject, strings.Join(bodies, helpSeparator))}}, nil
}

// refuseUnknown answers a mail that names no game and no command.
func (r *Referee) refuseUnknown(m *mail.Incoming, req request) (*mail.Decision, error) {
	if req.badGame != "" {
		return r.reject(m, nil, templates.Rejection{Problems: []templates.Problem{{
			Reason: fmt.Sprintf("%q is not a game id: a game id is 16 hex digits, as in the tag [elasund 3f9c2a7d5e1b4c08]", req.badGame)}}})
	}
	return r.reject(m, nil, templates.Rejection{Problems: []templates.Problem{{
		Reason: "the mail names no game: keep the tag [elasund GAME] in the subject when you reply, attach the turn file, or send \"help\" as the subject"}}})
}

// status answers "status GAME" (the board and whose turn it is) and
// "resend GAME" (the same with the board, and the turn file unless it is
// withheld, attached), to a seat of the game only.
func (r *Referee) status(m *mail.Incoming, req request, log *slog.Logger) (*mail.Decision, error) {
	word := "status"
	if req.cmd == cmdResend {
		word = "resend"
	}
	if req.game == "" {
		reason := fmt.Sprintf("%q needs a game: write %q as the subject, or keep the tag [elasund GAME]", word, word+" GAME")
		if req.badGame != "" {
			reason = fmt.Sprintf("%q is not a game id: write %q with the 16 hex digits of the game", req.badGame, word+" GAME")
		}
		return r.reject(m, nil, templates.Rejection{Problems: []templates.Problem{{Reason: reason}}})
	}
	s, seats, refused, err := r.seatedSession(m, req.game)
	if refused != nil || err != nil {
		return refused, err
	}
	log.Info(word, "game", s.game)
	attach := func(seat string) ([]mail.Attachment, error) {
		if req.cmd != cmdResend {
			return nil, nil
		}
		view := templates.View{Seat: seat, Hidden: s.allHosted()}
		svg, err := s.board(view)
		if err != nil {
			return nil, err
		}
		return append(s.fileAttachments(), svgAttachment(s.game, svg)), nil
	}
	var replies []mail.Outgoing
	if rest := s.g.Unjoined(); len(rest) > 0 {
		text := fmt.Sprintf("%s game %s has not begun: waiting for %s to join.\n", s.draw.Title(), s.game, seatNames(rest))
		out := replyTo(m, templates.SubjectTag(s.game)+" "+word, text)
		if req.cmd == cmdResend {
			out.Attachments = s.fileAttachments()
		}
		return &mail.Decision{Game: s.game, Replies: []mail.Outgoing{out}}, nil
	}
	rep := lastReport(s)
	for _, seat := range seats {
		tm := turnMail(s, seat, rep, r.received(m))
		subject, body, err := s.mailer.Turn(tm)
		if err != nil {
			return nil, err
		}
		out := replyTo(m, subject, body)
		if out.Attachments, err = attach(seat); err != nil {
			return nil, err
		}
		replies = append(replies, out)
	}
	return &mail.Decision{Game: s.game, Replies: replies}, nil
}
