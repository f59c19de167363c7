package elasund

import (
	"fmt"
	"slices"
	"strings"
)

func (g *Game) apply(seat Colour, move []Action, rng Rand) ([]string, error) {
	if len(move) == 0 {
		return nil, &RuleError{Rule: "R23", Reason: "the move has no action"}
	}
	if g.seatIndex(seat) < 0 {
		return nil, &RuleError{Rule: "R5", Action: move[0].String(), Reason: fmt.Sprintf("%s has no seat in this game", seat)}
	}
	work := g.Clone()
	var events []string
	for _, a := range move {
		ev, err := work.step(seat, a, rng)
		if err != nil {
			return nil, err
		}
		events = append(events, ev...)
	}
	work.st.normalize()
	g.st = work.st
	return events, nil
}

// waiting reports whether the game waits for seat now.
func (g *Game) waiting(seat Colour) bool {
	return slices.Contains(g.st.WaitingFor, seat)
}

// step applies one action by seat.
func (g *Game) step(seat Colour, a Action, rng Rand) ([]string, error) {
	st := g.st
	if st.Phase == PhaseOver {
		return nil, ruleErr("R93", a, "the game is over")
	}
	if a.Kind == ActOrders {
		return g.orders(seat, a, rng)
	}
	if !g.waiting(seat) {
		if st.Phase == PhaseDecide {
			return nil, ruleErr("R105", a, "the game is waiting for %s, not %s", listColours(st.WaitingFor), seat)
		}
		return nil, ruleErr("R23", a, "it is %s's turn, not %s's", st.Current, seat)
	}
	var pre []string
	if st.Phase == PhaseRoll {
		pre = g.roll(rng)
		if a.Kind == ActRoll {
			return pre, nil
		}
	} else if a.Kind == ActRoll {
		return nil, ruleErr("R23", a, "the dice were already rolled this turn")
	}
	ev, err := g.act(seat, a, rng)
	if err != nil {
		return nil, err
	}
	return append(pre, ev...), nil
}

func (g *Game) act(seat Colour, a Action, rng Rand) ([]string, error) {
	st := g.st
	switch st.Phase {
	case PhaseShip:
		switch a.Kind {
		case ActShip:
			return g.shipChoice(a, rng)
		case ActPirate:
			return g.pirate(a, rng)
		}
		if st.Dice != nil && st.Dice[0]+st.Dice[1] == 7 {
			return nil, ruleErr("R40", a, "the roll is 7: choose the pirate row first (pirate <row>)")
		}
		return nil, ruleErr("R27", a, "the ship must move two rows first (ship north or ship south)")
	case PhaseDecide:
		switch a.Kind {
		case ActDiscard:
			return g.discard(seat, a, rng)
		case ActTake:
			return g.take(seat, a, rng)
		case ActRebuild:
			return g.rebuild(seat, a, rng)
		}
		return nil, ruleErr("R105", a, "the game is waiting for a decision: %s", g.describePending(seat))
	}
	switch a.Kind {
	case ActShip, ActPirate:
		return nil, ruleErr("R28", a, "the ship has already moved this turn")
	case ActDiscard, ActTake, ActRebuild:
		return nil, ruleErr("R105", a, "no decision is owed by %s", seat)
	case ActBuild, ActWall, ActChurch:
		// A third construction breaks R46 (D22), even though the second
		// one already moved the turn on to phase 3.
		if st.BuildsDone >= 2 {
			return nil, ruleErr("R46", a, "two constructions were already made this turn")
		}
		if st.Phase != PhaseBuild {
			return nil, ruleErr("R24", a, "the build phase is over")
		}
		var ev []string
		var err error
		switch a.Kind {
		case ActBuild:
			ev, err = g.build(seat, a)
		case ActWall:
			ev, err = g.wall(seat, a, rng)
		default:
			ev, err = g.church(seat, a, rng)
		}
		if err != nil {
			return nil, err
		}
		st.BuildsDone++
		return g.afterConstruction(ev, rng), nil
	case ActPermit, ActGold:
		if st.Phase != PhaseBuild && st.Phase != PhasePermit {
			return nil, ruleErr("R24", a, "phase 3 is over this turn")
		}
		var ev []string
		var err error
		if a.Kind == ActGold {
			ev = g.takeGold(seat, "phase 3")
		} else {
			ev, err = g.phase3Permit(seat, a)
		}
		if err != nil {
			return nil, err
		}
		st.Phase = PhaseSpecial
		return ev, nil
	case ActMovePermit, ActUpgradePermit, ActPlacePermit, ActBuyGold:
		ev, err := g.special(seat, a)
		if err != nil {
			return nil, err
		}
		return append(ev, g.endTurn()...), nil
	case ActEnd:
		return g.endTurn(), nil
	}
	return nil, ruleErr("R23", a, "this action cannot be taken now")
}

