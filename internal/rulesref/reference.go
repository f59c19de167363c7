package rulesref

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Rule is one numbered rule of a reference.
type Rule struct {
	// ID is the rule number as the engines cite it, such as "R84".
	ID string
	// Title is the short title after the em dash of the heading.
	Title string
	// Body is the rule's text, lines as written, without the heading and
	// without leading or trailing blank lines.
	Body string
	// Line is the 1-based line of the heading in the reference.
	Line int
}

// Text returns the rule for a terminal: the line "<id> — <title>", then
// the body, ending with a newline.
func (r Rule) Text() string {
	return r.ID + " — " + r.Title + "\n" + r.Body + "\n"
}

// Topic is one topic page of a reference.
type Topic struct {
	// Name is the topic's name, such as "building"; lower case.
	Name string
	// Heading is the heading text as written, such as "Topic: building".
	Heading string
	// Body is the page's text, lines as written, without the heading and
	// without leading or trailing blank lines.
	Body string
	// Rules lists the rule ids the page mentions, in order of first
	// mention, each once; a range such as "R26–R31" mentions every rule
	// from R26 to R31.
	Rules []string
	// Line is the 1-based line of the heading in the reference.
	Line int
}

// Text returns the topic page for a terminal: the heading line, then the
// body, ending with a newline.
func (t Topic) Text() string {
	return t.Heading + "\n" + t.Body + "\n"
}

// Reference is a parsed rules reference. Its methods return copies, so a
// Reference never changes once parsed.
type Reference struct {
	title    string
	intro    string
	rules    []Rule
	topics   []Topic
	ruleAt   map[string]int // rule id → index in rules
	topicAt  map[string]int // topic name → index in topics
	prefixes []string       // the letters of the rule ids, such as "R"
}

var (
	// ruleHeading is the text of a level-3 heading naming a rule.
	ruleHeading = regexp.MustCompile(`^([A-Z]+)([1-9][0-9]*) — (\S.*)$`)
	// topicName is the form of a topic's name.
	topicName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	// mention finds a rule id or a range of ids in text; the prefixes are
	// filtered afterwards.
	mention = regexp.MustCompile(`\b([A-Z]+)([0-9]{1,4})\b(?:\s*[–-]\s*([A-Z]+)?([0-9]{1,4})\b)?`)
)

// maxRange bounds how many ids one range such as "R1–R108" may mention.
const maxRange = 1000

// section is the kind of section the parser is in.
type section int

const (
	inIntro section = iota
	inTopic
	inRule
	inOther
)

