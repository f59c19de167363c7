package seafarers

// State is the stored state of a game (S157): what turn files keep and
// `show --json` prints. Field names, their order and the order of every
// list are those of S157; positions, corners and edges are written by
// their canonical names (BOARDS B1, B5, B9). A State is built by
// Game.State and read by Load; the engine itself works on dense arrays
// (Game).
type State struct {
	Game     string `json:"game"`
	Scenario string `json:"scenario"`
	// Turn is 0 during setup, then the number of turns begun (S22).
	Turn int `json:"turn"`
	// Setup is the setup step (S19), nil once setup is over.
	Setup   *SetupStep `json:"setup"`
	Current string     `json:"current"`
	Phase   string     `json:"phase"`
	// WaitingFor lists the seats whose entry the game needs, in seat
	// order (S27, S67).
	WaitingFor []string   `json:"waiting_for"`
	Dice       *[2]int    `json:"dice"`
	TurnFlags  TurnFlags  `json:"turn_flags"`
	Board      BoardState `json:"board"`
	Pieces     Pieces     `json:"pieces"`
	// Players has one entry per seat, by colour. Game.State shares a
	// seat's entry between the states it makes while it does not change
	// (canonjson's "shared").
	Players      map[string]*Player `json:"players" canonjson:"shared"`
	LongestRoute *string            `json:"longest_route"`
	LargestArmy  *string            `json:"largest_army"`
	Bank         ResourceCounts     `json:"bank"`
	UnseenCards  UnseenCards        `json:"unseen_cards"`
	Offer        *Offer             `json:"offer"`
	Pending      []Pending          `json:"pending"`
	Sealed       []SealedDraw       `json:"sealed"`
	SealedNext   int                `json:"sealed_next"`
	// Forced is present in sandbox games only (S160).
	Forced        *[]Forced     `json:"forced,omitempty"`
	ScenarioState ScenarioState `json:"scenario_state"`
	Winner        *string       `json:"winner"`
}

// SetupStep is where setup stands (S19): the round (1, 2, or 3 in
// cloth-for-catan) and the number of seats that have placed in it.
type SetupStep struct {
	Round int `json:"round"`
	Step  int `json:"step"`
}

// TurnFlags record what the active player did this turn.
type TurnFlags struct {
	CardPlayed bool `json:"card_played"`
	ShipMoved  bool `json:"ship_moved"`
	Offers     int  `json:"offers"`
	Built      bool `json:"built"`
}

// BoardState is the board: every hex, the harbours, the robber and the
// pirate. Game.State shares the lists of hexes and harbours between the
// states it makes while they do not change (canonjson's "shared").
type BoardState struct {
	Dealt    bool           `json:"dealt"`
	Hexes    []HexState     `json:"hexes" canonjson:"shared"`
	Harbours []HarbourState `json:"harbours" canonjson:"shared"`
	Robber   *string        `json:"robber"`
	Pirate   *string        `json:"pirate"`
}

// HexState is one board position (S157). Number is its number token, 0
// for none; a hex of a board not yet dealt has NotDealt, which S157 writes
// as `number: null` (S134). Pending is the k of the sealed draw exploring
// a fog position (S99), or nil.
type HexState struct {
	At      string `json:"at"`
	Terrain string `json:"terrain"`
	Number  Token  `json:"number,omitempty"`
	Pending *int   `json:"pending,omitempty"`
}

// Token is a hex's number token as S157 writes it: 2 to 12, 0 for none
// (left out), or NotDealt (null).
type Token int

// NotDealt is the number of every hex of a board not yet dealt (S134).
const NotDealt Token = -1

// Int is the token's number: 0 for none, and on a board not yet dealt.
func (t Token) Int() int { return max(int(t), 0) }

// HarbourState is a harbour on the board.
type HarbourState struct {
	At   string `json:"at"`
	Kind string `json:"kind"`
}

// Pieces lists every piece on the board, in corner or edge order.
// Game.State shares the lists between the states it makes while they do
// not change (canonjson's "shared").
type Pieces struct {
	Settlements []BuildingState `json:"settlements" canonjson:"shared"`
	Cities      []BuildingState `json:"cities" canonjson:"shared"`
	Roads       []RoadState     `json:"roads" canonjson:"shared"`
	Ships       []ShipState     `json:"ships" canonjson:"shared"`
}

