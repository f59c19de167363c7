package turnfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
)

// ReadFile reads and parses the turn file at path (see Parse).
func ReadFile(path string, games *engine.Registry) (*File, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, games)
}

// readLimited reads the file at path up to one byte more than MaxSize:
// enough for Parse to refuse a larger file without reading all of it.
func readLimited(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return io.ReadAll(io.LimitReader(fh, MaxSize+1))
}

var formatRE = regexp.MustCompile(`^([a-z][a-z0-9-]{0,30})/([0-9]{1,9})$`)

// Parse reads a turn file of one of the registry's games strictly (§2):
// it refuses files over MaxSize, invalid UTF-8, several YAML documents,
// anchors and aliases, tags, duplicate keys, unknown or missing fields,
// wrong types, out-of-range values and newer format versions. Every error
// is a *ParseError naming the line and field. Parse checks the form only;
// Open checks the content.
func Parse(data []byte, games *engine.Registry) (*File, error) {
	if len(data) > MaxSize {
		return nil, &ParseError{Reason: fmt.Sprintf("file is larger than %d bytes", MaxSize)}
	}
	if !utf8.Valid(data) {
		return nil, &ParseError{Line: badUTF8Line(data), Reason: "file is not valid UTF-8"}
	}
	root, err := parseYAML(data)
	if err != nil {
		return nil, err
	}
	game, err := checkFormat(root, games)
	if err != nil {
		return nil, err
	}
	f := &File{State: game.NewState(), game: game, source: data}
	d := newDecoder(game)
	if err := d.decode(root, reflect.ValueOf(f).Elem()); err != nil {
		return nil, err
	}
	if err := checkFile(f, nodeLines(root)); err != nil {
		return nil, err
	}
	return f, nil
}

func badUTF8Line(data []byte) int {
	line := 1
	for len(data) > 0 {
		c, size := utf8.DecodeRune(data)
		if c == utf8.RuneError && size <= 1 {
			return line
		}
		if c == '\n' {
			line++
		}
		data = data[size:]
	}
	return line
}

// parseYAML parses exactly one YAML document and returns its top node.
func parseYAML(data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &ParseError{Line: 1, Field: "format", Reason: "the file is empty: not an elasund turn file"}
		}
		return nil, yamlError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &ParseError{Line: extra.Line, Reason: "a second YAML document: a turn file holds one"}
	} else if !errors.Is(err, io.EOF) {
		return nil, yamlError(err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, &ParseError{Line: 1, Reason: "not an elasund turn file"}
	}
	if err := refuseBareTags(data, doc.Content[0]); err != nil {
		return nil, err
	}
	return doc.Content[0], nil
}

// refuseBareTags refuses a node written with the non-specific tag `!`
// (§7: no tags). YAML reads it as no tag at all, so the node tree does not
// show it; the source does, at the first character of the node, where
// nothing else can begin with '!'. The first such node in the document is
// named as the reader names a tagged node: by its field, or, for a key,
// by its mapping's. A file without a '!' costs one scan.
func refuseBareTags(data []byte, root *yaml.Node) error {
	if bytes.IndexByte(data, '!') < 0 {
		return nil
	}
	src := newNodeSource(data)
	var walk func(n *yaml.Node, p *fieldPath) error
	walk = func(n *yaml.Node, p *fieldPath) error {
		if src.bang(n) {
			return bad(n, p, "tag ! is not allowed: a turn file has no tags")
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if src.bang(k) {
					return bad(k, p, "tag ! is not allowed: a turn file has no tags")
				}
				if err := walk(n.Content[i+1], &fieldPath{up: p, name: k.Value}); err != nil {
					return err
				}
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				if err := walk(c, &fieldPath{up: p, item: i + 1}); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(root, nil)
}

// nodeSource finds where a node begins in the bytes it was parsed from:
// YAML counts lines and columns in characters, and breaks lines at LF,
// CR, CR LF, NEL, LS and PS.
type nodeSource struct {
	data []byte
	// lines are the offsets where lines begin; marked[i] says whether
	// line i+1 holds a '!'.
	lines  []int
	marked []bool
}

func newNodeSource(data []byte) *nodeSource {
	s := &nodeSource{data: data}
	start := 0
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		// The byte order mark is not part of the first line.
		start = len("\uFEFF")
	}
	mark := false
	for i := start; i < len(data); {
		size := lineBreak(data[i:])
		if size == 0 {
			mark = mark || data[i] == '!'
			i++
			continue
		}
		s.lines, s.marked = append(s.lines, start), append(s.marked, mark)
		i += size
		start, mark = i, false
	}
	s.lines, s.marked = append(s.lines, start), append(s.marked, mark)
	return s
}

// lineBreak returns the length of the line break b begins with, 0 for
// none.
func lineBreak(b []byte) int {
	switch {
	case bytes.HasPrefix(b, []byte("\r\n")):
		return 2
	case b[0] == '\r' || b[0] == '\n':
		return 1
	case b[0] != 0xC2 && b[0] != 0xE2:
		return 0
	}
	for _, br := range []string{"\u0085", "\u2028", "\u2029"} {
		if bytes.HasPrefix(b, []byte(br)) {
			return len(br)
		}
	}
	return 0
}

// bang reports whether the node n begins with '!': a tag.
func (s *nodeSource) bang(n *yaml.Node) bool {
	if n.Line < 1 || n.Line > len(s.lines) || !s.marked[n.Line-1] {
		return false
	}
	at := s.lines[n.Line-1]
	for col := 1; col < n.Column && at < len(s.data); col++ {
		_, size := utf8.DecodeRune(s.data[at:])
		at += size
	}
	return at < len(s.data) && s.data[at] == '!'
}

var yamlLineRE = regexp.MustCompile(`line ([0-9]+)`)

// yamlError turns a YAML syntax error into a *ParseError with its line.
func yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = strings.TrimSpace(strings.Replace(msg, m[0]+":", "", 1))
	}
	return &ParseError{Line: line, Reason: "not valid YAML: " + msg}
}

// checkFormat looks at the format field before anything else, so that a
// newer file is refused as newer and not for its unknown fields (§2.1),
// and returns the game it names.
func checkFormat(root *yaml.Node, games *engine.Registry) (engine.Game, error) {
	if root.Kind != yaml.MappingNode {
		return nil, &ParseError{Line: root.Line, Reason: "not an elasund turn file: the top level is not a mapping"}
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Value != "format" {
			continue
		}
		if v.Kind != yaml.ScalarNode {
			return nil, &ParseError{Line: v.Line, Field: "format", Reason: "not a string"}
		}
		if g, ok := games.ByFormat(v.Value); ok {
			return g, nil
		}
		if m := formatRE.FindStringSubmatch(v.Value); m != nil {
			for _, g := range games.Games() {
				if g.Name() == m[1] {
					return nil, &ParseError{Line: v.Line, Field: "format", Reason: fmt.Sprintf("%s is newer than this program reads (%s): upgrade elasund", v.Value, g.Format())}
				}
			}
		}
		return nil, &ParseError{Line: v.Line, Field: "format", Reason: fmt.Sprintf("%q is not an elasund turn file format (want %s)", v.Value, formats(games))}
	}
	return nil, &ParseError{Line: root.Line, Field: "format", Reason: "missing: not an elasund turn file"}
}

// formats lists the formats a registry reads.
func formats(games *engine.Registry) string {
	var out []string
	for _, g := range games.Games() {
		out = append(out, g.Format())
	}
	return strings.Join(out, " or ")
}
