package mail

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	stdmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/secretfile"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// The referee's store (Config.GamesDir) holds one directory per game,
// named by the game id, mode 0700:
//
//	<games_dir>/<game>/game.yaml    the authoritative turn file
//	<games_dir>/<game>/hosted.yaml  the hosted seats' keys, chain secrets
//	                                and token hashes, mode 0600
//
// A new game is written to a hidden directory and renamed into place, so
// the referee never sees half a game.
const (
	gameFileName   = "game.yaml"
	hostedFileName = "hosted.yaml"
	hostedFormat   = "elasund-hosted/1"
)

var gameIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

// HostError reports a hosted game that cannot be made or changed as
// asked: a seat without an address, a hosted colour nobody sits at, an
// unknown game.
type HostError struct {
	Reason string
}

func (e *HostError) Error() string { return e.Reason }

// errNoGame is returned by the store for a game it does not hold.
var errNoGame = errors.New("no such game")

// hostedSeat is a seat the referee plays for its player: it holds the
// seat's key and chain secret and checks the player's token.
type hostedSeat struct {
	colour engine.Colour
	signer *turnfile.Signer
	token  [32]byte // tokenHash of the player's token
}

// hostedFile is hosted.yaml.
type hostedFile struct {
	Format string         `yaml:"format"`
	Game   string         `yaml:"game"`
	Seats  []hostedRecord `yaml:"seats"`
}

type hostedRecord struct {
	Colour  string `yaml:"colour"`
	Private string `yaml:"private"` // "ed25519:" + base64 of the 32-byte seed
	Secret  string `yaml:"secret"`  // hex of the chain secret
	Token   string `yaml:"token"`   // "sha256:" + hex of tokenHash
}

func gameDir(dir, game string) string { return filepath.Join(dir, game) }

// readHosted reads a game's hosted seats; a game without hosted.yaml has
// none. The file must not be readable by others.
func readHosted(dir, game string) (map[engine.Colour]*hostedSeat, error) {
	path := filepath.Join(gameDir(dir, game), hostedFileName)
	var hf hostedFile
	switch err := secretfile.Read(path, &hf); {
	case errors.Is(err, fs.ErrNotExist):
		return map[engine.Colour]*hostedSeat{}, nil
	case err != nil:
		return nil, fmt.Errorf("reading the hosted seats' keys: %w", err)
	}
	if hf.Format != hostedFormat || hf.Game != game {
		return nil, fmt.Errorf("%s: not the hosted seats of game %s (format %q, game %q)", path, game, hf.Format, hf.Game)
	}
	out := map[engine.Colour]*hostedSeat{}
	for i, rec := range hf.Seats {
		bad := func(field string) error {
			return fmt.Errorf("%s: seats[%d].%s is malformed", path, i+1, field)
		}
		c, err := engine.ParseColour(rec.Colour)
		if err != nil {
			return nil, bad("colour")
		}
		seed, err := base64.StdEncoding.Strict().DecodeString(strings.TrimPrefix(rec.Private, "ed25519:"))
		if err != nil || len(seed) != ed25519.SeedSize || !strings.HasPrefix(rec.Private, "ed25519:") {
			return nil, bad("private")
		}
		var secret turnfile.Hash
		if b, err := hex.DecodeString(rec.Secret); err != nil || len(b) != len(secret) {
			return nil, bad("secret")
		} else {
			copy(secret[:], b)
		}
		hs := &hostedSeat{colour: c, signer: &turnfile.Signer{Key: ed25519.NewKeyFromSeed(seed), Secret: secret}}
		if b, err := hex.DecodeString(strings.TrimPrefix(rec.Token, "sha256:")); err != nil || len(b) != len(hs.token) || !strings.HasPrefix(rec.Token, "sha256:") {
			return nil, bad("token")
		} else {
			copy(hs.token[:], b)
		}
		out[c] = hs
	}
	return out, nil
}

// marshalHosted writes hosted.yaml's bytes, seats in seat order.
func marshalHosted(game string, order []turnfile.Seat, seats map[engine.Colour]*hostedSeat) ([]byte, error) {
	hf := hostedFile{Format: hostedFormat, Game: game, Seats: []hostedRecord{}}
	for _, s := range order {
		hs := seats[s.Colour]
		if hs == nil {
			continue
		}
		hf.Seats = append(hf.Seats, hostedRecord{
			Colour:  hs.colour.String(),
			Private: "ed25519:" + base64.StdEncoding.EncodeToString(hs.signer.Key.Seed()),
			Secret:  hs.signer.Secret.String(),
			Token:   "sha256:" + hex.EncodeToString(hs.token[:]),
		})
	}
	var b bytes.Buffer
	b.WriteString("# elasund hosted seats: the referee signs and rolls for these seats. Keep private.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&hf); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// tokenEncoding spells tokens in lower case without padding.
var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newToken draws a seat token: 120 random bits written as six groups of
// four letters and digits, such as "k7qm-2xvb-99aa-...".
func newToken(rnd io.Reader) (string, error) {
	var b [15]byte
	if _, err := io.ReadFull(rnd, b[:]); err != nil {
		return "", fmt.Errorf("drawing a token: %w", err)
	}
	s := tokenEncoding.EncodeToString(b[:])
	var groups []string
	for i := 0; i < len(s); i += 4 {
		groups = append(groups, s[i:min(i+4, len(s))])
	}
	return strings.Join(groups, "-"), nil
}

// normalizeToken drops case, dashes and spaces, which people and mail
// programs add or lose when copying a token.
func normalizeToken(t string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '-' || r == ' ' || r == '\t':
			return -1
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return r
	}, t)
}

