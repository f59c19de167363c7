package turnfile_test

import (
	"fmt"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/turnfile"
)

// A sandbox game: made, played a move with a forced roll, written and read
// back, and verified by replaying it.
func ExampleNew() {
	seed := int64(42)
	g, err := turnfile.New(turnfile.NewOptions{
		Rules:   elasund.Rules{},
		Created: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC),
		Seats:   []turnfile.Seat{{Colour: "red", Name: "Ann"}, {Colour: "blue", Name: "Ben"}},
		Sandbox: true,
		Seed:    &seed,
	})
	if err != nil {
		panic(err)
	}
	move, _ := elasund.Rules{}.ParseMove("roll")
	e, err := g.Move("red", move, nil, time.Date(2026, 11, 22, 10, 5, 0, 0, time.UTC), turnfile.MoveOptions{Dice: &[2]int{2, 3}})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Kind, e.Actions, e.Events[len(e.Events)-1])

	data, _ := g.File().Marshal()
	games, _ := engine.NewRegistry(elasund.Rules{})
	f, err := turnfile.Parse(data, games)
	if err != nil {
		panic(err)
	}
	again, err := turnfile.Open(f)
	fmt.Println(err, again.Replayed(), again.Position().Phase())
	// Output:
	// move [roll] roll 2+3 → ship 5
	// <nil> true build
}

// Reading is strict: every problem is a *ParseError with its line.
func ExampleParse() {
	games, _ := engine.NewRegistry(elasund.Rules{})
	_, err := turnfile.Parse([]byte("format: elasund/9\nheader: {}\n"), games)
	fmt.Println(err)
	// Output:
	// line 1: format: elasund/9 is newer than this program reads (elasund/2): upgrade elasund
}
