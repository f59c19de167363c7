package race

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/race"
	"github.com/elasund/elasund/templates"
)

// played returns a game of goal 10 after cyan's 4 (runner a) and
// magenta's roll of 6.
func played(t *testing.T) engine.Position {
	t.Helper()
	p, err := game.Rules{}.New(engine.Setup{Seats: []string{game.Cyan, game.Magenta}, Options: map[string]string{"goal": "10"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := engine.NewSeeded(3)
	for _, step := range []struct{ seat, move string }{{game.Cyan, "roll; run a"}, {game.Magenta, "roll"}} {
		as, _ := game.Rules{}.ParseMove(step.move)
		if _, err := p.Apply(step.seat, as, src); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func TestText(t *testing.T) {
	p := played(t)
	st := p.State().(*game.State)
	got := Renderer{}.Text(p, templates.View{})
	want := "Race to 10, turn 2: magenta rolled " + string(rune('0'+st.Roll)) + " and runs\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("text begins %q, want %q", got, want)
	}
	a := st.Runners[game.Cyan][0]
	line := "cyan     a |" + strings.Repeat(".", a) + "a" + strings.Repeat(".", 10-a) + "| "
	if !strings.Contains(got, line) || !strings.Contains(got, "magenta  a |a..........|  0\n") {
		t.Errorf("text lacks cyan's runner a on %d or magenta's on the start:\n%s", a, got)
	}
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 76 {
			t.Errorf("line %q is %d wide, want at most 76 for a mail", l, len(l))
		}
	}
}

func TestSVG(t *testing.T) {
	svg, err := Renderer{}.SVG(played(t), templates.View{})
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(svg))
	circles := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "circle" {
			circles++
		}
	}
	if circles != 4 || !bytes.Contains(svg, []byte(`fill="magenta"`)) {
		t.Errorf("%d runners drawn, want 4, magenta's in magenta:\n%s", circles, svg)
	}
}

// TestStrangePositions draws what is not a race position without
// panicking.
func TestStrangePositions(t *testing.T) {
	for _, p := range []engine.Position{nil, (*game.Position)(nil)} {
		r := Renderer{}
		if s := r.Text(p, templates.View{}); !strings.HasPrefix(s, "Race to 20") {
			t.Errorf("text of %#v = %q", p, s)
		}
		if _, err := r.SVG(p, templates.View{}); err != nil {
			t.Error(err)
		}
		if h := r.Hand(p, "cyan", templates.View{}); h != "no runners" {
			t.Errorf("hand = %q", h)
		}
	}
}

// TestMails writes every mail with Race's parts.
func TestMails(t *testing.T) {
	m, err := templates.NewMailer(Renderer{})
	if err != nil {
		t.Fatal(err)
	}
	p := played(t)
	_, body, err := m.Invitation(templates.Invitation{Game: "0123456789abcdef", Seat: game.Cyan, Name: "Ann", Token: "tok", Address: "ref@example.org",
		Seats: []templates.Seat{{Colour: game.Cyan, Name: "Ann"}, {Colour: game.Magenta, Name: "Ben"}}, Position: p, Turn: p.Turn()})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Race, the toy game of elasund's tests", "race to square 10", "roll; run a"} {
		if !strings.Contains(body, want) {
			t.Errorf("invitation lacks %q:\n%s", want, body)
		}
	}
	_, body, err = m.Help(templates.Help{})
	if err != nil || !strings.Contains(body, "run a    run your runner a forward by the roll") {
		t.Errorf("help: %v\n%s", err, body)
	}
}
