package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/turnfile"
)

func newHostCmd(app *App) *cobra.Command {
	c := &cobra.Command{
		Use:   "host",
		Short: "Create and manage games the mail daemon hosts",
		Long: `host creates games that the mail daemon ("elasund serve") referees, and
re-invites their players. Both read the daemon's configuration for its
games_dir and its SMTP server.`,
		Example: `  elasund host new --config daemon.yaml --players red=Alice:alice@example.org,blue=Bob:bob@example.org
  elasund host invite --config daemon.yaml 3f9c2a7d5e1b4c08 --seat blue`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef(c, "unknown command %q", args[0])
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.AddCommand(newHostNewCmd(app, nil), newHostInviteCmd(app, nil))
	return c
}

type hostNewOptions struct {
	Config    string
	LookupEnv func(string) (string, bool)
	Seats     []turnfile.Seat
	// Hosted is nil for every seat.
	Hosted  []engine.Colour
	Edition engine.Edition
	Options map[string]string
	Random  bool
	// Print writes the mails to Out instead of sending them.
	Print bool
	Now   time.Time
	Rand  io.Reader
	Out   io.Writer
}

func newHostNewCmd(app *App, runF func(*hostNewOptions) error) *cobra.Command {
	opts := &hostNewOptions{}
	var players, hosted, edition, start string
	var options []string
	c := &cobra.Command{
		Use:   "new --config FILE --players COLOUR=NAME:EMAIL,... [--hosted all|none|COLOUR,...] [--edition en] [--option k=v]... [--start first|random] [--print]",
		Short: "Create a game for the mail daemon and invite its players",
		Long: `host new creates a game in the daemon's games_dir and mails every player
an invitation. Hosted seats (--hosted, default all) are joined at once by
the daemon, which keeps their keys and dice chains; their players move by
writing their moves in a mail with the seat's token, which only their
invitation carries. The other seats join and move with their own keys and
mail the turn file. As the referee, the daemon may shuffle the seat order
(--start random). --print writes the mails to standard output instead of
sending them.`,
		Example: `  elasund host new --config daemon.yaml --players red=Alice:alice@example.org,blue=Bob:bob@example.org
  elasund host new --config daemon.yaml --players red=Ann:ann@example.org,blue=Ben:ben@example.org,green=Cy:cy@example.org --hosted red,green --start random
  elasund host new --config daemon.yaml --players red=A:a@example.org,blue=B:b@example.org --option turn_limit=20 --print`,
		Args: exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Config == "" {
				return usagef(c, "say where the daemon's configuration is with --config FILE")
			}
			if players == "" {
				return usagef(c, "say who plays with --players COLOUR=NAME:EMAIL,...")
			}
			var err error
			if opts.Seats, err = parsePlayers(players); err != nil {
				return usagef(c, "--players: %v", err)
			}
			for _, s := range opts.Seats {
				if s.Email == "" {
					return usagef(c, "--players: %s needs an e-mail address to play by mail (%s=NAME:EMAIL)", s.Colour, s.Colour)
				}
			}
			if opts.Hosted, err = parseHosted(hosted, opts.Seats); err != nil {
				return usagef(c, "--hosted: %v", err)
			}
			if opts.Edition, err = engine.ParseEdition(edition); err != nil {
				return usagef(c, "--edition: %v", err)
			}
			opts.Options = map[string]string{}
			for _, o := range options {
				k, v, ok := strings.Cut(o, "=")
				if !ok || strings.TrimSpace(k) == "" {
					return usagef(c, "--option %q: want NAME=VALUE", o)
				}
				opts.Options[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
			switch start {
			case "first":
			case "random":
				opts.Random = true
			default:
				return usagef(c, "--start: want first or random")
			}
			opts.LookupEnv, opts.Now, opts.Rand, opts.Out = app.lookupEnv, app.now(), app.rand(), c.OutOrStdout()
			if runF != nil {
				return runF(opts)
			}
			return runHostNew(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Config, "config", "", "the daemon's YAML configuration")
	c.Flags().StringVar(&players, "players", "", "seats in turn order: COLOUR=NAME:EMAIL,...")
	c.Flags().StringVar(&hosted, "hosted", "all", "seats the daemon plays for their players: all, none, or COLOUR,...")
	c.Flags().StringVar(&edition, "edition", "en", "rules edition: en, fr or ru")
	c.Flags().StringArrayVar(&options, "option", nil, "a rule option NAME=VALUE (repeatable)")
	c.Flags().StringVar(&start, "start", "first", "who starts: first (the first seat listed) or random")
	c.Flags().BoolVar(&opts.Print, "print", false, "write the mails to standard output instead of sending them")
	return c
}

// parseHosted reads --hosted: all, none, or a list of seated colours.
func parseHosted(s string, seats []turnfile.Seat) ([]engine.Colour, error) {
	var out []engine.Colour
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "all", "":
		for _, st := range seats {
			out = append(out, st.Colour)
		}
		return out, nil
	case "none":
		return []engine.Colour{}, nil
	}
	for _, part := range strings.Split(s, ",") {
		c, err := engine.ParseColour(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		found := false
		for _, st := range seats {
			found = found || st.Colour == c
		}
		if !found {
			return nil, fmt.Errorf("nobody sits at %s", c)
		}
		if contains(out, c) {
			return nil, fmt.Errorf("%s is named twice", c)
		}
		out = append(out, c)
	}
	return out, nil
}

func runHostNew(ctx context.Context, opts *hostNewOptions) error {
	cfg, err := loadDaemonConfig(opts.Config, opts.LookupEnv)
	if err != nil {
		return err
	}
	hg, err := mail.HostNew(mail.HostOptions{
		Dir: cfg.GamesDir, Address: cfg.SMTP.From, Seats: opts.Seats, Hosted: opts.Hosted,
		Edition: opts.Edition, Options: opts.Options, RandomStart: opts.Random,
		Now: opts.Now, Rand: opts.Rand,
	})
	if err != nil {
		return hostError(err)
	}
	fmt.Fprintf(opts.Out, "created game %s in %s; seats in turn order:", hg.Game, hg.Path)
	for _, s := range hg.Seats {
		how := "own key"
		if _, ok := hg.Tokens[s.Colour]; ok {
			how = "hosted"
		}
		fmt.Fprintf(opts.Out, " %s (%s, %s)", s.Colour, s.Name, how)
	}
	fmt.Fprintln(opts.Out)
	return deliver(ctx, opts.Out, cfg, hg, opts.Print, opts.Now, "new")
}

// deliver sends a hosted game's mails, or prints them.
func deliver(ctx context.Context, out io.Writer, cfg mail.Config, hg *mail.HostedGame, print bool, now time.Time, what string) error {
	if print {
		for _, m := range hg.Mail {
			fmt.Fprintf(out, "\n--- mail to %s\nSubject: %s\n", strings.Join(m.To, ", "), m.Subject)
			for _, a := range m.Attachments {
				fmt.Fprintf(out, "Attachment: %s (%s, %d bytes)\n", a.Filename, a.ContentType, len(a.Data))
			}
			fmt.Fprintf(out, "\n%s", m.Text)
		}
		return nil
	}
	key := "host-" + what + "/" + hg.Game + "/" + now.UTC().Format(time.RFC3339Nano)
	if err := mail.Post(ctx, cfg, key, hg.Mail, mail.Options{Now: func() time.Time { return now }}); err != nil {
		return withHint(fmt.Errorf("game %s is ready, but not every mail was sent: %w", hg.Game, err),
			"run 'elasund host invite --config FILE %s' to send the invitations again (hosted seats get new tokens)", hg.Game)
	}
	fmt.Fprintf(out, "sent %d mail(s) from %s\n", len(hg.Mail), cfg.SMTP.From)
	return nil
}

// hostError makes a refusal to create a game a usage error (exit 2).
func hostError(err error) error {
	var he *mail.HostError
	var oe *engine.OptionError
	if errors.As(err, &he) || errors.As(err, &oe) {
		return &usageError{err: err}
	}
	return err
}

type hostInviteOptions struct {
	Config    string
	LookupEnv func(string) (string, bool)
	Game      string
	Seats     []engine.Colour
	Print     bool
	Now       time.Time
	Rand      io.Reader
	Out       io.Writer
}

func newHostInviteCmd(app *App, runF func(*hostInviteOptions) error) *cobra.Command {
	opts := &hostInviteOptions{}
	var seats []string
	c := &cobra.Command{
		Use:   "invite --config FILE GAME [--seat COLOUR]... [--print]",
		Short: "Invite players of a hosted game again; hosted seats get new tokens",
		Long: `host invite mails the invitation of each listed seat (every seat by
default) again: a hosted seat gets a new token, and its old token stops
working; a seat that plays with its own key gets the current turn file.`,
		Example: `  elasund host invite --config daemon.yaml 3f9c2a7d5e1b4c08 --seat red`,
		Args:    exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Config == "" {
				return usagef(c, "say where the daemon's configuration is with --config FILE")
			}
			opts.Game = strings.ToLower(args[0])
			for _, s := range seats {
				col, err := engine.ParseColour(s)
				if err != nil {
					return usagef(c, "--seat: %v", err)
				}
				opts.Seats = append(opts.Seats, col)
			}
			opts.LookupEnv, opts.Now, opts.Rand, opts.Out = app.lookupEnv, app.now(), app.rand(), c.OutOrStdout()
			if runF != nil {
				return runF(opts)
			}
			return runHostInvite(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Config, "config", "", "the daemon's YAML configuration")
	c.Flags().StringArrayVar(&seats, "seat", nil, "a seat to invite again (repeatable; default every seat)")
	c.Flags().BoolVar(&opts.Print, "print", false, "write the mails to standard output instead of sending them")
	return c
}

func runHostInvite(ctx context.Context, opts *hostInviteOptions) error {
	cfg, err := loadDaemonConfig(opts.Config, opts.LookupEnv)
	if err != nil {
		return err
	}
	hg, err := mail.HostInvite(cfg.GamesDir, cfg.SMTP.From, opts.Game, opts.Seats, opts.Rand)
	if err != nil {
		return hostError(err)
	}
	fmt.Fprintf(opts.Out, "game %s: %d invitation(s), %d new token(s)\n", hg.Game, len(hg.Mail), len(hg.Tokens))
	return deliver(ctx, opts.Out, cfg, hg, opts.Print, opts.Now, "invite")
}
