package referee

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	stdmail "net/mail"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// HostOptions describe a game for the referee to host. Nil and zero fields
// have the defaults given in their comments.
type HostOptions struct {
	// Dir is the referee's store, mail.Config.GamesDir; required.
	Dir string
	// Address is where players send their mail: the daemon's own
	// address, mail.Config.SMTP.From.
	Address string
	// Game is the name of the game to play ("elasund", "seafarers"); ""
	// means the default game of Games.
	Game string
	// Games are the games that may be hosted; nil means games.All().
	Games *games.Set
	// Seats in turn order, colours of the game; every seat needs an
	// Email.
	Seats []turnfile.Seat
	// Hosted lists the seats the referee plays for their players: it
	// holds their keys and chain secrets and takes their moves written
	// in mail bodies. The other seats join and move with their own keys
	// and mail the turn file.
	Hosted []string
	// Edition and Scenario choose the rules edition or the scenario, for
	// games that have them; "" means the game's default.
	Edition  string
	Scenario string
	// Options are rule options overriding the defaults.
	Options map[string]string
	// RandomStart shuffles the seat order; the referee may, being the
	// trusted party (spec/TURNFILE.md requirement 4).
	RandomStart bool
	// Now is the game's creation time and that of the hosted seats'
	// join entries.
	Now time.Time
	// Rand is the source of the game id, keys, chain secrets, tokens and
	// the start order; nil means crypto/rand.Reader.
	Rand io.Reader
}

// HostedGame is a game HostNew made or HostInvite re-invited to.
type HostedGame struct {
	Game string
	// Path is the authoritative turn file.
	Path string
	// Seats in turn order, as the header has them.
	Seats []turnfile.Seat
	// Tokens holds the new tokens of hosted seats in clear, by seat. The
	// store keeps only their hashes: the invitations in Mail carry them.
	Tokens map[string]string
	// Mail holds the invitations, one per seat, and when every seat is
	// hosted (so that the game begins at once) the opening turn mails;
	// send them with mail.Post.
	Mail []mail.Outgoing
}

