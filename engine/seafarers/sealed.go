package seafarers

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// newDraw makes the next sealed draw of the active player s (S137): serial
// number k, witness the next seat, the entry and its reveal.
func (g *Game) newDraw(kind drawKind, s int, src engine.Source) sealedDraw {
	d := sealedDraw{k: g.sealedNext, kind: kind, drawer: s, witness: g.next(s), victim: -1, at: -1}
	if g.cfg.turnSealed {
		d.turn = g.turn
	}
	g.sealedNext++
	if src != nil {
		d.entry = src.Entry()
		if r := src.Reveal(); r != nil {
			d.reveal = slices.Clone(r)
		}
	}
	return d
}

// resolvesAt reports whether an entry by seat s begins by resolving
// pending sealed draws (S138). In format seafarers/1 these are the draws s
// witnesses, at any entry of s, so that the witness chose the moment by
// sending or not; from format 2 they are the draws made before the current
// turn, at the entry that begins it (whose reveal they use): nobody
// chooses when a draw resolves, and so nobody chooses what it finds (V13).
func (g *Game) resolvesAt(s int) bool {
	return len(g.sealed) > 0 && g.resolvesPending(s)
}

// resolvesPending is resolvesAt while sealed draws are pending; resolvesAt
// answers without a call when none is (most of the time).
func (g *Game) resolvesPending(s int) bool {
	if !g.cfg.turnSealed {
		return g.witnessOf(s)
	}
	if !g.BeginsTurn(g.colour(s)) {
		return false
	}
	for i := range g.sealed {
		if g.resolvesNow(&g.sealed[i], s) {
			return true
		}
	}
	return false
}

// resolvesNow reports whether draw d resolves at the start of an entry of
// seat s that resolves draws (resolvesAt): in format 1 when s witnesses
// it; from format 2 when it was made before the current turn (a draw the
// mover makes before its roll waits for the next turn, like any other).
func (g *Game) resolvesNow(d *sealedDraw, s int) bool {
	if !g.cfg.turnSealed {
		return d.witness == s
	}
	return d.turn < g.turn
}

// witnessOf reports whether seat s witnesses a pending sealed draw.
func (g *Game) witnessOf(s int) bool {
	for i := range g.sealed {
		if g.sealed[i].witness == s {
			return true
		}
	}
	return false
}

// sealedRand returns the stream source of draw d resolved by the witness's
// entry (S138): H("seafarers/sealed" ‖ id ‖ u64(k) ‖ r_draw ‖ r_W), or in a
// sandbox game H("seafarers/sandbox-sealed" ‖ id ‖ u64(k) ‖ u64(seed)).
// It holds until g's next sealedRand.
func (g *Game) sealedRand(d *sealedDraw, src engine.Source) engine.Rand {
	if s, ok := src.(*engine.Seeded); ok && s != nil {
		// Bots' and simulations' source, a sandbox one (it reveals
		// nothing), called as itself: its Derive only reads the parts,
		// which then stay on the stack instead of being allocated at
		// every draw, as a call through the interface makes them; and
		// the derived source, used only until the draw is settled, is
		// made in the game's drawSource.
		if g.drawSource == nil {
			g.drawSource = new(engine.Seeded)
		}
		seed, _ := s.SandboxSeed()
		s.DeriveInto(g.drawSource, labelSandboxSealed, u64(uint64(d.k)), u64(uint64(seed)))
		return g.drawSource
	}
	if src == nil {
		return nil
	}
	if rw := src.Reveal(); rw != nil && d.reveal != nil {
		return src.Derive(labelSealed, u64(uint64(d.k)), d.reveal, rw)
	}
	if seed, ok := src.SandboxSeed(); ok {
		return src.Derive(labelSandboxSealed, u64(uint64(d.k)), u64(uint64(seed)))
	}
	if rw := src.Reveal(); rw != nil {
		return src.Derive(labelSealed, u64(uint64(d.k)), rw)
	}
	return nil
}

// resolveDraws resolves, in order of k, the pending sealed draws an entry
// of seat s resolves at its start (resolvesAt, S138). A drawer who then
// meets its goal wins (S88).
func (g *Game) resolveDraws(s int, src engine.Source) error {
	for i := 0; i < len(g.sealed); {
		d := g.sealed[i]
		if !g.resolvesNow(&d, s) {
			i++
			continue
		}
		g.sealed = append(g.sealed[:i], g.sealed[i+1:]...)
		r := g.sealedRand(&d, src)
		if err := g.resolveDraw(&d, r); err != nil {
			return err
		}
		if g.over() {
			break
		}
		g.checkWin(d.drawer)
		if g.over() {
			break
		}
	}
	if !g.over() {
		g.recheckOffer()
	}
	return nil
}

