package cmd

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
)

// App holds what the commands need from the outside world. Main fills it
// from the process; tests fill it with buffers and fixed values.
type App struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// Getenv reads the environment; nil means no variables are set.
	Getenv func(string) string
	// Now is the clock; nil means time.Now, or SOURCE_DATE_EPOCH when set.
	Now func() time.Time
	// Rand is the source of keys, secrets and game ids; nil means
	// crypto/rand.Reader.
	Rand io.Reader
	// Terminal reports whether w is a terminal (for colour); nil means
	// never.
	Terminal func(w io.Writer) bool
	// Git runs git in dir; nil means the git program on PATH.
	Git func(ctx context.Context, dir string, args ...string) error
	// Games are the games the program plays; nil means games.All().
	Games *games.Set
	// BuildInfo reads the build information of the program, for its
	// version; nil means debug.ReadBuildInfo.
	BuildInfo func() (*debug.BuildInfo, bool)
}

// games returns the games the app plays.
func (app *App) games() *games.Set {
	if app.Games == nil {
		app.Games = games.All()
	}
	return app.Games
}

// Main runs the elasund command line with args (without the program
// name) and returns the exit code of docs/cli.md.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &App{
		In: stdin, Out: stdout, ErrOut: stderr,
		Getenv:   os.Getenv,
		Terminal: isTerminal,
	}
	return app.Run(ctx, args)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	// A character device is not enough: /dev/null is one too.
	return term.IsTerminal(int(f.Fd()))
}

// Run runs one command line and returns its exit code, having printed any
// error once as "elasund: ..." with an optional "hint:" line.
func (app *App) Run(ctx context.Context, args []string) int {
	root := newRootCmd(app)
	root.SetArgs(args)
	root.SetIn(app.In)
	root.SetOut(app.Out)
	root.SetErr(app.ErrOut)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	app.printError(err)
	return exitCode(err)
}

func (app *App) printError(err error) {
	prefix := "elasund:"
	if app.colour(app.ErrOut) {
		prefix = "\x1b[1;31melasund:\x1b[0m"
	}
	fmt.Fprintf(app.ErrOut, "%s %v\n", prefix, err)
	var he *hintError
	if errors.As(err, &he) {
		fmt.Fprintf(app.ErrOut, "hint: %s\n", he.hint)
	} else if cmd := app.explain(err); cmd != "" {
		fmt.Fprintf(app.ErrOut, "hint: %s explains the rule\n", cmd)
	}
	var ue *usageError
	if errors.As(err, &ue) && ue.cmd != nil {
		fmt.Fprintf(app.ErrOut, "usage: %s\n", ue.cmd.UseLine())
		fmt.Fprintf(app.ErrOut, "run '%s --help' for more\n", ue.cmd.CommandPath())
	}
}

// explain returns the command that explains the rule a refusal names
// ("elasund rules R52"), or "".
func (app *App) explain(err error) string {
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Rule == "" {
		return ""
	}
	k, ok := app.games().RuleKit(re.Rule)
	if !ok {
		return ""
	}
	if k.Rules.Name() != app.games().Names()[0] {
		return fmt.Sprintf("elasund rules --game %s %s", k.Rules.Name(), re.Rule)
	}
	return "elasund rules " + re.Rule
}

func (app *App) getenv(k string) string {
	if app.Getenv == nil {
		return ""
	}
	return app.Getenv(k)
}

// colour reports whether to colour output on w: only on a terminal, and
// never with NO_COLOR set.
func (app *App) colour(w io.Writer) bool {
	if _, set := app.lookupNoColor(); set {
		return false
	}
	return app.Terminal != nil && app.Terminal(w)
}

func (app *App) lookupNoColor() (string, bool) {
	v := app.getenv("NO_COLOR")
	return v, v != ""
}

func (app *App) now() time.Time {
	if app.Now != nil {
		return app.Now()
	}
	if s := app.getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	return time.Now()
}

func (app *App) rand() io.Reader {
	if app.Rand != nil {
		return app.Rand
	}
	return rand.Reader
}