// HostNew creates a hosted game in the store: the turn file with every
// hosted seat joined (signed with a fresh key per seat and a fresh chain
// secret), hosted.yaml with those secrets and each seat's token hash, and
// the mail that invites the players. It sends nothing. A game, edition,
// scenario or seats the game does not have is a *HostError, an
// *engine.SetupError or an *engine.OptionError.
//
// The store holds one directory per game, named by the game id, mode 0700:
// game.yaml, the authoritative turn file (whose format names the game),
// and hosted.yaml, the hosted seats' keys, chain secrets and token hashes,
// mode 0600. A new game's directory is written under a hidden name and
// renamed into place, so that the referee never sees half a game.
func HostNew(o HostOptions) (*HostedGame, error) {
	rnd := o.Rand
	if rnd == nil {
		rnd = rand.Reader
	}
	set := o.Games
	if set == nil {
		set = games.All()
	}
	if o.Dir == "" {
		return nil, &mail.ConfigError{Field: "games_dir", Reason: "is required to host games"}
	}
	kit, err := set.Lookup(o.Game)
	if err != nil {
		return nil, &HostError{Reason: err.Error(), Err: err}
	}
	seated := map[string]bool{}
	for _, s := range o.Seats {
		if err := checkAddress(s.Email); err != nil {
			return nil, &HostError{Reason: fmt.Sprintf("seat %s needs an e-mail address to play by mail (COLOUR=NAME:EMAIL): %v", s.Colour, err)}
		}
		seated[s.Colour] = true
	}
	hosted := map[string]bool{}
	for _, c := range o.Hosted {
		if !seated[c] {
			return nil, &HostError{Reason: fmt.Sprintf("--hosted names %s, but nobody sits at %s", c, c)}
		}
		hosted[c] = true
	}
	g, err := turnfile.New(turnfile.NewOptions{
		Rules: kit.Rules, Created: o.Now, Edition: o.Edition, Scenario: o.Scenario,
		Options: o.Options, Seats: o.Seats, RandomStart: o.RandomStart, Rand: rnd,
	})
	if err != nil {
		return nil, err
	}
	game := g.File().Header.Game
	seats := map[string]*hostedSeat{}
	tokens := map[string]string{}
	for _, s := range g.File().Header.Seats {
		if !hosted[s.Colour] {
			continue
		}
		_, priv, err := ed25519.GenerateKey(rnd)
		if err != nil {
			return nil, fmt.Errorf("making %s's key: %w", s.Colour, err)
		}
		var secret turnfile.Hash
		if _, err := io.ReadFull(rnd, secret[:]); err != nil {
			return nil, fmt.Errorf("drawing %s's chain secret: %w", s.Colour, err)
		}
		token, err := newToken(rnd)
		if err != nil {
			return nil, err
		}
		hs := &hostedSeat{colour: s.Colour, signer: &turnfile.Signer{Key: priv, Secret: secret}, token: tokenHash(game, s.Colour, token)}
		seats[s.Colour], tokens[s.Colour] = hs, token
	}
	if _, err := joinHosted(g, seats, o.Now); err != nil {
		return nil, err
	}
	data, err := g.File().Marshal()
	if err != nil {
		return nil, err
	}
	hdata, err := marshalHosted(game, g.File().Header.Seats, seats)
	if err != nil {
		return nil, err
	}
	s, err := newSession(set, game, g, data, seats)
	if err != nil {
		return nil, err
	}
	if err := createGameDir(o.Dir, game, data, hdata); err != nil {
		return nil, err
	}
	hg := &HostedGame{Game: game, Path: filepath.Join(gameDir(o.Dir, game), gameFileName), Seats: g.File().Header.Seats, Tokens: tokens}
	hg.Mail, err = invitations(s, o.Address, tokens, nil)
	if err != nil {
		return nil, err
	}
	if len(g.Unjoined()) == 0 {
		opening, err := turnReplies(s, nil, report{begins: true}, nil)
		if err != nil {
			return nil, err
		}
		hg.Mail = append(hg.Mail, opening...)
	}
	return hg, nil
}

// joinHosted joins every hosted seat of g that has not joined, in seat
// order, at time at, once the first seat has joined or is itself hosted:
// the first seat joins before any other (turnfile §4.1), so that a seat
// playing with its own key in first place fixes its chain before it sees
// the hosted seats' commitments. It returns the join entries added.
func joinHosted(g *turnfile.Game, hosted map[string]*hostedSeat, at time.Time) ([]turnfile.Entry, error) {
	seats := g.File().Header.Seats
	if len(seats) == 0 || g.File().Header.Sandbox {
		return nil, nil
	}
	if first := seats[0].Colour; !g.Joined(first) && hosted[first] == nil {
		return nil, nil
	}
	var added []turnfile.Entry
	for _, s := range seats {
		hs := hosted[s.Colour]
		if hs == nil || g.Joined(s.Colour) {
			continue
		}
		e, err := g.Join(s.Colour, hs.signer, at)
		if err != nil {
			return nil, fmt.Errorf("joining %s: %w", s.Colour, err)
		}
		added = append(added, *e)
	}
	return added, nil
}

// checkAddress checks that addr is one address the daemon can mail.
func checkAddress(addr string) error {
	if addr == "" {
		return errors.New("no address")
	}
	a, err := stdmail.ParseAddress(addr)
	if err != nil || !strings.Contains(a.Address, "@") {
		return fmt.Errorf("%q is not an address like alice@example.org", addr)
	}
	return nil
}

// InviteOptions name the seats of a hosted game to invite again. Nil and
// zero fields have the defaults given in their comments.
type InviteOptions struct {
	// Dir is the referee's store, mail.Config.GamesDir.
	Dir string
	// Address is where players send their mail: the daemon's own
	// address, mail.Config.SMTP.From.
	Address string
	// Game is the game id.
	Game string
	// Seats are the seats to invite; none means every seat that can be
	// invited.
	Seats []string
	// Games are the games the store may hold; nil means games.All().
	Games *games.Set
	// Rand is the source of the new tokens; nil means crypto/rand.Reader.
	Rand io.Reader
}

