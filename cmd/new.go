package cmd

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

type newOptions struct {
	File string
	// Game is the game's name; empty is the default game.
	Game string
	// Choices are the game's set-up choices by name (--edition,
	// --scenario); one left out is the game's default.
	Choices map[string]string
	Seats   []turnfile.Seat
	Options map[string]string
	Sandbox bool
	Seed    *int64
	Random  bool
	// Commit commits the new file with git (--commit), run by Git.
	Commit bool
	Git    func(ctx context.Context, dir string, args ...string) error
	Now    time.Time
	Rand   io.Reader
	Out    io.Writer
	Games  *games.Set
}

func newNewCmd(app *App, runF func(*newOptions) error) *cobra.Command {
	opts := &newOptions{}
	var players, start string
	var options []string
	var seed int64
	var choices *choiceFlags
	c := &cobra.Command{
		Use:   "new FILE --players COLOUR=NAME[:EMAIL],... [--game NAME] [--scenario S] [--edition en] [--option k=v]... [--sandbox] [--seed N] [--start first|random] [--commit]",
		Short: "Create a game file with empty seats, in turn order",
		Long: `new creates a game file. Seats play in the order given, the first one
starting. In a normal game every player then signs in with "elasund join";
a sandbox game (--sandbox) has no keys or signatures and can be played at
once, with dice from --seed. --start random shuffles the order, only in a
sandbox game. --game chooses the game (default elasund); --scenario its
scenario, for games that have them (seafarers: new-shores by default).
--commit also commits the new file with git, as "elasund move --commit"
does.`,
		Example: `  elasund new game.yaml --players red=Alice:alice@example.org,blue=Bob:bob@example.org
  elasund new game.yaml --players red=Ann,blue=Ben,green=Cat --edition fr --option turn_limit=20
  elasund new practice.yaml --players red=Me,blue=Bot --sandbox --seed 42 --start random
  elasund new isles.yaml --game seafarers --scenario four-islands --players red=Ann,blue=Ben,white=Cat
  elasund new isles.yaml --game seafarers --players red=Ann,blue=Ben,white=Cat --commit`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			if players == "" {
				return usagef(c, "say who plays with --players COLOUR=NAME[:EMAIL],...")
			}
			kit, err := app.games().Lookup(opts.Game)
			if err != nil {
				return usagef(c, "--game: %v", err)
			}
			if opts.Seats, err = parsePlayers(kit.Rules, players); err != nil {
				return usagef(c, "--players: %v", err)
			}
			if opts.Choices, err = choices.given(kit.Rules); err != nil {
				return err
			}
			opts.Options = map[string]string{}
			for _, o := range options {
				k, v, ok := strings.Cut(o, "=")
				if !ok || k == "" {
					return usagef(c, "--option %q: want NAME=VALUE", o)
				}
				opts.Options[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
			opts.Sandbox = sandboxFlag(c)
			if c.Flags().Changed("seed") {
				if !opts.Sandbox {
					return usagef(c, "--seed is for sandbox games only (add --sandbox)")
				}
				if seed < 0 || seed > turnfile.MaxSeed {
					return usagef(c, "--seed: want 0..%d", int64(turnfile.MaxSeed))
				}
				opts.Seed = &seed
			}
			switch start {
			case "first":
			case "random":
				if !opts.Sandbox {
					return usagef(c, "--start random is for sandbox games only: in a peer game the last seat to join could choose the order")
				}
				opts.Random = true
			default:
				return usagef(c, "--start: want first or random")
			}
			opts.Now, opts.Rand, opts.Out, opts.Games = app.now(), app.rand(), c.OutOrStdout(), app.games()
			opts.Git = app.git
			if runF != nil {
				return runF(opts)
			}
			return runNew(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&players, "players", "", "seats in turn order: COLOUR=NAME[:EMAIL],...")
	c.Flags().StringVar(&opts.Game, "game", "", "the game: "+app.games().Describe()+" (default "+app.games().Names()[0]+")")
	choices = addChoiceFlags(c, app.games())
	_ = c.RegisterFlagCompletionFunc("game", cobra.FixedCompletions(app.games().Names(), cobra.ShellCompDirectiveNoFileComp))
	c.Flags().StringArrayVar(&options, "option", nil, "a rule option NAME=VALUE (repeatable)")
	c.Flags().Bool("sandbox", false, "a sandbox game: no keys, dice from a seed, editable")
	c.Flags().Int64Var(&seed, "seed", 0, "the sandbox seed (default: random)")
	c.Flags().StringVar(&start, "start", "first", "who starts: first (the first seat listed) or random (sandbox only)")
	c.Flags().BoolVar(&opts.Commit, "commit", false, "git commit the new file")
	return c
}

func sandboxFlag(c *cobra.Command) bool {
	v, _ := c.Flags().GetBool("sandbox")
	return v
}

// parsePlayers reads --players of new and host new,
// "red=Alice:alice@example.org,blue=Bob", the colours those of game g.
func parsePlayers(g engine.Game, s string) ([]turnfile.Seat, error) {
	var out []turnfile.Seat
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		col, rest, _ := strings.Cut(part, "=")
		c, err := gameColour(g, col)
		if err != nil {
			return nil, err
		}
		name, email, _ := strings.Cut(rest, ":")
		name, email = strings.TrimSpace(name), strings.TrimSpace(email)
		if strings.ContainsAny(name+email, "\n\r") || len(name) > 200 || len(email) > 200 {
			return nil, fmt.Errorf("%s: name or e-mail too long", c)
		}
		if name == "" {
			name = c
		}
		if slices.ContainsFunc(out, func(o turnfile.Seat) bool { return o.Colour == c }) {
			return nil, fmt.Errorf("%s is seated twice", c)
		}
		out = append(out, turnfile.Seat{Colour: c, Name: name, Email: email})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no seat given")
	}
	// How many seats may play is the game's to say (Resolve).
	return out, nil
}

func runNew(ctx context.Context, opts *newOptions) error {
	opts.Games = orAll(opts.Games)
	if fileExists(opts.File) {
		return withHint(fmt.Errorf("%s already exists", opts.File), "choose another file name; new never overwrites a game")
	}
	kit, err := opts.Games.Lookup(opts.Game)
	if err != nil {
		return &usageError{err: fmt.Errorf("--game: %w", err)}
	}
	g, err := turnfile.New(turnfile.NewOptions{
		Rules: kit.Rules, Created: opts.Now, Choices: opts.Choices,
		Options: opts.Options, Seats: opts.Seats,
		Sandbox: opts.Sandbox, Seed: opts.Seed, RandomStart: opts.Random, Rand: opts.Rand,
	})
	if err != nil {
		return setupError(err)
	}
	if err := writeGame(opts.File, g.File()); err != nil {
		return err
	}
	h := g.File().Header
	kind := "game"
	if h.Sandbox {
		kind = "sandbox game (seed " + strconv.FormatInt(*h.Seed, 10) + ")"
	}
	fmt.Fprintf(opts.Out, "created %s: %s %s, seats in turn order:", opts.File, kind, h.Game)
	for _, s := range h.Seats {
		fmt.Fprintf(opts.Out, " %s (%s)", s.Colour, s.Name)
	}
	fmt.Fprintln(opts.Out)
	fmt.Fprintf(opts.Out, "next: %s\n", nextStep(opts.File, g, kit.Renderer))
	if opts.Commit {
		msg := fmt.Sprintf("elasund %s: new %s, seats %s", h.Game, kind, seatList(h.Seats))
		if f := g.File(); !defaultRules(f, opts.Games) {
			msg = fmt.Sprintf("elasund %s: new %s (%s), seats %s", h.Game, kind, rulesWords(f, opts.Games), seatList(h.Seats))
		}
		if err := gitCommit(ctx, opts.Git, opts.File, msg, "the game"); err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "committed: %s\n", msg)
	}
	return nil
}

// seatList names seats in turn order with their players: "red (Ann),
// blue (Ben)".
func seatList(seats []turnfile.Seat) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = s.Colour + " (" + s.Name + ")"
	}
	return strings.Join(parts, ", ")
}

