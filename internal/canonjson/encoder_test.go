package canonjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// reference is what the Encoder must write: encoding/json's text in
// canonical form (§3.1), or an error.
func reference(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return Rewrite(raw)
}

// same fails unless the Encoder writes what reference writes for v, or
// both refuse it.
func same(t *testing.T, e *Encoder, what string, v any) {
	t.Helper()
	want, werr := reference(v)
	got, gerr := e.Append([]byte("prefix"), v)
	switch {
	case werr != nil || gerr != nil:
		if werr == nil || gerr == nil {
			t.Fatalf("%s: Encoder error %v, encoding/json in canonical form: %v\nvalue %#v", what, gerr, werr, v)
		}
	case !bytes.Equal(got, append([]byte("prefix"), want...)):
		t.Fatalf("%s: Encoder wrote\n%s\nencoding/json in canonical form\n%s", what, got[len("prefix"):], want)
	}
}

// The types of the zoo cover what encoding/json does with Go values.

type colour int8

var colourNames = []string{"", "red", "blue"}

func (c colour) MarshalText() ([]byte, error) {
	if c <= 0 || int(c) >= len(colourNames) {
		return nil, fmt.Errorf("colour %d does not exist", c)
	}
	return []byte(colourNames[c]), nil
}

// square has MarshalText on its value: 16 bytes without pointers.
type square struct{ Col, Row int }

func (s square) MarshalText() ([]byte, error) {
	if s.Col < 0 || s.Col > 8 {
		return nil, errors.New("off the board")
	}
	return fmt.Appendf(nil, "%c%d", 'A'+s.Col, s.Row), nil
}

// token writes null for -1 through MarshalJSON.
type token int

func (n token) MarshalJSON() ([]byte, error) {
	if n == -1 {
		return []byte("null"), nil
	}
	return fmt.Appendf(nil, " %d ", int(n)), nil
}

// ptrText has MarshalText on its pointer only: used where addressable.
type ptrText struct{ N int }

func (p *ptrText) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "<%d&>", p.N), nil }

// ptrJSON has MarshalJSON on its pointer only, writing unsorted keys.
type ptrJSON struct{ A, B int }

func (p *ptrJSON) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, `{"z": %d, "a": [%d, {"y": 1, "x": "\u003c"}]}`, p.A, p.B), nil
}

// badJSON writes what is not canonical JSON (a fraction) or not JSON.
type badJSON int

func (b badJSON) MarshalJSON() ([]byte, error) {
	switch b {
	case 1:
		return []byte("1.5"), nil
	case 2:
		return []byte("{"), nil
	case 3:
		return nil, errors.New("refused")
	}
	return []byte(`"ok"`), nil
}

// zeroish has an IsZero of its own, for omitzero.
type zeroish struct{ N int }

func (z zeroish) IsZero() bool { return z.N < 10 }

type inner struct {
	S string `json:"s"`
	N int    `json:"n,omitempty"`
}

type embedded struct {
	inner
	Own int `json:"own"`
}

type withString struct {
	N int `json:"n,string"`
}

type list struct {
	V    int   `json:"v"`
	Next *list `json:"next,omitempty"`
}

