package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type moveOptions struct {
	File    string
	Move    string
	OutFile string
	// Force lets --out replace an existing file.
	Force  bool
	Commit bool
	Dice   *[2]int
	// With are other copies of the game to combine with the file first
	// (elasund merge); DryRun shows the move without signing or writing.
	With   []string
	DryRun bool
	Now    time.Time
	Out    io.Writer
	// Usage turns a message into a usage error of this command.
	Usage  func(format string, args ...any) error
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

func newMoveCmd(app *App, runF func(*moveOptions) error) *cobra.Command {
	opts := &moveOptions{}
	var as, dice string
	c := &cobra.Command{
		Use:   "move FILE ACTIONS... [--as COLOUR] [--out FILE2] [--commit] [--dice A,B]",
		Short: "Validate and apply a move, sign it and write the file",
		Long: `move checks the file, applies a move (actions separated by ";" or new
lines, in the notation of "elasund moves"), signs it with your key and
writes the file in place (or to --out). The move is atomic: if any action is
illegal nothing changes and the message names the action and the rule.
The words after FILE are joined with spaces; "-" reads the move from
standard input. --commit also commits the file with git. --dice A,B forces
the roll, in sandbox games only.

Both games name places the same way: a square or hex is a row letter and a
column (D4). In Catan: Seafarers a corner is a hex and a direction (H5.n,
one of n ne se s sw nw) and an edge two neighbouring hexes (G6-H5); see
"elasund rules --game seafarers S13".`,
		Example: `  # Elasund
  elasund move game.yaml roll
  elasund move game.yaml "ship south; build tavern D4; permit 2 F9; end"
  elasund move game.yaml discard gold blue --as green --commit
  elasund move practice.yaml "pirate 5" --dice 3,4
  # Catan: Seafarers
  elasund move isles.yaml place settlement D7.n road C6-D7
  elasund move isles.yaml "roll; trade 4 wool for 1 ore; build ship C4-C6; end"
  elasund move isles.yaml "offer 1 brick for 1 ore to blue"
  elasund move isles.yaml confirm blue`,
		Args: minArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			if len(args) == 2 && args[1] == "-" {
				b, err := io.ReadAll(io.LimitReader(c.InOrStdin(), 64<<10))
				if err != nil {
					return fmt.Errorf("reading the move: %w", err)
				}
				opts.Move = string(b)
			} else {
				opts.Move = strings.Join(args[1:], " ")
			}
			if c.Flags().Changed("dice") {
				d, err := parseDice(dice)
				if err != nil {
					return usagef(c, "--dice: %v", err)
				}
				opts.Dice = d
			}
			if _, err := seatFlag(c, app.games(), as); err != nil {
				return err
			}
			opts.Now, opts.Out, opts.Games = app.now(), c.OutOrStdout(), app.games()
			opts.Usage = func(format string, args ...any) error { return usagef(c, format, args...) }
			opts.Seat = func(g *turnfile.Game) (string, error) { return app.resolveSeat(c, g, as) }
			opts.Signer, opts.Witness, opts.Cache = app.signerFor, app.witness(), app.positions
			opts.Git, opts.Keys = app.git, app.openKeys
			if runF != nil {
				return runF(opts)
			}
			return runMove(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&as, "as", "", "the seat that moves (default: yours, or the only one that can act)")
	c.Flags().StringVar(&opts.OutFile, "out", "", "write to this file instead of in place (never over an existing file without --force)")
	c.Flags().BoolVar(&opts.Force, "force", false, "let --out replace an existing file")
	c.Flags().BoolVar(&opts.Commit, "commit", false, "git commit the written file")
	c.Flags().StringVar(&dice, "dice", "", "force the roll to A,B (sandbox games only)")
	c.Flags().StringArrayVar(&opts.With, "with", nil, "combine this copy of the game with the file first, as elasund merge does (repeatable)")
	c.Flags().BoolVar(&opts.DryRun, "dry-run", false, "show what the move would do, without signing or writing anything")
	return c
}

// parseDice reads "A,B" with each die 1..6.
func parseDice(s string) (*[2]int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("want A,B such as 3,5")
	}
	var d [2]int
	for i, t := range []string{a, b} {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n < 1 || n > 6 {
			return nil, fmt.Errorf("%q is not a die value 1..6", strings.TrimSpace(t))
		}
		d[i] = n
	}
	return &d, nil
}

func runMove(ctx context.Context, opts *moveOptions) error {
	opts.Games = orAll(opts.Games)
	unlock, err := lockGame(opts.File)
	if err != nil {
		return err
	}
	defer unlock()
	f, err := readCached(opts.Games, opts.File, cacheOf(opts.Cache))
	if err != nil {
		return err
	}
	if opts.Dice != nil && !f.Header.Sandbox {
		return opts.Usage("--dice is for sandbox games only; the dice of this game come from the players' chains")
	}
	g, err := turnfile.Open(f)
	if err != nil {
		return fmt.Errorf("%s: %w", opts.File, err)
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
	if opts.Dice != nil && !g.BeginsTurn(seat) {
		return opts.Usage("--dice: %s is not about to roll", seat)
	}
	signer, serr := opts.Signer(g, seat)
	move, err := g.Rules().ParseMove(opts.Move)
	if err != nil {
		return notationHint(err, g, seat, signer, opts.Games.For(g.Rules()).Renderer, opts.File)
	}
	if serr != nil {
		return serr
	}
	wasParallel := parallelFor(g, seat)
	e, err := g.Move(seat, move, signer, opts.Now, turnfile.MoveOptions{Dice: opts.Dice, DryRun: opts.DryRun})
	if err != nil {
		return signedElsewhere(opts.File, err)
	}
	if opts.DryRun {
		return previewed(opts.Out, g, e, seat)
	}
	return publish(ctx, publishing{WasParallel: wasParallel, Overtaken: overtaken, Out: opts.Out, Git: opts.Git, File: opts.File, OutFile: opts.OutFile, Commit: opts.Commit, Witness: opts.Witness, Games: opts.Games}, g, e, seat, "")
}

// signedElsewhere adds to the key store's refusal of a second successor
// of an entry (§4.6) where the signed one is: a copy written with --out,
// most often, which merge brings into file.
func signedElsewhere(file string, err error) error {
	var st *turnfile.StaleError
	if !errors.As(err, &st) || !st.Signed {
		return err
	}
	if st.Kept != "" {
		return withHint(err, "the copy with your entry is kept at %s; 'elasund merge %s' restores it into %s", st.Kept, file, file)
	}
	return withHint(err, "go on from the copy that holds your entry (one written with --out?): 'elasund merge %s COPY' brings it in; --dry-run shows a move without signing it", file)
}

// checkOut refuses to write --out over an existing file unless forced.
func checkOut(out string, force bool) error {
	if out != "" && !force && fileExists(out) {
		return withHint(fmt.Errorf("--out %s: the file exists", out), "choose another name, or add --force to replace it")
	}
	return nil
}

// check refuses a copy the player's key store knows to be stale or forked
// (witness.Check); nil checks nothing.
func check(w witness, path string, g *turnfile.Game) error {
	if w == nil {
		return nil
	}
	return w.Check(path, g)
}

// openChecked opens the game at path, through the cache c when not nil,
// and refuses it when the player's key store knows it to be stale or
// forked (check).
func openChecked(set *games.Set, path string, c *turnfile.Cache, w witness) (*turnfile.Game, error) {
	g, err := openCached(set, path, c)
	if err != nil {
		return nil, err
	}
	if err := check(w, path, g); err != nil {
		return nil, err
	}
	return g, nil
}

// publishing says where and how an entry's file goes out.
type publishing struct {
	Out           io.Writer
	Git           func(ctx context.Context, dir string, args ...string) error
	File, OutFile string // the game file, and --out (written instead when set)
	Commit        bool
	Witness       witness
	// WasParallel is true when the entry was one of several the position
	// let seats make at once (the next: line sends it back).
	WasParallel bool
	// Overtaken are the seats whose entries a race settled by --with
	// left out: the file goes to them too.
	Overtaken []string
	// Games are the games, for the words of the entry's events; nil
	// means every game.
	Games *games.Set
}

// publish writes the game after entry e by seat, prints the entry (after
// headline, when not empty) with its events and where the game stands, and
// commits the file when asked.
func publish(ctx context.Context, p publishing, g *turnfile.Game, e *turnfile.Entry, seat string, headline string) error {
	out := p.File
	if p.OutFile != "" {
		out = p.OutFile
	}
	if err := writePlayed(out, g); err != nil {
		return err
	}
	// The key store remembers the game file the player keeps; a copy
	// written elsewhere with --out leaves it as it was.
	if p.Witness != nil && p.OutFile == "" {
		if err := p.Witness.Remember(g); err != nil {
			return fmt.Errorf("the move is written, but remembering it: %w", err)
		}
	}
	if headline != "" {
		fmt.Fprintln(p.Out, headline)
	}
	r := orAll(p.Games).For(g.Rules()).Renderer
	for _, ev := range e.Events {
		fmt.Fprintf(p.Out, "  %s\n", r.Event(g.Position(), ev))
	}
	reportWritten(p.Out, g, e, seat, out, p.WasParallel, p.Overtaken)
	if p.Commit {
		msg, err := commitMove(ctx, p.Git, g, e, seat, out)
		if err != nil {
			return err
		}
		fmt.Fprintf(p.Out, "committed: %s\n", msg)
	}
	return nil
}

// reportWritten says that entry e by seat is written to out, where the
// game stands, and in a peer game where the file goes next (to the seats
// overtaken too, whose entries a race left out).
func reportWritten(w io.Writer, g *turnfile.Game, e *turnfile.Entry, seat string, out string, wasParallel bool, overtaken []string) {
	fmt.Fprintf(w, "wrote %s: entry %d, %s %s; %s\n", out, e.N, seat, e.Kind, status(g))
	printNext(w, g, out, seat, wasParallel, false, overtaken)
}

// previewed prints what a move tried with --dry-run would do.
func previewed(w io.Writer, g *turnfile.Game, e *turnfile.Entry, seat string) error {
	fmt.Fprintf(w, "dry run: %s's %s would be entry %d: %s\n", seat, e.Kind, e.N, strings.Join(e.Actions, "; "))
	for _, ev := range e.Events {
		fmt.Fprintf(w, "  %s\n", ev)
	}
	fmt.Fprintln(w, "nothing was signed or written")
	return nil
}

// withCopies combines g with other copies of the game (--with), as
// elasund merge does, printing what it did; without any, it checks g
// against the player's key store (witness.Check). It returns the game and
// the seats whose entries a race left out, who need the combined copy.
func withCopies(g *turnfile.Game, path string, with []string, set *games.Set, keys func() (*turnfile.KeyStore, error), w witness, now time.Time, out io.Writer) (*turnfile.Game, []string, error) {
	if len(with) == 0 {
		return g, nil, check(w, path, g)
	}
	m, err := mergeCopies(g, path, with, set, keysOf(keys, g), now)
	if err != nil {
		return nil, nil, err
	}
	m.report(out)
	return m.game, m.overtaken, nil
}

// commitMove commits the file out, just written with entry e by seat, with
// git (--commit) and returns the commit message.
func commitMove(ctx context.Context, git func(ctx context.Context, dir string, args ...string) error, g *turnfile.Game, e *turnfile.Entry, seat string, out string) (string, error) {
	msg := fmt.Sprintf("elasund %s: turn %d, %s: %s", g.File().Header.Game, g.Steps()[len(g.Steps())-1].Turn, seat, strings.Join(e.Actions, "; "))
	if err := gitCommit(ctx, git, out, msg, "the move"); err != nil {
		return "", err
	}
	return msg, nil
}

// status says whose turn it is and what the game waits for.
func status(g *turnfile.Game) string {
	p := g.Position()
	if p.Over() {
		if w := p.Winners(); len(w) > 0 {
			return fmt.Sprintf("the game is over: %s wins", strings.Join(w, " and "))
		}
		return "the game is over"
	}
	if rest := g.Unjoined(); len(rest) > 0 {
		return fmt.Sprintf("waiting for %s to join", colours(rest))
	}
	return fmt.Sprintf("turn %d, %s's turn, %s phase, waiting for %s", p.Turn(), p.Current(), p.Phase(), colours(p.Awaited()))
}

// seatNames names seats with their players' names and addresses.
func seatNames(g *turnfile.Game, cs []string) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		s := g.File().Header.SeatOf(c)
		parts[i] = c
		if s != nil && s.Name != "" && s.Name != c {
			parts[i] += " (" + s.Name
			if s.Email != "" {
				parts[i] += " <" + s.Email + ">"
			}
			parts[i] += ")"
		}
	}
	return strings.Join(parts, ", ")
}
