package turnfile_test

import (
	"fmt"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
)

// A sandbox game: made, played a move with a forced roll, written and read
// back, and verified by replaying it.
func ExampleNew() {
	seed := int64(42)
	g, err := turnfile.New(turnfile.NewOptions{
		Created: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC),
		Seats:   []turnfile.Seat{{Colour: engine.Red, Name: "Ann"}, {Colour: engine.Blue, Name: "Ben"}},
		Sandbox: true,
		Seed:    &seed,
	})
	if err != nil {
		panic(err)
	}
	move, _ := engine.ParseMove("roll")
	e, err := g.Move(engine.Red, move, nil, time.Date(2026, 11, 22, 10, 5, 0, 0, time.UTC), turnfile.MoveOptions{Dice: &[2]int{2, 3}})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Kind, e.Actions, e.Events[len(e.Events)-1])

	data, _ := g.File().Marshal()
	f, err := turnfile.Parse(data)
	if err != nil {
		panic(err)
	}
	again, err := turnfile.Open(f)
	fmt.Println(err, again.Replayed(), again.State().Phase)
	// Output:
	// move [roll] roll 2+3 → ship 5
	// <nil> true build
}

// Reading is strict: every problem is a *ParseError with its line.
func ExampleParse() {
	_, err := turnfile.Parse([]byte("format: elasund/2\nheader: {}\n"))
	fmt.Println(err)
	// Output:
	// line 1: format: elasund/2 is newer than this program reads (elasund/1): upgrade elasund
}
