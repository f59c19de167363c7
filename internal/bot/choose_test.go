package bot_test

import (
	"errors"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// TestChoose reads the position and the seat as a game's Typed says, and
// refuses another game's position and a seat the game does not have.
func TestChoose(t *testing.T) {
	typed := bot.Typed[*game.Game, game.Colour]{Name: "Seafarers", Of: game.Of, Seat: game.ParseColour,
		Phase: func(g *game.Game) string { return g.Phase().String() }}
	pos, err := game.Rules{}.New(engine.Setup{Seats: []string{"red", "blue", "white"}}, engine.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	first := func(g *game.Game, seat game.Colour, src engine.Source) (game.Action, error) {
		return g.Legal(seat, src)[0], nil
	}
	if a, err := bot.Choose(typed, pos, "red", engine.NewSeeded(2), first); err != nil || a.String() != pos.Legal("red", engine.NewSeeded(2))[0].String() {
		t.Errorf("Choose = %v, %v; want red's first legal action", a, err)
	}
	if a, err := bot.Choose(typed, nil, "red", nil, first); !errors.Is(err, bot.ErrOtherGame) || a != nil {
		t.Errorf("Choose(no position) = %v, %v; want bot.ErrOtherGame", a, err)
	}
	var na *bot.NoActionError
	if a, err := bot.Choose(typed, pos, "mauve", nil, first); !errors.As(err, &na) || na.Seat != "mauve" || a != nil {
		t.Errorf("Choose(seat mauve) = %v, %v; want a *bot.NoActionError", a, err)
	}
	wantErr := errors.New("stuck")
	fail := func(*game.Game, game.Colour, engine.Source) (game.Action, error) { return game.Action{}, wantErr }
	if a, err := bot.Choose(typed, pos, "red", nil, fail); err != wantErr || a != nil {
		t.Errorf("Choose with a failing chooser = %v, %v; want its error and no action", a, err)
	}
}
