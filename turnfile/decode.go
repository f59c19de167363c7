package turnfile

import (
	"cmp"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
)

// decoder reads a YAML node tree strictly into a Go value (§7): it checks
// every node against the value's type and stores it as it goes, refusing
// aliases, tags, duplicate keys, unknown and missing fields, wrong types
// and negative numbers, with the line and field path of the first
// problem.
//
// It stores what encoding/json would store from the JSON of the same
// nodes (the reader's first form: nodes to values, values to JSON, JSON to
// the structs; oldread_test.go keeps it as the reference): lists are never
// nil, maps are filled in the byte order of their keys, and the few values
// that only the JSON step refused (a map value read as text whose type
// decodes itself) are refused after every other check, the first in JSON
// order, as line 1.
type decoder struct {
	depth int
	// newState makes the game's empty state, decoded into where a File
	// has its engine.State.
	newState func() engine.State
	// choices are the names of the game's set-up choices, fields of the
	// header beside Header's own (§2.2).
	choices []string
	fields  map[reflect.Type][]fieldInfo
	// late is the first refusal of the JSON step, reported when nothing
	// else is wrong; latePath is its place.
	late     error
	latePath []pathStep
}

func newDecoder(game engine.Game) *decoder {
	d := &decoder{fields: map[reflect.Type][]fieldInfo{}}
	if game != nil {
		d.newState = game.NewState
		for _, c := range game.Choices() {
			d.choices = append(d.choices, c.Name)
		}
	}
	return d
}

// decode reads root into v (addressable) and returns the first problem.
func (d *decoder) decode(root *yaml.Node, v reflect.Value) error {
	if err := d.value(root, v, nil); err != nil {
		return err
	}
	return d.late
}

var (
	textUnmarshaler = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	jsonUnmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	intRE           = regexp.MustCompile(`^-?(0|[1-9][0-9]{0,17})$`)
	stateType       = reflect.TypeOf((*engine.State)(nil)).Elem()
	headerType      = reflect.TypeOf(Header{})
)

const maxDepth = 32

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i+1) }

// fieldPath is the dotted path of a field (§7: list items numbered from
// 1, as in history[3].sig), written out only when an error names it. The
// root is nil.
type fieldPath struct {
	up   *fieldPath
	name string
	// item is a list item's number (index + 1), 0 for a named field.
	item int
}

func (p *fieldPath) String() string {
	if p == nil {
		return ""
	}
	if p.item > 0 {
		return fmt.Sprintf("%s[%d]", p.up.String(), p.item)
	}
	return join(p.up.String(), p.name)
}

// pathStep is one step of a path, root first.
type pathStep struct {
	name string
	item int
}

func (p *fieldPath) steps() []pathStep {
	var out []pathStep
	for ; p != nil; p = p.up {
		out = append(out, pathStep{p.name, p.item})
	}
	slices.Reverse(out)
	return out
}

// jsonOrder compares two places in the order the JSON step met them:
// object members by the bytes of their names, list items by number.
func jsonOrder(a, b []pathStep) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := cmp.Compare(a[i].name, b[i].name); c != 0 {
			return c
		}
		if c := cmp.Compare(a[i].item, b[i].item); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// lateError keeps err, met at p in the JSON step, if it comes first.
func (d *decoder) lateError(p *fieldPath, err error) {
	steps := p.steps()
	if d.late == nil || jsonOrder(steps, d.latePath) < 0 {
		d.late, d.latePath = &ParseError{Line: 1, Reason: err.Error()}, steps
	}
}

func bad(n *yaml.Node, p *fieldPath, format string, args ...any) *ParseError {
	return &ParseError{Line: n.Line, Field: p.String(), Reason: fmt.Sprintf(format, args...)}
}

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

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// value reads n into v, which is addressable and holds its zero value
// (or, for a File's state, the game's empty state).
func (d *decoder) value(n *yaml.Node, v reflect.Value, p *fieldPath) error {
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return bad(n, p, "anchors and aliases are not allowed")
	}
	if err := untagged(n, p); err != nil {
		return err
	}
	d.depth++
	err := d.typed(n, v, p)
	d.depth--
	return err
}

