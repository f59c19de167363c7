package rulesref

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	refs := map[string]*Reference{}
	for _, g := range embeddedGames(t) {
		refs[g.name] = g.ref
	}
	tests := []struct {
		game, query string
		kind        MatchKind
		want        string // rule id or topic name; for a WordMatch, one id that must be listed
	}{
		{"elasund", "R84", RuleMatch, "R84"},
		{"elasund", "r84", RuleMatch, "R84"},
		{"elasund", " R1 ", RuleMatch, "R1"},
		{"elasund", "R108", RuleMatch, "R108"},
		{"seafarers", "S44", RuleMatch, "S44"},
		{"seafarers", "s44", RuleMatch, "S44"},
		{"seafarers", "S160", RuleMatch, "S160"},
		{"elasund", "building", TopicMatch, "building"},
		{"elasund", "Trade track", TopicMatch, "trade-track"},
		{"elasund", "options", TopicMatch, "options"},
		{"seafarers", "robber and pirate", TopicMatch, "robber-and-pirate"},
		{"seafarers", "fog-island", TopicMatch, "fog-island"},
		{"seafarers", "ships", TopicMatch, "ships"},
		{"elasund", "permit", WordMatch, "R84"},
		{"elasund", "Compensation", WordMatch, "R48"},
		{"elasund", "church tile", WordMatch, "R77"},
		{"seafarers", "harbour", WordMatch, "S105"},
		{"seafarers", "longest trade route", WordMatch, "S82"},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.query, func(t *testing.T) {
			m, err := refs[tt.game].Lookup(tt.query)
			if err != nil {
				t.Fatalf("Lookup(%q) error: %v", tt.query, err)
			}
			if m.Kind != tt.kind {
				t.Fatalf("Lookup(%q) kind = %v, want %v", tt.query, m.Kind, tt.kind)
			}
			switch m.Kind {
			case RuleMatch:
				if m.Rule.ID != tt.want {
					t.Errorf("Lookup(%q) = rule %s, want %s", tt.query, m.Rule.ID, tt.want)
				}
				if !strings.HasPrefix(m.Text(), tt.want+" — ") {
					t.Errorf("Lookup(%q).Text() = %q, want the rule's heading first", tt.query, m.Text())
				}
			case TopicMatch:
				if m.Topic.Name != tt.want {
					t.Errorf("Lookup(%q) = topic %s, want %s", tt.query, m.Topic.Name, tt.want)
				}
				if m.Text() != m.Topic.Text() {
					t.Errorf("Lookup(%q).Text() is not the topic's text", tt.query)
				}
			case WordMatch:
				words := strings.Fields(strings.ToLower(tt.query))
				found := false
				for _, r := range m.Rules {
					found = found || r.ID == tt.want
					for _, w := range words {
						if !strings.Contains(strings.ToLower(r.Title), w) {
							t.Errorf("Lookup(%q) lists %s (%q), whose title lacks %q", tt.query, r.ID, r.Title, w)
						}
					}
					if !strings.Contains(m.Text(), r.ID+" — "+r.Title+"\n") {
						t.Errorf("Lookup(%q).Text() does not list %s", tt.query, r.ID)
					}
				}
				if !found {
					t.Errorf("Lookup(%q) = %v, want %s among them", tt.query, ids(m.Rules), tt.want)
				}
			}
		})
	}
}

func TestLookupNotFound(t *testing.T) {
	refs := map[string]*Reference{}
	for _, g := range embeddedGames(t) {
		refs[g.name] = g.ref
	}
	tests := []struct {
		game, query string
		suggest     string // must be among the suggestions ("" for none required)
	}{
		{"elasund", "bilding", "building"},
		{"elasund", "churh", "church"},
		{"elasund", "pirats", "pirates"},
		{"elasund", "tradetrack", "trade-track"},
		{"elasund", "R109", "R108"},
		{"elasund", "R0", "R1"},
		{"elasund", "S84", "R84"},
		{"seafarers", "R44", "S44"},
		{"seafarers", "S161", "S160"},
		{"seafarers", "fog island", ""}, // a topic, handled below
		{"seafarers", "wondres of catan", "wonders-of-catan"},
		{"seafarers", "harbor", "S105"}, // the American spelling
		{"seafarers", "xyzzy", ""},
		{"elasund", "", "building"},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.query, func(t *testing.T) {
			m, err := refs[tt.game].Lookup(tt.query)
			if tt.query == "fog island" {
				// Spaces stand for hyphens: this is a topic, not a miss.
				if err != nil || m.Kind != TopicMatch {
					t.Fatalf("Lookup(%q) = %v, %v; want the topic fog-island", tt.query, m.Kind, err)
				}
				return
			}
			var nf *NotFoundError
			if !errors.As(err, &nf) {
				t.Fatalf("Lookup(%q) = %v match, error %v; want a *NotFoundError", tt.query, m.Kind, err)
			}
			if nf.Query != tt.query {
				t.Errorf("NotFoundError.Query = %q, want %q", nf.Query, tt.query)
			}
			if len(nf.Suggestions) > maxSuggestions && tt.query != "" {
				t.Errorf("Lookup(%q) suggests %d things, want at most %d", tt.query, len(nf.Suggestions), maxSuggestions)
			}
			if tt.suggest != "" && !contains(nf.Suggestions, tt.suggest) {
				t.Errorf("Lookup(%q) suggestions = %v, want %q among them", tt.query, nf.Suggestions, tt.suggest)
			}
			if tt.suggest != "" && !strings.Contains(err.Error(), tt.suggest) {
				t.Errorf("error %q does not name the suggestion %q", err, tt.suggest)
			}
			if tt.query == "xyzzy" && len(nf.Suggestions) != 0 {
				t.Errorf("Lookup(%q) suggestions = %v, want none", tt.query, nf.Suggestions)
			}
		})
	}
}

func TestLookupWordCap(t *testing.T) {
	var md strings.Builder
	for i := 1; i <= MaxWordMatches+3; i++ {
		md.WriteString("### R" + strconv.Itoa(i) + " — Permit rule\ntext\n")
	}
	ref, err := Parse([]byte(md.String()))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ref.Lookup("permit")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rules) != MaxWordMatches || m.More != 3 {
		t.Errorf("Lookup(permit) = %d rules, %d more; want %d and 3", len(m.Rules), m.More, MaxWordMatches)
	}
	if !strings.Contains(m.Text(), "and 3 more") {
		t.Errorf("Text() = %q, want it to say how many more", m.Text())
	}
}

func TestMatchKindString(t *testing.T) {
	got := []string{NoMatch.String(), RuleMatch.String(), TopicMatch.String(), WordMatch.String(), MatchKind(9).String()}
	if want := []string{"none", "rule", "topic", "word", "?"}; !reflect.DeepEqual(got, want) {
		t.Errorf("MatchKind strings = %v, want %v", got, want)
	}
	if (Match{}).Text() != "" {
		t.Errorf("Match{}.Text() = %q, want empty", Match{}.Text())
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"building", "bilding", 1},
		{"church", "churh", 1},
		{"kitten", "sitting", 3},
		{"trade–track", "trade-track", 1},
	}
	for _, tt := range tests {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
