package cmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type joinOptions struct {
	File string
	As   string
	Out  io.Writer
	Now  time.Time
	// Keys opens the key store.
	Keys  func() (*turnfile.KeyStore, error)
	Rand  io.Reader
	Games *games.Set
	// Commit commits the written file with git (--commit), run by Git.
	Commit bool
	Git    func(ctx context.Context, dir string, args ...string) error
}

func newJoinCmd(app *App, runF func(*joinOptions) error) *cobra.Command {
	opts := &joinOptions{}
	var as string
	c := &cobra.Command{
		Use:   "join FILE --as COLOUR",
		Short: "Sign in to a seat: add your public key and chain commitment",
		Long: `join signs you in to a seat of a game: it draws a secret for your dice
chain, keeps it in your key directory, and adds your public key and the
chain's commitment to the file. It says whom to pass the file to next: the
next seat to join, or when the last seat has joined the first seat, who is
to move. --commit also commits the file with git, as "elasund move --commit"
does.`,
		Example: `  elasund join game.yaml --as red
  elasund join isles.yaml --as white --commit`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			if as == "" {
				return usagef(c, "say which seat you take with --as COLOUR")
			}
			var err error
			if opts.As, err = seatFlag(c, app.games(), as); err != nil {
				return err
			}
			opts.Out, opts.Now, opts.Keys, opts.Rand, opts.Games = c.OutOrStdout(), app.now(), app.openKeys, app.rand(), app.games()
			opts.Git = app.git
			if runF != nil {
				return runF(opts)
			}
			return runJoin(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "the seat colour to take")
	c.Flags().BoolVar(&opts.Commit, "commit", false, "git commit the written file")
	return c
}

func runJoin(ctx context.Context, opts *joinOptions) error {
	opts.Games = orAll(opts.Games)
	unlock, err := lockGame(opts.File)
	if err != nil {
		return err
	}
	defer unlock()
	g, err := openGame(opts.Games, opts.File)
	if err != nil {
		return err
	}
	if opts.As, err = parseSeat(g.Rules(), opts.As); err != nil {
		return err
	}
	h := &g.File().Header
	if h.Sandbox {
		return &turnfile.TurnError{Reason: "a sandbox game has no joining: play it at once with 'elasund move'"}
	}
	if h.SeatOf(opts.As) == nil {
		return &turnfile.TurnError{Seat: opts.As, Reason: "this game has no such seat"}
	}
	if g.Joined(opts.As) {
		return &turnfile.TurnError{Seat: opts.As, Reason: "has already joined this game"}
	}
	ks, err := opts.Keys()
	if err != nil {
		return err
	}
	w := keyWitness{open: func() (*turnfile.KeyStore, error) { return ks, nil }}
	if err := w.Check(opts.File, g); err != nil {
		return err
	}
	if err := g.CanJoin(opts.As, ks.PublicKey()); err != nil {
		return err
	}
	if _, err := ks.NewSecret(g, opts.As, opts.Rand); err != nil {
		return err
	}
	signer, err := ks.Signer(g, opts.As)
	if err != nil {
		return err
	}
	if _, err := g.Join(opts.As, signer, opts.Now); err != nil {
		return err
	}
	if err := writeGame(opts.File, g.File()); err != nil {
		return err
	}
	if err := w.Remember(g); err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "joined %s as %s\n", h.Game, opts.As)
	if rest := g.Unjoined(); len(rest) > 0 {
		fmt.Fprintf(opts.Out, "waiting for %s to join; pass the file on\n", colours(rest))
	} else {
		fmt.Fprintf(opts.Out, "every seat has joined: %s is to move\n", g.Position().Current())
	}
	fmt.Fprintf(opts.Out, "next: %s\n", joinedNext(opts.File, g))
	if opts.Commit {
		msg := fmt.Sprintf("elasund %s: %s joined", h.Game, opts.As)
		if err := gitCommit(ctx, opts.Git, opts.File, msg, "the join"); err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "committed: %s\n", msg)
	}
	return nil
}

// joinedNext says what follows a join in file: the next seat to join,
// else the seat to move first, gets the file (one key plays one seat, so
// that is always another player).
func joinedNext(file string, g *turnfile.Game) string {
	if rest := g.Unjoined(); len(rest) > 0 {
		return fmt.Sprintf("send %s to %s, who runs 'elasund join %s --as %s'", file, seatNames(g, rest[:1]), shellWord(file, false), rest[0])
	}
	acting := g.Acting()
	if len(acting) == 0 {
		return "elasund show " + shellWord(file, false)
	}
	return fmt.Sprintf("send %s to %s, who moves first", file, seatNames(g, acting[:1]))
}