// ---- Phase 1: dice, ship, production, pirates ----

func (g *Game) roll(rng Rand) []string {
	st := g.st
	var ev []string
	if g.undealt() {
		ev = append(ev, g.deal(rng)...)
	}
	d1 := rng.Intn(StreamDice, 6) + 1
	d2 := rng.Intn(StreamDice, 6) + 1
	st.Dice = &[2]int{d1, d2}
	sum := d1 + d2
	if sum == 7 {
		st.Phase = PhaseShip
		return append(ev, fmt.Sprintf("roll %d+%d = 7: pirates", d1, d2))
	}
	target, _ := RowIndex(sum)
	cur, placed := st.ShipRow()
	if !placed || cur != target {
		ev = append(ev, fmt.Sprintf("roll %d+%d → ship %d", d1, d2, sum))
		return append(ev, g.placeShip(target, rng)...)
	}
	// R27: the ship is already in that row; it moves two rows.
	opts := g.twoRowOptions(cur)
	if len(opts) == 1 {
		ev = append(ev, fmt.Sprintf("roll %d+%d → ship %d (moved two rows)", d1, d2, Rows[opts[0]]))
		return append(ev, g.placeShip(opts[0], rng)...)
	}
	st.Phase = PhaseShip
	return append(ev, fmt.Sprintf("roll %d+%d: the ship is in row %d and moves two rows north or south", d1, d2, sum))
}

// twoRowOptions lists the rows the ship may move to from row index cur when
// the roll equals its row (R27, V8), north first.
func (g *Game) twoRowOptions(cur int) []int {
	var out []int
	if g.cfg.Options.NumericTwoRowStep {
		for _, d := range []int{-2, 2} {
			if r, ok := RowIndex(Rows[cur] + d); ok {
				out = append(out, r)
			}
		}
		return out
	}
	for _, d := range []int{-2, 2} {
		if r := cur + d; r >= 0 && r < NumRows {
			out = append(out, r)
		}
	}
	return out
}

func (g *Game) shipChoice(a Action, rng Rand) ([]string, error) {
	st := g.st
	if st.Dice[0]+st.Dice[1] == 7 {
		return nil, ruleErr("R40", a, "the roll is 7: choose the pirate row (pirate <row>)")
	}
	cur, _ := st.ShipRow()
	opts := g.twoRowOptions(cur)
	var to int
	switch {
	case a.Dir == DirNorth && opts[0] < cur:
		to = opts[0]
	case a.Dir == DirSouth && opts[len(opts)-1] > cur:
		to = opts[len(opts)-1]
	default:
		return nil, ruleErr("R27", a, "the ship cannot move two rows that way")
	}
	ev := []string{fmt.Sprintf("ship %d", Rows[to])}
	return append(ev, g.placeShip(to, rng)...), nil
}

func (g *Game) placeShip(row int, rng Rand) []string {
	name := Rows[row]
	g.st.Ship = Ship{Row: &name}
	return g.produce(rng)
}

// production computes what every building in row earns (R29): gold and
// influence due per seat, with the reason for each card.
func (g *Game) production(row int) (gold, infl map[Colour][]string) {
	gold, infl = map[Colour][]string{}, map[Colour][]string{}
	for _, b := range g.st.Buildings {
		sp := b.Kind.Spec()
		if sp.Income == NoIncome || row < b.At.Row || row >= b.At.Row+sp.H {
			continue
		}
		why := fmt.Sprintf("%s %s", b.Kind, b.At)
		if sp.Income == GoldIncome {
			gold[b.Owner] = append(gold[b.Owner], why)
		} else {
			infl[b.Owner] = append(infl[b.Owner], why)
		}
	}
	return gold, infl
}

