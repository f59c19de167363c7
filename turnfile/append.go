package turnfile

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"strings"

	"github.com/elasund/elasund/engine"
)

// rawFile is a file's bytes as a game read or wrote them, when they are
// exactly what File.Marshal writes (§2.5): then a new entry is written by
// appending its YAML after the history and writing the new state block,
// rather than by encoding the whole file again. File.Marshal writes the
// format, the header, each entry and the state in turn, and an entry's
// bytes do not depend on what follows it, so the result is the same
// (TestAppendIsMarshal).
type rawFile struct {
	// data is the whole file; data[:end] is everything before the state
	// block (format, header, history), and holds the first n entries.
	data []byte
	end  int
	n    int
	// header is a copy of the header data holds: a join changes it.
	header Header
	// version is the game's version the whole of data was written at,
	// -1 for bytes read (whose state block may be another writer's).
	version int
	// data[:checked] is known to be Marshal's bytes of the format, the
	// header and the first checkedN entries.
	checked, checkedN int
}

// stateKey is the line that starts the state block, the file's last
// top-level field (§1).
const stateKey = "\nstate:"

// setRaw records data as the bytes of the game's file now: all of it
// when whole, else (a file read, whose state block is not known to be
// Marshal's) only up to its state block, which begins at end.
func (g *Game) setRaw(data []byte, end int, whole bool) {
	n := len(g.file.History)
	g.raw = &rawFile{data: data, end: end, n: n, header: cloneHeader(g.file.Header), version: -1, checked: end, checkedN: n}
	if whole {
		g.raw.version = g.version
	}
}

// fileBytes returns the bytes of the game's file as it stands, when the
// game holds them (read and not changed since, or written), else nil.
func (g *Game) fileBytes() []byte {
	r := g.raw
	if r == nil || r.version != g.version && (r.version != -1 || g.version != 0) {
		return nil
	}
	return r.data
}

// appendable reports whether new entries can be appended to r: the
// bytes before its state block are Marshal's (checking those of the
// entries not checked yet) and hold f's header and first entries.
func (r *rawFile) appendable(f *File) bool {
	if r.n <= 0 || r.n > len(f.History) || r.end <= 0 || !reflect.DeepEqual(r.header, f.Header) {
		return false
	}
	if r.checked < r.end {
		at := r.checked
		for i := r.checkedN; i < r.n; i++ {
			item, err := entryItem(&f.History[i])
			if err != nil || !bytes.HasPrefix(r.data[at:r.end], item) {
				return false
			}
			at += len(item)
		}
		if at != r.end {
			return false
		}
		r.checked, r.checkedN = r.end, r.n
	}
	return true
}

// stateStart returns where the state block of Marshal's bytes begins.
func stateStart(data []byte) int {
	i := bytes.LastIndex(data, []byte(stateKey))
	if i < 0 {
		return -1
	}
	return i + 1
}

func cloneHeader(h Header) Header {
	c := h
	c.Seats = append([]Seat(nil), h.Seats...)
	c.Choices = maps.Clone(h.Choices)
	if h.Options != nil {
		c.Options = make(map[string]string, len(h.Options))
		for k, v := range h.Options {
			c.Options[k] = v
		}
	}
	if h.Seed != nil {
		s := *h.Seed
		c.Seed = &s
	}
	return c
}

// Marshal returns the game's file as File.Marshal writes it (§2.5). When
// the game holds the file's bytes up to the state block (it read them
// from a file in that form, or wrote them), it appends the entries made
// since and the new state block to them instead of encoding everything
// again: the bytes are the same. The file must have changed only through
// the game's methods (Move, Join, Edit).
func (g *Game) Marshal() ([]byte, error) {
	f := g.file
	if r := g.raw; r != nil && r.version == g.version {
		return r.data, nil
	}
	if r := g.raw; r != nil && r.appendable(f) {
		stateYAML := g.stateYAML
		if stateYAML.version != g.version || stateYAML.data == nil {
			b, err := stateBlock(f.State)
			if err != nil {
				return nil, err
			}
			stateYAML.data = b
		}
		b, end, err := appendEncoded(r.data[:r.end], f.History[r.n:], stateYAML.data)
		if err == nil {
			g.setRaw(b, end, true)
			return b, nil
		}
	}
	b, err := f.Marshal()
	if err != nil {
		return nil, err
	}
	if end := stateStart(b); end > 0 && len(f.History) > 0 {
		g.setRaw(b, end, true)
	}
	return b, nil
}

// stateBlock is st as File.Marshal writes the file's state block.
func stateBlock(st engine.State) ([]byte, error) {
	b, err := encodeYAML(struct {
		State engine.State `json:"state"`
	}{st}, "state")
	if err != nil {
		return nil, fmt.Errorf("encoding turn file: %w", err)
	}
	return b, nil
}

