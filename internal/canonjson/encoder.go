package canonjson

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"unsafe"
)

// Encoder writes canonical JSON, compiling a plan for each Go type it
// meets the first time it meets it. The zero Encoder is ready to use. An
// Encoder is not safe for concurrent use.
//
// The plans assume what encoding/json assumes of the values that encode
// themselves, and one thing more: that MarshalJSON and MarshalText give
// the same text for the same value. The text of such a value of at most
// 16 bytes without pointers (a named integer, a small struct of numbers)
// is therefore made once per value and remembered.
type Encoder struct {
	plans map[planKey]*plan
	// memos are the memos of the plans that have one.
	memos map[planKey]*memo
	w     writer
}

// planKey names a plan: the type, and whether its values are addressable
// where they are met (encoding/json calls methods with pointer receivers
// only on addressable values: not on map values, nor on a value passed by
// itself).
type planKey struct {
	t    reflect.Type
	addr bool
}

// plan writes the canonical JSON of the value at p. It is filled in after
// it is made, so that a type can refer to itself.
type plan struct {
	write func(w *writer, p unsafe.Pointer)
}

// writer is the output of one encoding; the first error sticks.
type writer struct {
	b       []byte
	err     error
	enc     *Encoder
	depth   int
	scratch []byte
}

func (w *writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// maxDepth bounds the pointers, lists, maps and interfaces followed in
// one value: more means a cycle.
const maxDepth = 1000

// Marshal returns the canonical JSON of v: encoding/json's text of v in
// canonical form, which is what an Encoder writes. For one value it costs
// less than an Encoder, which compiles its plans first; an Encoder is for
// the many values of one type a replay hashes.
func Marshal(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return Rewrite(raw)
}

// Append appends the canonical JSON of v to b and returns the extended
// slice, or an error if v has none (a value encoding/json refuses, a
// number that is not an integer in the signed 64-bit range, a map whose
// keys write the same text twice). On an error, b's contents past its
// length may have changed.
func (e *Encoder) Append(b []byte, v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	w := &e.w
	*w = writer{b: b, enc: e, scratch: w.scratch}
	switch {
	case !rv.IsValid():
		w.b = append(w.b, "null"...)
	case rv.Kind() == reflect.Pointer && !rv.IsNil():
		// A pointer's target is addressable, as in encoding/json.
		e.plan(rv.Type().Elem(), true).write(w, rv.UnsafePointer())
	default:
		c := reflect.New(rv.Type())
		c.Elem().Set(rv)
		e.plan(rv.Type(), false).write(w, c.UnsafePointer())
	}
	out, err := w.b, w.err
	w.b, w.enc = nil, nil
	if err != nil {
		return nil, err
	}
	return out, nil
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroer      = reflect.TypeFor[interface{ IsZero() bool }]()
)

// plan returns the plan of type t, compiling it the first time.
func (e *Encoder) plan(t reflect.Type, addr bool) *plan {
	k := planKey{t, addr}
	if p, ok := e.plans[k]; ok {
		return p
	}
	if e.plans == nil {
		e.plans = map[planKey]*plan{}
	}
	p := &plan{}
	e.plans[k] = p
	p.write = e.compile(t, addr)
	return p
}

// compile makes the writer of t's values, choosing as encoding/json
// does: a value that encodes itself first, then by kind.
func (e *Encoder) compile(t reflect.Type, addr bool) func(*writer, unsafe.Pointer) {
	if write := selfWriter(t, addr); write != nil {
		if m := newMemo(t, write); m != nil {
			if e.memos == nil {
				e.memos = map[planKey]*memo{}
			}
			e.memos[planKey{t, addr}] = m
			return m.write
		}
		return write
	}
	switch t.Kind() {
	case reflect.Bool:
		return writeBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intWriter(t.Kind())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintWriter(t.Kind())
	case reflect.Float32, reflect.Float64:
		return floatWriter(t.Kind())
	case reflect.String:
		return writeString
	case reflect.Pointer:
		return e.pointerWriter(t)
	case reflect.Interface:
		return interfaceWriter(t)
	case reflect.Slice:
		return e.sliceWriter(t)
	case reflect.Array:
		return e.arrayWriter(t, addr)
	case reflect.Map:
		return e.mapWriter(t, e.plan(t.Elem(), false))
	case reflect.Struct:
		return e.structWriter(t, addr)
	}
	err := fmt.Errorf("canonical json: unsupported type %s", t)
	return func(w *writer, _ unsafe.Pointer) { w.fail(err) }
}

// selfWriter is the writer of a type whose values encode themselves where
// they are met, or nil.
func selfWriter(t reflect.Type, addr bool) func(*writer, unsafe.Pointer) {
	pt := reflect.PointerTo(t)
	switch {
	case t.Kind() != reflect.Pointer && addr && pt.Implements(jsonMarshaler):
		return marshalJSON(t, false)
	case t.Implements(jsonMarshaler):
		return marshalJSON(t, true)
	case t.Kind() != reflect.Pointer && addr && pt.Implements(textMarshaler):
		return marshalText(t, false)
	case t.Implements(textMarshaler):
		return marshalText(t, true)
	}
	return nil
}

// valueAt is the value at p as a method receiver: a pointer to it when
// byPointer (which has every method of the value), else the value.
func valueAt(t reflect.Type, p unsafe.Pointer, byValue bool) (any, bool) {
	v := reflect.NewAt(t, p)
	if !byValue {
		return v.Interface(), true
	}
	if k := t.Kind(); k == reflect.Pointer || k == reflect.Interface {
		if v.Elem().IsNil() {
			return nil, false
		}
		return v.Elem().Interface(), true
	}
	// The value's own methods, called through a pointer: no copy.
	return v.Interface(), true
}

// marshalJSON writes a value through its MarshalJSON, in canonical form.
// byValue is false where only the pointer has the method.
func marshalJSON(t reflect.Type, byValue bool) func(*writer, unsafe.Pointer) {
	return func(w *writer, p unsafe.Pointer) {
		v, ok := valueAt(t, p, byValue)
		if !ok {
			w.b = append(w.b, "null"...)
			return
		}
		raw, err := v.(json.Marshaler).MarshalJSON()
		if err != nil {
			w.fail(fmt.Errorf("canonical json: error calling MarshalJSON for type %s: %w", t, err))
			return
		}
		out, err := appendRewrite(w.b, raw)
		if err != nil {
			w.fail(fmt.Errorf("canonical json: error calling MarshalJSON for type %s: %w", t, err))
			return
		}
		w.b = out
	}
}

// marshalText writes a value through its MarshalText, as a string.
func marshalText(t reflect.Type, byValue bool) func(*writer, unsafe.Pointer) {
	return func(w *writer, p unsafe.Pointer) {
		v, ok := valueAt(t, p, byValue)
		if !ok {
			w.b = append(w.b, "null"...)
			return
		}
		text, err := v.(encoding.TextMarshaler).MarshalText()
		if err != nil {
			w.fail(fmt.Errorf("canonical json: error calling MarshalText for type %s: %w", t, err))
			return
		}
		w.b = AppendString(w.b, unsafe.String(unsafe.SliceData(text), len(text)))
	}
}

// isInteger reports whether k is an integer kind.
func isInteger(k reflect.Kind) bool {
	_, ok := layoutOf(k)
	return ok && k != reflect.Bool
}

func writeBool(w *writer, p unsafe.Pointer) {
	if *(*bool)(p) {
		w.b = append(w.b, "true"...)
	} else {
		w.b = append(w.b, "false"...)
	}
}

func intWriter(k reflect.Kind) func(*writer, unsafe.Pointer) {
	if k == reflect.Int {
		return func(w *writer, p unsafe.Pointer) { w.b = strconv.AppendInt(w.b, int64(*(*int)(p)), 10) }
	}
	l, _ := layoutOf(k)
	return func(w *writer, p unsafe.Pointer) {
		n, _ := l.read(p)
		w.b = strconv.AppendInt(w.b, n, 10)
	}
}

// uintWriter writes an unsigned integer; one above the signed 64-bit
// range has no canonical JSON.
func uintWriter(k reflect.Kind) func(*writer, unsafe.Pointer) {
	l, _ := layoutOf(k)
	return func(w *writer, p unsafe.Pointer) {
		n, ok := l.read(p)
		if !ok {
			w.fail(fmt.Errorf("canonical json: %d is not an integer in the 64-bit range", *(*uint64)(p)))
			return
		}
		w.b = strconv.AppendInt(w.b, n, 10)
	}
}

// floatWriter writes a floating-point number that holds an integer, as
// encoding/json writes it and the canonical form reads it; any other has
// no canonical JSON.
func floatWriter(k reflect.Kind) func(*writer, unsafe.Pointer) {
	bits := 64
	if k == reflect.Float32 {
		bits = 32
	}
	return func(w *writer, p unsafe.Pointer) {
		var f float64
		if bits == 32 {
			f = float64(*(*float32)(p))
		} else {
			f = *(*float64)(p)
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			w.fail(fmt.Errorf("canonical json: unsupported value: %s", strconv.FormatFloat(f, 'g', -1, bits)))
			return
		}
		text := strconv.FormatFloat(f, 'f', -1, bits)
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil || math.Abs(f) >= 1e21 {
			w.fail(fmt.Errorf("canonical json: %s is not an integer in the 64-bit range", strconv.FormatFloat(f, 'g', -1, bits)))
			return
		}
		w.b = strconv.AppendInt(w.b, n, 10)
	}
}

func writeString(w *writer, p unsafe.Pointer) { w.b = AppendString(w.b, *(*string)(p)) }

func (e *Encoder) pointerWriter(t reflect.Type) func(*writer, unsafe.Pointer) {
	elem := e.plan(t.Elem(), true)
	return func(w *writer, p unsafe.Pointer) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			w.b = append(w.b, "null"...)
			return
		}
		if w.depth++; w.depth > maxDepth {
			w.fail(fmt.Errorf("canonical json: unsupported value: encountered a cycle via %s", t))
			return
		}
		elem.write(w, q)
		w.depth--
	}
}

