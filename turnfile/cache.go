package turnfile

import (
	"bytes"
	"cmp"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/secretfile"
)

// Cache is a player's cache of verified positions (§4.6): beside the
// latest copy of each game the player verified (GAME-HEADER.turn.yaml in
// the key store's games directory), a snapshot of the position that copy
// leads to (GAME-HEADER.snap). A file whose bytes begin with that copy's
// bytes up to its state block holds the same header and entries, hash
// chained, so reading it with the cache reads and checks only what
// follows: the entries after the copy's last (links, signatures, reveals,
// kinds, moves, events and state hashes, exactly as a full replay checks
// them) and the state block. Anything else (no snapshot, one that fails
// its integrity check, a file that does not begin with the copy's bytes,
// or any problem after them) is read and replayed in full, so the cache
// never changes what a file is found to be, only how fast.
//
// Sandbox games have no key store: a cache made WithSandbox keeps their
// positions in a directory of the player's own, and a sandbox file read
// through it (and opened) leaves a snapshot of the position its history
// leads to there, for the next read of it or of a file that continues it.
//
// A nil *Cache caches nothing.
type Cache struct {
	// shelves are where snapshots are looked for, in order.
	shelves []shelf
}

// shelf is a directory of snapshots and the key of their MACs: a shelf
// trusts only its own.
type shelf struct {
	dir string
	key []byte
	// sandbox is set on the shelf that keeps sandbox games' positions.
	sandbox bool
}

// Cache returns the cache kept in the key store's games directory. Its
// snapshots carry a MAC under a key derived from the store's private key:
// nobody without that key can make one the store trusts. A nil key store
// has no cache (nil).
func (k *KeyStore) Cache() *Cache {
	if k == nil {
		return nil
	}
	return &Cache{shelves: []shelf{k.shelf()}}
}

// shelf is the key store's shelf of snapshots.
func (k *KeyStore) shelf() shelf {
	key := sha256.Sum256(append([]byte("elasund/snapshot\x00"), k.Private.Seed()...))
	return shelf{dir: k.gamesDir(), key: key[:]}
}

// SandboxKeyFile is the file of a sandbox shelf's MAC key, in its
// directory.
const SandboxKeyFile = "key.yaml"

// WithSandbox returns a cache that also keeps the positions of sandbox
// games, in dir (made mode 0700 if missing): their snapshots carry a MAC
// under a random key kept in dir's key.yaml (mode 0600, made the first
// time), so that only the player who wrote a snapshot trusts it. c may be
// nil.
func (c *Cache) WithSandbox(dir string) (*Cache, error) {
	key, err := sandboxKey(dir)
	if err != nil {
		return nil, err
	}
	out := &Cache{}
	if c != nil {
		out.shelves = append(out.shelves, c.shelves...)
	}
	out.shelves = append(out.shelves, shelf{dir: dir, key: key, sandbox: true})
	return out, nil
}

// sandboxKeyRecord is the key file of a sandbox shelf.
type sandboxKeyRecord struct {
	Key string `yaml:"key"`
}

// sandboxKey reads the MAC key of the sandbox shelf in dir, making it the
// first time.
func sandboxKey(dir string) ([]byte, error) {
	path := filepath.Join(dir, SandboxKeyFile)
	var rec sandboxKeyRecord
	err := secretfile.Read(path, &rec)
	if errors.Is(err, fs.ErrNotExist) {
		if err := makeSandboxKey(dir, path); err != nil {
			return nil, err
		}
		// Made now, or by another process just before: read what is there.
		err = secretfile.Read(path, &rec)
	}
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(rec.Key)
	if err != nil || len(key) != 32 {
		return nil, fmt.Errorf("%s: the key is not 64 hex digits", path)
	}
	return key, nil
}

