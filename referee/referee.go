package referee

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
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// Referee is the mail.Handler that plays games by mail. It keeps every
// game it hosts in its store (see HostNew for the layout), and answers:
//
//   - a turn file attached by a seat that plays with its own key: applied
//     when it extends the stored game with validly signed entries;
//   - a move written in the body by a hosted seat, from the seat's
//     address and carrying its token, bound to the turn it answers: applied
//     and signed for the seat;
//   - the commands help, status GAME, resend GAME and games, and a seat's
//     vacation and return.
//
// After an accepted move every seat gets the turn mail with the board
// (and, unless every seat is hosted and hands are hidden until the end,
// the updated file) attached, and seats that owe a new decision get a
// request for it; a refused mail gets an itemized answer, to its sender
// only, and changes nothing. Handle depends only on the stored games and
// the message (entry times come from the message's Received time, the
// daemon's clock), so handling a message again after a crash gives the
// same entry and the same replies.
//
// Referee is also a mail.Timer: at a seat's move deadline it reminds, and
// then applies the game's no-move policy (see Due).
//
// Each stored game is played by its own rules, drawn by its own renderer
// and mailer: those of the game of its turn file's format, looked up in
// the referee's games.Set.
type Referee struct {
	dir     string
	address string
	log     *slog.Logger
	games   *games.Set
	now     func() time.Time

	mu sync.Mutex
	// cache holds replayed games by id. An entry is used only while the
	// stored file still has the bytes it was opened from; the least
	// recently used goes first when the cache is full.
	cache map[string]*cached
	// clock orders the cache's uses.
	clock uint64
}

// cached is a replayed game in the cache, with when it was last used.
type cached struct {
	s    *session
	used uint64
}

var (
	_ mail.Handler = (*Referee)(nil)
	_ mail.Timer   = (*Referee)(nil)
)

// maxCachedGames bounds the replayed games a Referee keeps in memory.
const maxCachedGames = 32

// Options configure a Referee. Nil and zero fields have the defaults given
// in their comments.
type Options struct {
	// Dir is the store, mail.Config.GamesDir; required. It is created,
	// mode 0700, when missing.
	Dir string
	// Address is the daemon's own address, mail.Config.SMTP.From, named
	// in the help mail; required. Reply Message-IDs are in its domain.
	Address string
	// Logger receives the referee's decisions. nil discards them.
	Logger *slog.Logger
	// Games are the games the referee plays: a stored game of another
	// game cannot be read. nil means games.All().
	Games *games.Set
	// Now is the clock used for a message that did not come through a
	// daemon (Incoming.Received zero); the daemon passes its own clock
	// to Handle and Due. nil means time.Now.
	Now func() time.Time
}

