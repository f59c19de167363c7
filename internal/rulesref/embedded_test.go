package rulesref

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// game describes one embedded reference and what it must contain.
type game struct {
	name   string
	load   func() (*Reference, error)
	prefix string
	last   int      // the rules are prefix1 .. prefix<last>
	topics []string // the topic pages it must have
}

var games = []game{
	{
		name: "elasund", load: Elasund, prefix: "R", last: 108,
		topics: []string{
			"setup", "phases", "building", "walls", "church", "pirates",
			"trade-track", "influence", "winning", "decisions", "options",
		},
	},
	{
		name: "seafarers", load: Seafarers, prefix: "S", last: 160,
		topics: []string{
			"setup", "turn", "production", "robber-and-pirate", "building",
			"ships", "trade", "development-cards", "longest-route-and-army",
			"winning", "sealed-draws", "decisions",
			"base", "new-shores", "four-islands", "fog-island",
			"through-the-desert", "forgotten-tribe", "cloth-for-catan",
			"pirate-islands", "wonders-of-catan", "new-world", "options",
		},
	},
}

func mustLoad(t *testing.T, g game) *Reference {
	t.Helper()
	ref, err := g.load()
	if err != nil {
		t.Fatalf("loading the %s reference: %v", g.name, err)
	}
	return ref
}

// TestEveryRuleOnceInOrder checks that the reference has exactly the rules
// prefix1 .. prefix<last>, each once, in order.
func TestEveryRuleOnceInOrder(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			ref := mustLoad(t, g)
			want := make([]string, g.last)
			for i := range want {
				want[i] = fmt.Sprintf("%s%d", g.prefix, i+1)
			}
			if got := ids(ref.Rules()); !reflect.DeepEqual(got, want) {
				t.Errorf("rule ids = %v\nwant %s1 .. %s%d in order", got, g.prefix, g.prefix, g.last)
			}
		})
	}
}

// TestRuleShape checks each rule: a short title and 1 to 8 lines of text,
// every rule it mentions existing.
func TestRuleShape(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			ref := mustLoad(t, g)
			for _, r := range ref.Rules() {
				if n := utf8.RuneCountInString(r.Title); n > 60 {
					t.Errorf("%s: title %q has %d characters, want at most 60", r.ID, r.Title, n)
				}
				if strings.HasSuffix(r.Title, ".") {
					t.Errorf("%s: title %q ends with a full stop", r.ID, r.Title)
				}
				if n := strings.Count(r.Body, "\n") + 1; n > 8 {
					t.Errorf("%s: %d lines of text, want 1 to 8", r.ID, n)
				}
				for _, id := range ref.cited(r.Body) {
					if _, ok := ref.Rule(id); !ok {
						t.Errorf("%s mentions %s, which is not in the reference", r.ID, id)
					}
				}
			}
		})
	}
}

// TestTopics checks that every topic page exists, is 10 to 40 lines long,
// ends with the list of the rules it covers, and mentions only rules that
// exist.
func TestTopics(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			ref := mustLoad(t, g)
			for _, name := range g.topics {
				tp, ok := ref.Topic(name)
				if !ok {
					t.Errorf("topic %q missing", name)
					continue
				}
				if strings.TrimSpace(tp.Body) == "" {
					t.Errorf("topic %q is empty", name)
					continue
				}
				if name == "options" {
					if !strings.Contains(tp.Body, "| option |") {
						t.Errorf("the options section has no table")
					}
					continue
				}
				lines := strings.Split(tp.Body, "\n")
				if n := len(lines); n < 10 || n > 40 {
					t.Errorf("topic %q has %d lines, want 10 to 40", name, n)
				}
				last := lines[len(lines)-1]
				if !strings.HasPrefix(last, "Rules: "+g.prefix) || len(ref.cited(last)) == 0 {
					t.Errorf("topic %q ends with %q, want the list of its rules (\"Rules: %s…\")", name, last, g.prefix)
				}
				if len(tp.Rules) == 0 {
					t.Errorf("topic %q mentions no rule", name)
				}
				for _, id := range tp.Rules {
					if _, ok := ref.Rule(id); !ok {
						t.Errorf("topic %q mentions %s, which is not in the reference", name, id)
					}
				}
			}
			for _, tp := range ref.Topics() {
				if !contains(g.topics, tp.Name) {
					t.Errorf("topic %q is not in this test's list; add it there", tp.Name)
				}
			}
		})
	}
}

// TestIntro checks that the introduction explains the numbers and shows
// how to print one rule.
func TestIntro(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			ref := mustLoad(t, g)
			if ref.Title() == "" {
				t.Error("no title")
			}
			intro := ref.Intro()
			if len(strings.Split(intro, "\n")) < 5 {
				t.Errorf("introduction too short: %q", intro)
			}
			if !strings.Contains(intro, "elasund rules ") {
				t.Error("the introduction does not show the elasund rules command")
			}
			want := fmt.Sprintf("%s1 to %s%d", g.prefix, g.prefix, g.last)
			if !strings.Contains(intro, want) {
				t.Errorf("the introduction does not name the range %q", want)
			}
		})
	}
}