// makeSandboxKey writes a new random key to path in dir, unless the file
// exists.
func makeSandboxKey(dir, path string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return err
	}
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	} else if err != nil {
		return err
	}
	_, err = fmt.Fprintf(fh, "# the key of this cache's snapshots (docs/turnfile.md §4.6)\nkey: %x\n", key)
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	return err
}

// snapshotExt ends the name of a snapshot file.
const snapshotExt = ".snap"

func (s shelf) path(gameKey string) string { return filepath.Join(s.dir, gameKey+snapshotExt) }

// cachedPrefix is how a file read with the cache begins: with the bytes
// of the verified copy snap describes, up to its state block. Open goes
// on from snap's position.
type cachedPrefix struct {
	snap *snapshot
	data []byte
	// stateAt is where the file's own state block begins.
	stateAt int
}

// ReadFile reads and parses the turn file at path as Parse does, using
// the cache when it knows how the file begins.
func (c *Cache) ReadFile(path string, games *engine.Registry) (*File, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	return c.Parse(data, games)
}

// Parse reads a turn file as the package's Parse does and gives the same
// file or the same error. When the file begins with the bytes of a copy
// the cache holds a snapshot of, it takes that copy's header and entries
// from the snapshot and reads only the rest; Open then replays only the
// entries after the copy's.
//
// Opening a sandbox file read so may keep a snapshot of its position on
// the cache's sandbox shelf (WithSandbox).
//
// A file read with a cache is meant to be opened: it is replayed as it is
// read, and where its state block is the one the replayed state is
// written as, the block is not read (statebytes.go) and Open returns the
// game replayed.
func (c *Cache) Parse(data []byte, games *engine.Registry) (*File, error) {
	if c == nil {
		return Parse(data, games)
	}
	f := c.parse(data, games)
	if f == nil {
		f = parseByBytes(data, games, byReplay)
	}
	if f == nil {
		var err error
		if f, err = Parse(data, games); err != nil {
			return nil, err
		}
	}
	f.cache = c
	return f, nil
}

// parse is Parse from a snapshot, or nil where the snapshot does not
// apply or anything is amiss (Parse then says what).
func (c *Cache) parse(data []byte, games *engine.Registry) *File {
	if len(data) > MaxSize {
		return nil
	}
	id, ok := gameIDOf(data)
	if !ok {
		return nil
	}
	for _, sh := range c.shelves {
		names, _ := filepath.Glob(filepath.Join(sh.dir, id+"-*"+snapshotExt))
		for _, name := range names {
			raw, err := os.ReadFile(name)
			if err != nil {
				continue
			}
			s, err := decodeSnapshot(raw, sh.key)
			if err != nil || s.header.Game != id || s.prefixLen > len(data) || sha256.Sum256(data[:s.prefixLen]) != s.prefix {
				continue
			}
			if f := s.parseRest(data, games, byReplay); f != nil {
				return f
			}
		}
	}
	return nil
}

// gameIDOf finds the game id where File.Marshal writes it: the first
// field of the header, on the file's third line.
func gameIDOf(data []byte) (string, bool) {
	const lead = "\nheader:\n  game: "
	head := data[:min(len(data), 200)]
	i := bytes.Index(head, []byte(lead))
	if i < 0 || !bytes.HasPrefix(data, []byte("format: ")) {
		return "", false
	}
	id := head[min(len(head), i+len(lead)):min(len(head), i+len(lead)+17)]
	if len(id) != 17 || id[16] != '\n' || !gameIDRE.Match(id[:16]) {
		return "", false
	}
	return string(id[:16]), true
}

