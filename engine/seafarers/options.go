package seafarers

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Options are the rule options of S156, resolved for one scenario: every
// field holds the value in force, given or default.
type Options struct {
	// Layout and Harbours shape the board (BOARDS §13).
	Layout   board.LayoutMode
	Harbours board.HarbourMode
	// Combined allows trade in phase build (phases: combined, S25).
	Combined bool
	// Sealed makes the draws of S136 sealed draws (sealed_draws, S136).
	Sealed bool
	// CardBeforeRoll allows a development card before the roll
	// (dev_card_before_roll, S74, V5).
	CardBeforeRoll bool
	// OffersPerTurn limits domestic offers per turn (S66); -1 is
	// unlimited.
	OffersPerTurn int
	// DiscardLimit is the hand size a seven lets a player keep (S39).
	DiscardLimit int
	// VPTarget is the victory-point target (S86), the "10" of
	// pirate-islands and wonders-of-catan.
	VPTarget int
	// IslandSVP is the special victory points of one award of S92, S95,
	// S96 and S127 (1 or 2, S97).
	IslandSVP int
}

// optionNames lists the options in the order of S156.
var optionNames = []string{"layout", "harbours", "phases", "sealed_draws", "dev_card_before_roll",
	"offers_per_turn", "discard_limit", "vp_target", "island_svp"}

// targets are the victory-point targets of S2, by scenario.
var targets = [...]int{
	board.Base: 10, board.NewShores: 13, board.FourIslands: 12, board.FogIsland: 12,
	board.ThroughTheDesert: 12, board.ForgottenTribe: 13, board.ClothForCatan: 14,
	board.PirateIslands: 10, board.WondersOfCatan: 10, board.NewWorld: 12,
}

// usesIslandSVP reports whether a scenario awards special victory points
// for new islands (§14.2), so that island_svp means something in it.
func usesIslandSVP(s board.Scenario) bool {
	switch s {
	case board.NewShores, board.FourIslands, board.ThroughTheDesert, board.WondersOfCatan, board.NewWorld:
		return true
	}
	return false
}

func optErr(name, value, format string, args ...any) error {
	return &engine.OptionError{Name: name, Value: value, Reason: fmt.Sprintf(format, args...)}
}

// ResolveOptions reads the options a set-up gives (S156) for scenario s and
// fills in every default. Errors are *engine.OptionError: an unknown option
// or value, or an option the scenario cannot use.
func ResolveOptions(s board.Scenario, given map[string]string) (Options, error) {
	for name := range given {
		known := false
		for _, n := range optionNames {
			known = known || n == name
		}
		if !known {
			return Options{}, optErr(name, given[name], "unknown option (options: %s)", strings.Join(optionNames, ", "))
		}
	}
	bo, err := board.ParseOptions(s, given["layout"], given["harbours"])
	if err == nil {
		bo, err = board.Resolve(s, bo)
	}
	if err != nil {
		if be, ok := err.(*board.OptionError); ok {
			return Options{}, &engine.OptionError{Name: be.Option, Value: be.Value, Reason: be.Reason}
		}
		return Options{}, err
	}
	o := Options{Layout: bo.Layout, Harbours: bo.Harbours, Sealed: true, CardBeforeRoll: true,
		OffersPerTurn: 3, DiscardLimit: 7, VPTarget: targets[s], IslandSVP: 1}
	if v, ok := given["phases"]; ok {
		switch v {
		case "separate":
		case "combined":
			o.Combined = true
		default:
			return Options{}, optErr("phases", v, "the values are separate and combined")
		}
	}
	for _, b := range []struct {
		name string
		dst  *bool
	}{{"sealed_draws", &o.Sealed}, {"dev_card_before_roll", &o.CardBeforeRoll}} {
		if v, ok := given[b.name]; ok {
			switch v {
			case "true":
				*b.dst = true
			case "false":
				*b.dst = false
			default:
				return Options{}, optErr(b.name, v, "the values are true and false")
			}
		}
	}
	if v, ok := given["offers_per_turn"]; ok {
		if v == "unlimited" {
			o.OffersPerTurn = -1
		} else if o.OffersPerTurn, err = optInt("offers_per_turn", v, 0, 20); err != nil {
			return Options{}, err
		}
	}
	if v, ok := given["discard_limit"]; ok {
		if o.DiscardLimit, err = optInt("discard_limit", v, 0, 30); err != nil {
			return Options{}, err
		}
	}
	if v, ok := given["vp_target"]; ok {
		if o.VPTarget, err = optInt("vp_target", v, 3, 30); err != nil {
			return Options{}, err
		}
	}
	if v, ok := given["island_svp"]; ok {
		if !usesIslandSVP(s) {
			return Options{}, optErr("island_svp", v, "scenario %s awards no special victory points for new islands (S156)", s)
		}
		if o.IslandSVP, err = optInt("island_svp", v, 1, 2); err != nil {
			return Options{}, err
		}
	}
	return o, nil
}

// optInt reads a whole number in [lo, hi].
func optInt(name, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi || strconv.Itoa(n) != v {
		return 0, optErr(name, v, "want a whole number from %d to %d", lo, hi)
	}
	return n, nil
}

// Values lists every option with its value as text, in the order of S156.
func (o Options) Values() [][2]string {
	phases := "separate"
	if o.Combined {
		phases = "combined"
	}
	offers := strconv.Itoa(o.OffersPerTurn)
	if o.OffersPerTurn < 0 {
		offers = "unlimited"
	}
	return [][2]string{
		{"layout", o.Layout.String()},
		{"harbours", o.Harbours.String()},
		{"phases", phases},
		{"sealed_draws", strconv.FormatBool(o.Sealed)},
		{"dev_card_before_roll", strconv.FormatBool(o.CardBeforeRoll)},
		{"offers_per_turn", offers},
		{"discard_limit", strconv.Itoa(o.DiscardLimit)},
		{"vp_target", strconv.Itoa(o.VPTarget)},
		{"island_svp", strconv.Itoa(o.IslandSVP)},
	}
}
