package referee

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/atomicfile"
	"github.com/elasund/elasund/internal/secretfile"
	"github.com/elasund/elasund/turnfile"
)

// The referee's store (mail.Config.GamesDir) holds one directory per game,
// named by the game id, mode 0700:
//
//	<games_dir>/<game>/game.yaml    the authoritative turn file
//	<games_dir>/<game>/hosted.yaml  the hosted seats' keys, chain secrets
//	                                and token hashes, mode 0600; written
//	                                by the host commands only
//	<games_dir>/<game>/table.yaml   the table's settings and the referee's
//	                                record of the game (table.go); written
//	                                by the daemon only
//
// A new game is written to a hidden directory and renamed into place, so
// the referee never sees half a game. The turn file says which game it is
// (its format); hosted.yaml is the same for every game.
const (
	gameFileName   = "game.yaml"
	hostedFileName = "hosted.yaml"
	hostedFormat   = "elasund-hosted/1"
)

var gameIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

// hostedSeat is a seat the referee plays for its player: it holds the
// seat's key and chain secret and checks the player's token.
type hostedSeat struct {
	colour string
	signer *turnfile.Signer
	token  [32]byte // tokenHash of the player's token
	// name and email replace the header's when the seat was handed to a
	// new player (HostSeat); "" keeps the header's.
	name, email string
	// bot is set when the seat was handed to the bot: it plays every
	// move of the seat, as soon as the game waits for it.
	bot bool
	// former are the players the seat was taken from (HostSeat), first
	// first: they get the complete file when the game ends.
	former []player
}

// player is a person at the table: a name and an address.
type player struct {
	Name  string `yaml:"name,omitempty"`
	Email string `yaml:"email"`
}

// hostedFile is hosted.yaml.
type hostedFile struct {
	Format string         `yaml:"format"`
	Game   string         `yaml:"game"`
	Seats  []hostedRecord `yaml:"seats"`
	// Sent records the mails the host commands sent (invitations), so
	// that a reply to one is bound to the point of the game it was sent
	// at.
	Sent []sentRecord `yaml:"sent,omitempty"`
}

type hostedRecord struct {
	Colour  string `yaml:"colour"`
	Private string `yaml:"private"` // "ed25519:" + base64 of the 32-byte seed
	Secret  string `yaml:"secret"`  // hex of the chain secret
	Token   string `yaml:"token"`   // "sha256:" + hex of tokenHash
	Name    string `yaml:"name,omitempty"`
	Email   string `yaml:"email,omitempty"`
	Bot     bool   `yaml:"bot,omitempty"`
	// Former are the players the seat was handed away from.
	Former []player `yaml:"former,omitempty"`
}

func gameDir(dir, game string) string { return filepath.Join(dir, game) }

// readHosted reads the hosted seats of game, a game of rules; a game
// without hosted.yaml has none. The file must not be readable by others.
func readHosted(dir, game string, rules engine.Game) (map[string]*hostedSeat, error) {
	seats, _, err := readHostedFile(dir, game, rules)
	return seats, err
}

// readHostedFile reads hosted.yaml: the hosted seats and the record of
// the mails the host commands sent.
func readHostedFile(dir, game string, rules engine.Game) (map[string]*hostedSeat, []sentRecord, error) {
	path := filepath.Join(gameDir(dir, game), hostedFileName)
	var hf hostedFile
	switch err := secretfile.Read(path, &hf); {
	case errors.Is(err, fs.ErrNotExist):
		return map[string]*hostedSeat{}, nil, nil
	case err != nil:
		return nil, nil, fmt.Errorf("reading the hosted seats' keys: %w", err)
	}
	if hf.Format != hostedFormat || hf.Game != game {
		return nil, nil, fmt.Errorf("%s: not the hosted seats of game %s (format %q, game %q)", path, game, hf.Format, hf.Game)
	}
	out := map[string]*hostedSeat{}
	for i, rec := range hf.Seats {
		bad := func(field string) error {
			return fmt.Errorf("%s: seats[%d].%s is malformed", path, i+1, field)
		}
		if !slices.Contains(rules.Colours(), rec.Colour) {
			return nil, nil, bad("colour")
		}
		seed, err := base64.StdEncoding.Strict().DecodeString(strings.TrimPrefix(rec.Private, "ed25519:"))
		if err != nil || len(seed) != ed25519.SeedSize || !strings.HasPrefix(rec.Private, "ed25519:") {
			return nil, nil, bad("private")
		}
		var secret turnfile.Hash
		if b, err := hex.DecodeString(rec.Secret); err != nil || len(b) != len(secret) {
			return nil, nil, bad("secret")
		} else {
			copy(secret[:], b)
		}
		hs := &hostedSeat{colour: rec.Colour, signer: &turnfile.Signer{Key: ed25519.NewKeyFromSeed(seed), Secret: secret},
			name: rec.Name, email: rec.Email, bot: rec.Bot, former: rec.Former}
		if b, err := hex.DecodeString(strings.TrimPrefix(rec.Token, "sha256:")); err != nil || len(b) != len(hs.token) || !strings.HasPrefix(rec.Token, "sha256:") {
			return nil, nil, bad("token")
		} else {
			copy(hs.token[:], b)
		}
		if rec.Email != "" && checkAddress(rec.Email) != nil {
			return nil, nil, bad("email")
		}
		for _, f := range rec.Former {
			if checkAddress(f.Email) != nil {
				return nil, nil, bad("former")
			}
		}
		out[rec.Colour] = hs
	}
	return out, hf.Sent, nil
}

// marshalHosted writes hosted.yaml's bytes, seats in seat order.
func marshalHosted(game string, order []turnfile.Seat, seats map[string]*hostedSeat, sent []sentRecord) ([]byte, error) {
	if len(sent) > maxSent {
		sent = sent[len(sent)-maxSent:]
	}
	hf := hostedFile{Format: hostedFormat, Game: game, Seats: []hostedRecord{}, Sent: sent}
	for _, s := range order {
		hs := seats[s.Colour]
		if hs == nil {
			continue
		}
		hf.Seats = append(hf.Seats, hostedRecord{
			Colour:  hs.colour,
			Private: "ed25519:" + base64.StdEncoding.EncodeToString(hs.signer.Key.Seed()),
			Secret:  hs.signer.Secret.String(),
			Token:   "sha256:" + hex.EncodeToString(hs.token[:]),
			Name:    hs.name,
			Email:   hs.email,
			Bot:     hs.bot,
			Former:  hs.former,
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
func tokenHash(game, seat, token string) [32]byte {
	return sha256.Sum256([]byte("elasund/token\x00" + game + "\x00" + seat + "\x00" + normalizeToken(token)))
}

// checkToken reports whether token is seat's token, in constant time. A
// seat handed to the bot has no token.
func (hs *hostedSeat) checkToken(game, token string) bool {
	h := tokenHash(game, hs.colour, token)
	return subtle.ConstantTimeCompare(h[:], hs.token[:]) == 1 && hs.token != [32]byte{}
}

// createGameDir writes a new game's directory: to a hidden directory
// first, synced, then renamed into place. It fails if the game exists.
func createGameDir(dir, game string, data, hosted, table []byte) error {
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
	if err := atomicfile.Write(filepath.Join(tmp, gameFileName), data, 0o644, false); err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(tmp, hostedFileName), hosted, 0o600, false); err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(tmp, tableFileName), table, 0o600, true); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	ok = true
	return atomicfile.SyncDir(dir)
}
