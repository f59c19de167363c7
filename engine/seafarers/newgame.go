package seafarers

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Seed labels of S132 and S138.
const (
	labelBoard         = "seafarers/board"
	labelSealed        = "seafarers/sealed"
	labelSandboxSealed = "seafarers/sandbox-sealed"
)

// u64 is the 8-byte big-endian encoding of n (docs/turnfile.md).
func u64(n uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	return b[:]
}

// newGame sets up a game (S18): the board, the robber and the pirate, the
// pieces, the bank, the development cards and the scenario's pieces. A
// board that needs random draws is dealt from a sandbox source (S132).
func newGame(cfg *config, src engine.Source) (*Game, error) {
	b, err := board.New(cfg.scenario, board.Options{Layout: cfg.opts.Layout, Harbours: cfg.opts.Harbours})
	if err != nil {
		return nil, &engine.OptionError{Name: "scenario", Value: cfg.scenario.String(), Reason: err.Error()}
	}
	cfg.fillBoardData(b)
	g := &Game{cfg: cfg, b: b, robber: -1, pirate: -1, longest: -1, largest: -1, winner: -1, fleet: -1,
		setupRound: 1, phase: PhaseSetup}
	if b.NumCorners() > maxCorners || b.NumEdges() > maxEdges || b.NumHexes() > maxHexes {
		return nil, &engine.OptionError{Name: "scenario", Value: cfg.scenario.String(), Reason: "the board is larger than the engine's arrays"}
	}
	g.corners = g.cornerArr[:b.NumCorners()]
	g.edges = g.edgeArr[:b.NumEdges()]
	g.players = g.playerArr[:len(cfg.seats)]
	for i, c := range cfg.seats {
		g.players[i] = player{colour: c, supply: [4]int{limitSettlements, limitCities, limitRoads, limitShips}}
		if !cfg.usesShips {
			g.players[i].supply[supShip] = 0
		}
	}
	for i := range g.bank {
		g.bank[i] = bankStart
	}
	g.unseen = deckStart
	if cfg.scenario == board.PirateIslands && len(cfg.seats) == 3 {
		g.unseen[VictoryPoint-1] = 0 // S8
	}
	for i := range g.wonders {
		g.wonders[i].owner = -1
	}
	if cfg.sandbox {
		g.forced = []forcedOutcome{}
	}
	switch cfg.scenario {
	case board.FogIsland:
		if fs, ok := b.FogStack(); ok {
			g.fogTiles = fs.Tiles
			for _, n := range fs.Numbers {
				if n >= 0 && n < len(g.fogNumbers) {
					g.fogNumbers[n]++
				}
			}
		}
	case board.ClothForCatan:
		g.villages = make([]villageState, len(cfg.villages))
		for i := range g.villages {
			g.villages[i].cloth = board.VillageCloth
		}
		g.clothSupply = board.ClothSupply
	case board.PirateIslands:
		g.fleet = 0
		g.fortresses = make([]int, len(cfg.seats))
		for s, pb := range cfg.bases {
			g.corners[pb.settlement] = cornerPiece{own: int8(s + 1), kind: settlement}
			g.edges[pb.ship] = edgePiece{own: int8(s + 1), ship: true}
			g.corners[pb.fortress] = cornerPiece{own: int8(s + 1), kind: fortress}
			g.players[s].supply[supSettlement] -= 2
			g.players[s].supply[supShip]--
			g.fortresses[s] = board.FortressChits
		}
	}
	// The terrain (land) is worked out once: of the dealt board when a
	// sandbox source deals it now.
	if src != nil {
		if seed, ok := src.SandboxSeed(); ok && !b.Dealt() {
			if err := g.deal(src.Derive(labelBoard, u64(uint64(seed)))); err != nil {
				return nil, err
			}
		}
	}
	if g.l == nil {
		g.l = cfg.terrain // landOf(b), worked out once
	}
	g.placeStarters()
	g.reindex()
	g.updateRoutes(0, true)
	return g, nil
}

// placeStarters puts the robber and the pirate on their starting hexes
// (S46) and the forgotten-tribe gifts on their edges (S101), as the board
// gives them. On a board not yet dealt the robber may wait for the deal.
func (g *Game) placeStarters() {
	b := g.b
	g.robber, g.pirate = -1, -1
	if g.cfg.usesRobber {
		if p, ok := b.Robber(); ok {
			g.robber = b.HexIndex(p)
		}
	}
	if g.cfg.usesPirate {
		if p, ok := b.Pirate(); ok {
			g.pirate = b.HexIndex(p)
		}
	}
	if g.cfg.scenario == board.ForgottenTribe {
		g.gifts = g.gifts[:0]
		for _, gf := range b.Gifts() {
			g.gifts = append(g.gifts, gift{edge: b.EdgeIndex(gf.Edge), kind: gf.Kind, harbour: gf.Harbour})
		}
	}
}

// deal deals a board that needs random draws from r (S132); the robber's
// start and the harbour gifts follow the deal.
func (g *Game) deal(r engine.Rand) error {
	nb, err := g.b.Deal(r)
	if err != nil {
		return &engine.StateError{Field: "board", Reason: fmt.Sprintf("dealing the board: %v", err)}
	}
	g.b = nb
	g.l = landDealt(g.cfg.terrain, nb)
	g.placeStarters()
	return nil
}

