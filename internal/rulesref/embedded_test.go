package rulesref

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/elasund/elasund/docs"
)

// game is one game's embedded reference: its name in package docs, and
// the letters its rule ids start with (R for Elasund's R1…), as its first
// rule has them.
type game struct {
	name   string
	prefix string
	ref    *Reference
}

// embeddedGames loads every rules reference embedded in package docs.
func embeddedGames(t *testing.T) []game {
	t.Helper()
	names := docs.Games()
	if len(names) < 2 {
		t.Fatalf("package docs embeds the references of %v, want every game's", names)
	}
	var out []game
	for _, name := range names {
		ref, err := Embedded(name)
		if err != nil {
			t.Fatalf("loading the %s reference: %v", name, err)
		}
		if len(ref.Rules()) == 0 {
			t.Fatalf("the %s reference has no rules", name)
		}
		id := ref.Rules()[0].ID
		out = append(out, game{name: name, prefix: strings.TrimRight(id, "0123456789"), ref: ref})
	}
	return out
}

// TestEveryRuleOnceInOrder checks that each reference has exactly the
// rules prefix1 .. prefixN, each once, in order, with one prefix.
func TestEveryRuleOnceInOrder(t *testing.T) {
	for _, g := range embeddedGames(t) {
		t.Run(g.name, func(t *testing.T) {
			last := len(g.ref.Rules())
			want := make([]string, last)
			for i := range want {
				want[i] = fmt.Sprintf("%s%d", g.prefix, i+1)
			}
			if got := ids(g.ref.Rules()); !reflect.DeepEqual(got, want) {
				t.Errorf("rule ids = %v\nwant %s1 .. %s%d in order", got, g.prefix, g.prefix, last)
			}
		})
	}
}

// TestRuleShape checks each rule: a short title and 1 to 8 lines of text,
// every rule it mentions existing.
func TestRuleShape(t *testing.T) {
	for _, g := range embeddedGames(t) {
		t.Run(g.name, func(t *testing.T) {
			ref := g.ref
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

// TestTopics checks every topic page of each reference: it is 10 to 40
// lines long, ends with the list of the rules it covers and mentions only
// rules that exist; the options section has its table. A reference has at
// least one topic besides its options.
func TestTopics(t *testing.T) {
	for _, g := range embeddedGames(t) {
		t.Run(g.name, func(t *testing.T) {
			ref := g.ref
			pages := 0
			for _, tp := range ref.Topics() {
				if strings.TrimSpace(tp.Body) == "" {
					t.Errorf("topic %q is empty", tp.Name)
					continue
				}
				if tp.Name == "options" {
					if !strings.Contains(tp.Body, "| option |") {
						t.Errorf("the options section has no table")
					}
					continue
				}
				pages++
				lines := strings.Split(tp.Body, "\n")
				if n := len(lines); n < 10 || n > 40 {
					t.Errorf("topic %q has %d lines, want 10 to 40", tp.Name, n)
				}
				last := lines[len(lines)-1]
				if !strings.HasPrefix(last, "Rules: "+g.prefix) || len(ref.cited(last)) == 0 {
					t.Errorf("topic %q ends with %q, want the list of its rules (\"Rules: %s…\")", tp.Name, last, g.prefix)
				}
				if len(tp.Rules) == 0 {
					t.Errorf("topic %q mentions no rule", tp.Name)
				}
				for _, id := range tp.Rules {
					if _, ok := ref.Rule(id); !ok {
						t.Errorf("topic %q mentions %s, which is not in the reference", tp.Name, id)
					}
				}
			}
			if pages == 0 {
				t.Errorf("the %s reference has no topic page", g.name)
			}
		})
	}
}

// TestIntro checks that the introduction explains the numbers and shows
// how to print one rule.
func TestIntro(t *testing.T) {
	for _, g := range embeddedGames(t) {
		t.Run(g.name, func(t *testing.T) {
			ref := g.ref
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
			want := fmt.Sprintf("%s1 to %s%d", g.prefix, g.prefix, len(ref.Rules()))
			if !strings.Contains(intro, want) {
				t.Errorf("the introduction does not name the range %q", want)
			}
		})
	}
}
