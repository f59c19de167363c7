package referee

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
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
	// cache holds the games replayed last.
	cache *sessionCache
}

var (
	_ mail.Handler = (*Referee)(nil)
	_ mail.Timer   = (*Referee)(nil)
)

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
	return &Referee{dir: o.Dir, address: o.Address, log: log, games: set, now: now, cache: newSessionCache()}, nil
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

// mailer is the mailer of a game of the set, or of the default game when
// g is nil: mails that concern no game (help, refusals of mails that name
// none) are written by the default game's mailer.
func (r *Referee) mailer(g engine.Game) *templates.Mailer {
	if g == nil {
		g = r.games.Registry().Default()
	}
	return r.games.Mailer(g)
}