type zoo struct {
	B     bool            `json:"b"`
	I     int             `json:"i"`
	I8    int8            `json:"i8"`
	I64   int64           `json:"i64,omitempty"`
	U     uint64          `json:"u"`
	U8    uint8           `json:"u8,omitempty"`
	F     float64         `json:"f"`
	F32   float32         `json:"f32,omitempty"`
	S     string          `json:"s"`
	Other string          // no tag: the Go name
	Weird string          `json:"wéird key!,omitempty"`
	Skip  string          `json:"-"`
	P     *int            `json:"p"`
	PO    *int            `json:"po,omitempty"`
	PZ    *int            `json:"pz,omitzero"`
	Sl    []string        `json:"sl"`
	SlO   []string        `json:"slo,omitempty"`
	SlZ   []string        `json:"slz,omitzero"`
	Bytes []byte          `json:"bytes"`
	Arr   [3]int          `json:"arr"`
	Arr0  [0]int          `json:"arr0,omitempty"`
	M     map[string]int  `json:"m"`
	MO    map[string]int  `json:"mo,omitempty"`
	MC    map[colour]bool `json:"mc"`
	MI    map[int]string  `json:"mi"`
	MU    map[uint8]int   `json:"mu,omitempty"`
	MP    map[string]*int `json:"mp"`
	MT    map[string]ptrText
	C     colour             `json:"c"`
	CO    colour             `json:"co,omitempty"`
	Cs    []colour           `json:"cs"`
	Sq    square             `json:"sq"`
	SqP   *square            `json:"sqp"`
	Tok   token              `json:"tok,omitempty"`
	Toks  []token            `json:"toks"`
	PT    ptrText            `json:"pt"`
	PTs   []ptrText          `json:"pts"`
	PJ    ptrJSON            `json:"pj"`
	PJP   *ptrJSON           `json:"pjp"`
	Bad2  badJSON            `json:"bad2"`
	Z     zeroish            `json:"z,omitzero"`
	ZE    zeroish            `json:"ze,omitempty,omitzero"`
	Any   any                `json:"any"`
	AnyO  any                `json:"anyo,omitempty"`
	Mar   json.Marshaler     `json:"mar"`
	Raw   json.RawMessage    `json:"raw,omitempty"`
	In    inner              `json:"in"`
	InP   *inner             `json:"inp,omitempty"`
	Emb   embedded           `json:"emb"`
	WS    *withString        `json:"ws,omitempty"`
	L     *list              `json:"l"`
	Deep  [][]map[string]any `json:"deep,omitempty"`
	Sh    []inner            `json:"sh" canonjson:"shared"`
	ShO   []string           `json:"sho,omitempty" canonjson:"shared"`
	ShP   *inner             `json:"shp" canonjson:"shared"`
	ShM   map[string]*inner  `json:"shm" canonjson:"shared"`
}

// randomString is text with what canonical strings escape, what they do
// not, and invalid UTF-8.
func randomString(r *rand.Rand) string {
	parts := []string{"a", "red", "é", "\u2028", "<&>", "\"", "\\", "\n", "\x01", "\x1f", "\x7f", "\xff", "\xe2\x80", "😀", " ", "/"}
	var b strings.Builder
	for range r.IntN(6) {
		b.WriteString(parts[r.IntN(len(parts))])
	}
	return b.String()
}