// parseRest reads the file data, which begins with the bytes s describes:
// the entries after them and the state block, which state finds where it
// can without reading it (nil: read it). It returns nil unless the file
// reads, and as Parse would read it.
func (s *snapshot) parseRest(data []byte, games *engine.Registry, state stateFinder) *File {
	game, ok := games.ByFormat(s.format)
	if !ok || s.prefixLen > len(data) {
		return nil
	}
	rest := data[s.prefixLen:]
	// The rest must begin where the verified copy's state block began: a
	// list item of the history (two spaces in, as the history's items
	// are) or the state block. It then reads in the file as it reads
	// after a history key of its own: the bytes before it are complete
	// entries.
	if !bytes.HasPrefix(rest, []byte("  - ")) && !bytes.HasPrefix(rest, []byte("state:")) {
		return nil
	}
	if !utf8.Valid(rest) {
		return nil
	}
	if state != nil {
		if f := s.parseAdded(data, game, state); f != nil {
			return f
		}
	}
	doc := make([]byte, 0, len(historyKey)+len(rest))
	doc = append(append(doc, historyKey...), rest...)
	root, err := parseYAML(doc)
	if err != nil || root.Kind != yaml.MappingNode || len(root.Content) != 4 || root.Content[0].Value != "history" {
		return nil
	}
	if key, err := mapKey(root.Content[2], nil); err != nil || key != "state" {
		return nil
	}
	d := newDecoder(game)
	var added []Entry
	if h := root.Content[1]; h.Kind != yaml.ScalarNode || h.Tag != "!!null" || h.Value != "" {
		if err := d.value(h, reflect.ValueOf(&added).Elem(), nil); err != nil {
			return nil
		}
	}
	f := &File{Format: s.format, Header: cloneHeader(s.header), game: game}
	f.History = make([]Entry, len(s.entries), len(s.entries)+len(added)+1)
	copy(f.History, s.entries)
	f.History = append(f.History, added...)
	if err := d.value(root.Content[3], reflect.ValueOf(&f.State).Elem(), nil); err != nil || d.late != nil {
		return nil
	}
	// Parse's checks of what is new: the header and the verified entries
	// passed them when the copy was read.
	fail := func(string, string, ...any) error { return errSnapshot }
	for i := len(s.entries); i < len(f.History); i++ {
		if checkEntry(f, i, fail) != nil {
			return nil
		}
	}
	if checkState(f, f.Header.Setup(), fail) != nil {
		return nil
	}
	f.cached = &cachedPrefix{snap: s, data: data, stateAt: s.prefixLen + stateOffset(rest)}
	f.source = data
	return f
}

// stateOffset is where the state block begins in rest, the bytes after a
// prefix.
func stateOffset(rest []byte) int {
	if bytes.HasPrefix(rest, []byte("state:")) {
		return 0
	}
	return stateStart(rest)
}

// openCached opens a file read with the cache: the snapshot's position,
// checked against the entries it holds, then the entries after them
// replayed and the stored state compared, as replay does.
func openCached(f *File) (*Game, error) {
	g, err := replayCached(f)
	if err != nil {
		return nil, err
	}
	if err := g.finish(); err != nil {
		return nil, err
	}
	g.fromSnapshot(f.cached, false)
	return g, nil
}

// fromSnapshot records the snapshot the game was opened from, and the
// file's bytes: Marshal's as far as the verified copy's went, the entries
// after it compared with Marshal's when the game is first written; all of
// them when whole (they were compared when the file was read).
func (g *Game) fromSnapshot(c *cachedPrefix, whole bool) {
	f := g.file
	g.snap = c.snap
	g.raw = &rawFile{data: c.data, end: c.stateAt, n: len(f.History), header: cloneHeader(f.Header), version: -1, checked: c.snap.prefixLen, checkedN: len(c.snap.entries)}
	if whole {
		g.raw.checked, g.raw.checkedN, g.raw.version = c.stateAt, len(f.History), g.version
	}
}

