package mail

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	stdmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// Referee is the Handler that plays Elasund by mail. It keeps every game
// it hosts in its store (see HostNew for the layout), and answers:
//
//   - a turn file attached by a seat that plays with its own key: applied
//     when it extends the stored game with validly signed entries;
//   - a move written in the body by a hosted seat, from the seat's
//     address and carrying its token: applied and signed for the seat;
//   - the commands help, status GAME and resend GAME.
//
// After an accepted move every seat gets the turn mail with the updated
// file and the SVG board attached, and seats that owe a new decision get
// a request for it; a refused mail gets an itemized answer, to its sender
// only, and changes nothing. Handle depends only on the stored games and
// the message (entry times come from the message's Date), so handling a
// message again after a crash gives the same entry and the same replies.
type Referee struct {
	dir     string
	address string
	log     *slog.Logger

	mu sync.Mutex
	// cache holds replayed games by id. An entry is used only while the
	// stored file still has the bytes it was opened from.
	cache map[string]*session
}

var _ Handler = (*Referee)(nil)

// maxCachedGames bounds the replayed games a Referee keeps in memory.
const maxCachedGames = 32

// RefereeOptions configure a Referee. Nil and zero fields have the
// defaults given in their comments.
type RefereeOptions struct {
	// Dir is the store, Config.GamesDir; required. It is created, mode
	// 0700, when missing.
	Dir string
	// Address is the daemon's own address, Config.SMTP.From, named in
	// the help mail; required.
	Address string
	// Logger receives the referee's decisions. nil discards them.
	Logger *slog.Logger
}