// fillBoardData reads the board data that never changes into the
// configuration: villages, pirate bases, the fleet path, special corners
// and the tribe's islands.
func (cfg *config) fillBoardData(b *board.Board) {
	cfg.boardData = *boardDataOf(b)
	if cfg.scenario != board.PirateIslands {
		return
	}
	cfg.bases = make([]pirateBase, len(cfg.seats))
	for s, c := range cfg.seats {
		for _, cb := range cfg.colourBases {
			if cb.colour == c.String() {
				cfg.bases[s] = cb.base
			}
		}
	}
}

// boardDataTables holds the board data of each scenario's new boards, one
// for each resolved layout and harbour mode, worked out at the first game
// that needs it and read-only from then on: it depends on the new board
// alone, which never changes (board.New returns one Board for a scenario
// and options), and working it out for every game cost a fifth of a
// random game's set-up.
var boardDataTables [board.NewWorld + 1][board.LayoutVariable + 1][board.HarboursFixed + 1]struct {
	once  sync.Once
	board *board.Board
	data  *boardData
}

// boardDataOf returns the board data of new board b, made once
// (boardDataTables); the data of another board is made afresh.
func boardDataOf(b *board.Board) *boardData {
	s, o := b.Scenario(), b.Options()
	if s <= board.NoScenario || s > board.NewWorld || o.Layout < 0 || o.Layout > board.LayoutVariable || o.Harbours < 0 || o.Harbours > board.HarboursFixed {
		return newBoardData(b)
	}
	t := &boardDataTables[s][o.Layout][o.Harbours]
	t.once.Do(func() { t.board, t.data = b, newBoardData(b) })
	if t.board != b {
		return newBoardData(b)
	}
	return t.data
}

// newBoardData works out the board data of board b.
func newBoardData(b *board.Board) *boardData {
	d := &boardData{geo: newGeometry(b), terrain: landOf(b)}
	d.cornerVillage = make([]int, b.NumCorners())
	for i := range d.cornerVillage {
		d.cornerVillage[i] = -1
	}
	for i, v := range b.Villages() {
		c := b.CornerIndex(v.Corner)
		d.villages = append(d.villages, village{corner: c, number: v.Number})
		if c >= 0 {
			d.cornerVillage[c] = i
		}
	}
	for _, p := range b.FleetPath() {
		d.fleetPath = append(d.fleetPath, b.HexIndex(p))
	}
	d.marks = make([]board.CornerMark, b.NumCorners())
	for _, m := range b.MarkedCorners() {
		if c := b.CornerIndex(m.Corner); c >= 0 {
			d.marks[c] = m.Mark
			if int(m.Mark) < len(d.marked) {
				d.marked[m.Mark].add(c)
			}
		}
	}
	d.closedHex = make([]bool, b.NumHexes())
	areas := b.Areas()
	for h := range d.closedHex {
		if a := b.HexArea(h); a >= 0 && areas[a].Closed {
			d.closedHex[h] = true
			d.closedHexes |= 1 << h
		}
	}
	if b.Scenario() == board.PirateIslands {
		d.piratesOf(b, areas)
	}
	return d
}

// piratesOf works out the pirate-islands data of board b with areas areas:
// the edges beside the eastern island and the pirate bases.
func (d *boardData) piratesOf(b *board.Board, areas []board.Area) {
	for e := 0; e < b.NumEdges(); e++ {
		for _, h := range b.EdgeHexes(e) {
			if h < 0 {
				continue
			}
			if a := b.HexArea(h); a >= 0 && areas[a].Name == "east" {
				d.eastEdges.add(e)
			}
		}
	}
	for _, pb := range b.PirateBases() {
		base := pirateBase{
			settlement: b.CornerIndex(pb.Settlement), ship: b.EdgeIndex(pb.Ship),
			lone: b.CornerIndex(pb.Lone), fortress: b.CornerIndex(pb.Fortress),
			route: make([]bool, b.NumEdges()),
		}
		for _, e := range pb.Route {
			if i := b.EdgeIndex(e); i >= 0 {
				base.route[i] = true
			}
		}
		base.route[base.ship] = true
		base.distLone = routeDistances(b, base.route, base.lone)
		base.distFort = routeDistances(b, base.route, base.fortress)
		d.colourBases = append(d.colourBases, colourBase{colour: pb.Colour, base: base})
	}
}

// routeDistances returns, per corner, the number of route edges on the
// shortest way to goal along the route edges (S118), -1 where none leads.
func routeDistances(b *board.Board, route []bool, goal int) []int {
	d := make([]int, b.NumCorners())
	for i := range d {
		d[i] = -1
	}
	if goal < 0 {
		return d
	}
	d[goal] = 0
	queue := []int{goal}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for i, e := range b.CornerEdges(c) {
			if !route[e] {
				continue
			}
			n := b.CornerAdjacent(c)[i]
			if d[n] < 0 {
				d[n] = d[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return d
}
