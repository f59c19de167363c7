package turnfile

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// snapshot is a verified position of a game (§4.6): the entries of the
// copy of the game a player verified last, the state they lead to, and
// what replay needs to go on from there (the current turn's random source
// and its stream positions, what replay saw of each entry). It describes
// that copy's bytes: prefix is the hash of everything before its state
// block (format, header, history as File.Marshal writes them), whole the
// hash of the whole copy. The chain positions of the seats are not kept:
// they follow from the entries.
type snapshot struct {
	format string
	header Header
	// headerJSON is the header as the file holds it.
	headerJSON []byte
	// headerHash is the header hash (§3.3); last the hash of the last
	// entry.
	headerHash Hash
	last       Hash
	prefixLen  int
	prefix     Hash
	whole      Hash
	entries    []Entry
	// state is the JSON of the state after the last entry.
	state   []byte
	rng     *TurnRand
	rngTurn int
	steps   []Step
}

// snapMagic begins a snapshot file; the version is in it.
const snapMagic = "elasund snapshot 3\n"

// errSnapshot is a snapshot file that does not decode or fails its
// integrity check: it is ignored.
var errSnapshot = errors.New("not a valid snapshot")

// snapCoder carries a snapshot's fields to or from its bytes, so that
// snapshot.code lists them once for both ways: snapWriter writes each
// field it is given, snapReader reads it into the field. Numbers are
// varints; strings, bytes and lists are preceded by their length.
type snapCoder interface {
	// reading reports whether the fields are being read (filled in).
	reading() bool
	int(*int)
	uint64(*uint64)
	bool(*bool)
	str(*string)
	raw(*[]byte)
	bytes(p []byte)
	// count codes a list's length; a reader checks that n things of at
	// least min bytes each remain.
	count(n *int, min int)
}

// codeList codes a list: its length, then each item by each.
func codeList[T any](c snapCoder, list *[]T, min int, each func(*T)) {
	n := len(*list)
	c.count(&n, min)
	if c.reading() {
		*list = make([]T, n)
	}
	for i := range *list {
		each(&(*list)[i])
	}
}

// codeOptional codes a value that may be missing: whether it is there,
// then the value.
func codeOptional[T any](c snapCoder, p **T, each func(*T)) {
	present := *p != nil
	c.bool(&present)
	if !present {
		return
	}
	if c.reading() {
		*p = new(T)
	}
	each(*p)
}

// code lists the snapshot's fields, in their order in the file.
func (s *snapshot) code(c snapCoder) {
	c.int(&s.prefixLen)
	c.bytes(s.prefix[:])
	c.bytes(s.whole[:])
	c.str(&s.format)
	c.raw(&s.headerJSON)
	c.bytes(s.headerHash[:])
	c.bytes(s.last[:])
	codeList(c, &s.entries, 10, func(e *Entry) { codeEntry(c, e, true) })
	c.raw(&s.state)
	c.int(&s.rngTurn)
	codeOptional(c, &s.rng, func(r *TurnRand) {
		c.bytes(r.seed[:])
		codeList(c, &r.streams, 34, func(st *stream) {
			c.str(&st.name)
			c.uint64(&st.counter)
			c.bytes(st.buf[:])
			c.int(&st.next)
		})
	})
	codeList(c, &s.steps, 3, func(st *Step) {
		c.int(&st.Turn)
		c.bool(&st.Begins)
		codeOptional(c, &st.Dice, func(d *[2]int) { c.int(&d[0]); c.int(&d[1]) })
	})
}

// codeEntry codes a history entry's fields, and the parts of a parallel
// entry where top is set (a part has none).
func codeEntry(c snapCoder, e *Entry, top bool) {
	c.int(&e.N)
	c.str(&e.Seat)
	c.str(&e.At)
	c.str(&e.Prev)
	c.str(&e.Key)
	c.str(&e.Commit)
	c.str(&e.Reveal)
	c.int((*int)(&e.Kind))
	codeOptional(c, &e.Dice, func(d *[2]int) { c.int(&d[0]); c.int(&d[1]) })
	codeList(c, &e.Actions, 1, c.str)
	if top {
		codeList(c, &e.Parts, 10, func(p *Entry) { codeEntry(c, p, false) })
		if c.reading() && len(e.Parts) == 0 {
			e.Parts = nil // as Parse leaves an entry without parts
		}
	}
	codeList(c, &e.Events, 1, c.str)
	c.str(&e.State)
	c.str(&e.Sig)
}

// encode writes the snapshot and, last, its MAC under key: HMAC-SHA256
// of everything before it.
func (s *snapshot) encode(key []byte) ([]byte, error) {
	header, err := json.Marshal(s.header)
	if err != nil {
		return nil, err
	}
	s.headerJSON = header
	w := &snapWriter{b: make([]byte, 0, 4096+len(s.entries)*700+len(s.state))}
	w.b = append(w.b, snapMagic...)
	s.code(w)
	return append(w.b, snapMAC(key, w.b)...), nil
}

// snapMAC is the MAC that ends a snapshot: HMAC-SHA256 under the key of
// the key store that wrote it, so that a snapshot is trusted only by the
// player who wrote it.
func snapMAC(key, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return m.Sum(nil)
}

