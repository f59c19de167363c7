package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type logOptions struct {
	File string
	// Witness is the player's record of the game: a stale or losing copy
	// is refused (exit 4) as move refuses it; nil checks nothing.
	Witness witness
	Out     io.Writer
	Games   *games.Set
	// Cache returns the player's cache of verified positions; nil (or a
	// nil cache) reads and replays the whole file.
	Cache func() *turnfile.Cache
}

func newLogCmd(app *App, runF func(*logOptions) error) *cobra.Command {
	opts := &logOptions{}
	c := &cobra.Command{
		Use:   "log FILE",
		Short: "Tell the history in words, turn by turn, with dice and events",
		Long: `log replays the game and tells its history turn by turn: who joined,
every move with its actions, and what followed (rolls and production in
both games; Elasund's pirate raids and influence draws, Seafarers' robber,
steals and development cards). The file is verified first.`,
		Example: `  elasund log game.yaml
  elasund log isles.yaml | less`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File, opts.Out, opts.Games, opts.Cache = args[0], c.OutOrStdout(), app.games(), app.positions
			opts.Witness = app.witness()
			if runF != nil {
				return runF(opts)
			}
			return runLog(c.Context(), opts)
		},
	}
	return c
}

func runLog(_ context.Context, opts *logOptions) error {
	opts.Games = orAll(opts.Games)
	g, err := openChecked(opts.Games, opts.File, cacheOf(opts.Cache), opts.Witness)
	if err != nil {
		return err
	}
	f := g.File()
	h := &f.Header
	w := opts.Out
	kind := "game"
	if h.Sandbox {
		kind = fmt.Sprintf("sandbox game (seed %d)", *h.Seed)
	}
	fmt.Fprintf(w, "%s %s, %s, created %s\n", kind, h.Game, rulesWords(f, opts.Games), h.Created)
	names := make([]string, len(h.Seats))
	for i, s := range h.Seats {
		names[i] = s.Colour + " " + s.Name
	}
	fmt.Fprintf(w, "seats in turn order: %s\n", strings.Join(names, ", "))
	r := opts.Games.For(g.Rules()).Renderer
	steps := g.Steps()
	for i := range f.History {
		e := &f.History[i]
		if i < len(steps) && steps[i].Begins {
			fmt.Fprintf(w, "\nturn %d: %s\n", steps[i].Turn, e.Seat)
		} else if i == 0 {
			fmt.Fprintln(w)
		}
		switch e.Kind {
		case turnfile.EntryJoin:
			fmt.Fprintf(w, "%3d  %s joins with key %s\n", e.N, e.Seat, e.Key)
		case turnfile.EntryEdit:
			fmt.Fprintf(w, "%3d  edit: %s\n", e.N, strings.Join(e.Actions, "; "))
		default:
			forced := ""
			if e.Dice != nil {
				forced = fmt.Sprintf("  (dice forced to %d+%d)", e.Dice[0], e.Dice[1])
			}
			fmt.Fprintf(w, "%3d  %s %s: %s%s\n", e.N, e.Seat, e.Kind, strings.Join(e.Actions, "; "), forced)
		}
		for _, ev := range e.Events {
			fmt.Fprintf(w, "       %s\n", r.Event(g.Position(), ev))
		}
	}
	if !g.Replayed() {
		fmt.Fprintf(w, "\nthe state was edited after this history: %s\n", g.Note())
	}
	fmt.Fprintf(w, "\nnow: %s\n", status(g))
	return nil
}
