package rulesref

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// MatchKind says what a Lookup found. The zero value means nothing.
type MatchKind int

// The kinds of match.
const (
	NoMatch MatchKind = iota
	// RuleMatch: the query is a rule id.
	RuleMatch
	// TopicMatch: the query is a topic name.
	TopicMatch
	// WordMatch: the query's words appear in the titles of some rules.
	WordMatch
)

var matchKindNames = [...]string{"none", "rule", "topic", "word"}

// String returns the kind's name: "none", "rule", "topic" or "word".
func (k MatchKind) String() string {
	if k < 0 || int(k) >= len(matchKindNames) {
		return "?"
	}
	return matchKindNames[k]
}

// MaxWordMatches is how many rules a WordMatch lists at most.
const MaxWordMatches = 12

// Match is what Lookup found for a query.
type Match struct {
	Kind MatchKind
	// Rule is the rule found, for a RuleMatch.
	Rule Rule
	// Topic is the topic page found, for a TopicMatch.
	Topic Topic
	// Words are the query's words, lower case, for a WordMatch.
	Words []string
	// Rules are the rules whose titles contain every word of the query,
	// in the order of the reference, at most MaxWordMatches, for a
	// WordMatch.
	Rules []Rule
	// More is how many further rules matched but were left off Rules.
	More int
}

// Text returns the match for a terminal: the rule or topic page as its
// Text method gives it, or for a WordMatch one line per rule
// ("R84 — Place a permit or take 2 gold") after a line naming the words.
func (m Match) Text() string {
	switch m.Kind {
	case RuleMatch:
		return m.Rule.Text()
	case TopicMatch:
		return m.Topic.Text()
	case WordMatch:
		var b strings.Builder
		fmt.Fprintf(&b, "Rules whose title has %q:\n", strings.Join(m.Words, " "))
		for _, r := range m.Rules {
			fmt.Fprintf(&b, "  %s — %s\n", r.ID, r.Title)
		}
		if m.More > 0 {
			fmt.Fprintf(&b, "  … and %d more; try a longer word\n", m.More)
		}
		return b.String()
	}
	return ""
}

// Lookup finds what a query names: a rule id ("R84", "r84"), else a topic
// name ("building", "trade track"), else the rules whose titles contain
// every word of the query ("permit", "trade points"), in that order of
// preference. When nothing matches it returns a *NotFoundError whose
// suggestions are the closest topic names and rule ids.
func (r *Reference) Lookup(query string) (Match, error) {
	q := strings.Join(strings.Fields(query), " ")
	if q == "" {
		return Match{}, &NotFoundError{Query: query, Suggestions: r.topicNames()}
	}
	if rule, ok := r.Rule(q); ok {
		return Match{Kind: RuleMatch, Rule: rule}, nil
	}
	if t, ok := r.Topic(q); ok {
		return Match{Kind: TopicMatch, Topic: t}, nil
	}
	if _, ok := canonicalID(q); ok {
		return Match{}, &NotFoundError{Query: query, Suggestions: r.nearIDs(q)}
	}
	words := strings.Fields(strings.ToLower(q))
	m := Match{Kind: WordMatch, Words: words}
	for _, rule := range r.rules {
		title := strings.ToLower(rule.Title)
		all := true
		for _, w := range words {
			if !strings.Contains(title, w) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		if len(m.Rules) < MaxWordMatches {
			m.Rules = append(m.Rules, rule)
		} else {
			m.More++
		}
	}
	if len(m.Rules) > 0 {
		return m, nil
	}
	return Match{}, &NotFoundError{Query: query, Suggestions: r.nearWords(words)}
}

// maxSuggestions is how many suggestions a NotFoundError carries at most.
const maxSuggestions = 5

func (r *Reference) topicNames() []string {
	out := make([]string, len(r.topics))
	for i, t := range r.topics {
		out[i] = t.Name
	}
	return out
}

// nearIDs suggests, for an id that names no rule, the rule with the same
// number under each of the reference's prefixes (S84 in a reference of R
// rules suggests R84), else the existing rule nearest in number.
func (r *Reference) nearIDs(q string) []string {
	key, _ := canonicalID(q)
	i := strings.IndexFunc(key, unicode.IsDigit)
	if i < 0 {
		return nil
	}
	n, err := strconv.Atoi(key[i:])
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range r.prefixes {
		if _, ok := r.ruleAt[p+strconv.Itoa(n)]; ok {
			out = append(out, p+strconv.Itoa(n))
			continue
		}
		best, dist := "", -1
		for _, rule := range r.rules {
			k, ok := ruleNumber(rule.ID, p)
			if !ok {
				continue
			}
			d := k - n
			if d < 0 {
				d = -d
			}
			if dist < 0 || d < dist {
				best, dist = rule.ID, d
			}
		}
		if best != "" {
			out = append(out, best)
		}
	}
	return out
}

// ruleNumber returns the number of id if id has the prefix p.
func ruleNumber(id, p string) (int, bool) {
	rest, ok := strings.CutPrefix(id, p)
	if !ok || rest == "" || rest[0] < '0' || rest[0] > '9' {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// nearWords suggests topic names close to the query (by edit distance, or
// starting with it), then the ids of rules with a title word close to one
// of the query's words.
func (r *Reference) nearWords(words []string) []string {
	type cand struct {
		s string
		d int
	}
	whole := strings.Join(words, "-")
	var topics []cand
	for _, t := range r.topics {
		d := distance(whole, t.Name)
		if strings.HasPrefix(t.Name, whole) || strings.HasPrefix(whole, t.Name) {
			d = min(d, 1)
		}
		if d <= tolerance(whole) {
			topics = append(topics, cand{t.Name, d})
		}
	}
	sort.SliceStable(topics, func(i, j int) bool { return topics[i].d < topics[j].d })
	var rules []cand
	for _, rule := range r.rules {
		best := -1
		for _, tw := range strings.FieldsFunc(strings.ToLower(rule.Title), notLetter) {
			for _, w := range words {
				if d := distance(w, tw); d <= tolerance(w) && (best < 0 || d < best) {
					best = d
				}
			}
		}
		if best >= 0 {
			rules = append(rules, cand{rule.ID, best})
		}
	}
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].d < rules[j].d })
	var out []string
	for _, c := range append(topics, rules...) {
		if len(out) == maxSuggestions {
			break
		}
		out = append(out, c.s)
	}
	return out
}

func notLetter(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) }

// tolerance is the largest edit distance at which a word still counts as
// close to w: a third of its length, at least 1.
func tolerance(w string) int {
	return max(1, len([]rune(w))/3)
}

// distance is the Levenshtein distance between a and b, counted in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
