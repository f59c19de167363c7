package rulesref

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// moduleRoot returns the directory holding go.mod, searching upward from
// the test's working directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// citation is one rule number found in a source file.
type citation struct {
	file string
	line int
	id   string
}

// sourceCitations walks the module's Go sources (no tests, no .git, no
// testdata) and returns the citations that pattern finds, with prefix
// before the number, in the files that belong reports. It also returns how
// many files belonged.
func sourceCitations(t *testing.T, root string, belongs func(rel string) bool, pattern *regexp.Regexp, prefix string) ([]citation, int) {
	t.Helper()
	var out []citation
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !belongs(rel) {
			return nil
		}
		files++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
		for n := 1; sc.Scan(); n++ {
			for _, m := range pattern.FindAllStringSubmatch(sc.Text(), -1) {
				k, _ := strconv.Atoi(m[1])
				out = append(out, citation{file: rel, line: n, id: prefix + strconv.Itoa(k)})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatalf("walking %s: %v", root, err)
	}
	return out, files
}

// gameSource returns whether a file (slash path from the module root)
// belongs to the game named game: its rules (engine/<game>), its renderer
// (templates/<game>) or its bots (internal/bot/<game>), sub-packages
// included.
func gameSource(game string) func(rel string) bool {
	return func(rel string) bool {
		for _, dir := range []string{"engine/", "templates/", "internal/bot/"} {
			if strings.HasPrefix(rel, dir+game+"/") {
				return true
			}
		}
		return false
	}
}

// missingRules returns the citations of rules that ref does not have.
func missingRules(ref *Reference, cites []citation) []citation {
	var out []citation
	for _, c := range cites {
		if _, ok := ref.Rule(c.id); !ok {
			out = append(out, c)
		}
	}
	return out
}

func TestGameSource(t *testing.T) {
	tests := map[string]bool{
		"engine/apply.go":                 false,
		"engine/elasund/apply.go":         true,
		"engine/elasund/sub/x.go":         true,
		"engine/seafarers/apply.go":       false,
		"engine/elasundish/apply.go":      false,
		"internal/bot/elasund/x.go":       true,
		"templates/elasund/text.go":       true,
		"templates/replay/page.go":        false,
		"cmd/move.go":                     false,
		"internal/rulesref/reference.go":  false,
		"templates/engine/elasund/x.go":   false,
		"engine/seafarers/elasund_arg.go": false,
	}
	belongs := gameSource("elasund")
	for rel, want := range tests {
		if got := belongs(rel); got != want {
			t.Errorf("gameSource(elasund)(%q) = %v, want %v", rel, got, want)
		}
	}
}

// citePattern matches a citation of a rule with the prefix ("R52" for R),
// the number in its first group.
func citePattern(prefix string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(prefix) + `([0-9]{1,3})\b`)
}

// TestSourceCitations checks that every rule number a game's sources cite
// (R… in Elasund's, S… in Seafarers') is in its reference, so that
// "elasund rules <id>" can explain every refusal.
func TestSourceCitations(t *testing.T) {
	root := moduleRoot(t)
	for _, g := range embeddedGames(t) {
		t.Run(g.name, func(t *testing.T) {
			cites, files := sourceCitations(t, root, gameSource(g.name), citePattern(g.prefix), g.prefix)
			if files == 0 {
				t.Fatalf("no Go sources of %s in %s: a rules reference without a game", g.name, root)
			}
			missing := missingRules(g.ref, cites)
			for _, ct := range missing {
				t.Errorf("%s:%d cites %s, which the %s reference does not have", ct.file, ct.line, ct.id, g.name)
			}
			t.Logf("%d citations in %d %s files, %d not in the reference", len(cites), files, g.name, len(missing))
		})
	}
}

// TestSourceCitationsFindMissing checks the scan itself on a made-up
// module: a cited rule that the reference lacks is reported.
func TestSourceCitationsFindMissing(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.org/x\n")
	write("engine/elasund/a.go", "package elasund\n// R52 and R109, not R2D2 or XR5.\n")
	write("engine/elasund/a_test.go", "package elasund\n// R999 in a test is not checked\n")
	write("engine/b.go", "package engine\n// R400, no game's\n")
	write("templates/elasund/b.go", "package elasund\n// R007\n")
	write(".git/c.go", "// R500\n")
	write("cmd/d.go", "// R600\n")
	cites, files := sourceCitations(t, root, gameSource("elasund"), citePattern("R"), "R")
	if files != 2 {
		t.Errorf("scanned %d files, want 2 (engine/elasund/a.go and templates/elasund/b.go)", files)
	}
	var got []string
	for _, c := range cites {
		got = append(got, c.file+":"+strconv.Itoa(c.line)+":"+c.id)
	}
	want := []string{"engine/elasund/a.go:2:R52", "engine/elasund/a.go:2:R109", "templates/elasund/b.go:2:R7"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("citations = %v, want %v", got, want)
	}
	ref, err := Embedded("elasund")
	if err != nil {
		t.Fatal(err)
	}
	missing := missingRules(ref, cites)
	if len(missing) != 1 || missing[0].id != "R109" || missing[0].file != "engine/elasund/a.go" {
		t.Errorf("missing = %v, want only R109 in engine/elasund/a.go", missing)
	}
}
