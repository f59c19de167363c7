package cmd

import (
	"context"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

type completionOptions struct {
	Shell string
	Root  *cobra.Command
	Out   io.Writer
}

func newCompletionCmd(app *App, runF func(*completionOptions) error) *cobra.Command {
	opts := &completionOptions{}
	c := &cobra.Command{
		Use:   "completion bash|zsh|fish",
		Short: "Print a shell completion script",
		Long: `completion prints a script that makes your shell complete elasund's
commands and flags. Load it from your shell's start-up file.`,
		Example: `  source <(elasund completion bash)
  elasund completion zsh > "${fpath[1]}/_elasund"
  elasund completion fish > ~/.config/fish/completions/elasund.fish`,
		ValidArgs: []string{"bash", "zsh", "fish"},
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef(c, "name a shell: bash, zsh or fish")
			}
			switch args[0] {
			case "bash", "zsh", "fish":
				return nil
			}
			return usagef(c, "%q: want bash, zsh or fish", args[0])
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Shell, opts.Root, opts.Out = args[0], c.Root(), c.OutOrStdout()
			if runF != nil {
				return runF(opts)
			}
			return runCompletion(c.Context(), opts)
		},
	}
	return c
}

func runCompletion(_ context.Context, opts *completionOptions) error {
	switch opts.Shell {
	case "bash":
		return opts.Root.GenBashCompletionV2(opts.Out, true)
	case "zsh":
		return opts.Root.GenZshCompletion(opts.Out)
	}
	return opts.Root.GenFishCompletion(opts.Out, true)
}

// completeGameFile completes the FILE argument of the commands that read a
// game: turn files (*.yaml).
func completeGameFile(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
}

// completeSeat completes --as: the seats of the game file named first,
// else every game's colours.
func (app *App) completeSeat(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		if f, err := readFile(app.games(), args[0]); err == nil {
			var out []string
			for _, s := range f.Header.Seats {
				out = append(out, s.Colour)
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		}
	}
	var out []string
	for _, k := range app.games().Kits() {
		for _, c := range k.Rules.Colours() {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeMove completes `move FILE ACTIONS...` word by word from the
// legal actions of the seat that would move: after "build", the
// buildings; after "build tavern", the squares.
func (app *App) completeMove(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return completeGameFile(c, args, toComplete)
	}
	g, err := openGame(app.games(), args[0])
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	as, _ := c.Flags().GetString("as")
	seat, err := app.resolveSeat(c, g, as)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var legal []string
	for _, a := range g.Legal(seat, app.quietSigner(g, seat)) {
		legal = append(legal, a.String())
	}
	return nextWords(legal, strings.Join(args[1:], " "), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// nextWords returns the words that may follow typed (the action being
// written is what follows its last ";") in one of the actions, starting
// with prefix.
func nextWords(actions []string, typed, prefix string) []string {
	if i := strings.LastIndex(typed, ";"); i >= 0 {
		typed = typed[i+1:]
	}
	done := strings.Fields(typed)
	var out []string
	for _, a := range actions {
		words := strings.Fields(a)
		if len(words) <= len(done) || !slices.Equal(words[:len(done)], done) {
			continue
		}
		w := words[len(done)]
		if strings.HasPrefix(w, prefix) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