// fill gives v (addressable) a random value of its type.
func fill(r *rand.Rand, v reflect.Value, depth int) {
	bad := r.IntN(60) == 0
	switch {
	case bad:
	case v.Type() == reflect.TypeFor[colour]():
		v.SetInt(int64(1 + r.IntN(2)))
		return
	case v.Type() == reflect.TypeFor[badJSON]():
		return
	case v.Type() == reflect.TypeFor[json.RawMessage]():
		v.SetBytes([]byte(`{"b": [1, 2], "a": "\u00e9"}`))
		return
	case v.Type() == reflect.TypeFor[square]():
		v.Set(reflect.ValueOf(square{r.IntN(9), r.IntN(12)}))
		return
	case v.Kind() == reflect.Float64 || v.Kind() == reflect.Float32:
		v.SetFloat(float64(r.IntN(100) - 50))
		return
	case v.Kind() == reflect.Uint64:
		v.SetUint(uint64(r.IntN(1000)))
		return
	case v.Kind() == reflect.Interface:
		return
	}
	if r.IntN(6) == 0 {
		return // the zero value
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := []int64{-1, 0, 1, 2, 3, 5, 127, -128, 300, -300, math.MaxInt64, math.MinInt64}[r.IntN(12)]
		if !v.OverflowInt(n) {
			v.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := []uint64{0, 1, 255, 256, math.MaxInt64, math.MaxInt64 + 1, math.MaxUint64}[r.IntN(7)]
		if !v.OverflowUint(n) {
			v.SetUint(n)
		}
	case reflect.Float32, reflect.Float64:
		v.SetFloat([]float64{0, math.Copysign(0, -1), 1, -7, 1.5, 1e20, 1e21, 1e-7, 9.3e18, math.Inf(1), math.NaN(), 1 << 62}[r.IntN(12)])
	case reflect.String:
		v.SetString(randomString(r))
	case reflect.Pointer:
		if depth > 4 {
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(r, p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		if depth > 4 {
			return
		}
		n := r.IntN(4)
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			fill(r, s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			fill(r, v.Index(i), depth+1)
		}
	case reflect.Map:
		if depth > 4 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range r.IntN(5) {
			k := reflect.New(v.Type().Key()).Elem()
			fill(r, k, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			fill(r, e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Interface:
		choices := []any{nil, 3, "x\xff", []any{1, "a", nil}, map[string]any{"b": 1, "a": true}, colour(1), &ptrJSON{1, 2}, token(-1), 2.5}
		if c := choices[r.IntN(len(choices))]; c != nil && reflect.TypeOf(c).Implements(v.Type()) {
			v.Set(reflect.ValueOf(c))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[json.RawMessage]() {
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i), depth+1)
			}
		}
	}
}

// TestEncoderAsJSON compares the Encoder with encoding/json's text in
// canonical form on random values of every kind encoding/json meets, by
// pointer and by value, with one Encoder reused throughout (its plans
// and remembered texts kept between values) and with fresh ones.
func TestEncoderAsJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var e Encoder
	refused := 0
	for i := range 3000 {
		var z zoo
		fill(r, reflect.ValueOf(&z).Elem(), 0)
		same(t, &e, fmt.Sprintf("value %d by pointer", i), &z)
		same(t, &e, fmt.Sprintf("value %d by value", i), z)
		var fresh Encoder
		same(t, &fresh, fmt.Sprintf("value %d, new encoder", i), &z)
		if _, err := e.Append(nil, &z); err != nil {
			refused++
		}
	}
	if refused < 100 || refused > 2000 {
		t.Fatalf("%d of 3000 values refused: the test hardly reaches one of the outcomes", refused)
	}
	t.Logf("%d of 3000 random values have no canonical JSON", refused)
}

// TestZooPlanned checks that the zoo is encoded by the plans, not handed
// to encoding/json, and that the types left to it are.
func TestZooPlanned(t *testing.T) {
	var e Encoder
	for _, tc := range []struct {
		t    reflect.Type
		want bool
	}{
		{reflect.TypeFor[zoo](), true}, {reflect.TypeFor[inner](), true}, {reflect.TypeFor[list](), true},
		{reflect.TypeFor[embedded](), false}, {reflect.TypeFor[withString](), false},
	} {
		if _, ok := e.fieldsOf(tc.t, true); ok != tc.want {
			t.Errorf("fieldsOf(%s) planned = %v, want %v", tc.t, ok, tc.want)
		}
	}
}

// TestEncoderValues compares single values of the kinds the zoo holds
// only inside a struct.
func TestEncoderValues(t *testing.T) {
	n := 5
	var e Encoder
	for i, v := range []any{
		nil, 0, -3, uint64(math.MaxUint64), 2.0, 2.5, "a\"b", []byte("hi"), []byte(nil), [2]bool{true},
		map[string]any{"z": 1, "y": []any{}}, map[string]any{"a": map[string]any{"b": map[string]any{"c": 1}, "d": 2}, "e": 3},
		map[colour]int{1: 1, 2: 2}, map[square]int{{1, 2}: 3},
		map[token]int{1: 1}, &n, (*int)(nil), colour(2), colour(9), square{1, 3}, &square{9, 3}, token(-1), token(4),
		ptrText{3}, &ptrText{4}, ptrJSON{1, 2}, &ptrJSON{1, 2}, badJSON(1), badJSON(2), badJSON(3), badJSON(0),
		embedded{inner{"x", 1}, 2}, &withString{4}, &list{1, &list{2, nil}}, json.RawMessage(`[1, {"b":1,"a":2}]`),
		json.RawMessage(`{"a":1,"a":2}`), make(chan int), func() {}, complex(1, 2), map[[2]int]int{{1, 2}: 3},
		oddTags(`json:"a"`, `json:"a"`), oddTags(`json:"bad\"tag"`, `json:",omitempty"`),
		oddTags(`json:"-,"`, `json:"b"`), oddTags(`json:"a"`, ``),
		struct {
			A int `json:"a"`
			B int `json:"b,omitempty"`
		}{1, 0},
	} {
		same(t, &e, fmt.Sprintf("value %d (%T)", i, v), v)
	}
}

// oddTags is a struct of fields A and B with these tags (two fields of
// one name, names encoding/json does not take or takes oddly), C without
// one, and d unexported, made at run time: vet and staticcheck refuse such
// tags in source.
func oddTags(a, b reflect.StructTag) any {
	v := reflect.New(reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[int](), Tag: a}, {Name: "B", Type: reflect.TypeFor[int](), Tag: b},
		{Name: "C", Type: reflect.TypeFor[int]()}, {Name: "d", PkgPath: "canonjson", Type: reflect.TypeFor[int]()},
	})).Elem()
	for i := range 3 {
		v.Field(i).SetInt(int64(i + 1))
	}
	return v.Interface()
}

