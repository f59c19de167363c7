package referee

import (
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
)

// GameInfo is one game of a store, as HostList and the mailed "games"
// command list it.
type GameInfo struct {
	Game string
	// Name is the game's name: elasund, seafarers.
	Name string
	// Turn is the position's turn; Awaited the seats the game waits
	// for, Deadline the earliest of their deadlines (zero when the game
	// waits for nobody, or only for seats the bot plays).
	Turn     int
	Awaited  []string
	Deadline time.Time
	// Unjoined lists the seats that have not joined yet.
	Unjoined []string
	Over     bool
	Winners  []string
	// Seats in turn order, with the players who play them now.
	Seats []SeatInfo
	// NoMove is the table's no-move policy, DeadlineAfter its deadline.
	NoMove        NoMove
	DeadlineAfter time.Duration
	// Err says why the game could not be read; the other fields are then
	// empty but Game.
	Err error
}

// SeatInfo is one seat of a listed game.
type SeatInfo struct {
	Colour, Name, Email string
	// Hosted is set for a seat the referee holds the key of; Bot for one
	// handed to the bot.
	Hosted, Bot bool
	// Away is the end of the seat's vacation, zero when it is not away.
	Away time.Time
}

// ListOptions say which store to list.
type ListOptions struct {
	// Dir is the referee's store, mail.Config.GamesDir.
	Dir string
	// Games are the games the store may hold; nil means games.All().
	Games *games.Set
	// Now is the time the deadlines and vacations are seen at; zero
	// means time.Now().
	Now time.Time
}

// HostList lists every game of the store, sorted by id: its game, turn,
// whose move it is and the deadline. A game that cannot be read is
// listed with its error.
func HostList(o ListOptions) ([]GameInfo, error) {
	set := o.Games
	if set == nil {
		set = games.All()
	}
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	ids, err := storedGames(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("reading games_dir: %w", err)
	}
	out := make([]GameInfo, 0, len(ids))
	for _, id := range ids {
		s, err := openSession(set, o.Dir, id)
		if err != nil {
			out = append(out, GameInfo{Game: id, Err: err})
			continue
		}
		out = append(out, s.info(now))
	}
	return out, nil
}

// info describes the session's game at now.
func (s *session) info(now time.Time) GameInfo {
	p := s.g.Position()
	gi := GameInfo{
		Game: s.game, Name: s.g.Rules().Name(), Turn: p.Turn(), Unjoined: s.g.Unjoined(),
		Over: p.Over(), Winners: p.Winners(), NoMove: s.table.noMove, DeadlineAfter: s.table.deadline,
	}
	if len(gi.Unjoined) == 0 && !gi.Over {
		gi.Awaited = p.Awaited()
		for _, seat := range gi.Awaited {
			if hs := s.hosted[seat]; hs != nil && hs.bot {
				continue
			}
			if due, _ := s.deadlineOf(seat); gi.Deadline.IsZero() || due.Before(gi.Deadline) {
				gi.Deadline = due
			}
		}
	}
	for _, st := range s.seats() {
		si := SeatInfo{Colour: st.Colour, Name: st.Name, Email: st.Email}
		if hs := s.hosted[st.Colour]; hs != nil {
			si.Hosted, si.Bot = true, hs.bot
		}
		if v, ok := s.table.away(st.Colour, now); ok {
			si.Away = v.end()
		}
		gi.Seats = append(gi.Seats, si)
	}
	return gi
}

// Status is the game's state in a few words: "turn 12, red to move,
// deadline Mon 23 Nov 2026 10:00 UTC".
func (gi GameInfo) Status() string {
	switch {
	case gi.Err != nil:
		return "cannot be read: " + gi.Err.Error()
	case gi.Over && len(gi.Winners) > 0:
		return fmt.Sprintf("over after turn %d, %s won", gi.Turn, seatNames(gi.Winners))
	case gi.Over:
		return fmt.Sprintf("over after turn %d", gi.Turn)
	case len(gi.Unjoined) > 0:
		return "waiting for " + seatNames(gi.Unjoined) + " to join"
	}
	s := fmt.Sprintf("turn %d, waiting for %s", gi.Turn, seatNames(gi.Awaited))
	if !gi.Deadline.IsZero() {
		s += ", deadline " + when(gi.Deadline)
	}
	return s
}

// listGames answers the mailed "games" command: every game of the store,
// to an address that has a seat in one of them.
func (r *Referee) listGames(m *mail.Incoming, log *slog.Logger) (*mail.Decision, error) {
	list, err := HostList(ListOptions{Dir: r.dir, Games: r.games, Now: r.received(m)})
	if err != nil {
		return nil, err
	}
	var lines []string
	seated := false
	for _, gi := range list {
		mine := ""
		for _, st := range gi.Seats {
			if st.Email != "" && strings.EqualFold(st.Email, m.From) {
				mine = " You play " + st.Colour + "."
				seated = true
			}
		}
		lines = append(lines, fmt.Sprintf("%s (%s): %s.%s", gi.Game, gi.Name, gi.Status(), mine))
	}
	if !seated {
		log.Info("refused: games to an address without a seat")
		return r.reject(m, nil, templates.Rejection{Problems: []templates.Problem{{
			Reason: fmt.Sprintf("%s has no seat in any game played here: the list of games is for the players", m.From)}}})
	}
	slices.SortStableFunc(lines, func(a, b string) int {
		return boolCompare(strings.Contains(b, "You play"), strings.Contains(a, "You play"))
	})
	log.Info("games", "games", len(list))
	subject, body, err := r.mailer(nil).Notice(templates.Notice{
		Subject: fmt.Sprintf("games: %d played here", len(list)),
		Lines:   append([]string{"The games played here, yours first (\"status GAME\" brings the board of one):"}, lines...),
	})
	if err != nil {
		return nil, err
	}
	return &mail.Decision{Replies: []mail.Outgoing{replyTo(m, subject, body)}}, nil
}

// boolCompare orders false before true.
func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
