package docs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// references are the paths of every embedded rules reference.
func references() []string {
	var out []string
	for _, g := range Games() {
		out = append(out, RulesPath(g))
	}
	return out
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := files.ReadFile(name)
	if err != nil {
		t.Fatalf("files.ReadFile(%q): %v", name, err)
	}
	if !utf8.Valid(b) {
		t.Fatalf("%s is not valid UTF-8", name)
	}
	return string(b)
}

// TestEmbedded checks that the package holds a rules reference for each
// game directory of docs/ that has one, and nothing else, and that Rules
// finds each by its game's name and no other file.
func TestEmbedded(t *testing.T) {
	var got []string
	err := fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			got = append(got, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := filepath.Glob("*/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != strings.Join(onDisk, " ") || strings.Join(got, " ") != strings.Join(references(), " ") {
		t.Errorf("the package holds %v and Games names %v, want every docs/*/rules.md: %v", got, Games(), onDisk)
	}
	for _, g := range []string{"elasund", "seafarers"} {
		if !slices.Contains(Games(), g) {
			t.Errorf("Games() = %v lacks %s", Games(), g)
		}
	}
	for _, g := range Games() {
		b, err := Rules(g)
		if err != nil || !strings.HasPrefix(string(b), "# ") {
			t.Errorf("Rules(%q) = %.20q, %v; want a reference starting with a title line", g, b, err)
		}
	}
	for _, bad := range []string{"", ".", "..", "chess", "elasund/rules.md", "../docs", "/elasund", "seafarers/"} {
		if _, err := Rules(bad); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Rules(%q) = %v, want fs.ErrNotExist", bad, err)
		}
	}
}

// maxWidth is the longest line a reference may have outside tables, so
// that rules print well in a terminal.
const maxWidth = 90

// TestLayout checks that the references print well in a terminal: no tabs,
// carriage returns or trailing spaces, lines of at most maxWidth
// characters outside tables, and a final newline.
func TestLayout(t *testing.T) {
	for _, name := range references() {
		text := read(t, name)
		if !strings.HasSuffix(text, "\n") || strings.HasSuffix(text, "\n\n") {
			t.Errorf("%s must end with exactly one newline", name)
		}
		for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			n := i + 1
			if strings.ContainsAny(line, "\t\r") {
				t.Errorf("%s:%d has a tab or carriage return", name, n)
			}
			if strings.TrimRightFunc(line, unicode.IsSpace) != line {
				t.Errorf("%s:%d has trailing spaces", name, n)
			}
			if w := utf8.RuneCountInString(line); w > maxWidth && !strings.HasPrefix(line, "|") {
				t.Errorf("%s:%d is %d characters wide, want at most %d", name, n, w, maxWidth)
			}
		}
	}
}

// headingLike matches a level-3 heading that looks like it names a rule.
var (
	headingLike = regexp.MustCompile(`^###\s*[A-Za-z]+\s*\d`)
	ruleHeading = regexp.MustCompile(`^### [A-Z]+[1-9][0-9]* — \S`)
)

// TestRuleHeadings checks the heading form that commands and package
// rulesref rely on: "### R84 — Title", with an em dash.
func TestRuleHeadings(t *testing.T) {
	for _, name := range references() {
		for i, line := range strings.Split(read(t, name), "\n") {
			if headingLike.MatchString(line) && !ruleHeading.MatchString(line) {
				t.Errorf("%s:%d: heading %q is not \"### <id> — <title>\"", name, i+1, line)
			}
		}
	}
}

// ownWordsRun is the length of a run of words that a reference may share
// with the specification or the rulebooks. The references paraphrase;
// they never copy a sentence.
const ownWordsRun = 9