// TestEncoderRemembersPerValue checks that the text remembered for a
// value is that value's: a failing value is refused each time, and the
// values around it keep their own text.
func TestEncoderRemembersPerValue(t *testing.T) {
	var e Encoder
	for range 3 {
		for _, c := range []colour{1, 2, 0, 3, 2, 1} {
			same(t, &e, fmt.Sprintf("colour %d", c), []colour{c})
		}
		for _, s := range []square{{1, 2}, {1, 3}, {9, 3}, {2, 1}} {
			same(t, &e, fmt.Sprintf("square %v", s), []square{s})
		}
	}
}

// TestEncoderCycle refuses a value that refers to itself.
func TestEncoderCycle(t *testing.T) {
	l := &list{V: 1}
	l.Next = l
	var e Encoder
	if _, err := e.Append(nil, l); err == nil {
		t.Fatal("Encoder.Append of a cyclic list succeeded, want an error")
	}
}

// shelf is a value with a list tagged canonjson:"shared", among lists
// that are not.
type shelf struct {
	Books []inner  `json:"books" canonjson:"shared"`
	Notes []string `json:"notes"`
}

// library has the other fields canonjson:"shared" takes: a pointer, and
// maps of pointers and of lists; and one it does not (a map of numbers,
// written as without the tag).
type library struct {
	Main    *inner              `json:"main" canonjson:"shared"`
	Rooms   map[string]*inner   `json:"rooms" canonjson:"shared"`
	Shelves map[colour][]string `json:"shelves" canonjson:"shared"`
	Counts  map[string]int      `json:"counts" canonjson:"shared"`
}

