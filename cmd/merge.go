package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type mergeOptions struct {
	File   string
	Copies []string
	Now    time.Time
	Out    io.Writer
	Games  *games.Set
	// Keys opens the player's key store; nil, or an error, means none:
	// then only the copies given are combined, and nothing is signed.
	Keys func() (*turnfile.KeyStore, error)
}

func newMergeCmd(app *App, runF func(*mergeOptions) error) *cobra.Command {
	opts := &mergeOptions{}
	c := &cobra.Command{
		Use:   "merge FILE [COPY...]",
		Short: "Combine copies of one game into FILE: entries made at once, races, a newer copy",
		Long: `merge combines copies of one game into FILE: FILE itself, the COPY files
given, and the copy your key store saw last. Copies cross in the mail when
several seats act at once (docs/cli.md, "When several seats act at once"):

  - decisions several seats made on the same position (discards after a
    seven, answers to an offer, gold choices) become one parallel entry;
  - a copy that holds another and more wins over it (a stale FILE gets the
    newer copy back);
  - two copies that both went on from one entry race: the one that went
    further is kept, the other is kept as evidence in your key store, and
    your own decisions and orders it held are signed again on the winner
    when they still apply.

The result is the same whoever merges, and in whatever order the copies
come. A seat that signed two different entries on one position is not a
race: merge refuses and writes a dispute report (exit 4).`,
		Example: `  elasund merge sf.yaml blue.yaml white.yaml
  elasund merge game.yaml`,
		Args: minArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File, opts.Copies = args[0], args[1:]
			opts.Now, opts.Out, opts.Games = app.now(), c.OutOrStdout(), app.games()
			opts.Keys = app.openKeys
			if runF != nil {
				return runF(opts)
			}
			return runMerge(c.Context(), opts)
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"yaml"}, cobra.ShellCompDirectiveFilterFileExt
		},
	}
	return c
}

func runMerge(ctx context.Context, opts *mergeOptions) error {
	opts.Games = orAll(opts.Games)
	unlock, err := lockGame(opts.File)
	if err != nil {
		return err
	}
	defer unlock()
	ks := keysOf(opts.Keys, nil)
	g, err := openCached(opts.Games, opts.File, ks.Cache())
	if err != nil {
		return err
	}
	m, err := mergeCopies(g, opts.File, opts.Copies, opts.Games, keysOf(opts.Keys, g), opts.Now)
	if err != nil {
		return err
	}
	if err := writePlayed(opts.File, m.game); err != nil {
		return err
	}
	if m.store != nil {
		if err := m.store.Remember(m.game); err != nil {
			return fmt.Errorf("%s is written, but remembering it: %w", opts.File, err)
		}
	}
	m.report(opts.Out)
	f := m.game.File()
	fmt.Fprintf(opts.Out, "wrote %s: %d entries; %s\n", opts.File, len(f.History), status(m.game))
	me := ""
	if m.store != nil {
		if mine := m.store.Seats(m.game); len(mine) == 1 {
			me = mine[0]
		}
	}
	printNext(opts.Out, m.game, opts.File, me, m.resignedParallel, true, m.overtaken)
	_ = ctx
	return nil
}

// keysOf opens the key store of a peer game's player (of any game when g
// is nil), or nil.
func keysOf(open func() (*turnfile.KeyStore, error), g *turnfile.Game) *turnfile.KeyStore {
	if open == nil || g != nil && g.File().Header.Sandbox {
		return nil
	}
	ks, err := open()
	if err != nil {
		return nil
	}
	return ks
}

// merged is the result of combining copies: the game, and what was done.
type merged struct {
	game  *turnfile.Game
	store *turnfile.KeyStore
	lines []string
	// overtaken are the other seats whose entries a race left out: their
	// copies lost, and they go on from this one (in seat order).
	overtaken []string
	// resignedParallel is true when a decision or orders signed again
	// was one of several entries made at once: the copy goes back to
	// the seat that combines them, as after any such entry.
	resignedParallel bool
}

func (m *merged) say(format string, args ...any) {
	m.lines = append(m.lines, fmt.Sprintf(format, args...))
}

func (m *merged) report(w io.Writer) {
	for _, l := range m.lines {
		fmt.Fprintln(w, l)
	}
}

