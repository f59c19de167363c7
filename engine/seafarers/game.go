package seafarers

import (
	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Game is one game of Seafarers: its fixed configuration and its changing
// position, kept in dense arrays indexed by the board's corners and edges.
// A Game is not safe for concurrent use; Clone gives an independent copy.
//
// The accessors (Board, Scenario, Seats, CornerPiece, EdgePiece, Hand, …)
// are for the game's renderers and bots; View builds the stored State.
type Game struct {
	cfg *config
	// b is the board as New made it, for its geometry and the scenario's
	// fixed data; l is the terrain as it is now.
	b *board.Board
	l *land

	turn       int
	setupRound int // 0 once setup is over
	setupStep  int
	cur        int // seat index of the active player
	phase      Phase
	dice       [2]int // {0, 0} before the roll
	flags      TurnFlags

	robber int // hex index, -1 off the board or not used
	pirate int // hex index, -1 off the board or not used

	// corners, edges and players are slices of the arrays below, so that
	// a clone is one allocation.
	corners   []cornerPiece
	edges     []edgePiece
	players   []player
	cornerArr [maxCorners]cornerPiece
	edgeArr   [maxEdges]edgePiece
	playerArr [4]player
	// sets are the pieces as bit sets (bits.go); rev counts their
	// changes, for moves.
	sets   pieceSets
	rev    uint64
	moves  moveCache
	places placeCache

	// log collects the events of the entry being applied.
	log eventLog

	longest int // seat index holding Longest Trade Route, -1 nobody
	largest int // seat index holding Largest Army, -1 nobody

	bank   Hand
	unseen Deck
	offer  *offer
	// offerRoom holds the open offer (offer points to it), so that an
	// offer allocates nothing.
	offerRoom  offer
	pending    []pending
	sealed     []sealedDraw
	sealedNext int
	forced     []forcedOutcome

	// fog-island
	fogTiles   [board.NumTerrains]int
	fogNumbers [13]int
	// forgotten-tribe
	gifts []gift
	// cloth-for-catan
	villages    []villageState
	clothSupply int
	// pirate-islands: fleet is the index on the fleet path, -1 removed
	fleet      int
	fortresses []int // chits left per seat; 0 captured
	// wonders-of-catan
	wonders [NumWonders + 1]wonderState
	// seatWonder is the wonder each seat started, NoWonder for none: the
	// owners of wonders by seat, read at every listing and every check of
	// the goal (wonderOf), set with them (startWonder) and worked out
	// again by reindex.
	seatWonder [4]Wonder
	// wondersStarted are the wonders some seat started, a bit 1<<w each,
	// kept with seatWonder.
	wondersStarted uint8

	winner int // seat index, -1 none

	// stateNames are the board's names for State, made by its first call.
	stateNames *stateNames
	// boardLists, cornerLists, edgeLists, playerViews and fortressView
	// are parts of the last State, which the next shares while they
	// still hold (view.go).
	boardLists   *boardLists
	cornerLists  *cornerLists
	edgeLists    *edgeLists
	playerViews  [4]*playerView
	fortressView *fortressView
	// spare is the position scratch copies g into, nil until the first.
	spare *Game
	// ahead tells when spare holds the position a listing looked ahead
	// to (lookahead).
	ahead lookahead
	// routes and shapes remember route lengths (routeLength) and ship
	// shapes (mobileShips), shared with the spare; nil until the first.
	routes *routeMemo
	shapes *shapeMemo
	// drawSource is the source of the sealed draw being resolved with a
	// Seeded source (sealedRand), derived into it draw after draw; the
	// game's own (a copy keeps its own), nil until the first.
	drawSource *engine.Seeded
	// rollSource is the copy of a Seeded source a listing's look-ahead
	// rolls with (lookAheadSource), copied into it listing after listing;
	// the game's own, as drawSource is.
	rollSource *engine.Seeded
}

// cornerPiece is what stands on a corner.
type cornerPiece struct {
	own  int8 // seat index + 1; 0 empty
	kind uint8
}

// The kinds of corner pieces.
const (
	noBuilding uint8 = iota
	settlement
	city
	fortress // an uncaptured pirate-islands fortress (S115)
)

// edgePiece is what lies on an edge.
type edgePiece struct {
	own     int8 // seat index + 1; 0 empty
	ship    bool
	warship bool
	built   int32 // the turn a ship was built (S60)
}

// Board limits of the dense arrays (BOARDS outlines have at most 49
// hexes, 124 corners and 172 edges).
const (
	maxHexes   = 64
	maxCorners = 128
	maxEdges   = 176
)

// player is one seat's holdings. Its slices are copied on write: never
// changed in place, so that clones of a game share them.
type player struct {
	colour Colour
	hand   Hand
	cards  []devCard
	played Deck
	supply [4]int // settlements, cities, roads, ships
	chits  int
	cloth  int
	aside  []board.HarbourKind
	home   []int // area indices (S93)
	reward []int // area indices rewarded (S91)
	route  int
	orders orders
}

// Supply indices.
const (
	supSettlement = iota
	supCity
	supRoad
	supShip
)

// devCard is a development card held and not played.
type devCard struct {
	kind CardKind // Sealed while its draw is pending
	got  int
	draw int // k of the sealed draw
}

// orders are a seat's standing orders (S154).
type orders struct {
	discard []Resource
	gold    []Resource
	reward  []Resource
	accept  []acceptRule
	decline bool // trade fallback decline; false is ask
}

type acceptRule struct{ give, get Hand }

// offer is an open domestic offer (S65).
type offer struct {
	give, get Hand
	to        uint8 // seats named, bit per seat index
	accepted  uint8
	declined  uint8
}

// pending is a decision owed (§17).
type pending struct {
	seat  int
	kind  pendKind
	count int
}

type pendKind int8

// The kinds of owed decisions, in the order pending lists them for one
// seat.
const (
	pendNone pendKind = iota
	pendDiscard
	pendGold
	pendAnswer
	pendRobber
	pendHarbour
	pendReward
)

var pendNames = [...]string{"", "discard", "gold", "answer", "robber", "harbour", "reward"}

// sealedDraw is a pending sealed draw (S137).
type sealedDraw struct {
	k       int
	kind    drawKind
	drawer  int
	witness int
	entry   int
	reveal  []byte
	// turn is the turn the draw was made in, from format 2 (where it
	// resolves when the next turn begins, S138); 0 in format 1.
	turn     int
	victim   int  // steal
	snapshot Hand // steal
	at       int  // fog: hex index
}

type drawKind int8

// The kinds of sealed or forced draws (S136).
const (
	drawNone drawKind = iota
	drawCard
	drawSteal
	drawFog
	drawDie
)

var drawNames = [...]string{"", "card", "steal", "fog", "die"}

// forcedOutcome is a forced outcome of a sandbox game (S160).
type forcedOutcome struct {
	kind    drawKind
	card    CardKind
	res     Resource
	terrain board.Terrain
	number  int
	die     int
}

// gift is a forgotten-tribe gift still on its edge.
type gift struct {
	edge    int
	kind    board.GiftKind
	harbour board.HarbourKind
}

// villageState is a cloth-for-catan village.
type villageState struct {
	cloth     int
	connected uint8 // bit per seat index
}

// wonderState is a wonder: its owner (seat index, -1 none) and level.
type wonderState struct {
	owner int
	level int
}

// config is what does not change during a game.
type config struct {
	scenario board.Scenario
	opts     Options
	seats    []Colour
	seatOf   [5]int // colour → seat index, -1 not seated
	// seatLists are the seats of each mask (a bit per seat index) as
	// events name them, in seat order, joined by commas (logSeats).
	seatLists [16]string
	sandbox   bool
	// turnSealed is true in files of format seafarers/2 and later: sealed
	// draws resolve when the next turn begins, whoever witnesses them
	// (S138 as of format 2, docs/seafarers/decisions.md).
	turnSealed bool
	// board data that never changes, by index
	boardData
	bases      []pirateBase // per seat (pirate-islands)
	usesRobber bool
	usesPirate bool
	usesShips  bool
}

// boardData is the data of a new board (board.New) that never changes, by
// index: the same for every game of a scenario and options, whose
// configurations share it (boardDataOf). Nothing writes to its slices.
type boardData struct {
	villages      []village
	cornerVillage []int // village index or -1
	fleetPath     []int // hex indices
	marks         []board.CornerMark
	marked        [board.Strait + 1]cornerSet // the corners of each mark
	geo           *geometry
	eastEdges     edgeSet // pirate-islands: the edges beside the eastern island (S117)
	closedHex     []bool  // tribe islands (S102, S107, S103, S111)
	closedHexes   uint64  // the same, a bit each
	// colourBases are the pirate bases of every colour the board has
	// (pirate-islands), of which a game takes its seats' (bases).
	colourBases []colourBase
	// terrain is the land of the new board (landOf), shared as lands
	// never change: a game's land before its deal, and the terrain of the
	// deal of a fixed layout (landDealt).
	terrain *land
}

// colourBase is the pirate base of one colour.
type colourBase struct {
	colour string
	base   pirateBase
}

// village is a cloth-for-catan village's fixed data.
type village struct {
	corner int
	number int
}

// pirateBase is one seat's pirate-islands data (BOARDS §12.3).
type pirateBase struct {
	settlement int
	ship       int
	lone       int
	fortress   int
	route      []bool // per edge: a route edge of the colour
	distLone   []int  // per corner: edges along the route to the marked corner, -1 unreachable
	distFort   []int  // per corner: edges along the route to the fortress
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := new(Game)
	g.copyTo(c)
	return c
}

// SetQuiet makes g apply moves without writing their events (quiet) or
// with them again: a quiet Apply returns no events. It is for simulations
// — a bot's rollouts, random playouts — that read the positions a game
// goes through and not its story; the positions, the listings and the
// refusals are those of a game that writes its events. Clones of a quiet
// game are quiet.
func (g *Game) SetQuiet(quiet bool) { g.log.quiet = quiet }

// scratch returns a copy of g in g's spare position, made without
// allocating once the spare has room: a copy to work on for the while
// (a listing's preview, an entry that adopt makes g). The copy is g's
// until the next scratch; g never takes a second one while it uses the
// first.
func (g *Game) scratch() *Game {
	if g.spare == nil {
		g.spare = new(Game)
	}
	g.copyTo(g.spare)
	g.spare.routes, g.spare.shapes = g.routes, g.shapes
	g.ahead = lookahead{} // the spare no longer holds it
	return g.spare
}

// lookAheadSource returns a copy of src for a listing's look-ahead roll
// (legalFor), which draws from it only while it rolls: for a Seeded
// source, made in g's rollSource instead of a new source each listing.
func (g *Game) lookAheadSource(src engine.Source) engine.Rand {
	if s, ok := src.(*engine.Seeded); ok && s != nil {
		if g.rollSource == nil {
			g.rollSource = new(engine.Seeded)
		}
		s.CloneInto(g.rollSource)
		return g.rollSource
	}
	return src.Clone()
}

// copyTo makes w an independent copy of g. The slices a copy needs its
// own of go into w's room; w keeps its own spare, so that a copy may take
// scratch copies in turn.
func (g *Game) copyTo(w *Game) {
	pending, sealed, forced := w.pending, w.sealed, w.forced
	gifts, villages, fortresses := w.gifts, w.villages, w.fortresses
	spare, routes, shapes, text, ends := w.spare, w.routes, w.shapes, w.log.text, w.log.ends
	drawSource, rollSource := w.drawSource, w.rollSource
	*w = *g
	w.spare, w.routes, w.shapes = spare, routes, shapes
	w.drawSource, w.rollSource = drawSource, rollSource
	w.ahead = lookahead{} // of g's spare, not w's
	w.corners = w.cornerArr[:len(g.corners)]
	w.edges = w.edgeArr[:len(g.edges)]
	// The players' own slices are copied on write (never changed in
	// place), so copies share them.
	w.players = w.playerArr[:len(g.players)]
	if g.offer != nil {
		w.offerRoom = *g.offer
		w.offer = &w.offerRoom
	}
	w.pending = copyInto(pending, g.pending)
	w.sealed = copyInto(sealed, g.sealed)
	w.forced = copyInto(forced, g.forced)
	w.gifts = copyInto(gifts, g.gifts)
	w.villages = copyInto(villages, g.villages)
	w.fortresses = copyInto(fortresses, g.fortresses)
	// The events being written are g's; lists handed out by g live in
	// its room.
	w.log = eventLog{text: text[:0], ends: ends[:0], quiet: g.log.quiet}
}

// copyInto returns a copy of src in room's array: nil for nil and empty
// for empty, as slices.Clone would return it (reflect.DeepEqual tells
// them apart), an empty copy keeping room's capacity, so that the copy's
// next append (an owed decision, a sealed draw) need not allocate.
func copyInto[T any](room, src []T) []T {
	if src == nil {
		return nil
	}
	if room == nil {
		room = src[:0:0] // empty, not nil
	}
	return append(room[:0], src...)
}

// adopt makes g the position w (a copy g worked on), keeping g's slices
// on g's own arrays; w keeps g's former room for its next copy.
func (g *Game) adopt(w *Game) {
	pending, sealed, forced := g.pending, g.sealed, g.forced
	gifts, villages, fortresses := g.gifts, g.villages, g.fortresses
	spare, routes, shapes, text, ends := g.spare, g.routes, g.shapes, g.log.text, g.log.ends
	drawSource, rollSource := g.drawSource, g.rollSource
	*g = *w
	g.spare, g.drawSource, g.rollSource = spare, drawSource, rollSource
	g.ahead = lookahead{}
	if routes != nil {
		g.routes = routes
	}
	if shapes != nil {
		g.shapes = shapes
	}
	g.corners = g.cornerArr[:len(w.corners)]
	g.edges = g.edgeArr[:len(w.edges)]
	g.players = g.playerArr[:len(w.players)]
	if g.offer != nil {
		g.offerRoom = *w.offer
		g.offer = &g.offerRoom
	}
	w.pending, w.sealed, w.forced = pending, sealed, forced
	w.gifts, w.villages, w.fortresses = gifts, villages, fortresses
	// The rooms of events handed out are g's alone.
	w.log = eventLog{text: text, ends: ends}
}

// nseats is the number of seats.
func (g *Game) nseats() int { return len(g.cfg.seats) }

// next returns the seat after s in seat order (S4).
func (g *Game) next(s int) int { return (s + 1) % len(g.cfg.seats) }

// colour returns the colour of seat s.
func (g *Game) colour(s int) Colour { return g.cfg.seats[s] }

// seatIndex returns the seat of colour c, or -1.
func (g *Game) seatIndex(c Colour) int {
	if c <= NoColour || c > Orange {
		return -1
	}
	return g.cfg.seatOf[c]
}

// owner returns the seat owning a corner piece, -1 for none.
func (p cornerPiece) owner() int { return int(p.own) - 1 }

// owner returns the seat owning an edge piece, -1 for none.
func (p edgePiece) owner() int { return int(p.own) - 1 }

// building reports whether the corner holds a settlement or a city of
// seat s (an uncaptured fortress is no building of its owner, S115).
func (g *Game) building(c, s int) bool {
	p := g.corners[c]
	return p.own == int8(s+1) && (p.kind == settlement || p.kind == city)
}

// otherBuilding reports whether the corner holds a settlement or a city of
// a seat other than s.
func (g *Game) otherBuilding(c, s int) bool {
	p := g.corners[c]
	return p.own != 0 && p.own != int8(s+1) && (p.kind == settlement || p.kind == city)
}

// hasShip reports whether seat s has a ship on edge e.
func (g *Game) hasShip(e, s int) bool {
	p := g.edges[e]
	return p.own == int8(s+1) && p.ship
}

// hasRoad reports whether seat s has a road on edge e.
func (g *Game) hasRoad(e, s int) bool {
	p := g.edges[e]
	return p.own == int8(s+1) && !p.ship
}

// over reports whether the game has ended.
func (g *Game) over() bool { return g.phase == PhaseOver }

// inSetup reports whether the game is in setup.
func (g *Game) inSetup() bool { return g.setupRound > 0 }

// rolled reports whether the dice were rolled this turn.
func (g *Game) rolled() bool { return g.dice[0] != 0 }

// roll total.
func (g *Game) rollSum() int { return g.dice[0] + g.dice[1] }