// TestOwnWords checks that no run of ownWordsRun words of a reference's
// prose appears in the specification (shared/spec beside the module or
// above it, see sharedDir) or in the rulebooks (shared/seeds). Tables,
// code and inline code are left out, and so are numbers: they are data,
// the same in any wording.
// The test is skipped where those texts are not at hand.
func TestOwnWords(t *testing.T) {
	shared := sharedDir()
	var sources []string
	for _, pattern := range []string{"spec/*.md", "spec/*/*.md", "seeds/*.txt"} {
		m, _ := filepath.Glob(filepath.Join(shared, pattern))
		sources = append(sources, m...)
	}
	if len(sources) == 0 {
		t.Skipf("no specification or rulebooks in a shared directory beside the module or above it (%q)", shared)
	}
	seen := map[string]string{}
	for _, p := range sources {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range runs(words(string(b)), ownWordsRun) {
			seen[g] = filepath.Base(p)
		}
	}
	for _, name := range references() {
		w := words(prose(read(t, name)))
		for i := 0; i+ownWordsRun <= len(w); i++ {
			g := strings.Join(w[i:i+ownWordsRun], " ")
			if src, ok := seen[g]; ok && !strings.Contains(g, breakWord) {
				t.Errorf("%s shares %q with %s; say it in other words", name, g, src)
				i += ownWordsRun - 1
			}
		}
	}
}

// sharedDir is the directory of the specification and the rulebooks: a
// "shared" directory beside the module or beside one of its parent
// directories (a worktree below the main checkout's parent finds it too),
// or "" if there is none.
func sharedDir() string {
	dir, err := filepath.Abs("..")
	if err != nil {
		return ""
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "..", "shared", "spec")); err == nil && fi.IsDir() {
			return filepath.Join(dir, "..", "shared")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// breakWord stands in for text left out of the comparison; no run may
// cross it.
const breakWord = "§"

// prose returns text with tables, fenced code, headings and inline code
// replaced by breakWord.
func prose(text string) string {
	var b strings.Builder
	fence := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			fence = !fence
			line = breakWord
		case fence, strings.HasPrefix(t, "|"), strings.HasPrefix(t, "#"):
			line = breakWord
		default:
			line = inlineCode.ReplaceAllString(line, " "+breakWord+" ")
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

var (
	inlineCode = regexp.MustCompile("`[^`]*`")
	// word is a word of letters, possibly with digits after the first
	// letter and an apostrophe; numbers alone are not words.
	word = regexp.MustCompile(`[a-z][a-z0-9]*(?:['’][a-z]+)?|` + breakWord)
)

// words returns the lower-case words of text.
func words(text string) []string {
	return word.FindAllString(strings.ToLower(text), -1)
}

// runs returns every run of n consecutive words, joined by spaces.
func runs(w []string, n int) []string {
	var out []string
	for i := 0; i+n <= len(w); i++ {
		out = append(out, strings.Join(w[i:i+n], " "))
	}
	return out
}

// TestOwnWordsCatchesCopies checks the comparison itself: a copied
// sentence is found, with or without numbers and markup, and text in a
// table or in code is not.
func TestOwnWordsCatchesCopies(t *testing.T) {
	source := "A player may place 1 permit on any empty city square in the ship row."
	seen := map[string]bool{}
	for _, g := range runs(words(source), ownWordsRun) {
		seen[g] = true
	}
	tests := []struct {
		doc  string
		want bool
	}{
		{"Then a player may place 2 permits on any empty city square in the ship row.", true},
		{"A player may **place** a permit\non any empty city square in the ship row.", true},
		{"| a player may place a permit on any empty city square in the ship row |", false},
		{"`a player may place a permit on any empty city square in the ship row`", false},
		{"Any free square of the city will do, as long as it lies in the ship row.", false},
	}
	for _, tt := range tests {
		found := false
		for _, g := range runs(words(prose(tt.doc)), ownWordsRun) {
			found = found || (seen[g] && !strings.Contains(g, breakWord))
		}
		if found != tt.want {
			t.Errorf("copy found in %q = %v, want %v", tt.doc, found, tt.want)
		}
	}
}