func (d *decoder) typed(n *yaml.Node, v reflect.Value, p *fieldPath) error {
	if d.depth > maxDepth {
		return bad(n, p, "nested too deeply")
	}
	t := v.Type()
	if t == stateType {
		// The game's state, a pointer: null, or the game's empty state
		// read as that.
		if isNull(n) || d.newState == nil {
			v.SetZero()
			if isNull(n) {
				return nil
			}
			return bad(n, p, "unsupported type %s", t)
		}
		st := reflect.ValueOf(d.newState())
		v.Set(st)
		return d.value(n, st.Elem(), p)
	}
	if t.Kind() == reflect.Pointer {
		if isNull(n) {
			v.SetZero()
			return nil
		}
		e := reflect.New(t.Elem())
		if err := d.value(n, e.Elem(), p); err != nil {
			return err
		}
		v.Set(e)
		return nil
	}
	if t == headerType {
		return d.header(n, v, p)
	}
	pt := reflect.PointerTo(t)
	if pt.Implements(jsonUnmarshaler) {
		return d.unmarshalJSON(n, v, p)
	}
	if pt.Implements(textUnmarshaler) {
		s, err := scalar(n, p, "text")
		if err != nil {
			return err
		}
		if err := unmarshalText(v, s); err != nil {
			return bad(n, p, "%s", err.Error())
		}
		return nil
	}
	switch t.Kind() {
	case reflect.String:
		s, err := scalar(n, p, "text")
		if err != nil {
			return err
		}
		v.SetString(s)
		return nil
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || (n.Value != "true" && n.Value != "false") {
			return bad(n, p, "want true or false, not %s", describe(n))
		}
		v.SetBool(n.Value == "true")
		return nil
	case reflect.Int, reflect.Int64:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || !intRE.MatchString(n.Value) {
			return bad(n, p, "want a whole number, not %s", describe(n))
		}
		if strings.HasPrefix(n.Value, "-") {
			return bad(n, p, "must not be negative")
		}
		i, err := strconv.ParseInt(n.Value, 10, 64)
		if err != nil || v.OverflowInt(i) {
			d.lateError(p, fmt.Errorf("json: cannot unmarshal number %s into Go value of type %s", n.Value, t))
			return nil
		}
		v.SetInt(i)
		return nil
	case reflect.Slice, reflect.Array:
		return d.list(n, v, p)
	case reflect.Map:
		return d.mapping(n, v, p)
	case reflect.Struct:
		return d.object(n, v, p, nil)
	}
	return bad(n, p, "unsupported type %s", t)
}

// unmarshalJSON reads a value of a type that decodes its own JSON: the
// node as generic values, their JSON, and the type's UnmarshalJSON.
func (d *decoder) unmarshalJSON(n *yaml.Node, v reflect.Value, p *fieldPath) error {
	g, err := d.generic(n, p)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(g)
	if err == nil {
		if v.IsZero() {
			err = v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(raw)
		} else {
			// Refused as on an empty value; kept as on this one.
			if err = reflect.New(v.Type()).Interface().(json.Unmarshaler).UnmarshalJSON(raw); err == nil {
				if lerr := v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(raw); lerr != nil {
					d.lateError(p, lerr)
				}
			}
		}
	}
	if err != nil {
		return bad(n, p, "%s", err.Error())
	}
	return nil
}

// unmarshalText decodes s into v, a value whose pointer is a
// TextUnmarshaler: an error is the one an empty value gives.
func unmarshalText(v reflect.Value, s string) error {
	if v.IsZero() {
		return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	}
	if err := reflect.New(v.Type()).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
		return err
	}
	return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
}

func (d *decoder) list(n *yaml.Node, v reflect.Value, p *fieldPath) error {
	t := v.Type()
	if n.Kind != yaml.SequenceNode {
		return bad(n, p, "want a list, not %s", describe(n))
	}
	if t.Kind() == reflect.Array && len(n.Content) != t.Len() {
		return bad(n, p, "want a list of %d, not %d", t.Len(), len(n.Content))
	}
	out := v
	if t.Kind() == reflect.Slice {
		out = reflect.MakeSlice(t, len(n.Content), len(n.Content))
	}
	for i, c := range n.Content {
		item := fieldPath{up: p, item: i + 1}
		if err := notNull(c, t.Elem(), &item); err != nil {
			return err
		}
		if err := d.value(c, out.Index(i), &item); err != nil {
			return err
		}
	}
	if t.Kind() == reflect.Slice {
		v.Set(out)
	}
	return nil
}

