package cmd

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// maxDemoEntries bounds a demo game; bots end a game in a few hundred
// entries.
const maxDemoEntries = 5000

// demoNames are the bots' names, one per seat.
var demoNames = [...]string{"Astrid", "Bjorn", "Greta", "Yngve"}

type demoOptions struct {
	// Game and Choices choose the game and its set-up choices (such as
	// --scenario); empty is the default game, a choice left out the
	// game's default.
	Game    string
	Choices map[string]string
	Players int
	Level   string
	// Seed makes the game: the game id, the seats' keys and chain
	// secrets, and so every die, card and bot choice.
	Seed uint64
	// OutFile keeps the game file; empty plays in a temporary file that
	// is removed at the end.
	OutFile string
	// Delay is the pause after each move, to watch the game go by.
	Delay time.Duration
	// Watch redraws the board after every move instead of printing the
	// moves one after another (on a terminal, unless --no-watch).
	Watch bool
	// Now is the clock for the file's times.
	Now func() time.Time
	// TempDir is where the seats' key directories (and the game file
	// without OutFile) are made; empty means the system's.
	TempDir string
	// MaxSize stops the game before its file grows past it; 0 means
	// turnfile.MaxSize, the most any reader takes.
	MaxSize int
	Out     io.Writer
	Games   *games.Set
}