// produce runs production in the ship row (R29, R30, R35), then moves on to
// the build phase unless a shortage discard must be chosen.
func (g *Game) produce(rng Rand) []string {
	st := g.st
	row, _ := st.ShipRow()
	gold, infl := g.production(row)
	var ev []string
	G, I := 0, 0
	for _, c := range g.cfg.Seats {
		G += len(gold[c])
		I += len(infl[c])
	}
	// Gold (R30, R35): gold is interchangeable, so its halving is automatic.
	if G > 0 {
		paid := st.Supply.Gold >= G
		if !paid {
			ev = append(ev, fmt.Sprintf("gold shortage: %d due, %d in the bank; everyone discards half their gold", G, st.Supply.Gold))
			for _, c := range g.fromActive() {
				p := st.Players[c]
				if h := p.Gold / 2; h > 0 {
					p.Gold -= h
					st.Supply.Gold += h
					ev = append(ev, fmt.Sprintf("%s discards %d gold", c, h))
				}
			}
			// R35 step 4 (redistribute) or nobody paid (skip); Q6 when
			// the bank still falls short.
			paid = g.cfg.Options.ShortageRedistribute && st.Supply.Gold >= G
		}
		if paid {
			for _, c := range g.fromActive() {
				for _, why := range gold[c] {
					st.Players[c].Gold++
					st.Supply.Gold--
					ev = append(ev, fmt.Sprintf("%s +1 gold (%s)", c, why))
				}
			}
		} else {
			ev = append(ev, "no gold is paid this turn")
		}
	}
	if I > 0 {
		if st.Supply.InfluenceDeck.Total()+st.Supply.InfluenceDiscard.Total() < I {
			ev = append(ev, fmt.Sprintf("influence shortage: %d due; everyone discards half their influence", I))
			for _, c := range g.fromActive() {
				if h := st.Players[c].Influence.Total() / 2; h > 0 {
					st.Pending = append(st.Pending, Pending{Seat: c, Kind: PendingDiscard, Count: h, Cards: "influence"})
				}
			}
			if len(st.Pending) > 0 {
				st.Phase = PhaseDecide
				return append(ev, g.settle(rng)...)
			}
			return append(ev, g.finishShortage(rng)...)
		}
		ev = append(ev, g.payInfluence(infl, rng)...)
	}
	g.toBuild()
	return ev
}

func (g *Game) payInfluence(infl map[Colour][]string, rng Rand) []string {
	var ev []string
	for _, c := range g.fromActive() {
		for _, why := range infl[c] {
			card, ok := g.draw(rng)
			if !ok {
				return append(ev, "the influence cards ran out")
			}
			g.st.Players[c].Influence.add(card, 1)
			ev = append(ev, fmt.Sprintf("%s +1 %s (%s)", c, g.cfg.CardName(card), why))
		}
	}
	return ev
}

// finishShortage completes an influence shortage once every discard is made
// (R35 steps 3-5).
func (g *Game) finishShortage(rng Rand) []string {
	st := g.st
	sup := &st.Supply
	sup.InfluenceDeck = Influence{
		Blue:   sup.InfluenceDeck.Blue + sup.InfluenceDiscard.Blue,
		Green:  sup.InfluenceDeck.Green + sup.InfluenceDiscard.Green,
		Yellow: sup.InfluenceDeck.Yellow + sup.InfluenceDiscard.Yellow,
	}
	sup.InfluenceDiscard = Influence{}
	ev := []string{fmt.Sprintf("the influence cards are reshuffled into a deck of %d", sup.InfluenceDeck.Total())}
	row, _ := st.ShipRow()
	_, infl := g.production(row)
	I := 0
	for _, v := range infl {
		I += len(v)
	}
	switch {
	case !g.cfg.Options.ShortageRedistribute:
		ev = append(ev, "no influence is paid this turn")
	case sup.InfluenceDeck.Total() < I:
		ev = append(ev, "still too few influence cards: no influence is paid this turn") // Q6
	default:
		ev = append(ev, g.payInfluence(infl, rng)...)
	}
	g.toBuild()
	return ev
}