// resolveDraw settles one draw with the stream source r (or a forced
// outcome, S160).
func (g *Game) resolveDraw(d *sealedDraw, r engine.Rand) error {
	x := g.colour(d.drawer)
	switch d.kind {
	case drawCard:
		k, err := g.drawCard(r, streamSealed)
		if err != nil {
			return err
		}
		p := &g.players[d.drawer]
		p.cards = slices.Clone(p.cards) // shared with clones: copy on write
		for j := range p.cards {
			if p.cards[j].kind == Sealed && p.cards[j].draw == d.k {
				p.cards[j].kind = k
				p.cards[j].draw = 0
			}
		}
		g.log.add("sealed draw ").num(d.k).add(": ", x.String(), "'s card is a ", k.String()).end()
		return nil
	case drawSteal:
		res, err := g.forcedSteal(d.snapshot)
		if err != nil {
			return err
		}
		if res == NoResource {
			res = drawHand(r, streamSealed, d.snapshot)
		}
		v := &g.players[d.victim]
		if res != NoResource && v.hand.of(res) == 0 && g.cfg.turnSealed && v.hand.total() > 0 {
			// From format 2 the thief's gain does not depend on what the
			// victim did meanwhile: a card of the hand it holds now
			// (S141, docs/seafarers/decisions.md).
			gone := res
			res = drawHand(r, streamSealed, v.hand)
			v.hand[res-1]--
			g.players[d.drawer].hand[res-1]++
			g.log.sayf("sealed draw %d: %s would steal %s from %s, who holds none now: %s steals 1 %s from %s's hand instead (S141)", d.k, x, gone, g.colour(d.victim), x, res, g.colour(d.victim))
			return nil
		}
		if res == NoResource || v.hand.of(res) == 0 {
			g.log.sayf("sealed draw %d: %s would steal %s from %s, who holds none: nothing moves (S141)", d.k, x, res, g.colour(d.victim))
			return nil
		}
		v.hand[res-1]--
		g.players[d.drawer].hand[res-1]++
		g.log.add("sealed draw ").num(d.k).add(": ", x.String(), " steals 1 ", res.String(), " from ", g.colour(d.victim).String()).end()
		return nil
	case drawFog:
		return g.explore(d.drawer, d.at, r, streamSealed)
	case drawDie:
		die, err := g.forcedDie()
		if err != nil {
			return err
		}
		if die == 0 {
			die = draw(r, streamSealed, 6) + 1
		}
		g.fortressResult(d.drawer, die)
		return nil
	}
	return nil
}

// drawCard draws a development card uniformly from the unseen cards
// (S140), counted in draw order, or takes a forced one (S160).
func (g *Game) drawCard(r engine.Rand, stream string) (CardKind, error) {
	k, err := g.forcedCard()
	if err != nil {
		return NoCard, err
	}
	if k == NoCard {
		n := draw(r, stream, g.unseen.Total())
		for i, c := range g.unseen {
			if n < c {
				k = CardKinds[i]
				break
			}
			n -= c
		}
	}
	if k == NoCard {
		return NoCard, &engine.StateError{Field: "unseen_cards", Reason: "no development card is left to draw"}
	}
	g.unseen[k-1]--
	return k, nil
}

// promised counts the pending sealed card draws: unseen cards they will
// take (S73).
func (g *Game) promised() int {
	n := 0
	for i := range g.sealed {
		if g.sealed[i].kind == drawCard {
			n++
		}
	}
	return n
}

// takeForced removes and returns the first forced outcome of kind k, if
// any (S160).
func (g *Game) takeForced(k drawKind) (forcedOutcome, bool) {
	for i, f := range g.forced {
		if f.kind == k {
			g.forced = append(g.forced[:i], g.forced[i+1:]...)
			return f, true
		}
	}
	return forcedOutcome{}, false
}

func forcedErr(f forcedOutcome, why string) error {
	return &engine.StateError{Field: "forced", Reason: fmt.Sprintf("the forced outcome %q is impossible: %s; the sandbox set-up is inconsistent (force clear empties the list)", f.String(), why)}
}

// forcedCard returns a forced card kind, NoCard for none.
func (g *Game) forcedCard() (CardKind, error) {
	f, ok := g.takeForced(drawCard)
	if !ok {
		return NoCard, nil
	}
	if g.unseen[f.card-1] == 0 {
		return NoCard, forcedErr(f, "no unseen "+f.card.String()+" card is left")
	}
	return f.card, nil
}