// mapEntry is a map entry read, stored once every entry is read.
type mapEntry struct {
	key      string
	k, value reflect.Value
}

func (d *decoder) mapping(n *yaml.Node, v reflect.Value, p *fieldPath) error {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		return bad(n, p, "want a mapping, not %s", describe(n))
	}
	kt, et := t.Key(), t.Elem()
	textKey := reflect.PointerTo(kt).Implements(textUnmarshaler)
	entries := make([]mapEntry, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, c := n.Content[i], n.Content[i+1]
		key, err := mapKey(k, p)
		if err != nil {
			return err
		}
		field := fieldPath{up: p, name: key}
		for _, e := range entries {
			if e.key == key {
				return bad(k, &field, "duplicate key")
			}
		}
		kv := reflect.New(kt).Elem()
		if textKey {
			if err := kv.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key)); err != nil {
				return bad(k, &field, "%s", err.Error())
			}
		} else if kt.Kind() != reflect.String {
			return bad(k, p, "unsupported key type")
		} else {
			kv.SetString(key)
		}
		if err := notNull(c, et, &field); err != nil {
			return err
		}
		ev := reflect.New(et).Elem()
		if et.Kind() == reflect.String && c.Kind == yaml.ScalarNode && (c.Tag == "!!int" || c.Tag == "!!bool" || c.Tag == "!!str") {
			// Option values may be written as numbers or booleans: read
			// as text (§7).
			if err := untagged(c, &field); err != nil {
				return err
			}
			d.textValue(ev, c.Value, &field)
		} else if err := d.value(c, ev, &field); err != nil {
			return err
		}
		entries = append(entries, mapEntry{key: key, k: kv, value: ev})
	}
	out := reflect.MakeMapWithSize(t, len(entries))
	if textKey {
		// Keys that decode to one value: the last in byte order wins.
		slices.SortFunc(entries, func(a, b mapEntry) int { return strings.Compare(a.key, b.key) })
	}
	for _, e := range entries {
		out.SetMapIndex(e.k, e.value)
	}
	v.Set(out)
	return nil
}

// textValue stores text s in v, a string-kinded value, as encoding/json
// stores a JSON string: through the type's own decoding if it has one.
// Its refusal waits for the JSON step's turn.
func (d *decoder) textValue(v reflect.Value, s string, p *fieldPath) {
	var err error
	switch pt := reflect.PointerTo(v.Type()); {
	case pt.Implements(jsonUnmarshaler):
		raw, _ := json.Marshal(s)
		err = v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(raw)
	case pt.Implements(textUnmarshaler):
		err = v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	default:
		v.SetString(s)
	}
	if err != nil {
		d.lateError(p, err)
	}
}

// notNull refuses null for a pointer-typed list element or map value:
// only fields may be null.
func notNull(n *yaml.Node, t reflect.Type, p *fieldPath) error {
	if t.Kind() == reflect.Pointer && isNull(n) {
		return bad(n, p, "must not be null")
	}
	return nil
}

// scalar returns a string scalar; YAML timestamps count as text.
func scalar(n *yaml.Node, p *fieldPath, want string) (string, error) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!str" && n.Tag != "!!timestamp") {
		return "", bad(n, p, "want %s, not %s", want, describe(n))
	}
	return n.Value, nil
}

// untagged refuses a node written with a tag, even a standard one such as
// !!str (§7): a turn file's types come from its schema, never from tags.
func untagged(n *yaml.Node, p *fieldPath) error {
	if n.Style&yaml.TaggedStyle != 0 || (n.Tag != "" && !strings.HasPrefix(n.Tag, "!!")) {
		return bad(n, p, "tag %s is not allowed: a turn file has no tags", n.Tag)
	}
	return nil
}

// mapKey reads a mapping key, which must be a plain scalar.
func mapKey(k *yaml.Node, p *fieldPath) (string, error) {
	if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
		return "", bad(k, p, "merge keys (<<) are not allowed: write every field out")
	}
	if err := untagged(k, p); err != nil {
		return "", err
	}
	if k.Kind != yaml.ScalarNode || k.Anchor != "" || (k.Tag != "!!str" && k.Tag != "!!int") {
		return "", bad(k, p, "a key must be text, not %s", describe(k))
	}
	return k.Value, nil
}

type fieldInfo struct {
	index    int
	name     string
	optional bool
}

