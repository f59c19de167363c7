package turnfile

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/elasund/elasund/engine"
)

// Join adds seat's join entry to a peer game (§4.1): the signer's public
// key and its chain commitment H^N(secret), signed with the key. The header
// seat gets the same key and commit.
func (g *Game) Join(seat string, s *Signer, at time.Time) (*Entry, error) {
	h := &g.file.Header
	if h.Sandbox {
		return nil, &TurnError{Seat: seat, Reason: "a sandbox game has no joining: its seats play at once"}
	}
	hs := h.SeatOf(seat)
	if hs == nil {
		return nil, &TurnError{Seat: seat, Reason: "no such seat in this game"}
	}
	if err := g.checkJoin(seat, s.PublicKey()); err != nil {
		return nil, err
	}
	st, err := StateHash(g.eng.State())
	if err != nil {
		return nil, err
	}
	commit := ChainCommit(s.Secret, h.ChainLength)
	e := Entry{
		N: len(g.file.History) + 1, Seat: seat, At: FormatTime(at), Prev: g.prev.String(),
		Key: s.PublicKey(), Commit: commit.String(), Kind: EntryJoin,
		Actions: []string{}, Events: []string{}, State: st.String(),
	}
	if err := signGuarded(&e, s, 0); err != nil {
		return nil, err
	}
	if err := g.replayEntry(&e); err != nil {
		return nil, fmt.Errorf("checking the new join entry: %w", err)
	}
	hs.Key, hs.Commit = e.Key, e.Commit
	g.file.History = append(g.file.History, e)
	g.version++
	return &g.file.History[len(g.file.History)-1], nil
}

// CanJoin reports why seat may not join now with the public key key
// ("ed25519:…"), or nil: the seat has joined already, the first seat has
// not joined yet, the key holds another seat, or the game's own rules
// (§4.1). Join checks the same.
func (g *Game) CanJoin(seat, key string) error {
	if g.file.Header.Sandbox {
		return &TurnError{Seat: seat, Reason: "a sandbox game has no joining: its seats play at once"}
	}
	if g.file.Header.SeatOf(seat) == nil {
		return &TurnError{Seat: seat, Reason: "no such seat in this game"}
	}
	return g.checkJoin(seat, key)
}

// MoveOptions are the optional parts of a move.
type MoveOptions struct {
	// Dice forces the roll (sandbox games only, §4.4).
	Dice *[2]int
	// MaxSize is the largest file the move may make, when smaller than
	// MaxSize (which bounds every move); 0 means MaxSize.
	MaxSize int
	// DryRun checks and applies the move to a copy only: the entry is
	// returned unsigned and the game is unchanged (nothing is signed, so
	// nothing can be evidence against the player, §4.6).
	DryRun bool
}

// Move validates the move of seat, applies it, and appends it as a signed
// entry (§2.3). In a peer game s must hold the seat's key and chain
// secret; in a sandbox game s is ignored. An illegal move returns the
// engine's *engine.RuleError and changes nothing; a move that cannot be
// made now for other reasons returns a *TurnError.
func (g *Game) Move(seat string, move []engine.Action, s *Signer, at time.Time, o MoveOptions) (*Entry, error) {
	h := &g.file.Header
	if h.SeatOf(seat) == nil {
		return nil, &TurnError{Seat: seat, Reason: "no such seat in this game"}
	}
	if len(move) == 0 {
		return nil, &TurnError{Seat: seat, Reason: "the move has no action"}
	}
	if missing := g.unjoined(); len(missing) > 0 {
		return nil, &TurnError{Reason: fmt.Sprintf("the game has not started: waiting for %s to join", colourList(missing))}
	}
	if g.eng.Over() {
		return nil, &TurnError{Reason: "the game is over"}
	}
	if o.Dice != nil && !h.Sandbox {
		return nil, &TurnError{Seat: seat, Reason: "forced dice are for sandbox games only"}
	}
	e := Entry{
		N: len(g.file.History) + 1, Seat: seat, At: FormatTime(at), Prev: g.prev.String(),
		Kind: kindOf(move), Dice: o.Dice, Actions: make([]string, len(move)),
	}
	for i, a := range move {
		e.Actions[i] = a.String()
	}
	if !h.Sandbox {
		reveal, idx, err := g.revealFor(seat, s)
		if err != nil {
			return nil, err
		}
		if idx > 0 {
			e.Reveal = reveal.String()
		}
	}
	if err := g.checkLimits(&e, move); err != nil {
		return nil, err
	}
	// The stored form is what replay will read: run exactly that.
	actions, err := g.parseActions(e.Actions)
	if err != nil {
		return nil, fmt.Errorf("re-reading the move: %w", err)
	}
	r, err := g.run(&e, actions, false)
	if err != nil {
		return nil, err
	}
	e.Events = r.events
	st, err := StateHash(r.eng.State())
	if err != nil {
		return nil, err
	}
	e.State = st.String()
	limit := MaxSize
	if o.MaxSize > 0 {
		limit = min(o.MaxSize, MaxSize)
	}
	block, err := g.checkSize(&e, r.eng.State(), limit)
	if err != nil {
		return nil, err
	}
	if o.DryRun {
		if !h.Sandbox && s.Guard != nil {
			// What the real move would meet: a key that signed
			// another successor of the head (§4.6).
			if err := s.Guard(&e, r.revealIdx, true); err != nil {
				return nil, err
			}
		}
		return &e, nil
	}
	if !h.Sandbox {
		if err := signGuarded(&e, s, r.revealIdx); err != nil {
			return nil, err
		}
	}
	g.accept(&e, r)
	return g.push(&e, block)
}

