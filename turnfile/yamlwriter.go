package turnfile

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// yamlWriter writes a JSON text, as encoding/json writes it, straight to
// the YAML that yaml.v3's encoder makes of it in encodeYAMLNodes (§2.5):
// the same bytes, without building nodes or events. It writes what
// turn files and dispute reports hold (mappings, lists, strings,
// integers, booleans, null) and leaves the rest to yaml.v3 (it fails):
// numbers that are not integers, strings yaml.v3 writes as block
// scalars or across lines, keys it writes in the complex form. Its
// choices of style follow yaml.v3's emitter (go.yaml.in/yaml/v3
// v3.0.6, emitterc.go: the analysis of a scalar and the choice of its
// style), which TestWriterMatchesYAML and FuzzWriterMatchesYAML compare
// it with.
//
// The layout: block style, two spaces an indent, lists indented below
// their key, the first field of a mapping in a list on the line of its
// "- "; empty collections as [] and {}; and flow style for the
// collections holding only scalars and empty collections below the
// top-level field named by flow.
type yamlWriter struct {
	in  []byte
	pos int
	out []byte
}

// writeYAML returns the YAML encodeYAMLNodes makes of raw with the
// given flow field, or false where the writer leaves raw to it.
func writeYAML(raw []byte, flow string) ([]byte, bool) {
	w := &yamlWriter{in: raw, out: make([]byte, 0, len(raw)+len(raw)/2)}
	if !w.nonEmptyAt('{') || !w.blockMapping(0, false, false, flow) || w.pos != len(raw) {
		return nil, false
	}
	return w.out, true
}

// peek is the byte at the reading position, 0 at the end.
func (w *yamlWriter) peek() byte {
	if w.pos < len(w.in) {
		return w.in[w.pos]
	}
	return 0
}

// eat moves past c if it is next.
func (w *yamlWriter) eat(c byte) bool {
	if w.peek() != c {
		return false
	}
	w.pos++
	return true
}

// closer is the byte that ends a collection begun with c.
func closer(c byte) byte {
	if c == '{' {
		return '}'
	}
	return ']'
}

// nonEmptyAt reports whether a collection begun with open, and not empty,
// is next.
func (w *yamlWriter) nonEmptyAt(open byte) bool {
	return w.peek() == open && w.pos+1 < len(w.in) && w.in[w.pos+1] != closer(open)
}

// emptyCollection writes an empty collection, if one is next, in flow
// style ([] or {}), after a space when spaced.
func (w *yamlWriter) emptyCollection(spaced bool) bool {
	c := w.peek()
	if (c != '{' && c != '[') || w.pos+1 >= len(w.in) || w.in[w.pos+1] != closer(c) {
		return false
	}
	if spaced {
		w.out = append(w.out, ' ')
	}
	w.out = append(w.out, c, closer(c))
	w.pos += 2
	return true
}

// leaf reports whether the collection next holds only scalars and empty
// collections: below the flow field, yaml.v3 is told to write it in
// flow style.
func (w *yamlWriter) leaf() bool {
	for i := w.pos + 1; i < len(w.in); i++ {
		switch c := w.in[i]; c {
		case '"':
			i = stringEnd(w.in, i)
		case '{', '[':
			if i+1 >= len(w.in) || w.in[i+1] != closer(c) {
				return false
			}
			i++
		case '}', ']':
			return true
		}
	}
	return false
}