// forcedSteal returns a forced stolen resource, NoResource for none.
func (g *Game) forcedSteal(snapshot Hand) (Resource, error) {
	f, ok := g.takeForced(drawSteal)
	if !ok {
		return NoResource, nil
	}
	if snapshot.of(f.res) == 0 {
		return NoResource, forcedErr(f, "the robbed hand held no "+f.res.String())
	}
	return f.res, nil
}

// forcedDie returns a forced die, 0 for none.
func (g *Game) forcedDie() (int, error) {
	f, ok := g.takeForced(drawDie)
	if !ok {
		return 0, nil
	}
	return f.die, nil
}

// forcedFog returns a forced fog tile and number (0: draw it), or
// NoTerrain for none.
func (g *Game) forcedFog() (board.Terrain, int, error) {
	f, ok := g.takeForced(drawFog)
	if !ok {
		return board.NoTerrain, 0, nil
	}
	if g.fogTiles[f.terrain] == 0 {
		return board.NoTerrain, 0, forcedErr(f, "no "+f.terrain.String()+" tile is left in the fog stack")
	}
	if f.number != 0 {
		if !f.terrain.Produces() {
			return board.NoTerrain, 0, forcedErr(f, "a "+f.terrain.String()+" tile takes no number")
		}
		if g.fogNumbers[f.number] == 0 {
			return board.NoTerrain, 0, forcedErr(f, fmt.Sprintf("no number token %d is left", f.number))
		}
	}
	return f.terrain, f.number, nil
}

// String prints a forced outcome as the edit force writes it.
func (f forcedOutcome) String() string {
	switch f.kind {
	case drawCard:
		return "card " + f.card.String()
	case drawSteal:
		return "steal " + f.res.String()
	case drawFog:
		if f.number != 0 {
			return fmt.Sprintf("fog %s %d", f.terrain, f.number)
		}
		return "fog " + f.terrain.String()
	case drawDie:
		return fmt.Sprintf("die %d", f.die)
	}
	return "?"
}

// outcome is the state's spelling of a forced outcome (S160): the force
// edit's words after the kind.
func (f forcedOutcome) outcome() string {
	s := f.String()
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

// lookahead tells that a game's spare holds the game's position after the
// sealed draws an entry of seat resolves at its start (S138), as a listing
// for the seat resolved them with source src (AppendLegal), so that the
// entry can take that position instead of resolving the draws again
// (takeAhead). It holds until the game changes (Apply, Edit) or its spare
// is written again (scratch); a copy of the game does not take it.
type lookahead struct {
	valid bool
	seat  int
	src   engine.Source
}

// lookedAheadTo records that g's spare holds g's position after the
// sealed draws of an entry of seat s, resolved with source src (S138). A
// spare that was dealt first is not recorded: the deal is the entry's.
func (g *Game) lookedAheadTo(s int, src engine.Source) {
	g.ahead = lookahead{valid: g.l.dealt, seat: s, src: src}
}

// derivesAs is a source whose derivations another source's equal
// (engine.Seeded).
type derivesAs interface {
	DerivesAs(engine.Source) bool
}

// takeAhead returns g's spare when it holds the position after the sealed
// draws of an entry of seat s with source src, as the entry would resolve
// them (lookahead): resolved by a listing for s with a source deriving as
// src does, with the log as quiet as g's, while g still owes them; nil
// otherwise. Either way g no longer records it: the entry changes g or
// the spare.
func (g *Game) takeAhead(s int, src engine.Source) *Game {
	a := g.ahead
	g.ahead = lookahead{}
	if !a.valid || a.seat != s || !g.resolvesAt(s) || g.spare.log.quiet != g.log.quiet {
		return nil
	}
	if d, ok := a.src.(derivesAs); !ok || !d.DerivesAs(src) {
		return nil
	}
	return g.spare
}

// applyAhead applies move to h, g's position after the sealed draws that
// the entry of seat s resolves (takeAhead), and makes it g's: as applyEntry
// would, without resolving the draws again. On a refusal g is unchanged.
func (g *Game) applyAhead(h *Game, s int, move []Action, src engine.Source) ([]string, error) {
	if err := resolvedEnds(h.over() && !g.over(), move); err != nil {
		return nil, err
	}
	if err := h.applyActions(s, move, &entry{src: src, resolved: 1}); err != nil {
		return nil, err
	}
	room, bytes := g.log.room, g.log.bytes // the events handed out live there
	g.adopt(h)
	g.log.room, g.log.bytes = room, bytes
	return g.log.took(), nil
}
