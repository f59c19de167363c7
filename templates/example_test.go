package templates_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/templates"
)

func ExampleTextBoard() {
	cfg, err := engine.NewConfig([]engine.Colour{engine.Red, engine.Blue}, engine.EditionEN, nil)
	if err != nil {
		log.Fatal(err)
	}
	g, err := engine.New(cfg, nil)
	if err != nil {
		log.Fatal(err)
	}
	board := templates.TextBoard(cfg, g.State())
	for _, line := range strings.Split(board, "\n")[:6] {
		fmt.Println(line)
	}
	// Output:
	//                 A      B      C      D      E      F      G      H      I
	//       N wall                 -2g-   -2g-   GATE   GATE
	//              +------+------+------+------+------+------+------+------+------+
	//   2 ~~~~~~~  | (1)  |      |      |      |      | GATE |....................|
	//              +------+------+------+------+------+------+....................+
	//   3 ~~~~~~~  | (1)  |      |      |      |      | -4g- |....................|
}

func ExampleSVG() {
	cfg, err := engine.NewConfig([]engine.Colour{engine.Red, engine.Blue, engine.Green}, engine.EditionFR, nil)
	if err != nil {
		log.Fatal(err)
	}
	g, err := engine.New(cfg, nil)
	if err != nil {
		log.Fatal(err)
	}
	doc, err := templates.SVG(cfg, g.State())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Contains(string(doc), `id="building-D4"`), strings.Contains(string(doc), `id="church-foundation"`))
	// Output: true true
}

func ExampleRenderHelp() {
	subject, body, err := templates.RenderHelp(templates.Help{Address: "elasund@example.org"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(subject)
	fmt.Println(strings.Split(body, "\n")[2])
	// Output:
	// [elasund] help
	// Write to elasund@example.org.
}

func ExampleRenderRejection() {
	subject, body, err := templates.RenderRejection(templates.Rejection{
		Game: "3f9c2a7d5e1b4c08",
		To:   engine.Red,
		Problems: []templates.Problem{
			{Line: 1, Text: "build tavern D4", Reason: "the footprint covers a smaller building", Rule: "R52"},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(subject)
	fmt.Print(strings.Join(strings.Split(body, "\n")[2:7], "\n"))
	// Output:
	// [elasund 3f9c2a7d5e1b4c08] not applied
	// One problem:
	//
	// 1. Line 1:
	//      > build tavern D4
	//    the footprint covers a smaller building (R52)
}
