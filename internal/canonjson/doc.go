// Package canonjson writes canonical JSON (docs/turnfile.md §3.1): the
// JSON text encoding/json makes of a Go value, with object members sorted
// by the bytes of their keys, no insignificant space, integers only, and
// strings escaping only '"', '\\' and the control characters. Turn files
// hash and sign it.
//
// Marshal writes it as that definition says: encoding/json's text,
// rewritten in canonical form (Rewrite). An Encoder writes the same bytes
// several times faster, for the many values of one type a replay hashes:
// it compiles, once per Go type, a plan that writes a value's canonical
// JSON straight from its memory: struct fields in the sorted order of
// their JSON names, with their tags' omitempty and omitzero; pointers,
// lists, maps (keys sorted), strings, numbers and booleans; and the values
// that encode themselves (json.Marshaler, encoding.TextMarshaler) through
// their methods. A game's state is thus encoded by its struct types alone,
// with no writer of its own. What the plans do not cover (embedded
// structs, the ",string" option) is encoded by encoding/json and
// rewritten, so that the result is always the canonical form of
// encoding/json's text.
//
// A field tagged canonjson:"shared" holds a list or a pointer (or a map
// of them) that values share while it does not change, and that is never
// changed in place once written: the board of a game's states, which
// most moves leave as it is, or a seat's holdings. An Encoder remembers
// the text of the last few such lists or targets it wrote at the field
// by their memory (a list's array and length, a pointer), and writes the
// same memory again by copying its text. Whoever makes such values
// promises that memory met again is unchanged; a value changed in place
// would be written as it was.
package canonjson