// fieldsOf lists the JSON fields of a struct type, once per decoder.
func (d *decoder) fieldsOf(t reflect.Type) []fieldInfo {
	if fs, ok := d.fields[t]; ok {
		return fs
	}
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
	d.fields[t] = out
	return out
}

// header reads the header (§2.2): Header's own fields, and the game's
// set-up choices as text into Choices.
func (d *decoder) header(n *yaml.Node, v reflect.Value, p *fieldPath) error {
	h := v.Addr().Interface().(*Header)
	return d.object(n, v, p, func(key string, c *yaml.Node, field *fieldPath) (bool, error) {
		if !slices.Contains(d.choices, key) {
			return false, nil
		}
		if _, dup := h.Choices[key]; dup {
			return true, bad(c, field, "duplicate key")
		}
		var s string
		if err := d.value(c, reflect.ValueOf(&s).Elem(), field); err != nil {
			return true, err
		}
		if h.Choices == nil {
			h.Choices = map[string]string{}
		}
		h.Choices[key] = s
		return true, nil
	})
}

// extraField reads a field that is not one of the struct's own, the key
// of a mapping node at field: ok is false when it is not known either.
type extraField func(key string, n *yaml.Node, field *fieldPath) (ok bool, err error)

// object reads a struct, its fields named as encoding/json names them;
// extra, when given, reads the fields that are not the struct's own.
func (d *decoder) object(n *yaml.Node, v reflect.Value, p *fieldPath, extra extraField) error {
	if n.Kind != yaml.MappingNode {
		return bad(n, p, "want a mapping, not %s", describe(n))
	}
	fields := d.fieldsOf(v.Type())
	var small [32]bool
	var seen []bool
	if len(fields) <= len(small) {
		seen = small[:len(fields)]
	} else {
		seen = make([]bool, len(fields))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, c := n.Content[i], n.Content[i+1]
		key, err := mapKey(k, p)
		if err != nil {
			return err
		}
		field := fieldPath{up: p, name: key}
		fi := -1
		for j := range fields {
			if fields[j].name == key {
				fi = j
			}
		}
		if fi < 0 {
			if extra != nil {
				ok, err := extra(key, c, &field)
				if err != nil {
					return err
				}
				if ok {
					continue
				}
			}
			return bad(k, &field, "unknown field")
		}
		if seen[fi] {
			return bad(k, &field, "duplicate key")
		}
		seen[fi] = true
		if err := d.value(c, v.Field(fields[fi].index), &field); err != nil {
			return err
		}
	}
	for i, fi := range fields {
		if !seen[i] && !fi.optional {
			return bad(n, &fieldPath{up: p, name: fi.name}, "missing")
		}
	}
	return nil
}

// generic converts a node without a Go type, for types with their own
// JSON decoding; it still refuses aliases, duplicate keys and odd scalars.
func (d *decoder) generic(n *yaml.Node, p *fieldPath) (any, error) {
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return nil, bad(n, p, "anchors and aliases are not allowed")
	}
	if err := untagged(n, p); err != nil {
		return nil, err
	}
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > maxDepth {
		return nil, bad(n, p, "nested too deeply")
	}
	switch n.Kind {
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, err := mapKey(n.Content[i], p)
			if err != nil {
				return nil, err
			}
			field := fieldPath{up: p, name: key}
			if _, dup := out[key]; dup {
				return nil, bad(n.Content[i], &field, "duplicate key")
			}
			v, err := d.generic(n.Content[i+1], &field)
			if err != nil {
				return nil, err
			}
			out[key] = v
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := d.generic(c, &fieldPath{up: p, item: i + 1})
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
	return nil, bad(n, p, "unexpected %s", describe(n))
}

// nodeLines returns the line of a field of the tree under root, or of its
// nearest parent that the tree holds (§7): what the checks after reading
// name their fields by. The lines are gathered on the first call, so that
// a file that passes costs nothing.
func nodeLines(root *yaml.Node) func(field string) int {
	var lines map[string]int
	return func(field string) int {
		if lines == nil {
			lines = map[string]int{}
			walkLines(root, "", lines)
		}
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
}

// walkLines records the line of every value under n, by its path.
func walkLines(n *yaml.Node, path string, lines map[string]int) {
	lines[path] = n.Line
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			walkLines(n.Content[i+1], join(path, n.Content[i].Value), lines)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkLines(c, index(path, i), lines)
		}
	}
}
