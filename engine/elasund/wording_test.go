package elasund

import (
	"errors"
	"testing"
)

// TestHandedOverSaysWhy: a move whose earlier action hands the game to
// another seat's decision is refused at the next action with what the
// game waits for and where the move had to end (R105; issue 20 item 11).
func TestHandedOverSaysWhy(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "remove E5; remove B8; place cottage E5 blue; permit red 1 E4; permit red 0 D5; "+
		"permit red 2 B3; permit green 0 G3; gold red 3")
	exPhase(t, g, Red, PhaseBuild)
	exApply(t, g, Red, "build tavern D4", newExRand(t))
	exApply(t, g, Red, "rebuild hut none", newExRand(t))
	_, err := g.Apply(Red, exMove(t, "end"), newExRand(t))
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != "R105" {
		t.Fatalf("red's end while blue decides: %v, want an R105 refusal", err)
	}
	want := "the game is waiting for blue, not red: blue's cottage on E5 was displaced, and blue decides whether to rebuild it"
	if re.Reason != want {
		t.Errorf("R105 refusal says %q, want %q", re.Reason, want)
	}

	g = newTestGame(t, 4, nil)
	mustEdit(t, g, "remove E5; remove B8; place cottage E5 blue; permit red 1 E4; permit red 0 D5; "+
		"permit red 2 B3; permit green 0 G3; gold red 3; remove D4; place hut A2 red")
	exPhase(t, g, Red, PhaseBuild)
	_, err = g.Apply(Red, exMove(t, "build tavern D4; end"), newExRand(t))
	if !errors.As(err, &re) || re.Rule != "R105" {
		t.Fatalf("red's \"build tavern D4; end\": %v, want an R105 refusal", err)
	}
	want = "the game is waiting for blue, not red: blue's cottage on E5 was displaced, and blue decides whether to rebuild it; end your move after \"build tavern D4\""
	if re.Reason != want {
		t.Errorf("R105 refusal of a move says %q, want %q", re.Reason, want)
	}
}