// Legal lists the actions seat may take now, in the game's canonical
// order. When seat would begin its turn, what its own draws would decide
// (Elasund's church tiles, say) is shown only if s (its signer) is given,
// since it depends on its next reveal; in a sandbox game s is not needed.
func (g *Game) Legal(seat string, s *Signer) []engine.Action {
	if len(g.unjoined()) > 0 {
		return nil
	}
	var src engine.Source
	if s := g.Source(seat, s); s != nil {
		src = s
	}
	return g.eng.Legal(seat, src)
}

// Source returns a copy of the random source the next entry by seat would
// be applied with (§4.2, §4.3), for players that plan a move action by
// action: they pass clones of it to Legal and apply their actions to a
// copy of the position with it, and the move they then send to Move draws
// exactly the same values. When the entry would begin a turn of a peer
// game, or the game draws from the seat's next reveal, the source depends
// on that reveal, so s must be the seat's signer; without it, or with a
// signer that does not hold the seat's key and chain, Source returns nil
// when the entry begins a turn. In a sandbox game s is not needed.
func (g *Game) Source(seat string, s *Signer) engine.Source {
	n := len(g.file.History) + 1
	if g.file.Header.Sandbox {
		rng, _, _ := g.source(seat, Hash{})
		return g.entrySource(rng, n, nil)
	}
	reveal, idx, err := g.revealFor(seat, s)
	if err != nil || idx == 0 {
		if g.eng.BeginsTurn(seat) && (err != nil || !g.turnChains) {
			return nil
		}
		rng, _, _ := g.source(seat, Hash{})
		var r []byte
		if g.turnChains {
			r = g.lastReveal
		}
		return g.entrySource(rng, n, r)
	}
	rng, _, _ := g.source(seat, reveal)
	return g.entrySource(rng, n, reveal[:])
}

// Seed returns the seed of turn t of a sandbox game, for tests and tools.
func (g *Game) Seed(t int) (Hash, bool) {
	h := &g.file.Header
	if !h.Sandbox {
		return Hash{}, false
	}
	return SandboxSeed(g.game.Name(), h.Game, t, *h.Seed), true
}

// signGuarded signs e with s's key after s's guard, if any, let it through
// (Signer.Guard); reveal is the number of the chain value e reveals.
func signGuarded(e *Entry, s *Signer, reveal int) error {
	if s.Guard != nil {
		if err := s.Guard(e, reveal, false); err != nil {
			return err
		}
	}
	return sign(e, s.Key)
}

func sign(e *Entry, key ed25519.PrivateKey) error {
	d, err := signedDigest(e)
	if err != nil {
		return err
	}
	e.Sig = base64.StdEncoding.EncodeToString(ed25519.Sign(key, d))
	return nil
}

func colourList(cs []string) string { return strings.Join(cs, ", ") }

// eventsDiff describes the first difference between two event lists.
func eventsDiff(file, replay []string) string {
	for i := 0; i < len(file) || i < len(replay); i++ {
		var a, b string
		if i < len(file) {
			a = file[i]
		}
		if i < len(replay) {
			b = replay[i]
		}
		if a != b {
			return fmt.Sprintf("event %d is %q in the file, %q in the replay", i+1, a, b)
		}
	}
	return "none"
}

// stateDiff names the first field where two states differ.
func stateDiff(a, b engine.State) string {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return "cannot compare"
	}
	var va, vb any
	da := json.NewDecoder(bytes.NewReader(ja))
	da.UseNumber()
	db := json.NewDecoder(bytes.NewReader(jb))
	db.UseNumber()
	if da.Decode(&va) != nil || db.Decode(&vb) != nil {
		return "cannot compare"
	}
	if p, x, y, ok := firstDiff("state", va, vb); ok {
		return fmt.Sprintf("%s is %s in the file, %s in the replay", p, short(x), short(y))
	}
	return "they differ"
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		return string(b[:77]) + "..."
	}
	return string(b)
}

func firstDiff(path string, a, b any) (string, any, any, bool) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return path, a, b, true
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, u, v, ok := firstDiff(path+"."+k, x[k], y[k]); ok {
				return p, u, v, true
			}
		}
		return "", nil, nil, false
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return path, a, b, true
		}
		for i := range x {
			if p, u, v, ok := firstDiff(fmt.Sprintf("%s[%d]", path, i+1), x[i], y[i]); ok {
				return p, u, v, true
			}
		}
		return "", nil, nil, false
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		return path, a, b, true
	}
	return "", nil, nil, false
}
