package seafarers_test

import (
	"fmt"
	"strings"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/templates/seafarers"
)

// The text board of a new game of The Four Islands, as red sees it in a
// game whose hands are hidden: the title, then the map's first rows.
func ExampleTextBoard() {
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "four-islands"}, Sandbox: true}
	p, err := game.Rules{}.New(setup, engine.NewSeeded(1))
	if err != nil {
		panic(err)
	}
	lines := strings.Split(seafarers.TextBoard(p, templates.View{Seat: "red", Hidden: true}), "\n")
	fmt.Println(strings.Join(lines[:9], "\n"))
	// Output:
	// Catan: Seafarers, The Four Islands (four-islands)
	// To win: 12 victory points.
	//
	//              .               . gr2   .
	//            /   \           /   \   /   \
	//          .   9   .  B7   .   9   .   5   .  B13
	//          |pasture|  ~~~  |forest |mount. |  ~~~
	//          .  B5   .       .  B9   .  B11  .
	//        /   \   /       /   \   /   \   /   \
}

// Group splits listed actions so that the mails list them in a few lines.
func ExampleRenderer_Group() {
	actions := []string{"build road C6-D7", "build road C8-D7", "trade 4 wool for 1 ore",
		"trade 4 wool for 1 brick", "move ship B5-C6 B5-C4", "end"}
	for _, l := range templates.GroupLines(seafarers.Renderer{}, actions, 76) {
		fmt.Println(l)
	}
	// Output:
	//   build road: C6-D7, C8-D7
	//   trade 4 wool for: 1 ore, 1 brick
	//   move ship B5-C6: B5-C4
	//   end
}
