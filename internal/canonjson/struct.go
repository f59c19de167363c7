package canonjson

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unsafe"
)

// field is one member of a struct's JSON: its written key, where the
// field is, how it is written and when it is left out.
type field struct {
	name string
	// key is `,"name":`, written without its comma first.
	key    []byte
	offset uintptr
	write  kindOp
	plan   *plan
	memo   *memo
	// keyed holds, for a field of an integer type with a memo, the key
	// and the value's text together, by value.
	keyed  *memoTable
	omit   omitOp
	omitFn func(p unsafe.Pointer) bool
}

// kindOp is how a value is written: the common kinds in place, the rest
// by their plan.
type kindOp uint8

const (
	byPlan kindOp = iota
	asString
	asInt
	asBool
	// byMemo is a value that encodes itself, through its memo.
	byMemo
)

// omitOp is when a field is left out: never, the common tests in place,
// the rest by a function.
type omitOp uint8

const (
	omitNever omitOp = iota
	omitZeroInt
	omitEmptyString
	omitNil
	omitEmptySlice
	omitByFunc
)

// kindOf is how values of t are written where they are met.
func kindOf(t reflect.Type, addr bool) kindOp {
	if encodesItself(t, addr) {
		return byPlan
	}
	switch t.Kind() {
	case reflect.String:
		return asString
	case reflect.Int:
		return asInt
	case reflect.Bool:
		return asBool
	}
	return byPlan
}

// encodesItself reports whether values of t are written through their
// own MarshalJSON or MarshalText where they are met.
func encodesItself(t reflect.Type, addr bool) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(jsonMarshaler) || t.Implements(textMarshaler) ||
		t.Kind() != reflect.Pointer && addr && (pt.Implements(jsonMarshaler) || pt.Implements(textMarshaler))
}

// structWriter writes a struct's fields in the byte order of their JSON
// names, leaving out those their tags say to omit. A struct whose fields
// the plans do not read as encoding/json does (embedded fields, the
// ",string" option, two fields of one name, a name encoding/json would
// not take) is encoded by encoding/json and rewritten.
func (e *Encoder) structWriter(t reflect.Type, addr bool) func(*writer, unsafe.Pointer) {
	fields, ok := e.fieldsOf(t, addr)
	if !ok {
		return viaJSON(t, addr)
	}
	return func(w *writer, p unsafe.Pointer) {
		b := append(w.b, '{')
		first := true
		for i := range fields {
			f := &fields[i]
			fp := unsafe.Add(p, f.offset)
			if f.omit != omitNever && omitted(f, fp) {
				continue
			}
			if f.write == byMemo && f.memo.integer.size > 0 {
				w.b = b
				text := f.keyedText(w, fp)
				b = w.b
				if text != nil {
					if first {
						text = text[1:]
						first = false
					}
					b = append(b, text...)
					continue
				}
			}
			if first {
				b = append(b, f.key[1:]...)
				first = false
			} else {
				b = append(b, f.key...)
			}
			switch f.write {
			case asString:
				b = AppendString(b, *(*string)(fp))
			case asInt:
				b = strconv.AppendInt(b, int64(*(*int)(fp)), 10)
			case asBool:
				b = strconv.AppendBool(b, *(*bool)(fp))
			case byMemo:
				w.b = b
				f.memo.write(w, fp)
				b = w.b
			default:
				w.b = b
				f.plan.write(w, fp)
				b = w.b
			}
		}
		w.b = append(b, '}')
	}
}

// keyedText returns the key and the text of the value at p, a field of
// an integer type with a memo, remembered together; nil where the memo
// keeps no text for the value.
func (f *field) keyedText(w *writer, p unsafe.Pointer) []byte {
	n, ok := f.memo.integer.read(p)
	if !ok || n < memoLow || n > memoHigh {
		return nil
	}
	if f.keyed == nil {
		f.keyed = new(memoTable)
	}
	slot := &f.keyed[n-memoLow]
	if *slot == nil {
		text := f.memo.text(w, p)
		if text == nil {
			return nil
		}
		*slot = append(slices.Clone(f.key), text...)
	}
	return *slot
}

// omitted reports whether field f, at fp, is left out.
func omitted(f *field, fp unsafe.Pointer) bool {
	switch f.omit {
	case omitZeroInt:
		return *(*int)(fp) == 0
	case omitEmptyString:
		return len(*(*string)(fp)) == 0
	case omitNil:
		return *(*unsafe.Pointer)(fp) == nil
	case omitEmptySlice:
		return (*sliceHeader)(fp).len == 0
	case omitByFunc:
		return f.omitFn(fp)
	}
	return false
}

