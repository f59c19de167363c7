package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/referee"
	"github.com/elasund/elasund/turnfile"
)

type hostSeatOptions struct {
	Config    string
	LookupEnv func(string) (string, bool)
	Game      string
	// Seat is a lower-case colour; the game checks it.
	Seat string
	// To is the new player; Bot hands the seat to the bot instead.
	To    turnfile.Seat
	Bot   bool
	Print bool
	Now   time.Time
	Rand  io.Reader
	Out   io.Writer
	// Games are the games the store may hold; nil means games.All().
	Games *games.Set
}

func newHostSeatCmd(app *App, runF func(*hostSeatOptions) error) *cobra.Command {
	opts := &hostSeatOptions{}
	var to string
	c := &cobra.Command{
		Use:   "seat --config FILE GAME COLOUR --to NAME:EMAIL|bot [--print]",
		Short: "Hand an abandoned hosted seat to a new player or to the bot",
		Long: `host seat hands a hosted seat of a game to a new player, who gets a new
token (the old one stops working) and the game as it stands, or to the bot,
which then plays every move of the seat as soon as the game waits for it.
Every player is told. The seat keeps its key, its chain and its place in the
game. A seat that plays with its own key cannot be handed over: its key is
not the daemon's.`,
		Example: `  elasund host seat --config daemon.yaml 3f9c2a7d5e1b4c08 blue --to Carol:carol@example.org
  elasund host seat --config daemon.yaml 3f9c2a7d5e1b4c08 blue --to bot`,
		Args: exactArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Config == "" {
				return usagef(c, "say where the daemon's configuration is with --config FILE")
			}
			opts.Game = strings.ToLower(args[0])
			col, err := anyColour(app.games(), args[1])
			if err != nil {
				return usagef(c, "%v", err)
			}
			opts.Seat = col
			switch to = strings.TrimSpace(to); {
			case to == "":
				return usagef(c, "say who takes the seat with --to NAME:EMAIL or --to bot")
			case strings.EqualFold(to, "bot"):
				opts.Bot = true
			default:
				name, email, ok := strings.Cut(to, ":")
				if !ok || !strings.Contains(email, "@") || strings.ContainsAny(to, "\r\n") || len(to) > 400 {
					return usagef(c, "--to: want NAME:EMAIL or bot, not %q", to)
				}
				opts.To = turnfile.Seat{Colour: col, Name: strings.TrimSpace(name), Email: strings.TrimSpace(email)}
			}
			opts.LookupEnv, opts.Now, opts.Rand, opts.Out, opts.Games = app.lookupEnv, app.now(), app.rand(), c.OutOrStdout(), app.games()
			if runF != nil {
				return runF(opts)
			}
			return runHostSeat(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Config, "config", "", "the daemon's YAML configuration")
	c.Flags().StringVar(&to, "to", "", "the new player, NAME:EMAIL, or bot")
	c.Flags().BoolVar(&opts.Print, "print", false, "write the mails to standard output instead of sending them")
	return c
}

func runHostSeat(ctx context.Context, opts *hostSeatOptions) error {
	cfg, err := loadDaemonConfig(opts.Config, opts.LookupEnv)
	if err != nil {
		return err
	}
	hg, err := referee.HostSeat(referee.SeatOptions{
		Dir: cfg.GamesDir, Address: cfg.SMTP.From, Game: opts.Game, Seat: opts.Seat,
		To: opts.To, Bot: opts.Bot, Games: opts.Games, Rand: opts.Rand, Now: opts.Now,
	})
	if err != nil {
		return hostError(err)
	}
	who := "the bot"
	if !opts.Bot {
		who = fmt.Sprintf("%s <%s>", opts.To.Name, opts.To.Email)
	}
	fmt.Fprintf(opts.Out, "game %s: %s is now played by %s; %s\n", hg.Game, opts.Seat, who, counted(len(hg.Mail), "mail", "mails"))
	return deliver(ctx, opts.Out, cfg, hg, opts.Print, opts.Now)
}

type hostListOptions struct {
	Config    string
	LookupEnv func(string) (string, bool)
	Now       time.Time
	Out       io.Writer
	// Games are the games the store may hold; nil means games.All().
	Games *games.Set
}

func newHostListCmd(app *App, runF func(*hostListOptions) error) *cobra.Command {
	opts := &hostListOptions{}
	c := &cobra.Command{
		Use:   "list --config FILE",
		Short: "List the daemon's games: turn, whose move it is, the deadline",
		Long: `host list prints every game in the daemon's games_dir: its id, the game
(elasund, seafarers), the turn, whose move it is and the deadline, then each
seat with its player, whether the daemon hosts it or the bot plays it, and
any vacation. A mail with the subject "games" brings a player the same list.`,
		Example: `  elasund host list --config daemon.yaml`,
		Args:    exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Config == "" {
				return usagef(c, "say where the daemon's configuration is with --config FILE")
			}
			opts.LookupEnv, opts.Now, opts.Out, opts.Games = app.lookupEnv, app.now(), c.OutOrStdout(), app.games()
			if runF != nil {
				return runF(opts)
			}
			return runHostList(opts)
		},
	}
	c.Flags().StringVar(&opts.Config, "config", "", "the daemon's YAML configuration")
	return c
}

func runHostList(opts *hostListOptions) error {
	cfg, err := loadDaemonConfig(opts.Config, opts.LookupEnv)
	if err != nil {
		return err
	}
	list, err := referee.HostList(referee.ListOptions{Dir: cfg.GamesDir, Games: opts.Games, Now: opts.Now})
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintf(opts.Out, "no games in %s\n", cfg.GamesDir)
		return nil
	}
	w := tabwriter.NewWriter(opts.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "GAME\tNAME\tSTATUS")
	for _, gi := range list {
		fmt.Fprintf(w, "%s\t%s\t%s\n", gi.Game, gi.Name, gi.Status())
	}
	if err := w.Flush(); err != nil {
		return err
	}
	for _, gi := range list {
		if gi.Err != nil {
			continue
		}
		fmt.Fprintf(opts.Out, "\n%s (%s): deadline %s, no-move policy %s\n", gi.Game, gi.Name, deadlineText(gi.DeadlineAfter), gi.NoMove)
		for _, s := range gi.Seats {
			how := "own key"
			switch {
			case s.Bot:
				how = "hosted, played by the bot"
			case s.Hosted:
				how = "hosted"
			}
			line := fmt.Sprintf("  %-7s %s", s.Colour, s.Name)
			if s.Email != "" {
				line += " <" + s.Email + ">"
			}
			line += " (" + how + ")"
			if !s.Away.IsZero() {
				line += ", on vacation until " + s.Away.UTC().Format("2006-01-02 15:04 MST")
			}
			fmt.Fprintln(opts.Out, line)
		}
	}
	return nil
}

// deadlineText writes a deadline as --deadline takes it: "3d", "48h",
// "90m".
func deadlineText(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return fmt.Sprintf("%dm", d/time.Minute)
}