// mergeCopies combines g (read from path) with the copies at the paths
// given and with the copy the player's key store saw last
// (turnfile.Merge, docs/turnfile.md §6.2); a double signature is written
// down as a dispute report beside path and refused. The player's own
// decisions and orders that lost a race are signed again on the result
// where they still apply.
func mergeCopies(g *turnfile.Game, path string, copies []string, set *games.Set, ks *turnfile.KeyStore, now time.Time) (*merged, error) {
	m := &merged{game: g, store: ks}
	type copyOf struct {
		name string
		game *turnfile.Game
	}
	var others []copyOf
	for _, c := range copies {
		o, err := openCached(set, c, ks.Cache())
		if err != nil {
			return nil, err
		}
		others = append(others, copyOf{c, o})
	}
	if ks != nil && ks.Plays(g) {
		if o, err := ks.SeenGame(g); err == nil && o != nil {
			others = append(others, copyOf{"the copy you saw last (" + ks.SeenPath(o) + ")", o})
		}
	}
	var left []turnfile.Entry
	current := path
	seen := map[string]bool{lastOf(g): true}
	for _, o := range others {
		if seen[lastOf(o.game)] {
			continue // the same copy as one merged already
		}
		seen[lastOf(o.game)] = true
		res, rep, err := turnfile.Merge(m.game, o.game)
		var fe *turnfile.ForkError
		if errors.As(err, &fe) {
			return nil, disputeError(path, fe)
		}
		if err != nil {
			return nil, fmt.Errorf("merging %s: %w", o.name, err)
		}
		switch rep.Kind {
		case turnfile.MergeAhead:
			if rep.FromB {
				m.say("%s goes on from entry %d: taken", o.name, rep.Entry)
			}
		case turnfile.MergeParallel:
			last := res.File().History[len(res.File().History)-1]
			m.say("entry %d: the entries %s made at once are combined into one parallel entry", last.N, last.Who())
		case turnfile.MergeRace:
			loser, winner := o, copyOf{current, m.game}
			if rep.FromB {
				loser, winner = copyOf{current, m.game}, o
			}
			m.say("entry %d: a race (%s); %s went further and is kept", rep.Entry, rep.Race.Reason, winner.name)
			for _, e := range rep.Left {
				m.say("  left out: %s's entry %d (%s)", e.Seat, e.N, strings.Join(e.Actions, "; "))
			}
			if ks != nil {
				if p, err := ks.KeepRace(g, loser.game, rep.Entry); err == nil {
					m.say("  the copy left out is kept as evidence: %s", p)
				}
			}
			left = append(left, rep.Left...)
		}
		if res != m.game {
			current = o.name
			if rep.Kind == turnfile.MergeParallel {
				current = "the combined copy"
			}
		}
		m.game = res
	}
	if ks != nil && len(left) > 0 {
		if err := m.signAgain(ks, left, now); err != nil {
			return nil, err
		}
	}
	m.overtaken = overtaken(m.game, left, ks)
	return m, nil
}

// overtaken lists, in seat order, the seats other than the player's whose
// entries among left a race left out.
func overtaken(g *turnfile.Game, left []turnfile.Entry, ks *turnfile.KeyStore) []string {
	var mine, lost []string
	if ks != nil {
		mine = ks.Seats(g)
	}
	for _, e := range left {
		for _, s := range e.PartSeats() {
			if !slices.Contains(mine, s) && !slices.Contains(lost, s) {
				lost = append(lost, s)
			}
		}
	}
	var out []string
	for _, s := range g.File().Header.Seats {
		if slices.Contains(lost, s.Colour) {
			out = append(out, s.Colour)
		}
	}
	return out
}

// signAgain signs again, on the merged game, the player's own decisions
// and orders that a race left out, when they still apply; a move left out
// is the player's to make again.
func (m *merged) signAgain(ks *turnfile.KeyStore, left []turnfile.Entry, now time.Time) error {
	mine := ks.Seats(m.game)
	for _, e := range left {
		if !slices.Contains(mine, e.Seat) {
			continue
		}
		if e.Kind != turnfile.EntryDecision && e.Kind != turnfile.EntryOrders {
			m.say("  your move of entry %d was left out: make it again if it still applies", e.N)
			continue
		}
		move, err := m.game.Rules().ParseMove(strings.Join(e.Actions, "; "))
		if err != nil {
			continue
		}
		signer, err := ks.Signer(m.game, e.Seat)
		if err != nil {
			return err
		}
		if !slices.Contains(m.game.Acting(), e.Seat) && e.Kind == turnfile.EntryDecision {
			m.say("  your %s of entry %d no longer %s", e.Kind, e.N, verb(e.Kind, "applies", "apply"))
			continue
		}
		wasParallel := parallelFor(m.game, e.Seat)
		n, err := m.game.Move(e.Seat, move, signer, now, turnfile.MoveOptions{})
		if err != nil {
			m.say("  your %s of entry %d no longer %s: %v", e.Kind, e.N, verb(e.Kind, "applies", "apply"), err)
			continue
		}
		m.say("  your %s of entry %d %s signed again as entry %d", e.Kind, e.N, verb(e.Kind, "is", "are"), n.N)
		m.resignedParallel = m.resignedParallel || wasParallel
	}
	return nil
}

// verb picks the verb form that agrees with an entry kind: "orders" are
// plural.
func verb(kind turnfile.EntryKind, one, many string) string {
	if kind == turnfile.EntryOrders {
		return many
	}
	return one
}

// disputeError writes the dispute report of a double signature beside
// path and returns the fork with a hint naming it.
func disputeError(path string, fe *turnfile.ForkError) error {
	report, rerr := writeDispute(path, fe)
	if rerr != nil {
		return withHint(fmt.Errorf("%s: %w", path, fe), "the dispute report could not be written: %v", rerr)
	}
	return withHint(fmt.Errorf("%s: %w", path, fe), "the two signed entries are in %s; anyone can check it with 'elasund verify %s'", report, report)
}

// lastOf names a copy by its length and last entry: two copies of one
// game with the same are the same copy.
func lastOf(g *turnfile.Game) string {
	h := g.File().History
	if len(h) == 0 {
		return "0"
	}
	e := h[len(h)-1]
	return fmt.Sprintf("%d/%s/%s", len(h), e.Prev, e.State)
}
