package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

type movesOptions struct {
	File string
	// Witness is the player's record of the game: a stale or losing copy
	// is refused (exit 4) as move refuses it; nil checks nothing.
	Witness witness
	JSON    bool
	// All lists one action per line instead of grouping them.
	All bool
	Out io.Writer
	// Seat picks the seat from the replayed game.
	Seat   func(g *turnfile.Game) (string, error)
	Signer func(g *turnfile.Game, seat string) *turnfile.Signer
	Games  *games.Set
	// Cache returns the player's cache of verified positions; nil (or a
	// nil cache) reads and replays the whole file.
	Cache func() *turnfile.Cache
}

func newMovesCmd(app *App, runF func(*movesOptions) error) *cobra.Command {
	opts := &movesOptions{}
	var as string
	c := &cobra.Command{
		Use:   "moves FILE [--as COLOUR] [--all] [--json]",
		Short: "List the legal actions now for the seat that must act",
		Long: `moves lists what one seat may do now, named in the first line
("# moves for red"): the seat given with --as, else yours (the seat whose key
is in your key directory) if it can act, else the active player if the game
waits for it, else the first seat the game waits for. The actions are
grouped by kind: "permit 2: F4 F5 F6, G5" in Elasund, "build road: C4-D5,
D5-E4" in Catan: Seafarers. --all lists one action per line in the
notation "elasund move" reads, --json all of them as JSON. Before the roll
it lists "roll", then what the seat's own roll allows (the roll is fixed by
its chain; those actions roll first). A seat that cannot act now is told
whose move it is.

Many squares are written in a few words: "A2–C4" is every square of
columns A to C in rows 2 to 4, "A2–I12 but C4 D4" all of them but two; the
squares that allow the same variants share a line ("permit 0 (pay blue or
green): …"). In the Seafarers set-up each corner is a line with the hexes it
touches, their numbers and pips (how many of the 36 rolls make them), and
its harbour.

Places: an Elasund square is a column and a row (F4). In Catan: Seafarers
a hex is a row and a column (D7), a corner a hex and a direction (H5.n; n ne
se s sw nw), an edge the two hexes it lies between (G6-H5). docs/cli.md
has them all.`,
		Example: `  elasund moves game.yaml
  elasund moves game.yaml --all
  elasund moves game.yaml --as blue --json
  elasund moves isles.yaml --as white      # a Catan: Seafarers game`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			opts.Out = c.OutOrStdout()
			opts.Seat = func(g *turnfile.Game) (string, error) { return app.listingSeat(c, g, as) }
			opts.Signer, opts.Games, opts.Cache = app.quietSigner, app.games(), app.positions
			opts.Witness = app.witness()
			if runF != nil {
				return runF(opts)
			}
			return runMoves(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "list the actions of this seat")
	c.Flags().BoolVar(&opts.JSON, "json", false, "print JSON: {\"seat\": ..., \"actions\": [...]} (every action)")
	c.Flags().BoolVar(&opts.All, "all", false, "one action per line instead of grouped")
	return c
}

// movesLines is how many lines the grouped list of "elasund moves" may
// take before its variants are merged, so that with its heading it fits
// a screen of 40 lines.
const movesLines = 38

func runMoves(_ context.Context, opts *movesOptions) error {
	opts.Games = orAll(opts.Games)
	g, err := openChecked(opts.Games, opts.File, cacheOf(opts.Cache), opts.Witness)
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
	p := g.Position()
	for i, a := range legal {
		list[i] = r.Action(p, a.String())
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
	fmt.Fprintf(opts.Out, "# moves for %s\n", seat)
	switch {
	case p.Over():
		fmt.Fprintf(opts.Out, "# %s\n", status(g))
	case !slices.Contains(p.Awaited(), seat):
		fmt.Fprintf(opts.Out, "# %s cannot act now: it is %s's turn (%s phase) and the game waits for %s\n", seat, p.Current(), p.Phase(), colours(p.Awaited()))
		if len(list) > 0 {
			fmt.Fprintln(opts.Out, "# any time:")
		}
	case p.BeginsTurn(seat) && len(list) > 1:
		fmt.Fprintf(opts.Out, "# before the roll: after \"roll\", what %s's own roll allows (each rolls first)\n", seat)
	}
	if opts.All {
		for _, a := range list {
			fmt.Fprintln(opts.Out, a)
		}
		return nil
	}
	for _, l := range templates.ListActions(r, p, list, 76, movesLines) {
		fmt.Fprintln(opts.Out, l)
	}
	return nil
}
