package canonjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Rewrite returns the canonical form of a JSON text. It refuses
// non-integer numbers, integers outside the signed 64-bit range,
// duplicate keys, invalid UTF-8 and anything that is not one JSON value.
func Rewrite(raw []byte) ([]byte, error) {
	return appendRewrite(make([]byte, 0, len(raw)), raw)
}

// appendRewrite appends the canonical form of the JSON text raw to out.
func appendRewrite(out, raw []byte) ([]byte, error) {
	if !utf8.Valid(raw) {
		return nil, fmt.Errorf("canonical json: the text is not valid UTF-8")
	}
	c := rewriter{in: raw}
	c.space()
	out, err := c.value(out, 0)
	if err != nil {
		return nil, err
	}
	c.space()
	if c.pos != len(c.in) {
		return nil, c.fail("trailing data")
	}
	return out, nil
}

// rewriter reads JSON and writes its canonical form as it goes.
type rewriter struct {
	in      []byte
	pos     int
	scratch []byte
}

const maxRewriteDepth = 64

func (c *rewriter) fail(what string) error {
	return fmt.Errorf("canonical json: %s at offset %d", what, c.pos)
}

func (c *rewriter) space() {
	for c.pos < len(c.in) {
		switch c.in[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return
		}
	}
}

func (c *rewriter) peek() byte {
	if c.pos < len(c.in) {
		return c.in[c.pos]
	}
	return 0
}

func (c *rewriter) literal(out []byte, word string) ([]byte, error) {
	if !bytes.HasPrefix(c.in[c.pos:], []byte(word)) {
		return nil, c.fail("unexpected input")
	}
	c.pos += len(word)
	return append(out, word...), nil
}

func (c *rewriter) value(out []byte, depth int) ([]byte, error) {
	if depth > maxRewriteDepth {
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
		return AppendString(out, s), nil
	case ch == 't':
		return c.literal(out, "true")
	case ch == 'f':
		return c.literal(out, "false")
	case ch == 'n':
		return c.literal(out, "null")
	case ch == '-' || (ch >= '0' && ch <= '9'):
		return c.number(out)
	case ch == 0:
		return nil, c.fail("unexpected end")
	}
	return nil, c.fail("unexpected input")
}

func (c *rewriter) number(out []byte) ([]byte, error) {
	start := c.pos
	if c.peek() == '-' {
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
}

func (c *rewriter) array(out []byte, depth int) ([]byte, error) {
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

// member is one object member written: out[start:end], which sorts by
// key.
type member struct {
	key        string
	start, end int
}

func (c *rewriter) object(out []byte, depth int) ([]byte, error) {
	c.pos++
	c.space()
	out = append(out, '{')
	if c.peek() == '}' {
		c.pos++
		return append(out, '}'), nil
	}
	var small [16]member
	members := small[:0]
	for {
		if c.peek() != '"' {
			return nil, c.fail("want a key")
		}
		k, err := c.str()
		if err != nil {
			return nil, err
		}
		c.space()
		if c.peek() != ':' {
			return nil, c.fail("want :")
		}
		c.pos++
		c.space()
		if len(members) > 0 {
			out = append(out, ',')
		}
		start := len(out)
		out = append(AppendString(out, k), ':')
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
		c.space()
	}
	var err error
	if out, c.scratch, err = sortMembers(out, members, c.scratch); err != nil {
		return nil, c.fail(err.Error())
	}
	return append(out, '}'), nil
}

// sortMembers puts the members written at the end of out, separated by
// commas, in the byte order of their keys, and refuses a key written
// twice. scratch is room it may use, returned for the next call.
func sortMembers(out []byte, members []member, scratch []byte) ([]byte, []byte, error) {
	sorted := true
	for i := 1; i < len(members); i++ {
		if members[i-1].key >= members[i].key {
			sorted = false
			break
		}
	}
	if sorted {
		return out, scratch, nil
	}
	first := members[0].start
	scratch = append(scratch[:0], out[first:]...)
	slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.key, b.key) })
	out = out[:first]
	for i, m := range members {
		if i > 0 {
			if members[i-1].key == m.key {
				return nil, scratch, fmt.Errorf("duplicate key %s", strconv.Quote(m.key))
			}
			out = append(out, ',')
		}
		out = append(out, scratch[m.start-first:m.end-first]...)
	}
	return out, scratch, nil
}

// str reads a JSON string and returns its value.
func (c *rewriter) str() (string, error) {
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
