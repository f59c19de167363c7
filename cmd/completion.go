package cmd

import (
	"context"
	"io"

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
