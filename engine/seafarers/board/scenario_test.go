package board

import (
	"errors"
	"strings"
	"testing"
)

// S1, S2: scenario names.
func TestParseScenario(t *testing.T) {
	names := []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert",
		"forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}
	ss := Scenarios()
	if len(ss) != len(names) {
		t.Fatalf("Scenarios() = %v", ss)
	}
	for i, n := range names {
		if ss[i].String() != n {
			t.Errorf("Scenarios()[%d] = %v, want %s", i, ss[i], n)
		}
		for _, in := range []string{n, strings.ToUpper(n)} {
			if s, err := ParseScenario(in); err != nil || s != ss[i] {
				t.Errorf("ParseScenario(%q) = %v, %v", in, s, err)
			}
		}
	}
	for _, bad := range []string{"", "seafarers", "new shores", "base "} {
		var oe *OptionError
		if _, err := ParseScenario(bad); !errors.As(err, &oe) {
			t.Errorf("ParseScenario(%q) = %v, want an *OptionError", bad, err)
		}
	}
	if NoScenario.String() != "" || Scenario(42).String() != "" {
		t.Errorf("NoScenario or Scenario(42) has a name")
	}
}

// S156: option defaults and the combinations refused.
func TestResolveS156(t *testing.T) {
	tests := []struct {
		s        Scenario
		layout   string
		harbours string
		want     Options // zero: refused
	}{
		{Base, "", "", Options{LayoutFixed, HarboursFixed}},
		{Base, "variable", "", Options{LayoutVariable, HarboursShuffled}},
		{Base, "fixed", "shuffled", Options{LayoutFixed, HarboursShuffled}},
		{Base, "variable", "fixed", Options{LayoutVariable, HarboursFixed}},
		{NewShores, "", "", Options{LayoutFixed, HarboursShuffled}},
		{NewShores, "Variable", "FIXED", Options{LayoutVariable, HarboursFixed}},
		{FogIsland, "variable", "", Options{LayoutVariable, HarboursShuffled}},
		{PirateIslands, "", "", Options{LayoutFixed, HarboursShuffled}},
		{PirateIslands, "fixed", "fixed", Options{LayoutFixed, HarboursFixed}},
		{PirateIslands, "variable", "", Options{}},
		{NewWorld, "", "", Options{Layout: LayoutVariable}},
		{NewWorld, "variable", "", Options{Layout: LayoutVariable}},
		{NewWorld, "fixed", "", Options{}},
		{NewWorld, "", "shuffled", Options{}},
		{NewWorld, "", "fixed", Options{}},
		{Base, "random", "", Options{}},
		{Base, "", "none", Options{}},
	}
	for _, tt := range tests {
		o, err := ParseOptions(tt.s, tt.layout, tt.harbours)
		if err == nil {
			o, err = Resolve(tt.s, o)
		}
		if tt.want == (Options{}) {
			var oe *OptionError
			if !errors.As(err, &oe) {
				t.Errorf("%v layout=%q harbours=%q: %+v, %v, want an *OptionError", tt.s, tt.layout, tt.harbours, o, err)
			}
			if _, nerr := New(tt.s, o); err == nil && nerr == nil {
				t.Errorf("%v layout=%q harbours=%q: New accepted it", tt.s, tt.layout, tt.harbours)
			}
			continue
		}
		if err != nil || o != tt.want {
			t.Errorf("%v layout=%q harbours=%q: %+v, %v, want %+v", tt.s, tt.layout, tt.harbours, o, err, tt.want)
		}
		b, err := New(tt.s, o)
		if err != nil {
			t.Errorf("New(%v, %+v): %v", tt.s, o, err)
			continue
		}
		if b.Options() != tt.want || b.Scenario() != tt.s {
			t.Errorf("New(%v, %+v) has options %+v", tt.s, o, b.Options())
		}
	}
	for _, o := range []Options{{Layout: LayoutMode(3)}, {Harbours: HarbourMode(-1)}} {
		var oe *OptionError
		if _, err := Resolve(Base, o); !errors.As(err, &oe) {
			t.Errorf("Resolve(base, %+v) = %v, want an *OptionError", o, err)
		}
	}
	var oe *OptionError
	if _, err := New(NoScenario, Options{}); !errors.As(err, &oe) {
		t.Errorf("New(NoScenario) = %v, want an *OptionError", err)
	}
	if _, err := NeedsSeed(PirateIslands, Options{Layout: LayoutVariable}); !errors.As(err, &oe) {
		t.Errorf("NeedsSeed(pirate-islands, variable) = %v, want an *OptionError", err)
	}
	if LayoutDefault.String() != "" || LayoutFixed.String() != "fixed" || HarboursShuffled.String() != "shuffled" || HarboursDefault.String() != "" {
		t.Errorf("mode names wrong")
	}
}

// Every scenario with every option value: refused by Resolve, or a board
// that deals.
func TestEveryCombination(t *testing.T) {
	for _, s := range Scenarios() {
		for l := LayoutDefault; l <= LayoutVariable; l++ {
			for h := HarboursDefault; h <= HarboursFixed; h++ {
				o := Options{Layout: l, Harbours: h}
				b, err := New(s, o)
				if _, rerr := Resolve(s, o); (rerr == nil) != (err == nil) {
					t.Errorf("%v %+v: New %v, Resolve %v", s, o, err, rerr)
				}
				if err != nil {
					continue
				}
				if !b.Dealt() {
					if b, err = b.Deal(newPCG(uint64(l)*3 + uint64(h))); err != nil {
						t.Errorf("%v %+v: Deal: %v", s, o, err)
						continue
					}
				}
				for _, x := range b.Hexes() {
					if x.Terrain == Unknown {
						t.Errorf("%v %+v: an unknown hex after the deal", s, o)
						break
					}
				}
			}
		}
	}
}
