package turnfile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"unicode/utf8"

	"github.com/elasund/elasund/internal/canonjson"
)

// Canonical returns the canonical JSON encoding of v (docs/turnfile.md
// §3.1): what encoding/json writes for v, with object keys sorted by their
// bytes, no insignificant space, integers only, and strings escaping only
// '"', '\\' and control characters. The encoder is driven by v's types
// (internal/canonjson), so that every game's state has it without a writer
// of its own.
func Canonical(v any) ([]byte, error) { return canonjson.Marshal(v) }

// CanonicalJSON rewrites a JSON text in canonical form (§3.1). It refuses
// non-integer numbers, duplicate keys and invalid UTF-8.
func CanonicalJSON(raw []byte) ([]byte, error) { return canonjson.Rewrite(raw) }

// appendString writes s as a canonical JSON string (§3.1), refusing a
// string that is not valid UTF-8: an entry's text has no hash then.
func appendString(b []byte, s string) ([]byte, error) {
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("canonical json: string is not valid UTF-8")
	}
	return canonjson.AppendString(b, s), nil
}

// Hash is a SHA-256 digest, printed in lowercase hex.
type Hash [32]byte

func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// is reports whether s is h's text, as String writes it, without making
// the text: a replay compares two hashes with each entry's.
func (h Hash) is(s string) bool {
	var text [2 * len(h)]byte
	hex.Encode(text[:], h[:])
	return string(text[:]) == s
}

// hashCanonical returns SHA-256 of the canonical JSON of v.
func hashCanonical(v any) (Hash, error) {
	c, err := Canonical(v)
	if err != nil {
		return Hash{}, err
	}
	return sha256.Sum256(c), nil
}

// parseHash reads 64 lowercase hex digits.
func parseHash(s string) (Hash, bool) {
	var h Hash
	if len(s) != 64 {
		return h, false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return h, false
		}
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return h, false
	}
	return h, true
}
