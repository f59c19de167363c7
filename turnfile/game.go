package turnfile

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"reflect"
	"slices"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/canonjson"
)

// Game is a turn file replayed to its end (§5): the file, the engine game
// in the position the history leads to, and what is needed to add entries
// (the hash of the last entry, every seat's chain position and the current
// turn's random source). A Game is not safe for concurrent use.
type Game struct {
	file  *File
	game  engine.Game
	setup engine.Setup
	eng   engine.Position
	// rng is the random source of turn rngTurn, or nil.
	rng     *TurnRand
	rngTurn int
	prev    Hash
	// header is the header hash (§3.3), which names the game in key
	// stores.
	header Hash
	seats  map[string]*chainPos
	steps  []Step
	// replayed is false for a sandbox game whose stored state does not
	// follow from its history (edited by hand); note says why.
	replayed bool
	note     string
	// inPlace is set while replay applies entries to the game's own
	// position (replayHistory's fresh game, discarded on any error).
	inPlace bool
	// enc writes the states' canonical JSON; hashBuf is the last state's,
	// kept for its room. parsed holds stored actions already read, by
	// their text.
	enc     canonjson.Encoder
	hashBuf []byte
	parsed  map[string]engine.Action
	// commits are the seats' published commitments, for the games'
	// derived seeds (§4.5); nil until needed after a join.
	commits map[string][]byte
	// version counts the changes made to the file through the game;
	// raw, when set, is the file's bytes as read or written (Marshal).
	version int
	raw     *rawFile
	// snap is the snapshot the game was opened from (Cache), if any.
	snap *snapshot
	// turnChains is true from format version 2 on: a seat reveals a
	// chain value only where the game needs one, at a place fixed by the
	// position, not by how many entries the seat made (§4.1).
	turnChains bool
	// lastReveal is the latest chain value any seat revealed (format 2):
	// the random source's Reveal for entries that reveal none.
	lastReveal []byte
	// ordersIn counts, per seat, the entries of only standing orders it
	// made since the current turn began (§2.3, the limits).
	ordersIn map[string]int
	// attacker is set by tests that play a cheating seat's software,
	// which makes entries over the limits where verifiers do not check
	// them (format 1).
	attacker bool
	// stateYAML is the state block the size check of a move encoded for
	// the state after it (checkSize), which Marshal then writes.
	stateYAML encodedState
}

// chainPos is where a seat stands in its hash chain.
type chainPos struct {
	key    ed25519.PublicKey
	commit Hash
	joinN  int  // entry that joined, 0 if not joined
	value  Hash // latest published chain value (commit or reveal)
	// k is the index of value in the chain (0: the commitment): in
	// format 1 the number of reveals so far, from format 2 the index the
	// latest reveal had (§4.1).
	k       int
	revealN int // entry of the latest reveal, 0 if none
}

// Step describes one history entry as replay saw it.
type Step struct {
	// Turn is the state's turn number before the entry.
	Turn int
	// Begins is true when the entry began turn Turn (§4.2).
	Begins bool
	// Dice is the roll in the state after the entry, if any.
	Dice *[2]int
}

// NewOptions describe a game to make. Nil or zero fields take the
// documented defaults.
type NewOptions struct {
	// Rules is the game to play; nil means the registry's default game
	// cannot be known here, so it is required.
	Rules engine.Game
	// Format is the format of the new file: empty for the game's newest
	// (Rules.Format), or an earlier version of it, for tests that show
	// what changed between versions.
	Format string
	// Game is the game id, 16 hex digits; empty draws one (from Seed in a
	// sandbox game with a seed, else from Rand).
	Game    string
	Created time.Time
	// Choices are the game's set-up choices by name (engine.Choice: an
	// edition, a scenario); one left out is the game's default.
	Choices map[string]string
	Options map[string]string
	// Seats in turn order, the first seat starting; Key and Commit must be
	// empty.
	Seats   []Seat
	Sandbox bool
	// Seed is the sandbox seed; nil draws one from Rand.
	Seed *int64
	// RandomStart shuffles the seat order: from the seed in a sandbox game
	// (§4.4), from Rand otherwise (for a hosted game's referee).
	RandomStart bool
	// Rand is the source of ids, seeds and shuffles; nil means
	// crypto/rand.Reader.
	Rand io.Reader
}

