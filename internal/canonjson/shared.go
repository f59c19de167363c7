package canonjson

import "unsafe"

// sharedTexts remembers the text of the last few lists written at one
// field tagged canonjson:"shared", by the identity of their memory: the
// list's array and its length. A game shares such a list between the
// states it makes while it does not change (the board's hexes, say), and
// never changes it in place, so the same memory has the same text. A
// remembered list is held, so that no other list can take its address
// while its text is kept.
type sharedTexts struct {
	lists [sharedSlots]sharedList
	// next is the slot the next new list takes.
	next int
}

// sharedSlots is how many lists a field remembers: a field of a type met
// more than once in a value (each seat's list, say) gets a slot for each.
const sharedSlots = 4

// sharedList is one remembered list and its text.
type sharedList struct {
	data unsafe.Pointer
	len  int
	text []byte
}

// write writes the list at p, through plan: the text remembered for its
// memory, or the plan's, remembering it.
func (m *sharedTexts) write(w *writer, plan *plan, p unsafe.Pointer) {
	s := (*sliceHeader)(p)
	if s.data == nil {
		plan.write(w, p)
		return
	}
	for i := range m.lists {
		if l := &m.lists[i]; l.data == s.data && l.len == s.len {
			w.b = append(w.b, l.text...)
			return
		}
	}
	start, failed := len(w.b), w.err != nil
	plan.write(w, p)
	if failed || w.err != nil {
		return
	}
	l := &m.lists[m.next]
	m.next = (m.next + 1) % sharedSlots
	l.data, l.len = s.data, s.len
	l.text = append(l.text[:0], w.b[start:]...)
}
