package turnfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Canonical returns the canonical JSON encoding of v (docs/turnfile.md
// §3.1): v is encoded with encoding/json, then written with object keys
// sorted by their bytes, no insignificant space, integers only, and
// strings escaping only '"', '\\' and control characters.
func Canonical(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return CanonicalJSON(raw)
}

// CanonicalJSON rewrites a JSON text in canonical form (§3.1). It refuses
// non-integer numbers, duplicate keys and invalid UTF-8.
func CanonicalJSON(raw []byte) ([]byte, error) {
	c := canon{in: raw}
	c.space()
	out, err := c.value(make([]byte, 0, len(raw)), 0)
	if err != nil {
		return nil, err
	}
	c.space()
	if c.pos != len(c.in) {
		return nil, c.fail("trailing data")
	}
	return out, nil
}

// canon reads JSON and writes its canonical form as it goes.
type canon struct {
	in      []byte
	pos     int
	scratch []byte
}

const maxCanonDepth = 64

func (c *canon) fail(what string) error {
	return fmt.Errorf("canonical json: %s at offset %d", what, c.pos)
}

func (c *canon) space() {
	for c.pos < len(c.in) {
		switch c.in[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return
		}
	}
}

func (c *canon) peek() byte {
	if c.pos < len(c.in) {
		return c.in[c.pos]
	}
	return 0
}

func (c *canon) literal(out []byte, word string) ([]byte, error) {
	if !bytes.HasPrefix(c.in[c.pos:], []byte(word)) {
		return nil, c.fail("unexpected input")
	}
	c.pos += len(word)
	return append(out, word...), nil
}

func (c *canon) value(out []byte, depth int) ([]byte, error) {
	if depth > maxCanonDepth {
		return nil, c.fail("nested too deeply")
	}
	switch ch := c.peek(); {
	case ch == '{':
		return c.object(out, depth)
	case ch == '[':
		return c.array(out, depth)
	case ch == '"':
		s, err := c.str()
		if err != nil {
			return nil, err
		}
		return appendString(out, s)
	case ch == 't':
		return c.literal(out, "true")
	case ch == 'f':
		return c.literal(out, "false")
	case ch == 'n':
		return c.literal(out, "null")
	case ch == '-' || (ch >= '0' && ch <= '9'):
		start := c.pos
		if ch == '-' {
			c.pos++
		}
		for c.peek() >= '0' && c.peek() <= '9' {
			c.pos++
		}
		if p := c.peek(); p == '.' || p == 'e' || p == 'E' {
			return nil, c.fail("not an integer")
		}
		n, err := strconv.ParseInt(string(c.in[start:c.pos]), 10, 64)
		if err != nil {
			return nil, c.fail("not an integer in the 64-bit range")
		}
		return strconv.AppendInt(out, n, 10), nil
	case ch == 0:
		return nil, c.fail("unexpected end")
	}
	return nil, c.fail("unexpected input")
}

func (c *canon) array(out []byte, depth int) ([]byte, error) {
	c.pos++
	out = append(out, '[')
	c.space()
	if c.peek() == ']' {
		c.pos++
		return append(out, ']'), nil
	}
	for {
		var err error
		if out, err = c.value(out, depth+1); err != nil {
			return nil, err
		}
		c.space()
		switch c.peek() {
		case ']':
			c.pos++
			return append(out, ']'), nil
		case ',':
			c.pos++
			out = append(out, ',')
			c.space()
		default:
			return nil, c.fail("want , or ]")
		}
	}
}

// member is one written object member: out[start:end], whose key sorts
// by key.
type member struct {
	key        []byte
	start, end int
}

func (c *canon) object(out []byte, depth int) ([]byte, error) {
	c.pos++
	c.space()
	out = append(out, '{')
	if c.peek() == '}' {
		c.pos++
		return append(out, '}'), nil
	}
	var small [16]member
	members := small[:0]
	sorted := true
	for {
		if c.peek() != '"' {
			return nil, c.fail("want a key")
		}
		k, err := c.strBytes()
		if err != nil {
			return nil, err
		}
		for _, m := range members {
			if bytes.Equal(m.key, k) {
				return nil, c.fail("duplicate key " + strconv.Quote(string(k)))
			}
		}
		if n := len(members); n > 0 && bytes.Compare(members[n-1].key, k) > 0 {
			sorted = false
		}
		c.space()
		if c.peek() != ':' {
			return nil, c.fail("want :")
		}
		c.pos++
		c.space()
		start := len(out)
		if out, err = appendString(out, string(k)); err != nil {
			return nil, err
		}
		out = append(out, ':')
		if out, err = c.value(out, depth+1); err != nil {
			return nil, err
		}
		members = append(members, member{key: k, start: start, end: len(out)})
		c.space()
		if c.peek() == '}' {
			c.pos++
			break
		}
		if c.peek() != ',' {
			return nil, c.fail("want , or }")
		}
		c.pos++
		out = append(out, ',')
		c.space()
	}
	if !sorted {
		first := members[0].start
		c.scratch = append(c.scratch[:0], out[first:]...)
		slices.SortFunc(members, func(a, b member) int { return bytes.Compare(a.key, b.key) })
		out = out[:first]
		for i, m := range members {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(out, c.scratch[m.start-first:m.end-first]...)
		}
	}
	return append(out, '}'), nil
}

// strBytes reads a JSON string and returns its value's bytes, a slice of
// the input when it has no escapes.
func (c *canon) strBytes() ([]byte, error) {
	start := c.pos
	c.pos++
	for c.pos < len(c.in) {
		switch ch := c.in[c.pos]; {
		case ch == '"':
			c.pos++
			return c.in[start+1 : c.pos-1], nil
		case ch == '\\':
			c.pos = start
			s, err := c.str()
			return []byte(s), err
		case ch < 0x20:
			return nil, c.fail("control character in a string")
		default:
			c.pos++
		}
	}
	return nil, c.fail("unterminated string")
}

// str reads a JSON string and returns its value.
func (c *canon) str() (string, error) {
	start := c.pos
	c.pos++
	escaped := false
	for c.pos < len(c.in) {
		switch ch := c.in[c.pos]; {
		case ch == '"':
			c.pos++
			if !escaped {
				return string(c.in[start+1 : c.pos-1]), nil
			}
			var s string
			if err := json.Unmarshal(c.in[start:c.pos], &s); err != nil {
				return "", c.fail("bad string")
			}
			return s, nil
		case ch == '\\':
			escaped = true
			c.pos += 2
		case ch < 0x20:
			return "", c.fail("control character in a string")
		default:
			c.pos++
		}
	}
	return "", c.fail("unterminated string")
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a canonical JSON string: only '"', '\\' and
// control characters are escaped, control characters as \b \f \n \r \t
// or \u00XX in lowercase hex; everything else is literal UTF-8.
func appendString(b []byte, s string) ([]byte, error) {
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("canonical json: string is not valid UTF-8")
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			b = append(b, '\\', '"')
		case c == '\\':
			b = append(b, '\\', '\\')
		case c == '\b':
			b = append(b, '\\', 'b')
		case c == '\f':
			b = append(b, '\\', 'f')
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"'), nil
}

// Hash is a SHA-256 digest, printed in lowercase hex.
type Hash [32]byte

func (h Hash) String() string { return hex.EncodeToString(h[:]) }

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
