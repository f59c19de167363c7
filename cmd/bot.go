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
	"github.com/elasund/elasund/turnfile"
)

// maxPlan bounds the actions of one planned move; a turn of Elasund has
// far fewer, so reaching it means a player that does not end its turn.
const maxPlan = 100

type botOptions struct {
	File    string
	OutFile string
	Level   string
	// Seed is the bot's seed; nil derives one from the game id and the
	// number of entries, so that a rerun on the same file makes the same
	// move.
	Seed   *uint64
	Commit bool
	Now    time.Time
	Out    io.Writer
	Seat   func(g *turnfile.Game) (engine.Colour, error)
	Signer func(g *turnfile.Game, seat engine.Colour) (*turnfile.Signer, error)
	Git    func(ctx context.Context, dir string, args ...string) error
}

func newBotCmd(app *App, runF func(*botOptions) error) *cobra.Command {
	opts := &botOptions{}
	var as string
	var seed uint64
	c := &cobra.Command{
		Use:   "bot FILE [--as COLOUR] [--level heuristic|random] [--seed S] [--out FILE2] [--commit]",
		Short: "Let a built-in bot make one move for a seat",
		Long: `bot lets a computer player move for a seat: it plays that seat's part of
the game now (its whole turn, or the decisions the game waits for from it)
and writes it as one signed entry, as "elasund move" would. In a peer game
the seat's key and chain secret must be in the key directory: the bot plays
for you, with your key. Levels: ` + strings.Join(bot.Levels(), ", ") + ` (the default,
the stronger). The bot's choices depend only on the position and --seed
(default: derived from the game and its number of entries).`,
		Example: `  elasund bot game.yaml --as blue
  elasund bot practice.yaml --level random --seed 7
  elasund bot game.yaml --as red --commit`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			if !slices.Contains(bot.Levels(), opts.Level) {
				return usagef(c, "--level: %v", &bot.LevelError{Level: opts.Level})
			}
			if as != "" {
				if _, err := parseSeat(c, as); err != nil {
					return err
				}
			}
			if c.Flags().Changed("seed") {
				opts.Seed = &seed
			}
			opts.Now, opts.Out = app.now(), c.OutOrStdout()
			opts.Seat = func(g *turnfile.Game) (engine.Colour, error) { return app.resolveSeat(c, g, as) }
			opts.Signer = app.signerFor
			opts.Git = app.git
			if runF != nil {
				return runF(opts)
			}
			return runBot(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "the seat the bot plays (default: yours, or the only one that can act)")
	c.Flags().StringVar(&opts.Level, "level", bot.LevelHeuristic, "how the bot plays: "+strings.Join(bot.Levels(), " or "))
	_ = c.RegisterFlagCompletionFunc("level", cobra.FixedCompletions(bot.Levels(), cobra.ShellCompDirectiveNoFileComp))
	c.Flags().Uint64Var(&seed, "seed", 0, "the bot's seed (default: from the game and its length)")
	c.Flags().StringVar(&opts.OutFile, "out", "", "write to this file instead of in place")
	c.Flags().BoolVar(&opts.Commit, "commit", false, "git commit the written file")
	return c
}

func runBot(ctx context.Context, opts *botOptions) error {
	g, err := openGame(opts.File)
	if err != nil {
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
	player, err := bot.New(opts.Level, seed)
	if err != nil {
		return err
	}
	move, err := planMove(g, seat, signer, player)
	if err != nil {
		return err
	}
	e, err := g.Move(seat, move, signer, opts.Now, turnfile.MoveOptions{})
	if err != nil {
		return fmt.Errorf("the %s bot's move %q: %w", opts.Level, engine.FormatMove(move), err)
	}
	headline := fmt.Sprintf("%s (%s bot): %s", seat, opts.Level, strings.Join(e.Actions, "; "))
	return publish(ctx, publishing{Out: opts.Out, Git: opts.Git, File: opts.File, OutFile: opts.OutFile, Commit: opts.Commit}, g, e, seat, headline)
}

// mustAct refuses a seat the game does not wait for.
func mustAct(g *turnfile.Game, seat engine.Colour) error {
	if g.State().Phase == engine.PhaseOver || len(g.Unjoined()) > 0 {
		return &turnfile.TurnError{Seat: seat.String(), Reason: status(g)}
	}
	if acting := g.Acting(); !contains(acting, seat) {
		return &turnfile.TurnError{Seat: seat.String(), Reason: fmt.Sprintf("the game is not waiting for %s but for %s", seat, colours(acting))}
	}
	return nil
}

// defaultBotSeed derives a bot seed from the game id and the number of
// entries.
func defaultBotSeed(g *turnfile.Game) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", g.File().Header.Game, len(g.File().History))
	return h.Sum64()
}

// planMove asks player for seat's part of the game now, one action at a
// time, on a copy of the position and with the random source the move
// will be applied with (turnfile.Game.Source): the actions up to the end
// of seat's turn, or until the game waits for another seat. Sent as one
// move, they draw the same dice and cards as they did in the plan.
func planMove(g *turnfile.Game, seat engine.Colour, s *turnfile.Signer, player bot.Player) ([]engine.Action, error) {
	if err := mustAct(g, seat); err != nil {
		return nil, err
	}
	rng := g.Source(seat, s)
	if rng == nil {
		return nil, fmt.Errorf("%s: %w", seat, turnfile.ErrNoSecret)
	}
	scratch, err := engine.Load(g.Config(), g.State())
	if err != nil {
		return nil, fmt.Errorf("loading the position: %w", err)
	}
	turn, current := scratch.View().Turn, scratch.View().Current
	var move []engine.Action
	for !scratch.Over() && contains(scratch.View().WaitingFor, seat) &&
		scratch.View().Turn == turn && scratch.View().Current == current {
		if len(move) == maxPlan {
			return nil, fmt.Errorf("the bot did not finish %s's move in %d actions", seat, maxPlan)
		}
		a, err := player.Choose(scratch, seat, rng.Clone())
		if err != nil {
			return nil, fmt.Errorf("the bot, choosing for %s: %w", seat, err)
		}
		if _, err := scratch.Apply(seat, []engine.Action{a}, rng); err != nil {
			return nil, fmt.Errorf("the bot chose %q for %s: %w", a, seat, err)
		}
		move = append(move, a)
	}
	return move, nil
}