func newDemoCmd(app *App, runF func(*demoOptions) error) *cobra.Command {
	opts := &demoOptions{}
	var seed uint64
	var choices *choiceFlags
	c := &cobra.Command{
		Use:   "demo [--game NAME] [--scenario S] [--edition E] [--players N] [--seed S] [--level heuristic|random|strong] [--out FILE] [--delay D]",
		Short: "Watch built-in bots play a whole game through signed turn files",
		Long: `demo plays a whole game between built-in bots, the way people play it:
each bot has its own key and hash chain in its own temporary key directory,
joins its seat, and signs each of its moves into the turn file. Every move
is printed with its dice and what followed; at the end come the board, the
winner, and the full check of the file that "elasund verify" makes.

On a terminal the board is redrawn after every move, so the game can be
watched; --delay sets the pace (default 400ms there, none elsewhere) and
--no-watch prints the moves one after another instead. The same --seed
gives the same game (the file's times come from the clock, or
SOURCE_DATE_EPOCH). --out keeps the file, to look at it with "show", "log"
or "render"; without it the file is removed at the end.`,
		Example: `  elasund demo
  elasund demo --players 2 --seed 7 --level random
  elasund demo --out finished.yaml --delay 300ms
  elasund demo --game seafarers --scenario four-islands`,
		Args: exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Players < 2 || opts.Players > 4 {
				return usagef(c, "--players: want 2 to 4, got %d", opts.Players)
			}
			kit, err := app.games().Lookup(opts.Game)
			if err != nil {
				return usagef(c, "--game: %v", err)
			}
			if opts.Choices, err = choices.given(kit.Rules); err != nil {
				return err
			}
			if levels := kit.Bots.Levels(); !slices.Contains(levels, opts.Level) {
				return usagef(c, "--level: %v", &bot.LevelError{Level: opts.Level, Levels: levels})
			}
			if opts.Delay < 0 {
				return usagef(c, "--delay: want a duration of 0 or more, such as 500ms")
			}
			if c.Flags().Changed("seed") {
				opts.Seed = seed
			} else {
				var b [8]byte
				if _, err := io.ReadFull(app.rand(), b[:]); err != nil {
					return fmt.Errorf("drawing a seed: %w", err)
				}
				opts.Seed = binary.BigEndian.Uint64(b[:]) % 1_000_000
			}
			opts.Now, opts.Out, opts.Games = app.now, c.OutOrStdout(), app.games()
			noWatch, _ := c.Flags().GetBool("no-watch")
			opts.Watch = !noWatch && app.Terminal != nil && app.Terminal(opts.Out)
			if opts.Watch && !c.Flags().Changed("delay") {
				opts.Delay = watchDelay
			}
			if runF != nil {
				return runF(opts)
			}
			return runDemo(c.Context(), opts)
		},
	}
	levels := allLevels(app.games())
	c.Flags().StringVar(&opts.Game, "game", "", "the game: "+app.games().Describe()+" (default "+app.games().Names()[0]+")")
	choices = addChoiceFlags(c, app.games())
	c.Flags().IntVar(&opts.Players, "players", 4, "number of seats, 2 to 4")
	c.Flags().Uint64Var(&seed, "seed", 0, "the game's seed (default: random, printed)")
	c.Flags().StringVar(&opts.Level, "level", bot.LevelHeuristic, "how the bots play: "+strings.Join(levels, " or "))
	_ = c.RegisterFlagCompletionFunc("level", cobra.FixedCompletions(levels, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("game", cobra.FixedCompletions(app.games().Names(), cobra.ShellCompDirectiveNoFileComp))
	c.Flags().StringVar(&opts.OutFile, "out", "", "keep the game file here (never overwrites a file)")
	c.Flags().DurationVar(&opts.Delay, "delay", 0, "pause after each move, such as 500ms (default 400ms on a terminal)")
	c.Flags().Bool("no-watch", false, "print the moves one after another, even on a terminal")
	return c
}

// demoSeat is one bot at the table: its key store in its own directory,
// and its player.
type demoSeat struct {
	colour string
	keys   *turnfile.KeyStore
	player bot.Player
}

func runDemo(ctx context.Context, opts *demoOptions) error {
	opts.Games = orAll(opts.Games)
	if opts.OutFile != "" && fileExists(opts.OutFile) {
		return withHint(fmt.Errorf("%s already exists", opts.OutFile), "choose another file name; demo never overwrites a file")
	}
	tmp, err := os.MkdirTemp(opts.TempDir, "elasund-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	path := opts.OutFile
	if path == "" {
		path = filepath.Join(tmp, "demo.yaml")
	}
	// One deterministic source for the game id, keys and chain secrets:
	// the seed decides the whole game.
	var key [32]byte
	binary.BigEndian.PutUint64(key[:], opts.Seed)
	copy(key[8:], "elasund demo")
	src := rand.NewChaCha8(key)

	d, err := newDemoGame(opts, path, src)
	if err != nil {
		return err
	}
	d.printStart()
	if err := d.seatBots(tmp, src); err != nil {
		return err
	}
	if err := d.play(ctx); err != nil {
		return err
	}
	return d.finish(ctx)
}

// demoGame is a demo in play: its file, the game's kit and the bots at
// the table.
type demoGame struct {
	opts  *demoOptions
	w     io.Writer
	path  string
	kit   games.Kit
	g     *turnfile.Game
	seats []turnfile.Seat
	bots  map[string]*demoSeat
}

// newDemoGame makes the demo's game: the first colours the game lets
// sit together, a bot's name at each, and the file's header drawn from
// src.
func newDemoGame(opts *demoOptions, path string, src io.Reader) (*demoGame, error) {
	kit, err := opts.Games.Lookup(opts.Game)
	if err != nil {
		return nil, &usageError{err: fmt.Errorf("--game: %w", err)}
	}
	colours := kit.Rules.Colours()
	if opts.Players > len(colours) || opts.Players > len(demoNames) {
		return nil, &usageError{err: fmt.Errorf("--players: %s has %d seats at most", kit.Rules.Name(), min(len(colours), len(demoNames)))}
	}
	chosen, err := demoColours(kit.Rules, opts.Choices, opts.Players)
	if err != nil {
		return nil, setupError(err)
	}
	var seats []turnfile.Seat
	for i, c := range chosen {
		seats = append(seats, turnfile.Seat{Colour: c, Name: demoNames[i]})
	}
	g, err := turnfile.New(turnfile.NewOptions{Rules: kit.Rules, Choices: opts.Choices, Created: opts.Now(), Seats: seats, Rand: src})
	if err != nil {
		return nil, setupError(err)
	}
	return &demoGame{opts: opts, w: opts.Out, path: path, kit: kit, g: g, seats: seats, bots: map[string]*demoSeat{}}, nil
}

// printStart prints what the demo plays and where its file is.
func (d *demoGame) printStart() {
	id := d.g.File().Header.Game
	fmt.Fprintf(d.w, "elasund demo: %d %s bots, seed %d (the same seed plays the same game)\n", d.opts.Players, d.opts.Level, d.opts.Seed)
	if d.opts.OutFile == "" {
		fmt.Fprintf(d.w, "game %s, file %s (temporary: --out FILE keeps it)\n", id, d.path)
	} else {
		fmt.Fprintf(d.w, "game %s, file %s\n", id, d.path)
	}
}

// seatBots gives each seat a bot with its own key store in its own
// directory below tmp, and joins it, writing the file after each join.
func (d *demoGame) seatBots(tmp string, src io.Reader) error {
	for i, s := range d.seats {
		dir := filepath.Join(tmp, "keys-"+s.Colour)
		ks, err := turnfile.CreateKeyStore(dir, s.Name, "", src)
		if err != nil {
			return fmt.Errorf("making %s's key: %w", s.Colour, err)
		}
		secret, err := ks.NewSecret(d.g, s.Colour, src)
		if err != nil {
			return err
		}
		p, err := d.kit.Bots.New(d.opts.Level, d.opts.Seed*8+uint64(i))
		if err != nil {
			return err
		}
		d.bots[s.Colour] = &demoSeat{colour: s.Colour, keys: ks, player: p}
		if _, err := d.g.Join(s.Colour, &turnfile.Signer{Key: ks.Private, Secret: secret}, d.opts.Now()); err != nil {
			return fmt.Errorf("%s joining: %w", s.Colour, err)
		}
		if err := writePlayed(d.path, d.g); err != nil {
			return err
		}
		fmt.Fprintf(d.w, "  %-6s %-6s joins with its own key %s\n", s.Colour, s.Name, ks.PublicKey())
	}
	fmt.Fprintln(d.w)
	return nil
}

// play has the bots move until the game is over, each move signed,
// written and printed (or the board redrawn) as it is made.
func (d *demoGame) play(ctx context.Context) error {
	for n := 0; !d.g.Position().Over(); n++ {
		if n == maxDemoEntries {
			return fmt.Errorf("the game did not end in %d moves", maxDemoEntries)
		}
		e, err := d.move()
		if err != nil {
			return err
		}
		if err := writePlayed(d.path, d.g); err != nil {
			return err
		}
		if d.opts.Watch {
			watchEntry(d.w, d.kit.Renderer, d.g, e, d.opts.Seed)
		} else {
			printDemoEntry(d.w, d.kit.Renderer, d.g, e)
		}
		if d.opts.Delay > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(d.opts.Delay):
			}
		}
	}
	return nil
}

