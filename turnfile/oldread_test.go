package turnfile

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
)

// oldParse is Parse as it was before the reader decoded nodes straight
// into the typed structs: nodes to values, values to JSON, JSON to the
// structs. The differential test holds the new reader to it.
func oldParse(data []byte, games *engine.Registry) (*File, error) {
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
	r := &oldReader{lines: map[string]int{}, state: reflect.TypeOf(game.NewState())}
	for _, c := range game.Choices() {
		r.choices = append(r.choices, c.Name)
	}
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
	if err := checkFile(f, func(field string) int { return oldLineOf(r.lines, field) }); err != nil {
		return nil, err
	}
	return f, nil
}

// oldLineOf is lineOf of the recorded lines.
func oldLineOf(lines map[string]int, field string) int {
	for f := field; ; {
		if l, ok := lines[f]; ok {
			return l
		}
		i := strings.LastIndexAny(f, ".[")
		if i < 0 {
			return lines[""]
		}
		f = f[:i]
	}
}

// oldReader converts a YAML node tree into a JSON-ready value, checking it
// against a Go type, and records the line of every field it meets.
type oldReader struct {
	lines map[string]int
	depth int
	// state is the type of the game's state, read where the File has
	// its engine.State field.
	state reflect.Type
	// choices are the game's set-up choices, fields of the header.
	choices []string
}

var (
	oldTextUnmarshaler = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	oldJSONUnmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	oldIntRE           = regexp.MustCompile(`^-?(0|[1-9][0-9]{0,17})$`)
	oldStateType       = reflect.TypeOf((*engine.State)(nil)).Elem()
)

const oldMaxDepth = 32

func oldJoin(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func oldIndex(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i+1) }

func oldDescribe(n *yaml.Node) string {
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

func (r *oldReader) value(n *yaml.Node, t reflect.Type, path string, line int) (any, error) {
	r.lines[path] = n.Line
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "anchors and aliases are not allowed"}
	}
	if err := oldUntagged(n, path); err != nil {
		return nil, err
	}
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > oldMaxDepth {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "nested too deeply"}
	}
	if t == oldStateType {
		t = r.state
	}
	if t.Kind() == reflect.Pointer {
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			return nil, nil
		}
		return r.value(n, t.Elem(), path, line)
	}
	if t == headerType {
		return r.object(n, t, path)
	}
	if reflect.PointerTo(t).Implements(oldJSONUnmarshaler) {
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
	if reflect.PointerTo(t).Implements(oldTextUnmarshaler) {
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
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want true or false, not %s", oldDescribe(n))}
		}
		return n.Value == "true", nil
	case reflect.Int, reflect.Int64:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || !oldIntRE.MatchString(n.Value) {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a whole number, not %s", oldDescribe(n))}
		}
		if strings.HasPrefix(n.Value, "-") {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: "must not be negative"}
		}
		return json.Number(n.Value), nil
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a list, not %s", oldDescribe(n))}
		}
		if t.Kind() == reflect.Array && len(n.Content) != t.Len() {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a list of %d, not %d", t.Len(), len(n.Content))}
		}
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			if err := oldNotNull(c, t.Elem(), oldIndex(path, i)); err != nil {
				return nil, err
			}
			v, err := r.value(c, t.Elem(), oldIndex(path, i), n.Line)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a mapping, not %s", oldDescribe(n))}
		}
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, c := n.Content[i], n.Content[i+1]
			key, err := r.key(k, path)
			if err != nil {
				return nil, err
			}
			if _, dup := out[key]; dup {
				return nil, &ParseError{Line: k.Line, Field: oldJoin(path, key), Reason: "duplicate key"}
			}
			kt := t.Key()
			if reflect.PointerTo(kt).Implements(oldTextUnmarshaler) {
				if err := reflect.New(kt).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key)); err != nil {
					return nil, &ParseError{Line: k.Line, Field: oldJoin(path, key), Reason: err.Error()}
				}
			} else if kt.Kind() != reflect.String {
				return nil, &ParseError{Line: k.Line, Field: path, Reason: "unsupported key type"}
			}
			if err := oldNotNull(c, t.Elem(), oldJoin(path, key)); err != nil {
				return nil, err
			}
			var v any
			if t.Elem().Kind() == reflect.String && c.Kind == yaml.ScalarNode && (c.Tag == "!!int" || c.Tag == "!!bool" || c.Tag == "!!str") {
				// Option values may be written as numbers or booleans.
				if err := oldUntagged(c, oldJoin(path, key)); err != nil {
					return nil, err
				}
				r.lines[oldJoin(path, key)] = c.Line
				v = c.Value
			} else if v, err = r.value(c, t.Elem(), oldJoin(path, key), k.Line); err != nil {
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

// oldNotNull refuses null for a pointer-typed list element or map value:
// only fields may be null.
func oldNotNull(n *yaml.Node, t reflect.Type, path string) error {
	if t.Kind() == reflect.Pointer && n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return &ParseError{Line: n.Line, Field: path, Reason: "must not be null"}
	}
	return nil
}

// scalar returns a string scalar; YAML timestamps count as text.
func (r *oldReader) scalar(n *yaml.Node, path, want string) (string, error) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!str" && n.Tag != "!!timestamp") {
		return "", &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want %s, not %s", want, oldDescribe(n))}
	}
	return n.Value, nil
}

// oldUntagged refuses a node written with a tag, even a standard one such as
// !!str (§7): a turn file's types come from its schema, never from tags.
func oldUntagged(n *yaml.Node, path string) error {
	if n.Style&yaml.TaggedStyle != 0 || (n.Tag != "" && !strings.HasPrefix(n.Tag, "!!")) {
		return &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("tag %s is not allowed: a turn file has no tags", n.Tag)}
	}
	return nil
}

