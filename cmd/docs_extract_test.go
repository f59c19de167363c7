package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docCommand is one elasund command line shown in a document: a line of a
// shell code block, an inline code span, or a row of a command table.
type docCommand struct {
	Doc  string // the document, as "README.md" or "docs/cli.md"
	Line int    // its line in the document, from 1
	// Text is the command as shown, on one line, without a "$ " prompt
	// or a trailing comment.
	Text string
	// Comment is the comment after the command on its line, if any.
	Comment string
	// Stdin is the text of a here-document ("<<'EOF'" and the lines up
	// to "EOF") the command reads.
	Stdin string
	// Where the command stands: a line of a code block (a line to type,
	// run in the document's order), an inline span in the prose, or the
	// first cell of a "| command |" table (a synopsis without "elasund").
	Where docPlace
	// Output is what the document shows the command print, when it does:
	// the lines after a "$ " line of a console block, or a "text" block
	// right after the shell block the command ends (matchOutput says how
	// they are compared); nil when it shows none.
	Output []string
	// OutputLine is the line of the document where Output starts.
	OutputLine int
}

type docPlace int

const (
	inBlock docPlace = iota + 1
	inProse
	inTable
)

func (p docPlace) String() string {
	switch p {
	case inBlock:
		return "block"
	case inProse:
		return "prose"
	case inTable:
		return "table"
	}
	return "?"
}

func (c docCommand) String() string { return fmt.Sprintf("%s:%d: %s", c.Doc, c.Line, c.Text) }

// docFiles returns the documents whose commands are checked: README.md
// and docs/*.md, as paths from the cmd directory.
func docFiles(t *testing.T) []string {
	t.Helper()
	var docs []string
	for _, pattern := range []string{"../docs/*.md", "../docs/*/*.md", "../examples/README.md", "../examples/*/README.md"} {
		found, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, found...)
	}
	if len(docs) == 0 {
		t.Fatal("no documents in ../docs")
	}
	return append([]string{"../README.md"}, docs...)
}

// fenceRE matches the opening or closing line of a fenced code block.
var fenceRE = regexp.MustCompile("^\\s*(```+|~~~+)\\s*([A-Za-z0-9_+-]*)")

// heredocRE matches a here-document's start at the end of a line.
var heredocRE = regexp.MustCompile(`\s*<<-?\s*['"]?([A-Za-z_]+)['"]?$`)

// shellLangs are the code blocks whose lines are typed at a shell.
var shellLangs = map[string]bool{"": true, "sh": true, "shell": true, "bash": true, "console": true}

// outputLangs are the code blocks that show what the command before them
// printed, when they follow its shell block with only blank lines between.
var outputLangs = map[string]bool{"text": true, "output": true}

