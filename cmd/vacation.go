package cmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/referee"
	"github.com/elasund/elasund/turnfile"
)

type vacationOptions struct {
	File string
	// Request is the request's canonical text (referee.RequestText):
	// "vacation until 2026-12-01", "vacation 5 days" or "back".
	Request string
	Now     time.Time
	Out     io.Writer
	Seat    func(g *turnfile.Game) (string, error)
	Signer  func(g *turnfile.Game, seat string) (*turnfile.Signer, error)
	Games   *games.Set
}

func newVacationCmd(app *App, runF func(*vacationOptions) error) *cobra.Command {
	opts := &vacationOptions{}
	var as string
	var back bool
	c := &cobra.Command{
		Use:   "vacation FILE WHEN [--back] [--as COLOUR]",
		Short: "Sign a vacation (or its end) for a game the mail referee hosts",
		Long: `vacation signs a request to the mail referee for a seat you play with your
own key: a vacation until a day, WHEN being "until YYYY-MM-DD" or "N days"
(its deadline is paused until then), or, with --back and no WHEN, its
early end. It prints two lines to mail to the referee, keeping
the game's tag [elasund GAME] in the subject: the request, and a signature
made with the seat's key from your key store. The referee holds no token
for a seat with its own key, and the address a mail comes from can be
forged, so it accepts the request only with that signature, as it accepts
the seat's moves only when signed. A signature is good for a week, and only
until the seat's next vacation change. A seat the referee hosts asks with
its token line instead (see docs/mail.md, "Vacations").`,
		Example: `  elasund vacation game.yaml until 2026-12-01
  elasund vacation game.yaml 5 days --as blue
  elasund vacation game.yaml --back`,
		Args: minArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			when := strings.Join(args[1:], " ")
			switch {
			case back && when != "":
				return usagef(c, "--back takes no date: it ends the vacation you are on")
			case back:
				opts.Request = referee.RequestText("back", "")
			case when == "":
				return usagef(c, `say until when ("until 2026-12-01", "5 days"), or --back`)
			default:
				if _, err := referee.VacationEnd(when, time.Time{}); err != nil {
					return usagef(c, "%v", err)
				}
				opts.Request = referee.RequestText("vacation", when)
			}
			if _, err := seatFlag(c, app.games(), as); err != nil {
				return err
			}
			opts.Now, opts.Out, opts.Games = app.now(), c.OutOrStdout(), app.games()
			opts.Seat = func(g *turnfile.Game) (string, error) { return app.resolveSeat(c, g, as) }
			opts.Signer = app.signerFor
			if runF != nil {
				return runF(opts)
			}
			return runVacation(opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "the seat the request is for (default: yours)")
	c.Flags().BoolVar(&back, "back", false, "end the vacation you are on")
	return c
}

func runVacation(opts *vacationOptions) error {
	opts.Games = orAll(opts.Games)
	g, err := openGame(opts.Games, opts.File)
	if err != nil {
		return err
	}
	if g.File().Header.Sandbox {
		return fmt.Errorf("%s is a sandbox game: it has no referee and no deadlines", opts.File)
	}
	seat, err := opts.Seat(g)
	if err != nil {
		return err
	}
	signer, err := opts.Signer(g, seat)
	if err != nil {
		return err
	}
	game := g.File().Header.Game
	_, err = fmt.Fprintf(opts.Out, "Mail these two lines to the referee, with the subject %q:\n\n%s\n%s\n",
		"[elasund "+game+"] "+strings.SplitN(opts.Request, " ", 2)[0],
		opts.Request, referee.SignRequest(signer, game, seat, opts.Request, opts.Now))
	return err
}
