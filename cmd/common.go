package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/filelock"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

// readFile parses a turn file of one of the games, naming it in errors.
func readFile(set *games.Set, path string) (*turnfile.File, error) { return readCached(set, path, nil) }

// readCached is readFile with the player's cache of verified positions
// (nil: none): a file that continues a copy the player verified is read
// from there on (docs/turnfile.md §4.6); what it finds is the same.
func readCached(set *games.Set, path string, c *turnfile.Cache) (*turnfile.File, error) {
	f, err := c.ReadFile(path, orAll(set).Registry())
	if err == nil {
		return f, nil
	}
	var pe *turnfile.ParseError
	if errors.As(err, &pe) {
		return nil, withHint(fmt.Errorf("%s: %w", path, err), "the file is unchanged; compare it with the copy you sent or received")
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading %s: no such file", path)
	}
	return nil, fmt.Errorf("reading %s: %w", path, err)
}

// openGame parses and replays a turn file.
func openGame(set *games.Set, path string) (*turnfile.Game, error) { return openCached(set, path, nil) }

// openCached is openGame with the player's cache of verified positions
// (nil: none): only what follows the copy the player verified last is
// replayed, with every check.
func openCached(set *games.Set, path string, c *turnfile.Cache) (*turnfile.Game, error) {
	f, err := readCached(set, path, c)
	if err != nil {
		return nil, err
	}
	g, err := turnfile.Open(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// parseSeat reads a seat colour of game g given with --as.
func parseSeat(g engine.Game, s string) (string, error) {
	col := strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(g.Colours(), col) {
		return "", &usageError{err: fmt.Errorf("--as: %q is not a colour (%s)", s, strings.Join(g.Colours(), ", "))}
	}
	return col, nil
}

// openKeys opens the key store, with a hint when there is none.
func (app *App) openKeys() (*turnfile.KeyStore, error) {
	dir, err := app.keyDir()
	if err != nil {
		return nil, err
	}
	ks, err := turnfile.OpenKeyStore(dir)
	if errors.Is(err, turnfile.ErrNoKey) {
		return nil, withHint(err, "run 'elasund keygen' first, or set ELASUND_HOME to your key directory")
	}
	return ks, err
}

// resolveSeat picks the seat a command acts for (docs/cli.md): --as if
// given; else the seat of this game whose secret is in the key directory
// (the one of them that can act, if several); else the only seat that can
// act.
func (app *App) resolveSeat(c *cobra.Command, g *turnfile.Game, as string) (string, error) {
	if as != "" {
		seat, err := parseSeat(g.Rules(), as)
		if err != nil {
			return seat, err
		}
		if g.File().Header.SeatOf(seat) == nil {
			return seat, usagef(c, "--as %s: this game has no %s seat", seat, seat)
		}
		return seat, nil
	}
	if g.Position().Over() {
		return "", &turnfile.TurnError{Reason: status(g)}
	}
	acting := g.Acting()
	if !g.File().Header.Sandbox {
		if ks, err := app.openKeys(); err == nil {
			mine := ks.Seats(g)
			if len(mine) == 1 {
				return mine[0], nil
			}
			var both []string
			for _, s := range mine {
				for _, a := range acting {
					if s == a {
						both = append(both, s)
					}
				}
			}
			if len(both) == 1 {
				return both[0], nil
			}
		}
	}
	if len(acting) == 1 {
		return acting[0], nil
	}
	if len(acting) == 0 {
		return "", usagef(c, "no seat can act now; say which seat with --as")
	}
	return "", usagef(c, "several seats can act (%s); say which with --as", colours(acting))
}

func colours(cs []string) string { return strings.Join(cs, ", ") }

// signerFor returns the signer of seat in a peer game, or nil in a sandbox.
func (app *App) signerFor(g *turnfile.Game, seat string) (*turnfile.Signer, error) {
	if g.File().Header.Sandbox {
		return nil, nil
	}
	ks, err := app.openKeys()
	if err != nil {
		return nil, err
	}
	s, err := ks.Signer(g, seat)
	if err != nil {
		return nil, withHint(err, "only the player who joined as %s can move for it; join with 'elasund join FILE --as %s' or set ELASUND_HOME", seat, seat)
	}
	return s, nil
}

// writeGame writes the file atomically.
func writeGame(path string, f *turnfile.File) error {
	if err := turnfile.WriteFile(path, f); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// writePlayed writes a game's file atomically after an entry was added:
// the same bytes as writeGame, made by appending the entry to the bytes
// the game was read from when they are in the form elasund writes.
func writePlayed(path string, g *turnfile.Game) error {
	if err := turnfile.WriteGame(path, g); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// positions returns the player's cache of verified positions
// (docs/turnfile.md §4.6): of peer games in the key directory, beside the
// copies its key store remembers, and of sandbox games in the cache
// directory (sandboxCacheDir). Without either, or if both fail, it is nil
// and every file is read and replayed in full.
func (app *App) positions() *turnfile.Cache {
	var c *turnfile.Cache
	if ks, err := app.openKeys(); err == nil {
		c = ks.Cache()
	}
	if dir := app.sandboxCacheDir(); dir != "" {
		if withSandbox, err := c.WithSandbox(dir); err == nil {
			c = withSandbox
		}
	}
	return c
}

// sandboxCacheDir is where the positions of sandbox games are cached
// (docs/cli.md): $ELASUND_HOME/cache, else $XDG_CACHE_HOME/elasund, else
// ~/.cache/elasund; "" when none of these is set.
func (app *App) sandboxCacheDir() string {
	if d := app.getenv("ELASUND_HOME"); d != "" {
		return filepath.Join(d, "cache")
	}
	if d := app.getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "elasund")
	}
	if h := app.getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "elasund")
	}
	return ""
}

