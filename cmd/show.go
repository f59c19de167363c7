package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

type showOptions struct {
	File string
	// With are other copies of the game to combine with the file before
	// showing it (elasund merge, without writing); Witness is the
	// player's record of the game: a stale or losing copy is refused
	// (exit 4) as move refuses it; nil checks nothing.
	With    []string
	Witness witness
	Keys    func() (*turnfile.KeyStore, error)
	Now     time.Time
	As      string
	JSON    bool
	Out     io.Writer
	Colour  bool
	Games   *games.Set
	// Signer returns the signer of a seat, or nil when it has none.
	Signer func(g *turnfile.Game, seat string) *turnfile.Signer
	// Mine lists the seats of a game whose secrets are in the key
	// directory; show adds "your options" for the one seat it gives when
	// there is no --as. Nil means none.
	Mine func(g *turnfile.Game) []string
	// Cache returns the player's cache of verified positions; nil (or a
	// nil cache) reads and replays the whole file.
	Cache func() *turnfile.Cache
}

func newShowCmd(app *App, runF func(*showOptions) error) *cobra.Command {
	opts := &showOptions{}
	var as string
	c := &cobra.Command{
		Use:   "show FILE [--as COLOUR] [--json]",
		Short: "Show the board, every player's holdings, whose turn and what is awaited",
		Long: `show prints the position of a game: the board (Elasund's city with the
ship and the trade track; Catan: Seafarers' map with the robber, the pirate
and the harbours), every seat's holdings, whose turn it is and what the game
waits for, and a legend of the board's letters. It adds "your options", the
legal actions of your seat (the one whose key is in your key directory) or of
the seat --as names, grouped as "elasund moves" groups them; with --json it
prints the state as JSON (the field names of the turn file's state).

Places: an Elasund square is a column and a row (F4). In Catan: Seafarers a
hex is a row and a column (D7), a corner a hex and a direction (H5.n; n ne
se s sw nw), an edge the two hexes it lies between (G6-H5); a harbour shown
as ?:? is not dealt yet.`,
		Example: `  elasund show game.yaml
  elasund show game.yaml --as red
  elasund show game.yaml --json | jq .players.red.gold
  elasund show isles.yaml --as white          # a Catan: Seafarers game`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			var err error
			if opts.As, err = seatFlag(c, app.games(), as); err != nil {
				return err
			}
			opts.Out, opts.Games = c.OutOrStdout(), app.games()
			opts.Colour = app.colour(opts.Out)
			opts.Signer, opts.Cache, opts.Mine = app.quietSigner, app.positions, app.mySeats
			opts.Witness, opts.Keys, opts.Now = app.witness(), app.openKeys, app.now()
			if runF != nil {
				return runF(opts)
			}
			return runShow(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "add this seat's options")
	c.Flags().BoolVar(&opts.JSON, "json", false, "print the state as JSON")
	c.Flags().StringArrayVar(&opts.With, "with", nil, "show the file combined with this copy of the game, as elasund merge would (repeatable; nothing is written)")
	return c
}

// quietSigner returns seat's signer when the key directory has it.
func (app *App) quietSigner(g *turnfile.Game, seat string) *turnfile.Signer {
	s, err := app.signerFor(g, seat)
	if err != nil {
		return nil
	}
	return s
}

func runShow(_ context.Context, opts *showOptions) error {
	opts.Games = orAll(opts.Games)
	g, err := openCached(opts.Games, opts.File, cacheOf(opts.Cache))
	if err == nil {
		msgs := io.Discard
		if !opts.JSON {
			msgs = opts.Out
		}
		var overtaken []string
		g, overtaken, err = withCopies(g, opts.File, opts.With, opts.Games, opts.Keys, opts.Witness, opts.Now, msgs)
		if len(overtaken) > 0 {
			// show writes nothing: merge writes the copy they need.
			fmt.Fprintf(msgs, "the race left out entries of %s: elasund merge %s COPY... writes the copy they go on from\n", seatNames(g, overtaken), opts.File)
		}
	}
	if err != nil {
		if opts.JSON {
			printJSON(opts.Out, struct {
				OK    bool   `json:"ok"`
				File  string `json:"file"`
				Error string `json:"error"`
			}{false, opts.File, err.Error()})
		}
		return err
	}
	f := g.File()
	if opts.As != "" {
		if opts.As, err = parseSeat(f.Game(), opts.As); err != nil {
			return err
		}
	}
	if opts.JSON {
		b, err := json.MarshalIndent(f.State, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	h := &f.Header
	pos := g.Position()
	kind := "game"
	if h.Sandbox {
		kind = "sandbox game"
	}
	fmt.Fprintf(opts.Out, "%s %s, %s, %s\n", kind, h.Game, rulesWords(f, opts.Games), counted(len(f.History), "entry", "entries"))
	for _, s := range h.Seats {
		who := s.Name
		if s.Email != "" {
			who += " <" + s.Email + ">"
		}
		joined := ""
		if !h.Sandbox && s.Key == "" {
			joined = "  (not joined)"
		}
		fmt.Fprintf(opts.Out, "  %-6s %s%s\n", paint(opts.Colour, s.Colour), who, joined)
	}
	if len(h.Options) > 0 {
		fmt.Fprint(opts.Out, "options:")
		for _, kv := range sortedOptions(f) {
			fmt.Fprintf(opts.Out, " %s=%s", kv[0], kv[1])
		}
		fmt.Fprintln(opts.Out)
	}
	var unjoined []string
	for _, s := range h.Seats {
		if !h.Sandbox && s.Key == "" {
			unjoined = append(unjoined, s.Colour)
		}
	}
	if len(unjoined) > 0 {
		fmt.Fprintf(opts.Out, "the game has not started: waiting for %s to join\n", colours(unjoined))
	}
	fmt.Fprintln(opts.Out)
	r := opts.Games.For(f.Game()).Renderer
	fmt.Fprint(opts.Out, r.Text(pos, templates.View{}))
	if opts.As == "" && opts.Mine != nil {
		if mine := opts.Mine(g); len(mine) == 1 {
			opts.As = mine[0]
		}
	}
	if opts.As == "" {
		return nil
	}
	if h.SeatOf(opts.As) == nil {
		return &usageError{err: fmt.Errorf("--as %s: this game has no %s seat", opts.As, opts.As)}
	}
	fmt.Fprintf(opts.Out, "\nyour options (%s):\n", opts.As)
	legal := g.Legal(opts.As, opts.Signer(g, opts.As))
	if len(legal) == 0 {
		fmt.Fprintln(opts.Out, "  none now: the game is not waiting for you")
	}
	list := make([]string, len(legal))
	for i, a := range legal {
		list[i] = r.Action(g.Position(), a.String())
	}
	for _, l := range templates.ListActions(r, g.Position(), list, 74, movesLines) {
		fmt.Fprintf(opts.Out, "  %s\n", l)
	}
	return nil
}

// rulesWords names the rules of a file's game: its set-up choices
// ("edition en"), after the game's name unless it is the default game of
// set ("seafarers, scenario new-shores").
func rulesWords(f *turnfile.File, set *games.Set) string {
	words := choiceWords(f.Game(), &f.Header)
	if len(words) == 0 || set.Registry().Default().Name() != f.Game().Name() {
		words = append([]string{f.Game().Name()}, words...)
	}
	return strings.Join(words, ", ")
}

// paint colours a seat name for a terminal.
func paint(on bool, c string) string {
	code, ok := seatInk[c]
	if !on || !ok {
		return c
	}
	return "\x1b[1;" + code + "m" + c + "\x1b[0m"
}

// seatInk is the terminal colour of each seat colour of every game.
var seatInk = map[string]string{"red": "31", "blue": "34", "green": "32", "yellow": "33", "white": "37", "orange": "38;5;208"}

// sortedOptions lists the options a file's header gives, in the game's
// order.
func sortedOptions(f *turnfile.File) [][2]string {
	var out [][2]string
	all, err := f.Game().Options(f.Header.Setup())
	if err != nil {
		return out
	}
	for _, o := range all {
		if v, ok := f.Header.Options[o.Name]; ok {
			out = append(out, [2]string{o.Name, v})
		}
	}
	return out
}
