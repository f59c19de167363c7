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

// Path returns the key store's file name.
func (k *KeyStore) Path() string { return k.path }

// PublicKey returns the public key as "ed25519:BASE64".
func (k *KeyStore) PublicKey() string {
	return FormatPublicKey(k.Private.Public().(ed25519.PublicKey))
}

func secretName(game, seat string) string { return game + "/" + seat }

// Secret returns the chain secret of seat in game.
func (k *KeyStore) Secret(game string, seat string) (Hash, bool) {
	h, ok := k.secrets[secretName(game, seat)]
	return h, ok
}

// Seats lists the seats of game that this store holds secrets for, in
// the order of colours given (a game's Colours).
func (k *KeyStore) Seats(game string, colours []string) []string {
	var out []string
	for _, c := range colours {
		if _, ok := k.secrets[secretName(game, c)]; ok {
			out = append(out, c)
		}
	}
	return out
}

// NewSecret draws a chain secret for seat in game from rand and saves the
// store before returning it, so that a secret is never published before
// it is kept. An existing secret for the seat is returned unchanged.
func (k *KeyStore) NewSecret(game string, seat string, rand io.Reader) (Hash, error) {
	if h, ok := k.Secret(game, seat); ok {
		return h, nil
	}
	var h Hash
	if _, err := io.ReadFull(rand, h[:]); err != nil {
		return Hash{}, fmt.Errorf("drawing a chain secret: %w", err)
	}
	k.secrets[secretName(game, seat)] = h
	if err := k.save(); err != nil {
		delete(k.secrets, secretName(game, seat))
		return Hash{}, err
	}
	return h, nil
}

// Signer returns what Game.Move needs to write entries for seat in game.
func (k *KeyStore) Signer(game string, seat string) (*Signer, error) {
	h, ok := k.Secret(game, seat)
	if !ok {
		return nil, fmt.Errorf("%s in game %s: %w", seat, game, ErrNoSecret)
	}
	return &Signer{Key: k.Private, Secret: h}, nil
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
}

// PublicKey returns the signer's public key as "ed25519:BASE64".
func (s *Signer) PublicKey() string { return FormatPublicKey(s.Key.Public().(ed25519.PublicKey)) }
