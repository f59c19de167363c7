package templates

import "strings"

// Wrap breaks text into lines: the one word wrap of every text board,
// picture and mail. Lines are at most Width wide as Measure counts (runes
// when Measure is nil); every line after the first starts with Indent, and
// the first keeps the text's leading spaces. A word wider than a line
// stands alone on one, or is cut to fit when Cut is set. With Clauses, the
// lines break after "; " where they can, a clause only being broken when
// it is wider than a line.
type Wrap struct {
	Width   float64
	Measure func(string) float64
	Indent  string
	Cut     bool
	Clauses bool
}

// Lines wraps text; text that fits is one line as it is (its spaces and
// all). Text of spaces only gives no lines.
func (w Wrap) Lines(text string) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if w.fits(text) {
		return []string{text}
	}
	lead := text[:len(text)-len(strings.TrimLeft(text, " "))]
	if !w.Clauses {
		return w.pack(lead, strings.Fields(text))
	}
	var lines []string
	for _, clause := range strings.SplitAfter(text, "; ") {
		if clause = strings.TrimSpace(clause); clause == "" {
			continue
		}
		n := len(lines)
		switch {
		case n > 0 && w.fits(lines[n-1]+" "+clause):
			lines[n-1] += " " + clause
		case w.fits(w.prefix(n, lead) + clause):
			lines = append(lines, w.prefix(n, lead)+clause)
		default:
			more := w.pack(w.prefix(n, lead), strings.Fields(clause))
			if n > 0 {
				// The clause's own lines are continuation lines.
				for i := range more[:1] {
					more[i] = w.Indent + strings.TrimLeft(more[i], " ")
				}
			}
			lines = append(lines, more...)
		}
	}
	return lines
}

// Words wraps words, each kept whole (a word may hold spaces: "ship
// C4-D3"), joined by spaces.
func (w Wrap) Words(words []string) []string { return w.pack("", words) }

// pack fills lines with words, the first line starting with lead.
func (w Wrap) pack(lead string, words []string) []string {
	var out []string
	line, empty := lead, true
	for _, word := range words {
		if w.Cut {
			word = w.cut(word)
		}
		switch {
		case empty:
			line += word
		case w.fits(line + " " + word):
			line += " " + word
		default:
			out = append(out, line)
			line = w.Indent + word
		}
		empty = false
	}
	if empty {
		return out
	}
	return append(out, line)
}

// prefix is what line n of a wrapped text starts with.
func (w Wrap) prefix(n int, lead string) string {
	if n == 0 {
		return lead
	}
	return w.Indent
}

func (w Wrap) fits(s string) bool { return w.measure(s) <= w.Width }

func (w Wrap) measure(s string) float64 {
	if w.Measure == nil {
		return float64(len([]rune(s)))
	}
	return w.Measure(s)
}

// cut shortens a word wider than a continuation line until it fits one.
func (w Wrap) cut(word string) string {
	r := []rune(word)
	for len(r) > 1 && !w.fits(w.Indent+string(r)) {
		r = r[:len(r)-1]
	}
	return string(r)
}
