package elasund

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Edition is a rules edition (R108). The zero value means none.
type Edition int

// The editions.
const (
	NoEdition Edition = iota
	EditionEN
	EditionFR
	EditionRU
)

var editionNames = [...]string{"", "en", "fr", "ru"}

func (e Edition) String() string {
	if e <= NoEdition || int(e) >= len(editionNames) {
		return "?"
	}
	return editionNames[e]
}

// ParseEdition reads "en", "fr" or "ru".
func ParseEdition(s string) (Edition, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range editionNames {
		if i > 0 && n == t {
			return Edition(i), nil
		}
	}
	return NoEdition, fmt.Errorf("%q is not an edition (en, fr, ru)", s)
}

// Options are the rule options of R108. Each edition sets defaults
// (EditionOptions); a game may override any single one with Set.
type Options struct {
	// ThirdColour is the printed name of the third influence colour:
	// "yellow" or "red" (V1). Cosmetic.
	ThirdColour string
	// GoldCards and InfluenceCards are the card counts (V2); influence is
	// split evenly over the three colours.
	GoldCards      int
	InfluenceCards int
	// ShortageRedistribute pays production after the halving (R35,
	// "redistribute"); false is "skip".
	ShortageRedistribute bool
	// NumericTwoRowStep moves the ship ±2 in row numbers instead of two
	// rows along the board (V8, "numeric").
	NumericTwoRowStep bool
	// PirateTouchesRow counts every cube on a building touching the pirate
	// row instead of flag squares only (V10, "building_touches_row").
	PirateTouchesRow bool
	// PirateRewardChoose lets the active player choose the reward from the
	// other players' discards (V9, "choose_from_others_discards").
	PirateRewardChoose bool
	// NearestRowFallback lets a permit spill to the nearest row with space
	// when the ship row is full (V11, "nearest_row_with_space").
	NearestRowFallback bool
	// SameSizeCap is how many same-size buildings one influence payment
	// covers (V13); 0 means unlimited.
	SameSizeCap int
	// HutBiggerOnly grants a starter rebuild only when a bigger building
	// displaced it (V14, "bigger_building_only").
	HutBiggerOnly bool
	// HutOnOwnPermit lets a starter be rebuilt on its owner's permit, which
	// then returns to the owner's supply (V15).
	HutOnOwnPermit bool
	// WallsCheapFirst opens the east wall only when the north and south
	// walls are full (V17).
	WallsCheapFirst bool
	// WinEndOfTurn checks the win at the end of the turn instead of after
	// each construction (V18).
	WinEndOfTurn bool
	// TradeCap11 stops the trade disk at 11 (V19); false keeps a running
	// total (flags still end at 11).
	TradeCap11 bool
	// TurnLimit is a number of rounds after which the player with most cubes
	// on the board wins, ties broken by gold (Q8); 0 means none.
	TurnLimit int
	// HandCountsPublic shows gold and influence counts instead of only the
	// total (V25). Cosmetic.
	HandCountsPublic bool
}

// EditionOptions returns the defaults of an edition (R108).
func EditionOptions(e Edition) Options {
	o := Options{
		ThirdColour: "yellow", GoldCards: 51, InfluenceCards: 39,
		SameSizeCap: 2, TradeCap11: true,
	}
	switch e {
	case EditionFR:
		o.ThirdColour = "red"
		o.ShortageRedistribute = true
	case EditionRU:
		o.ThirdColour = "red"
		o.GoldCards, o.InfluenceCards = 56, 54
		o.ShortageRedistribute = true
		o.PirateRewardChoose = true
		o.NearestRowFallback = true
	}
	return o
}

// OptionNames lists the option names of R108 that Set accepts.
var OptionNames = []string{
	"influence_colours", "card_counts", "shortage_mode", "two_row_step",
	"pirate_cube_rule", "pirate_reward", "full_row_fallback", "same_size_cap",
	"hut_trigger", "hut_on_own_permit", "walls_cheap_first", "win_check",
	"trade_cap_11", "turn_limit", "hand_visibility",
}

// choice maps the two words of a two-valued option.
func choice(name, value string, dst *bool, no, yes string) error {
	switch value {
	case no:
		*dst = false
	case yes:
		*dst = true
	default:
		return &OptionError{Name: name, Value: value, Reason: fmt.Sprintf("want %s or %s", no, yes)}
	}
	return nil
}

// countOption reads an option that is a number from 1 to max, or one of
// the words none (0), into *dst; v is value in lower case, want the
// reason for another value.
func countOption(name, value, v string, dst *int, max int, want string, none ...string) error {
	if slices.Contains(none, v) {
		*dst = 0
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return &OptionError{Name: name, Value: value, Reason: want}
	}
	*dst = n
	return nil
}

// countText is the value of an option read by countOption: the number,
// or none for 0 (or less).
func countText(n int, none string) string {
	if n <= 0 {
		return none
	}
	return strconv.Itoa(n)
}

