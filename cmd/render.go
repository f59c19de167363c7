package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

type renderOptions struct {
	File string
	// SVG is the picture's file; empty writes the picture to Out.
	SVG   string
	Out   io.Writer
	Games *games.Set
}

func newRenderCmd(app *App, runF func(*renderOptions) error) *cobra.Command {
	opts := &renderOptions{}
	c := &cobra.Command{
		Use:   "render FILE [--svg OUT]",
		Short: "Draw the board as an SVG picture",
		Long: `render draws the position of a game as a standalone SVG picture: the
board with the sea and the ship, walls and gates, every building, permit
and church tile, the trade track, and a panel with each seat's holdings and
whose turn it is. The picture goes to standard output, or to the file
--svg names. Like "elasund show", it checks the whole file first and
draws nothing from a file that does not verify.`,
		Example: `  elasund render game.yaml --svg board.svg
  elasund render game.yaml | rsvg-convert -w 1200 -o board.png`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File, opts.Out, opts.Games = args[0], c.OutOrStdout(), app.games()
			if c.Flags().Changed("svg") && opts.SVG == "" {
				return usagef(c, "--svg: want a file name")
			}
			if runF != nil {
				return runF(opts)
			}
			return runRender(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.SVG, "svg", "", "write the picture to this file instead of standard output")
	return c
}

func runRender(_ context.Context, opts *renderOptions) error {
	opts.Games = orAll(opts.Games)
	g, err := openGame(opts.Games, opts.File)
	if err != nil {
		return err
	}
	doc, err := opts.Games.For(g.Rules()).Renderer.SVG(g.Position(), templates.View{})
	if err != nil {
		return fmt.Errorf("drawing %s: %w", opts.File, err)
	}
	if opts.SVG == "" {
		_, err := opts.Out.Write(doc)
		return err
	}
	if err := turnfile.WriteAtomic(opts.SVG, doc, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", opts.SVG, err)
	}
	fmt.Fprintf(opts.Out, "wrote %s: the board of %s (%d bytes)\n", opts.SVG, opts.File, len(doc))
	return nil
}
