package seafarers

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// scenarioNames lists every scenario (S2).
var scenarioNames = []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert",
	"forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}

// playStats sums up self-played games.
type playStats struct {
	games, wins, stuck int
	limited            int // games ended by playTurnLimit
	stalled            int // games nobody could win any more (stalled)
	turns, entries     int
	probes, listed     int
}

func (s *playStats) add(o playStats) {
	s.games += o.games
	s.wins += o.wins
	s.stuck += o.stuck
	s.limited += o.limited
	s.stalled += o.stalled
	s.turns += o.turns
	s.entries += o.entries
	s.probes += o.probes
	s.listed += o.listed
}

// playTurnLimit ends a random game that has not ended by this turn: random
// play makes some games very long (a self-played through-the-desert game
// took 4,939 turns). The harnesses count the games it ends.
const playTurnLimit = 10000

// stalled reports whether nobody can win the game any more: in
// wonders-of-catan, once every seat has put all its ships on the board
// before anyone started a wonder, nobody can start one (S129), ships never
// go back to supply, and with every wonder level 0 nobody wins (S131).
// Random play gets there now and then; the harnesses end such games and
// count them.
func stalled(g *Game) bool {
	if g.cfg.scenario != board.WondersOfCatan {
		return false
	}
	for w := Theater; w <= Cathedral; w++ {
		if g.wonders[w].owner >= 0 {
			return false
		}
	}
	for s := range g.players {
		if g.players[s].supply[supShip] > 0 {
			return false
		}
	}
	return true
}

// recorded is one entry of a self-played game.
type recorded struct {
	seat string
	move []engine.Action
}

func stateJSON(t testing.TB, p engine.Position) string {
	t.Helper()
	b, err := json.Marshal(p.State())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func describe(p engine.Position) string {
	g := Of(p)
	return fmt.Sprintf("turn %d %s phase %s waiting %v", g.turn, p.Current(), p.Phase(), p.Awaited())
}

// playout plays one game with uniformly random legal actions, now and then
// a random standing order. With check set, after every entry it verifies
// the invariants (Check: resources, development cards, cloth, fog and
// pieces conserved, the distance rule, routes and card holders recomputed;
// setup counts), that another listed action applies, that a random
// unlisted action is refused with a *engine.RuleError and changes nothing,
// that the state loads back to itself, and at the end that replaying the
// entries from a fresh game gives the same state byte for byte.
func playout(t testing.TB, setup engine.Setup, seed uint64, check bool) playStats {
	t.Helper()
	var stats playStats
	tb := newTable(setup, int64(seed))
	pos, err := Rules{}.New(setup, tb.newSource())
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(seed, 99))
	var record []recorded
	const maxEntries = 150000
	for !pos.Over() {
		if pos.Turn() >= playTurnLimit {
			stats.limited = 1
			break
		}
		if stalled(Of(pos)) {
			stats.stalled = 1
			break
		}
		if stats.entries >= maxEntries {
			raw, _ := json.MarshalIndent(Of(pos).State(), "", " ")
			t.Logf("%s", raw)
			t.Errorf("seed %d %s: no end after %d entries (%s)", seed, setup.Choices["scenario"], stats.entries, describe(pos))
			stats.stuck = 1
			return stats
		}
		aw := pos.Awaited()
		if len(aw) == 0 {
			t.Fatalf("seed %d %s: nobody awaited (%s)", seed, setup.Choices["scenario"], describe(pos))
		}
		seat := aw[pick.IntN(len(aw))]
		var move []engine.Action
		if pick.IntN(40) == 0 && !resolveOnly(pos, tb, seat) {
			move = []engine.Action{randomOrder(pick)}
		} else {
			legal := pos.Legal(seat, tb.next(pos, seat))
			if len(legal) == 0 {
				t.Fatalf("seed %d %s: no legal action for %s (%s)", seed, setup.Choices["scenario"], seat, describe(pos))
			}
			move = []engine.Action{legal[pick.IntN(len(legal))]}
			if pick.IntN(4) == 0 {
				move = longerMove(pos, tb, seat, move, pick)
			}
			if check && stats.entries%3 == 0 {
				stats.listed += len(legal)
				probeListing(t, pos, tb, seat, legal, pick, &stats)
			}
		}
		if _, err := tb.apply(pos, seat, move); err != nil {
			t.Fatalf("seed %d %s: listed %q by %s refused: %v (%s)", seed, setup.Choices["scenario"], move[0], seat, err, describe(pos))
		}
		stats.entries++
		record = append(record, recorded{seat, move})
		if check {
			if err := pos.Check(); err != nil {
				t.Fatalf("seed %d %s: after %q by %s: %v (%s)", seed, setup.Choices["scenario"], move[0], seat, err, describe(pos))
			}
			checkInvariants(t, pos)
			if pick.IntN(40) == 0 {
				checkLoad(t, setup, pos)
			}
		}
	}
	g := Of(pos)
	stats.games, stats.turns = 1, g.turn
	if len(pos.Winners()) == 1 {
		stats.wins = 1
	}
	if check {
		checkLoad(t, setup, pos)
		replay(t, setup, seed, record, stateJSON(t, pos))
	}
	return stats
}

