package turnfile

import (
	"bytes"
	"encoding"
	"encoding/json"
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
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, MaxSize+1))
	if err != nil {
		return nil, err
	}
	return Parse(data, games)
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
	r := &reader{lines: map[string]int{}, state: reflect.TypeOf(game.NewState())}
	v, err := r.value(root, reflect.TypeOf(File{}), "", root.Line)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, &ParseError{Line: 1, Reason: err.Error()}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	f := &File{State: game.NewState(), game: game}
	if err := dec.Decode(f); err != nil {
		return nil, &ParseError{Line: 1, Reason: err.Error()}
	}
	if err := checkFile(f, r.lines); err != nil {
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
	return doc.Content[0], nil
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

// reader converts a YAML node tree into a JSON-ready value, checking it
// against a Go type, and records the line of every field it meets.
type reader struct {
	lines map[string]int
	depth int
	// state is the type of the game's state, read where the File has
	// its engine.State field.
	state reflect.Type
}

var (
	textUnmarshaler = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	jsonUnmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	intRE           = regexp.MustCompile(`^-?(0|[1-9][0-9]{0,17})$`)
	stateType       = reflect.TypeOf((*engine.State)(nil)).Elem()
)

const maxDepth = 32

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i+1) }

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!int":
		return "a number"
	case "!!bool":
		return "true/false"
	case "!!float":
		return "a decimal number"
	}
	return "text"
}

func (r *reader) value(n *yaml.Node, t reflect.Type, path string, line int) (any, error) {
	r.lines[path] = n.Line
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "anchors and aliases are not allowed"}
	}
	if err := untagged(n, path); err != nil {
		return nil, err
	}
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > maxDepth {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "nested too deeply"}
	}
	if t == stateType {
		t = r.state
	}
	if t.Kind() == reflect.Pointer {
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			return nil, nil
		}
		return r.value(n, t.Elem(), path, line)
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		v, err := r.generic(n, path)
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(v)
		if err == nil {
			err = reflect.New(t).Interface().(json.Unmarshaler).UnmarshalJSON(raw)
		}
		if err != nil {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: err.Error()}
		}
		return v, nil
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		s, err := r.scalar(n, path, "text")
		if err != nil {
			return nil, err
		}
		if err := reflect.New(t).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: err.Error()}
		}
		return s, nil
	}
	switch t.Kind() {
	case reflect.String:
		return r.scalar(n, path, "text")
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || (n.Value != "true" && n.Value != "false") {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want true or false, not %s", describe(n))}
		}
		return n.Value == "true", nil
	case reflect.Int, reflect.Int64:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || !intRE.MatchString(n.Value) {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a whole number, not %s", describe(n))}
		}
		if strings.HasPrefix(n.Value, "-") {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: "must not be negative"}
		}
		return json.Number(n.Value), nil
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a list, not %s", describe(n))}
		}
		if t.Kind() == reflect.Array && len(n.Content) != t.Len() {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a list of %d, not %d", t.Len(), len(n.Content))}
		}
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			if err := notNull(c, t.Elem(), index(path, i)); err != nil {
				return nil, err
			}
			v, err := r.value(c, t.Elem(), index(path, i), n.Line)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a mapping, not %s", describe(n))}
		}
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, c := n.Content[i], n.Content[i+1]
			key, err := r.key(k, path)
			if err != nil {
				return nil, err
			}
			if _, dup := out[key]; dup {
				return nil, &ParseError{Line: k.Line, Field: join(path, key), Reason: "duplicate key"}
			}
			kt := t.Key()
			if reflect.PointerTo(kt).Implements(textUnmarshaler) {
				if err := reflect.New(kt).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key)); err != nil {
					return nil, &ParseError{Line: k.Line, Field: join(path, key), Reason: err.Error()}
				}
			} else if kt.Kind() != reflect.String {
				return nil, &ParseError{Line: k.Line, Field: path, Reason: "unsupported key type"}
			}
			if err := notNull(c, t.Elem(), join(path, key)); err != nil {
				return nil, err
			}
			var v any
			if t.Elem().Kind() == reflect.String && c.Kind == yaml.ScalarNode && (c.Tag == "!!int" || c.Tag == "!!bool" || c.Tag == "!!str") {
				// Option values may be written as numbers or booleans.
				if err := untagged(c, join(path, key)); err != nil {
					return nil, err
				}
				r.lines[join(path, key)] = c.Line
				v = c.Value
			} else if v, err = r.value(c, t.Elem(), join(path, key), k.Line); err != nil {
				return nil, err
			}
			out[key] = v
		}
		return out, nil
	case reflect.Struct:
		return r.object(n, t, path)
	}
	return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("unsupported type %s", t)}
}

