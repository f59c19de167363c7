package referee

import (
	"errors"
	"fmt"
	stdmail "net/mail"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// reject answers the sender with the problems, in a mail written by the
// mailer of s's game (the default game's when s is nil), and changes
// nothing.
func (r *Referee) reject(m *mail.Incoming, s *session, rej templates.Rejection, attach ...mail.Attachment) (*mail.Decision, error) {
	rej.Subject = m.Subject
	mailer := r.mailer(nil)
	if s != nil {
		mailer = s.mailer
	}
	subject, body, err := mailer.Rejection(rej)
	if err != nil {
		return nil, err
	}
	out := replyTo(m, subject, body)
	out.Attachments = attach
	return &mail.Decision{Game: rej.Game, Replies: []mail.Outgoing{out}, Reject: true}, nil
}

// noGame refuses a mail about a game the store does not hold.
func (r *Referee) noGame(m *mail.Incoming, game string) (*mail.Decision, error) {
	return r.reject(m, nil, templates.Rejection{Problems: []templates.Problem{{
		Reason: fmt.Sprintf("no game %s is played here; check the game id in the subject's tag", game)}}})
}

// seatedSession opens the game a command names, with the seats of the
// mail's sender; or the refusal of a mail about a game the store does not
// hold, or from an address with no seat in it.
func (r *Referee) seatedSession(m *mail.Incoming, game string) (*session, []string, *mail.Decision, error) {
	s, err := r.session(game)
	if errors.Is(err, errNoGame) {
		d, err := r.noGame(m, game)
		return nil, nil, d, err
	}
	if err != nil {
		return nil, nil, nil, err
	}
	seats := seatsOf(s, m.From)
	if len(seats) == 0 {
		d, err := r.notSeated(m, s)
		return nil, nil, d, err
	}
	return s, seats, nil, nil
}

// notSeated refuses a mail from an address that has no seat in the game:
// one whose seat was handed to another player or the bot is told so.
func (r *Referee) notSeated(m *mail.Incoming, s *session) (*mail.Decision, error) {
	reason := fmt.Sprintf("%s has no seat in game %s: if you play in it, mail from the address your invitation went to", m.From, s.game)
	if was := s.formerSeatsOf(m.From); len(was) > 0 {
		reason = fmt.Sprintf("%s no longer plays in game %s: %s was handed to another player (or the bot). You get the game's complete turn file when it ends",
			m.From, s.game, seatNames(was))
	}
	return r.reject(m, s, templates.Rejection{Game: s.game, Problems: []templates.Problem{{Reason: reason}}})
}

// report is what a turn mail says happened.
type report struct {
	begins bool   // the game has just begun (or is being opened)
	mover  string // "" when no seat moved
	move   []string
	events []string
	// note, when set, says what the mail is about instead of who moved
	// (a move the bot played at the deadline).
	note string
}

// lastReport describes the last entry of a game that has begun.
func lastReport(s *session) report {
	h := s.g.File().History
	if len(h) == 0 || h[len(h)-1].Kind == turnfile.EntryJoin {
		return report{begins: true}
	}
	e := h[len(h)-1]
	rep := report{mover: e.Seat, move: e.Actions, events: e.Events}
	if b, ok := s.table.botPlayed(e.N); ok {
		rep.note = botNote(s, b.Seat, b.Why)
	}
	return rep
}

// turnMail is the turn mail of seat after rep, at now: as the seat sees
// the game (its own hand only when every seat is hosted), with the
// deadline of its move when the game waits for it.
func turnMail(s *session, seat string, rep report, now time.Time) templates.TurnMail {
	p := s.g.Position()
	view := templates.View{Seat: seat, Hidden: s.allHosted()}
	mover := rep.mover
	if rep.begins {
		mover = ""
	}
	events := rep.events
	if view.Hidden {
		events = make([]string, len(rep.events))
		for i, ev := range rep.events {
			events[i] = templates.ViewEvent(s.draw, p, ev, view)
		}
	}
	return templates.TurnMail{
		Game: s.game, To: seat, Mover: mover, Move: rep.move, Events: events, Note: rep.note,
		Position: p, Hidden: view.Hidden, Legal: legalFor(s, seat),
		Deadline: deadlineSentence(s, seat, now), FileWithheld: s.withholds(),
	}
}

// turnReplies renders the turn mail for every seat, with the board (and
// the turn file, unless it is withheld) attached, and a decision request
// for every seat that owes a decision it did not owe before. m, when set,
// is the mail being answered: its sender's mails are threaded to it. When
// every seat is hosted, each seat's mail and board show its own hand
// only, and the file goes to every seat once the game is over.
func turnReplies(s *session, m *mail.Incoming, rep report, before []engine.Owed, now time.Time) ([]mail.Outgoing, error) {
	p := s.g.Position()
	hidden := s.allHosted()
	var shared []mail.Attachment
	if !hidden {
		svg, err := s.board(templates.View{})
		if err != nil {
			return nil, err
		}
		shared = append(s.fileAttachments(), svgAttachment(s.game, svg))
	}
	var out []mail.Outgoing
	for _, seat := range s.seats() {
		if seat.Email == "" {
			continue
		}
		subject, body, err := s.mailer.Turn(turnMail(s, seat.Colour, rep, now))
		if err != nil {
			return nil, err
		}
		attach := shared
		if hidden {
			svg, err := s.board(templates.View{Seat: seat.Colour, Hidden: true})
			if err != nil {
				return nil, err
			}
			attach = append(s.fileAttachments(), svgAttachment(s.game, svg))
		}
		out = append(out, mailTo(m, seat, subject, body, attach))
	}
	if p.Over() {
		farewell, err := formerReplies(s)
		if err != nil {
			return nil, err
		}
		out = append(out, farewell...)
	}
	asked := map[string]bool{}
	for _, d := range p.Owed() {
		if asked[d.Seat] || slices.ContainsFunc(before, func(b engine.Owed) bool { return sameOwed(d, b) }) {
			continue
		}
		seat := s.seat(d.Seat)
		if seat == nil || seat.Email == "" {
			continue
		}
		asked[d.Seat] = true
		subject, body, err := s.mailer.Decision(templates.DecisionRequest{
			Game: s.game, To: d.Seat, Owed: d, Position: p, Hidden: hidden, Legal: legalFor(s, d.Seat),
		})
		if err != nil {
			return nil, err
		}
		out = append(out, mailTo(m, *seat, subject, body, nil))
	}
	return out, nil
}

// formerReplies are the mails that bring a finished game's complete file
// and board to the players whose seats were handed to another player or
// the bot (issue 20 item 22): they played part of the game.
func formerReplies(s *session) ([]mail.Outgoing, error) {
	former := s.formerPlayers()
	if len(former) == 0 {
		return nil, nil
	}
	svg, err := s.board(templates.View{})
	if err != nil {
		return nil, err
	}
	p := s.g.Position()
	var out []mail.Outgoing
	for _, pl := range former {
		lines := []string{fmt.Sprintf("Game %s is over: %s won. You played in it until your seat was handed to another player or the bot.", s.game, seatNames(p.Winners())),
			"The complete signed turn file is attached, with the final board: check the game with \"elasund verify FILE\". Thank you for playing."}
		subject, body, err := s.mailer.Notice(templates.Notice{Game: s.game, Subject: "the game is over", Lines: lines})
		if err != nil {
			return nil, err
		}
		to := turnfile.Seat{Name: pl.Name, Email: pl.Email}
		out = append(out, mail.Outgoing{To: []string{seatAddress(to)}, Subject: subject, Text: body,
			Attachments: append(s.fileAttachments(), svgAttachment(s.game, svg))})
	}
	return out, nil
}

// sameOwed reports whether two owed decisions are the same one: the same
// seat, kind and details (how many cards, which building where), the
// details compared by value.
func sameOwed(a, b engine.Owed) bool {
	return a.Seat == b.Seat && a.Kind == b.Kind && reflect.DeepEqual(a.Detail, b.Detail)
}

// mailTo addresses a mail to a seat, threaded to m when the seat sent m.
func mailTo(m *mail.Incoming, seat turnfile.Seat, subject, body string, attach []mail.Attachment) mail.Outgoing {
	out := mail.Outgoing{To: []string{seatAddress(seat)}, Subject: subject, Text: body, Attachments: attach}
	if m != nil && strings.EqualFold(seat.Email, m.From) {
		out.InReplyTo, out.References = m.MessageID, references(m)
	}
	return out
}

// legalFor lists the actions seat may take now, as the game's renderer
// prints them for people; empty when the game does not wait for it. A
// hosted seat's list shows what its own next reveal decides (Elasund's
// church tiles a first church build would draw).
func legalFor(s *session, seat string) []string {
	if !slices.Contains(s.g.Acting(), seat) {
		return nil
	}
	var signer *turnfile.Signer
	if hs := s.hosted[seat]; hs != nil {
		signer = hs.signer
	}
	acts := s.g.Legal(seat, signer)
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = s.draw.Action(s.g.Position(), a.String())
	}
	return out
}