// stringEnd is where the JSON string that begins at in[at] ends: the
// index of its closing quote, or len(in).
func stringEnd(in []byte, at int) int {
	for i := at + 1; i < len(in); i++ {
		switch in[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(in)
}

// indent writes n spaces.
func (w *yamlWriter) indent(n int) {
	for range n {
		w.out = append(w.out, ' ')
	}
}

// blockMapping writes the object next (not empty) as a block mapping
// whose keys are indent spaces in, the first on the current line when
// inline (after a list item's "- "). Leaves are written in flow style
// below it when flow is set, or below its field named flowKey.
func (w *yamlWriter) blockMapping(indent int, inline, flow bool, flowKey string) bool {
	w.pos++
	for first := true; ; first = false {
		if !first || !inline {
			w.indent(indent)
		}
		key, ok := w.str()
		if !ok || !w.eat(':') || !w.stringScalar(key, false, true) {
			return false
		}
		w.out = append(w.out, ':')
		if !w.blockValue(indent, flow || flowKey != "" && string(key) == flowKey, false) {
			return false
		}
		if !w.eat(',') {
			return w.eat('}')
		}
	}
}

// blockSequence writes the list next (not empty) as a block sequence
// whose dashes are indent spaces in, the first on the current line when
// inline (after another item's "- ").
func (w *yamlWriter) blockSequence(indent int, inline, flow bool) bool {
	w.pos++
	for first := true; ; first = false {
		if !first || !inline {
			w.indent(indent)
		}
		w.out = append(w.out, '-')
		if !w.blockValue(indent, flow, true) {
			return false
		}
		if !w.eat(',') {
			return w.eat(']')
		}
	}
}

// blockValue writes the value next after a mapping's key and colon, or
// after a list item's dash, at indent, and ends its line. A block
// collection goes on the lines below a key, two spaces further in, and
// on the dash's line in a list.
func (w *yamlWriter) blockValue(indent int, flow, item bool) bool {
	c := w.peek()
	switch {
	case w.emptyCollection(true):
	case (c == '{' || c == '[') && flow && w.leaf():
		w.out = append(w.out, ' ')
		if !w.flowCollection() {
			return false
		}
	case c == '{' || c == '[':
		if item {
			w.out = append(w.out, ' ')
		} else {
			w.out = append(w.out, '\n')
		}
		if c == '{' {
			return w.blockMapping(indent+2, item, flow, "")
		}
		return w.blockSequence(indent+2, item, flow)
	default:
		w.out = append(w.out, ' ')
		if !w.scalar(false) {
			return false
		}
	}
	w.out = append(w.out, '\n')
	return true
}

// flowCollection writes the collection next, which holds only scalars
// and empty collections, in flow style: [a, b] or {k: v, l: w}.
func (w *yamlWriter) flowCollection() bool {
	open := w.peek()
	w.pos++
	w.out = append(w.out, open)
	for first := true; ; first = false {
		if w.eat(closer(open)) {
			w.out = append(w.out, closer(open))
			return true
		}
		if !first {
			if !w.eat(',') {
				return false
			}
			w.out = append(w.out, ',', ' ')
		}
		if open == '{' {
			key, ok := w.str()
			if !ok || !w.eat(':') || !w.stringScalar(key, true, true) {
				return false
			}
			w.out = append(w.out, ':', ' ')
		}
		if !w.emptyCollection(false) && !w.scalar(true) {
			return false
		}
	}
}

// scalar writes the string, number, boolean or null next, in flow
// context or in block context.
func (w *yamlWriter) scalar(flow bool) bool {
	switch c := w.peek(); {
	case c == '"':
		s, ok := w.str()
		return ok && w.stringScalar(s, flow, false)
	case c == 't' || c == 'f' || c == 'n':
		for _, word := range []string{"true", "false", "null"} {
			if len(w.in)-w.pos >= len(word) && string(w.in[w.pos:w.pos+len(word)]) == word {
				w.out = append(w.out, word...)
				w.pos += len(word)
				return true
			}
		}
		return false
	default:
		return w.number()
	}
}

// number writes the integer next as it stands. yaml.v3 writes a number
// that does not read back as an integer with a tag: the writer leaves it
// to yaml.v3.
func (w *yamlWriter) number() bool {
	start := w.pos
	for w.pos < len(w.in) && isNumberByte(w.in[w.pos]) {
		w.pos++
	}
	n := w.in[start:w.pos]
	if len(n) == 0 || !plainInteger(n) && (&yaml.Node{Kind: yaml.ScalarNode, Value: string(n)}).ShortTag() != "!!int" {
		return false
	}
	w.out = append(w.out, n...)
	return true
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// plainInteger reports whether n is an integer of at most 18 digits,
// which YAML reads as an integer for certain.
func plainInteger(n []byte) bool {
	if len(n) > 0 && n[0] == '-' {
		n = n[1:]
	}
	if len(n) == 0 || len(n) > 18 {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// str reads the JSON string next and returns its value. A string
// without escapes is its own bytes; any other is decoded as
// encoding/json decodes it (yaml.v3's encoder was given that value).
func (w *yamlWriter) str() ([]byte, bool) {
	if w.peek() != '"' {
		return nil, false
	}
	start := w.pos
	escaped, high := false, false
	i := start + 1
	for ; i < len(w.in) && w.in[i] != '"'; i++ {
		switch c := w.in[i]; {
		case c == '\\':
			escaped = true
			i++
		case c < 0x20:
			escaped = true
		case c >= utf8.RuneSelf:
			high = true
		}
	}
	if i >= len(w.in) {
		return nil, false
	}
	w.pos = i + 1
	if raw := w.in[start+1 : i]; !escaped && (!high || utf8.Valid(raw)) {
		return raw, true
	}
	var s string
	if err := json.Unmarshal(w.in[start:i+1], &s); err != nil {
		return nil, false
	}
	return []byte(s), true
}

// The styles of a scalar the writer writes.
const (
	plainScalar = iota + 1
	singleQuoted
	doubleQuoted
)

// stringScalar writes a string: a key (simple, on its own line or in a
// flow mapping) or a value, in flow context or block context.
func (w *yamlWriter) stringScalar(s []byte, flow, key bool) bool {
	style := scalarStyle(s, flow, key)
	switch style {
	case plainScalar:
		w.out = append(w.out, s...)
	case singleQuoted:
		w.out = append(w.out, '\'')
		for _, c := range s {
			if c == '\'' {
				w.out = append(w.out, '\'')
			}
			w.out = append(w.out, c)
		}
		w.out = append(w.out, '\'')
	case doubleQuoted:
		w.out = appendDoubleQuoted(w.out, s)
	default:
		return false
	}
	return true
}

// scalarStyle is how yaml.v3's encoder writes the string s, or 0 where
// the writer leaves it to yaml.v3: a block scalar, a plain or
// single-quoted scalar across lines, a key in the complex form (over 128
// bytes, or across lines).
//
// yaml.v3 asks for a literal block scalar when s holds a line feed, and
// for double quotes when s written plain would read as another type
// (number, boolean, null, timestamp); else for plain style. Its emitter
// then falls back from plain to single quotes, and from single quotes
// or a block scalar to double quotes, where what s holds does not allow
// them (scalarTraits).
func scalarStyle(s []byte, flow, key bool) int {
	t := analyzeScalar(s)
	if key && (t.multiline || len(s) > 128) {
		return 0
	}
	style := plainScalar
	switch {
	case containsByte(s, '\n'):
		if t.block && !flow && !key {
			return 0
		}
		return doubleQuoted
	case readsAsOther(s):
		return doubleQuoted
	}
	if flow && !t.flowPlain || !flow && !t.blockPlain || len(s) == 0 && (flow || key) {
		style = singleQuoted
	}
	if style == singleQuoted && !t.singleQuoted {
		style = doubleQuoted
	}
	if style != doubleQuoted && t.multiline {
		return 0
	}
	return style
}

func containsByte(s []byte, c byte) bool {
	for _, b := range s {
		if b == c {
			return true
		}
	}
	return false
}

// readsAsOther reports whether YAML reads s, written plain, as anything
// but a string. Only an empty string, or one beginning with a sign, a
// digit, a dot or one of "yYnNtTfFoO~<", can; those yaml.v3 itself
// resolves.
func readsAsOther(s []byte) bool {
	if len(s) == 0 {
		return true
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9':
	case c == '+', c == '-', c == '.', c == '~', c == '<':
	case c == 'y', c == 'Y', c == 'n', c == 'N', c == 't', c == 'T', c == 'f', c == 'F', c == 'o', c == 'O':
	default:
		return false
	}
	return (&yaml.Node{Kind: yaml.ScalarNode, Value: string(s)}).ShortTag() != "!!str"
}

// scalarTraits are what allows each style of a scalar, as yaml.v3's
// emitter judges it from what the scalar holds.
type scalarTraits struct {
	multiline    bool // it holds a line break
	flowPlain    bool // plain style in flow context
	blockPlain   bool // plain style in block context
	singleQuoted bool
	block        bool // a block scalar
}

// analyzeScalar judges s as yaml.v3's emitter does. Plain style is out
// for a scalar that begins or ends with a space or a line break, holds a
// tab, a character that is not printable, or indicators (in flow context
// also the flow indicators ",[]{}", ":" and "?" anywhere; in block
// context ": " and " #", and an indicator first). Single quotes are out
// for a scalar with tabs or characters not printable, or with a space
// next to a line break; block scalars for one with trailing spaces,
// characters not printable or a space before a line break.
func analyzeScalar(s []byte) scalarTraits {
	if len(s) == 0 {
		return scalarTraits{blockPlain: true, singleQuoted: true}
	}
	var blockInd, flowInd, breaks, special, tabs, edge, trailSpace, breakSpace, spaceBreak bool
	if len(s) >= 3 && (string(s[:3]) == "---" || string(s[:3]) == "...") {
		blockInd, flowInd = true, true
	}
	afterBlank, afterSpace, afterBreak := true, false, false
	for i := 0; i < len(s); {
		c := s[i]
		n := charWidth(c)
		beforeBlank := i+n >= len(s) || s[i+n] == ' ' || s[i+n] == '\t'
		switch {
		case i == 0 && isIndicator(c):
			flowInd, blockInd = true, true
		case i == 0 && (c == '?' || c == ':'), i > 0 && c == ':':
			flowInd = true
			blockInd = blockInd || beforeBlank
		case i == 0 && c == '-':
			flowInd = flowInd || beforeBlank
			blockInd = blockInd || beforeBlank
		case i > 0 && (c == ',' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}'):
			flowInd = true
		case i > 0 && c == '#' && afterBlank:
			flowInd, blockInd = true, true
		}
		if c == '\t' {
			tabs = true
		} else if !printable(s, i) {
			special = true
		}
		brk := breakAt(s, i)
		switch {
		case c == ' ':
			edge = edge || i == 0 || i+n == len(s)
			trailSpace = trailSpace || i+n == len(s)
			breakSpace = breakSpace || afterBreak
			afterSpace, afterBreak = true, false
		case brk:
			breaks = true
			edge = edge || i == 0 || i+n == len(s)
			spaceBreak = spaceBreak || afterSpace
			afterSpace, afterBreak = false, true
		default:
			afterSpace, afterBreak = false, false
		}
		afterBlank = c == ' ' || c == '\t' || brk || c == 0
		i += n
	}
	t := scalarTraits{multiline: breaks, flowPlain: true, blockPlain: true, singleQuoted: true, block: true}
	if edge || breaks || breakSpace || spaceBreak || tabs || special {
		t.flowPlain, t.blockPlain = false, false
	}
	if breakSpace || spaceBreak || tabs || special {
		t.singleQuoted = false
	}
	if trailSpace || spaceBreak || special {
		t.block = false
	}
	if flowInd {
		t.flowPlain = false
	}
	if blockInd {
		t.blockPlain = false
	}
	return t
}

// isIndicator reports whether c, first in a scalar, keeps it from being
// plain in any context.
func isIndicator(c byte) bool {
	switch c {
	case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return true
	}
	return false
}

// charWidth is the length of the UTF-8 sequence lead begins.
func charWidth(lead byte) int {
	switch {
	case lead < 0x80:
		return 1
	case lead&0xE0 == 0xC0:
		return 2
	case lead&0xF0 == 0xE0:
		return 3
	}
	return 4
}

// printable reports whether the character at s[i] may stand unescaped in
// a YAML scalar, as yaml.v3 judges it: line feed, printable ASCII, and
// U+00A0 to U+FFFD but for surrogates, the byte order mark, U+FFFE and
// U+FFFF. It counts the characters past U+FFFF as not printable.
func printable(s []byte, i int) bool {
	c := s[i]
	switch {
	case c == '\n' || c >= 0x20 && c <= 0x7E:
		return true
	case c == 0xC2:
		return s[i+1] >= 0xA0
	case c > 0xC2 && c < 0xED, c == 0xEE:
		return true
	case c == 0xED:
		return s[i+1] < 0xA0
	case c == 0xEF:
		return !(s[i+1] == 0xBB && s[i+2] == 0xBF) && !(s[i+1] == 0xBF && (s[i+2] == 0xBE || s[i+2] == 0xBF))
	}
	return false
}

// breakAt reports whether a line break begins at s[i]: CR, LF, NEL, LS
// or PS.
func breakAt(s []byte, i int) bool {
	switch s[i] {
	case '\r', '\n':
		return true
	case 0xC2:
		return s[i+1] == 0x85
	case 0xE2:
		return s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9)
	}
	return false
}

// appendDoubleQuoted appends s in double quotes, escaping as yaml.v3
// does: the characters not printable, line breaks, '"' and '\\' (and,
// when s begins with a byte order mark, every character).
func appendDoubleQuoted(b, s []byte) []byte {
	bom := len(s) >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		n := charWidth(c)
		if printable(s, i) && !bom && !breakAt(s, i) && c != '"' && c != '\\' {
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		i += size
		b = appendEscape(b, r)
	}
	return append(b, '"')
}

// shortEscapes are the characters written with a letter after the
// backslash.
var shortEscapes = map[rune]byte{
	0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0A: 'n', 0x0B: 'v', 0x0C: 'f', 0x0D: 'r', 0x1B: 'e',
	'"': '"', '\\': '\\', 0x85: 'N', 0xA0: '_', 0x2028: 'L', 0x2029: 'P',
}

// appendEscape appends the escape of r: a letter, or \x, \u or \U and
// two, four or eight upper-case hex digits.
func appendEscape(b []byte, r rune) []byte {
	b = append(b, '\\')
	if c, ok := shortEscapes[r]; ok {
		return append(b, c)
	}
	digits := 8
	switch {
	case r <= 0xFF:
		b, digits = append(b, 'x'), 2
	case r <= 0xFFFF:
		b, digits = append(b, 'u'), 4
	default:
		b = append(b, 'U')
	}
	hex := strconv.FormatUint(uint64(r), 16)
	for range digits - len(hex) {
		b = append(b, '0')
	}
	for _, h := range []byte(hex) {
		if h >= 'a' {
			h -= 'a' - 'A'
		}
		b = append(b, h)
	}
	return b
}
