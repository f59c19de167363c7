package turnfile

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/internal/secretfile"
)

// KeyFileName is the name of the key store inside the key directory.
const KeyFileName = "keys.yaml"

// KeyStore is a player's secrets (§4.6): an Ed25519 private key and one
// chain secret per seat joined, kept in KeyFileName in the key directory,
// mode 0600. The secrets never enter a turn file.
type KeyStore struct {
	path    string
	Name    string
	Email   string
	Private ed25519.PrivateKey
	// secrets maps "GAME/colour" to the seat's chain secret.
	secrets map[string]Hash
}

type keyFile struct {
	Name    string            `yaml:"name"`
	Email   string            `yaml:"email"`
	Private string            `yaml:"private"`
	Public  string            `yaml:"public"`
	Secrets map[string]string `yaml:"secrets"`
}

// CreateKeyStore makes a new key in dir (created 0700 if needed) from the
// random source rand. It fails if dir already holds a key.
func CreateKeyStore(dir, name, email string, rand io.Reader) (*KeyStore, error) {
	path := filepath.Join(dir, KeyFileName)
	if _, err := os.Lstat(path); err == nil {
		return nil, &KeyStoreError{Path: path, Reason: "already exists; keygen does not overwrite a key"}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := checkKeyDir(dir); err != nil {
		return nil, err
	}
	_, priv, err := ed25519.GenerateKey(rand)
	if err != nil {
		return nil, fmt.Errorf("making a key: %w", err)
	}
	k := &KeyStore{path: path, Name: name, Email: email, Private: priv, secrets: map[string]Hash{}}
	return k, k.save()
}

// OpenKeyStore reads the key store in dir. It returns an error wrapping
// ErrNoKey when there is none, and a *KeyStoreError when the file can be
// read by group or others or is malformed.
func OpenKeyStore(dir string) (*KeyStore, error) {
	path := filepath.Join(dir, KeyFileName)
	if err := checkKeyDir(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var kf keyFile
	var modeErr *secretfile.ModeError
	var decodeErr *secretfile.DecodeError
	switch err := secretfile.Read(path, &kf); {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: %w", dir, ErrNoKey)
	case errors.As(err, &modeErr):
		return nil, &KeyStoreError{Path: path, Reason: fmt.Sprintf("mode %04o lets others read it; run chmod 600 %s", modeErr.Mode.Perm(), path)}
	case errors.As(err, &decodeErr):
		return nil, &KeyStoreError{Path: path, Reason: "malformed: " + decodeErr.Err.Error()}
	case err != nil:
		return nil, err
	}
	seed, err := base64.StdEncoding.Strict().DecodeString(strings.TrimPrefix(kf.Private, "ed25519:"))
	if err != nil || len(seed) != ed25519.SeedSize || !strings.HasPrefix(kf.Private, "ed25519:") {
		return nil, &KeyStoreError{Path: path, Reason: "private: want ed25519: and the base64 of a 32-byte seed"}
	}
	k := &KeyStore{path: path, Name: kf.Name, Email: kf.Email, Private: ed25519.NewKeyFromSeed(seed), secrets: map[string]Hash{}}
	if kf.Public != "" && kf.Public != k.PublicKey() {
		return nil, &KeyStoreError{Path: path, Reason: "public does not match private"}
	}
	for name, v := range kf.Secrets {
		h, ok := parseHash(v)
		if !ok {
			return nil, &KeyStoreError{Path: path, Reason: fmt.Sprintf("secrets.%s: want 64 lowercase hex digits", name)}
		}
		k.secrets[name] = h
	}
	return k, nil
}

// checkKeyDir refuses a key directory that group or others may write to:
// whoever can write there can replace the key store (§4.6).
func checkKeyDir(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return &KeyStoreError{Path: dir, Reason: "is not a directory"}
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return &KeyStoreError{Path: dir, Reason: fmt.Sprintf("the key directory has mode %04o: others can write to it; run chmod 700 %s", fi.Mode().Perm(), dir)}
	}
	return nil
}

// Path returns the key store's file name.
func (k *KeyStore) Path() string { return k.path }

// PublicKey returns the public key as "ed25519:BASE64".
func (k *KeyStore) PublicKey() string {
	return FormatPublicKey(k.Private.Public().(ed25519.PublicKey))
}

// secretName is where the store keeps seat's chain secret in game g:
// "GAMEKEY/colour" (§4.6).
func secretName(g *Game, seat string) string { return g.gameKey() + "/" + seat }

// legacyName is where stores made before games were named by their header
// kept a secret: "GAME/colour".
func legacyName(g *Game, seat string) string { return g.file.Header.Game + "/" + seat }

// secret returns seat's chain secret in g. A secret kept under the legacy
// name is g's only when its commitment is the one seat joined g with; it
// is then moved to its new name.
func (k *KeyStore) secret(g *Game, seat string) (Hash, bool, error) {
	if h, ok := k.secrets[secretName(g, seat)]; ok {
		return h, true, nil
	}
	h, ok := k.secrets[legacyName(g, seat)]
	hs := g.file.Header.SeatOf(seat)
	if !ok || hs == nil || hs.Commit == "" || hs.Commit != ChainCommit(h, g.file.Header.ChainLength).String() {
		return Hash{}, false, nil
	}
	k.secrets[secretName(g, seat)] = h
	delete(k.secrets, legacyName(g, seat))
	if err := k.save(); err != nil {
		return Hash{}, false, err
	}
	return h, true, nil
}

// Seats lists the seats of g whose secrets this store holds, in seat
// order.
func (k *KeyStore) Seats(g *Game) []string {
	var out []string
	for _, s := range g.file.Header.Seats {
		if _, ok := k.secrets[secretName(g, s.Colour)]; ok {
			out = append(out, s.Colour)
		} else if h, ok := k.secrets[legacyName(g, s.Colour)]; ok && s.Commit != "" && s.Commit == ChainCommit(h, g.file.Header.ChainLength).String() {
			out = append(out, s.Colour)
		}
	}
	return out
}

// NewSecret returns the chain secret seat joins g with: a fresh one drawn
// from rand, saved before it is returned so that a secret is never
// published before it is kept (§4.1). A secret drawn earlier for the same
// seat of the same game (same header) whose join was never signed is
// returned again: it was never published. A game that reuses an old
// game's id is another game (its header differs) and gets a fresh secret.
func (k *KeyStore) NewSecret(g *Game, seat string, rand io.Reader) (Hash, error) {
	if h, ok := k.secrets[secretName(g, seat)]; ok {
		return h, nil
	}
	var h Hash
	if _, err := io.ReadFull(rand, h[:]); err != nil {
		return Hash{}, fmt.Errorf("drawing a chain secret: %w", err)
	}
	k.secrets[secretName(g, seat)] = h
	if err := k.save(); err != nil {
		delete(k.secrets, secretName(g, seat))
		return Hash{}, err
	}
	return h, nil
}

// Signer returns what Game.Move and Game.Join need to write entries for
// seat in g: the key, the seat's chain secret, and a guard that records
// every entry before it is signed and refuses to reveal a chain value on
// a second predecessor (§4.6).
func (k *KeyStore) Signer(g *Game, seat string) (*Signer, error) {
	h, ok, err := k.secret(g, seat)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s in game %s: %w", seat, g.file.Header.Game, ErrNoSecret)
	}
	return &Signer{Key: k.Private, Secret: h, Guard: k.guard(g)}, nil
}