// New makes a new game (§2): the header, an empty history and the starting
// position. A peer game waits for every seat to join; a sandbox game can be
// played at once.
func New(o NewOptions) (*Game, error) {
	if o.Rules == nil {
		return nil, fmt.Errorf("no game given")
	}
	rnd := o.Rand
	if rnd == nil {
		rnd = rand.Reader
	}
	h := Header{
		Game: o.Game, Created: FormatTime(o.Created),
		Options: map[string]string{}, Sandbox: o.Sandbox,
	}
	for k, v := range o.Options {
		h.Options[k] = v
	}
	name := o.Rules.Name()
	format := o.Rules.Format()
	if o.Format != "" {
		n, v, ok := engine.FormatVersion(o.Format)
		_, newest, _ := engine.FormatVersion(format)
		if !ok || n != name || v > newest {
			return nil, fmt.Errorf("format %q is not a format of %s", o.Format, name)
		}
		format = o.Format
	}
	_, version, _ := engine.FormatVersion(format)
	if o.Sandbox {
		seed := o.Seed
		if seed == nil {
			var b [8]byte
			if _, err := io.ReadFull(rnd, b[:]); err != nil {
				return nil, err
			}
			s := int64(be64u(b[:]) & MaxSeed)
			seed = &s
		}
		if *seed < 0 || *seed > MaxSeed {
			return nil, fmt.Errorf("seed %d is outside 0..%d", *seed, int64(MaxSeed))
		}
		h.Seed = seed
		if h.Game == "" {
			d := sha256.Sum256(append([]byte(name+"/sandbox-id"), be64(uint64(*seed))...))
			h.Game = hex.EncodeToString(d[:8])
		}
	} else {
		h.ChainLength = TurnChainLength
		if version < 2 {
			h.ChainLength = ChainLength
		}
		if o.Seed != nil {
			return nil, fmt.Errorf("a seed is for sandbox games only")
		}
	}
	if h.Game == "" {
		var b [8]byte
		if _, err := io.ReadFull(rnd, b[:]); err != nil {
			return nil, err
		}
		h.Game = hex.EncodeToString(b[:])
	}
	if !gameIDRE.MatchString(h.Game) {
		return nil, fmt.Errorf("game id %q: want 16 lowercase hex digits", h.Game)
	}
	for _, s := range o.Seats {
		if s.Key != "" || s.Commit != "" {
			return nil, fmt.Errorf("seat %s: a new seat has no key yet", s.Colour)
		}
		h.Seats = append(h.Seats, s)
	}
	if o.RandomStart {
		var seed Hash
		if o.Sandbox {
			seed = sha256.Sum256(slices.Concat([]byte(name+"/start"), gameBytes(h.Game), be64(uint64(*h.Seed))))
		} else if _, err := io.ReadFull(rnd, seed[:]); err != nil {
			return nil, err
		}
		r := NewTurnRand(seed)
		for i := len(h.Seats) - 1; i > 0; i-- {
			j := r.Intn(startStream, i+1)
			h.Seats[i], h.Seats[j] = h.Seats[j], h.Seats[i]
		}
	}
	setup, err := o.Rules.Resolve(engine.Setup{
		Seats: seatColours(h.Seats), Choices: o.Choices,
		Options: h.Options, Sandbox: h.Sandbox, Format: format,
	})
	if err != nil {
		return nil, err
	}
	for name, v := range setup.Choices {
		if isHeaderField(name) {
			return nil, fmt.Errorf("%s: its set-up choice %q is a field of every header", o.Rules.Name(), name)
		}
		if h.Choices == nil {
			h.Choices = map[string]string{}
		}
		h.Choices[name] = v
	}
	f := &File{Format: format, Header: h, History: []Entry{}, game: o.Rules}
	g := newGame(f)
	eng, err := o.Rules.New(setup, g.entrySource(g.newSource(), 0, nil))
	if err != nil {
		return nil, err
	}
	f.State = eng.State()
	return Open(f)
}

func be64u(b []byte) uint64 {
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v
}

// startStream is the name of the stream of the random start order
// (§4.3): a question mark, the name the first version of this program
// gave it, kept so that the same seed still gives the same order.
const startStream = "?"

// newGame returns the game of f before any entry is replayed.
func newGame(f *File) *Game {
	g := &Game{file: f, game: f.game, setup: f.Header.Setup(), rngTurn: -1, seats: map[string]*chainPos{}}
	g.setup.Format = f.Format
	_, v, _ := engine.FormatVersion(f.Format)
	g.turnChains = v >= 2
	for _, s := range f.Header.Seats {
		g.seats[s.Colour] = &chainPos{}
	}
	return g
}

