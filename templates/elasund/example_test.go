package elasund_test

import (
	"fmt"
	"log"
	"strings"

	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates/elasund"
)

func ExampleTextBoard() {
	cfg, err := game.NewConfig([]game.Colour{game.Red, game.Blue}, game.EditionEN, nil)
	if err != nil {
		log.Fatal(err)
	}
	g, err := game.New(cfg, nil)
	if err != nil {
		log.Fatal(err)
	}
	board := elasund.TextBoard(cfg, g.State())
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
	cfg, err := game.NewConfig([]game.Colour{game.Red, game.Blue, game.Green}, game.EditionFR, nil)
	if err != nil {
		log.Fatal(err)
	}
	g, err := game.New(cfg, nil)
	if err != nil {
		log.Fatal(err)
	}
	doc, err := elasund.SVG(cfg, g.State())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Contains(string(doc), `id="building-D4"`), strings.Contains(string(doc), `id="church-foundation"`))
	// Output: true true
}