// tokenHash is what the store keeps of a token: SHA-256 over the game,
// the seat and the normalized token, so that one token cannot be moved to
// another seat or game.
func tokenHash(game string, seat engine.Colour, token string) [32]byte {
	return sha256.Sum256([]byte("elasund/token\x00" + game + "\x00" + seat.String() + "\x00" + normalizeToken(token)))
}

// checkToken reports whether token is seat's token, in constant time.
func (hs *hostedSeat) checkToken(game, token string) bool {
	h := tokenHash(game, hs.colour, token)
	return subtle.ConstantTimeCompare(h[:], hs.token[:]) == 1
}

// HostOptions describe a game for the referee to host.
type HostOptions struct {
	// Dir is the referee's store, Config.GamesDir.
	Dir string
	// Address is where players send their mail: the daemon's own
	// address, Config.SMTP.From.
	Address string
	// Seats in turn order; every seat needs an Email.
	Seats []turnfile.Seat
	// Hosted lists the seats the referee plays for their players: it
	// holds their keys and chain secrets and takes their moves written
	// in mail bodies. The other seats join and move with their own keys
	// and mail the turn file.
	Hosted  []engine.Colour
	Edition engine.Edition
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
	// Tokens holds the new tokens of hosted seats in clear. The store
	// keeps only their hashes: the invitations in Mail carry them.
	Tokens map[engine.Colour]string
	// Mail holds the invitations, one per seat, and when every seat is
	// hosted (so that the game begins at once) the opening turn mails;
	// send them with Post.
	Mail []Outgoing
}

// HostNew creates a hosted game in the store: the turn file with every
// hosted seat joined (signed with a fresh key per seat and a fresh chain
// secret), hosted.yaml with those secrets and each seat's token hash, and
// the mail that invites the players. It sends nothing.
func HostNew(o HostOptions) (*HostedGame, error) {
	rnd := o.Rand
	if rnd == nil {
		rnd = rand.Reader
	}
	if o.Dir == "" {
		return nil, &ConfigError{Field: "games_dir", Reason: "is required to host games"}
	}
	seated := map[engine.Colour]bool{}
	for _, s := range o.Seats {
		if err := checkAddress(s.Email); err != nil {
			return nil, &HostError{Reason: fmt.Sprintf("seat %s needs an e-mail address to play by mail (COLOUR=NAME:EMAIL): %v", s.Colour, err)}
		}
		seated[s.Colour] = true
	}
	hosted := map[engine.Colour]bool{}
	for _, c := range o.Hosted {
		if !seated[c] {
			return nil, &HostError{Reason: fmt.Sprintf("--hosted names %s, but nobody sits at %s", c, c)}
		}
		hosted[c] = true
	}
	g, err := turnfile.New(turnfile.NewOptions{
		Created: o.Now, Edition: o.Edition, Options: o.Options, Seats: o.Seats,
		RandomStart: o.RandomStart, Rand: rnd,
	})
	if err != nil {
		return nil, err
	}
	game := g.File().Header.Game
	seats := map[engine.Colour]*hostedSeat{}
	tokens := map[engine.Colour]string{}
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
		if _, err := g.Join(s.Colour, hs.signer, o.Now); err != nil {
			return nil, fmt.Errorf("joining %s: %w", s.Colour, err)
		}
		seats[s.Colour], tokens[s.Colour] = hs, token
	}
	data, err := g.File().Marshal()
	if err != nil {
		return nil, err
	}
	hdata, err := marshalHosted(game, g.File().Header.Seats, seats)
	if err != nil {
		return nil, err
	}
	if err := createGameDir(o.Dir, game, data, hdata); err != nil {
		return nil, err
	}
	hg := &HostedGame{Game: game, Path: filepath.Join(gameDir(o.Dir, game), gameFileName), Seats: g.File().Header.Seats, Tokens: tokens}
	s := &session{game: game, g: g, data: data, hosted: seats}
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