// New returns a Referee over the store o.Dir.
func New(o Options) (*Referee, error) {
	if o.Dir == "" {
		return nil, &mail.ConfigError{Field: "games_dir", Reason: "is required: the directory where the referee keeps its games"}
	}
	if o.Address == "" {
		return nil, &mail.ConfigError{Field: "smtp.from", Reason: "is required"}
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the games directory: %w", err)
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	set := o.Games
	if set == nil {
		set = games.All()
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	return &Referee{dir: o.Dir, address: o.Address, log: log, games: set, now: now, cache: map[string]*cached{}}, nil
}

// Games lists the ids of the games in the store, sorted.
func (r *Referee) Games() ([]string, error) {
	return storedGames(r.dir)
}

// storedGames lists the ids of the games in a store, sorted.
func storedGames(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
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

// Entries reports the version of a stored game for the daemon's
// recovery: the number of history entries of its turn file, plus the
// changes the referee made to its table without an entry (vacations).
// Both only grow. 0 for a game the store does not hold.
func (r *Referee) Entries(game string) (int, error) {
	if !gameIDPattern.MatchString(game) {
		return 0, nil
	}
	f, err := turnfile.ReadFile(filepath.Join(gameDir(r.dir, game), gameFileName), r.games.Registry())
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reading game %s: %w", game, err)
	}
	t, err := readTable(r.dir, game)
	if err != nil {
		return 0, err
	}
	return len(f.History) + t.version, nil
}

// received is the time the daemon read m, by its clock: the time an
// entry made for m records. A message that did not come through a daemon
// takes the referee's clock. A mail's Date is never used.
func (r *Referee) received(m *mail.Incoming) time.Time {
	if m != nil && !m.Received.IsZero() {
		return m.Received
	}
	return r.now()
}

// session is one game as stored: its file's bytes, the game they replay
// to, the game's kit and mailer, its hosted seats and its table.
type session struct {
	game   string
	g      *turnfile.Game
	kit    games.Kit
	draw   templates.Renderer
	mailer *templates.Mailer
	data   []byte
	sum    [32]byte
	hosted map[string]*hostedSeat
	// hostSent are the mails the host commands sent (hosted.yaml).
	hostSent []sentRecord
	table    *table
}

// openSession reads and replays a stored game; errNoGame when the store
// does not hold it.
func openSession(set *games.Set, dir, game string) (*session, error) {
	data, err := os.ReadFile(filepath.Join(gameDir(dir, game), gameFileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, fmt.Errorf("reading game %s: %w", game, err)
	}
	return openData(set, dir, game, data, nil)
}

// openData replays data unless g, already replayed from the same bytes,
// is given, and reads the hosted seats and the table.
func openData(set *games.Set, dir, game string, data []byte, g *turnfile.Game) (*session, error) {
	if g == nil {
		f, err := turnfile.Parse(data, set.Registry())
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
	hosted, sent, err := readHostedFile(dir, game, g.Rules())
	if err != nil {
		return nil, err
	}
	t, err := readTable(dir, game)
	if err != nil {
		return nil, err
	}
	s, err := newSession(set, game, g, data, hosted, t)
	if err != nil {
		return nil, err
	}
	s.hostSent = sent
	return s, nil
}

// newSession is a game of set as it will be stored: g, replayed, encodes
// to data.
func newSession(set *games.Set, game string, g *turnfile.Game, data []byte, hosted map[string]*hostedSeat, t *table) (*session, error) {
	kit, mailer := set.For(g.Rules()), set.Mailer(g.Rules())
	if kit.Renderer == nil || mailer == nil {
		return nil, fmt.Errorf("game %s: %w %q", game, engine.ErrUnknownGame, g.Rules().Name())
	}
	if t.botLevel == "" {
		t.botLevel = defaultBotLevel(kit)
	}
	return &session{game: game, g: g, kit: kit, draw: kit.Renderer, mailer: mailer, data: data, sum: sha256.Sum256(data), hosted: hosted, table: t}, nil
}

// moved is the session of s's game after its replayed game g (s.g, moved
// on, or a file received) has changed: the new bytes to store, and a
// copy of the table to record the change in.
func (s *session) moved(g *turnfile.Game) (*session, error) {
	// The game's own Marshal appends the new entries to the bytes it read
	// or wrote last when it can: the same bytes, without encoding the
	// whole file again.
	data, err := g.Marshal()
	if err != nil {
		return nil, err
	}
	next := *s
	next.g, next.data, next.sum, next.table = g, data, sha256.Sum256(data), s.table.clone()
	return &next, nil
}

// seats are the game's seats in turn order, with the name and address of
// the player who plays each now: a hosted seat handed to a new player has
// the new player's, and one handed to the bot has no address.
func (s *session) seats() []turnfile.Seat {
	out := slices.Clone(s.g.File().Header.Seats)
	for i, st := range out {
		hs := s.hosted[st.Colour]
		switch {
		case hs == nil:
		case hs.bot:
			out[i].Email = ""
			out[i].Name = st.Name + " (the bot)"
		default:
			if hs.email != "" {
				out[i].Email = hs.email
			}
			if hs.name != "" {
				out[i].Name = hs.name
			}
		}
	}
	return out
}

// seat is one seat as seats has it; nil when the game has no such seat.
func (s *session) seat(colour string) *turnfile.Seat {
	for _, st := range s.seats() {
		if st.Colour == colour {
			return &st
		}
	}
	return nil
}

// board draws the SVG board of the game's mails as view sees the game:
// with every seat's hidden holdings but view.Seat's as counts only when
// the referee hosts every seat (templates.View.Hidden).
func (s *session) board(view templates.View) ([]byte, error) {
	return s.draw.SVG(s.g.Position(), view)
}

// allHosted reports whether the referee holds every seat of the game:
// then hands are hidden (each seat's mails show its own only) and the
// turn file is withheld until the game ends.
func (s *session) allHosted() bool {
	for _, st := range s.g.File().Header.Seats {
		if s.hosted[st.Colour] == nil {
			return false
		}
	}
	return true
}

// withholds reports whether the turn file is kept from the seats for
// now: every seat is hosted and the game is not over.
func (s *session) withholds() bool { return s.allHosted() && !s.g.Position().Over() }

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
	var g *turnfile.Game
	if c := r.lookup(game); c != nil && c.sum == sha256.Sum256(data) {
		g = c.g
	}
	s, err := openData(r.games, r.dir, game, data, g)
	if err != nil {
		return nil, err
	}
	r.remember(s)
	return s, nil
}

// lookup returns the cached session of a game, or nil, and marks it used.
func (r *Referee) lookup(game string) *session {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.cache[game]
	if c == nil {
		return nil
	}
	r.clock++
	c.used = r.clock
	return c.s
}

// remember caches a session, dropping the least recently used game when
// the cache is full.
func (r *Referee) remember(s *session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.cache[s.game]; !ok && len(r.cache) >= maxCachedGames {
		oldest := ""
		for id, c := range r.cache {
			if oldest == "" || c.used < r.cache[oldest].used {
				oldest = id
			}
		}
		delete(r.cache, oldest)
	}
	r.clock++
	r.cache[s.game] = &cached{s: s, used: r.clock}
}

// forget drops a game whose replayed position is about to change.
func (r *Referee) forget(game string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.cache, game)
}

// mailer is the mailer of a game of the set, or of the default game when
// g is nil: mails that concern no game (help, refusals of mails that name
// none) are written by the default game's mailer.
func (r *Referee) mailer(g engine.Game) *templates.Mailer {
	if g == nil {
		g = r.games.Registry().Default()
	}
	return r.games.Mailer(g)
}

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

// notSeated refuses a mail from an address that has no seat in the game.
func (r *Referee) notSeated(m *mail.Incoming, s *session) (*mail.Decision, error) {
	return r.reject(m, s, templates.Rejection{Game: s.game, Problems: []templates.Problem{{
		Reason: fmt.Sprintf("%s has no seat in game %s: mail from the address you were invited at", m.From, s.game)}}})
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
	attach := func(seat string) ([]mail.Attachment, error) {
		if req.cmd != cmdResend {
			return nil, nil
		}
		view := templates.View{Seat: seat, Hidden: s.allHosted()}
		svg, err := s.board(view)
		if err != nil {
			return nil, err
		}
		if s.withholds() {
			return []mail.Attachment{svgAttachment(s.game, svg)}, nil
		}
		return []mail.Attachment{fileAttachment(s.game, s.data), svgAttachment(s.game, svg)}, nil
	}
	var replies []mail.Outgoing
	if rest := s.g.Unjoined(); len(rest) > 0 {
		text := fmt.Sprintf("%s game %s has not begun: waiting for %s to join.\n", s.draw.Title(), s.game, seatNames(rest))
		out := replyTo(m, templates.SubjectTag(s.game)+" "+word, text)
		if req.cmd == cmdResend {
			out.Attachments = []mail.Attachment{fileAttachment(s.game, s.data)}
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
	r.forget(s.game)
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

// accept is the decision for an accepted move: write next, and mail
// every seat. key names what the move answers (the message's Message-ID,
// or the id of timed work), for the record of the mails sent.
func (r *Referee) accept(m *mail.Incoming, next *session, rep report, before []engine.Owed, key string) (*mail.Decision, error) {
	replies, err := turnReplies(next, m, rep, before, r.received(m))
	if err != nil {
		return nil, err
	}
	return r.commit(next, key, replies), nil
}

// commit is the decision that writes next as the stored game: its table
// first (with the record of the mails sent, keyed by key), then its turn
// file. A crash between the two leaves a table that knows of mails of an
// entry the game does not have yet; the table's records tolerate that
// (table.go), and the daemon then handles the message again.
func (r *Referee) commit(next *session, key string, replies []mail.Outgoing) *mail.Decision {
	dir := gameDir(r.dir, next.game)
	entries := len(next.g.File().History)
	next.table.record(key, entries, len(replies))
	return &mail.Decision{
		Game:  next.game,
		Entry: entries + next.table.version,
		Commit: func() error {
			tdata, err := next.table.marshal(next.game)
			if err != nil {
				return err
			}
			if err := writeFileAtomic(filepath.Join(dir, tableFileName), tdata, 0o600, false); err != nil {
				return fmt.Errorf("writing the table of game %s: %w", next.game, err)
			}
			if err := turnfile.WriteAtomic(filepath.Join(dir, gameFileName), next.data, 0o644); err != nil {
				return fmt.Errorf("writing game %s: %w", next.game, err)
			}
			r.remember(next)
			return nil
		},
		Replies: replies,
	}
}

// commitTable is the decision that writes only next's table (a vacation,
// a return): a change without an entry, counted by the table's version.
func (r *Referee) commitTable(next *session, replies []mail.Outgoing) *mail.Decision {
	path := filepath.Join(gameDir(r.dir, next.game), tableFileName)
	next.table.version++
	return &mail.Decision{
		Game:  next.game,
		Entry: len(next.g.File().History) + next.table.version,
		Commit: func() error {
			tdata, err := next.table.marshal(next.game)
			if err != nil {
				return err
			}
			if err := writeFileAtomic(path, tdata, 0o600, true); err != nil {
				return fmt.Errorf("writing the table of game %s: %w", next.game, err)
			}
			r.remember(next)
			return nil
		},
		Replies: replies,
	}
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
		shared = []mail.Attachment{fileAttachment(s.game, s.data), svgAttachment(s.game, svg)}
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
			attach = []mail.Attachment{svgAttachment(s.game, svg)}
			if p.Over() {
				attach = []mail.Attachment{fileAttachment(s.game, s.data), svgAttachment(s.game, svg)}
			}
		}
		out = append(out, mailTo(m, seat, subject, body, attach))
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

// seatsOf lists the seats registered to address, in seat order.
func seatsOf(s *session, address string) []string {
	var out []string
	for _, st := range s.seats() {
		if st.Email != "" && strings.EqualFold(st.Email, address) {
			out = append(out, st.Colour)
		}
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

// entryTime is the time recorded in an entry made at at (the time the
// daemon received the mail, or the deadline's moment, by the daemon's
// clock): never before the game's last entry (or creation), so that
// entry times only grow, and to the second.
func entryTime(g *turnfile.Game, at time.Time) time.Time {
	t := at.UTC().Truncate(time.Second)
	if floor := lastEntryTime(g); !floor.IsZero() && t.Before(floor) {
		return floor
	}
	return t
}
