package seafarers

import (
	"encoding/json"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/templates"
)

// FuzzRender reads any state the JSON reader accepts and draws it: the
// text board, the SVG and the owed decisions never panic, the SVG stays
// well-formed and the text narrow. The seeds are the fixtures' states.
func FuzzRender(f *testing.F) {
	for _, fx := range fixtures {
		b, err := json.Marshal(fx.build(f).State())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "red", true)
	}
	f.Add([]byte(`{"scenario":"pirate-islands","board":{"hexes":[{"at":"B5","terrain":"gold","number":40}]}}`), "", false)
	// Two gifts, villages and fortresses on one place each: one element
	// each, no id twice.
	f.Add([]byte(`{"scenario":"forgotten-tribe","board":{"hexes":[{"at":"H5","terrain":"desert"}]},`+
		`"scenario_state":{"gifts":[{"at":"H5-I6","kind":"svp"},{"at":"H5-I6","kind":"card"}],`+
		`"villages":[{"at":"H5.n","number":3,"cloth":1},{"at":"H5.n","number":4}],`+
		`"fortresses":[{"owner":"red","at":"H5.s","chits":2},{"owner":"blue","at":"H5.s","chits":1}],`+
		`"lone":{"red":"H5.s","blue":"H5.s"}}}`), "red", true)
	f.Fuzz(func(t *testing.T, data []byte, seat string, hidden bool) {
		st := &game.State{}
		if err := json.Unmarshal(data, st); err != nil {
			return
		}
		p := fakePosition{st: st, setup: engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": st.Scenario}}}
		v := templates.View{Seat: seat, Hidden: hidden}
		checkWidth(t, TextBoard(p, v))
		doc, err := SVG(p, v)
		if err != nil {
			t.Fatal(err)
		}
		wellFormed(t, doc)
		elements(t, doc)
		for _, d := range st.Pending {
			Renderer{}.Owed(p, engine.Owed{Seat: d.Seat, Kind: d.Kind}, v)
		}
		Renderer{}.Hand(p, seat, v)
	})
}
