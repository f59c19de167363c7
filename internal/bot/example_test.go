package bot_test

import (
	"fmt"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
)

// A heuristic player takes a seat's first turn of a new game, one action at
// a time, until the turn passes to the next seat.
func ExampleNew() {
	cfg, err := engine.NewConfig([]engine.Colour{engine.Red, engine.Blue}, engine.EditionEN, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := engine.New(cfg, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := bot.New("heuristic", 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	rng := engine.NewSeededRand(7) // the turn's random source
	for g.View().Current == engine.Red && !g.Over() {
		a, err := p.Choose(g, engine.Red, rng.Copy())
		if err != nil {
			fmt.Println(err)
			return
		}
		next := rng.Copy() // Apply may draw from the source even when it fails
		if _, err := g.Apply(engine.Red, []engine.Action{a}, next); err != nil {
			fmt.Println(err)
			return
		}
		rng = next
		fmt.Println(a)
	}
	// Output:
	// roll
	// pirate 6
	// permit 0 A6
	// end
}

func ExampleLevels() {
	fmt.Println(bot.Levels())
	// Output: [random heuristic]
}