// fieldsOf lists t's JSON fields, sorted by name; ok is false where the
// plans leave t to encoding/json. The fields are addressable where the
// struct is.
func (e *Encoder) fieldsOf(t reflect.Type, addr bool) (fields []field, ok bool) {
	fields = make([]field, 0, t.NumField())
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return nil, false
		}
		tag := sf.Tag.Get("json")
		if !sf.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if !validName(name) {
			if name != "" {
				return nil, false
			}
			name = sf.Name
		}
		f := field{name: name, offset: sf.Offset, write: kindOf(sf.Type, addr), plan: e.plan(sf.Type, addr)}
		if m := e.memos[planKey{sf.Type, addr}]; m != nil {
			f.write, f.memo = byMemo, m
		}
		if sf.Tag.Get("canonjson") == "shared" {
			if pl := e.sharedWriter(sf.Type, addr); pl != nil {
				f.write, f.plan, f.memo = byPlan, pl, nil
			}
		}
		var omitEmpty, omitZero bool
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			switch o {
			case "omitempty":
				omitEmpty = true
			case "omitzero":
				omitZero = true
			case "string":
				return nil, false
			}
		}
		f.omit, f.omitFn = omitter(sf.Type, omitEmpty, omitZero)
		f.key = append(AppendString([]byte{','}, name), ':')
		fields = append(fields, f)
	}
	slices.SortFunc(fields, func(a, b field) int { return strings.Compare(a.name, b.name) })
	for i := 1; i < len(fields); i++ {
		if fields[i-1].name == fields[i].name {
			return nil, false
		}
	}
	return fields, true
}

// validName reports whether encoding/json takes a tag's name as the key.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// omitter says when a field with these options is left out, as
// encoding/json leaves it out.
func omitter(t reflect.Type, omitEmpty, omitZero bool) (omitOp, func(unsafe.Pointer) bool) {
	switch {
	case !omitEmpty && !omitZero:
		return omitNever, nil
	case omitEmpty && !omitZero:
		switch t.Kind() {
		case reflect.Int:
			return omitZeroInt, nil
		case reflect.String:
			return omitEmptyString, nil
		case reflect.Pointer:
			return omitNil, nil
		case reflect.Slice:
			return omitEmptySlice, nil
		}
	}
	var empty, zero func(unsafe.Pointer) bool
	if omitEmpty {
		empty = emptiness(t)
	}
	if omitZero {
		zero = zeroness(t)
	}
	switch {
	case empty == nil && zero == nil:
		return omitNever, nil
	case empty == nil:
		return omitByFunc, zero
	case zero == nil:
		return omitByFunc, empty
	}
	return omitByFunc, func(p unsafe.Pointer) bool { return empty(p) || zero(p) }
}

// emptiness is omitempty's test: false, 0, a nil pointer or interface,
// and an empty string, list or map.
func emptiness(t reflect.Type) func(unsafe.Pointer) bool {
	switch t.Kind() {
	case reflect.Bool:
		return func(p unsafe.Pointer) bool { return !*(*bool)(p) }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		l, _ := layoutOf(t.Kind())
		return func(p unsafe.Pointer) bool { n, _ := l.read(p); return n == 0 }
	case reflect.Float32:
		return func(p unsafe.Pointer) bool { return *(*float32)(p) == 0 }
	case reflect.Float64:
		return func(p unsafe.Pointer) bool { return *(*float64)(p) == 0 }
	case reflect.String:
		return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
	case reflect.Slice:
		return func(p unsafe.Pointer) bool { return (*sliceHeader)(p).len == 0 }
	case reflect.Pointer:
		return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
	case reflect.Array:
		n := t.Len()
		return func(unsafe.Pointer) bool { return n == 0 }
	case reflect.Map, reflect.Interface:
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() || t.Kind() == reflect.Map && v.Len() == 0
		}
	}
	return nil
}

// zeroness is omitzero's test: the type's IsZero method where it has
// one, else the zero value.
func zeroness(t reflect.Type) func(unsafe.Pointer) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroer):
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() ||
				v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroer):
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() || v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Implements(isZeroer):
		return func(p unsafe.Pointer) bool {
			return reflect.NewAt(t, p).Elem().Interface().(interface{ IsZero() bool }).IsZero()
		}
	case reflect.PointerTo(t).Implements(isZeroer):
		return func(p unsafe.Pointer) bool {
			return reflect.NewAt(t, p).Interface().(interface{ IsZero() bool }).IsZero()
		}
	}
	return func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().IsZero() }
}