// toBuild starts phase 2 for the active player.
func (g *Game) toBuild() {
	g.st.Phase = PhaseBuild
	g.st.BuildsDone = 0
	g.st.WaitingFor = []Colour{g.st.Current}
}

func (g *Game) pirate(a Action, rng Rand) ([]string, error) {
	st := g.st
	if st.Dice[0]+st.Dice[1] != 7 {
		return nil, ruleErr("R40", a, "the pirate comes only on a roll of 7")
	}
	if a.Row < 0 || a.Row >= NumRows {
		return nil, ruleErr("R40", a, "there is no such row")
	}
	if cur, placed := st.ShipRow(); placed && cur == a.Row {
		return nil, ruleErr("R40", a, "the pirate must leave row %d", Rows[cur])
	}
	name := Rows[a.Row]
	st.Ship = Ship{Row: &name, Pirate: true}
	ev := []string{fmt.Sprintf("pirate to row %d", name)}
	return append(ev, g.raid(rng)...), nil
}

// cubesInRow counts c's cubes that the pirate in row hits (R41, V10).
func (g *Game) cubesInRow(c Colour, row int) int {
	k := 0
	for _, b := range g.st.Buildings {
		sp := b.Kind.Spec()
		if !sp.Neutral || b.Owner != c {
			continue
		}
		if g.cfg.Options.PirateTouchesRow {
			if row >= b.At.Row && row < b.At.Row+sp.H {
				k += b.cubes()
			}
			continue
		}
		// R7: flags sit in the west column, on the first rows.
		for f := 0; f < b.cubes(); f++ {
			if b.At.Row+f == row {
				k++
			}
		}
	}
	for _, t := range g.st.Church {
		if t.Owner == c && t.At.Row == row && !t.NoCube {
			k++
		}
	}
	for _, w := range g.st.Walls {
		if w.hasCube() && w.Owner == c && w.At.Side == East && w.At.Index == row {
			k++
		}
	}
	return k
}

// raid runs the pirate raid (R41-R44): no production, discards, reward.
func (g *Game) raid(rng Rand) []string {
	st := g.st
	row, _ := st.ShipRow()
	var ev []string
	st.Pool = &Hand{}
	for _, c := range g.fromActive() {
		k := g.cubesInRow(c, row)
		owe := min(k, st.Players[c].Cards())
		if k > 0 {
			ev = append(ev, fmt.Sprintf("%s has %d cube(s) in row %d and discards %d", c, k, Rows[row], owe))
		}
		if owe > 0 {
			st.Pending = append(st.Pending, Pending{Seat: c, Kind: PendingDiscard, Count: owe, Cards: "any"})
		}
	}
	st.Phase = PhaseDecide
	return append(ev, g.settleBatch(batchPirate, rng)...)
}

// reward gives the active player the tower reward from the pool (R43, R44,
// V9) and returns the rest of the pool.
func (g *Game) reward(rng Rand) []string {
	st := g.st
	pool := st.Pool
	if pool == nil {
		pool = &Hand{}
	}
	c := st.Current
	t := g.towers(c)
	n := min(t, pool.Total())
	var ev []string
	if g.cfg.Options.PirateRewardChoose && n > 0 {
		// The pool holds only the other players' discards here.
		if n < pool.Total() && distinctKinds(*pool) > 1 {
			st.Pending = append(st.Pending, Pending{Seat: c, Kind: PendingTake, Count: n})
			st.Phase = PhaseDecide
			st.WaitingFor = []Colour{c}
			return nil
		}
		ev = append(ev, g.giveFromPool(c, *pool)...)
	} else {
		var got Hand
		for i := 0; i < n; i++ {
			r := rng.Intn(StreamReward, pool.Total())
			for _, k := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
				if r < pool.Of(k) {
					pool.add(k, -1)
					got.add(k, 1)
					break
				}
				r -= pool.Of(k)
			}
		}
		if n > 0 {
			g.addHand(c, got)
			ev = append(ev, fmt.Sprintf("%s takes %d card(s) from the pirate pool (%d tower(s))", c, n, t))
		}
	}
	g.returnPool()
	g.toBuild()
	return ev
}

