package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type movesOptions struct {
	File string
	JSON bool
	Out  io.Writer
	// Seat picks the seat from the replayed game.
	Seat   func(g *turnfile.Game) (string, error)
	Signer func(g *turnfile.Game, seat string) *turnfile.Signer
	Games  *games.Set
}

func newMovesCmd(app *App, runF func(*movesOptions) error) *cobra.Command {
	opts := &movesOptions{}
	var as string
	c := &cobra.Command{
		Use:   "moves FILE [--as COLOUR] [--json]",
		Short: "List the legal actions now for the seat that must act",
		Long: `moves lists every action the acting seat may take now, one per line in
the notation "elasund move" reads. Before the roll it lists "roll" and the
other actions, which roll implicitly. After a roll it shows the two church
tiles a first church build would draw.`,
		Example: `  elasund moves game.yaml
  elasund moves game.yaml --as blue --json`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			opts.Out = c.OutOrStdout()
			opts.Seat = func(g *turnfile.Game) (string, error) { return app.resolveSeat(c, g, as) }
			opts.Signer, opts.Games = app.quietSigner, app.games()
			if runF != nil {
				return runF(opts)
			}
			return runMoves(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "list the actions of this seat")
	c.Flags().BoolVar(&opts.JSON, "json", false, "print JSON: {\"seat\": ..., \"actions\": [...]}")
	return c
}

func runMoves(_ context.Context, opts *movesOptions) error {
	opts.Games = orAll(opts.Games)
	g, err := openGame(opts.Games, opts.File)
	if err != nil {
		return err
	}
	if rest := g.Unjoined(); len(rest) > 0 {
		return &turnfile.TurnError{Reason: fmt.Sprintf("the game has not started: waiting for %s to join", colours(rest))}
	}
	seat, err := opts.Seat(g)
	if err != nil {
		return err
	}
	legal := g.Legal(seat, opts.Signer(g, seat))
	list := make([]string, len(legal))
	r := opts.Games.For(g.Rules()).Renderer
	for i, a := range legal {
		list[i] = r.Action(g.Position(), a.String())
	}
	if opts.JSON {
		b, err := json.MarshalIndent(struct {
			Seat    string   `json:"seat"`
			Actions []string `json:"actions"`
		}{seat, list}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	for _, a := range list {
		fmt.Fprintln(opts.Out, a)
	}
	return nil
}
