package cmd

import (
	"slices"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/turnfile"
)

// mySeats lists the seats of g whose chain secrets are in the key
// directory: none in a sandbox game, or without a key store.
func (app *App) mySeats(g *turnfile.Game) []string {
	if g.File().Header.Sandbox {
		return nil
	}
	ks, err := app.openKeys()
	if err != nil {
		return nil
	}
	return ks.Seats(g)
}

// listingSeat picks the seat whose actions "elasund moves" lists, and
// the seat a bot plays in a sandbox game, when --as is not given: yours if
// it can act now, else the active player if the game waits for it, else
// the first seat the game waits for, in seat order (docs/cli.md "Which
// seat"). Unlike a move, a listing never asks which seat.
func (app *App) listingSeat(c *cobra.Command, g *turnfile.Game, as string) (string, error) {
	if as != "" {
		return app.resolveSeat(c, g, as)
	}
	p := g.Position()
	if p.Over() {
		return "", &turnfile.TurnError{Reason: status(g)}
	}
	acting := g.Acting()
	for _, s := range app.mySeats(g) {
		if slices.Contains(acting, s) {
			return s, nil
		}
	}
	awaited := p.Awaited()
	if slices.Contains(awaited, p.Current()) {
		return p.Current(), nil
	}
	if len(awaited) > 0 {
		return awaited[0], nil
	}
	return app.resolveSeat(c, g, as)
}
