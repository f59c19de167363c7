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

	"github.com/elasund/elasund/internal/atomicfile"
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
	// Choices are the game's set-up choices by name (engine.Choice: an
	// edition, a scenario); one left out is the game's default.
	Choices map[string]string
	// Options are rule options overriding the defaults.
	Options map[string]string
	// RandomStart shuffles the seat order; the referee may, being the
	// trusted party (docs/turnfile.md §4, docs/mail.md).
	RandomStart bool
	// Deadline is how long a seat has to move once the game waits for
	// it; 0 means DefaultDeadline.
	Deadline time.Duration
	// NoMove is what happens when a hosted seat lets its deadline pass;
	// NoMoveUnset means NoMoveBot.
	NoMove NoMove
	// BotLevel is the level the bot plays at for the table (a level of
	// the game's bots, such as heuristic or strong); "" means the game's
	// heuristic level.
	BotLevel string
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
	// Key names the mails for mail.Post, which derives their
	// Message-IDs from it: the referee binds a reply to one of them to
	// the point of the game it went out at.
	Key string
	// Path is the authoritative turn file.
	Path string
	// Seats in turn order, as the header has them.
	Seats []turnfile.Seat
	// Tokens holds the new tokens of hosted seats in clear, by seat. The
	// store keeps only their hashes: the invitations in Mail carry them.
	Tokens map[string]string
	// Mail holds the invitations, one per seat; when every seat is
	// hosted, so that the game begins at once, each invitation also
	// opens the game (the board, and the legal actions of the seat that
	// moves first), so that it is all a player needs whatever order the
	// mails arrive in. Send them with mail.Post and Key.
	Mail []mail.Outgoing
}

