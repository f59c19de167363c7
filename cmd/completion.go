package cmd

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
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
		var b strings.Builder
		if err := opts.Root.GenBashCompletionV2(&b, true); err != nil {
			return err
		}
		script, err := bashQuoted(b.String(), opts.Root.Name())
		if err != nil {
			return err
		}
		_, err = io.WriteString(opts.Out, script)
		return err
	case "zsh":
		return opts.Root.GenZshCompletion(opts.Out)
	}
	return opts.Root.GenFishCompletion(opts.Out, true)
}

// bashQuotedFunc completes a word typed in quotes, such as a move of
// several actions ("roll; bu<TAB>): cobra's script would hand the open
// quote to eval and get nothing. It asks the program for the whole quoted
// text with its last word completed, offers that as the rest of the text
// after the quote, and lets the shell close the quote. NAME stands for the
// program's name.
const bashQuotedFunc = `
# A word typed in quotes ("roll; bu): complete the text after the quote.
__NAME_quoted_completion() {
    local word=${words[cword]} q out directive line
    q=${word:0:1}
    [[ $q == \" || $q == \' ]] || return 1
    if [[ ${word:1} == *"$q"* ]]; then
        # A quoted word already closed is complete as it is.
        COMPREPLY=()
        return 0
    fi
    out=$("${words[0]}" __complete "${words[@]:1:cword-1}" "${word:1}" 2>/dev/null) || return 1
    directive=${out##*:}
    out=${out%:*}
    COMPREPLY=()
    while IFS='' read -r line; do
        [[ -n $line && $line == "${word:1}"* ]] && COMPREPLY+=("${line%%$'\t'*}")
    done <<<"$out"
    if [[ $(type -t compopt) == builtin ]]; then
        compopt +o default
        compopt -o nospace
    fi
    return 0
}
`

// bashQuotedHook is where cobra's completion function starts asking the
// program; the quoted case is tried first.
const bashQuotedHook = "    local out directive\n    __NAME_get_completion_results\n"

// bashQuoted adds the completion of quoted words to cobra's bash script
// for the program name.
func bashQuoted(script, name string) (string, error) {
	hook := strings.ReplaceAll(bashQuotedHook, "NAME", name)
	if !strings.Contains(script, hook) {
		return "", fmt.Errorf("the bash completion script has changed: no %q to add quoted words to", strings.TrimSpace(hook))
	}
	script = strings.Replace(script, hook, "    __"+name+"_quoted_completion && return\n"+hook, 1)
	return script + strings.ReplaceAll(bashQuotedFunc, "NAME", name), nil
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
// buildings; after "build tavern", the squares. The actions typed before
// the last ";" are played first on a copy of the game, so that after
// "roll;" come the actions the roll allows, not "roll" again. A move typed
// in quotes reaches it as one word ("roll; bu", see bashQuoted); its
// completions are then that whole word with its last word completed.
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
	// head is the part of a quoted word before the word being completed.
	head, prefix := "", toComplete
	if i := strings.LastIndexAny(toComplete, " ;"); i >= 0 {
		head, prefix = toComplete[:i+1], toComplete[i+1:]
	}
	typed := strings.Join(append(args[1:], head), " ")
	done, current := "", typed
	if i := strings.LastIndex(typed, ";"); i >= 0 {
		done, current = typed[:i], typed[i+1:]
	}
	legal, ok := legalAfter(g, seat, app.quietSigner(g, seat), done)
	if !ok {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	words := nextWords(legal, current, prefix)
	for i, w := range words {
		words[i] = head + w
	}
	return words, cobra.ShellCompDirectiveNoFileComp
}

// legalAfter lists seat's legal actions once the actions of done (the
// complete actions of a move being typed) are played on a copy of g; ok
// is false when they cannot be read or played.
func legalAfter(g *turnfile.Game, seat string, s *turnfile.Signer, done string) (legal []string, ok bool) {
	var acts []engine.Action
	if strings.TrimSpace(strings.ReplaceAll(done, ";", " ")) != "" {
		var err error
		if acts, err = g.Rules().ParseMove(done); err != nil {
			return nil, false
		}
	}
	p := g.Position()
	var src engine.Source
	if len(acts) > 0 {
		p = p.Clone()
		src = g.Source(seat, s)
		if src == nil {
			return nil, false
		}
		if _, err := p.Apply(seat, acts, src); err != nil {
			return nil, false
		}
		for _, a := range p.Legal(seat, src.Clone()) {
			legal = append(legal, a.String())
		}
		return legal, true
	}
	for _, a := range g.Legal(seat, s) {
		legal = append(legal, a.String())
	}
	return legal, true
}

// nextWords returns the words that may follow typed (the action being
// written) in one of the actions, starting with prefix.
func nextWords(actions []string, typed, prefix string) []string {
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
