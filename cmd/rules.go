package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/internal/rulesref"
	"github.com/elasund/elasund/templates"
)

type rulesOptions struct {
	// Game is the game whose rules to read; empty means the game whose
	// reference has the query as a rule id, else the default game.
	Game  string
	Query string
	Out   io.Writer
	Games *games.Set
}

func newRulesCmd(app *App, runF func(*rulesOptions) error) *cobra.Command {
	opts := &rulesOptions{}
	c := &cobra.Command{
		Use:   "rules [RULE|TOPIC|WORDS] [--game NAME]",
		Short: "Explain a rule, a topic of the rules, or list them",
		Long: `rules prints the project's rules reference, numbered as refusals cite
rules: "elasund rules R84" prints rule R84, "elasund rules building" a short
page on building, "elasund rules permit" the rules whose titles name
permits. Without an argument it lists the topics. --game chooses the game
(default: the game whose rules have that number, else elasund); the whole
references are docs/elasund/rules.md and docs/seafarers/rules.md.`,
		Example: `  elasund rules
  elasund rules R84
  elasund rules trade-track
  elasund rules --game seafarers S44`,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Query = strings.TrimSpace(strings.Join(args, " "))
			opts.Out, opts.Games = c.OutOrStdout(), app.games()
			if opts.Game != "" {
				if _, err := opts.Games.Lookup(opts.Game); err != nil {
					return usagef(c, "--game: %v", err)
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return runRules(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Game, "game", "", "the game: "+app.games().Describe())
	_ = c.RegisterFlagCompletionFunc("game", cobra.FixedCompletions(app.games().Names(), cobra.ShellCompDirectiveNoFileComp))
	return c
}

func runRules(_ context.Context, opts *rulesOptions) error {
	opts.Games = orAll(opts.Games)
	kit, err := opts.Games.Lookup(opts.Game)
	if err != nil {
		return &usageError{err: fmt.Errorf("--game: %w", err)}
	}
	if k, ok := opts.Games.RuleKit(opts.Query); opts.Game == "" && ok {
		kit = k
	}
	ref, err := kit.Reference()
	if err != nil {
		return fmt.Errorf("reading the rules of %s: %w", kit.Rules.Name(), err)
	}
	if opts.Query == "" {
		fmt.Fprintf(opts.Out, "%s\n\nTopics:\n", ref.Title())
		var names []string
		for _, t := range ref.Topics() {
			names = append(names, t.Name)
		}
		for _, line := range (templates.Wrap{Width: 76}).Words(names) {
			fmt.Fprintf(opts.Out, "  %s\n", line)
		}
		first, last := ref.Rules()[0].ID, ref.Rules()[len(ref.Rules())-1].ID
		fmt.Fprintf(opts.Out, "\nRules %s to %s: 'elasund rules %s' prints one; 'elasund rules TOPIC' a topic;\n'elasund rules WORD' the rules whose titles name it.\n", first, last, first)
		return nil
	}
	m, err := ref.Lookup(opts.Query)
	var nf *rulesref.NotFoundError
	if errors.As(err, &nf) {
		err := &usageError{err: fmt.Errorf("the %s rules have no rule, topic or title with %q", kit.Rules.Name(), opts.Query)}
		if len(nf.Suggestions) > 0 {
			return withHint(err, "did you mean %s? 'elasund rules' lists the topics", strings.Join(nf.Suggestions, ", "))
		}
		return withHint(err, "'elasund rules' lists the topics")
	}
	if err != nil {
		return err
	}
	fmt.Fprint(opts.Out, m.Text())
	return nil
}
