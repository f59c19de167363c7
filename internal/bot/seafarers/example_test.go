package seafarers_test

import (
	"fmt"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/bot/seafarers"
)

// A heuristic player plans red's first setup step of a new-shores game
// through the game-agnostic interface: bot.Plan asks it for one action at
// a time until the game waits for another seat, and the move is then
// applied with the same random source.
func ExampleMaker_New() {
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "new-shores"}}
	pos, err := game.Rules{}.New(setup, engine.NewSeeded(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := seafarers.Maker{}.New(bot.LevelHeuristic, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	src := engine.NewSeeded(7) // the entry's random source
	move, err := bot.Plan(pos, "red", src.Clone(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := pos.Apply("red", move, src); err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range move {
		fmt.Println(a)
	}
	fmt.Println("next:", pos.Current())
	// Output:
	// place settlement H5.n road G6-H5
	// next: blue
}

func ExampleMaker_Levels() {
	fmt.Println(seafarers.Maker{}.Levels())
	// Output: [random heuristic strong]
}