// replayCached replays a file read with the cache up to its stored state:
// the snapshot's position, checked against the entries it holds, then the
// entries after them.
func replayCached(f *File) (*Game, error) {
	c := f.cached
	s := c.snap
	n := len(s.entries)
	if len(f.History) < n || !sameEntries(f.History[:n], s.entries) {
		return nil, errSnapshot
	}
	g := newGame(f)
	g.replayed = true
	var err error
	if g.header, err = headerHash(f); err != nil || g.header != s.headerHash {
		return nil, errSnapshot
	}
	// The seats' chain positions follow from the entries (a sandbox
	// game's have none).
	if g.restoreChains(f.History[:n], s.steps) != nil {
		return nil, errSnapshot
	}
	// The position: the snapshot's state, which must be the state the
	// last verified entry names, after the entry the snapshot names.
	if h, err := entryHash(&f.History[n-1]); err != nil || h != s.last {
		return nil, errSnapshot
	}
	st := f.game.NewState()
	if err := json.Unmarshal(s.state, st); err != nil {
		return nil, errSnapshot
	}
	if g.eng, err = f.game.Load(g.setup, st); err != nil {
		return nil, errSnapshot
	}
	if h, err := g.stateHash(g.eng.State()); err != nil || h.String() != f.History[n-1].State {
		return nil, errSnapshot
	}
	g.prev = s.last
	g.steps = append(make([]Step, 0, len(f.History)+1), s.steps...)
	g.rngTurn = s.rngTurn
	if s.rng != nil {
		g.rng = s.rng.Clone()
	}
	g.inPlace = true
	for i := n; i < len(f.History); i++ {
		if err := g.replayEntry(&f.History[i]); err != nil {
			return nil, err
		}
	}
	g.inPlace = false
	return g, nil
}

// sameEntries reports whether two lists hold the same entries.
func sameEntries(a, b []Entry) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.N != y.N || x.Seat != y.Seat || x.At != y.At || x.Prev != y.Prev || x.Key != y.Key || x.Commit != y.Commit ||
			x.Reveal != y.Reveal || x.Kind != y.Kind || x.State != y.State || x.Sig != y.Sig ||
			(x.Dice == nil) != (y.Dice == nil) || x.Dice != nil && *x.Dice != *y.Dice ||
			!slices.Equal(x.Actions, y.Actions) || !slices.Equal(x.Events, y.Events) ||
			(x.Actions == nil) != (y.Actions == nil) || (x.Events == nil) != (y.Events == nil) ||
			!sameEntries(x.Parts, y.Parts) {
			return false
		}
	}
	return true
}

// readsBack reports whether data, the bytes Marshal wrote for g's file,
// read back (as Parse reads them) to g's header and entries: what a
// snapshot of g may stand for. Past a snapshot g was opened with, only
// what follows its bytes is read.
func (g *Game) readsBack(data []byte) bool {
	reg, err := engine.NewRegistry(g.game)
	if err != nil {
		return false
	}
	f := g.file
	if g.version == 0 && bytes.Equal(data, f.source) {
		// The bytes the file was read from, unchanged since.
		return true
	}
	// The state block is what g's state is written as, as a rule: then
	// it needs no reading.
	own, err := g.ownState()
	if err != nil {
		return false
	}
	var back *File
	if s := g.snap; s != nil && s.prefixLen <= len(data) && sha256.Sum256(data[:s.prefixLen]) == s.prefix {
		back = s.parseRest(data, reg, own)
	} else if back = parseByBytes(data, reg, own); back == nil {
		if back, err = Parse(data, reg); err != nil {
			back = nil
		}
	}
	return back != nil && back.Format == f.Format && reflect.DeepEqual(back.Header, f.Header) && sameEntries(back.History, f.History)
}

// keepEvery is how many entries a read of a sandbox game must replay
// beyond its snapshot (or from the start) for a new snapshot to be kept.
const keepEvery = 8

// maxSandboxSnapshots bounds the snapshots a sandbox shelf keeps: the
// oldest go first.
const maxSandboxSnapshots = 32

