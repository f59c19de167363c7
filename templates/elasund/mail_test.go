package elasund

import (
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

// mailGolden checks a rendered mail against testdata/mail-NAME.golden.
func mailGolden(t *testing.T, name, subject, body string, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(subject, "\r\n") {
		t.Errorf("subject %q spans lines", subject)
	}
	golden(t, "mail-"+name+".golden", []byte("Subject: "+subject+"\n\n"+body))
}

func TestRenderTurn(t *testing.T) {
	cfg, st := fourPlayers(t)
	legal := []string{
		"build tavern C2", "build tavern C9", "build tavern D9 over green",
		"build workshop B10", "build workshop E11", "wall N:E", "wall E:4",
		"church", "permit 0 A8", "permit 1 A8", "permit 3 A8", "permit 0 B8 pay blue",
		"gold", "end",
	}
	for _, tc := range []struct {
		name string
		m    templates.TurnMail
	}{
		{"turn-yours", templates.TurnMail{Game: "3f9c2a7d5e1b4c08", To: "red", Mover: "red",
			Move:     []string{"roll", "build stall F10"},
			Events:   []string{"roll 3+5: ship to 8", "red +1 gold (cottage E8)", "red builds stall F10"},
			Position: wrap(cfg, st), Legal: legal}},
		{"turn-theirs", templates.TurnMail{Game: "3f9c2a7d5e1b4c08", To: "green", Mover: "red",
			Move:     []string{"roll", "build stall F10"},
			Events:   []string{"roll 3+5: ship to 8", "red builds stall F10"},
			Position: wrap(cfg, st)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, b, err := mailer(t).Turn(tc.m)
			mailGolden(t, tc.name, s, b, err)
		})
	}
	t.Run("turn-over", func(t *testing.T) {
		cfg, st := twoPlayersOver(t)
		s, b, err := mailer(t).Turn(templates.TurnMail{Game: "g2", To: "red", Mover: "blue",
			Move: []string{"build hall A2"}, Events: []string{"blue builds hall A2", "blue wins"},
			Position: wrap(cfg, st)})
		mailGolden(t, "turn-over", s, b, err)
		if !strings.Contains(s, "blue wins") {
			t.Errorf("subject %q does not name the winner", s)
		}
	})
	t.Run("turn-start", func(t *testing.T) {
		cfg := config(t, game.EditionEN, game.Red, game.Blue)
		g, err := game.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, b, err := mailer(t).Turn(templates.TurnMail{Game: "g1", To: "red", Position: wrap(cfg, g.State()),
			Legal: []string{"roll"}})
		mailGolden(t, "turn-start", s, b, err)
	})
	if _, _, err := mailer(t).Turn(templates.TurnMail{}); err == nil {
		t.Errorf("RenderTurn without a state = nil error, want one")
	}
}

func TestRenderRejection(t *testing.T) {
	s, b, err := mailer(t).Rejection(templates.Rejection{
		Game: "3f9c2a7d5e1b4c08", To: "red",
		Subject: "Re: [elasund 3f9c2a7d5e1b4c08] turn 23\r\nBcc: evil@example.org",
		Problems: []templates.Problem{
			{Line: 2, Text: "build tavern D4", Reason: "the footprint covers red's hut on D4, a smaller building", Rule: "R52"},
			{Line: 3, Text: "perm1t 2 F9\r", Reason: `"perm1t" is not an action`},
			{Reason: "the mail has no token line"},
		},
		Legal: []string{"build tavern C2", "build tavern C9", "gold", "end"},
	})
	mailGolden(t, "rejection", s, b, err)
	if strings.Contains(b, "\r") {
		t.Errorf("body keeps a carriage return")
	}
	s, b, err = mailer(t).Rejection(templates.Rejection{Problems: []templates.Problem{{Reason: "the mail names no game"}}})
	mailGolden(t, "rejection-nogame", s, b, err)
}

func TestRenderInvitation(t *testing.T) {
	s, b, err := mailer(t).Invitation(templates.Invitation{
		Game: "3f9c2a7d5e1b4c08", Seat: "blue", Name: "Bob",
		Token: "k7Qm-2xVb-99aa", Address: "elasund@example.org",
		Seats:    []templates.Seat{{Colour: "red", Name: "Alice"}, {Colour: "blue", Name: "Bob"}, {Colour: "green", Name: "Carol"}},
		Position: newPos(t, config(t, game.EditionFR, game.Red, game.Blue, game.Green)), Turn: 1,
	})
	mailGolden(t, "invitation", s, b, err)
}

func TestRenderHelp(t *testing.T) {
	s, b, err := mailer(t).Help(templates.Help{Address: "elasund@example.org"})
	mailGolden(t, "help", s, b, err)
	for _, want := range []string{"help", "status GAME", "resend GAME", "build BUILDING SQUARE", "orders discard"} {
		if !strings.Contains(b, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	for i, line := range strings.Split(b, "\n") {
		if len(line) > 78 {
			t.Errorf("help line %d is %d columns wide", i+1, len(line))
		}
	}
}

func TestRenderDecision(t *testing.T) {
	cfg, st := threePlayersRaid(t)
	for _, tc := range []struct {
		name  string
		to    game.Colour
		p     game.Pending
		legal []string
	}{
		{"decision-discard", game.Blue, st.Pending[1], []string{"discard gold gold", "discard gold blue", "discard blue green"}},
		{"decision-rebuild", game.Yellow, st.Pending[0], []string{"rebuild hut C3", "rebuild hut C9", "rebuild hut none"}},
		{"decision-take", game.Green, game.Pending{Seat: game.Green, Kind: game.PendingTake, Count: 1}, []string{"take gold"}},
		{"decision-shortage", game.Blue, game.Pending{Seat: game.Blue, Kind: game.PendingDiscard, Count: 1, Cards: "influence"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, b, err := mailer(t).Decision(templates.DecisionRequest{Game: "9d1e", To: tc.to.String(),
				Owed: engine.Owed{Seat: tc.p.Seat.String(), Kind: tc.p.Kind, Detail: tc.p}, Position: wrap(cfg, st), Legal: tc.legal})
			mailGolden(t, tc.name, s, b, err)
		})
	}
}

func TestLegalLines(t *testing.T) {
	got := templates.GroupLines(Renderer{}, []string{"roll", "build tavern A2", "build tavern B2 over blue", "wall N:C", "wall E:3", "end"}, 76)
	want := []string{"  roll", "  build tavern: A2, B2 over blue", "  wall: N:C, E:3", "  end"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("GroupLines = %q, want %q", got, want)
	}
	var many []string
	for c := 'A'; c <= 'I'; c++ {
		for _, r := range []string{"2", "3", "4", "5", "6", "8", "9", "10", "11", "12"} {
			many = append(many, "build well "+string(c)+r)
		}
	}
	for _, l := range templates.GroupLines(Renderer{}, many, 76) {
		if len(l) > 76 {
			t.Errorf("GroupLines gives a %d-column line %q", len(l), l)
		}
	}
}

// mailer is the Elasund mailer.
func mailer(t testing.TB) *templates.Mailer {
	t.Helper()
	m, err := templates.NewMailer(Renderer{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
