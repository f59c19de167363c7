package seafarers

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// mailer is the Seafarers mailer.
func mailer(t testing.TB) *templates.Mailer {
	t.Helper()
	m, err := templates.NewMailer(Renderer{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mailGolden checks a rendered mail against testdata/mail-NAME.golden.
func mailGolden(t *testing.T, name, subject, body string, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(subject, "\r\n") {
		t.Errorf("subject %q spans lines", subject)
	}
	for i, l := range strings.Split(body, "\n") {
		if len([]rune(l)) > textWidth {
			t.Errorf("%s: line %d is %d columns wide: %q", name, i+1, len([]rune(l)), l)
		}
	}
	golden(t, "mail-"+name+".golden", []byte("Subject: "+subject+"\n\n"+body))
}

// legal lists a seat's legal actions as text.
func legal(p engine.Position, seat string) []string {
	var out []string
	for _, a := range p.Legal(seat, nil) {
		out = append(out, a.String())
	}
	return out
}

func TestRenderTurn(t *testing.T) {
	t.Run("turn-yours", func(t *testing.T) {
		p := fourIslandsBoard(t)
		src := forcedDice(1, 2, 3)
		events := play(t, p, src, "red: roll")
		s, b, err := mailer(t).Turn(templates.TurnMail{Game: "5e2a9c", To: "red", Mover: "red", Move: []string{"roll"},
			Events: events, Position: p, Hidden: true, Legal: legal(p, "red")})
		mailGolden(t, "turn-yours", s, b, err)
	})
	t.Run("turn-offer", func(t *testing.T) {
		p := fourIslands(t)
		s, b, err := mailer(t).Turn(templates.TurnMail{Game: "5e2a9c", To: "blue", Mover: "red",
			Move: []string{"offer 1 grain for 1 wool to blue, white"}, Position: p, Hidden: true, Legal: legal(p, "blue")})
		mailGolden(t, "turn-offer", s, b, err)
		if !strings.Contains(s, "your decision") {
			t.Errorf("subject %q does not ask blue for its decision", s)
		}
	})
	t.Run("turn-start", func(t *testing.T) {
		p := newGame(t, "new-shores", "red", "blue", "white", "orange")
		s, b, err := mailer(t).Turn(templates.TurnMail{Game: "g1", To: "red", Position: p, Legal: legal(p, "red")})
		mailGolden(t, "turn-start", s, b, err)
	})
	t.Run("turn-over", func(t *testing.T) {
		p := baseOver(t)
		s, b, err := mailer(t).Turn(templates.TurnMail{Game: "g2", To: "blue", Mover: "red",
			Move: []string{"build city C6.n"}, Events: []string{"red builds a city on C6.n", "red wins"}, Position: p})
		mailGolden(t, "turn-over", s, b, err)
		if !strings.Contains(s, "red wins") {
			t.Errorf("subject %q does not name the winner", s)
		}
	})
}

func TestRenderDecision(t *testing.T) {
	for _, tc := range []struct {
		name string
		pos  func(testing.TB) engine.Position
		to   string
		kind string
	}{
		{"decision-discard", fourIslandsSeven, "blue", "discard"},
		{"decision-gold", newShoresGold, "red", "gold"},
		{"decision-answer", fourIslands, "blue", "answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pos(t)
			var owed *engine.Owed
			for _, d := range p.Owed() {
				if d.Seat == tc.to && d.Kind == tc.kind {
					owed = &d
				}
			}
			if owed == nil {
				if tc.kind != "answer" {
					t.Fatalf("%s owes no %s: %v", tc.to, tc.kind, p.Owed())
				}
				owed = &engine.Owed{Seat: tc.to, Kind: tc.kind}
			}
			s, b, err := mailer(t).Decision(templates.DecisionRequest{Game: "5e2a9c", To: tc.to, Owed: *owed,
				Position: p, Hidden: true, Legal: legal(p, tc.to)})
			mailGolden(t, tc.name, s, b, err)
		})
	}
}

func TestRenderInvitation(t *testing.T) {
	p := newGame(t, "four-islands", "red", "blue", "white", "orange")
	s, b, err := mailer(t).Invitation(templates.Invitation{
		Game: "5e2a9c", Seat: "blue", Name: "Bob", Token: "k7Qm-2xVb-99aa", Address: "elasund@example.org",
		Seats: []templates.Seat{{Colour: "red", Name: "Alice"}, {Colour: "blue", Name: "Bob"},
			{Colour: "white", Name: "Carol"}, {Colour: "orange", Name: "Dan"}},
		Position: p,
	})
	mailGolden(t, "invitation", s, b, err)
	for _, want := range []string{"2. The Four Islands (four-islands)", "12 victory points", "harbours: shuffled",
		"place settlement D7.n road C8-D7"} {
		if !strings.Contains(b, want) {
			t.Errorf("the invitation lacks %q", want)
		}
	}
}

func TestRenderHelp(t *testing.T) {
	s, b, err := mailer(t).Help(templates.Help{Address: "elasund@example.org"})
	mailGolden(t, "help", s, b, err)
	for _, want := range []string{"place settlement CORNER road EDGE", "move ship EDGE EDGE", "orders gold", "Catan: Seafarers"} {
		if !strings.Contains(b, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// TestExamples checks that each scenario's example move is a legal first
// placement at its start (new-world's board is random: its example only
// has to parse).
func TestExamples(t *testing.T) {
	for _, sc := range scenarioNames {
		t.Run(sc, func(t *testing.T) {
			p := newGame(t, sc, "red", "blue", "white", "orange")
			ex := exampleMove(templates.Invitation{Position: p})
			m, err := game.Rules{}.ParseMove(ex)
			if err != nil {
				t.Fatalf("example %q: %v", ex, err)
			}
			if sc == "new-world" {
				return
			}
			if _, err := p.Clone().Apply("red", m, nil); err != nil {
				t.Errorf("example %q is not legal at the start: %v", ex, err)
			}
		})
	}
	if got := exampleMove(templates.Help{}); got != examples[board.NewShores] {
		t.Errorf("the help mail's example is %q, want new-shores' %q", got, examples[board.NewShores])
	}
}

func TestGroup(t *testing.T) {
	for _, tc := range []struct{ action, key, rest string }{
		{"build road C6-D7", "build road", "C6-D7"},
		{"build settlement D7.n", "build settlement", "D7.n"},
		{"build wonder", "build wonder", ""},
		{"place settlement D7.n road C6-D7", "place settlement", "D7.n road C6-D7"},
		{"move ship B5-C6 B5-C4", "move ship B5-C6", "B5-C4"},
		{"trade 4 wool for 1 ore", "trade 4 wool for", "1 ore"},
		{"offer 1 brick, 1 lumber for 1 ore to blue, white", "offer 1 brick, 1 lumber for", "1 ore to blue white"},
		{"robber B5 steal orange", "robber", "B5 steal orange"},
		{"discard 1 lumber, 2 grain", "discard", "1 lumber 2 grain"},
		{"play year-of-plenty 1 wool, 1 ore", "play year-of-plenty", "1 wool 1 ore"},
		{"play knight", "play knight", ""},
		{"buy card", "buy card", ""},
		{"roll", "roll", ""},
		{"", "", ""},
	} {
		key, rest := Renderer{}.Group(tc.action)
		if key != tc.key || rest != tc.rest {
			t.Errorf("Group(%q) = %q, %q, want %q, %q", tc.action, key, rest, tc.key, tc.rest)
		}
		// The grouped form reads back as the same action.
		if tc.action != "" {
			if _, err := game.ParseMove(strings.TrimSpace(key + " " + rest)); err != nil {
				t.Errorf("Group(%q) gives %q %q, which does not parse: %v", tc.action, key, rest, err)
			}
		}
	}
	p := newGame(t, "new-shores", "red", "blue", "white", "orange")
	acts := legal(p, "red")
	lines := templates.ListActions(Renderer{}, p, acts, 76, 0)
	corners := map[string]bool{}
	for _, a := range acts {
		corners[strings.Fields(a)[2]] = true
	}
	// A line a corner (S20), after a heading of at most three lines.
	if len(lines) < len(corners) || len(lines) > len(corners)+3 {
		t.Errorf("the setup's %d corners list in %d lines", len(corners), len(lines))
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 76 {
			t.Errorf("ListActions gives a %d-column line %q", n, l)
		}
	}
	if !strings.HasPrefix(lines[0], "place settlement") {
		t.Errorf("first line %q", lines[0])
	}
}

func TestOwed(t *testing.T) {
	p := fourIslandsSeven(t)
	got := Renderer{}.Owed(p, engine.Owed{Seat: "blue", Kind: "discard"}, templates.View{Seat: "blue", Hidden: true})
	if got.Title != "discard 4 cards" || !strings.Contains(got.Detail, "You hold brick 0, lumber 2, wool 4") {
		t.Errorf("Owed(discard) = %+v", got)
	}
	hidden := Renderer{}.Owed(p, engine.Owed{Seat: "blue", Kind: "discard"}, templates.View{Seat: "red", Hidden: true})
	if strings.Contains(hidden.Detail, "You hold") {
		t.Errorf("Owed shows blue's hand to red: %+v", hidden)
	}
	offer := Renderer{}.Owed(fourIslands(t), engine.Owed{Seat: "blue", Kind: "answer"}, templates.View{})
	if offer.Title != "answer red's offer: 1 grain for 1 wool" {
		t.Errorf("Owed(answer).Title = %q", offer.Title)
	}
	gold := Renderer{}.Owed(newShoresGold(t), engine.Owed{Seat: "red", Kind: "gold"}, templates.View{})
	if gold.Title != "choose 1 gold resource" {
		t.Errorf("Owed(gold).Title = %q", gold.Title)
	}
}

func TestHand(t *testing.T) {
	p := fourIslands(t)
	if got, want := (Renderer{}).Hand(p, "blue", templates.View{Seat: "red", Hidden: true}), "7 resource cards, 2 development cards"; got != want {
		t.Errorf("Hand(blue) for red = %q, want %q", got, want)
	}
	if got := (Renderer{}).Hand(p, "blue", templates.View{Seat: "blue", Hidden: true}); !strings.Contains(got, "road-building, monopoly") {
		t.Errorf("Hand(blue) for blue = %q, want its cards", got)
	}
	if got := (Renderer{}).Hand(p, "mauve", templates.View{}); got != "no cards" {
		t.Errorf("Hand(mauve) = %q", got)
	}
}

func TestHowWonAndAction(t *testing.T) {
	if got := (Renderer{}).HowWon(baseOver(t), "red"); got != "with 10 victory points" {
		t.Errorf("HowWon = %q", got)
	}
	if got := (Renderer{}).Action(nil, "BUILD road d7-c8"); got != "build road C8-D7" {
		t.Errorf("Action = %q", got)
	}
	if got := (Renderer{}).Action(nil, "no such thing"); got != "no such thing" {
		t.Errorf("Action of junk = %q", got)
	}
}
