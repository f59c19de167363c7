package turnfile

import (
	"bytes"
	"reflect"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
)

// A file's state block is the state after its last entry as Marshal
// writes it (§2.5). A reader that knows that state (it replayed the
// entries, or wrote the file) need not read the block: where the block's
// bytes are Marshal's of the state, the file holds that state. Reading a
// block (parsing its YAML, decoding it strictly and checking it is a
// consistent position with the game's Load) costs several times what
// encoding the state costs. Where anything differs (the block, or the
// bytes before it, which must be Marshal's too, so that the file is
// Marshal's bytes of what it was read as), the file is read as Parse
// reads it: what a file is found to be, and every message, stay the same.
//
// A state found so is not checked with Load: it is the replayed state,
// which the game's rules made (docs/decisions.md, "State blocks checked
// by their bytes").

// stateFinder finds the state of f, a file read up to its state block,
// without reading the block: it sets f.State and reports whether it
// could.
type stateFinder func(f *File, block []byte) bool

// knownState is the stateFinder of a reader that knows the state its file
// holds: st, whose block Marshal writes as want.
func knownState(st engine.State, want []byte) stateFinder {
	return func(f *File, block []byte) bool {
		if !bytes.Equal(block, want) {
			return false
		}
		f.State = st
		return true
	}
}

// openedGame is the game of a file that its Cache opened to find its
// state, and the history and state the file had then.
type openedGame struct {
	g       *Game
	history []Entry
	state   engine.State
}

// byReplay is the stateFinder of a Cache's reader, whose file is opened next:
// it replays the file (from its snapshot when the cache read it from one)
// and, where block is Marshal's of the replayed state, that state is the
// file's, and the game, checked as Open checks it, is the one Open
// returns.
func byReplay(f *File, block []byte) bool {
	var g *Game
	var err error
	if f.cached != nil {
		g, err = replayCached(f)
	} else {
		g, err = replayHistory(f)
	}
	if err != nil {
		return false
	}
	st := g.eng.State()
	if want, err := stateBlock(st); err != nil || !bytes.Equal(want, block) {
		return false
	}
	f.State = st
	if g.checkHeaderKeys() != nil {
		f.State = nil
		return false
	}
	// Every byte of the file is Marshal's: it is written again by
	// appending.
	if f.cached != nil {
		g.fromSnapshot(f.cached, true)
	} else {
		g.setRaw(f.source, len(f.source)-len(block), true)
	}
	f.opened = &openedGame{g: g, history: f.History, state: st}
	return true
}

// takeOpened returns, once, the game f's Cache opened f to, if f still
// has the history and state it had then.
func (f *File) takeOpened() *Game {
	o := f.opened
	f.opened = nil
	if o == nil || len(o.history) != len(f.History) || len(f.History) > 0 && &o.history[0] != &f.History[0] || !sameValue(o.state, f.State) {
		return nil
	}
	return o.g
}

// sameValue reports whether two states are the same value in memory.
func sameValue(a, b engine.State) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.Kind() == reflect.Pointer && vb.Kind() == reflect.Pointer && va.Type() == vb.Type() && va.Pointer() == vb.Pointer()
}

// fileHead is a file without its state: what Marshal writes before the
// state block.
type fileHead struct {
	Format  string  `json:"format"`
	Header  Header  `json:"header"`
	History []Entry `json:"history"`
}

// parseByBytes reads data as Parse does, where everything before its
// state block is Marshal's bytes of what it reads, and the state block is
// left to state. It returns nil where it cannot (Parse then reads data).
func parseByBytes(data []byte, games *engine.Registry, state stateFinder) *File {
	end := stateStart(data)
	if len(data) > MaxSize || end <= 0 || !utf8.Valid(data) {
		return nil
	}
	root, err := parseYAML(data[:end])
	if err != nil {
		return nil
	}
	game, err := checkFormat(root, games)
	if err != nil {
		return nil
	}
	var head fileHead
	if newDecoder(game).decode(root, reflect.ValueOf(&head).Elem()) != nil {
		return nil
	}
	f := &File{Format: head.Format, Header: head.Header, History: head.History, game: game, source: data}
	fail := func(string, string, ...any) error { return errSnapshot }
	if _, err := checkHead(f, fail); err != nil {
		return nil
	}
	for i := range f.History {
		if checkEntry(f, i, fail) != nil {
			return nil
		}
	}
	if b, err := encodeYAML(&head, ""); err != nil || !bytes.Equal(b, data[:end]) {
		return nil
	}
	if !state(f, data[end:]) {
		return nil
	}
	return f
}

// parseAdded reads data, which begins with the bytes s describes, as
// parseRest does, where the entries after the snapshot's are Marshal's
// bytes of what it reads, and the state block is left to state. It
// returns nil where it cannot (parseRest then reads the state block).
func (s *snapshot) parseAdded(data []byte, game engine.Game, state stateFinder) *File {
	rest := data[s.prefixLen:]
	at := stateOffset(rest)
	if at < 0 {
		return nil
	}
	added, ok := readItems(rest[:at], game)
	if !ok {
		return nil
	}
	f := &File{Format: s.format, Header: cloneHeader(s.header), game: game, source: data}
	f.History = make([]Entry, len(s.entries), len(s.entries)+len(added)+1)
	copy(f.History, s.entries)
	f.History = append(f.History, added...)
	fail := func(string, string, ...any) error { return errSnapshot }
	for i := len(s.entries); i < len(f.History); i++ {
		if checkEntry(f, i, fail) != nil {
			return nil
		}
	}
	f.cached = &cachedPrefix{snap: s, data: data, stateAt: s.prefixLen + at}
	if !state(f, rest[at:]) {
		return nil
	}
	return f
}

// readItems reads history items, where they are Marshal's bytes of the
// entries they hold (as entryItem writes each).
func readItems(items []byte, game engine.Game) ([]Entry, bool) {
	if len(items) == 0 {
		return nil, true
	}
	root, err := parseYAML(append([]byte(historyKey), items...))
	if err != nil || root.Kind != yaml.MappingNode || len(root.Content) != 2 || root.Content[0].Value != "history" {
		return nil, false
	}
	var added []Entry
	d := newDecoder(game)
	if d.value(root.Content[1], reflect.ValueOf(&added).Elem(), nil) != nil || d.late != nil {
		return nil, false
	}
	at := 0
	for i := range added {
		item, err := entryItem(&added[i])
		if err != nil || !bytes.HasPrefix(items[at:], item) {
			return nil, false
		}
		at += len(item)
	}
	return added, at == len(items)
}