// HostInvite gives the listed hosted seats of a game new tokens (the old
// ones stop working) and returns the invitations to send: with the new
// token for a hosted seat, with the current turn file for a seat that
// plays with its own key and has not joined yet. No seats means every
// seat that can be invited; naming a seat that has joined with its own
// key is an error (it gets the latest file with "resend GAME").
func HostInvite(o InviteOptions) (*HostedGame, error) {
	rnd := o.Rand
	if rnd == nil {
		rnd = rand.Reader
	}
	set := o.Games
	if set == nil {
		set = games.All()
	}
	game, dir := o.Game, o.Dir
	if !gameIDPattern.MatchString(game) {
		return nil, &HostError{Reason: fmt.Sprintf("%q is not a game id (16 hex digits)", game)}
	}
	s, err := openSession(set, dir, game)
	if errors.Is(err, errNoGame) {
		return nil, &HostError{Reason: fmt.Sprintf("no game %s in %s", game, dir)}
	}
	if err != nil {
		return nil, err
	}
	h := &s.g.File().Header
	seats := o.Seats
	if len(seats) == 0 {
		for _, st := range h.Seats {
			if s.hosted[st.Colour] != nil || !s.g.Joined(st.Colour) {
				seats = append(seats, st.Colour)
			}
		}
	}
	tokens := map[string]string{}
	for _, c := range seats {
		if h.SeatOf(c) == nil {
			return nil, &HostError{Reason: fmt.Sprintf("game %s has no %s seat", game, c)}
		}
		if s.hosted[c] == nil && s.g.Joined(c) {
			return nil, &HostError{Reason: fmt.Sprintf("%s has joined game %s with its own key: a mail with the subject \"resend %s\" brings it the latest file", c, game, game)}
		}
		hs := s.hosted[c]
		if hs == nil {
			continue
		}
		token, err := newToken(rnd)
		if err != nil {
			return nil, err
		}
		hs.token = tokenHash(game, c, token)
		tokens[c] = token
	}
	if len(tokens) > 0 {
		hdata, err := marshalHosted(game, h.Seats, s.hosted)
		if err != nil {
			return nil, err
		}
		if err := writeFileAtomic(filepath.Join(gameDir(dir, game), hostedFileName), hdata, 0o600, true); err != nil {
			return nil, err
		}
	}
	mails, err := invitations(s, o.Address, tokens, seats)
	if err != nil {
		return nil, err
	}
	return &HostedGame{Game: game, Path: filepath.Join(gameDir(dir, game), gameFileName), Seats: h.Seats, Tokens: tokens, Mail: mails}, nil
}

// invitations renders the invitation of each seat in only (every seat
// when only is nil): with its token for a hosted seat, with the turn file
// attached for a seat that plays with its own key.
func invitations(s *session, address string, tokens map[string]string, only []string) ([]mail.Outgoing, error) {
	h := &s.g.File().Header
	table := make([]templates.Seat, len(h.Seats))
	for i, st := range h.Seats {
		table[i] = templates.Seat{Colour: st.Colour, Name: st.Name}
	}
	var out []mail.Outgoing
	for _, st := range h.Seats {
		if only != nil && !slices.Contains(only, st.Colour) {
			continue
		}
		if s.hosted[st.Colour] != nil && tokens[st.Colour] == "" {
			continue // a hosted seat is only invited with a new token
		}
		subject, body, err := s.mailer.Invitation(templates.Invitation{
			Game: s.game, Seat: st.Colour, Name: st.Name, Token: tokens[st.Colour],
			Address: address, Seats: table, Position: s.g.Position(),
		})
		if err != nil {
			return nil, err
		}
		m := mail.Outgoing{To: []string{seatAddress(st)}, Subject: subject, Text: body}
		if s.hosted[st.Colour] == nil {
			m.Attachments = []mail.Attachment{fileAttachment(s.game, s.data)}
		}
		out = append(out, m)
	}
	return out, nil
}
