package referee

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

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

// formerPlayers are the players hosted seats were handed away from
// (HostSeat), in seat order, each address once, leaving out addresses
// that hold a seat now. A seat handed over before such players were
// recorded counts the header's player when the seat has another now.
func (s *session) formerPlayers() []player {
	now := map[string]bool{}
	for _, st := range s.seats() {
		now[strings.ToLower(st.Email)] = true
	}
	var out []player
	add := func(p player) {
		if p.Email == "" || now[strings.ToLower(p.Email)] || slices.ContainsFunc(out, func(q player) bool { return strings.EqualFold(q.Email, p.Email) }) {
			return
		}
		out = append(out, p)
	}
	for _, st := range s.g.File().Header.Seats {
		if hs := s.hosted[st.Colour]; hs != nil {
			add(player{Name: st.Name, Email: st.Email})
			for _, f := range hs.former {
				add(f)
			}
		}
	}
	return out
}

// formerSeatsOf lists the seats address played before they were handed
// to another player or the bot, in seat order.
func (s *session) formerSeatsOf(address string) []string {
	var out []string
	current := s.seats()
	for i, st := range s.g.File().Header.Seats {
		hs := s.hosted[st.Colour]
		if hs == nil || strings.EqualFold(current[i].Email, address) {
			continue
		}
		was := strings.EqualFold(st.Email, address)
		for _, f := range hs.former {
			was = was || strings.EqualFold(f.Email, address)
		}
		if was {
			out = append(out, st.Colour)
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

// fileAttachments is the stored turn file as the attachment of a mail,
// or nothing while the referee withholds it (withholds). Every mail that
// carries the game's file gets it here.
func (s *session) fileAttachments() []mail.Attachment {
	if s.withholds() {
		return nil
	}
	return []mail.Attachment{fileAttachment(s.game, s.data)}
}

// withholds reports whether the turn file is kept from the seats for
// now: every seat is hosted and the game is not over.
func (s *session) withholds() bool { return s.allHosted() && !s.g.Position().Over() }

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