// notNull refuses null for a pointer-typed list element or map value:
// only fields may be null.
func notNull(n *yaml.Node, t reflect.Type, path string) error {
	if t.Kind() == reflect.Pointer && n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return &ParseError{Line: n.Line, Field: path, Reason: "must not be null"}
	}
	return nil
}

// scalar returns a string scalar; YAML timestamps count as text.
func (r *reader) scalar(n *yaml.Node, path, want string) (string, error) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!str" && n.Tag != "!!timestamp") {
		return "", &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want %s, not %s", want, describe(n))}
	}
	return n.Value, nil
}

// untagged refuses a node written with a tag, even a standard one such as
// !!str (§7): a turn file's types come from its schema, never from tags.
func untagged(n *yaml.Node, path string) error {
	if n.Style&yaml.TaggedStyle != 0 || (n.Tag != "" && !strings.HasPrefix(n.Tag, "!!")) {
		return &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("tag %s is not allowed: a turn file has no tags", n.Tag)}
	}
	return nil
}

// key reads a mapping key, which must be a plain scalar.
func (r *reader) key(k *yaml.Node, path string) (string, error) {
	if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
		return "", &ParseError{Line: k.Line, Field: path, Reason: "merge keys (<<) are not allowed: write every field out"}
	}
	if err := untagged(k, path); err != nil {
		return "", err
	}
	if k.Kind != yaml.ScalarNode || k.Anchor != "" || (k.Tag != "!!str" && k.Tag != "!!int") {
		return "", &ParseError{Line: k.Line, Field: path, Reason: fmt.Sprintf("a key must be text, not %s", describe(k))}
	}
	return k.Value, nil
}

type fieldInfo struct {
	index    int
	name     string
	optional bool
}

func fieldsOf(t reflect.Type) []fieldInfo {
	var out []fieldInfo
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		out = append(out, fieldInfo{index: i, name: name, optional: strings.Contains(opts, "omitempty")})
	}
	return out
}

func (r *reader) object(n *yaml.Node, t reflect.Type, path string) (any, error) {
	if n.Kind != yaml.MappingNode {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a mapping, not %s", describe(n))}
	}
	fields := fieldsOf(t)
	out := make(map[string]any, len(fields))
	seen := make(map[string]bool, len(fields))
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, c := n.Content[i], n.Content[i+1]
		key, err := r.key(k, path)
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, &ParseError{Line: k.Line, Field: join(path, key), Reason: "duplicate key"}
		}
		seen[key] = true
		var fi *fieldInfo
		for j := range fields {
			if fields[j].name == key {
				fi = &fields[j]
			}
		}
		if fi == nil {
			return nil, &ParseError{Line: k.Line, Field: join(path, key), Reason: "unknown field"}
		}
		v, err := r.value(c, t.Field(fi.index).Type, join(path, key), k.Line)
		if err != nil {
			return nil, err
		}
		out[key] = v
	}
	for _, fi := range fields {
		if !seen[fi.name] && !fi.optional {
			return nil, &ParseError{Line: n.Line, Field: join(path, fi.name), Reason: "missing"}
		}
	}
	return out, nil
}

// generic converts a node without a Go type, for types with their own
// JSON decoding; it still refuses aliases, duplicate keys and odd scalars.
func (r *reader) generic(n *yaml.Node, path string) (any, error) {
	r.lines[path] = n.Line
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "anchors and aliases are not allowed"}
	}
	if err := untagged(n, path); err != nil {
		return nil, err
	}
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > maxDepth {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "nested too deeply"}
	}
	switch n.Kind {
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, err := r.key(n.Content[i], path)
			if err != nil {
				return nil, err
			}
			if _, dup := out[key]; dup {
				return nil, &ParseError{Line: n.Content[i].Line, Field: join(path, key), Reason: "duplicate key"}
			}
			v, err := r.generic(n.Content[i+1], join(path, key))
			if err != nil {
				return nil, err
			}
			out[key] = v
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := r.generic(c, index(path, i))
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!str", "!!timestamp":
			return n.Value, nil
		case "!!null":
			return nil, nil
		case "!!bool":
			if n.Value == "true" || n.Value == "false" {
				return n.Value == "true", nil
			}
		case "!!int":
			if intRE.MatchString(n.Value) && !strings.HasPrefix(n.Value, "-") {
				return json.Number(n.Value), nil
			}
		}
	}
	return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("unexpected %s", describe(n))}
}