// BuildingState is a settlement or a city.
type BuildingState struct {
	Owner string `json:"owner"`
	At    string `json:"at"`
}

// RoadState is a road.
type RoadState struct {
	Owner string `json:"owner"`
	At    string `json:"at"`
}

// ShipState is a ship: Built is the turn it was built (0: setup,
// pre-placed or edited); Warship marks a pirate-islands warship (S120).
type ShipState struct {
	Owner   string `json:"owner"`
	At      string `json:"at"`
	Built   int    `json:"built"`
	Warship bool   `json:"warship,omitempty"`
}

// Player is one seat's holdings. Cloth, HarboursAside and HomeIslands
// exist only in the scenarios that use them.
type Player struct {
	Resources     ResourceCounts `json:"resources"`
	Cards         []CardState    `json:"cards"`
	Played        Played         `json:"played"`
	Supply        Supply         `json:"supply"`
	Chits         int            `json:"chits"`
	Cloth         *int           `json:"cloth,omitempty"`
	HarboursAside *[]string      `json:"harbours_aside,omitempty"`
	HomeIslands   *[]string      `json:"home_islands,omitempty"`
	Rewarded      []string       `json:"rewarded"`
	Route         int            `json:"route"`
	VP            int            `json:"vp"`
	Orders        OrdersState    `json:"orders"`
}

// ResourceCounts counts all five resources (S157 writes every one).
type ResourceCounts struct {
	Brick  int `json:"brick"`
	Lumber int `json:"lumber"`
	Wool   int `json:"wool"`
	Grain  int `json:"grain"`
	Ore    int `json:"ore"`
}

// Cards counts resources, writing only those present: {ore: 1}.
type Cards struct {
	Brick  int `json:"brick,omitempty"`
	Lumber int `json:"lumber,omitempty"`
	Wool   int `json:"wool,omitempty"`
	Grain  int `json:"grain,omitempty"`
	Ore    int `json:"ore,omitempty"`
}

// CardState is a development card held and not played: Kind is a card
// kind or "sealed" (a pending sealed draw k = Draw, S140); Got is the turn
// it was acquired.
type CardState struct {
	Kind string `json:"kind"`
	Got  int    `json:"got"`
	Draw *int   `json:"draw,omitempty"`
}

// Played counts the development cards a seat has played.
type Played struct {
	Knight       int `json:"knight"`
	RoadBuilding int `json:"road-building"`
	YearOfPlenty int `json:"year-of-plenty"`
	Monopoly     int `json:"monopoly"`
	VictoryPoint int `json:"victory-point"`
}

// Supply counts a seat's pieces off the board (S9).
type Supply struct {
	Settlements int `json:"settlements"`
	Cities      int `json:"cities"`
	Roads       int `json:"roads"`
	Ships       int `json:"ships"`
}

// OrdersState are a seat's standing orders (S154).
type OrdersState struct {
	Discard []string    `json:"discard"`
	Gold    []string    `json:"gold"`
	Reward  []string    `json:"reward"`
	Trade   TradeOrders `json:"trade"`
}

// TradeOrders answer offers (S71).
type TradeOrders struct {
	Accept   []AcceptRule `json:"accept"`
	Fallback string       `json:"fallback"`
}

// AcceptRule accepts an offer asking for at most Give and giving at least
// Get (S71).
type AcceptRule struct {
	Give Cards `json:"give"`
	Get  Cards `json:"get"`
}

// UnseenCards counts the development cards nobody holds nor played,
// including those promised to pending sealed draws (S73, S158).
type UnseenCards struct {
	Knight       int `json:"knight"`
	VictoryPoint int `json:"victory-point"`
	RoadBuilding int `json:"road-building"`
	YearOfPlenty int `json:"year-of-plenty"`
	Monopoly     int `json:"monopoly"`
}