// interfaceWriter writes the value an interface of type t holds, by its
// own type's plan; the value is not addressable.
func interfaceWriter(t reflect.Type) func(*writer, unsafe.Pointer) {
	return func(w *writer, p unsafe.Pointer) {
		v := reflect.NewAt(t, p).Elem()
		if v.IsNil() {
			w.b = append(w.b, "null"...)
			return
		}
		inner := v.Elem()
		if w.depth++; w.depth > maxDepth {
			w.fail(fmt.Errorf("canonical json: unsupported value: encountered a cycle via %s", inner.Type()))
			return
		}
		c := reflect.New(inner.Type())
		c.Elem().Set(inner)
		w.enc.plan(inner.Type(), false).write(w, c.UnsafePointer())
		w.depth--
	}
}

// sliceHeader is the memory of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func (e *Encoder) sliceWriter(t reflect.Type) func(*writer, unsafe.Pointer) {
	et := t.Elem()
	if et.Kind() == reflect.Uint8 && !reflect.PointerTo(et).Implements(jsonMarshaler) && !reflect.PointerTo(et).Implements(textMarshaler) {
		return writeBytes
	}
	elem := e.plan(et, true)
	size := et.Size()
	strs := kindOf(et, true) == asString
	return func(w *writer, p unsafe.Pointer) {
		s := (*sliceHeader)(p)
		if s.data == nil {
			w.b = append(w.b, "null"...)
			return
		}
		if w.depth++; w.depth > maxDepth {
			w.fail(fmt.Errorf("canonical json: unsupported value: encountered a cycle via %s", t))
			return
		}
		w.b = append(w.b, '[')
		for i := range s.len {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if strs {
				w.b = AppendString(w.b, unsafe.Slice((*string)(s.data), s.len)[i])
			} else {
				elem.write(w, unsafe.Add(s.data, uintptr(i)*size))
			}
		}
		w.b = append(w.b, ']')
		w.depth--
	}
}