// nextStep says what to run after new made the game g in file: in a peer
// game every seat joins, the first seat first (turnfile.md §4.1); in a
// sandbox game the seat that moves first plays its first legal action,
// as the game prints it ("roll" in Elasund, a setup placement in
// Seafarers).
func nextStep(file string, g *turnfile.Game, r templates.Renderer) string {
	h := g.File().Header
	if !h.Sandbox {
		first := h.Seats[0].Colour
		return fmt.Sprintf("each player runs 'elasund join %s --as COLOUR' and passes the file on, %s first: elasund join %s --as %s",
			file, first, shellWord(file, false), first)
	}
	p := g.Position()
	seat := p.Current()
	if w := p.Awaited(); len(w) > 0 {
		seat = w[0]
	}
	acts := g.Legal(seat, nil)
	if len(acts) == 0 {
		return fmt.Sprintf("elasund moves %s", shellWord(file, false))
	}
	act := acts[0].String()
	if r != nil {
		act = r.Action(p, act)
	}
	return fmt.Sprintf("elasund move %s %s", shellWord(file, false), shellWord(act, true))
}

// shellWord quotes s for a POSIX shell unless it is only letters, digits
// and . _ - : , / = + @, or spaces where spaces is set (the words of an
// action need no quotes: move joins them).
func shellWord(s string, spaces bool) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-:,/=+@", r) || spaces && r == ' ') {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
