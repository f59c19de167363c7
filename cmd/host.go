package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/referee"
	"github.com/elasund/elasund/turnfile"
)

func newHostCmd(app *App) *cobra.Command {
	c := &cobra.Command{
		Use:   "host",
		Short: "Create and manage games the mail daemon hosts",
		Long: `host creates games that the mail daemon ("elasund serve") referees,
re-invites their players, hands an abandoned seat to a new player or to the
bot, and lists the games. They read the daemon's configuration for its
games_dir and its SMTP server.`,
		Example: `  elasund host new --config daemon.yaml --players red=Alice:alice@example.org,blue=Bob:bob@example.org
  elasund host new --config daemon.yaml --game seafarers --scenario four-islands --players red=Ann:ann@example.org,blue=Ben:ben@example.org,white=Cy:cy@example.org
  elasund host invite --config daemon.yaml 3f9c2a7d5e1b4c08 --seat blue
  elasund host seat --config daemon.yaml 3f9c2a7d5e1b4c08 blue --to Carol:carol@example.org
  elasund host list --config daemon.yaml`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef(c, "unknown command %q", args[0])
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.AddCommand(newHostNewCmd(app, nil), newHostInviteCmd(app, nil), newHostSeatCmd(app, nil), newHostListCmd(app, nil))
	return c
}

type hostNewOptions struct {
	Config    string
	LookupEnv func(string) (string, bool)
	// Game is the game's name; empty is the default game. Choices are
	// its set-up choices by name (--edition, --scenario); one left out
	// is the game's default.
	Game    string
	Choices map[string]string
	Seats   []turnfile.Seat
	// Hosted is nil for every seat.
	Hosted  []string
	Options map[string]string
	Random  bool
	// Deadline is the table's move deadline, 0 for the default; NoMove
	// its no-move policy; BotLevel the level of the bot that plays at a
	// deadline, "" for the game's default.
	Deadline time.Duration
	NoMove   referee.NoMove
	BotLevel string
	// Print writes the mails to Out instead of sending them.
	Print bool
	Now   time.Time
	Rand  io.Reader
	Out   io.Writer
	// Games are the games that may be hosted; nil means games.All().
	Games *games.Set
}

func newHostNewCmd(app *App, runF func(*hostNewOptions) error) *cobra.Command {
	opts := &hostNewOptions{}
	var players, hosted, start, deadline, noMove string
	var options []string
	var choices *choiceFlags
	c := &cobra.Command{
		Use:   "new --config FILE --players COLOUR=NAME:EMAIL,... [--game NAME] [--scenario S] [--hosted all|none|COLOUR,...] [--edition en] [--option k=v]... [--start first|random] [--deadline 72h] [--no-move bot|skip|wait] [--bot-level LEVEL] [--print]",
		Short: "Create a game for the mail daemon and invite its players",
		Long: `host new creates a game in the daemon's games_dir and mails every player
an invitation. Hosted seats (--hosted, default all) are joined at once by
the daemon, which keeps their keys and dice chains; their players move by
writing their moves in a mail with the seat's token, which only their
invitation carries. The other seats join and move with their own keys and
mail the turn file. As the referee, the daemon may shuffle the seat order
(--start random). --game chooses the game (default elasund), --scenario its
scenario, for games that have them. --print writes the mails to standard
output instead of sending them.

Every seat has --deadline (default 72h; "3d" also works) to move once the
game waits for it, with reminders half way and a few hours before. When a
hosted seat lets it pass, --no-move says what happens: bot (default) has the
built-in bot play the seat's move at --bot-level (the game's heuristic bot by
default), skip ends the turn with nothing done where the rules allow it
(otherwise the bot plays), wait only reminds. A seat with its own key cannot
be played by the daemon: the table is told instead. When every seat is
hosted, each player's mails show only their own hand, and the turn file is
sent to everyone when the game ends.`,
		Example: `  elasund host new --config daemon.yaml --players red=Alice:alice@example.org,blue=Bob:bob@example.org
  elasund host new --config daemon.yaml --players red=Ann:ann@example.org,blue=Ben:ben@example.org,green=Cy:cy@example.org --hosted red,green --start random
  elasund host new --config daemon.yaml --players red=A:a@example.org,blue=B:b@example.org --option turn_limit=20 --print
  elasund host new --config daemon.yaml --game seafarers --players red=A:a@example.org,blue=B:b@example.org,white=C:c@example.org
  elasund host new --config daemon.yaml --players red=A:a@example.org,blue=B:b@example.org --deadline 48h --no-move skip`,
		Args: exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Config == "" {
				return usagef(c, "say where the daemon's configuration is with --config FILE")
			}
			if players == "" {
				return usagef(c, "say who plays with --players COLOUR=NAME:EMAIL,...")
			}
			kit, err := app.games().Lookup(opts.Game)
			if err != nil {
				return usagef(c, "--game: %v", err)
			}
			opts.Game = kit.Rules.Name()
			if opts.Seats, err = parsePlayers(kit.Rules, players); err != nil {
				return usagef(c, "--players: %v", err)
			}
			for _, s := range opts.Seats {
				if s.Email == "" {
					return usagef(c, "--players: %s needs an e-mail address to play by mail (%s=NAME:EMAIL)", s.Colour, s.Colour)
				}
			}
			if opts.Hosted, err = parseHosted(kit.Rules, hosted, opts.Seats); err != nil {
				return usagef(c, "--hosted: %v", err)
			}
			if opts.Choices, err = choices.given(kit.Rules); err != nil {
				return err
			}
			// The seats and the set-up choices as the game takes them;
			// the options are checked when the game is made.
			setup := engine.Setup{Seats: make([]string, len(opts.Seats)), Choices: opts.Choices}
			for i, s := range opts.Seats {
				setup.Seats[i] = s.Colour
			}
			if _, err := kit.Rules.Resolve(setup); err != nil {
				return usagef(c, "%s", setupProblem(err))
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
			if opts.Deadline, err = parseDeadline(deadline); err != nil {
				return usagef(c, "--deadline: %v", err)
			}
			if opts.NoMove, err = referee.ParseNoMove(noMove); err != nil {
				return usagef(c, "--no-move: %v", err)
			}
			opts.BotLevel = strings.ToLower(strings.TrimSpace(opts.BotLevel))
			if opts.BotLevel != "" && !slices.Contains(kit.Bots.Levels(), opts.BotLevel) {
				return usagef(c, "--bot-level: %s's bots play at %s", kit.Rules.Name(), strings.Join(kit.Bots.Levels(), ", "))
			}
			opts.LookupEnv, opts.Now, opts.Rand, opts.Out, opts.Games = app.lookupEnv, app.now(), app.rand(), c.OutOrStdout(), app.games()
			if runF != nil {
				return runF(opts)
			}
			return runHostNew(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Config, "config", "", "the daemon's YAML configuration")
	c.Flags().StringVar(&players, "players", "", "seats in turn order: COLOUR=NAME:EMAIL,...")
	c.Flags().StringVar(&opts.Game, "game", "", "the game: "+app.games().Describe()+" (default "+app.games().Names()[0]+")")
	_ = c.RegisterFlagCompletionFunc("game", cobra.FixedCompletions(app.games().Names(), cobra.ShellCompDirectiveNoFileComp))
	choices = addChoiceFlags(c, app.games())
	c.Flags().StringVar(&hosted, "hosted", "all", "seats the daemon plays for their players: all, none, or COLOUR,...")
	c.Flags().StringArrayVar(&options, "option", nil, "a rule option NAME=VALUE (repeatable)")
	c.Flags().StringVar(&start, "start", "first", "who starts: first (the first seat listed) or random")
	c.Flags().StringVar(&deadline, "deadline", "72h", "how long a seat has to move once the game waits for it (48h, 3d)")
	c.Flags().StringVar(&noMove, "no-move", "bot", "what happens when a hosted seat lets its deadline pass: bot, skip or wait")
	c.Flags().StringVar(&opts.BotLevel, "bot-level", "", "the level of the bot that plays at a deadline (default: the game's heuristic bot)")
	c.Flags().BoolVar(&opts.Print, "print", false, "write the mails to standard output instead of sending them")
	return c
}

// parseDeadline reads --deadline: a Go duration ("48h", "90m") or a
// number of days ("3d"), at least a minute.
func parseDeadline(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var d time.Duration
	var err error
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var days int
		if days, err = strconv.Atoi(n); err == nil {
			d = time.Duration(days) * 24 * time.Hour
		}
	} else {
		d, err = time.ParseDuration(s)
	}
	if err != nil || d < time.Minute {
		return 0, fmt.Errorf("%q is not a deadline such as 72h or 3d (at least a minute)", s)
	}
	return d, nil
}

// setupProblem says what is wrong with a set-up the game refused, naming
// the flag at fault when it can.
func setupProblem(err error) string {
	var se *engine.SetupError
	var st *engine.StateError
	switch {
	case errors.As(err, &se) && se.Field == "seats":
		return "--players: " + se.Reason
	case errors.As(err, &se):
		return "--" + se.Field + ": " + se.Reason
	case errors.As(err, &st) && st.Field == "seats":
		return "--players: " + st.Reason
	}
	return err.Error()
}

// gameColour reads a colour of game g, in any case.
func gameColour(g engine.Game, s string) (string, error) {
	c := strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(g.Colours(), c) {
		return "", fmt.Errorf("%q is not a colour of %s (%s)", s, g.Name(), strings.Join(g.Colours(), ", "))
	}
	return c, nil
}

// parseHosted reads --hosted: all, none, or a list of seated colours.
func parseHosted(g engine.Game, s string, seats []turnfile.Seat) ([]string, error) {
	var out []string
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "all", "":
		for _, st := range seats {
			out = append(out, st.Colour)
		}
		return out, nil
	case "none":
		return []string{}, nil
	}
	for _, part := range strings.Split(s, ",") {
		c, err := gameColour(g, part)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(seats, func(st turnfile.Seat) bool { return st.Colour == c }) {
			return nil, fmt.Errorf("nobody sits at %s", c)
		}
		if slices.Contains(out, c) {
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
	hg, err := referee.HostNew(referee.HostOptions{
		Dir: cfg.GamesDir, Address: cfg.SMTP.From, Game: opts.Game, Games: opts.Games,
		Seats: opts.Seats, Hosted: opts.Hosted, Choices: opts.Choices,
		Options: opts.Options, RandomStart: opts.Random, Now: opts.Now, Rand: opts.Rand,
		Deadline: opts.Deadline, NoMove: opts.NoMove, BotLevel: opts.BotLevel,
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
	return deliver(ctx, opts.Out, cfg, hg, opts.Print, opts.Now)
}

// deliver sends a hosted game's mails, or prints them.
func deliver(ctx context.Context, out io.Writer, cfg mail.Config, hg *referee.HostedGame, print bool, now time.Time) error {
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
	// The key is the one the referee recorded: it binds a reply to one of
	// these mails to the point of the game they went out at.
	if err := mail.Post(ctx, cfg, hg.Key, hg.Mail, mail.Options{Now: func() time.Time { return now }}); err != nil {
		return withHint(fmt.Errorf("game %s is ready, but not every mail was sent: %w", hg.Game, err),
			"run 'elasund host invite --config FILE %s' to send the invitations again (hosted seats get new tokens)", hg.Game)
	}
	fmt.Fprintf(out, "sent %s from %s\n", counted(len(hg.Mail), "mail", "mails"), cfg.SMTP.From)
	return nil
}

// hostError makes a refusal to create a game a usage error (exit 2): a
// game, seats, set-up choice or option the game does not have.
func hostError(err error) error {
	var he *referee.HostError
	var oe *engine.OptionError
	var se *engine.SetupError
	if errors.As(err, &he) || errors.As(err, &oe) || errors.As(err, &se) {
		return &usageError{err: err}
	}
	return err
}

type hostInviteOptions struct {
	Config    string
	LookupEnv func(string) (string, bool)
	Game      string
	// Seats are lower-case colour names; the game checks them.
	Seats []string
	Print bool
	Now   time.Time
	Rand  io.Reader
	Out   io.Writer
	// Games are the games the store may hold; nil means games.All().
	Games *games.Set
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
				col, err := anyColour(app.games(), s)
				if err != nil {
					return usagef(c, "--seat: %v", err)
				}
				opts.Seats = append(opts.Seats, col)
			}
			opts.LookupEnv, opts.Now, opts.Rand, opts.Out, opts.Games = app.lookupEnv, app.now(), app.rand(), c.OutOrStdout(), app.games()
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
	hg, err := referee.HostInvite(referee.InviteOptions{
		Dir: cfg.GamesDir, Address: cfg.SMTP.From, Game: opts.Game, Seats: opts.Seats,
		Games: opts.Games, Rand: opts.Rand, Now: opts.Now,
	})
	if err != nil {
		return hostError(err)
	}
	fmt.Fprintf(opts.Out, "game %s: %s, %s\n", hg.Game, counted(len(hg.Mail), "invitation", "invitations"), counted(len(hg.Tokens), "new token", "new tokens"))
	return deliver(ctx, opts.Out, cfg, hg, opts.Print, opts.Now)
}

// anyColour reads a seat colour given before the game is known (the
// game is in the store): a colour of one of the games, in any case. The
// game checks that it has the seat.
func anyColour(set *games.Set, s string) (string, error) {
	c := strings.ToLower(strings.TrimSpace(s))
	var all []string
	for _, k := range set.Kits() {
		if slices.Contains(k.Rules.Colours(), c) {
			return c, nil
		}
		for _, x := range k.Rules.Colours() {
			if !slices.Contains(all, x) {
				all = append(all, x)
			}
		}
	}
	return "", fmt.Errorf("%q is not a colour (%s)", s, strings.Join(all, ", "))
}