// Set overrides one option by its R108 name.
func (o *Options) Set(name, value string) error {
	v := strings.ToLower(strings.TrimSpace(value))
	switch name {
	case "influence_colours":
		switch strings.ReplaceAll(v, " ", "") {
		case "blue,green,yellow", "yellow":
			o.ThirdColour = "yellow"
		case "blue,green,red", "red":
			o.ThirdColour = "red"
		default:
			return &OptionError{Name: name, Value: value, Reason: "want blue,green,yellow or blue,green,red"}
		}
	case "card_counts":
		g, i, ok := strings.Cut(v, "/")
		gn, err1 := strconv.Atoi(g)
		in, err2 := strconv.Atoi(i)
		if !ok || err1 != nil || err2 != nil || gn < 1 || in < 3 || in%3 != 0 || gn > 999 || in > 999 {
			return &OptionError{Name: name, Value: value, Reason: "want GOLD/INFLUENCE, influence a multiple of 3, such as 51/39"}
		}
		o.GoldCards, o.InfluenceCards = gn, in
	case "shortage_mode":
		return choice(name, v, &o.ShortageRedistribute, "skip", "redistribute")
	case "two_row_step":
		return choice(name, v, &o.NumericTwoRowStep, "by_rows", "numeric")
	case "pirate_cube_rule":
		return choice(name, v, &o.PirateTouchesRow, "flag_square", "building_touches_row")
	case "pirate_reward":
		return choice(name, v, &o.PirateRewardChoose, "random_from_all_discards", "choose_from_others_discards")
	case "full_row_fallback":
		return choice(name, v, &o.NearestRowFallback, "adjacent_only", "nearest_row_with_space")
	case "same_size_cap":
		return countOption(name, value, v, &o.SameSizeCap, 9, "want a number 1..9 or unlimited", "unlimited")
	case "hut_trigger":
		return choice(name, v, &o.HutBiggerOnly, "any_removal", "bigger_building_only")
	case "hut_on_own_permit":
		return choice(name, v, &o.HutOnOwnPermit, "false", "true")
	case "walls_cheap_first":
		return choice(name, v, &o.WallsCheapFirst, "false", "true")
	case "win_check":
		return choice(name, v, &o.WinEndOfTurn, "after_each_action", "end_of_turn")
	case "trade_cap_11":
		return choice(name, v, &o.TradeCap11, "false", "true")
	case "turn_limit":
		return countOption(name, value, v, &o.TurnLimit, 10000, "want a number of rounds 1..10000 or none", "none", "0")
	case "hand_visibility":
		return choice(name, v, &o.HandCountsPublic, "total_only", "gold_and_influence_counts")
	default:
		return &OptionError{Name: name, Value: value, Reason: "no such option (see R108)"}
	}
	return nil
}

// Values returns every option with its current value, by R108 name, sorted
// by name. Show prints it.
func (o Options) Values() [][2]string {
	pick := func(b bool, no, yes string) string {
		if b {
			return yes
		}
		return no
	}
	out := [][2]string{
		{"influence_colours", "blue,green," + o.ThirdColour},
		{"card_counts", fmt.Sprintf("%d/%d", o.GoldCards, o.InfluenceCards)},
		{"shortage_mode", pick(o.ShortageRedistribute, "skip", "redistribute")},
		{"two_row_step", pick(o.NumericTwoRowStep, "by_rows", "numeric")},
		{"pirate_cube_rule", pick(o.PirateTouchesRow, "flag_square", "building_touches_row")},
		{"pirate_reward", pick(o.PirateRewardChoose, "random_from_all_discards", "choose_from_others_discards")},
		{"full_row_fallback", pick(o.NearestRowFallback, "adjacent_only", "nearest_row_with_space")},
		{"same_size_cap", countText(o.SameSizeCap, "unlimited")},
		{"hut_trigger", pick(o.HutBiggerOnly, "any_removal", "bigger_building_only")},
		{"hut_on_own_permit", pick(o.HutOnOwnPermit, "false", "true")},
		{"walls_cheap_first", pick(o.WallsCheapFirst, "false", "true")},
		{"win_check", pick(o.WinEndOfTurn, "after_each_action", "end_of_turn")},
		{"trade_cap_11", pick(o.TradeCap11, "false", "true")},
		{"turn_limit", countText(o.TurnLimit, "none")},
		{"hand_visibility", pick(o.HandCountsPublic, "total_only", "gold_and_influence_counts")},
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// Config is what stays fixed for a whole game: the seats in turn order
// (clockwise, the first seat starting, R22), the edition and the options.
type Config struct {
	Seats   []Colour
	Edition Edition
	Options Options
}

// NewConfig returns a config with the edition's default options and the
// given overrides (name → value) applied in name order.
func NewConfig(seats []Colour, e Edition, overrides map[string]string) (Config, error) {
	if e == NoEdition {
		e = EditionEN
	}
	cfg := Config{Seats: append([]Colour(nil), seats...), Edition: e, Options: EditionOptions(e)}
	names := make([]string, 0, len(overrides))
	for k := range overrides {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := cfg.Options.Set(k, overrides[k]); err != nil {
			return Config{}, err
		}
	}
	return cfg, cfg.validate()
}

func (c Config) validate() error {
	if len(c.Seats) < 2 || len(c.Seats) > 4 {
		return &StateError{Field: "seats", Reason: fmt.Sprintf("%d seats; Elasund is for 2 to 4 players (R14)", len(c.Seats))}
	}
	seen := map[Colour]bool{}
	for _, s := range c.Seats {
		if s < Red || s > Yellow {
			return &StateError{Field: "seats", Reason: "a seat has no colour"}
		}
		if seen[s] {
			return &StateError{Field: "seats", Reason: fmt.Sprintf("colour %s is seated twice", s)}
		}
		seen[s] = true
	}
	if c.Edition <= NoEdition || c.Edition > EditionRU {
		return &StateError{Field: "edition", Reason: "unknown edition"}
	}
	return nil
}

// CardName prints a card kind as this game's edition names it (V1).
func (c Config) CardName(k Card) string {
	if k == YellowCard {
		return c.Options.ThirdColour
	}
	return k.String()
}