// extractCommands finds every elasund command in a markdown document:
// the lines of shell code blocks ("sh", "console" — where only "$ "
// lines are typed —, or no language) that start with "elasund", the
// inline code spans that start with "elasund ", and the first cells of
// tables headed "command" (the commands there are named without
// "elasund").
func extractCommands(doc, text string) []docCommand {
	lines := strings.Split(text, "\n")
	var out []docCommand
	// prose holds the lines outside code blocks, the others blanked, so
	// that inline spans keep their line numbers.
	prose := make([]string, len(lines))
	inFence, fence, lang := false, "", ""
	var pending strings.Builder // a block line continued with "\"
	pendingLine := 0
	var heredoc *docCommand // the command whose here-document is being read
	delim := ""
	commandTable := false
	// shown is the index in out of the command whose output the lines
	// being read show, or -1; lastCmd the last command of the shell block
	// that ended on line lastEnd (an index), for an output block after
	// it; blockFrom is len(out) when the block being read began.
	shown, lastCmd, lastEnd, blockFrom := -1, -1, -1, 0
	for i, line := range lines {
		if m := fenceRE.FindStringSubmatch(line); m != nil {
			if !inFence {
				inFence, fence, lang = true, m[1], m[2]
				shown, blockFrom = -1, len(out)
				if outputLangs[lang] && lastCmd >= 0 && blankBetween(lines, lastEnd, i) {
					shown = lastCmd
					out[shown].Output, out[shown].OutputLine = []string{}, i+2
				}
				lastCmd = -1
				continue
			}
			if strings.HasPrefix(strings.TrimSpace(line), fence) && m[2] == "" {
				inFence, shown, lastEnd = false, -1, i
				if shellLangs[lang] && len(out) > blockFrom {
					lastCmd = len(out) - 1
				}
				continue
			}
		}
		if inFence && shown >= 0 && !shellLangs[lang] {
			out[shown].Output = append(out[shown].Output, strings.TrimRight(line, " "))
			continue
		}
		if inFence && heredoc != nil {
			if strings.TrimSpace(line) == delim {
				out = append(out, *heredoc)
				heredoc = nil
			} else {
				heredoc.Stdin += line + "\n"
			}
			continue
		}
		if inFence {
			if !shellLangs[lang] {
				continue
			}
			l := strings.TrimSpace(line)
			if pending.Len() == 0 {
				if lang == "console" && !strings.HasPrefix(l, "$ ") {
					// What the command before printed.
					if shown >= 0 {
						if out[shown].Output == nil {
							out[shown].OutputLine = i + 1
						}
						out[shown].Output = append(out[shown].Output, strings.TrimRight(line, " "))
					}
					continue
				}
				l = strings.TrimPrefix(l, "$ ")
				pendingLine = i + 1
			}
			if strings.HasSuffix(l, "\\") {
				pending.WriteString(strings.TrimSpace(strings.TrimSuffix(l, "\\")) + " ")
				continue
			}
			pending.WriteString(l)
			full := pending.String()
			pending.Reset()
			cmd, comment := splitComment(full)
			if !isElasundLine(cmd) && !isCopyLine(cmd) {
				continue
			}
			dc := docCommand{Doc: doc, Line: pendingLine, Text: cmd, Comment: comment, Where: inBlock}
			if m := heredocRE.FindStringSubmatch(cmd); m != nil {
				dc.Text = strings.TrimSpace(cmd[:len(cmd)-len(m[0])])
				heredoc, delim = &dc, m[1]
				continue
			}
			out = append(out, dc)
			shown = -1
			if lang == "console" {
				shown = len(out) - 1
			}
			continue
		}
		prose[i] = line
		// A table whose header's first cell is "command" lists commands
		// without the program's name.
		if cells := tableCells(line); cells != nil {
			if strings.EqualFold(cells[0], "command") {
				commandTable = true
				continue
			}
			if commandTable && strings.Trim(cells[0], "-: ") != "" {
				if s, ok := onlySpan(cells[0]); ok && !strings.HasPrefix(s, "elasund ") {
					out = append(out, docCommand{Doc: doc, Line: i + 1, Text: "elasund " + unescapeTable(s), Where: inTable})
					prose[i] = strings.Replace(line, cells[0], "", 1)
				}
			}
		} else {
			commandTable = false
		}
	}
	out = append(out, inlineCommands(doc, prose)...)
	sortByLine(out)
	return out
}