// HostNew creates a hosted game in the store: the turn file with every
// hosted seat joined (signed with a fresh key per seat and a fresh chain
// secret), hosted.yaml with those secrets and each seat's token hash, and
// the mail that invites the players. It sends nothing. A game, set-up
// choice or seats the game does not have is a *HostError, an
// *engine.SetupError or an *engine.OptionError.
//
// The store holds one directory per game, named by the game id, mode 0700:
// game.yaml, the authoritative turn file (whose format names the game),
// and hosted.yaml, the hosted seats' keys, chain secrets and token hashes,
// mode 0600. A new game's directory is written under a hidden name and
// renamed into place, so that the referee never sees half a game.
func HostNew(o HostOptions) (*HostedGame, error) {
	rnd, set := storeDefaults(o.Rand, o.Games)
	if o.Dir == "" {
		return nil, &mail.ConfigError{Field: "games_dir", Reason: "is required to host games"}
	}
	kit, err := set.Lookup(o.Game)
	if err != nil {
		return nil, &HostError{Reason: err.Error(), Err: err}
	}
	t := defaultTable()
	if o.Deadline < 0 {
		return nil, &HostError{Reason: fmt.Sprintf("the deadline %v is negative", o.Deadline)}
	}
	if o.Deadline > 0 {
		t.deadline = o.Deadline
	}
	if o.NoMove != NoMoveUnset {
		if o.NoMove.String() == "" {
			return nil, &HostError{Reason: fmt.Sprintf("no-move policy %d is not bot, skip or wait", o.NoMove)}
		}
		t.noMove = o.NoMove
	}
	t.botLevel = o.BotLevel
	if t.botLevel == "" {
		t.botLevel = defaultBotLevel(kit)
	}
	if !slices.Contains(kit.Bots.Levels(), t.botLevel) {
		return nil, &HostError{Reason: fmt.Sprintf("%s's bots play at %s, not %q", kit.Rules.Name(), strings.Join(kit.Bots.Levels(), ", "), t.botLevel)}
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
		Rules: kit.Rules, Created: o.Now, Choices: o.Choices,
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
	if len(g.Unjoined()) == 0 {
		t.await(g, nil, -1, nil, o.Now)
	}
	s, err := newSession(set, game, g, data, seats, t)
	if err != nil {
		return nil, err
	}
	hg := &HostedGame{Game: game, Key: hostKey("new", game, o.Now), Path: filepath.Join(gameDir(o.Dir, game), gameFileName), Seats: g.File().Header.Seats, Tokens: tokens}
	hg.Mail, err = invitations(s, o.Address, tokens, nil, o.Now, len(g.Unjoined()) == 0)
	if err != nil {
		return nil, err
	}
	sent := []sentRecord{{Entries: len(g.File().History), Key: hg.Key, Replies: len(hg.Mail)}}
	hdata, err := marshalHosted(game, g.File().Header.Seats, seats, sent)
	if err != nil {
		return nil, err
	}
	tdata, err := t.marshal(game)
	if err != nil {
		return nil, err
	}
	if err := createGameDir(o.Dir, game, data, hdata, tdata); err != nil {
		return nil, err
	}
	return hg, nil
}

// hostKey is the key of the mails of a host command: "host-new/GAME/TIME".
func hostKey(what, game string, now time.Time) string {
	return "host-" + what + "/" + game + "/" + now.UTC().Format(time.RFC3339Nano)
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
	// Now is when the invitations are sent, for their key.
	Now time.Time
}

// HostInvite gives the listed hosted seats of a game new tokens (the old
// ones stop working) and returns the invitations to send: with the new
// token for a hosted seat, with the current turn file for a seat that
// plays with its own key and has not joined yet. No seats means every
// seat that can be invited; naming a seat that has joined with its own
// key is an error (it gets the latest file with "resend GAME").
func HostInvite(o InviteOptions) (*HostedGame, error) {
	rnd, set := storeDefaults(o.Rand, o.Games)
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
		if hs := s.hosted[c]; hs != nil && hs.bot {
			return nil, &HostError{Reason: fmt.Sprintf("%s of game %s is played by the bot; hand it to a player with \"elasund host seat\"", c, game)}
		}
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
	mails, err := invitations(s, o.Address, tokens, seats, o.Now, false)
	if err != nil {
		return nil, err
	}
	key := hostKey("invite", game, o.Now)
	if len(s.hosted) > 0 {
		sent := append(slices.Clone(s.hostSent), sentRecord{Entries: len(s.g.File().History), Key: key, Replies: len(mails)})
		hdata, err := marshalHosted(game, h.Seats, s.hosted, sent)
		if err != nil {
			return nil, err
		}
		if err := atomicfile.Write(filepath.Join(gameDir(dir, game), hostedFileName), hdata, 0o600, true); err != nil {
			return nil, err
		}
	}
	return &HostedGame{Game: game, Key: key, Path: filepath.Join(gameDir(dir, game), gameFileName), Seats: s.seats(), Tokens: tokens, Mail: mails}, nil
}

// invitations renders the invitation of each seat in only (every seat
// when only is nil): with its token for a hosted seat, with the turn file
// attached for a seat that plays with its own key (unless it must wait
// for the first seat to join: it gets the file once it has). When opens
// is set the game begins with these mails: each also shows the board as
// its seat sees it, and the legal actions of the seat that moves first.
func invitations(s *session, address string, tokens map[string]string, only []string, now time.Time, opens bool) ([]mail.Outgoing, error) {
	h := &s.g.File().Header
	seats := s.seats()
	table := make([]templates.Seat, len(seats))
	for i, st := range seats {
		table[i] = templates.Seat{Colour: st.Colour, Name: st.Name}
	}
	p := s.g.Position()
	example := ""
	if acts := p.Legal(p.Current(), nil); len(acts) > 0 {
		example = s.draw.Action(p, acts[0].String())
	}
	first := h.Seats[0].Colour
	waitFor := ""
	if s.hosted[first] == nil && !s.g.Joined(first) {
		waitFor = first
	}
	hidden := s.allHosted()
	var out []mail.Outgoing
	for _, st := range seats {
		if only != nil && !slices.Contains(only, st.Colour) {
			continue
		}
		if s.hosted[st.Colour] != nil && tokens[st.Colour] == "" {
			continue // a hosted seat is only invited with a new token
		}
		if st.Email == "" {
			continue
		}
		inv := templates.Invitation{
			Game: s.game, Seat: st.Colour, Name: st.Name, Token: tokens[st.Colour],
			Address: address, Seats: table, Position: p, Example: example, Turn: p.Turn(),
			Deadline: fmt.Sprintf("Deadline: once the game waits for a seat, it has %s to move. %s", span(s.table.deadline), capital(s.afterDeadline(st.Colour, false))),
			Begins:   opens, Hidden: hidden,
		}
		if s.hosted[st.Colour] == nil && st.Colour != first {
			inv.WaitFor = waitFor
		}
		if opens {
			inv.Legal = legalFor(s, st.Colour)
		}
		subject, body, err := s.mailer.Invitation(inv)
		if err != nil {
			return nil, err
		}
		m := mail.Outgoing{To: []string{seatAddress(st)}, Subject: subject, Text: body}
		if s.hosted[st.Colour] == nil && inv.WaitFor == "" {
			m.Attachments = s.fileAttachments()
		}
		if opens {
			svg, err := s.board(templates.View{Seat: st.Colour, Hidden: hidden})
			if err != nil {
				return nil, err
			}
			m.Attachments = append(m.Attachments, svgAttachment(s.game, svg))
			if !hidden {
				m.Attachments = append(s.fileAttachments(), m.Attachments...)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// storeDefaults returns the source of new tokens and the games a store
// may hold that options give, where nil: crypto/rand.Reader and
// games.All().
func storeDefaults(rnd io.Reader, set *games.Set) (io.Reader, *games.Set) {
	if rnd == nil {
		rnd = rand.Reader
	}
	if set == nil {
		set = games.All()
	}
	return rnd, set
}
