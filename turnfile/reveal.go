package turnfile

import (
	"fmt"
	"slices"
)

// TurnChainLength is the length N of the hash chains of new games (format
// 2, §4.1): a seat reveals one value a turn it begins, so N bounds the
// turns of a game, not the entries of a seat.
const TurnChainLength = 4096

// revealIndex is the index of the chain value an entry by seat made now
// reveals (§4.1), 0 for none. In format 1 every entry reveals the seat's
// next value. From format 2 only two kinds of entry reveal, at an index
// the position fixes: the game's first entry after the joins reveals
// value 1 (a game may deal from it, S132), and the entry that begins turn
// t reveals value t+2. Other entries reveal nothing, so the number of
// entries a seat makes, or which, changes no random outcome.
func (g *Game) revealIndex(seat string) int {
	cp := g.seats[seat]
	if g.file.Header.Sandbox || cp == nil {
		return 0
	}
	if !g.turnChains {
		return cp.k + 1
	}
	if t := g.eng.Turn(); g.eng.BeginsTurn(seat) && g.rngTurn != t {
		return t + 2
	}
	if g.lastReveal == nil {
		return 1
	}
	return 0
}

// checkEntryReveal checks the reveal of a non-join entry of a peer game
// against the seat's chain (§4.1, §5 step 3): present exactly where
// revealIndex says, within the chain, and hashing to the seat's previous
// chain value in as many steps as the indices differ.
func (g *Game) checkEntryReveal(e *Entry, cp *chainPos) error {
	idx := g.revealIndex(e.Seat)
	if idx == 0 {
		if e.Reveal != "" {
			return fmt.Errorf("the entry reveals a chain value, but only the game's first entry after the joins and an entry that begins a turn reveal one (format %s)", g.file.Format)
		}
		return nil
	}
	if e.Reveal == "" {
		return fmt.Errorf("the entry reveals no chain value, but it must reveal %s's value %d", e.Seat, idx)
	}
	if idx > g.file.Header.ChainLength {
		return fmt.Errorf("%s's hash chain is spent (value %d of %d)", e.Seat, idx, g.file.Header.ChainLength)
	}
	reveal, _ := parseHash(e.Reveal)
	if hashTimes(reveal, idx-cp.k) != cp.value {
		if idx-cp.k == 1 {
			return fmt.Errorf("reveal %s does not hash to %s's previous chain value %s", e.Reveal, e.Seat, cp.value)
		}
		return fmt.Errorf("reveal %s does not hash in %d steps to %s's previous chain value %s", e.Reveal, idx-cp.k, e.Seat, cp.value)
	}
	return nil
}

// revealFor returns the chain value an entry by seat reveals now, made
// from the signer's secret, and its index; index 0 means the entry
// reveals none. It checks that s holds the seat's key and chain.
func (g *Game) revealFor(seat string, s *Signer) (Hash, int, error) {
	if s == nil {
		return Hash{}, 0, fmt.Errorf("%s: %w", seat, ErrNoSecret)
	}
	cp := g.seats[seat]
	if s.PublicKey() != FormatPublicKey(cp.key) {
		return Hash{}, 0, fmt.Errorf("the key in your key directory is not the key that joined as %s", seat)
	}
	idx := g.revealIndex(seat)
	if idx == 0 {
		return Hash{}, 0, nil
	}
	reveal, ok := ChainReveal(s.Secret, g.file.Header.ChainLength, idx)
	if !ok {
		return Hash{}, 0, &TurnError{Seat: seat, Reason: fmt.Sprintf("the hash chain is spent (value %d of %d)", idx, g.file.Header.ChainLength)}
	}
	if hashTimes(reveal, idx-cp.k) != cp.value {
		return Hash{}, 0, fmt.Errorf("the chain secret in your key directory is not %s's chain in this game", seat)
	}
	return reveal, idx, nil
}

// entryReveal is the chain value a game's source gives an entry as its
// Reveal: the entry's own reveal, or from format 2, for an entry that
// reveals none, the latest value any seat revealed (the current turn's).
func (g *Game) entryReveal(e *Entry) []byte {
	if e.Reveal != "" {
		r, _ := parseHash(e.Reveal)
		return r[:]
	}
	if g.turnChains {
		return g.lastReveal
	}
	return nil
}

// restoreChains sets the seats' chain positions, the latest reveal and
// the orders counts from verified entries and what replay saw of them
// (steps), for a game opened from a snapshot (Cache) rather than replayed.
func (g *Game) restoreChains(entries []Entry, steps []Step) error {
	if len(steps) != len(entries) {
		return errSnapshot
	}
	for i := range entries {
		e := &entries[i]
		if steps[i].Begins {
			clear(g.ordersIn)
		}
		if e.Kind == EntryParallel {
			for j := range e.Parts {
				g.countOrders(e.Parts[j].Seat, g.ordersOf(&e.Parts[j]), false)
			}
			continue
		}
		cp := g.seats[e.Seat]
		switch {
		case cp == nil && !g.file.Header.Sandbox:
			return errSnapshot
		case e.Kind == EntryJoin:
			k, err := ParsePublicKey(e.Key)
			if err != nil {
				return errSnapshot
			}
			cp.key = k
			cp.commit, _ = parseHash(e.Commit)
			cp.value, cp.joinN = cp.commit, e.N
		case e.Reveal != "":
			v, _ := parseHash(e.Reveal)
			steps := 1
			if g.turnChains {
				// The index is not written: count the hashes back to
				// the seat's previous value (a few: one per turn).
				for steps = 1; steps <= g.file.Header.ChainLength-cp.k && hashTimes(v, steps) != cp.value; steps++ {
				}
				if steps > g.file.Header.ChainLength-cp.k {
					return errSnapshot
				}
				g.lastReveal = slices.Clone(v[:])
			}
			cp.value, cp.k, cp.revealN = v, cp.k+steps, e.N
		}
		if e.Kind != EntryEdit {
			g.countOrders(e.Seat, g.ordersOf(e), false)
		}
	}
	return nil
}
