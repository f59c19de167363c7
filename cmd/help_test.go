package cmd

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
)

// seafarersExampleFile is the file name the help texts give a Catan:
// Seafarers game in their examples; every other file is an Elasund game.
const seafarersExampleFile = "isles.yaml"

// TestHelpSpeaksOfBothGames checks that the help names both games: the
// root command's text, and the examples of the commands that read or make
// a game show a game of each (issues 19 and 20 item 2).
func TestHelpSpeaksOfBothGames(t *testing.T) {
	root := newRootCmd(&App{})
	for _, want := range []string{"Elasund", "Catan: Seafarers"} {
		if !strings.Contains(root.Short, want) || !strings.Contains(root.Long, want) {
			t.Errorf("elasund --help does not name %q:\n%s\n%s", want, root.Short, root.Long)
		}
	}
	for _, name := range []string{"", "new", "join", "show", "moves", "move", "log", "edit", "bot", "render", "demo"} {
		c := root
		if name != "" {
			c, _, _ = root.Find([]string{name})
		}
		var elasund, seafarers int
		for _, ex := range helpExamples(c) {
			if exampleFile(ex) == seafarersExampleFile || strings.Contains(ex, "--game seafarers") {
				seafarers++
			} else {
				elasund++
			}
		}
		if elasund == 0 || seafarers == 0 {
			t.Errorf("%s --help: %d Elasund and %d Catan: Seafarers examples, want some of each:\n%s", c.CommandPath(), elasund, seafarers, c.Example)
		}
	}
	edit, _, _ := root.Find([]string{"edit"})
	if strings.Contains(edit.Long, "edit --help") {
		t.Errorf("elasund edit --help refers to itself:\n%s", edit.Long)
	}
	verify, _, _ := root.Find([]string{"verify"})
	for _, f := range []string{"--json", "--against", "--cached"} {
		if verify.Flags().Lookup(strings.TrimPrefix(f, "--")) == nil || !strings.Contains(verify.Use, f) {
			t.Errorf("verify's usage line %q does not list its flag %s", verify.Use, f)
		}
	}
}

// TestHelpExamples checks every example of every command's help as the
// document test checks a command: the command and each flag it names
// exist, its arguments are valid, and the moves and edits it gives read
// in the move language of their game.
func TestHelpExamples(t *testing.T) {
	set := games.All()
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, ex := range helpExamples(c) {
			n++
			if err := checkHelpExample(set, ex); err != nil {
				t.Errorf("%s --help: example %q: %v", c.CommandPath(), ex, err)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(&App{}))
	if n < 40 {
		t.Errorf("only %d examples found in the help texts; is the extraction broken?", n)
	}
}

// helpExamples are the elasund command lines of c's examples, without
// their comments.
func helpExamples(c *cobra.Command) []string {
	var out []string
	for _, l := range strings.Split(c.Example, "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "elasund ") {
			continue
		}
		cmd, _ := splitComment(l)
		out = append(out, strings.TrimSpace(cmd))
	}
	return out
}

// exampleFile is the first argument of an example that names a game
// file, or "".
func exampleFile(ex string) string {
	line, err := parseShell(ex)
	if err != nil {
		return ""
	}
	for _, a := range line.args()[1:] {
		if strings.HasSuffix(a, ".yaml") {
			return a
		}
	}
	return ""
}

func checkHelpExample(set *games.Set, ex string) error {
	line, err := parseShell(ex)
	if err != nil {
		return err
	}
	args := line.args()
	c, rest, err := resolve(args)
	if err != nil {
		return err
	}
	if err := checkFlagNames(c, args); err != nil {
		return err
	}
	if err := c.ParseFlags(rest); err != nil {
		return err
	}
	pos := c.Flags().Args()
	if err := c.ValidateArgs(pos); err != nil {
		return err
	}
	if c.Name() != "move" && c.Name() != "edit" {
		return nil
	}
	game := "elasund"
	if pos[0] == seafarersExampleFile {
		game = "seafarers"
	}
	rules, err := set.Lookup(game)
	if err != nil {
		return err
	}
	text := strings.Join(pos[1:], " ")
	if c.Name() == "edit" {
		_, err = rules.Rules.ParseEdits(text)
	} else if text != "-" {
		_, err = rules.Rules.ParseMove(text)
	}
	return err
}
