package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type editOptions struct {
	File  string
	Edits string
	Now   time.Time
	Out   io.Writer
	Usage func(format string, args ...any) error
	Games *games.Set
}

func newEditCmd(app *App, runF func(*editOptions) error) *cobra.Command {
	opts := &editOptions{}
	c := &cobra.Command{
		Use:   "edit FILE ACTIONS...",
		Short: "Set up a position in a sandbox game",
		Long: `edit changes the position of a sandbox game: edits separated by ";".
Elasund's edits are gold, influence, place, remove, permit, church, wall,
trade, ship and turn; Catan: Seafarers' are hand, card, place, remove,
robber, pirate, chits, force, turn and the scenarios' own (each game's
whole list: elasund rules edits, elasund rules --game seafarers edits). It is
not play: it draws no cards, pays nothing and displaces nothing. The result
must be a consistent position, else nothing changes and the command exits 4
naming the problem. The edits are recorded in the history, so the game
still replays.`,
		Example: `  # Elasund
  elasund edit practice.yaml "gold red 7; influence red blue 3"
  elasund edit practice.yaml "place tavern D5 red; permit blue 2 B10; ship 8; turn blue"
  # Catan: Seafarers
  elasund edit isles.yaml "hand red 2 brick, 1 lumber; card red knight"
  elasund edit isles.yaml "place settlement D7.n blue; robber E6; turn blue build"`,
		Args: minArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			opts.Edits = strings.Join(args[1:], " ")
			opts.Now, opts.Out, opts.Games = app.now(), c.OutOrStdout(), app.games()
			opts.Usage = func(format string, args ...any) error { return usagef(c, format, args...) }
			if runF != nil {
				return runF(opts)
			}
			return runEdit(c.Context(), opts)
		},
	}
	return c
}

func runEdit(_ context.Context, opts *editOptions) error {
	opts.Games = orAll(opts.Games)
	unlock, err := lockGame(opts.File)
	if err != nil {
		return err
	}
	defer unlock()
	f, err := readFile(opts.Games, opts.File)
	if err != nil {
		return err
	}
	if !f.Header.Sandbox {
		return opts.Usage("edit is for sandbox games only; a signed game changes only by moves")
	}
	edits, err := f.Game().ParseEdits(opts.Edits)
	if err != nil {
		return opts.Usage("%v", err)
	}
	g, err := turnfile.Open(f)
	if err != nil {
		return fmt.Errorf("%s: %w", opts.File, err)
	}
	e, err := g.Edit(edits, opts.Now)
	if err != nil {
		return err
	}
	if err := writeGame(opts.File, g.File()); err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "wrote %s: entry %d, edit: %s; %s\n", opts.File, e.N, strings.Join(e.Actions, "; "), status(g))
	return nil
}