func (g *Game) giveFromPool(c Colour, h Hand) []string {
	pool := g.st.Pool
	for _, k := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
		pool.add(k, -h.Of(k))
	}
	g.addHand(c, h)
	return []string{fmt.Sprintf("%s takes %s from the pirate pool", c, g.handText(h))}
}

// returnPool sends the pool back: gold to the bank, influence to the
// discard pile (R44).
func (g *Game) returnPool() {
	st := g.st
	if st.Pool != nil {
		st.Supply.Gold += st.Pool.Gold
		in := st.Pool.Influence
		st.Supply.InfluenceDiscard.Blue += in.Blue
		st.Supply.InfluenceDiscard.Green += in.Green
		st.Supply.InfluenceDiscard.Yellow += in.Yellow
	}
	st.Pool = nil
}

func (g *Game) addHand(c Colour, h Hand) {
	p := g.st.Players[c]
	p.Gold += h.Gold
	p.Influence.Blue += h.Influence.Blue
	p.Influence.Green += h.Influence.Green
	p.Influence.Yellow += h.Influence.Yellow
}

func distinctKinds(h Hand) int {
	n := 0
	for _, k := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
		if h.Of(k) > 0 {
			n++
		}
	}
	return n
}

func (g *Game) handText(h Hand) string {
	s := ""
	for _, k := range []Card{Gold, BlueCard, GreenCard, YellowCard} {
		if n := h.Of(k); n > 0 {
			if s != "" {
				s += ", "
			}
			s += fmt.Sprintf("%d %s", n, g.cfg.CardName(k))
		}
	}
	if s == "" {
		return "nothing"
	}
	return s
}

func listColours(cs []Colour) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// ---- Phase 3 and the special actions ----

func (g *Game) takeGold(seat Colour, why string) []string {
	n := min(2, g.st.Supply.Gold) // R36
	g.st.Supply.Gold -= n
	g.st.Players[seat].Gold += n
	return []string{fmt.Sprintf("%s takes %d gold (%s)", seat, n, why)}
}

// payInfluence2 checks and pays n cards of colour c (R39).
func (g *Game) payMatching(seat Colour, a Action, c Card, n int, rule string) error {
	if !c.Influence() {
		return ruleErr(rule, a, "name the influence colour to pay with")
	}
	p := g.st.Players[seat]
	if p.Influence.Of(c) < n {
		return ruleErr("R39", a, "%s needs %d %s influence cards and holds %d", seat, n, g.cfg.CardName(c), p.Influence.Of(c))
	}
	p.Influence.add(c, -n)
	g.st.Supply.InfluenceDiscard.add(c, n)
	return nil
}

// payDifferent checks and pays one influence card of each colour (R39).
func (g *Game) payDifferent(seat Colour, a Action) error {
	p := g.st.Players[seat]
	for _, c := range InfluenceCards {
		if p.Influence.Of(c) < 1 {
			return ruleErr("R39", a, "%s needs one influence card of each colour and has no %s", seat, g.cfg.CardName(c))
		}
	}
	for _, c := range InfluenceCards {
		p.Influence.add(c, -1)
		g.st.Supply.InfluenceDiscard.add(c, 1)
	}
	return nil
}

func (g *Game) payGold(seat Colour, a Action, n int, rule string) error {
	p := g.st.Players[seat]
	if p.Gold < n {
		return ruleErr(rule, a, "%s needs %d gold and holds %d", seat, n, p.Gold)
	}
	p.Gold -= n
	g.st.Supply.Gold += n
	return nil
}

func (g *Game) takePermit(seat Colour, a Action, v int, rule string) error {
	p := g.st.Players[seat]
	if v < 0 || v >= permitValues {
		return ruleErr(rule, a, "permits are valued 0 to 4")
	}
	if !p.hasPermit(v) {
		return ruleErr("R98", a, "%s has no permit %d in supply", seat, v)
	}
	i := slices.Index(p.Permits, v)
	p.Permits = slices.Delete(p.Permits, i, i+1)
	return nil
}

