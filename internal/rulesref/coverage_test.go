package rulesref

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// gameTestDirs are where a game's tests are, below the module root: its
// rules, its renderer and its bots, sub-packages included.
var gameTestDirs = []string{"engine/", "templates/", "internal/bot/"}

// elsewhereFile is, in a game's engine package, the list of the rules no
// test of the game's packages can test, each with where it is tested and
// why: one rule a line, "ID PATH why", # starting a comment.
const elsewhereFile = "testdata/rules-tested-elsewhere.txt"

// TestRuleCoverage fails unless each rule of every game's reference is
// asserted by a test of the game's packages (assertScan: its number is
// part of what the failing test prints), or listed in the game's
// engine/<game>/testdata/rules-tested-elsewhere.txt with a place that
// asserts it: a testscript line of cmd (stdout, stderr, grep) or another
// package's test. A test that cites a rule the reference does not have
// fails too.
func TestRuleCoverage(t *testing.T) {
	root := moduleRoot(t)
	for _, g := range embeddedGames(t) {
		t.Run(g.name, func(t *testing.T) {
			pattern := citePattern(g.prefix)
			cites := map[string][]string{}
			for _, top := range gameTestDirs {
				dirs, err := testDirs(root, top+g.name)
				if err != nil {
					t.Fatal(err)
				}
				for _, dir := range dirs {
					s, err := scanTests(dir)
					if err != nil {
						t.Fatal(err)
					}
					for id, where := range s.ruleCites(pattern, g.prefix) {
						cites[id] = append(cites[id], where...)
					}
				}
			}
			elsewhere, err := readElsewhere(root, g.name)
			if err != nil {
				t.Fatal(err)
			}
			asserted, away := 0, 0
			for _, r := range g.ref.Rules() {
				e, listed := elsewhere[r.ID]
				switch {
				case len(cites[r.ID]) > 0:
					asserted++
				case listed:
					if err := assertedAt(root, e, pattern, g.prefix); err != nil {
						t.Errorf("%s: %v", r.ID, err)
					}
					away++
				default:
					t.Errorf("%s (%s) is asserted by no test of %s: no failure message of its tests cites it", r.ID, r.Title, g.name)
				}
			}
			for id, where := range cites {
				if _, ok := g.ref.Rule(id); !ok {
					t.Errorf("%s does not exist in the %s reference, cited in %v", id, g.name, where)
				}
			}
			for id := range elsewhere {
				if _, ok := g.ref.Rule(id); !ok {
					t.Errorf("%s lists %s, which the %s reference does not have", elsewhereFile, id, g.name)
				}
			}
			t.Logf("%s: %d rules asserted by the game's tests, %d elsewhere", g.name, asserted, away)
		})
	}
}

// elsewhereEntry is a rule tested outside the game's packages.
type elsewhereEntry struct {
	id, path, why string
}

// readElsewhere reads a game's list of rules tested elsewhere; none is
// an empty list.
func readElsewhere(root, game string) (map[string]elsewhereEntry, error) {
	name := filepath.Join(root, "engine", game, filepath.FromSlash(elsewhereFile))
	f, err := os.Open(name)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]elsewhereEntry{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, " ", 3)
		if len(parts) < 3 || strings.TrimSpace(parts[2]) == "" {
			return nil, fmt.Errorf("%s:%d: want ID PATH why", name, n)
		}
		if _, dup := out[parts[0]]; dup {
			return nil, fmt.Errorf("%s:%d: %s listed twice", name, n, parts[0])
		}
		out[parts[0]] = elsewhereEntry{id: parts[0], path: parts[1], why: parts[2]}
	}
	return out, sc.Err()
}

// scriptAssertion is a testscript line that asserts what a command
// printed, wrote or how it ended.
var scriptAssertion = regexp.MustCompile(`^(! )?(stdout|stderr|grep|cmp|exists|exits) `)

// assertedAt checks that e's place asserts its rule: in a testscript, an
// assertion line with the rule's number, or a comment line with it that
// heads assertions (testscript prints a failing script's comments as the
// headings of its log); in a Go test file, an assertion (assertScan).
func assertedAt(root string, e elsewhereEntry, pattern *regexp.Regexp, prefix string) error {
	path := filepath.Join(root, filepath.FromSlash(e.path))
	switch {
	case strings.HasSuffix(e.path, ".txtar"):
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		script, _, _ := strings.Cut(string(b), "\n-- ")
		names := func(line string) bool {
			return slices.ContainsFunc(pattern.FindAllStringSubmatch(line, -1), func(m []string) bool { return prefix+strings.TrimLeft(m[1], "0") == e.id })
		}
		heading := false
		for _, line := range strings.Split(script, "\n") {
			switch {
			case strings.HasPrefix(line, "#"):
				heading = names(line)
			case scriptAssertion.MatchString(line) && (heading || names(line)):
				return nil
			}
		}
		return fmt.Errorf("no assertion of %s, nor a comment heading one, names %s", e.path, e.id)
	case strings.HasSuffix(e.path, "_test.go"):
		s, err := scanTests(filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, where := range s.ruleCites(pattern, prefix)[e.id] {
			if strings.HasPrefix(where, filepath.Base(path)+":") {
				return nil
			}
		}
		return fmt.Errorf("no assertion of %s cites %s", e.path, e.id)
	}
	return fmt.Errorf("%s is neither a testscript nor a Go test file", e.path)
}

// TestAssertScan checks the scan on a sample of test code: each way a
// rule is printed by a failing test counts, and nothing else does.
func TestAssertScan(t *testing.T) {
	s, err := scanTests(filepath.Join("testdata", "assertscan"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for id := range s.ruleCites(citePattern("X"), "X") {
		got = append(got, id)
	}
	slices.Sort(got)
	want := []string{"X10", "X11", "X12", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9"}
	if !slices.Equal(got, want) {
		t.Errorf("the scan counts %v, want %v", got, want)
	}
}

// TestAssertedAt checks where a rule listed as tested elsewhere may be
// asserted: in a testscript, by an assertion or a comment heading one.
func TestAssertedAt(t *testing.T) {
	root := t.TempDir()
	script := `# Plain heading.
exec elasund moves g.yaml
stdout 'S7 in the output'

# The commands (S5).
exec elasund moves g.yaml
stdout '^# moves for red$'

# S6 heads no assertion.
exec elasund moves g.yaml
-- g.yaml --
S8 in a file
`
	if err := os.WriteFile(filepath.Join(root, "a.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for id, ok := range map[string]bool{"S5": true, "S7": true, "S6": false, "S8": false} {
		err := assertedAt(root, elsewhereEntry{id: id, path: "a.txtar"}, citePattern("S"), "S")
		if (err == nil) != ok {
			t.Errorf("assertedAt(%s) = %v, want asserted %v", id, err, ok)
		}
	}
}
