package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

// choiceFlags are the set-up choices of the games (engine.Choice:
// Elasund's edition, Seafarers' scenario) as flags of a command that makes
// games, one flag a choice name: --edition, --scenario.
type choiceFlags struct {
	c      *cobra.Command
	values map[string]*string
}

// addChoiceFlags adds a flag for every set-up choice of the games of set.
func addChoiceFlags(c *cobra.Command, set *games.Set) *choiceFlags {
	f := &choiceFlags{c: c, values: map[string]*string{}}
	var names []string
	byName := map[string][]string{}
	values := map[string][]string{}
	for _, k := range set.Kits() {
		for _, ch := range k.Rules.Choices() {
			if _, ok := byName[ch.Name]; !ok {
				names = append(names, ch.Name)
				byName[ch.Name] = []string{ch.Usage}
			}
			byName[ch.Name] = append(byName[ch.Name], fmt.Sprintf("for %s: %s (default %s)", k.Rules.Name(), orList(ch.Values), ch.Default))
			values[ch.Name] = append(values[ch.Name], ch.Values...)
		}
	}
	for _, name := range names {
		f.values[name] = new(string)
		usage := byName[name][0] + ", " + strings.Join(byName[name][1:], "; ")
		c.Flags().StringVar(f.values[name], name, "", usage)
		_ = c.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(slices.Compact(values[name]), cobra.ShellCompDirectiveNoFileComp))
	}
	return f
}

// orList writes "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// given returns the choices the command line gives, by name, after
// checking them against game g: a flag of a choice g does not have, or a
// value g does not accept, is a usage error (exit 2).
func (f *choiceFlags) given(g engine.Game) (map[string]string, error) {
	out := map[string]string{}
	for name, v := range f.values {
		if f.c.Flags().Changed(name) {
			out[name] = *v
		}
	}
	if _, err := engine.ResolveChoices(g, out); err != nil {
		var se *engine.SetupError
		if errors.As(err, &se) {
			return nil, usagef(f.c, "--%s: %s", se.Field, se.Reason)
		}
		return nil, usagef(f.c, "%v", err)
	}
	return out, nil
}

// choiceWords writes a file's set-up choices in the game's order, each as
// its name and value ("edition en").
func choiceWords(g engine.Game, h *turnfile.Header) []string {
	var out []string
	for _, c := range g.Choices() {
		if v, ok := h.Choices[c.Name]; ok {
			out = append(out, c.Name+" "+v)
		}
	}
	return out
}

// defaultRules reports whether a file plays the default game of set with
// every set-up choice at its default.
func defaultRules(f *turnfile.File, set *games.Set) bool {
	if set.Registry().Default().Name() != f.Game().Name() {
		return false
	}
	for _, c := range f.Game().Choices() {
		if f.Header.Choices[c.Name] != c.Default {
			return false
		}
	}
	return true
}