// blankBetween reports whether the lines after index from and before
// index to are blank.
func blankBetween(lines []string, from, to int) bool {
	for _, l := range lines[from+1 : to] {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// isElasundLine reports whether a shell line runs elasund, after any
// VAR=value assignments. "elasund WORD: ..." is a message the program
// writes (a commit message), not a command: no command ends in ":".
func isElasundLine(l string) bool {
	fs := strings.Fields(l)
	for i, w := range fs {
		if w == "elasund" {
			return i+1 == len(fs) || !strings.HasSuffix(fs[i+1], ":")
		}
		if !strings.Contains(w, "=") || strings.HasPrefix(w, "-") {
			return false
		}
	}
	return false
}

// isCopyLine reports whether a shell line copies one file to another
// ("cp A B"), as documents do to give the reader a copy to play on: the
// commands after it need the copy.
func isCopyLine(l string) bool {
	fs := strings.Fields(l)
	return len(fs) == 3 && fs[0] == "cp" && !strings.HasPrefix(fs[1], "-")
}

// splitComment cuts a shell line at an unquoted " #".
func splitComment(l string) (cmd, comment string) {
	var quote rune
	for i, r := range l {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return strings.TrimSpace(l[:i]), strings.TrimSpace(l[i+1:])
		}
	}
	return strings.TrimSpace(l), ""
}

// tableCells returns the cells of a markdown table row, or nil.
func tableCells(line string) []string {
	l := strings.TrimSpace(line)
	if !strings.HasPrefix(l, "|") {
		return nil
	}
	// Split on "|" not escaped with "\" and not inside a code span.
	var cells []string
	var cur strings.Builder
	inCode := false
	for i := 1; i < len(l); i++ {
		switch c := l[i]; {
		case c == '`':
			inCode = !inCode
			cur.WriteByte(c)
		case c == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteString(`\|`)
			i++
		case c == '|' && !inCode:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	if len(cells) == 0 {
		return nil
	}
	return cells
}

// onlySpan returns the text of a cell that is one code span.
func onlySpan(cell string) (string, bool) {
	if len(cell) < 2 || cell[0] != '`' || cell[len(cell)-1] != '`' || strings.Count(cell, "`") != 2 {
		return "", false
	}
	return cell[1 : len(cell)-1], true
}

func unescapeTable(s string) string { return strings.ReplaceAll(s, `\|`, "|") }

// inlineCommands finds the code spans of the prose that start with
// "elasund ". A span may run onto the next line of its paragraph.
func inlineCommands(doc string, prose []string) []docCommand {
	var out []docCommand
	for i := 0; i < len(prose); i++ {
		line := prose[i]
		for j := 0; j < len(line); j++ {
			if line[j] != '`' {
				continue
			}
			// The length of the backtick run opens the span.
			n := 1
			for j+n < len(line) && line[j+n] == '`' {
				n++
			}
			tick := strings.Repeat("`", n)
			body, endLine, endCol, ok := findClose(prose, i, j+n, tick)
			if !ok {
				j += n - 1
				continue
			}
			span := strings.Join(strings.Fields(body), " ")
			if strings.HasPrefix(span, "elasund ") && isElasundLine(span) {
				out = append(out, docCommand{Doc: doc, Line: i + 1, Text: unescapeTable(span), Where: inProse})
			}
			if endLine != i {
				// Go on after the span on its last line.
				i = endLine
				line = prose[i]
			}
			j = endCol + n - 1
		}
	}
	return out
}

// findClose finds tick closing a span opened at prose[i][from:], within
// the paragraph (no blank line between).
func findClose(prose []string, i, from int, tick string) (body string, line, col int, ok bool) {
	var b strings.Builder
	for k := i; k < len(prose); k++ {
		s := prose[k]
		start := 0
		if k == i {
			start = from
		} else if strings.TrimSpace(s) == "" {
			return "", 0, 0, false
		}
		rest := s[start:]
		for c := 0; c <= len(rest)-len(tick); c++ {
			if rest[c:c+len(tick)] == tick && (c+len(tick) == len(rest) || rest[c+len(tick)] != '`') && (c == 0 || rest[c-1] != '`') {
				b.WriteString(rest[:c])
				return b.String(), k, start + c, true
			}
		}
		b.WriteString(rest + " ")
	}
	return "", 0, 0, false
}

func sortByLine(cs []docCommand) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Line < cs[j-1].Line; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// readDoc reads a document and names it from the repository's root.
func readDoc(t *testing.T, path string) (name, text string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(filepath.ToSlash(path), "../"), string(b)
}

// TestDocExtract checks the commands extractCommands finds in
// testdata/docs/sample.md, which shows every way a document shows one,
// against testdata/docs/sample.golden (-update rewrites it).
func TestDocExtract(t *testing.T) {
	name, text := readDoc(t, "testdata/docs/sample.md")
	var b strings.Builder
	for _, c := range extractCommands(name, text) {
		fmt.Fprintf(&b, "%d %s: %s", c.Line, c.Where, c.Text)
		if c.Comment != "" {
			fmt.Fprintf(&b, "  # %s", c.Comment)
		}
		b.WriteString("\n")
		for _, l := range strings.SplitAfter(c.Stdin, "\n") {
			if l != "" {
				b.WriteString("    < " + l)
			}
		}
		if c.Output != nil {
			fmt.Fprintf(&b, "    output at line %d:\n", c.OutputLine)
			for _, l := range c.Output {
				b.WriteString("    > " + l + "\n")
			}
		}
	}
	golden := "testdata/docs/sample.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("commands of %s:\n%s\nwant (%s):\n%s", name, b.String(), golden, want)
	}
}
