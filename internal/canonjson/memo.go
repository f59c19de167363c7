package canonjson

import (
	"math"
	"reflect"
	"slices"
	"unsafe"
)

// The integers whose text a memo keeps in a table.
const memoLow, memoHigh = -128, 255

// memoTable holds a text for each integer from memoLow to memoHigh; nil
// is none yet.
type memoTable [memoHigh - memoLow + 1][]byte

// memo remembers the canonical JSON that writeSelf wrote for each value
// of a type that encodes itself (MarshalJSON, MarshalText) and is at most
// 16 bytes without pointers: a named integer or boolean in a table, other
// values (a small struct of numbers) by their bytes. A value whose
// writing failed is not remembered: it fails again each time.
type memo struct {
	writeSelf func(*writer, unsafe.Pointer)
	size      uintptr
	// integer is set for integer and boolean types, whose texts small
	// holds.
	integer intLayout
	small   memoTable
	// keys and texts are an open-addressing table of the other values,
	// by their bytes; a nil text is an empty slot.
	keys  [][2]uint64
	texts [][]byte
	used  int
}

// newMemo returns the memo of t's values, or nil where t is too large or
// holds pointers.
func newMemo(t reflect.Type, writeSelf func(*writer, unsafe.Pointer)) *memo {
	if t.Size() > 16 || t.Size() == 0 || hasPointers(t) {
		return nil
	}
	m := &memo{writeSelf: writeSelf, size: t.Size()}
	m.integer, _ = layoutOf(t.Kind())
	return m
}

// write writes the value at p: the text remembered, or its own.
func (m *memo) write(w *writer, p unsafe.Pointer) {
	if text := m.text(w, p); text != nil {
		w.b = append(w.b, text...)
		return
	}
	m.writeSelf(w, p)
}

// text returns the text of the value at p, remembering it the first
// time; nil for a value the memo does not keep, or whose writing failed
// (the writer holds the error).
func (m *memo) text(w *writer, p unsafe.Pointer) []byte {
	if m.integer.size > 0 {
		n, ok := m.integer.read(p)
		if !ok || n < memoLow || n > memoHigh {
			return nil
		}
		slot := &m.small[n-memoLow]
		if *slot == nil {
			*slot = m.record(w, p)
		}
		return *slot
	}
	var k [2]uint64
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&k)), len(k)*8), unsafe.Slice((*byte)(p), m.size))
	i := m.find(k)
	if m.texts != nil && m.texts[i] != nil {
		return m.texts[i]
	}
	text := m.record(w, p)
	if text == nil {
		return nil
	}
	if 2*(m.used+1) > len(m.keys) {
		m.grow()
		i = m.find(k)
	}
	m.keys[i], m.texts[i] = k, text
	m.used++
	return text
}

// record writes the value at p by its own method and returns its text,
// leaving the writer's output as it was; nil if the writing failed.
func (m *memo) record(w *writer, p unsafe.Pointer) []byte {
	start, failed := len(w.b), w.err != nil
	m.writeSelf(w, p)
	text := slices.Clip(slices.Clone(w.b[start:]))
	w.b = w.b[:start]
	if failed || w.err != nil {
		return nil
	}
	return text
}

// find returns the slot of key k: where it is, or the empty slot where it
// goes. The table must not be full.
func (m *memo) find(k [2]uint64) int {
	if len(m.keys) == 0 {
		return 0
	}
	mask := uint64(len(m.keys) - 1)
	i := (k[0]*0x9E3779B97F4A7C15 ^ k[1]*0xBF58476D1CE4E5B9) >> 32 & mask
	for m.texts[i] != nil && m.keys[i] != k {
		i = (i + 1) & mask
	}
	return int(i)
}

// grow doubles the table.
func (m *memo) grow() {
	keys, texts := m.keys, m.texts
	n := max(2*len(keys), 64)
	m.keys, m.texts = make([][2]uint64, n), make([][]byte, n)
	for i, t := range texts {
		if t != nil {
			j := m.find(keys[i])
			m.keys[j], m.texts[j] = keys[i], t
		}
	}
}

// intLayout is how an integer or a boolean is stored: its size in bytes
// (0 for other kinds) and whether it is signed.
type intLayout struct {
	size   uintptr
	signed bool
}

// layoutOf is the layout of kind k; ok is false for other kinds.
func layoutOf(k reflect.Kind) (l intLayout, ok bool) {
	switch k {
	case reflect.Bool, reflect.Uint8:
		return intLayout{1, false}, true
	case reflect.Int8:
		return intLayout{1, true}, true
	case reflect.Int16:
		return intLayout{2, true}, true
	case reflect.Uint16:
		return intLayout{2, false}, true
	case reflect.Int32:
		return intLayout{4, true}, true
	case reflect.Uint32:
		return intLayout{4, false}, true
	case reflect.Int, reflect.Int64:
		return intLayout{8, true}, true
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return intLayout{8, false}, true
	}
	return intLayout{}, false
}

// read reads the value at p, as an int64 when it fits.
func (l intLayout) read(p unsafe.Pointer) (int64, bool) {
	switch {
	case l.size == 8 && l.signed:
		return *(*int64)(p), true
	case l.size == 8:
		n := *(*uint64)(p)
		return int64(n), n <= math.MaxInt64
	case l.size == 1 && l.signed:
		return int64(*(*int8)(p)), true
	case l.size == 1:
		return int64(*(*uint8)(p)), true
	case l.size == 4 && l.signed:
		return int64(*(*int32)(p)), true
	case l.size == 4:
		return int64(*(*uint32)(p)), true
	case l.signed:
		return int64(*(*int16)(p)), true
	}
	return int64(*(*uint16)(p)), true
}

// hasPointers reports whether values of t hold pointers.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}