// cacheOf calls a command's Cache option, nil meaning none.
func cacheOf(f func() *turnfile.Cache) *turnfile.Cache {
	if f == nil {
		return nil
	}
	return f()
}

// fileExists reports whether path exists.
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// setupError makes a refused set-up (an unknown option, scenario or
// edition, seats the game does not allow) a usage error: exit 2.
func setupError(err error) error {
	var oe *engine.OptionError
	var se *engine.SetupError
	if errors.As(err, &oe) || errors.As(err, &se) {
		return &usageError{err: err}
	}
	return err
}

// orAll is set, or every game when set is nil (an options struct made
// without one, as tests do).
func orAll(set *games.Set) *games.Set {
	if set == nil {
		return games.All()
	}
	return set
}

// seatFlag reads --as before the file is read: a colour of one of the
// games, lower-cased; the file's game checks it again (parseSeat).
func seatFlag(c *cobra.Command, set *games.Set, as string) (string, error) {
	if as == "" {
		return "", nil
	}
	col := strings.ToLower(strings.TrimSpace(as))
	var all []string
	for _, k := range set.Kits() {
		for _, name := range k.Rules.Colours() {
			if !slices.Contains(all, name) {
				all = append(all, name)
			}
		}
	}
	if !slices.Contains(all, col) {
		return "", usagef(c, "--as: %q is not a colour (%s)", as, strings.Join(all, ", "))
	}
	return col, nil
}

// witness is what the player's key store remembers of the games it plays
// (docs/turnfile.md §4.6): a copy that is behind what it saw, or that
// forks from it, is refused.
type witness interface {
	// Check refuses a stale or forked copy of a verified peer game; a
	// fork also writes a dispute report beside path.
	Check(path string, g *turnfile.Game) error
	// Remember keeps g as the latest copy seen, when the player plays it.
	Remember(g *turnfile.Game) error
}

// keyWitness is the witness of the key store in the key directory; with
// no key store it checks and remembers nothing.
type keyWitness struct {
	open func() (*turnfile.KeyStore, error)
}

func (app *App) witness() witness { return keyWitness{open: app.openKeys} }

func (w keyWitness) store(g *turnfile.Game) *turnfile.KeyStore {
	if g.File().Header.Sandbox {
		return nil
	}
	ks, err := w.open()
	if err != nil {
		return nil
	}
	return ks
}

func (w keyWitness) Check(path string, g *turnfile.Game) error {
	ks := w.store(g)
	if ks == nil {
		return nil
	}
	err := ks.Check(g)
	var re *turnfile.RaceError
	var st *turnfile.StaleError
	var fe *turnfile.ForkError
	switch {
	case errors.As(err, &re):
		return withHint(fmt.Errorf("%s: %w", path, err), "run 'elasund merge %s' to continue from the copy that went further (the other is kept as evidence)", path)
	case errors.As(err, &st) && st.Kept != "":
		return withHint(fmt.Errorf("%s: %w", path, err), "your newer copy is kept at %s; 'elasund merge %s' restores it into %s", st.Kept, path, path)
	case !errors.As(err, &fe):
		return err
	}
	report, rerr := writeDispute(path, fe)
	if rerr != nil {
		return withHint(fmt.Errorf("%s: %w", path, err), "the dispute report could not be written: %v", rerr)
	}
	return withHint(fmt.Errorf("%s: %w", path, err), "the two signed entries are in %s; anyone can check it with 'elasund verify %s'", report, report)
}

func (w keyWitness) Remember(g *turnfile.Game) error {
	if ks := w.store(g); ks != nil {
		return ks.Remember(g)
	}
	return nil
}

// writeDispute writes the dispute report of a fork beside the game file:
// NAME.dispute-N.yaml.
func writeDispute(path string, fe *turnfile.ForkError) (string, error) {
	d, err := turnfile.DisputeOf(fe)
	if err != nil {
		return "", err
	}
	data, err := d.Marshal()
	if err != nil {
		return "", err
	}
	out := strings.TrimSuffix(path, filepath.Ext(path)) + fmt.Sprintf(".dispute-%d.yaml", fe.Entry)
	if err := turnfile.WriteAtomic(out, data, 0o644); err != nil {
		return "", err
	}
	return out, nil
}

// lockGame takes the lock of a game file for a command that writes it, so
// that two commands on one file never lose a move: the second waits for
// the first, then reads the file the first wrote.
func lockGame(path string) (unlock func(), err error) {
	unlock, err = filelock.LockFile(path, lockWait)
	switch {
	case errors.Is(err, filelock.ErrLocked):
		return nil, withHint(fmt.Errorf("%s: another elasund command is changing it", path), "wait for it to finish, then run the command again")
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("reading %s: no such file", path)
	}
	return unlock, err
}

// lockWait is how long a command waits for another one on the same file.
const lockWait = 30 * time.Second