// keep keeps a snapshot of the position of g, a game just opened from a
// file read through the cache, on the cache's sandbox shelf: for a
// sandbox game whose history replayed (not one whose stored state was
// edited by hand, §4.4), when the read replayed keepEvery entries or more
// past its snapshot. It only saves time: a failure is ignored.
func (c *Cache) keep(g *Game) {
	var sh *shelf
	if c != nil {
		for i := range c.shelves {
			if c.shelves[i].sandbox {
				sh = &c.shelves[i]
			}
		}
	}
	f := g.file
	if sh == nil || !f.Header.Sandbox || !g.replayed || f.source == nil {
		return
	}
	covered := 0
	if g.snap != nil {
		covered = len(g.snap.entries)
	}
	if len(f.History)-covered < keepEvery {
		return
	}
	s, err := snapshotOf(g, f.source)
	if err != nil {
		return
	}
	b, err := s.encode(sh.key)
	if err != nil || WriteAtomic(sh.path(g.gameKey()), b, 0o600) != nil {
		return
	}
	sh.prune()
}

// prune removes the oldest snapshots beyond maxSandboxSnapshots.
func (sh *shelf) prune() {
	names, _ := filepath.Glob(filepath.Join(sh.dir, "*"+snapshotExt))
	if len(names) <= maxSandboxSnapshots {
		return
	}
	type aged struct {
		name string
		mod  int64
	}
	var all []aged
	for _, n := range names {
		if fi, err := os.Stat(n); err == nil {
			all = append(all, aged{n, fi.ModTime().UnixNano()})
		}
	}
	slices.SortFunc(all, func(a, b aged) int { return cmp.Compare(a.mod, b.mod) })
	for _, a := range all[:max(0, len(all)-maxSandboxSnapshots)] {
		os.Remove(a.name)
	}
}

// KeyStore.Check and Remember use the snapshot of the copy they keep.

// seenBytes returns the bytes of the latest copy of g the key store has
// seen, or nil.
func (k *KeyStore) seenBytes(g *Game) ([]byte, error) {
	data, err := os.ReadFile(k.copyPath(g))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// snapshotPath is where the key store keeps the snapshot of g.
func (k *KeyStore) snapshotPath(g *Game) string { return k.shelf().path(g.gameKey()) }

// readSnapshot returns the key store's snapshot of g, or nil.
func (k *KeyStore) readSnapshot(g *Game) *snapshot {
	if g.snap != nil && g.snap.headerHash == g.header {
		return g.snap
	}
	raw, err := os.ReadFile(k.snapshotPath(g))
	if err != nil {
		return nil
	}
	s, err := decodeSnapshot(raw, k.shelf().key)
	if err != nil || s.headerHash != g.header {
		return nil
	}
	return s
}

// writeSnapshot keeps the snapshot of g, whose file's bytes are data
// (just written as the latest copy seen). Without one (a game with no
// entry, or bytes that do not read back as g's file) the old snapshot is
// removed: it describes another copy.
func (k *KeyStore) writeSnapshot(g *Game, data []byte) error {
	sh := k.shelf()
	path := sh.path(g.gameKey())
	s, err := snapshotOf(g, data)
	if err == nil {
		var b []byte
		if b, err = s.encode(sh.key); err == nil {
			err = WriteAtomic(path, b, 0o600)
		}
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("keeping the snapshot: %w", err)
	}
	return nil
}

// seenEntries returns the number of entries of the copy whose bytes are
// seen: the snapshot's, when it describes them, else the copy's read.
func (k *KeyStore) seenEntries(g *Game, seen []byte) (int, error) {
	if s := k.readSnapshot(g); s != nil && sha256.Sum256(seen) == s.whole {
		return len(s.entries), nil
	}
	f, err := k.parseSeen(g, seen)
	if err != nil {
		return 0, err
	}
	return len(f.History), nil
}

// parseSeen reads the copy seen last.
func (k *KeyStore) parseSeen(g *Game, data []byte) (*File, error) {
	reg, err := engine.NewRegistry(g.game)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data, reg)
	if err != nil {
		return nil, &KeyStoreError{Path: k.copyPath(g), Reason: "the copy of the game seen last does not read: " + err.Error()}
	}
	return f, nil
}