// writeBytes writes a byte slice as encoding/json does: base64 text.
func writeBytes(w *writer, p unsafe.Pointer) {
	s := (*sliceHeader)(p)
	if s.data == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.b = append(w.b, '"')
	w.b = base64.StdEncoding.AppendEncode(w.b, unsafe.Slice((*byte)(s.data), s.len))
	w.b = append(w.b, '"')
}

func (e *Encoder) arrayWriter(t reflect.Type, addr bool) func(*writer, unsafe.Pointer) {
	elem := e.plan(t.Elem(), addr)
	size, n := t.Elem().Size(), t.Len()
	return func(w *writer, p unsafe.Pointer) {
		w.b = append(w.b, '[')
		for i := range n {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			elem.write(w, unsafe.Add(p, uintptr(i)*size))
		}
		w.b = append(w.b, ']')
	}
}

// mapWriter writes a map's members in the byte order of their keys, the
// values through elem (t's values' plan, or one that remembers them). A
// key is its string, its MarshalText, or its decimal number, as
// encoding/json writes it; two keys writing the same text have no
// canonical JSON.
func (e *Encoder) mapWriter(t reflect.Type, elem *plan) func(*writer, unsafe.Pointer) {
	kt := t.Key()
	var keyText func(w *writer, k reflect.Value) (string, bool)
	switch {
	case kt.Kind() == reflect.String:
		keyText = func(_ *writer, k reflect.Value) (string, bool) { return k.String(), true }
	case kt.Implements(textMarshaler):
		keyText = func(w *writer, k reflect.Value) (string, bool) {
			if kt.Kind() == reflect.Pointer && k.IsNil() {
				return "", true
			}
			text, err := k.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				w.fail(fmt.Errorf("canonical json: error calling MarshalText for type %s: %w", kt, err))
				return "", false
			}
			return string(text), true
		}
	case isInteger(kt.Kind()):
		keyText = func(_ *writer, k reflect.Value) (string, bool) {
			if k.CanInt() {
				return strconv.FormatInt(k.Int(), 10), true
			}
			return strconv.FormatUint(k.Uint(), 10), true
		}
	default:
		err := fmt.Errorf("canonical json: unsupported type %s", t)
		return func(w *writer, _ unsafe.Pointer) { w.fail(err) }
	}
	var temps *mapTemps
	return func(w *writer, p unsafe.Pointer) {
		m := reflect.NewAt(t, p).Elem()
		if m.IsNil() {
			w.b = append(w.b, "null"...)
			return
		}
		if w.depth++; w.depth > maxDepth {
			w.fail(fmt.Errorf("canonical json: unsupported value: encountered a cycle via %s", t))
			return
		}
		w.b = append(w.b, '{')
		tm := temps
		if tm == nil || tm.busy {
			// The first map, or one inside a value of a map of this type.
			tm = &mapTemps{k: reflect.New(kt).Elem(), v: reflect.New(t.Elem())}
			if temps == nil {
				temps = tm
			}
		}
		tm.busy = true
		defer tm.release()
		k, v, it := tm.k, tm.v, &tm.it
		it.Reset(m)
		var small [8]member
		members := small[:0]
		for it.Next() {
			k.SetIterKey(it)
			v.Elem().SetIterValue(it)
			key, ok := keyText(w, k)
			if !ok {
				return
			}
			key = validUTF8(key)
			if len(members) > 0 {
				w.b = append(w.b, ',')
			}
			start := len(w.b)
			w.b = append(AppendString(w.b, key), ':')
			elem.write(w, v.UnsafePointer())
			members = append(members, member{key: key, start: start, end: len(w.b)})
		}
		if len(members) > 1 {
			var err error
			if w.b, w.scratch, err = sortMembers(w.b, members, w.scratch); err != nil {
				w.fail(fmt.Errorf("canonical json: map %s: %w", t, err))
				return
			}
		}
		w.b = append(w.b, '}')
		w.depth--
	}
}

// mapTemps are what a map writer reads a map's members into, made once
// for the maps of its type and used again; busy while a map is written.
type mapTemps struct {
	k, v reflect.Value
	it   reflect.MapIter
	busy bool
}

// release lets go of the map written and its last member, and frees the
// temporaries for the next map.
func (tm *mapTemps) release() {
	tm.it.Reset(reflect.Value{})
	tm.k.SetZero()
	tm.v.Elem().SetZero()
	tm.busy = false
}

// viaJSON encodes t's values with encoding/json and rewrites the text.
func viaJSON(t reflect.Type, addr bool) func(*writer, unsafe.Pointer) {
	return func(w *writer, p unsafe.Pointer) {
		v := reflect.NewAt(t, p)
		var x any = v.Interface()
		if !addr {
			x = v.Elem().Interface()
		}
		raw, err := json.Marshal(x)
		if err != nil {
			w.fail(err)
			return
		}
		out, err := appendRewrite(w.b, raw)
		if err != nil {
			w.fail(err)
			return
		}
		w.b = out
	}
}