// Offer is an open domestic offer (S65–S70). Answers has one entry per
// named seat: "accept", "decline" or nil (not yet answered).
type Offer struct {
	From    string            `json:"from"`
	Give    Cards             `json:"give"`
	Get     Cards             `json:"get"`
	To      []string          `json:"to"`
	Answers map[string]Answer `json:"answers"`
}

// Answer is a named seat's answer to an offer: "accept", "decline", or ""
// for none yet, written as null.
type Answer string

// Pending is a decision owed (§17): kind discard, gold (with Count),
// answer, robber, harbour or reward.
type Pending struct {
	Seat  string `json:"seat"`
	Kind  string `json:"kind"`
	Count int    `json:"count,omitempty"`
}

// SealedDraw is a pending sealed draw (S137). Reveal is the hex of the
// drawing entry's reveal, nil in sandbox games; Victim and Snapshot belong
// to a steal, At to a fog exploration.
type SealedDraw struct {
	K       int     `json:"k"`
	Kind    string  `json:"kind"`
	Drawer  string  `json:"drawer"`
	Witness string  `json:"witness"`
	Entry   int     `json:"entry"`
	Reveal  *string `json:"reveal"`
	// Turn is the turn the draw was made in (from format 2, where it
	// resolves when a later turn begins, S138); absent in format 1.
	Turn     int             `json:"turn,omitempty"`
	Victim   *string         `json:"victim,omitempty"`
	Snapshot *ResourceCounts `json:"snapshot,omitempty"`
	At       *string         `json:"at,omitempty"`
}

// Forced is a forced outcome of a sandbox game (S160): kind card, steal,
// fog or die, and the outcome as the edit `force` wrote it.
type Forced struct {
	Kind    string `json:"kind"`
	Outcome string `json:"outcome"`
}

// ScenarioState holds the scenario's own fields (S157); only the fields of
// the game's scenario are set, and only they are written.
type ScenarioState struct {
	// fog-island: FogNumbers is set, maybe empty, exactly when FogTiles
	// is.
	FogTiles   *FogTiles      `json:"fog_tiles,omitempty"`
	FogNumbers map[string]int `json:"fog_numbers,omitzero"`
	// forgotten-tribe
	Gifts *[]GiftState `json:"gifts,omitempty"`
	// cloth-for-catan
	Villages    *[]VillageState `json:"villages,omitempty"`
	ClothSupply *int            `json:"cloth_supply,omitempty"`
	// pirate-islands: Fleet is the pirate fleet's hex; it points to nil
	// once the fleet is removed (S121), written as null.
	Fleet      **string          `json:"fleet,omitempty"`
	Fortresses *[]FortressState  `json:"fortresses,omitempty" canonjson:"shared"`
	Lone       map[string]string `json:"lone,omitzero"`
	// wonders-of-catan
	Wonders       *[]WonderState `json:"wonders,omitempty"`
	WonderMarkers map[string]int `json:"wonder_markers,omitzero"`
}

// FogTiles counts the fog-island tiles still in the stack.
type FogTiles struct {
	Sea       int `json:"sea"`
	Desert    int `json:"desert"`
	Fields    int `json:"fields"`
	Hills     int `json:"hills"`
	Mountains int `json:"mountains"`
	Pasture   int `json:"pasture"`
	Forest    int `json:"forest"`
}

// GiftState is a forgotten-tribe gift still on its gift edge: kind svp,
// card or harbour (with the harbour's kind).
type GiftState struct {
	At      string  `json:"at"`
	Kind    string  `json:"kind"`
	Harbour *string `json:"harbour,omitempty"`
}

// VillageState is a cloth-for-catan village.
type VillageState struct {
	At        string   `json:"at"`
	Number    int      `json:"number"`
	Cloth     int      `json:"cloth"`
	Connected []string `json:"connected"`
}

// FortressState is a pirate-islands fortress; Chits 0 once captured.
type FortressState struct {
	Owner string `json:"owner"`
	At    string `json:"at"`
	Chits int    `json:"chits"`
}

// WonderState is a wonder of wonders-of-catan.
type WonderState struct {
	Name  string  `json:"name"`
	Owner *string `json:"owner"`
	Level int     `json:"level"`
}