// move has the bot of the seat to move next plan and sign its move, and
// appends it to the game.
func (d *demoGame) move() (*turnfile.Entry, error) {
	seat := demoMover(d.g.Position())
	b := d.bots[seat]
	signer, err := b.keys.Signer(d.g, seat)
	if err != nil {
		return nil, err
	}
	move, err := planMove(d.g, seat, signer, b.player)
	if err != nil {
		return nil, err
	}
	e, err := d.g.Move(seat, move, signer, d.opts.Now(), turnfile.MoveOptions{MaxSize: d.opts.MaxSize})
	var full *turnfile.SizeError
	if errors.As(err, &full) {
		// Bots that play at random can make a Seafarers game that long.
		return nil, withHint(fmt.Errorf("the game did not end before its file outgrew %d bytes (%d entries, turn %d)", full.Limit, len(d.g.File().History), d.g.Position().Turn()),
			"bots that play at random can play on for long; try --level heuristic or another --seed")
	}
	if err != nil {
		return nil, fmt.Errorf("%s's move %q: %w", seat, formatMove(move), err)
	}
	return e, nil
}

// finish prints the final position and the winners, verifies the file as
// "elasund verify" does, and shows how to start a real game.
func (d *demoGame) finish(ctx context.Context) error {
	w, p := d.w, d.g.Position()
	if d.opts.Watch {
		fmt.Fprint(w, clearScreen)
	}
	fmt.Fprintf(w, "\nthe final position:\n\n")
	fmt.Fprint(w, d.kit.Renderer.Text(p, templates.View{}))
	fmt.Fprintln(w)
	for _, winner := range p.Winners() {
		win := d.g.File().Header.SeatOf(winner)
		fmt.Fprintf(w, "winner: %s (%s), %s, after %d turns and %d entries\n", winner, win.Name, d.kit.Renderer.HowWon(p, winner), p.Turn(), len(d.g.File().History))
	}
	fmt.Fprintf(w, "\nelasund verify %s\n", d.path)
	if err := runVerify(ctx, &verifyOptions{File: d.path, Out: w, Games: d.opts.Games}); err != nil {
		return fmt.Errorf("the demo's own file does not verify: %w", err)
	}
	if d.opts.OutFile != "" {
		fmt.Fprintf(w, "\nkept %s: try 'elasund log %s' or 'elasund render %s --svg board.svg'\n", d.path, d.path, d.path)
	} else {
		fmt.Fprintf(w, "\nthe file is removed now; run again with --seed %d --out FILE to keep this game\n", d.opts.Seed)
	}
	printRealGame(w, d.kit.Rules, d.kit.Rules.Name() == d.opts.Games.Names()[0], d.g.File().Header)
	return nil
}

// demoPeople are the people of the real game the demo ends by showing how
// to start: you and your friends.
var demoPeople = [...]string{"You:you@example.org", "Friend:friend@example.org", "Kim:kim@example.org", "Lee:lee@example.org"}

