package games

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/templates"
)

// screenLines is what "elasund moves" may print under its heading: with
// "# moves for red" and "# before the roll: …" the list fits a screen of
// 40 lines.
const screenLines = 38

// TestListingFitsAScreen lists the legal actions of every awaited seat of
// random positions of every game, and of rich Elasund positions (much
// gold and influence of every colour, R52, R54), as "elasund moves" does
// (with the preview of the seat's own roll): the grouped list takes at
// most 38 lines, and names every group of actions (issue 20 item 16).
// Seafarers' set-up lists a line a corner (docs/decisions.md).
func TestListingFitsAScreen(t *testing.T) {
	for _, k := range All().Kits() {
		for seats := 2; seats <= 4; seats++ {
			if _, err := k.Rules.Resolve(engine.Setup{Seats: k.Rules.Colours()[:seats], Sandbox: true}); err != nil {
				continue
			}
			t.Run(fmt.Sprintf("%s-%d", k.Rules.Name(), seats), func(t *testing.T) {
				listGame(t, k, seats, uint64(seats))
			})
		}
	}
	k, err := All().Lookup("elasund")
	if err != nil {
		t.Fatal(err)
	}
	for seats := 2; seats <= 4; seats++ {
		cols := k.Rules.Colours()[:seats]
		p := newPosition(t, k, cols, 9)
		rich := "gold red 30"
		for _, c := range []string{"blue", "green", "yellow"} {
			rich += "; influence red " + c + " 5"
		}
		edits, err := k.Rules.ParseEdits(rich)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Edit(edits); err != nil {
			t.Fatal(err)
		}
		src := engine.NewSeeded(9)
		for p.BeginsTurn("red") {
			checkListing(t, k, p, "red", src, fmt.Sprintf("a rich Elasund position of %d seats before the roll", seats))
			if _, err := p.Apply("red", mustParse(t, k, "roll"), src); err != nil {
				t.Fatal(err)
			}
		}
		checkListing(t, k, p, "red", src, fmt.Sprintf("a rich Elasund position of %d seats", seats))
	}
}

func newPosition(t *testing.T, k Kit, seats []string, seed uint64) engine.Position {
	t.Helper()
	setup, err := k.Rules.Resolve(engine.Setup{Seats: seats, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := k.Rules.New(setup, engine.NewSeeded(seed))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustParse(t *testing.T, k Kit, move string) []engine.Action {
	t.Helper()
	m, err := k.Rules.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// listGame plays a random game and checks the listing of every awaited
// seat every few steps.
func listGame(t *testing.T, k Kit, seats int, seed uint64) {
	p := newPosition(t, k, k.Rules.Colours()[:seats], seed)
	src := engine.NewSeeded(seed)
	rng := rand.New(rand.NewPCG(seed, 11))
	for step := 0; step < 400 && !p.Over(); step++ {
		if step%9 == 0 {
			for _, s := range p.Awaited() {
				checkListing(t, k, p, s, src, fmt.Sprintf("step %d", step))
			}
		}
		seat := p.Awaited()[0]
		legal := p.Legal(seat, src.Clone())
		a := legal[rng.IntN(len(legal))]
		if _, err := p.Apply(seat, []engine.Action{a}, src); err != nil {
			t.Fatalf("step %d: %s %q was listed but refused: %v", step, seat, a, err)
		}
	}
}

// checkListing lists seat's actions in p and checks the length of the
// list, and that it names each action's group.
func checkListing(t *testing.T, k Kit, p engine.Position, seat string, src engine.Source, where string) {
	t.Helper()
	legal := p.Legal(seat, src.Clone())
	list := make([]string, len(legal))
	for i, a := range legal {
		list[i] = k.Renderer.Action(p, a.String())
	}
	lines := templates.ListActions(k.Renderer, p, list, 76, screenLines)
	limit := screenLines
	if p.Phase() == "setup" && k.Rules.Name() == "seafarers" {
		limit = 80 // a line a corner: about 60 on the largest boards
	}
	if len(lines) > limit {
		t.Errorf("%s: %s's %d actions list in %d lines, more than %d:\n%s", where, seat, len(list), len(lines), limit, strings.Join(lines, "\n"))
	}
	text := " " + strings.Join(lines, " ") + " "
	for _, a := range list {
		key, _ := k.Renderer.Group(a)
		if !strings.Contains(text, key) {
			t.Errorf("%s: the listing of %s does not name %q (for %q):\n%s", where, seat, key, a, strings.Join(lines, "\n"))
			return
		}
	}
}