func (k *KeyStore) save() error {
	kf := keyFile{
		Name: k.Name, Email: k.Email,
		Private: "ed25519:" + base64.StdEncoding.EncodeToString(k.Private.Seed()),
		Public:  k.PublicKey(),
		Secrets: map[string]string{},
	}
	names := make([]string, 0, len(k.secrets))
	for n := range k.secrets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		h := k.secrets[n]
		kf.Secrets[n] = hex.EncodeToString(h[:])
	}
	var b bytes.Buffer
	b.WriteString("# elasund key store: your private key and chain secrets. Keep it private.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&kf); err != nil {
		return err
	}
	enc.Close()
	if err := WriteAtomic(k.path, b.Bytes(), 0o600); err != nil {
		return fmt.Errorf("saving key store: %w", err)
	}
	return os.Chmod(k.path, 0o600)
}

// Signer is what a seat needs to add entries to a peer game: its private
// key and its chain secret for that game.
type Signer struct {
	Key    ed25519.PrivateKey
	Secret Hash
	// Guard, when set, is called with each entry about to be signed and
	// the number of the chain value it reveals (0 for a join); an error
	// stops the signing. With dry set it only checks (a dry run: nothing
	// is recorded). KeyStore.Signer sets it.
	Guard func(e *Entry, reveal int, dry bool) error
}

// PublicKey returns the signer's public key as "ed25519:BASE64".
func (s *Signer) PublicKey() string { return FormatPublicKey(s.Key.Public().(ed25519.PublicKey)) }
