package seafarers

import (
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// The sealed draws of format seafarers/2: they resolve when the next turn
// begins, not when their witness chooses to send (S138, S141, S146, V13).

// TestSealedResolveAtTurnBegin: no entry but the one that begins the next
// turn resolves a pending draw, the witness's orders and answers included
// (S138).
func TestSealedResolveAtTurnBegin(t *testing.T) {
	x := newT(t, "base", nil).edit("hand red 1 wool, 1 grain, 1 ore; turn red trade; force card knight")
	x.do("red", "buy card")
	x.do("blue", "orders clear")
	x.do("white", "orders clear")
	if len(x.st().Sealed) != 1 {
		t.Fatal("S138: an orders entry of the witness resolved the draw; from format 2 only the next turn's first entry does")
	}
	x.refuse("blue", "resolve", "S146")
	x.do("red", "end")
	if l := x.legal("blue"); !slices.Contains(l, "resolve") {
		t.Fatalf("S146: resolve is the first action of the turn that resolves the draw: %v", l)
	}
	ev := x.do("blue", "roll", 2, 3)
	if len(x.st().Sealed) != 0 || !strings.Contains(strings.Join(ev, "\n"), "red's card is a knight") {
		t.Fatalf("S138: the entry that begins blue's turn resolves red's draw first: %v", ev)
	}
}

// TestStealSettledAtTurnBegin: what the thief gets does not depend on when
// anyone sends: a victim that no longer holds the drawn resource gives a
// card of the hand it holds then (S141, V13).
func TestStealSettledAtTurnBegin(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n white; place settlement G8.n red; hand white 1 ore, 2 grain; hand red 1 wool; turn red; force steal ore")
	x.seven("red")
	x.do("red", "robber D7 steal white")
	x.do("red", "offer 1 wool for 1 ore to white")
	x.do("white", "accept")
	x.do("red", "confirm white")
	x.wantHand("white", "2 grain, 1 wool")
	x.do("blue", "orders clear") // the witness's entry changes nothing now
	x.do("red", "end")
	ev := x.do("blue", "roll", 2, 3)
	if got := x.hand("red").Total(); got != 2 {
		t.Fatalf("S141: red holds %d cards, want its ore and one card stolen from white's hand (events %v)", got, ev)
	}
	if got := x.hand("white").Total(); got != 2 {
		t.Fatalf("S141: white holds %d cards, want 2 after the steal", got)
	}
	if !strings.Contains(strings.Join(ev, "\n"), "instead (S141)") {
		t.Fatalf("S141: the event says the card came from the hand white holds now: %v", ev)
	}
}

// TestSealedOutcomeIndependentOfEntries: the same game with and without
// extra orders entries of every seat while a draw is pending ends in the
// same state (V13: nobody chooses an outcome by sending or not).
func TestSealedOutcomeIndependentOfEntries(t *testing.T) {
	play := func(extra bool) string {
		x := newT(t, "base", nil).edit("place settlement D7.n white; place settlement G8.n red; hand white 1 ore, 1 brick, 1 grain; hand red 1 wool, 1 grain, 1 ore; turn red")
		x.seven("red")
		x.do("red", "robber D7 steal white")
		if extra {
			x.do("blue", "orders clear")
			x.do("white", "orders clear")
		}
		x.do("red", "buy card")
		if extra {
			x.do("blue", "orders clear")
		}
		x.do("red", "end")
		x.do("blue", "roll", 2, 3)
		return x.json()
	}
	if a, b := play(false), play(true); a != b {
		t.Fatal("V13: the outcome of the sealed draws depends on entries made while they were pending")
	}
}

// TestSealedMadeBeforeRollWaits: a steal the mover makes before its roll
// waits for the next turn too, however the mover splits its turn into
// entries (S138): splitting must not let the mover resolve its own draw
// with the reveal it already knows.
func TestSealedMadeBeforeRollWaits(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n white; place settlement G8.n red; hand white 1 ore; card red knight; turn red; force steal ore")
	x.do("red", "play knight robber D7 steal white")
	if len(x.st().Sealed) != 1 {
		t.Fatal("S137: the knight's steal is a sealed draw")
	}
	x.do("red", "roll", 2, 3)
	if len(x.st().Sealed) != 1 || x.hand("red").Total() != 0 {
		t.Fatalf("S138: the mover's second entry of its turn resolved its own steal: sealed %d, red holds %d", len(x.st().Sealed), x.hand("red").Total())
	}
	x.do("red", "end")
	x.do("blue", "roll", 2, 3)
	x.wantHand("red", "1 ore")
}

// TestAcceptRulesBounded: a seat keeps at most MaxAcceptRules standing
// accept rules, so that it cannot fill the file (S71).
func TestAcceptRulesBounded(t *testing.T) {
	x := newT(t, "base", nil)
	for i := 0; i < MaxAcceptRules; i++ {
		x.do("blue", "orders trade accept 1 ore for 1 brick")
	}
	x.refuse("blue", "orders trade accept 1 ore for 1 brick", "S71")
	x.do("blue", "orders trade ask")
	x.do("blue", "orders trade accept 1 ore for 1 brick")
}

// TestSetupFogWaitsForTurnOne: a setup ship that explores fog makes a
// sealed draw (S23, S99) that, from format 2, resolves when the first turn
// begins, like every sealed draw (S138); until then the position is
// pending and blocks its sides (S144).
func TestSetupFogWaitsForTurnOne(t *testing.T) {
	x := newT(t, "fog-island", nil).edit("force fog hills 5")
	x.do("red", "place settlement C8.s ship C8-D9")
	if st := x.st(); len(st.Sealed) != 1 || st.Sealed[0].Kind != "fog" {
		t.Fatalf("S99: the setup ship explores C10: sealed %+v", st.Sealed)
	}
	for !x.pos.BeginsTurn("red") {
		seat := x.pos.Awaited()[0]
		x.do(seat, x.legal(seat)[0])
		if len(x.st().Sealed) != 1 {
			t.Fatalf("S138: a set-up entry of %s resolved the draw", seat)
		}
	}
	x.do("red", "roll", 2, 4)
	hx := x.st().Board.Hexes[x.g.b.HexIndex(mustPos("C10"))]
	if len(x.st().Sealed) != 0 || hx.Terrain != "hills" || hx.Number != 5 {
		t.Fatalf("S138: turn 1's first entry resolves the exploration: C10 is %+v", hx)
	}
}

// opaqueSource is a source whose concrete type the engine cannot see: it
// is only an engine.Source.
type opaqueSource struct{ engine.Source }

// TestSeededSealedRandOracle compares the sealed draws of a Seeded source,
// which sealedRand calls as itself and derives into the game's
// drawSource draw after draw, with those of the same source through
// the engine.Source interface alone (opaqueSource), which the general
// reading of S138 takes: H("seafarers/sandbox-sealed" ‖ id ‖ u64(k) ‖
// u64(seed)), for many draws k of several seeds, with and without the
// draw's reveal (a sandbox source reveals nothing, so it is never read).
func TestSeededSealedRandOracle(t *testing.T) {
	g := new(Game) // its drawSource is derived into draw after draw
	for seed := uint64(0); seed < 8; seed++ {
		src := engine.NewSeeded(seed<<40 | seed)
		for k := 0; k < 300; k++ {
			d := sealedDraw{k: k}
			if k%3 == 0 {
				d.reveal = []byte("a reveal")
			}
			fast, general := g.sealedRand(&d, src), g.sealedRand(&d, opaqueSource{src})
			for i := range 4 {
				n := 7 + 1000*i
				if a, b := fast.Intn(streamSealed, n), general.Intn(streamSealed, n); a != b {
					t.Fatalf("seed %d, draw k=%d, draw %d of %d: S138: %d from the Seeded source, %d through the interface", seed, k, i, n, a, b)
				}
			}
		}
	}
}

// TestDrawSourceOwn checks that a copy of a game (a clone, which may go to
// another goroutine, or a scratch copy) derives its sealed draws and
// copies its look-ahead's source into sources of its own (drawSource,
// rollSource), and that a game keeps its own when it adopts a copy: never
// one another game writes.
func TestDrawSourceOwn(t *testing.T) {
	g, src := quietGame(t, benchSetup, 3)
	d := sealedDraw{k: 1}
	use := func(x *Game) {
		x.sealedRand(&d, src)
		x.lookAheadSource(src)
	}
	use(g)
	h, c := g.scratch(), g.Clone()
	use(h)
	use(c)
	for _, x := range []struct {
		name    string
		g, h, c *engine.Seeded
	}{
		{"derive sealed draws", g.drawSource, h.drawSource, c.drawSource},
		{"copy the look-ahead's source", g.rollSource, h.rollSource, c.rollSource},
	} {
		if x.g == nil || x.h == x.g || x.c == x.g || x.c == x.h {
			t.Fatalf("S138: the game, its scratch copy and its clone %s into %p, %p and %p", x.name, x.g, x.h, x.c)
		}
	}
	ownDraw, ownRoll := g.drawSource, g.rollSource
	g.adopt(h)
	if g.drawSource != ownDraw || h.drawSource == ownDraw || g.rollSource != ownRoll || h.rollSource == ownRoll {
		t.Fatalf("S138: after adopting its copy the game uses %p and %p, the copy %p and %p, not its own %p and %p", g.drawSource, g.rollSource, h.drawSource, h.rollSource, ownDraw, ownRoll)
	}
}

// TestLookAheadSourceOracle compares, at every entry of a random game of
// every scenario where the player whose turn it is has not rolled, the
// listing for a Seeded source, whose look-ahead roll (S32) copies it into
// the game's rollSource, with the listing for the same source seen only as
// an engine.Source, which the look-ahead clones; and checks that both
// listings left their sources where they were.
func TestLookAheadSourceOracle(t *testing.T) {
	checked := 0
	var fast, general []Action
	randomEntries(t, 900, 47, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if g.over() || s != g.cur || g.phase != PhaseRoll {
			return
		}
		checked++
		a, b := src.Clone().(*engine.Seeded), src.Clone().(*engine.Seeded)
		fast = g.AppendLegal(fast[:0], g.colour(s), a)
		general = g.AppendLegal(general[:0], g.colour(s), opaqueSource{b})
		if !slices.Equal(fast, general) {
			t.Fatalf("%s entry %d: S32: listed %q with a Seeded source, %q through the interface", sc, n, FormatMove(fast), FormatMove(general))
		}
		for i := range 3 {
			if x, y := a.Intn(streamDice, 6), b.Intn(streamDice, 6); x != y {
				t.Fatalf("%s entry %d: S32: after the listings, die %d of the Seeded source is %d, of the other %d", sc, n, i, x, y)
			}
		}
	})
	if checked < 1000 {
		t.Fatalf("only %d listings before a roll", checked)
	}
}
