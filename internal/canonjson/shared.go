package canonjson

import (
	"reflect"
	"unsafe"
)

// sharedTexts remembers the text of the last values written at one field
// tagged canonjson:"shared" by the identity of their memory: a list's
// array and length, a pointer's target. A game shares such values
// between the states it makes while they do not change (the board's
// hexes, a seat's holdings) and never changes them in place, so the same
// memory has the same text. A remembered value is held, so that no other
// value can take its address while its text is kept.
type sharedTexts struct {
	// plan writes a value the texts do not know.
	plan   *plan
	pieces func(p unsafe.Pointer) (data unsafe.Pointer, n int)
	values [sharedSlots]sharedValue
	// clock counts the values written, for the least recently used.
	clock uint64
}

// sharedSlots is how many values a field remembers: enough for a field
// met several times in one state (a seat's list, each seat of a map)
// and for the values that replace some of them in the next.
const sharedSlots = 8

// sharedValue is one remembered value and its text.
type sharedValue struct {
	data unsafe.Pointer
	n    int
	used uint64
	text []byte
}

// sharedWriter returns the writer of a field of type t tagged
// canonjson:"shared", or nil where the tag says nothing: the field must
// be a list, a pointer, or a map whose values are lists or pointers.
func (e *Encoder) sharedWriter(t reflect.Type, addr bool) *plan {
	switch t.Kind() {
	case reflect.Slice, reflect.Pointer:
		m := &sharedTexts{plan: e.plan(t, addr), pieces: memoryOf(t)}
		return &plan{write: m.write}
	case reflect.Map:
		if k := t.Elem().Kind(); k != reflect.Slice && k != reflect.Pointer {
			return nil
		}
		m := &sharedTexts{plan: e.plan(t.Elem(), false), pieces: memoryOf(t.Elem())}
		return &plan{write: e.mapWriter(t, &plan{write: m.write})}
	}
	return nil
}

// memoryOf returns what identifies a list's or a pointer's memory.
func memoryOf(t reflect.Type) func(p unsafe.Pointer) (unsafe.Pointer, int) {
	if t.Kind() == reflect.Slice {
		return func(p unsafe.Pointer) (unsafe.Pointer, int) {
			s := (*sliceHeader)(p)
			return s.data, s.len
		}
	}
	return func(p unsafe.Pointer) (unsafe.Pointer, int) { return *(*unsafe.Pointer)(p), 0 }
}

// write writes the value at p: the text remembered for its memory, or
// its plan's, remembering it in place of the value least recently
// written.
func (m *sharedTexts) write(w *writer, p unsafe.Pointer) {
	data, n := m.pieces(p)
	if data == nil {
		m.plan.write(w, p)
		return
	}
	m.clock++
	oldest := &m.values[0]
	for i := range m.values {
		v := &m.values[i]
		if v.data == data && v.n == n {
			v.used = m.clock
			w.b = append(w.b, v.text...)
			return
		}
		if v.used < oldest.used {
			oldest = v
		}
	}
	start, failed := len(w.b), w.err != nil
	m.plan.write(w, p)
	if failed || w.err != nil {
		return
	}
	oldest.data, oldest.n, oldest.used = data, n, m.clock
	oldest.text = append(oldest.text[:0], w.b[start:]...)
}
