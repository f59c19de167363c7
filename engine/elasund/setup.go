package elasund

import "github.com/elasund/elasund/engine"

func newGame(cfg Config, rng engine.Rand) (*Game, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	o := cfg.Options
	n := len(cfg.Seats)
	per := o.InfluenceCards / 3
	st := &State{
		Turn:       1,
		Current:    cfg.Seats[0],
		Phase:      PhaseRoll,
		WaitingFor: []Colour{cfg.Seats[0]},
		Players:    make(map[Colour]*Player, n),
	}
	// R19: the bank and the deck; R20: 3 gold each.
	st.Supply.Gold = o.GoldCards - 3*n
	st.Supply.InfluenceDeck = Influence{Blue: per, Green: per, Yellow: per}
	// R18: the neutral stacks; R17: the church stack.
	for _, k := range NeutralKinds {
		*st.Supply.Neutral.at(k) = k.Spec().Count
	}
	st.Supply.ChurchStack = append([]Tile{}, AllTiles...)
	for _, c := range cfg.Seats {
		// R15, R20: pieces and starting gold.
		st.Players[c] = &Player{
			Gold:      3,
			Cubes:     cubesEach,
			Permits:   []int{0, 1, 2, 3, 4},
			Buildings: []Kind{House, Workshop},
			Orders:    Orders{Discard: []Card{}, Rebuild: "ask"},
		}
		// R16: the starters on their framed squares.
		sq := startSquares[c]
		st.Buildings = append(st.Buildings,
			Building{Kind: Cottage, Owner: c, At: sq[0]},
			Building{Kind: Hut, Owner: c, At: sq[1]})
	}
	if st.Supply.Gold < 0 {
		return nil, &StateError{Field: "options.card_counts", Reason: "too few gold cards for the starting gold"}
	}
	g := &Game{cfg: cfg, st: st}
	if rng != nil {
		g.quiet = true
		g.deal(rng)
		g.quiet = false
	}
	st.normalize()
	g.ordered = true
	return g, nil
}

// undealt reports whether the starting influence cards (R20) are still to
// be dealt: nothing has been drawn and the ship has never moved.
func (g *Game) undealt() bool {
	st := g.st
	if st.Ship.Row != nil || st.Supply.InfluenceDeck.Total() != g.cfg.Options.InfluenceCards {
		return false
	}
	for _, p := range st.Players {
		if p.Influence.Total() > 0 {
			return false
		}
	}
	return true
}

// deal gives every seat the top influence card, in seat order (R20).
func (g *Game) deal(rng engine.Rand) {
	for _, c := range g.cfg.Seats {
		if card, ok := g.draw(rng); ok {
			g.st.Players[c].Influence.add(card, 1)
			if g.logging() {
				g.emit(c.String(), " draws ", g.cfg.CardName(card), " (start)")
			}
		}
	}
}

func loadGame(cfg Config, st *State) (*Game, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if st == nil {
		return nil, &StateError{Field: "state", Reason: "missing"}
	}
	g := &Game{cfg: cfg, st: st.Clone()}
	g.st.normalize()
	g.ordered = true
	if err := checkState(cfg, g.st); err != nil {
		return nil, err
	}
	return g, nil
}