// createGameDir writes a new game's directory: to a hidden directory
// first, synced, then renamed into place. It fails if the game exists.
func createGameDir(dir, game string, data, hosted []byte) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating the games directory: %w", err)
	}
	final := gameDir(dir, game)
	if _, err := os.Lstat(final); err == nil {
		return &HostError{Reason: fmt.Sprintf("game %s already exists in %s", game, dir)}
	}
	tmp, err := os.MkdirTemp(dir, ".new-"+game+"-")
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o700); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(tmp, gameFileName), data, 0o644, false); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(tmp, hostedFileName), hosted, 0o600, true); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	ok = true
	return syncDirectory(dir)
}

// HostInvite gives the listed hosted seats of game new tokens (the old
// ones stop working) and returns the invitations to send: with the new
// token for a hosted seat, with the current turn file for a seat that
// plays with its own key and has not joined yet. No seats means every
// seat that can be invited; naming a seat that has joined with its own
// key is an error (it gets the latest file with "resend GAME").
func HostInvite(dir, address, game string, seats []engine.Colour, rnd io.Reader) (*HostedGame, error) {
	if rnd == nil {
		rnd = rand.Reader
	}
	if !gameIDPattern.MatchString(game) {
		return nil, &HostError{Reason: fmt.Sprintf("%q is not a game id (16 hex digits)", game)}
	}
	s, err := openSession(dir, game)
	if errors.Is(err, errNoGame) {
		return nil, &HostError{Reason: fmt.Sprintf("no game %s in %s", game, dir)}
	}
	if err != nil {
		return nil, err
	}
	h := &s.g.File().Header
	if len(seats) == 0 {
		for _, st := range h.Seats {
			if s.hosted[st.Colour] != nil || !s.g.Joined(st.Colour) {
				seats = append(seats, st.Colour)
			}
		}
	}
	tokens := map[engine.Colour]string{}
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
	mail, err := invitations(s, address, tokens, seats)
	if err != nil {
		return nil, err
	}
	return &HostedGame{Game: game, Path: filepath.Join(gameDir(dir, game), gameFileName), Seats: h.Seats, Tokens: tokens, Mail: mail}, nil
}

// invitations renders the invitation of each seat in only (every seat
// when only is nil): with its token for a hosted seat, with the turn file
// attached for a seat that plays with its own key.
func invitations(s *session, address string, tokens map[engine.Colour]string, only []engine.Colour) ([]Outgoing, error) {
	h := &s.g.File().Header
	table := make([]templates.Seat, len(h.Seats))
	for i, st := range h.Seats {
		table[i] = templates.Seat{Colour: st.Colour, Name: st.Name}
	}
	var out []Outgoing
	for _, st := range h.Seats {
		if only != nil && !containsColour(only, st.Colour) {
			continue
		}
		if s.hosted[st.Colour] != nil && tokens[st.Colour] == "" {
			continue // a hosted seat is only invited with a new token
		}
		subject, body, err := templates.RenderInvitation(templates.Invitation{
			Game: s.game, Seat: st.Colour, Name: st.Name, Token: tokens[st.Colour],
			Address: address, Seats: table, Config: s.g.Config(),
		})
		if err != nil {
			return nil, err
		}
		m := Outgoing{To: []string{seatAddress(st)}, Subject: subject, Text: body}
		if s.hosted[st.Colour] == nil {
			m.Attachments = []Attachment{fileAttachment(s.game, s.data)}
		}
		out = append(out, m)
	}
	return out, nil
}

func containsColour(cs []engine.Colour, c engine.Colour) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// Post sends messages straight over SMTP, outside any daemon's outbox:
// for commands such as "elasund host new" that run beside the daemon.
// The Message-ID of message i is derived from key and i, so sending a
// list again repeats the Message-IDs. It tries every message and returns
// the failures joined, each naming its recipients.
func Post(ctx context.Context, cfg Config, key string, msgs []Outgoing, opts Options) error {
	cfg = cfg.withDefaults()
	if cfg.SMTP.From == "" {
		return &ConfigError{Field: "smtp.from", Reason: "is required"}
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	sender := opts.Sender
	if sender == nil {
		tc, err := tlsConfig(cfg.SMTP.Addr, cfg.SMTP.CAFile, cfg.SMTP.InsecureSkipVerify)
		if err != nil {
			return &ConfigError{Field: "smtp.ca_file", Err: err}
		}
		dial := opts.Dial
		if dial == nil {
			dial = (&net.Dialer{Timeout: 30 * time.Second}).DialContext
		}
		sender = newSMTPSender(cfg.SMTP, tc, refuseSelfConnect(dial), log)
	}
	defer sender.Close()
	var errs []error
	for i, m := range msgs {
		to, err := bareAddresses(m.To)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		data, err := composeMessage(m, cfg.SMTP.From, replyID(key, i), now())
		if err != nil {
			errs = append(errs, fmt.Errorf("to %s: %w", strings.Join(to, ", "), err))
			continue
		}
		if err := sender.Send(ctx, cfg.SMTP.From, to, data); err != nil {
			errs = append(errs, fmt.Errorf("to %s: %w", strings.Join(to, ", "), err))
		}
	}
	return errors.Join(errs...)
}