// keyDir is the key directory of docs/cli.md: $ELASUND_HOME, else
// $XDG_CONFIG_HOME/elasund, else ~/.config/elasund.
func (app *App) keyDir() (string, error) {
	if d := app.getenv("ELASUND_HOME"); d != "" {
		return d, nil
	}
	if d := app.getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "elasund"), nil
	}
	if h := app.getenv("HOME"); h != "" {
		return filepath.Join(h, ".config", "elasund"), nil
	}
	return "", withHint(errors.New("cannot find the key directory: none of ELASUND_HOME, XDG_CONFIG_HOME, HOME is set"), "set ELASUND_HOME to a private directory")
}

func (app *App) git(ctx context.Context, dir string, args ...string) error {
	if app.Git != nil {
		return app.Git(ctx, dir, args...)
	}
	c := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	out, err := c.CombinedOutput()
	if err != nil {
		return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}

func newRootCmd(app *App) *cobra.Command {
	root := &cobra.Command{
		Use:   "elasund",
		Short: "Play Elasund: The First City and Catan: Seafarers by passing one turn file around",
		Long: `elasund plays two board games by e-mail, git or any other way of passing
one YAML turn file around: Klaus Teuber's Elasund: The First City (the
default) and Catan: Seafarers with the base game (new --game seafarers).
Every move is signed by its seat and every die is rolled from the players'
hash chains, so anyone can check a game offline with "elasund verify".
"elasund demo" shows a whole game played by bots; "elasund rules" explains
the rules refusals cite (R52 for Elasund, S44 for Seafarers).`,
		Example: `  elasund keygen --name Alice --email alice@example.org
  elasund new game.yaml --players red=Alice:alice@example.org,blue=Bob:bob@example.org
  elasund new isles.yaml --game seafarers --scenario four-islands --players red=Ann,blue=Ben,white=Cy
  elasund join game.yaml --as red
  elasund move game.yaml "build tavern D4; permit 2 F9; end"
  elasund move isles.yaml "roll; build road H5-H7; end"`,
		Version:       app.version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				if s := c.SuggestionsFor(args[0]); len(s) > 0 {
					return withHint(usagef(c, "unknown command %q", args[0]), "did you mean %s?", strings.Join(s, " or "))
				}
				return usagef(c, "unknown command %q", args[0])
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			return c.Help()
		},
	}
	root.SetVersionTemplate("elasund version {{.Version}}\n")
	root.CompletionOptions.DisableDefaultCmd = true
	root.SuggestionsMinimumDistance = 2
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{cmd: c, err: err}
	})
	defer app.wireCompletion(root)
	root.AddCommand(
		newKeygenCmd(app, nil),
		newNewCmd(app, nil),
		newJoinCmd(app, nil),
		newShowCmd(app, nil),
		newMovesCmd(app, nil),
		newMoveCmd(app, nil),
		newMergeCmd(app, nil),
		newVerifyCmd(app, nil),
		newLogCmd(app, nil),
		newEditCmd(app, nil),
		newCompletionCmd(app, nil),
		newBotCmd(app, nil),
		newRenderCmd(app, nil),
		newDemoCmd(app, nil),
		newServeCmd(app, nil),
		newHostCmd(app),
		newRulesCmd(app, nil),
		newVersionCmd(app, nil),
		newVacationCmd(app, nil),
	)
	return root
}

// wireCompletion adds shell completion to the commands that read a game
// file: the file, --as, and for move the legal actions themselves.
func (app *App) wireCompletion(root *cobra.Command) {
	for _, c := range root.Commands() {
		switch c.Name() {
		case "join", "show", "moves", "verify", "log", "edit", "render", "bot":
			c.ValidArgsFunction = completeGameFile
		case "move":
			c.ValidArgsFunction = app.completeMove
		default:
			continue
		}
		if c.Flags().Lookup("as") != nil {
			_ = c.RegisterFlagCompletionFunc("as", app.completeSeat)
		}
	}
}

// exactArgs is cobra.ExactArgs with usage errors.
func exactArgs(n int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef(c, "want %s, got %d", counted(n, "argument", "arguments"), len(args))
		}
		return nil
	}
}

// minArgs is cobra.MinimumNArgs with usage errors.
func minArgs(n int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef(c, "want at least %s, got %d", counted(n, "argument", "arguments"), len(args))
		}
		return nil
	}
}
