package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
)

type movesOptions struct {
	File string
	JSON bool
	Out  io.Writer
	// Seat picks the seat from the replayed game.
	Seat   func(g *turnfile.Game) (engine.Colour, error)
	Signer func(g *turnfile.Game, seat engine.Colour) *turnfile.Signer
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
			opts.Seat = func(g *turnfile.Game) (engine.Colour, error) { return app.resolveSeat(c, g, as) }
			opts.Signer = app.quietSigner
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
	g, err := openGame(opts.File)
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
	for i, a := range legal {
		list[i] = g.Config().FormatAction(a)
	}
	if opts.JSON {
		b, err := json.MarshalIndent(struct {
			Seat    engine.Colour `json:"seat"`
			Actions []string      `json:"actions"`
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