// printRealGame prints the commands that start a real game of rules like
// the demo's (header h), with as few of its seats as the game allows;
// --game is left out for the default game.
func printRealGame(w io.Writer, rules engine.Game, isDefault bool, h turnfile.Header) {
	n := len(h.Seats)
	for k := 1; k < n; k++ {
		var seats []string
		for _, s := range h.Seats[:k] {
			seats = append(seats, s.Colour)
		}
		if _, err := rules.Resolve(engine.Setup{Seats: seats, Choices: h.Choices}); err == nil {
			n = k
			break
		}
	}
	var players []string
	for i, s := range h.Seats[:n] {
		players = append(players, s.Colour+"="+demoPeople[i])
	}
	game := ""
	if !isDefault {
		game = " --game " + rules.Name()
	}
	for _, c := range rules.Choices() {
		// The default game's default choices go without saying.
		if v, ok := h.Choices[c.Name]; ok && (!isDefault || v != c.Default) {
			game += " --" + c.Name + " " + v
		}
	}
	fmt.Fprintf(w, "\nTo play a real game, make your key, create the game and take your seat:\n\n")
	fmt.Fprintf(w, "  elasund keygen --name You --email you@example.org\n")
	fmt.Fprintf(w, "  elasund new game.yaml%s --players %s\n", game, strings.Join(players, ","))
	fmt.Fprintf(w, "  elasund join game.yaml --as %s\n", h.Seats[0].Colour)
	if n == 2 {
		fmt.Fprintf(w, "\nthen send game.yaml to your friend, who joins too; 'elasund rules' explains the game.\n")
	} else {
		fmt.Fprintf(w, "\nthen send game.yaml to your friends, who join too; 'elasund rules' explains the game.\n")
	}
}

// demoColours returns the first n of the game's colours, in its
// canonical order, that the set-up choices let sit together (pirate-islands
// with three seats leaves white out, Seafarers S3): the first set of n
// colours that Resolve accepts. When none is, it returns Resolve's error
// for the first n colours.
func demoColours(rules engine.Game, choices map[string]string, n int) ([]string, error) {
	colours := rules.Colours()
	var first error
	var try func(from int, seats []string) []string
	try = func(from int, seats []string) []string {
		if len(seats) == n {
			_, err := rules.Resolve(engine.Setup{Seats: seats, Choices: choices})
			if err == nil {
				return seats
			}
			if first == nil {
				first = err
			}
			return nil
		}
		for i := from; i <= len(colours)-(n-len(seats)); i++ {
			if ok := try(i+1, append(seats, colours[i])); ok != nil {
				return ok
			}
		}
		return nil
	}
	if seats := try(0, make([]string, 0, n)); seats != nil {
		return seats, nil
	}
	return nil, first
}

// demoMover is the seat whose bot moves next: a seat the game waits for
// besides the seat to move, when that one owes no decision (it waits for
// their answers to its offer); else the first seat the game waits for.
func demoMover(p engine.Position) string {
	acting, cur := p.Awaited(), p.Current()
	if bot.AwaitsOthers(p, cur) {
		for _, s := range acting {
			if s != cur {
				return s
			}
		}
	}
	return acting[0]
}

// watchDelay is the pace of a demo watched on a terminal.
const watchDelay = 400 * time.Millisecond

// clearScreen moves a terminal's cursor home and clears the screen.
const clearScreen = "\x1b[H\x1b[2J"

// watchEntry redraws the terminal: the game so far, the board, and the
// entry just made with what it caused.
func watchEntry(w io.Writer, r templates.Renderer, g *turnfile.Game, e *turnfile.Entry, seed uint64) {
	step := g.Steps()[len(g.Steps())-1]
	fmt.Fprint(w, clearScreen)
	fmt.Fprintf(w, "elasund demo, seed %d: turn %d, entry %d (Ctrl-C stops)\n\n", seed, step.Turn, e.N)
	fmt.Fprint(w, r.Text(g.Position(), templates.View{}))
	fmt.Fprintln(w)
	printDemoEntry(w, r, g, e)
}

// printDemoEntry prints one entry: the turn and seat, the dice of a
// turn's roll, the actions and their events in r's words.
func printDemoEntry(w io.Writer, r templates.Renderer, g *turnfile.Game, e *turnfile.Entry) {
	step := g.Steps()[len(g.Steps())-1]
	head := fmt.Sprintf("turn %2d  %-6s", step.Turn, e.Seat)
	if e.Kind != turnfile.EntryMove {
		head += " " + e.Kind.String()
	}
	fmt.Fprintf(w, "%s  %s\n", head, strings.Join(e.Actions, "; "))
	for _, ev := range e.Events {
		fmt.Fprintf(w, "           %s\n", r.Event(g.Position(), ev))
	}
}