// Parse reads a rules reference. It fails with a *ParseError when the
// text is not valid UTF-8, a rule heading is malformed, an id or a topic
// name appears twice, or a rule or topic has no text. It never panics.
func Parse(md []byte) (*Reference, error) {
	if !utf8.Valid(md) {
		return nil, &ParseError{Reason: "not valid UTF-8"}
	}
	text := strings.ReplaceAll(string(md), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	ref := &Reference{ruleAt: map[string]int{}, topicAt: map[string]int{}}

	kind := inIntro
	var body []string
	start := 0 // line of the current section's heading
	finish := func() error {
		b := trimBlank(body)
		body = nil
		switch kind {
		case inIntro:
			ref.intro = b
		case inRule:
			if b == "" {
				r := ref.rules[len(ref.rules)-1]
				return &ParseError{Line: start, Reason: "rule " + r.ID + " has no text"}
			}
			ref.rules[len(ref.rules)-1].Body = b
		case inTopic:
			if b == "" {
				t := ref.topics[len(ref.topics)-1]
				return &ParseError{Line: start, Reason: "topic " + t.Name + " has no text"}
			}
			ref.topics[len(ref.topics)-1].Body = b
		}
		return nil
	}

	fence := ""
	for i, line := range lines {
		n := i + 1
		if fence != "" {
			if strings.HasPrefix(strings.TrimSpace(line), fence) {
				fence = ""
			}
			body = append(body, line)
			continue
		}
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			body = append(body, line)
			continue
		}
		level, head := heading(line)
		if level == 0 || level > 3 {
			body = append(body, line)
			continue
		}
		if err := finish(); err != nil {
			return nil, err
		}
		start = n
		switch level {
		case 1:
			if ref.title != "" || len(ref.rules) > 0 || len(ref.topics) > 0 {
				return nil, &ParseError{Line: n, Reason: "a second title (\"# \" heading)"}
			}
			ref.title = head
			kind = inIntro
		case 2:
			name, ok := topicOf(head)
			if !ok {
				kind = inOther
				continue
			}
			if !topicName.MatchString(name) {
				return nil, &ParseError{Line: n, Reason: "topic name " + strconv.Quote(name) + " is not a lower-case word (letters, digits, hyphens)"}
			}
			if j, dup := ref.topicAt[name]; dup {
				return nil, &ParseError{Line: n, Reason: "topic " + name + " appears twice (first on line " + strconv.Itoa(ref.topics[j].Line) + ")"}
			}
			ref.topicAt[name] = len(ref.topics)
			ref.topics = append(ref.topics, Topic{Name: name, Heading: head, Line: n})
			kind = inTopic
		case 3:
			m := ruleHeading.FindStringSubmatch(head)
			if m == nil {
				return nil, &ParseError{Line: n, Reason: "rule heading " + strconv.Quote(head) + " is not \"<id> — <title>\" (an id such as R84, an em dash, a title)"}
			}
			id := m[1] + m[2]
			if len(m[2]) > maxIDDigits {
				return nil, &ParseError{Line: n, Reason: "rule " + id + " has a number of more than " + strconv.Itoa(maxIDDigits) + " digits"}
			}
			if j, dup := ref.ruleAt[id]; dup {
				return nil, &ParseError{Line: n, Reason: "rule " + id + " appears twice (first on line " + strconv.Itoa(ref.rules[j].Line) + ")"}
			}
			ref.ruleAt[id] = len(ref.rules)
			ref.rules = append(ref.rules, Rule{ID: id, Title: strings.TrimSpace(m[3]), Line: n})
			if !contains(ref.prefixes, m[1]) {
				ref.prefixes = append(ref.prefixes, m[1])
			}
			kind = inRule
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	for i := range ref.topics {
		ref.topics[i].Rules = ref.cited(ref.topics[i].Body)
	}
	return ref, nil
}

// heading returns the level and text of a markdown ATX heading ("## Text"),
// or level 0 when line is not one.
func heading(line string) (int, string) {
	level := 0
	for level < len(line) && line[level] == '#' {
		level++
	}
	if level == 0 || level >= len(line) || line[level] != ' ' {
		return 0, ""
	}
	head := strings.TrimSpace(line[level:])
	if head == "" {
		return 0, ""
	}
	return level, head
}

// topicOf returns the topic name a level-2 heading names, if it names one.
func topicOf(head string) (string, bool) {
	if name, ok := strings.CutPrefix(head, "Topic:"); ok {
		return strings.TrimSpace(name), true
	}
	if head == "Options" {
		return "options", true
	}
	return "", false
}

// trimBlank joins lines, dropping blank lines at both ends and trailing
// spaces of each line.
func trimBlank(lines []string) string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(out, "\n")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cited returns the ids of this reference's kind (its rule prefixes) that
// text mentions, ranges expanded, in order of first mention, each once.
// Ids of other kinds (a square such as D4, a variant such as V11) are left
// out; ids of the right kind are listed whether or not the rule exists.
func (r *Reference) cited(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, m := range mention.FindAllStringSubmatch(text, -1) {
		if !contains(r.prefixes, m[1]) {
			continue
		}
		lo, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		hi := lo
		h, err := strconv.Atoi(m[4])
		ranged := err == nil && (m[3] == "" || m[3] == m[1]) && h >= lo && h-lo < maxRange
		if ranged {
			hi = h
		}
		for k := lo; k <= hi; k++ {
			add(m[1] + strconv.Itoa(k))
		}
		// The second id of something that is no range, such as "R5–S7",
		// is a mention of its own.
		if !ranged && err == nil && m[3] != "" && contains(r.prefixes, m[3]) {
			add(m[3] + strconv.Itoa(h))
		}
	}
	return out
}

// Title returns the reference's title, the text of its "# " heading.
func (r *Reference) Title() string { return r.title }

// Intro returns the introduction: the text between the title and the first
// "## " heading, lines as written.
func (r *Reference) Intro() string { return r.intro }

// Rules returns every rule in the order of the reference.
func (r *Reference) Rules() []Rule {
	return append([]Rule(nil), r.rules...)
}

// Topics returns every topic page in the order of the reference.
func (r *Reference) Topics() []Topic {
	out := make([]Topic, len(r.topics))
	for i, t := range r.topics {
		out[i] = t.clone()
	}
	return out
}

// Rule returns the rule with that id, such as "R84". Case, leading zeros
// and one space after the letters do not matter: "r84", "R084" and "R 84"
// find R84 too.
func (r *Reference) Rule(id string) (Rule, bool) {
	key, ok := canonicalID(id)
	if !ok {
		return Rule{}, false
	}
	i, ok := r.ruleAt[key]
	if !ok {
		return Rule{}, false
	}
	return r.rules[i], true
}

// Topic returns the topic page with that name, such as "building". Case
// does not matter, and spaces or underscores may stand for hyphens:
// "Trade track" finds trade-track.
func (r *Reference) Topic(name string) (Topic, bool) {
	i, ok := r.topicAt[topicKey(name)]
	if !ok {
		return Topic{}, false
	}
	return r.topics[i].clone(), true
}

func (t Topic) clone() Topic {
	t.Rules = append([]string(nil), t.Rules...)
	return t
}

// maxIDDigits bounds the number of a rule id, in a heading and in a query,
// so that every id a reference holds can be asked for by Rule.
const maxIDDigits = 9

// idForm is what Rule accepts as an id: letters, optional spaces, digits.
var idForm = regexp.MustCompile(`^([A-Za-z]+) ?([0-9]{1,` + strconv.Itoa(maxIDDigits) + `})$`)

// canonicalID returns id in upper case without leading zeros in its number.
func canonicalID(id string) (string, bool) {
	m := idForm.FindStringSubmatch(strings.TrimSpace(id))
	if m == nil {
		return "", false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil {
		return "", false
	}
	return strings.ToUpper(m[1]) + strconv.Itoa(n), true
}

// topicKey normalises a topic name as Topic accepts it.
func topicKey(name string) string {
	f := strings.FieldsFunc(strings.ToLower(name), func(c rune) bool {
		return c == ' ' || c == '_' || c == '-' || c == '\t'
	})
	return strings.Join(f, "-")
}