// NewReferee returns a Referee over the store o.Dir.
func NewReferee(o RefereeOptions) (*Referee, error) {
	if o.Dir == "" {
		return nil, &ConfigError{Field: "games_dir", Reason: "is required: the directory where the referee keeps its games"}
	}
	if o.Address == "" {
		return nil, &ConfigError{Field: "smtp.from", Reason: "is required"}
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the games directory: %w", err)
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Referee{dir: o.Dir, address: o.Address, log: log, cache: map[string]*session{}}, nil
}

// Games lists the ids of the games in the store, sorted.
func (r *Referee) Games() ([]string, error) {
	ents, err := os.ReadDir(r.dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() && gameIDPattern.MatchString(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// Entries reports how many history entries the stored file of game has;
// 0 for a game the store does not hold.
func (r *Referee) Entries(game string) (int, error) {
	if !gameIDPattern.MatchString(game) {
		return 0, nil
	}
	f, err := turnfile.ReadFile(filepath.Join(gameDir(r.dir, game), gameFileName))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reading game %s: %w", game, err)
	}
	return len(f.History), nil
}

// session is one game as stored: its file's bytes, the game they replay
// to, and its hosted seats.
type session struct {
	game   string
	g      *turnfile.Game
	data   []byte
	sum    [32]byte
	hosted map[engine.Colour]*hostedSeat
}

// openSession reads and replays a stored game; errNoGame when the store
// does not hold it.
func openSession(dir, game string) (*session, error) {
	data, err := os.ReadFile(filepath.Join(gameDir(dir, game), gameFileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, fmt.Errorf("reading game %s: %w", game, err)
	}
	return openData(dir, game, data, nil)
}

// openData replays data unless g, already replayed from the same bytes,
// is given, and reads the hosted seats.
func openData(dir, game string, data []byte, g *turnfile.Game) (*session, error) {
	if g == nil {
		f, err := turnfile.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("stored game %s: %w", game, err)
		}
		if g, err = turnfile.Open(f); err != nil {
			return nil, fmt.Errorf("stored game %s: %w", game, err)
		}
		if f.Header.Game != game {
			return nil, fmt.Errorf("stored game %s holds game %s", game, f.Header.Game)
		}
	}
	hosted, err := readHosted(dir, game)
	if err != nil {
		return nil, err
	}
	return &session{game: game, g: g, data: data, sum: sha256.Sum256(data), hosted: hosted}, nil
}

// session returns the stored game, replaying it only when the cache does
// not hold its current bytes.
func (r *Referee) session(game string) (*session, error) {
	if !gameIDPattern.MatchString(game) {
		return nil, errNoGame
	}
	data, err := os.ReadFile(filepath.Join(gameDir(r.dir, game), gameFileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, fmt.Errorf("reading game %s: %w", game, err)
	}
	r.mu.Lock()
	c := r.cache[game]
	r.mu.Unlock()
	var g *turnfile.Game
	if c != nil && c.sum == sha256.Sum256(data) {
		g = c.g
	}
	s, err := openData(r.dir, game, data, g)
	if err != nil {
		return nil, err
	}
	r.remember(s)
	return s, nil
}

func (r *Referee) remember(s *session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.cache[s.game]; !ok && len(r.cache) >= maxCachedGames {
		for k := range r.cache {
			delete(r.cache, k)
			break
		}
	}
	r.cache[s.game] = s
}

// forget drops a game whose replayed position is about to change.
func (r *Referee) forget(game string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.cache, game)
}

// Handle decides about one message; see Referee.
func (r *Referee) Handle(_ context.Context, m *Incoming) (*Decision, error) {
	req := parseRequest(m)
	log := r.log.With("message_id", m.MessageID, "from", m.From)
	switch req.cmd {
	case cmdHelp:
		log.Info("help")
		return r.help(m)
	case cmdStatus, cmdResend:
		return r.status(m, req, log)
	}
	files, problems := turnFiles(m.Attachments)
	if len(files) > 0 || len(problems) > 0 {
		return r.fileMove(m, req, files, problems, log)
	}
	if req.game == "" {
		return r.refuseUnknown(m, req)
	}
	return r.bodyMove(m, req, log)
}

// help answers the help command.
func (r *Referee) help(m *Incoming) (*Decision, error) {
	subject, body, err := templates.RenderHelp(templates.Help{Address: r.address})
	if err != nil {
		return nil, err
	}
	return &Decision{Replies: []Outgoing{replyTo(m, subject, body)}}, nil
}

// refuseUnknown answers a mail that names no game and no command.
func (r *Referee) refuseUnknown(m *Incoming, req request) (*Decision, error) {
	if req.badGame != "" {
		return r.reject(m, templates.Rejection{Problems: []templates.Problem{{
			Reason: fmt.Sprintf("%q is not a game id: a game id is 16 hex digits, as in the tag [elasund 3f9c2a7d5e1b4c08]", req.badGame)}}})
	}
	return r.reject(m, templates.Rejection{Problems: []templates.Problem{{
		Reason: "the mail names no game: keep the tag [elasund GAME] in the subject when you reply, attach the turn file, or send \"help\" as the subject"}}})
}

// reject answers the sender with the problems and changes nothing.
func (r *Referee) reject(m *Incoming, rej templates.Rejection, attach ...Attachment) (*Decision, error) {
	rej.Subject = m.Subject
	subject, body, err := templates.RenderRejection(rej)
	if err != nil {
		return nil, err
	}
	out := replyTo(m, subject, body)
	out.Attachments = attach
	return &Decision{Game: rej.Game, Replies: []Outgoing{out}, Reject: true}, nil
}

// noGame refuses a mail about a game the store does not hold.
func (r *Referee) noGame(m *Incoming, game string) (*Decision, error) {
	return r.reject(m, templates.Rejection{Problems: []templates.Problem{{
		Reason: fmt.Sprintf("no game %s is played here; check the game id in the subject's tag", game)}}})
}

// notSeated refuses a mail from an address that has no seat in the game.
func (r *Referee) notSeated(m *Incoming, s *session) (*Decision, error) {
	return r.reject(m, templates.Rejection{Game: s.game, Problems: []templates.Problem{{
		Reason: fmt.Sprintf("%s has no seat in game %s: mail from the address you were invited at", m.From, s.game)}}})
}

// status answers "status GAME" (the board and whose turn it is) and
// "resend GAME" (the same with the turn file and the board attached), to
// a seat of the game only.
func (r *Referee) status(m *Incoming, req request, log *slog.Logger) (*Decision, error) {
	word := "status"
	if req.cmd == cmdResend {
		word = "resend"
	}
	if req.game == "" {
		reason := fmt.Sprintf("%q needs a game: write %q as the subject, or keep the tag [elasund GAME]", word, word+" GAME")
		if req.badGame != "" {
			reason = fmt.Sprintf("%q is not a game id: write %q with the 16 hex digits of the game", req.badGame, word+" GAME")
		}
		return r.reject(m, templates.Rejection{Problems: []templates.Problem{{Reason: reason}}})
	}
	s, err := r.session(req.game)
	if errors.Is(err, errNoGame) {
		return r.noGame(m, req.game)
	}
	if err != nil {
		return nil, err
	}
	seats := seatsOf(s, m.From)
	if len(seats) == 0 {
		return r.notSeated(m, s)
	}
	log.Info(word, "game", s.game)
	var attach []Attachment
	if req.cmd == cmdResend {
		svg, err := templates.SVG(s.g.Config(), s.g.State())
		if err != nil {
			return nil, err
		}
		attach = []Attachment{fileAttachment(s.game, s.data), svgAttachment(s.game, svg)}
	}
	var replies []Outgoing
	if rest := s.g.Unjoined(); len(rest) > 0 {
		text := fmt.Sprintf("Elasund game %s has not begun: waiting for %s to join.\n", s.game, colourNames(rest))
		out := replyTo(m, templates.SubjectTag(s.game)+" "+word, text)
		out.Attachments = attach
		return &Decision{Game: s.game, Replies: []Outgoing{out}}, nil
	}
	rep := lastReport(s.g)
	for _, seat := range seats {
		subject, body, err := templates.RenderTurn(templates.TurnMail{
			Game: s.game, To: seat, Mover: rep.mover, Move: rep.move, Events: rep.events,
			Config: s.g.Config(), State: s.g.State(), Legal: legalFor(s, seat),
		})
		if err != nil {
			return nil, err
		}
		out := replyTo(m, subject, body)
		out.Attachments = attach
		replies = append(replies, out)
	}
	return &Decision{Game: s.game, Replies: replies}, nil
}

// bodyMove applies a move a hosted seat wrote in the body of its mail.
func (r *Referee) bodyMove(m *Incoming, req request, log *slog.Logger) (*Decision, error) {
	s, err := r.session(req.game)
	if errors.Is(err, errNoGame) {
		return r.noGame(m, req.game)
	}
	if err != nil {
		return nil, err
	}
	var mine []*hostedSeat
	for _, c := range seatsOf(s, m.From) {
		if hs := s.hosted[c]; hs != nil {
			mine = append(mine, hs)
		}
	}
	if len(mine) == 0 {
		if own := seatsOf(s, m.From); len(own) > 0 {
			return r.reject(m, templates.Rejection{Game: s.game, To: own[0], Problems: []templates.Problem{{
				Reason: fmt.Sprintf("%s plays with its own key, so the referee cannot sign for it: make the move with \"elasund move\" and attach the file it wrote", own[0])}}})
		}
		log.Info("refused: sender has no hosted seat", "game", s.game)
		return r.notSeated(m, s)
	}
	tok, actions, origins, problems := parseBody(req.lines)
	if tok == nil {
		return r.reject(m, templates.Rejection{Game: s.game, To: mine[0].colour, Problems: []templates.Problem{{
			Reason: "the mail has no token line: write \"token\" and your seat's token on the first line, then your actions"}}})
	}
	var seat *hostedSeat
	for _, hs := range mine {
		if hs.checkToken(s.game, tok.token) {
			seat = hs
			break
		}
	}
	if seat == nil {
		log.Info("refused: wrong token", "game", s.game)
		return r.reject(m, templates.Rejection{Game: s.game, Problems: []templates.Problem{{
			Line: tok.n, Text: "token …", Reason: "this is not the token of your seat; it is in the mail that invited you"}}})
	}
	rej := templates.Rejection{Game: s.game, To: seat.colour, Legal: legalFor(s, seat.colour)}
	if len(problems) > 0 {
		rej.Problems = problems
		return r.reject(m, rej)
	}
	if len(actions) == 0 {
		rej.Problems = []templates.Problem{{Reason: "the mail has a token but no action: write your actions after the token line"}}
		return r.reject(m, rej)
	}
	before := slices.Clone(s.g.State().Pending)
	at := entryTime(s.g, m.Date)
	e, err := s.g.Move(seat.colour, actions, seat.signer, at, turnfile.MoveOptions{})
	if err != nil {
		p, ok := r.moveProblem(s, seat, actions, origins, err)
		if !ok {
			return nil, fmt.Errorf("game %s: moving for %s: %w", s.game, seat.colour, err)
		}
		log.Info("refused: move", "game", s.game, "seat", seat.colour, "err", err)
		rej.Problems = []templates.Problem{p}
		return r.reject(m, rej)
	}
	// s.g has moved on: it no longer matches the stored bytes.
	r.forget(s.game)
	data, err := s.g.File().Marshal()
	if err != nil {
		return nil, err
	}
	next := &session{game: s.game, g: s.g, data: data, sum: sha256.Sum256(data), hosted: s.hosted}
	log.Info("accepted", "game", s.game, "seat", seat.colour, "entry", e.N, "move", strings.Join(e.Actions, "; "))
	return r.accept(m, next, report{mover: seat.colour, move: e.Actions, events: e.Events}, before)
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
		t, err := openData(r.dir, s.game, s.data, nil)
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

// attachedFile is a turn file found among a mail's attachments.
type attachedFile struct {
	name string
	data []byte
	f    *turnfile.File
}

// turnFiles picks the turn files out of a mail's attachments: those with
// a .yaml or .yml name, a YAML media type, or content that starts like a
// turn file. One that cannot be read is a problem.
func turnFiles(atts []Attachment) ([]attachedFile, []templates.Problem) {
	var files []attachedFile
	var problems []templates.Problem
	for _, a := range atts {
		name := strings.ToLower(a.Filename)
		head := a.Data[:min(len(a.Data), 4096)]
		looks := strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") ||
			strings.Contains(a.ContentType, "yaml") || bytes.Contains(head, []byte("format: elasund/"))
		if !looks {
			continue
		}
		label := a.Filename
		if label == "" {
			label = "(no name)"
		}
		f, err := turnfile.Parse(a.Data)
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

// fileMove applies a turn file attached by a seat that plays with its
// own key: accepted when it extends the stored game with validly signed
// entries.
func (r *Referee) fileMove(m *Incoming, req request, files []attachedFile, problems []templates.Problem, log *slog.Logger) (*Decision, error) {
	if len(problems) > 0 {
		return r.reject(m, templates.Rejection{Game: req.game, Problems: problems})
	}
	if len(files) > 1 {
		return r.reject(m, templates.Rejection{Game: req.game, Problems: []templates.Problem{{
			Reason: fmt.Sprintf("the mail has %d different turn files attached; attach only the one your move wrote", len(files))}}})
	}
	af := files[0]
	game := af.f.Header.Game
	if req.game != "" && req.game != game {
		return r.reject(m, templates.Rejection{Game: req.game, Problems: []templates.Problem{{
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
		return r.reject(m, rej, latest)
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
		return r.reject(m, rej, latest)
	case errors.As(err, &ve):
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf("the attached file %s is not a file of this game: %v", af.name, err)}}
		return r.reject(m, rej)
	case err != nil:
		return nil, err
	}
	if cmp.B < cmp.A {
		log.Info("refused: stale file", "game", game, "entries", cmp.B, "stored", cmp.A)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
			"the file is behind the game: it holds %d entries and the game %d. Make your move on the file attached here, the game as it stands", cmp.B, cmp.A)}}
		return r.reject(m, rej, latest)
	}
	if cmp.B == cmp.A {
		log.Info("refused: nothing new", "game", game, "entries", cmp.A)
		rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
			"the file adds nothing: the game already holds all %d of its entries (was it sent before?)", cmp.A)}}
		return r.reject(m, rej)
	}
	added := inc.File().History[cmp.A:]
	for _, e := range added {
		if s.hosted[e.Seat] != nil {
			rej.Problems = []templates.Problem{{Reason: fmt.Sprintf(
				"entry %d is signed for %s, a seat the referee holds: its moves come by mail with its token, not in a file", e.N, e.Seat)}}
			return r.reject(m, rej, latest)
		}
	}
	data, err := inc.File().Marshal()
	if err != nil {
		return nil, err
	}
	next := &session{game: game, g: inc, data: data, sum: sha256.Sum256(data), hosted: s.hosted}
	log.Info("accepted file", "game", game, "entries", len(added), "from_entry", added[0].N)
	before := slices.Clone(s.g.State().Pending)
	rep := fileReport(s.g, inc, added)
	if !rep.begins && len(inc.Unjoined()) > 0 {
		return r.joined(m, next, added)
	}
	return r.accept(m, next, rep, before)
}

// joined acknowledges joins that leave the game still waiting for seats.
func (r *Referee) joined(m *Incoming, next *session, added []turnfile.Entry) (*Decision, error) {
	var who []engine.Colour
	for _, e := range added {
		who = append(who, e.Seat)
	}
	text := fmt.Sprintf("Elasund game %s: %s joined. Waiting for %s to join; every seat gets the board when the game begins.\n",
		next.game, colourNames(who), colourNames(next.g.Unjoined()))
	out := replyTo(m, templates.SubjectTag(next.game)+" joined", text)
	return r.commit(next, []Outgoing{out}), nil
}

// report is what a turn mail says happened.
type report struct {
	begins bool // the game has just begun (or is being opened)
	mover  engine.Colour
	move   []string
	events []string
}

// fileReport describes the entries a file added.
func fileReport(old, inc *turnfile.Game, added []turnfile.Entry) report {
	var rep report
	seats := map[engine.Colour]bool{}
	for _, e := range added {
		if e.Kind != turnfile.EntryJoin {
			seats[e.Seat] = true
		}
	}
	for _, e := range added {
		if e.Kind == turnfile.EntryJoin {
			rep.events = append(rep.events, e.Seat.String()+" joins the game")
			continue
		}
		rep.mover = e.Seat
		for _, a := range e.Actions {
			if len(seats) > 1 {
				a = e.Seat.String() + ": " + a
			}
			rep.move = append(rep.move, a)
		}
		rep.events = append(rep.events, e.Events...)
	}
	rep.begins = rep.mover == engine.NoColour && len(old.Unjoined()) > 0 && len(inc.Unjoined()) == 0
	return rep
}

// lastReport describes the last entry of a game that has begun.
func lastReport(g *turnfile.Game) report {
	h := g.File().History
	if len(h) == 0 || h[len(h)-1].Kind == turnfile.EntryJoin {
		return report{begins: true}
	}
	e := h[len(h)-1]
	return report{mover: e.Seat, move: e.Actions, events: e.Events}
}

// accept is the decision for an accepted move: write next, and mail
// every seat.
func (r *Referee) accept(m *Incoming, next *session, rep report, before []engine.Pending) (*Decision, error) {
	replies, err := turnReplies(next, m, rep, before)
	if err != nil {
		return nil, err
	}
	return r.commit(next, replies), nil
}

// commit is the decision that writes next as the stored game.
func (r *Referee) commit(next *session, replies []Outgoing) *Decision {
	path := filepath.Join(gameDir(r.dir, next.game), gameFileName)
	return &Decision{
		Game:  next.game,
		Entry: len(next.g.File().History),
		Commit: func() error {
			if err := turnfile.WriteAtomic(path, next.data, 0o644); err != nil {
				return fmt.Errorf("writing game %s: %w", next.game, err)
			}
			r.remember(next)
			return nil
		},
		Replies: replies,
	}
}

// turnReplies renders the turn mail for every seat, with the turn file
// and the board attached, and a decision request for every seat that
// owes a decision it did not owe before. m, when set, is the mail being
// answered: its sender's mails are threaded to it.
func turnReplies(s *session, m *Incoming, rep report, before []engine.Pending) ([]Outgoing, error) {
	st := s.g.State()
	cfg := s.g.Config()
	svg, err := templates.SVG(cfg, st)
	if err != nil {
		return nil, err
	}
	attach := []Attachment{fileAttachment(s.game, s.data), svgAttachment(s.game, svg)}
	mover := rep.mover
	if rep.begins {
		mover = engine.NoColour
	}
	var out []Outgoing
	for _, seat := range s.g.File().Header.Seats {
		if seat.Email == "" {
			continue
		}
		subject, body, err := templates.RenderTurn(templates.TurnMail{
			Game: s.game, To: seat.Colour, Mover: mover, Move: rep.move, Events: rep.events,
			Config: cfg, State: st, Legal: legalFor(s, seat.Colour),
		})
		if err != nil {
			return nil, err
		}
		out = append(out, mailTo(m, seat, subject, body, attach))
	}
	asked := map[engine.Colour]bool{}
	for _, p := range st.Pending {
		if asked[p.Seat] || slices.ContainsFunc(before, func(q engine.Pending) bool { return samePending(p, q) }) {
			continue
		}
		seat := s.g.File().Header.SeatOf(p.Seat)
		if seat == nil || seat.Email == "" {
			continue
		}
		asked[p.Seat] = true
		subject, body, err := templates.RenderDecision(templates.DecisionRequest{
			Game: s.game, To: p.Seat, Pending: p, Config: cfg, State: st, Legal: legalFor(s, p.Seat),
		})
		if err != nil {
			return nil, err
		}
		out = append(out, mailTo(m, *seat, subject, body, nil))
	}
	return out, nil
}

func samePending(p, q engine.Pending) bool {
	if p.Seat != q.Seat || p.Kind != q.Kind || p.Count != q.Count || p.Cards != q.Cards || p.Building != q.Building {
		return false
	}
	return (p.At == nil) == (q.At == nil) && (p.At == nil || *p.At == *q.At)
}

// mailTo addresses a mail to a seat, threaded to m when the seat sent m.
func mailTo(m *Incoming, seat turnfile.Seat, subject, body string, attach []Attachment) Outgoing {
	out := Outgoing{To: []string{seatAddress(seat)}, Subject: subject, Text: body, Attachments: attach}
	if m != nil && strings.EqualFold(seat.Email, m.From) {
		out.InReplyTo, out.References = m.MessageID, references(m)
	}
	return out
}

// legalFor lists the actions seat may take now, in canonical notation;
// empty when the game does not wait for it. A hosted seat's list shows
// the church tiles a first church build would draw.
func legalFor(s *session, seat engine.Colour) []string {
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
		out[i] = s.g.Config().FormatAction(a)
	}
	return out
}

// seatsOf lists the seats registered to address, in seat order.
func seatsOf(s *session, address string) []engine.Colour {
	var out []engine.Colour
	for _, st := range s.g.File().Header.Seats {
		if st.Email != "" && strings.EqualFold(st.Email, address) {
			out = append(out, st.Colour)
		}
	}
	return out
}

func seatAddress(st turnfile.Seat) string {
	return (&stdmail.Address{Name: st.Name, Address: st.Email}).String()
}

func colourNames(cs []engine.Colour) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	switch len(s) {
	case 0:
		return "nobody"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func fileAttachment(game string, data []byte) Attachment {
	return Attachment{Filename: "elasund-" + game + ".yaml", ContentType: "application/yaml", Data: data}
}

func svgAttachment(game string, data []byte) Attachment {
	return Attachment{Filename: "elasund-" + game + ".svg", ContentType: "image/svg+xml", Data: data}
}

// replyTo answers m's sender, threaded to m.
func replyTo(m *Incoming, subject, text string) Outgoing {
	return Outgoing{To: []string{m.From}, Subject: subject, Text: text, InReplyTo: m.MessageID, References: references(m)}
}

// references is m's References with m added, the oldest dropped past 20.
func references(m *Incoming) []string {
	refs := append(slices.Clone(m.References), m.MessageID)
	if len(refs) > 20 {
		refs = refs[len(refs)-20:]
	}
	return refs
}

// entryTime is the time recorded in an entry made for a message: the
// message's Date, but never before the game's last entry (or creation),
// so that it depends only on the message and the stored game.
func entryTime(g *turnfile.Game, date time.Time) time.Time {
	t := date.UTC().Truncate(time.Second)
	f := g.File()
	last := f.Header.Created
	if n := len(f.History); n > 0 {
		last = f.History[n-1].At
	}
	if floor, err := time.Parse(time.RFC3339, last); err == nil && t.Before(floor) {
		return floor.UTC()
	}
	return t
}

// command is a command by mail.
type command int

const (
	cmdNone command = iota
	cmdHelp
	cmdStatus
	cmdResend
)

var commandWords = map[string]command{"help": cmdHelp, "status": cmdStatus, "resend": cmdResend}

// request is what a mail asks for, read from its subject and body.
type request struct {
	cmd command
	// game is the game named by the subject's tag or by the command's
	// argument; badGame is a name there that is not a game id.
	game, badGame string
	// lines are the body's own lines (see ownLines).
	lines []bodyLine
}

// bodyLine is a line of a mail's body and its 1-based number.
type bodyLine struct {
	n    int
	text string
}

var (
	// tagPattern finds "[elasund GAME]" (or "[elasund]") in a subject.
	tagPattern = regexp.MustCompile(`(?i)\[\s*elasund(?:\s+([^\]\s]*))?\s*\]`)
	// replyPrefix matches the "Re:", "Fwd:", "AW:" ... mail programs add.
	replyPrefix = regexp.MustCompile(`(?i)^\s*(?:(?:re|fw|fwd|aw|wg|sv|vs|tr|antw|rif|r)(?:\[\d+\])?\s*:\s*)+`)
	// tokenLine matches "token SECRET" (also "token: SECRET").
	tokenLine = regexp.MustCompile(`(?i)^\s*token\b\s*:?\s*(.*?)\s*$`)
	// attribution matches "On Mon, ..., Alice wrote:" above a quote.
	attribution = regexp.MustCompile(`(?i)(wrote|écrit|schrieb|escribió|scritto|написал\w*)\s*:\s*$`)
	// separator matches the lines mail programs put above forwarded or
	// quoted text that carries no "> ".
	separator = regexp.MustCompile(`(?i)^(?:-{2,}\s*(?:original|forwarded|weitergeleitete|message)[^-]*-{2,}|_{10,}|-{10,})\s*$`)
	// footer matches the lines phones add below a message.
	footer = regexp.MustCompile(`(?i)^\s*(?:sent from my |sent from mail for |get outlook for |envoyé de mon |von meinem .* gesendet)`)
)

// parseRequest reads a mail's command, game and own lines.
func parseRequest(m *Incoming) request {
	var req request
	subject := replyPrefix.ReplaceAllString(m.Subject, "")
	if mt := tagPattern.FindStringSubmatch(subject); mt != nil {
		if id := strings.ToLower(mt[1]); gameIDPattern.MatchString(id) {
			req.game = id
		} else if id != "" {
			req.badGame = mt[1]
		}
		subject = tagPattern.ReplaceAllString(subject, " ")
	}
	subject = replyPrefix.ReplaceAllString(subject, "")
	req.lines = ownLines(m.Text)
	words := strings.Fields(subject)
	if len(words) == 0 && req.game == "" && req.badGame == "" && len(m.Attachments) == 0 {
		// No subject to speak of: a command may be the body's first line.
		for _, l := range req.lines {
			if w := strings.Fields(stripComment(l.text)); len(w) > 0 {
				words = w
				break
			}
		}
	}
	if len(words) > 0 {
		if c, ok := commandWords[strings.ToLower(strings.Trim(words[0], ".:!?"))]; ok {
			req.cmd = c
			if len(words) > 1 && c != cmdHelp {
				if id := strings.ToLower(words[1]); gameIDPattern.MatchString(id) {
					req.game, req.badGame = id, ""
				} else if req.game == "" {
					req.badGame = words[1]
				}
			}
		}
	}
	return req
}

// ownLines returns the lines the sender wrote: quoted lines ("> ...")
// and attribution lines above them are left out, and reading stops at a
// signature ("-- "), at a separator above forwarded or quoted text, at
// an attribution line not followed by quoted lines, or at a phone's
// "Sent from" footer.
func ownLines(text string) []bodyLine {
	lines := strings.Split(text, "\n")
	var out []bodyLine
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		trimmed := strings.TrimSpace(l)
		switch {
		case l == "--" || l == "-- ":
			return out
		case separator.MatchString(trimmed) || footer.MatchString(trimmed):
			return out
		case strings.HasPrefix(trimmed, ">"):
			continue
		case attribution.MatchString(trimmed):
			j := i + 1
			for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
				j++
			}
			if j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), ">") {
				continue
			}
			return out
		}
		out = append(out, bodyLine{n: i + 1, text: l})
	}
	return out
}

func stripComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// tokenAt is a token line.
type tokenAt struct {
	n     int
	token string
}

// parseBody reads a hosted seat's mail: the first token line, and every
// line after it as actions. Lines before the token line that are not
// actions (a greeting) are skipped; actions there are a problem, since
// the move starts after the token. Each action keeps the line it came
// from; each line after the token that cannot be read is a problem.
func parseBody(lines []bodyLine) (*tokenAt, []engine.Action, []bodyLine, []templates.Problem) {
	var tok *tokenAt
	var actions []engine.Action
	var origins []bodyLine
	var problems []templates.Problem
	for _, l := range lines {
		if stripComment(l.text) == "" {
			continue
		}
		if mt := tokenLine.FindStringSubmatch(l.text); mt != nil {
			if tok == nil {
				tok = &tokenAt{n: l.n, token: stripComment(mt[1])}
			}
			continue
		}
		move, err := engine.ParseMove(l.text)
		if tok == nil {
			if err == nil {
				problems = append(problems, templates.Problem{Line: l.n, Text: strings.TrimSpace(l.text),
					Reason: "actions come after the token line: put the token line first"})
			}
			continue
		}
		if err != nil {
			p := templates.Problem{Line: l.n, Text: strings.TrimSpace(l.text), Reason: err.Error()}
			var ne *engine.NotationError
			if errors.As(err, &ne) {
				p.Reason = ne.Reason
			}
			problems = append(problems, p)
			continue
		}
		for _, a := range move {
			actions = append(actions, a)
			origins = append(origins, bodyLine{n: l.n, text: strings.TrimSpace(l.text)})
		}
	}
	return tok, actions, origins, problems
}