// decodeSnapshot reads a snapshot file, checking its integrity first:
// its MAC under key.
func decodeSnapshot(data, key []byte) (*snapshot, error) {
	if len(data) < len(snapMagic)+sha256.Size || !bytes.HasPrefix(data, []byte(snapMagic)) {
		return nil, errSnapshot
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if !hmac.Equal(snapMAC(key, body), sum) {
		return nil, errSnapshot
	}
	r := &snapReader{b: body, text: string(body), pos: len(snapMagic)}
	s := &snapshot{}
	s.code(r)
	if r.err != nil || r.pos != len(body) || json.Unmarshal(s.headerJSON, &s.header) != nil {
		return nil, errSnapshot
	}
	if s.rng != nil && slices.ContainsFunc(s.rng.streams, func(st stream) bool { return st.next < 0 || st.next > 4 }) {
		return nil, errSnapshot
	}
	if len(s.entries) == 0 || len(s.steps) != len(s.entries) || s.prefixLen <= 0 {
		return nil, errSnapshot
	}
	return s, nil
}

// snapWriter writes a snapshot's fields.
type snapWriter struct{ b []byte }

func (w *snapWriter) reading() bool         { return false }
func (w *snapWriter) int(x *int)            { w.b = binary.AppendVarint(w.b, int64(*x)) }
func (w *snapWriter) uint64(x *uint64)      { w.b = binary.AppendUvarint(w.b, *x) }
func (w *snapWriter) count(n *int, min int) { w.int(n) }
func (w *snapWriter) bytes(p []byte)        { w.b = append(w.b, p...) }
func (w *snapWriter) str(s *string) {
	w.b = binary.AppendVarint(w.b, int64(len(*s)))
	w.b = append(w.b, *s...)
}
func (w *snapWriter) raw(p *[]byte) {
	w.b = binary.AppendVarint(w.b, int64(len(*p)))
	w.b = append(w.b, *p...)
}
func (w *snapWriter) bool(v *bool) {
	if *v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

// snapReader reads what snapWriter wrote; the first problem sticks, and
// every field read after it is left zero.
type snapReader struct {
	b []byte
	// text is b as a string, so that the strings read share it.
	text string
	pos  int
	err  error
}

func (r *snapReader) reading() bool { return true }

func (r *snapReader) fail() {
	if r.err == nil {
		r.err = errSnapshot
	}
}

func (r *snapReader) int(x *int) {
	if r.err != nil {
		return
	}
	v, n := binary.Varint(r.b[r.pos:])
	if n <= 0 || v != int64(int(v)) {
		r.fail()
		return
	}
	r.pos += n
	*x = int(v)
}

func (r *snapReader) uint64(x *uint64) {
	if r.err != nil {
		return
	}
	v, n := binary.Uvarint(r.b[r.pos:])
	if n <= 0 {
		r.fail()
		return
	}
	r.pos += n
	*x = v
}

func (r *snapReader) count(n *int, min int) {
	r.int(n)
	if *n < 0 || *n > (len(r.b)-r.pos)/max(min, 1) {
		r.fail()
		*n = 0
	}
}

// next returns where the next n bytes begin, and moves past them.
func (r *snapReader) next(n int) (start int) {
	if r.err != nil || n < 0 || n > len(r.b)-r.pos {
		r.fail()
		return r.pos
	}
	start = r.pos
	r.pos += n
	return start
}

func (r *snapReader) bytes(p []byte) {
	if start := r.next(len(p)); r.err == nil {
		copy(p, r.b[start:])
	}
}

func (r *snapReader) str(s *string) {
	var n int
	r.count(&n, 1)
	if start := r.next(n); r.err == nil {
		*s = r.text[start : start+n]
	}
}

func (r *snapReader) raw(p *[]byte) {
	var n int
	r.count(&n, 1)
	if start := r.next(n); r.err == nil {
		*p = r.b[start : start+n : start+n]
	}
}

func (r *snapReader) bool(v *bool) {
	start := r.next(1)
	if r.err != nil {
		return
	}
	switch r.b[start] {
	case 0:
		*v = false
	case 1:
		*v = true
	default:
		r.fail()
	}
}

// snapshotOf is the snapshot of g, whose file's bytes (as Marshal writes
// them) are data.
func snapshotOf(g *Game, data []byte) (*snapshot, error) {
	f := g.file
	end := stateStart(data)
	if len(f.History) == 0 || end <= 0 || !g.replayed || len(g.steps) != len(f.History) || !g.readsBack(data) {
		return nil, fmt.Errorf("no snapshot of this game")
	}
	state, err := json.Marshal(g.eng.State())
	if err != nil {
		return nil, err
	}
	s := &snapshot{
		format: f.Format, header: f.Header, headerHash: g.header, last: g.prev,
		prefixLen: end, prefix: sha256.Sum256(data[:end]), whole: sha256.Sum256(data),
		entries: f.History, state: state, rngTurn: g.rngTurn, steps: g.steps,
	}
	if g.rng != nil {
		s.rng = g.rng.Clone()
		s.rng.forced, s.rng.used = nil, 0
	}
	return s, nil
}
