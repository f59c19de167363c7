package elasund_test

import (
	"fmt"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/bot/elasund"
)

// A heuristic player plans red's first turn of a new game through the
// game-agnostic interface: bot.Plan asks it for one action at a time until
// the turn passes to the next seat, and the move is then applied with the
// same random source, so it rolls the same dice.
func ExampleMaker_New() {
	pos, err := game.Rules{}.New(engine.Setup{Seats: []string{"red", "blue"}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := elasund.Maker{}.New(bot.LevelHeuristic, 42)
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
	// roll
	// permit 0 A9
	// end
	// next: blue
}

func ExampleMaker_Levels() {
	fmt.Println(elasund.Maker{}.Levels())
	// Output: [random heuristic strong]
}
