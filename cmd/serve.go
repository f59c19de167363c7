package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/referee"
)

type serveOptions struct {
	Config string
	// Check only loads the configuration and the store, then stops.
	Check    bool
	LogLevel slog.Level
	// LookupEnv reads the variables the configuration names for its
	// passwords.
	LookupEnv func(string) (string, bool)
	Out       io.Writer
	ErrOut    io.Writer
	// Games are the games the referee plays; nil means games.All().
	Games *games.Set
}

func newServeCmd(app *App, runF func(*serveOptions) error) *cobra.Command {
	opts := &serveOptions{}
	var level string
	c := &cobra.Command{
		Use:   "serve --config FILE [--check] [--log-level info]",
		Short: "Run the mail daemon: the referee of hosted games",
		Long: `serve runs the mail daemon. It watches an IMAP mailbox, applies every
move that arrives by mail exactly once, keeps the authoritative turn file of
each game in games_dir, and answers every player over SMTP. Moves arrive as
an attached turn file made with "elasund move", or, for seats the daemon
hosts, written in the body after the seat's token line. Create games with
"elasund host new". The configuration is YAML (see examples/daemon.yaml);
passwords come from a file or an environment variable, never from the
command line. --check loads the configuration and the games and stops.
SIGINT or SIGTERM stops the daemon after the message in hand.

The daemon also keeps each game's move deadline, by its own clock, without
waiting for mail: it reminds a seat half way and a few hours before, and
at the deadline applies the game's no-move policy (see "elasund host new").
Deadlines are kept in games_dir, so they survive restarts.`,
		Example: `  elasund serve --config /etc/elasund/daemon.yaml
  ELASUND_SMTP_PASSWORD=... elasund serve --config daemon.yaml --log-level debug
  elasund serve --config daemon.yaml --check`,
		Args: exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Config == "" {
				return usagef(c, "say where the configuration is with --config FILE")
			}
			if err := opts.LogLevel.UnmarshalText([]byte(level)); err != nil {
				return usagef(c, "--log-level: want debug, info, warn or error")
			}
			opts.LookupEnv, opts.Games = app.lookupEnv, app.games()
			opts.Out, opts.ErrOut = c.OutOrStdout(), c.ErrOrStderr()
			if runF != nil {
				return runF(opts)
			}
			return runServe(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Config, "config", "", "the daemon's YAML configuration")
	c.Flags().BoolVar(&opts.Check, "check", false, "check the configuration and the games, then stop")
	c.Flags().StringVar(&level, "log-level", "info", "least important log level shown: debug, info, warn or error")
	return c
}

// lookupEnv reads a variable; an empty one counts as unset.
func (app *App) lookupEnv(k string) (string, bool) {
	v := app.getenv(k)
	return v, v != ""
}

// loadDaemonConfig reads the daemon's configuration. A configuration
// that cannot be used is a usage error (exit 2); one that cannot be read
// is a failure (exit 1).
func loadDaemonConfig(path string, lookupEnv func(string) (string, bool)) (mail.Config, error) {
	cfg, err := mail.LoadConfig(path, lookupEnv)
	var ce *mail.ConfigError
	if errors.As(err, &ce) {
		return cfg, &usageError{err: withHint(fmt.Errorf("%s: %w", path, err), "see examples/daemon.yaml; passwords go in password_file (mode 600) or password_env")}
	}
	if err != nil {
		return cfg, err
	}
	if cfg.GamesDir == "" {
		return cfg, &usageError{err: withHint(fmt.Errorf("%s: %w", path, &mail.ConfigError{Field: "games_dir", Reason: "is required: the directory where the referee keeps its games"}), "add games_dir: /var/lib/elasund/games")}
	}
	return cfg, nil
}

func runServe(ctx context.Context, opts *serveOptions) error {
	cfg, err := loadDaemonConfig(opts.Config, opts.LookupEnv)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(opts.ErrOut, &slog.HandlerOptions{Level: opts.LogLevel}))
	ref, err := referee.New(referee.Options{Dir: cfg.GamesDir, Address: cfg.SMTP.From, Logger: log.With("part", "referee"), Games: opts.Games})
	if err != nil {
		return err
	}
	games, err := ref.Games()
	if err != nil {
		return fmt.Errorf("reading games_dir: %w", err)
	}
	d, err := mail.New(cfg, ref, mail.Options{Logger: log})
	if err != nil {
		var ce *mail.ConfigError
		if errors.As(err, &ce) {
			return &usageError{err: fmt.Errorf("%s: %w", opts.Config, err)}
		}
		return err
	}
	if opts.Check {
		fmt.Fprintf(opts.Out, "config ok: imap %s (%s) as %s, smtp %s (%s) from %s\n",
			cfg.IMAP.Addr, cfg.IMAP.TLS, cfg.IMAP.User, cfg.SMTP.Addr, cfg.SMTP.TLS, cfg.SMTP.From)
		fmt.Fprintf(opts.Out, "spool %s; games_dir %s: %s", cfg.Spool, cfg.GamesDir, counted(len(games), "game", "games"))
		if len(games) > 0 {
			fmt.Fprintf(opts.Out, " (%s)", strings.Join(games, ", "))
		}
		fmt.Fprintln(opts.Out)
		// Every game must be readable, its table too: the deadlines are
		// kept there.
		list, err := referee.HostList(referee.ListOptions{Dir: cfg.GamesDir, Games: opts.Games})
		if err != nil {
			return err
		}
		for _, gi := range list {
			if gi.Err != nil {
				return fmt.Errorf("game %s: %w", gi.Game, gi.Err)
			}
		}
		return nil
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	log.Info("serving", "config", opts.Config, "games", len(games))
	if err := d.Run(ctx); err != nil {
		if errors.Is(err, mail.ErrSpoolLocked) {
			return withHint(err, "another 'elasund serve' uses spool %s", cfg.Spool)
		}
		return err
	}
	return nil
}