// emptyTarget checks that s can take a permit: an empty city square, never
// the bare foundation (R88, R90, R13, R80).
func (g *Game) emptyTarget(ix *index, a Action, s Square, rule string) error {
	if !inCity(s, g.players()) {
		return ruleErr("R1", a, "%s is outside the city", s)
	}
	if g.bareFoundation(s) {
		return ruleErr("R13", a, "%s is the church building site", s)
	}
	if ix.church[s.Col][s.Row] {
		return ruleErr("R80", a, "a church tile stands on %s", s)
	}
	if !g.empty(ix, s) {
		return ruleErr(rule, a, "%s is not empty", s)
	}
	return nil
}

// permitRows lists the rows a phase-3 permit may go in without paying
// influence (R85, R86, V11).
func (g *Game) permitRows(ix *index) []int {
	ship, _ := g.st.ShipRow()
	hasSpace := func(r int) bool {
		for c := 0; c < cityCols(g.players()); c++ {
			if g.empty(ix, Square{Col: c, Row: r}) {
				return true
			}
		}
		return false
	}
	if hasSpace(ship) {
		return []int{ship}
	}
	if !g.cfg.Options.NearestRowFallback {
		var out []int
		for _, r := range []int{ship - 1, ship + 1} {
			if r >= 0 && r < NumRows && hasSpace(r) {
				out = append(out, r)
			}
		}
		return out
	}
	for d := 1; d < NumRows; d++ {
		var out []int
		for _, r := range []int{ship - d, ship + d} {
			if r >= 0 && r < NumRows && hasSpace(r) {
				out = append(out, r)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

func (g *Game) phase3Permit(seat Colour, a Action) ([]string, error) {
	ix := g.index()
	if err := g.emptyTarget(ix, a, a.At, "R85"); err != nil {
		return nil, err
	}
	if a.Colour != NoCard {
		// R87: any row for 2 matching influence, plus the gold (V12).
		if err := g.payMatching(seat, a, a.Colour, 2, "R87"); err != nil {
			return nil, err
		}
	} else if !slices.Contains(g.permitRows(ix), a.At.Row) {
		ship, _ := g.st.ShipRow()
		return nil, ruleErr("R85", a, "a permit goes in the ship's row %d (or, when it is full, an adjacent row, R86); elsewhere pay 2 matching influence (R87)", Rows[ship])
	}
	if err := g.takePermit(seat, a, a.Value, "R84"); err != nil {
		return nil, err
	}
	if err := g.payGold(seat, a, a.Value, "R84"); err != nil {
		return nil, err
	}
	g.st.Permits = append(g.st.Permits, Permit{Owner: seat, Value: a.Value, At: a.At})
	return []string{fmt.Sprintf("%s places permit %d on %s", seat, a.Value, a.At)}, nil
}

// ownPermit returns the index of seat's permit on s, or -1.
func (g *Game) ownPermit(seat Colour, s Square) int {
	for i, p := range g.st.Permits {
		if p.At == s && p.Owner == seat {
			return i
		}
	}
	return -1
}

// special applies one of the four special actions (R89, R90).
func (g *Game) special(seat Colour, a Action) ([]string, error) {
	st := g.st
	p := st.Players[seat]
	ix := g.index()
	switch a.Kind {
	case ActMovePermit:
		i := g.ownPermit(seat, a.At)
		if i < 0 {
			return nil, ruleErr("R89", a, "%s has no permit on %s", seat, a.At)
		}
		if err := g.emptyTarget(ix, a, a.To, "R90"); err != nil {
			return nil, err
		}
		if err := g.payMatching(seat, a, a.Colour, 2, "R89"); err != nil {
			return nil, err
		}
		st.Permits[i].At = a.To
		return []string{fmt.Sprintf("%s moves permit %d from %s to %s", seat, st.Permits[i].Value, a.At, a.To)}, nil
	case ActUpgradePermit:
		i := g.ownPermit(seat, a.At)
		if i < 0 {
			return nil, ruleErr("R89", a, "%s has no permit on %s", seat, a.At)
		}
		old := st.Permits[i].Value
		if a.Value <= old {
			return nil, ruleErr("R89", a, "an upgrade needs a higher permit than %d", old)
		}
		if err := g.takePermit(seat, a, a.Value, "R89"); err != nil {
			return nil, err
		}
		if err := g.payMatching(seat, a, a.Colour, 2, "R89"); err != nil {
			return nil, err
		}
		if err := g.payGold(seat, a, a.Value-old, "R89"); err != nil {
			return nil, err
		}
		p.Permits = append(p.Permits, old)
		st.Permits[i].Value = a.Value
		return []string{fmt.Sprintf("%s upgrades permit %d on %s to %d", seat, old, a.At, a.Value)}, nil
	case ActPlacePermit:
		if err := g.emptyTarget(ix, a, a.At, "R90"); err != nil {
			return nil, err
		}
		if err := g.takePermit(seat, a, a.Value, "R89"); err != nil {
			return nil, err
		}
		if err := g.payDifferent(seat, a); err != nil {
			return nil, err
		}
		if err := g.payGold(seat, a, a.Value, "R89"); err != nil {
			return nil, err
		}
		st.Permits = append(st.Permits, Permit{Owner: seat, Value: a.Value, At: a.At})
		return []string{fmt.Sprintf("%s places permit %d on %s (special action)", seat, a.Value, a.At)}, nil
	case ActBuyGold:
		if err := g.payDifferent(seat, a); err != nil {
			return nil, err
		}
		return g.takeGold(seat, "special action"), nil
	}
	return nil, ruleErr("R89", a, "not a special action")
}

// endTurn passes the turn clockwise (R23), checking the win at the end of
// the turn where the options say so (V18) and the turn limit (Q8).
func (g *Game) endTurn() []string {
	st := g.st
	ev := []string{fmt.Sprintf("%s ends the turn", st.Current)}
	if g.cfg.Options.WinEndOfTurn && st.Players[st.Current].Cubes == 0 {
		return append(ev, g.win(st.Current, "all 10 cubes on the board")...)
	}
	n := len(g.cfg.Seats)
	if lim := g.cfg.Options.TurnLimit; lim > 0 && st.Turn >= lim*n {
		best := g.cfg.Seats[0]
		for _, c := range g.cfg.Seats[1:] {
			a, b := st.Players[c], st.Players[best]
			if a.Cubes < b.Cubes || (a.Cubes == b.Cubes && a.Gold > b.Gold) {
				best = c
			}
		}
		return append(ev, g.win(best, fmt.Sprintf("turn limit of %d rounds reached", lim))...)
	}
	next := g.cfg.Seats[(g.seatIndex(st.Current)+1)%n]
	st.Current = next
	st.Turn++
	st.Phase = PhaseRoll
	st.Dice = nil
	st.BuildsDone = 0
	st.Ship.Pirate = false
	st.WaitingFor = []Colour{next}
	return ev
}

func (g *Game) win(c Colour, why string) []string {
	st := g.st
	w := c
	st.Winner = &w
	st.Phase = PhaseOver
	st.WaitingFor = []Colour{}
	st.Pending = []Pending{}
	g.returnPool()
	return []string{fmt.Sprintf("%s wins (%s)", c, why)}
}

// afterConstruction finishes a construction action: the win check (R93)
// and, when starters wait to be rebuilt, the rebuild decisions (R67).
func (g *Game) afterConstruction(ev []string, rng Rand) []string {
	st := g.st
	if !g.cfg.Options.WinEndOfTurn && st.Players[st.Current].Cubes == 0 {
		return append(ev, g.win(st.Current, "all 10 cubes on the board")...)
	}
	if len(st.Pending) > 0 {
		st.Phase = PhaseDecide
		return append(ev, g.settle(rng)...)
	}
	g.afterBuildStep()
	return ev
}

// afterBuildStep moves to phase 3 after the second construction.
func (g *Game) afterBuildStep() {
	st := g.st
	st.WaitingFor = []Colour{st.Current}
	if st.BuildsDone >= 2 {
		st.Phase = PhasePermit
	} else {
		st.Phase = PhaseBuild
	}
}