// TestSharedLists checks the text of values sharing a list tagged
// canonjson:"shared": the same list in several values, the same memory
// at another length, equal lists in other memory, more lists than a
// field remembers, nil and empty lists, a list that fails; pointers and
// maps of them. And that the text is remembered: a shared list changed
// in place (which the tag forbids) is written as it was.
func TestSharedLists(t *testing.T) {
	var e Encoder
	books := []inner{{"a", 1}, {"b", 0}, {"c\xff", 3}}
	other := []inner{{"x", 9}}
	for round := range 3 {
		for i, v := range []shelf{
			{books, []string{"n"}}, {books, nil}, {books[:2], nil}, {books[:0], nil}, {books, []string{}},
			{slices.Clone(books), nil}, {other, nil}, {nil, nil}, {[]inner{}, nil},
			{[]inner{{"d", 4}}, nil}, {[]inner{{"e", 5}}, nil}, {[]inner{{"f", 6}}, nil}, {books, nil},
		} {
			same(t, &e, fmt.Sprintf("round %d shelf %d", round, i), &v)
			same(t, &e, fmt.Sprintf("round %d shelf %d by value", round, i), v)
		}
	}
	before, err := e.Append(nil, &shelf{Books: books})
	if err != nil {
		t.Fatal(err)
	}
	books[0].S = "changed in place"
	after, err := e.Append(nil, &shelf{Books: books})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Fatalf("a shared list changed in place is written anew:\n%s\nnot as remembered:\n%s", after, before)
	}
	var fresh Encoder
	same(t, &fresh, "the changed list, by a new encoder", &shelf{Books: books})
	// Pointers and maps: more seats than a field keeps, some replaced in
	// each round, as a game's states replace the seats that change.
	rooms := make([]*inner, 12)
	for i := range rooms {
		rooms[i] = &inner{fmt.Sprint("room ", i), i}
	}
	for round := range 20 {
		lib := library{Main: rooms[round%3], Rooms: map[string]*inner{}, Shelves: map[colour][]string{1: {"a"}, 2: nil},
			Counts: map[string]int{"a": round}}
		for i := range 4 {
			lib.Rooms[fmt.Sprint("seat ", i)] = rooms[(i+round/4*(i%2))%len(rooms)]
		}
		lib.Rooms["none"] = nil
		same(t, &e, fmt.Sprintf("library %d", round), &lib)
	}
	// A list whose text fails is not remembered: it fails each time.
	var bad struct {
		Bad []badJSON `json:"bad" canonjson:"shared"`
	}
	bad.Bad = []badJSON{3}
	for i := range 2 {
		if _, err := e.Append(nil, &bad); err == nil {
			t.Fatalf("writing a list that fails, time %d: no error", i+1)
		}
	}
}

func TestRewrite(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b": 1, "a": [true, false, null], "c": {"z": "x", "y": -0}}`, `{"a":[true,false,null],"b":1,"c":{"y":0,"z":"x"}}`},
		{`"\u003c\u0026\u2028é\n\u0001\"\\"`, `"<&` + "\u2028é" + `\n\u0001\"\\"`},
		{` [ ] `, `[]`},
		{`{"aa":1,"a":2,"b":{}}`, `{"a":2,"aa":1,"b":{}}`},
		{`-12`, `-12`},
	}
	for _, tc := range tests {
		got, err := Rewrite([]byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("Rewrite(%s) = %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`1.5`, `1e3`, `{"a":1,"a":2}`, `{"b":1,"a":2,"b":3}`, `[1,]`, `{"a" 1}`, `"x`, "\"\x01\"", `99999999999999999999`, `[1] 2`, `"\xff"`, ``} {
		if got, err := Rewrite([]byte(bad)); err == nil {
			t.Errorf("Rewrite(%q) = %s, want an error", bad, got)
		}
	}
}

func TestAppendString(t *testing.T) {
	for in, want := range map[string]string{
		"":                `""`,
		"plain":           `"plain"`,
		"a\"b\\c":         `"a\"b\\c"`,
		"\b\f\n\r\t\x00":  `"\b\f\n\r\t\u0000"`,
		"\x1f\x7f":        "\"\\u001f\x7f\"",
		"<&>/é\u2028😀":    "\"<&>/é\u2028😀\"",
		"a\xffb\xe2\x80c": "\"a\uFFFDb\uFFFD\uFFFDc\"",
	} {
		if got := string(AppendString(nil, in)); got != want {
			t.Errorf("AppendString(%q) = %s, want %s", in, got, want)
		}
	}
}