// key reads a mapping key, which must be a plain scalar.
func (r *oldReader) key(k *yaml.Node, path string) (string, error) {
	if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
		return "", &ParseError{Line: k.Line, Field: path, Reason: "merge keys (<<) are not allowed: write every field out"}
	}
	if err := oldUntagged(k, path); err != nil {
		return "", err
	}
	if k.Kind != yaml.ScalarNode || k.Anchor != "" || (k.Tag != "!!str" && k.Tag != "!!int") {
		return "", &ParseError{Line: k.Line, Field: path, Reason: fmt.Sprintf("a key must be text, not %s", oldDescribe(k))}
	}
	return k.Value, nil
}

type oldFieldInfo struct {
	oldIndex int
	name     string
	optional bool
}

func oldFieldsOf(t reflect.Type) []oldFieldInfo {
	var out []oldFieldInfo
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
		out = append(out, oldFieldInfo{oldIndex: i, name: name, optional: strings.Contains(opts, "omitempty")})
	}
	return out
}

func (r *oldReader) object(n *yaml.Node, t reflect.Type, path string) (any, error) {
	if n.Kind != yaml.MappingNode {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("want a mapping, not %s", oldDescribe(n))}
	}
	fields := oldFieldsOf(t)
	out := make(map[string]any, len(fields))
	seen := make(map[string]bool, len(fields))
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, c := n.Content[i], n.Content[i+1]
		key, err := r.key(k, path)
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, &ParseError{Line: k.Line, Field: oldJoin(path, key), Reason: "duplicate key"}
		}
		seen[key] = true
		var fi *oldFieldInfo
		for j := range fields {
			if fields[j].name == key {
				fi = &fields[j]
			}
		}
		if fi == nil && t == headerType && slices.Contains(r.choices, key) {
			if out[key], err = r.value(c, reflect.TypeOf(""), oldJoin(path, key), k.Line); err != nil {
				return nil, err
			}
			continue
		}
		if fi == nil {
			return nil, &ParseError{Line: k.Line, Field: oldJoin(path, key), Reason: "unknown field"}
		}
		v, err := r.value(c, t.Field(fi.oldIndex).Type, oldJoin(path, key), k.Line)
		if err != nil {
			return nil, err
		}
		out[key] = v
	}
	for _, fi := range fields {
		if !seen[fi.name] && !fi.optional {
			return nil, &ParseError{Line: n.Line, Field: oldJoin(path, fi.name), Reason: "missing"}
		}
	}
	return out, nil
}

// generic converts a node without a Go type, for types with their own
// JSON decoding; it still refuses aliases, duplicate keys and odd scalars.
func (r *oldReader) generic(n *yaml.Node, path string) (any, error) {
	r.lines[path] = n.Line
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return nil, &ParseError{Line: n.Line, Field: path, Reason: "anchors and aliases are not allowed"}
	}
	if err := oldUntagged(n, path); err != nil {
		return nil, err
	}
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > oldMaxDepth {
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
				return nil, &ParseError{Line: n.Content[i].Line, Field: oldJoin(path, key), Reason: "duplicate key"}
			}
			v, err := r.generic(n.Content[i+1], oldJoin(path, key))
			if err != nil {
				return nil, err
			}
			out[key] = v
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := r.generic(c, oldIndex(path, i))
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
			if oldIntRE.MatchString(n.Value) && !strings.HasPrefix(n.Value, "-") {
				return json.Number(n.Value), nil
			}
		}
	}
	return nil, &ParseError{Line: n.Line, Field: path, Reason: fmt.Sprintf("unexpected %s", oldDescribe(n))}
}

// oldParseDispute is ParseDispute with the old reader.
func oldParseDispute(data []byte, games *engine.Registry) (*Dispute, error) {
	if len(data) > 2*MaxSize {
		return nil, &ParseError{Reason: fmt.Sprintf("report is larger than %d bytes", 2*MaxSize)}
	}
	if !utf8.Valid(data) {
		return nil, &ParseError{Line: badUTF8Line(data), Reason: "report is not valid UTF-8"}
	}
	root, err := parseYAML(data)
	if err != nil {
		return nil, err
	}
	r := &oldReader{lines: map[string]int{}}
	if g := disputeGame(root, games); g != nil {
		for _, c := range g.Choices() {
			r.choices = append(r.choices, c.Name)
		}
	}
	v, err := r.value(root, reflect.TypeOf(Dispute{}), "", root.Line)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, &ParseError{Line: 1, Reason: err.Error()}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	d := &Dispute{}
	if err := dec.Decode(d); err != nil {
		return nil, &ParseError{Line: 1, Reason: err.Error()}
	}
	if d.Format != DisputeFormat {
		return nil, &ParseError{Line: oldLineOf(r.lines, "format"), Field: "format", Reason: fmt.Sprintf("want %s", DisputeFormat)}
	}
	g, ok := games.ByFormat(d.Game)
	if !ok {
		return nil, &ParseError{Line: oldLineOf(r.lines, "game"), Field: "game", Reason: fmt.Sprintf("%q is not a game's format this program reads (%s)", d.Game, formats(games))}
	}
	d.game = g
	f := d.file(append(append([]Entry{}, d.History...), d.A))
	bad := func(field, format string, args ...any) error {
		return &ParseError{Line: oldLineOf(r.lines, field), Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	if _, err := checkHead(f, bad); err != nil {
		return nil, err
	}
	for _, h := range [][]Entry{append(d.History, d.A), append(append([]Entry{}, d.History...), d.B)} {
		f.History = h
		for i := range h {
			if err := checkEntry(f, i, bad); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}
