package cmd

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type botOptions struct {
	File    string
	OutFile string
	Level   string
	// Seed is the bot's seed; nil derives one from the game id and the
	// number of entries, so that a rerun on the same file makes the same
	// move.
	Seed   *uint64
	Commit bool
	// Force lets --out replace an existing file.
	Force bool
	// With are other copies of the game to combine with the file first
	// (elasund merge); DryRun shows the move without signing or writing.
	With   []string
	DryRun bool
	Now    time.Time
	Out    io.Writer
	Seat   func(g *turnfile.Game) (string, error)
	Signer func(g *turnfile.Game, seat string) (*turnfile.Signer, error)
	Git    func(ctx context.Context, dir string, args ...string) error
	Games  *games.Set
	// Witness is the player's record of the game; nil checks nothing.
	Witness witness
	// Cache returns the player's cache of verified positions; nil (or a
	// nil cache) reads and replays the whole file.
	Cache func() *turnfile.Cache
	// Keys opens the player's key store, for --with; nil means none.
	Keys func() (*turnfile.KeyStore, error)
}

func newBotCmd(app *App, runF func(*botOptions) error) *cobra.Command {
	opts := &botOptions{}
	var as string
	var seed uint64
	levels := allLevels(app.games())
	c := &cobra.Command{
		Use:   "bot FILE [--as COLOUR] [--level heuristic|random|strong] [--seed S] [--out FILE2] [--commit]",
		Short: "Let a built-in bot make one move for a seat",
		Long: `bot lets a computer player move for a seat: it plays that seat's part of
the game now (its whole turn, or the decisions the game waits for from it)
and writes it as one signed entry, as "elasund move" would. In a peer game
the seat's key and chain secret must be in the key directory: the bot plays
for you, with your key. Without --as the bot plays your seat in a peer game,
and in a sandbox game the active player if the game waits for it, else the
first seat it waits for. Levels: ` + strings.Join(levels, ", ") + ` (the default
is heuristic). The bot's choices depend only on the position and --seed
(default: derived from the game and its number of entries).`,
		Example: `  elasund bot game.yaml --as blue
  elasund bot practice.yaml --level random --seed 7
  elasund bot game.yaml --as red --level strong --commit
  elasund bot isles.yaml --as white           # a Catan: Seafarers game`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			if !slices.Contains(levels, opts.Level) {
				return usagef(c, "--level: %v", &bot.LevelError{Level: opts.Level, Levels: levels})
			}
			if _, err := seatFlag(c, app.games(), as); err != nil {
				return err
			}
			if c.Flags().Changed("seed") {
				opts.Seed = &seed
			}
			opts.Now, opts.Out, opts.Games = app.now(), c.OutOrStdout(), app.games()
			opts.Seat = func(g *turnfile.Game) (string, error) {
				if g.File().Header.Sandbox {
					return app.listingSeat(c, g, as)
				}
				return app.resolveSeat(c, g, as)
			}
			opts.Signer, opts.Witness, opts.Cache = app.signerFor, app.witness(), app.positions
			opts.Git, opts.Keys = app.git, app.openKeys
			if runF != nil {
				return runF(opts)
			}
			return runBot(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "the seat the bot plays (default: yours, or the only one that can act)")
	c.Flags().StringVar(&opts.Level, "level", bot.LevelHeuristic, "how the bot plays: "+strings.Join(levels, " or "))
	_ = c.RegisterFlagCompletionFunc("level", cobra.FixedCompletions(levels, cobra.ShellCompDirectiveNoFileComp))
	c.Flags().Uint64Var(&seed, "seed", 0, "the bot's seed (default: from the game and its length)")
	c.Flags().StringVar(&opts.OutFile, "out", "", "write to this file instead of in place (never over an existing file without --force)")
	c.Flags().BoolVar(&opts.Force, "force", false, "let --out replace an existing file")
	c.Flags().BoolVar(&opts.Commit, "commit", false, "git commit the written file")
	c.Flags().StringArrayVar(&opts.With, "with", nil, "combine this copy of the game with the file first, as elasund merge does (repeatable)")
	c.Flags().BoolVar(&opts.DryRun, "dry-run", false, "show the bot's move without signing or writing anything")
	return c
}

func runBot(ctx context.Context, opts *botOptions) error {
	opts.Games = orAll(opts.Games)
	unlock, err := lockGame(opts.File)
	if err != nil {
		return err
	}
	defer unlock()
	g, err := openCached(opts.Games, opts.File, cacheOf(opts.Cache))
	if err != nil {
		return err
	}
	g, overtaken, err := withCopies(g, opts.File, opts.With, opts.Games, opts.Keys, opts.Witness, opts.Now, opts.Out)
	if err != nil {
		return err
	}
	if err := checkOut(opts.OutFile, opts.Force); err != nil {
		return err
	}
	seat, err := opts.Seat(g)
	if err != nil {
		return err
	}
	if err := mustAct(g, seat); err != nil {
		return err
	}
	signer, err := opts.Signer(g, seat)
	if err != nil {
		return err
	}
	seed := defaultBotSeed(g)
	if opts.Seed != nil {
		seed = *opts.Seed
	}
	player, err := opts.Games.For(g.Rules()).Bots.New(opts.Level, seed)
	if err != nil {
		return &usageError{err: fmt.Errorf("--level: %w", err)}
	}
	move, err := planMove(g, seat, signer, player)
	if err != nil {
		return err
	}
	wasParallel := parallelFor(g, seat)
	e, err := g.Move(seat, move, signer, opts.Now, turnfile.MoveOptions{DryRun: opts.DryRun})
	if err != nil {
		return signedElsewhere(opts.File, fmt.Errorf("the %s bot's move %q: %w", opts.Level, formatMove(move), err))
	}
	if opts.DryRun {
		return previewed(opts.Out, g, e, seat)
	}
	headline := fmt.Sprintf("%s (%s bot): %s", seat, opts.Level, strings.Join(e.Actions, "; "))
	return publish(ctx, publishing{WasParallel: wasParallel, Overtaken: overtaken, Out: opts.Out, Git: opts.Git, File: opts.File, OutFile: opts.OutFile, Commit: opts.Commit, Witness: opts.Witness, Games: opts.Games}, g, e, seat, headline)
}

// mustAct refuses a seat the game does not wait for.
func mustAct(g *turnfile.Game, seat string) error {
	if g.Position().Over() || len(g.Unjoined()) > 0 {
		return &turnfile.TurnError{Seat: seat, Reason: status(g)}
	}
	if acting := g.Acting(); !slices.Contains(acting, seat) {
		return &turnfile.TurnError{Seat: seat, Reason: fmt.Sprintf("the game is not waiting for %s but for %s", seat, colours(acting))}
	}
	return nil
}

// allLevels lists the bot levels of every game, in the order of the
// default game's levels first.
func allLevels(set *games.Set) []string {
	var out []string
	for _, k := range set.Kits() {
		for _, l := range k.Bots.Levels() {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out
}

// formatMove prints a move as one line, actions separated by "; ".
func formatMove(m []engine.Action) string {
	parts := make([]string, len(m))
	for i, a := range m {
		parts[i] = a.String()
	}
	return strings.Join(parts, "; ")
}

// defaultBotSeed derives a bot seed from the game id and the number of
// entries.
func defaultBotSeed(g *turnfile.Game) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", g.File().Header.Game, len(g.File().History))
	return h.Sum64()
}

// planMove asks player for seat's part of the game now (bot.Plan), with
// the random source the move will be applied with
// (turnfile.Game.Source). Sent as one move, the actions draw the same dice
// and cards as they did in the plan.
func planMove(g *turnfile.Game, seat string, s *turnfile.Signer, player bot.Player) ([]engine.Action, error) {
	if err := mustAct(g, seat); err != nil {
		return nil, err
	}
	src := g.Source(seat, s)
	if src == nil {
		return nil, fmt.Errorf("%s: %w", seat, turnfile.ErrNoSecret)
	}
	return bot.Plan(g.Position(), seat, src, player)
}
