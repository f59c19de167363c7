package turnfile

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
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
const snapMagic = "elasund snapshot 2\n"

// errSnapshot is a snapshot file that does not decode or fails its
// integrity check: it is ignored.
var errSnapshot = errors.New("not a valid snapshot")

// snapWriter writes a snapshot's fields: unsigned varints, and bytes
// preceded by their length.
type snapWriter struct{ b []byte }

func (w *snapWriter) uint(x uint64) { w.b = binary.AppendUvarint(w.b, x) }
func (w *snapWriter) int(x int)     { w.b = binary.AppendVarint(w.b, int64(x)) }
func (w *snapWriter) str(s string) {
	w.uint(uint64(len(s)))
	w.b = append(w.b, s...)
}
func (w *snapWriter) raw(p []byte) {
	w.uint(uint64(len(p)))
	w.b = append(w.b, p...)
}
func (w *snapWriter) hash(h Hash) { w.b = append(w.b, h[:]...) }
func (w *snapWriter) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}
func (w *snapWriter) strs(list []string) {
	w.uint(uint64(len(list)))
	for _, s := range list {
		w.str(s)
	}
}

// encode writes the snapshot and, last, its MAC under key: HMAC-SHA256
// of everything before it.
func (s *snapshot) encode(key []byte) ([]byte, error) {
	header, err := json.Marshal(s.header)
	if err != nil {
		return nil, err
	}
	w := &snapWriter{b: make([]byte, 0, 4096+len(s.entries)*700+len(s.state))}
	w.b = append(w.b, snapMagic...)
	w.uint(uint64(s.prefixLen))
	w.hash(s.prefix)
	w.hash(s.whole)
	w.str(s.format)
	w.raw(header)
	w.hash(s.headerHash)
	w.hash(s.last)
	w.uint(uint64(len(s.entries)))
	for i := range s.entries {
		w.entry(&s.entries[i])
	}
	w.raw(s.state)
	w.int(s.rngTurn)
	w.bool(s.rng != nil)
	if r := s.rng; r != nil {
		w.hash(r.seed)
		w.uint(uint64(len(r.streams)))
		for _, st := range r.streams {
			w.str(st.name)
			w.uint(st.counter)
			w.b = append(w.b, st.buf[:]...)
			w.int(st.next)
		}
	}
	w.uint(uint64(len(s.steps)))
	for _, st := range s.steps {
		w.int(st.Turn)
		w.bool(st.Begins)
		w.bool(st.Dice != nil)
		if st.Dice != nil {
			w.int(st.Dice[0])
			w.int(st.Dice[1])
		}
	}
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

// snapReader reads what snapWriter wrote; the first problem sticks.
type snapReader struct {
	b []byte
	// text is b as a string, so that the strings read share it.
	text string
	pos  int
	err  error
}

func (r *snapReader) fail() {
	if r.err == nil {
		r.err = errSnapshot
	}
}

func (r *snapReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	x, n := binary.Uvarint(r.b[r.pos:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.pos += n
	return x
}

func (r *snapReader) int() int {
	if r.err != nil {
		return 0
	}
	x, n := binary.Varint(r.b[r.pos:])
	if n <= 0 || x != int64(int(x)) {
		r.fail()
		return 0
	}
	r.pos += n
	return int(x)
}

// count reads a number of things each at least min bytes long.
func (r *snapReader) count(min int) int {
	n := r.uint()
	if n > uint64(len(r.b)-r.pos)/uint64(max(min, 1)) {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *snapReader) next(n int) (start int) {
	if r.err != nil || n < 0 || n > len(r.b)-r.pos {
		r.fail()
		return r.pos
	}
	start = r.pos
	r.pos += n
	return start
}

func (r *snapReader) str() string {
	n := r.count(1)
	start := r.next(n)
	if r.err != nil {
		return ""
	}
	return r.text[start : start+n]
}

func (r *snapReader) raw() []byte {
	n := r.count(1)
	start := r.next(n)
	if r.err != nil {
		return nil
	}
	return r.b[start : start+n : start+n]
}

func (r *snapReader) hash() (h Hash) {
	start := r.next(len(h))
	if r.err == nil {
		copy(h[:], r.b[start:])
	}
	return h
}

func (r *snapReader) bool() bool {
	start := r.next(1)
	if r.err != nil {
		return false
	}
	switch r.b[start] {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail()
	return false
}

func (r *snapReader) strs() []string {
	n := r.count(1)
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
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
	s.prefixLen = int(r.uint())
	s.prefix = r.hash()
	s.whole = r.hash()
	s.format = r.str()
	if header := r.raw(); r.err == nil {
		if err := json.Unmarshal(header, &s.header); err != nil {
			return nil, errSnapshot
		}
	}
	s.headerHash = r.hash()
	s.last = r.hash()
	s.entries = make([]Entry, r.count(10))
	for i := range s.entries {
		r.entry(&s.entries[i], true)
	}
	s.state = r.raw()
	s.rngTurn = r.int()
	if r.bool() {
		rng := &TurnRand{seed: r.hash()}
		rng.streams = make([]stream, r.count(34))
		for i := range rng.streams {
			st := &rng.streams[i]
			st.name = r.str()
			st.counter = r.uint()
			copy(st.buf[:], r.b[r.next(len(st.buf)):])
			st.next = r.int()
			if st.next < 0 || st.next > 4 {
				r.fail()
			}
		}
		s.rng = rng
	}
	s.steps = make([]Step, r.count(3))
	for i := range s.steps {
		st := &s.steps[i]
		st.Turn = r.int()
		st.Begins = r.bool()
		if r.bool() {
			st.Dice = &[2]int{r.int(), r.int()}
		}
	}
	if r.err != nil || r.pos != len(body) {
		return nil, errSnapshot
	}
	if len(s.entries) == 0 || len(s.steps) != len(s.entries) || s.prefixLen <= 0 {
		return nil, errSnapshot
	}
	return s, nil
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

// entry writes one history entry, and the parts of a parallel entry.
func (w *snapWriter) entry(e *Entry) {
	w.uint(uint64(e.N))
	w.str(e.Seat)
	w.str(e.At)
	w.str(e.Prev)
	w.str(e.Key)
	w.str(e.Commit)
	w.str(e.Reveal)
	w.uint(uint64(e.Kind))
	w.bool(e.Dice != nil)
	if e.Dice != nil {
		w.int(e.Dice[0])
		w.int(e.Dice[1])
	}
	w.strs(e.Actions)
	w.uint(uint64(len(e.Parts)))
	for i := range e.Parts {
		w.entry(&e.Parts[i])
	}
	w.strs(e.Events)
	w.str(e.State)
	w.str(e.Sig)
}

// entry reads what snapWriter.entry wrote; parts only where top is set
// (a part has none).
func (r *snapReader) entry(e *Entry, top bool) {
	e.N = int(r.uint())
	e.Seat = r.str()
	e.At = r.str()
	e.Prev = r.str()
	e.Key = r.str()
	e.Commit = r.str()
	e.Reveal = r.str()
	e.Kind = EntryKind(r.uint())
	if r.bool() {
		e.Dice = &[2]int{r.int(), r.int()}
	}
	e.Actions = r.strs()
	if n := r.count(10); n > 0 {
		if !top {
			r.fail()
			return
		}
		e.Parts = make([]Entry, n)
		for i := range e.Parts {
			r.entry(&e.Parts[i], false)
		}
	}
	e.Events = r.strs()
	e.State = r.str()
	e.Sig = r.str()
}