// Open replays f (§5) and returns the game at the end of its history. For
// a peer game every failure is a *VerifyError naming the first bad entry.
// A sandbox game whose stored state does not follow from its history (it
// was edited) opens at its stored state if that is consistent; Replayed
// then reports false.
//
// A file read with a Cache that knows how it begins is opened from the
// cache's snapshot: only the entries after it are replayed, with every
// check; on any problem the file is replayed in full, so the result is
// the same.
func Open(f *File) (*Game, error) {
	if f.game == nil {
		return nil, &VerifyError{Reason: "header: the file names no known game"}
	}
	if g := f.takeOpened(); g != nil {
		f.cache.keep(g)
		return g, nil
	}
	if f.cached != nil {
		if g, err := openCached(f); err == nil {
			f.cache.keep(g)
			return g, nil
		}
	}
	g, err := replay(f)
	if err == nil {
		f.cache.keep(g)
	}
	if err == nil || !f.Header.Sandbox {
		return g, err
	}
	// §4.4: a sandbox game's state may have been edited; then it only
	// has to be a consistent position.
	g = newGame(f)
	eng, lerr := f.game.Load(g.setup, f.State)
	if lerr != nil {
		return nil, &VerifyError{Reason: "the state is not a consistent position", Err: lerr}
	}
	g.eng, g.note = eng, err.Error()
	g.prev, err = headerHash(f)
	if err != nil {
		return nil, err
	}
	g.header = g.prev
	if n := len(f.History); n > 0 {
		if g.prev, err = entryHash(&f.History[n-1]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func replay(f *File) (*Game, error) {
	g, err := replayHistory(f)
	if err != nil {
		return nil, err
	}
	if err := g.finish(); err != nil {
		return nil, err
	}
	return g, nil
}

// finish checks, after the history is replayed, the header's keys and
// commitments against the join entries and the stored state against the
// state replay arrived at (§5 steps 4 and 5).
func (g *Game) finish() error {
	if err := g.checkHeaderKeys(); err != nil {
		return err
	}
	return g.checkStoredState()
}

// checkHeaderKeys checks the header's keys and commitments against the
// join entries (§5 step 4).
func (g *Game) checkHeaderKeys() error {
	f := g.file
	for _, s := range f.Header.Seats {
		cp := g.seats[s.Colour]
		switch {
		case cp.joinN == 0 && (s.Key != "" || s.Commit != ""):
			return &VerifyError{Reason: fmt.Sprintf("header: seat %s has a key but never joined", s.Colour)}
		case cp.joinN > 0 && (s.Key != FormatPublicKey(cp.key) || s.Commit != cp.commit.String()):
			return &VerifyError{Reason: fmt.Sprintf("header: seat %s's key or commit differs from its join entry %d", s.Colour, cp.joinN)}
		}
	}
	return nil
}

// checkStoredState checks the stored state against the state replay
// arrived at (§5 step 5).
func (g *Game) checkStoredState() error {
	f := g.file
	want, err := g.stateHash(f.State)
	if err != nil {
		return &VerifyError{Reason: "hashing the stored state", Err: err}
	}
	got, err := g.stateHash(g.eng.State())
	if err != nil {
		return &VerifyError{Reason: "hashing the replayed state", Err: err}
	}
	if want != got {
		return &VerifyError{Reason: "the stored state is not the state the history leads to: " + stateDiff(f.State, g.eng.State())}
	}
	return nil
}

// replayEntry checks one entry against the game so far and applies it.
func (g *Game) replayEntry(e *Entry) error {
	bad := func(format string, args ...any) error {
		return &VerifyError{Entry: e.N, Reason: fmt.Sprintf(format, args...)}
	}
	if !g.prev.is(e.Prev) {
		return bad("hash link broken: prev is %s, but the %s hashes to %s", e.Prev, prevName(e.N), g.prev)
	}
	if e.Kind == EntryParallel {
		return g.replayParallel(e)
	}
	sandbox := g.file.Header.Sandbox
	cp := g.seats[e.Seat]
	// signed is the entry's canonical JSON without its signature, once
	// the signature is checked: the entry's hash follows from it.
	var signed *canonicalEntry
	if !sandbox {
		key := cp.key
		if e.Kind == EntryJoin {
			if cp.joinN > 0 {
				return bad("%s joins a second time (first in entry %d)", e.Seat, cp.joinN)
			}
			var err error
			if key, err = ParsePublicKey(e.Key); err != nil {
				return bad("key: %v", err)
			}
		} else if cp.joinN == 0 {
			return bad("%s plays before joining", e.Seat)
		}
		c, err := checkSigOf(key, e)
		if err != nil {
			return bad("signature: %v", err)
		}
		signed = c
	}
	if e.Kind == EntryJoin {
		if err := g.checkJoin(e.Seat, e.Key); err != nil {
			return &VerifyError{Entry: e.N, Reason: "joining", Err: err}
		}
		commit, _ := parseHash(e.Commit)
		h, err := g.stateHash(g.eng.State())
		if err != nil {
			return bad("hashing the state: %v", err)
		}
		if !h.is(e.State) {
			return bad("state hash %s, but the state is %s", e.State, h)
		}
		cp.key, _ = ParsePublicKey(e.Key)
		cp.commit, cp.value, cp.joinN = commit, commit, e.N
		g.commits = nil
		g.steps = append(g.steps, Step{Turn: g.eng.Turn()})
		return g.linkOf(e, signed)
	}
	if !sandbox {
		if missing := g.unjoined(); len(missing) > 0 {
			return bad("%s moves before every seat joined (%s not yet)", e.Seat, missing[0])
		}
		if err := g.checkEntryReveal(e, cp); err != nil {
			return &VerifyError{Entry: e.N, Reason: err.Error()}
		}
	}
	if e.Kind == EntryEdit {
		edits, err := g.parseEdits(e.Actions)
		if err != nil {
			return &VerifyError{Entry: e.N, Reason: "edits", Err: err}
		}
		r, err := g.runEdit(edits)
		if err != nil {
			return &VerifyError{Entry: e.N, Reason: "replaying the edit", Err: err}
		}
		if len(e.Events) != 0 {
			return bad("an edit entry has no events")
		}
		h, err := g.stateHash(r.eng.State())
		if err != nil {
			return bad("hashing the state: %v", err)
		}
		if !h.is(e.State) {
			return bad("state hash %s, but the edited state hashes to %s", e.State, h)
		}
		g.accept(e, r)
		return g.linkOf(e, signed)
	}
	actions, err := g.parseActions(e.Actions)
	if err != nil {
		return &VerifyError{Entry: e.N, Reason: "actions", Err: err}
	}
	if want := kindOf(actions); e.Kind != want {
		return bad("kind is %s, but these actions make a %s entry", e.Kind, want)
	}
	if g.turnChains {
		if err := g.checkLimits(e, actions); err != nil {
			return &VerifyError{Entry: e.N, Reason: "over a limit of the format", Err: err}
		}
	}
	r, err := g.run(e, actions, g.inPlace)
	if err != nil {
		return &VerifyError{Entry: e.N, Reason: "replaying " + e.Seat + "'s " + e.Kind.String(), Err: err}
	}
	if !slices.Equal(r.events, e.Events) {
		return bad("events differ from the replay: %s", eventsDiff(e.Events, r.events))
	}
	h, err := g.stateHash(r.eng.State())
	if err != nil {
		return bad("hashing the state: %v", err)
	}
	if !h.is(e.State) {
		return bad("state hash %s, but the replayed state hashes to %s", e.State, h)
	}
	g.accept(e, r)
	return g.linkOf(e, signed)
}

// stateHash is StateHash, with the game's encoder and buffer.
func (g *Game) stateHash(st engine.State) (Hash, error) {
	b, err := g.enc.Append(g.hashBuf[:0], st)
	if err != nil {
		return Hash{}, err
	}
	g.hashBuf = b
	return sha256.Sum256(b), nil
}

func prevName(n int) string {
	if n == 1 {
		return "header"
	}
	return fmt.Sprintf("entry %d", n-1)
}

func (g *Game) link(e *Entry) error { return g.linkOf(e, nil) }

// linkOf makes e the last entry: its hash, from c (its canonical JSON
// without the signature) when the signature check made it, is what the
// next entry names as prev (§3.3).
func (g *Game) linkOf(e *Entry, c *canonicalEntry) error {
	var h Hash
	var err error
	if c != nil {
		h = c.hash(e)
	} else if h, err = entryHash(e); err != nil {
		return &VerifyError{Entry: e.N, Reason: "hashing the entry", Err: err}
	}
	g.prev = h
	return nil
}

func checkSig(key ed25519.PublicKey, e *Entry) error {
	_, err := checkSigOf(key, e)
	return err
}

// checkSigOf checks e's signature (§3.2) and returns the canonical JSON
// it signs.
func checkSigOf(key ed25519.PublicKey, e *Entry) (*canonicalEntry, error) {
	sig, err := base64.StdEncoding.Strict().DecodeString(e.Sig)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, fmt.Errorf("not a base64 Ed25519 signature")
	}
	c, err := e.canonicalSplit()
	if err != nil {
		return nil, err
	}
	d := sha256.Sum256(c.b)
	if !ed25519.Verify(key, d[:], sig) {
		return nil, fmt.Errorf("does not verify with %s's key", e.Seat)
	}
	return c, nil
}

// unjoined lists the seats that have not joined, in seat order.
func (g *Game) unjoined() []string {
	if g.file.Header.Sandbox {
		return nil
	}
	var out []string
	for _, s := range g.file.Header.Seats {
		if g.seats[s.Colour].joinN == 0 {
			out = append(out, s.Colour)
		}
	}
	return out
}

// checkJoin reports why seat may not join with key now (§4.1): the first
// seat joins before any other, so that it fixes its chain before it sees
// another seat's commitment (else it could try secrets until turn 1's
// draws suit it); one key holds one seat; and the game's own rules.
func (g *Game) checkJoin(seat, key string) error {
	if cp := g.seats[seat]; cp != nil && cp.joinN > 0 {
		return &TurnError{Seat: seat, Reason: "has already joined"}
	}
	first := g.file.Header.Seats[0].Colour
	if seat != first && g.seats[first].joinN == 0 {
		return &TurnError{Seat: seat, Reason: fmt.Sprintf("%s, the first seat, joins first (it must fix its chain before it sees another seat's)", first)}
	}
	for c, cp := range g.seats {
		if c != seat && cp.joinN > 0 && FormatPublicKey(cp.key) == key {
			return &TurnError{Seat: seat, Reason: fmt.Sprintf("this key already holds seat %s: one key plays one seat", c)}
		}
	}
	if jc, ok := g.eng.(engine.JoinChecker); ok {
		return jc.CheckJoin(seat, g.joined())
	}
	return nil
}

// joined lists the seats that have joined, in the order they joined.
func (g *Game) joined() []string {
	var out []string
	for _, s := range g.file.Header.Seats {
		if cp := g.seats[s.Colour]; cp.joinN > 0 {
			out = append(out, s.Colour)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return g.seats[a].joinN - g.seats[b].joinN })
	return out
}

func seatColours(seats []Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Colour
	}
	return out
}

// parseActions reads stored actions, each of which must be one action in
// the canonical form the game prints (§2.3). An action read before is
// not read again: reading is a function of the text.
func (g *Game) parseActions(list []string) ([]engine.Action, error) {
	out := make([]engine.Action, len(list))
	for i, s := range list {
		if a, ok := g.parsed[s]; ok {
			out[i] = a
			continue
		}
		as, err := g.game.ParseMove(s)
		if err != nil {
			return nil, err
		}
		if len(as) != 1 {
			return nil, fmt.Errorf("%q is not one action", s)
		}
		if as[0].String() != s {
			return nil, fmt.Errorf("action %q is not written in canonical form %q", s, as[0].String())
		}
		out[i] = as[0]
		if reflect.TypeOf(as[0]).Kind() != reflect.Pointer && len(g.parsed) < maxParsed {
			if g.parsed == nil {
				g.parsed = map[string]engine.Action{}
			}
			g.parsed[s] = as[0]
		}
	}
	return out, nil
}

// maxParsed bounds the actions a game remembers having read.
const maxParsed = 4096

// kindOf is the entry kind a list of actions makes (§2.3): orders when
// every action is a standing order, decision when every action answers a
// decision or is an order, move otherwise.
func kindOf(actions []engine.Action) EntryKind {
	switch engine.ClassOf(actions) {
	case engine.ClassMove:
		return EntryMove
	case engine.ClassDecision:
		return EntryDecision
	}
	return EntryOrders
}

// result is what running one entry gives, before it is accepted.
type result struct {
	// turn is the position's turn before the entry.
	turn    int
	eng     engine.Position
	rng     *TurnRand
	rngTurn int
	begins  bool
	events  []string
	// revealIdx is the index of the chain value the entry reveals, 0 for
	// none (§4.1); orders the number of standing orders it gives (§2.3).
	revealIdx int
	orders    int
}

// newSource returns the random source of draws made before any turn
// began (§4.2): none happen with the current rules.
func (g *Game) newSource() *TurnRand {
	h := &g.file.Header
	if h.Sandbox {
		return NewTurnRand(SandboxSeed(g.game.Name(), h.Game, g.turn(), *h.Seed))
	}
	return NewTurnRand(TurnSeed(g.game.Name(), h.Game, g.turn(), Hash{}, Hash{}))
}

// turn is the position's turn, 0 before the position exists.
func (g *Game) turn() int {
	if g.eng == nil {
		return 0
	}
	return g.eng.Turn()
}

// source returns the random source an entry by seat revealing reveal
// would use (§4.2, §4.3): the current turn's, or a new one when the entry
// begins a turn. It does not change g.
func (g *Game) source(seat string, reveal Hash) (rng *TurnRand, turn int, begins bool) {
	h := &g.file.Header
	t := g.eng.Turn()
	if g.eng.BeginsTurn(seat) && g.rngTurn != t {
		var seed Hash
		if h.Sandbox {
			seed = SandboxSeed(g.game.Name(), h.Game, t, *h.Seed)
		} else {
			seed = TurnSeed(g.game.Name(), h.Game, t, g.prevValue(seat), reveal)
		}
		return NewTurnRand(seed), t, true
	}
	if g.rng == nil {
		return g.newSource(), -1, false
	}
	return g.rng.Clone(), g.rngTurn, false
}

// entrySource gives the game the source of entry n revealing reveal (nil
// in a sandbox game).
func (g *Game) entrySource(rng *TurnRand, n int, reveal []byte) *entrySource {
	if g.commits == nil {
		g.commits = map[string][]byte{}
		for c, cp := range g.seats {
			if cp.joinN > 0 {
				g.commits[c] = slices.Clone(cp.commit[:])
			}
		}
	}
	ctx := &seedContext{name: g.game.Name(), game: g.file.Header.Game, sandbox: g.file.Header.Seed, commits: g.commits}
	return &entrySource{TurnRand: rng, n: n, reveal: reveal, ctx: ctx}
}

// prevValue is r_prev for mover (§4.2): the latest reveal by another seat,
// or before any, the latest commitment by another seat.
func (g *Game) prevValue(mover string) Hash {
	best, v := 0, Hash{}
	for c, cp := range g.seats {
		if c != mover && cp.revealN > best {
			best, v = cp.revealN, cp.value
		}
	}
	if best > 0 {
		return v
	}
	for c, cp := range g.seats {
		if c != mover && cp.joinN > best {
			best, v = cp.joinN, cp.commit
		}
	}
	return v
}

// run applies the actions of entry e to a copy of the game, or, when
// inPlace is set (replay, which discards the game on any error), to the
// game itself: Apply is atomic, so a refused move changes nothing either
// way.
func (g *Game) run(e *Entry, actions []engine.Action, inPlace bool) (*result, error) {
	var reveal Hash
	if e.Reveal != "" {
		reveal, _ = parseHash(e.Reveal)
	}
	revealIdx := 0
	if e.Reveal != "" {
		revealIdx = g.revealIndex(e.Seat)
	}
	revealBytes := g.entryReveal(e)
	rng, turn, begins := g.source(e.Seat, reveal)
	if e.Dice != nil {
		rng.Force(e.Dice[:])
	}
	before := g.eng.Turn()
	eng := g.eng
	if !inPlace {
		eng = g.eng.Clone()
	}
	events, err := eng.Apply(e.Seat, actions, g.entrySource(rng, e.N, revealBytes))
	if err != nil {
		return nil, err
	}
	if e.Dice != nil && rng.ForcedLeft() > 0 {
		return nil, &TurnError{Seat: e.Seat, Reason: "the dice are forced, but the move does not roll them"}
	}
	rng.forced, rng.used = nil, 0
	if events == nil {
		events = []string{}
	}
	return &result{turn: before, eng: eng, rng: rng, rngTurn: turn, begins: begins, events: events, revealIdx: revealIdx, orders: ordersIn(actions)}, nil
}

// accept makes the result of entry e the game's position.
func (g *Game) accept(e *Entry, r *result) {
	g.steps = append(g.steps, Step{Turn: r.turn, Begins: r.begins, Dice: diceOf(r.eng)})
	g.eng, g.rng, g.rngTurn = r.eng, r.rng, r.rngTurn
	if cp := g.seats[e.Seat]; cp != nil && e.Reveal != "" {
		cp.value, _ = parseHash(e.Reveal)
		cp.k = r.revealIdx
		cp.revealN = e.N
		if g.turnChains {
			g.lastReveal = slices.Clone(cp.value[:])
		}
	}
	if e.Kind != EntryParallel {
		g.countOrders(e.Seat, r.orders, r.begins)
	}
}

func diceOf(p engine.Position) *[2]int {
	if d := p.Dice(); len(d) == 2 {
		return &[2]int{d[0], d[1]}
	}
	return nil
}

// File returns the game's file. It changes as entries are added.
func (g *Game) File() *File { return g.file }

// Rules is the game being played.
func (g *Game) Rules() engine.Game { return g.game }

// Setup is the set-up of the header.
func (g *Game) Setup() engine.Setup { return g.setup }

// Position is the current position; the caller must not change it.
func (g *Game) Position() engine.Position { return g.eng }

// State returns the current state; the caller must not change it.
func (g *Game) State() engine.State { return g.eng.State() }

// Steps describes each history entry as replayed; empty when the history
// was not replayed.
func (g *Game) Steps() []Step { return g.steps }

// Replayed reports whether the stored state follows from the history. It
// is false only for a sandbox game edited by hand; Note then says where
// replay stopped.
func (g *Game) Replayed() bool { return g.replayed }

// Note explains why a sandbox game was not replayed, or is empty.
func (g *Game) Note() string { return g.note }

// FromCache is the number of entries the game took, already verified,
// from a snapshot of a Cache (the entries after them were replayed), or 0
// when the whole history was replayed.
func (g *Game) FromCache() int {
	if g.snap == nil {
		return 0
	}
	return len(g.snap.entries)
}

// Unjoined lists the seats of a peer game that have not joined yet.
func (g *Game) Unjoined() []string { return g.unjoined() }

// Joined reports whether seat has joined (always true in a sandbox).
func (g *Game) Joined(seat string) bool {
	if g.file.Header.Sandbox {
		return g.file.Header.SeatOf(seat) != nil
	}
	cp := g.seats[seat]
	return cp != nil && cp.joinN > 0
}

// Acting lists the seats whose action the game needs now: none before
// every seat joined or after the end.
func (g *Game) Acting() []string {
	if len(g.unjoined()) > 0 || g.eng.Over() {
		return nil
	}
	return g.eng.Awaited()
}

// BeginsTurn reports whether an entry by seat now would begin a turn: the
// seat is to move and has not rolled (§4.2).
func (g *Game) BeginsTurn(seat string) bool { return g.eng.BeginsTurn(seat) }

// Replay replays the game's history from the header and calls visit with
// the position before any entry (n = 0) and after each entry n (1, 2, …),
// with the entry (nil for n = 0). The positions are copies the caller may
// keep. For a sandbox game whose state was edited by hand (Replayed is
// false) the replay stops where the history stops leading anywhere, and
// visit is last called with the stored state as n = len(history).
func (g *Game) Replay(visit func(n int, e *Entry, p engine.Position) error) error {
	f := g.file
	r := newGame(f)
	// Visits get copies: entries apply to r's position in place.
	r.inPlace = true
	eng, err := f.game.New(r.setup, r.entrySource(r.newSource(), 0, nil))
	if err != nil {
		return &VerifyError{Reason: "header", Err: err}
	}
	r.eng = eng
	if r.prev, err = headerHash(f); err != nil {
		return err
	}
	r.header = r.prev
	if err := visit(0, nil, r.eng.Clone()); err != nil {
		return err
	}
	for i := range f.History {
		e := &f.History[i]
		if err := r.replayEntry(e); err != nil {
			if g.replayed {
				return err
			}
			return visit(len(f.History), &f.History[len(f.History)-1], g.eng.Clone())
		}
		if err := visit(e.N, e, r.eng.Clone()); err != nil {
			return err
		}
	}
	return nil
}
