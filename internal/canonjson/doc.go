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
// A list field tagged canonjson:"shared" is a list that values share
// while it does not change, and that is never changed in place once
// written: the board of a game's states, which most moves leave as it
// is. An Encoder remembers the text of the last few lists it wrote at
// such a field by their memory (array and length), and writes the same
// list again by copying its text. Whoever makes such values promises
// that a list met again is unchanged; a list changed in place would be
// written as it was.
package canonjson