// ownState is the stateFinder of a reader of the bytes Marshal writes for
// the game's file: they hold the file's state, written as stateBlock
// writes it.
func (g *Game) ownState() (stateFinder, error) {
	st := g.file.State
	if g.stateYAML.version == g.version && g.stateYAML.data != nil {
		return knownState(st, g.stateYAML.data), nil
	}
	b, err := stateBlock(st)
	if err != nil {
		return nil, err
	}
	return knownState(st, b), nil
}

// appendEncoded returns head (a file's bytes before its state block)
// followed by the entries and the encoded state block, and where that
// block begins.
func appendEncoded(head []byte, entries []Entry, stateYAML []byte) ([]byte, int, error) {
	out := make([]byte, 0, len(head)+len(entries)*1024+len(stateYAML))
	out = append(out, head...)
	for i := range entries {
		item, err := entryItem(&entries[i])
		if err != nil {
			return nil, 0, err
		}
		out = append(out, item...)
	}
	end := len(out)
	return append(out, stateYAML...), end, nil
}

// historyKey is how the history begins when it has entries.
const historyKey = "history:\n"

// entryItem returns e as File.Marshal writes it in the history: a list
// item, two spaces in.
func entryItem(e *Entry) ([]byte, error) {
	b, err := encodeYAML(struct {
		History []*Entry `json:"history"`
	}{[]*Entry{e}}, "")
	if err != nil {
		return nil, fmt.Errorf("encoding turn file: %w", err)
	}
	item, ok := bytes.CutPrefix(b, []byte(historyKey))
	if !ok {
		return nil, fmt.Errorf("encoding turn file: entry %d is not a list item", e.N)
	}
	return item, nil
}

// push links e to the chain and appends it to the history as the new
// head; block is the new state's encoding that checkSize made, if it made
// one.
func (g *Game) push(e *Entry, block []byte) (*Entry, error) {
	if err := g.link(e); err != nil {
		return nil, err
	}
	g.file.History = append(g.file.History, *e)
	g.file.State = g.eng.State()
	g.version++
	if block != nil {
		g.stateYAML = encodedState{version: g.version, data: block}
	}
	return &g.file.History[len(g.file.History)-1], nil
}

// encodedState is a state block encoded for the game's file at a
// version of the game (Game.version), to be reused by Marshal.
type encodedState struct {
	version int
	data    []byte
}

// sigLength is the length of an entry's sig field: an Ed25519 signature
// in standard base64.
const sigLength = 88

// checkSize refuses an entry that would make the game's file larger than
// limit (MaxSize, §8): such a file could not be read again, by anyone. e
// is complete but for its signature; st is the state after it. It returns
// the state block it encoded, if any, for the write that follows.
func (g *Game) checkSize(e *Entry, st engine.State, limit int) ([]byte, error) {
	unsigned := e.Sig == ""
	if unsigned && !g.file.Header.Sandbox {
		e.Sig = strings.Repeat("A", sigLength)
		defer func() { e.Sig = "" }()
	}
	n, block, err := g.sizeWith(e, st)
	if err != nil {
		return nil, err
	}
	if n > limit {
		se := &SizeError{Size: n, Limit: limit}
		return nil, &TurnError{Seat: e.Seat, Reason: se.Error(), Err: se}
	}
	return block, nil
}

// sizeWith is the size of the game's file with e appended and st as its
// state. It also returns the state block it encoded, or nil.
func (g *Game) sizeWith(e *Entry, st engine.State) (int, []byte, error) {
	end, err := g.historyEnd()
	if err != nil {
		return 0, nil, err
	}
	if end < 0 {
		f := *g.file
		f.History = append(f.History[:len(f.History):len(f.History)], *e)
		f.State = st
		b, err := f.Marshal()
		return len(b), nil, err
	}
	item, err := entryItem(e)
	if err != nil {
		return 0, nil, err
	}
	block, err := stateBlock(st)
	if err != nil {
		return 0, nil, err
	}
	return end + len(item) + len(block), block, nil
}

// historyEnd is the length of the game's file up to its state block, or
// -1 while the history is empty (then written "history: []", which an
// entry does not extend). It takes the bytes the game read or wrote, and
// the entries made since, when it can: the state now in the file need
// not be encoded.
func (g *Game) historyEnd() (int, error) {
	if r := g.raw; r != nil && r.appendable(g.file) {
		end := r.end
		for i := r.n; i < len(g.file.History); i++ {
			item, err := entryItem(&g.file.History[i])
			if err != nil {
				return 0, err
			}
			end += len(item)
		}
		return end, nil
	}
	if len(g.file.History) == 0 {
		return -1, nil
	}
	cur, err := g.Marshal()
	if err != nil {
		return 0, err
	}
	return stateStart(cur), nil
}