func seatAddress(st turnfile.Seat) string {
	return (&stdmail.Address{Name: st.Name, Address: st.Email}).String()
}

// seatNames lists seats for a sentence: "red", "red and blue", "red,
// blue and green"; "nobody" for none.
func seatNames(seats []string) string {
	switch len(seats) {
	case 0:
		return "nobody"
	case 1:
		return seats[0]
	}
	return strings.Join(seats[:len(seats)-1], ", ") + " and " + seats[len(seats)-1]
}

func fileAttachment(game string, data []byte) mail.Attachment {
	return mail.Attachment{Filename: "elasund-" + game + ".yaml", ContentType: "application/yaml", Data: data}
}

func svgAttachment(game string, data []byte) mail.Attachment {
	return mail.Attachment{Filename: "elasund-" + game + ".svg", ContentType: "image/svg+xml", Data: data}
}

// replyTo answers m's sender, threaded to m.
func replyTo(m *mail.Incoming, subject, text string) mail.Outgoing {
	return mail.Outgoing{To: []string{m.From}, Subject: subject, Text: text, InReplyTo: m.MessageID, References: references(m)}
}

// references is m's References with m added, the oldest dropped past 20.
func references(m *mail.Incoming) []string {
	refs := append(slices.Clone(m.References), m.MessageID)
	if len(refs) > 20 {
		refs = refs[len(refs)-20:]
	}
	return refs
}
