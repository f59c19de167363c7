package replay_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/elasund/elasund/templates/replay"
)

func ExampleWrite() {
	picture := func(n int) []byte {
		return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text x="10" y="50">entry %d</text></svg>`, n))
	}
	page := &replay.Page{
		Title: "Elasund", Game: "0123456789abcdef", Rules: "edition en",
		Seats:    []replay.Seat{{Colour: "red", Name: "Ann"}, {Colour: "blue", Name: "Ben"}},
		Verified: "verified: every signature, reveal and move checks out", OK: true,
		Entries: []replay.Entry{
			{N: 1, Seat: "red", Kind: "move", Turn: 1, Actions: []string{"roll", "permit 1 A5", "end"}, Events: []string{"roll 2+3 → ship 5"}},
		},
		Frames: []replay.Frame{
			{Entry: 0, Status: "turn 1, red's turn", SVG: picture(0), Hands: []string{"gold 3", "gold 3"}},
			{Entry: 1, Status: "turn 2, blue's turn", SVG: picture(1), Hands: []string{"gold 3", "gold 3"}},
		},
	}
	var b bytes.Buffer
	if err := replay.Write(&b, page); err != nil {
		log.Fatal(err)
	}
	html := b.String()
	fmt.Println(strings.HasPrefix(html, "<!DOCTYPE html>"))
	fmt.Println(strings.Contains(html, `<a href="#entry=1">`))
	fmt.Println(strings.Contains(html, "entry 1</text>"))
	// Output:
	// true
	// true
	// true
}