// replay re-applies the entries of a game to a fresh one with the same
// sources and compares the final states.
func replay(t testing.TB, setup engine.Setup, seed uint64, record []recorded, want string) {
	t.Helper()
	tb := newTable(setup, int64(seed))
	pos, err := Rules{}.New(setup, tb.newSource())
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range record {
		if _, err := tb.apply(pos, r.seat, r.move); err != nil {
			t.Fatalf("replay entry %d %q: %v", i+1, r.move[0], err)
		}
	}
	if got := stateJSON(t, pos); got != want {
		t.Fatalf("seed %d %s: replay differs:\n%s\nwant\n%s", seed, setup.Choices["scenario"], got, want)
	}
}

// checkLoad encodes the state, decodes and loads it, and compares.
func checkLoad(t testing.TB, setup engine.Setup, pos engine.Position) {
	t.Helper()
	raw := stateJSON(t, pos)
	st := Rules{}.NewState()
	dec := json.NewDecoder(stringsReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(st); err != nil {
		t.Fatalf("decoding the state: %v\n%s", err, raw)
	}
	p2, err := Rules{}.Load(setup, st)
	if err != nil {
		t.Fatalf("load (%s): %v", describe(pos), err)
	}
	if got := stateJSON(t, p2); got != raw {
		t.Fatalf("load round trip differs:\n%s\nwant\n%s", got, raw)
	}
}

// checkInvariants checks what Check leaves to play: setup placements and
// the trade-route card against a fresh computation.
func checkInvariants(t testing.TB, pos engine.Position) {
	t.Helper()
	g := Of(pos)
	if g.inSetup() {
		for s := range g.players {
			want := g.setupRound - 1
			for k := 0; k < g.setupStep; k++ {
				if g.placer(g.setupRound, k) == s {
					want++
				}
			}
			if g.cfg.scenario == board.PirateIslands {
				want++
			}
			if got := limitSettlements - g.players[s].supply[supSettlement] - g.fortressPieces(s); got != want {
				t.Fatalf("%s has %d settlements in setup round %d step %d: want %d", g.colour(s), got, g.setupRound, g.setupStep, want)
			}
		}
	}
}

// probeListing checks that another listed action applies and that a
// random unlisted one is refused without changing anything (S31 …).
func probeListing(t testing.TB, pos engine.Position, tb *table, seat string, legal []engine.Action, pick *rand.Rand, stats *playStats) {
	t.Helper()
	other := legal[pick.IntN(len(legal))]
	if _, err := pos.Clone().Apply(seat, []engine.Action{other}, tb.next(pos, seat)); err != nil {
		t.Fatalf("listed %q by %s refused: %v (%s)", other, seat, err, describe(pos))
	}
	g := Of(pos)
	before := stateJSON(t, pos)
	for k := 0; k < 2; k++ {
		bad := randomAction(g, pick)
		if bad.Kind == ActOffer || bad.Kind == ActOrders {
			continue // offers are listed one for one only; orders are never listed
		}
		if slices.ContainsFunc(legal, func(a engine.Action) bool { return a.(Action) == bad }) {
			continue
		}
		c := pos.Clone()
		_, err := c.Apply(seat, []engine.Action{bad}, tb.next(pos, seat))
		var re *engine.RuleError
		switch {
		case err == nil:
			t.Fatalf("%q by %s is legal but not listed (%s)\nlisted: %v", bad, seat, describe(pos), legal)
		case !errors.As(err, &re):
			t.Fatalf("%q: %v (%T) is not a *engine.RuleError", bad, err, err)
		case re.Rule == "" || re.Rule[0] != 'S':
			t.Fatalf("%q: refusal %v names no S rule", bad, err)
		}
		if stateJSON(t, c) != before {
			t.Fatalf("refused %q changed the state", bad)
		}
		stats.probes++
	}
}

// randomAction returns a random, often illegal action on g's board.
func randomAction(g *Game, r *rand.Rand) Action {
	b := g.b
	corner := func() board.Corner { return b.Corner(r.IntN(b.NumCorners())) }
	edge := func() board.Edge { return b.Edge(r.IntN(b.NumEdges())) }
	hex := func() board.Pos { return b.HexPos(r.IntN(b.NumHexes())) }
	res := func() Resource { return Resources[r.IntN(NumResources)] }
	colour := func() Colour { return AllColours[r.IntN(4)] }
	hand := func(n int) Hand {
		var h Hand
		for range n {
			h[r.IntN(NumResources)]++
		}
		return h
	}
	piece := func() Piece { return []Piece{Road, Ship}[r.IntN(2)] }
	switch r.IntN(24) {
	case 0:
		return Action{Kind: ActPlace, Corner: corner(), Piece: piece(), Edge: edge()}
	case 1:
		return Action{Kind: ActRoll}
	case 2:
		a := Action{Kind: ActRobber, Hex: hex()}
		if r.IntN(2) == 0 {
			a.Seat = colour()
		}
		return a
	case 3:
		a := Action{Kind: ActPirate, Hex: hex()}
		if r.IntN(2) == 0 {
			a.Seat = colour()
			a.Cloth = r.IntN(3) == 0
		}
		return a
	case 4:
		return Action{Kind: ActSteal, Seat: colour()}
	case 5:
		return Action{Kind: ActBuy}
	case 6:
		switch r.IntN(5) {
		case 0:
			return Action{Kind: ActPlay, Card: Knight}
		case 1:
			a := Action{Kind: ActPlay, Card: RoadBuilding, Piece: piece(), Edge: edge()}
			if r.IntN(3) > 0 {
				a.Piece2, a.Edge2 = piece(), edge()
			}
			return a
		case 2:
			return Action{Kind: ActPlay, Card: YearOfPlenty, Cards: hand(1 + r.IntN(2)).Packed()}
		case 3:
			return Action{Kind: ActPlay, Card: Monopoly, Res: res()}
		}
		return Action{Kind: ActPlay, Card: VictoryPoint}
	case 7:
		m := 1 + r.IntN(2)
		return Action{Kind: ActTrade, Cards: one(res(), m*(2+r.IntN(3))).Packed(), Get: one(res(), m).Packed()}
	case 8:
		return Action{Kind: ActConfirm, Seat: colour()}
	case 9:
		return Action{Kind: ActWithdraw}
	case 10, 11:
		switch r.IntN(4) {
		case 0:
			return Action{Kind: ActBuild, Piece: Road, Edge: edge()}
		case 1:
			return Action{Kind: ActBuild, Piece: Ship, Edge: edge()}
		case 2:
			return Action{Kind: ActBuild, Piece: Settlement, Corner: corner()}
		}
		return Action{Kind: ActBuild, Piece: City, Corner: corner()}
	case 12:
		return Action{Kind: ActMoveShip, Edge: edge(), Edge2: edge()}
	case 13:
		return Action{Kind: ActWonder, Wonder: Wonder(1 + r.IntN(NumWonders))}
	case 14:
		return Action{Kind: ActBuildWonder}
	case 15:
		return Action{Kind: ActAttack}
	case 16:
		return Action{Kind: ActHarbour, Edge: edge(), Harbour: board.HarbourKind(1 + r.IntN(6))}
	case 17:
		return Action{Kind: ActEnd}
	case 18:
		return Action{Kind: ActDiscard, Cards: hand(1 + r.IntN(5)).Packed()}
	case 19:
		return Action{Kind: ActGold, Cards: hand(1 + r.IntN(2)).Packed()}
	case 20:
		return Action{Kind: ActReward, Res: res()}
	case 21:
		return Action{Kind: ActAccept}
	case 22:
		return Action{Kind: ActDecline}
	}
	return Action{Kind: ActResolve}
}

// randomOrder returns a random standing order (S154).
func randomOrder(r *rand.Rand) Action {
	a := Action{Kind: ActOrders}
	res := func() Resource { return Resources[r.IntN(NumResources)] }
	switch r.IntN(7) {
	case 0:
		a.Order = OrderDiscard
	case 1:
		a.Order = OrderGold
	case 2:
		a.Order = OrderReward
	case 3:
		a.Order = OrderTradeAccept
		a.Cards, a.Get = one(res(), 1+r.IntN(2)).Packed(), one(res(), 1).Packed()
		return a
	case 4:
		a.Order = OrderTradeDecline
		return a
	case 5:
		a.Order = OrderTradeAsk
		return a
	default:
		a.Order = OrderClear
		return a
	}
	for i := range 1 + r.IntN(3) {
		a.Priority[i] = res()
	}
	return a
}

// selfPlaySetups lists the set-ups of the self-play runs: every scenario
// with 3 and 4 seats, and every option value somewhere.
func selfPlaySetups() []engine.Setup {
	var out []engine.Setup
	optionSets := []map[string]string{
		{},
		{"sealed_draws": "false", "phases": "combined"},
		{"dev_card_before_roll": "false", "offers_per_turn": "unlimited", "discard_limit": "9"},
		{"layout": "variable", "offers_per_turn": "0", "vp_target": "8"},
		{"harbours": "fixed", "discard_limit": "0", "sealed_draws": "false"},
	}
	for i, sc := range scenarioNames {
		for j, opts := range optionSets {
			seats := []string{"red", "blue", "white", "orange"}
			if (i+j)%2 == 0 {
				seats = []string{"blue", "orange", "red"}
				if sc != "pirate-islands" {
					seats = []string{"white", "red", "blue"}
				}
			}
			o := map[string]string{}
			for k, v := range opts {
				o[k] = v
			}
			switch sc {
			case "new-world":
				delete(o, "layout")
				delete(o, "harbours")
			case "pirate-islands":
				delete(o, "layout")
			}
			if usesIslandSVP(mustScenario(sc)) && j == 3 {
				o["island_svp"] = "2"
			}
			out = append(out, engine.Setup{Seats: seats, Choices: map[string]string{"scenario": sc}, Options: o, Sandbox: j%2 == 1})
		}
	}
	return out
}

func mustScenario(name string) board.Scenario {
	s, _ := board.ParseScenario(name)
	return s
}

// TestSelfPlay plays short samples of random games over every scenario,
// 3 and 4 seats and every option, checking the invariants after every
// entry and replay at the end. With ELASUND_SOAK set it plays 8 games a
// setup (400 in all, each about 1,400 entries long), with
// ELASUND_SOAK=long 40 (2,000).
func TestSelfPlay(t *testing.T) {
	setups := selfPlaySetups()
	games := 1
	if os.Getenv("ELASUND_SOAK") == "" {
		// The short sample: each scenario once, with the option sets and
		// the seat counts taking turns.
		var short []engine.Setup
		for i := range scenarioNames {
			short = append(short, setups[i*5+i%5])
		}
		setups = short
	} else {
		games = 8
		if os.Getenv("ELASUND_SOAK") == "long" {
			games = 40
		}
	}
	var total playStats
	perScenario := map[string]*playStats{}
	for i, setup := range setups {
		for k := range games {
			seed := uint64(1000*i + k)
			s := playout(t, setup, seed, true)
			total.add(s)
			if perScenario[setup.Choices["scenario"]] == nil {
				perScenario[setup.Choices["scenario"]] = &playStats{}
			}
			perScenario[setup.Choices["scenario"]].add(s)
			if t.Failed() {
				return
			}
		}
	}
	for _, sc := range scenarioNames {
		s := perScenario[sc]
		t.Logf("%-20s games %4d wins %4d stuck %d stalled %d turn-limited %d average turns %.0f", sc, s.games, s.wins, s.stuck, s.stalled, s.limited, float64(s.turns)/float64(max(1, s.games)))
	}
	t.Logf("total: games %d wins %d stuck %d stalled %d turn-limited %d entries %d probes %d listed %d", total.games, total.wins, total.stuck, total.stalled, total.limited, total.entries, total.probes, total.listed)
}

// longerMove extends a one-action move with up to three more of the same
// seat's legal actions, as long as the seat may go on and the game lasts,
// planning on a copy with the entry's source (topic moves: a move is
// atomic).
func longerMove(pos engine.Position, tb *table, seat string, move []engine.Action, pick *rand.Rand) []engine.Action {
	c := pos.Clone()
	src := tb.next(pos, seat)
	if _, err := c.Apply(seat, move, src.Clone()); err != nil {
		return move
	}
	for range 3 {
		if c.Over() || !slices.Contains(c.Awaited(), seat) {
			break
		}
		legal := c.Legal(seat, nil)
		if len(legal) == 0 {
			break
		}
		a := legal[pick.IntN(len(legal))]
		next := append(slices.Clone(move), a)
		if _, err := pos.Clone().Apply(seat, next, src.Clone()); err != nil {
			break
		}
		move = next
		c = pos.Clone()
		if _, err := c.Apply(seat, move, src.Clone()); err != nil {
			break
		}
	}
	return move
}

// resolveOnly reports whether seat's next entry must be resolve alone
// (S145).
func resolveOnly(pos engine.Position, tb *table, seat string) bool {
	l := pos.Legal(seat, tb.next(pos, seat))
	return len(l) == 1 && l[0].(Action).Kind == ActResolve
}
