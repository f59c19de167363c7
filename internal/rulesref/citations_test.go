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

// elasundSource reports whether a file (slash path from the module root)
// is Elasund engine code: below engine/elasund, or directly in engine/
// while the engine moves there.
func elasundSource(rel string) bool {
	return strings.Contains(rel, "engine/elasund") || filepath.ToSlash(filepath.Dir(rel)) == "engine"
}

// seafarersSource reports whether a file belongs to the Seafarers game.
func seafarersSource(rel string) bool {
	return strings.Contains(rel, "seafarers")
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

func TestElasundSource(t *testing.T) {
	tests := map[string]bool{
		"engine/apply.go":                 true,
		"engine/elasund/apply.go":         true,
		"engine/elasund/sub/x.go":         true,
		"engine/seafarers/apply.go":       false,
		"internal/bot/engine/x.go":        false,
		"cmd/move.go":                     false,
		"internal/rulesref/reference.go":  false,
		"templates/engine/elasund/x.go":   true,
		"engine/seafarers/elasund_arg.go": false,
	}
	for rel, want := range tests {
		if got := elasundSource(rel); got != want {
			t.Errorf("elasundSource(%q) = %v, want %v", rel, got, want)
		}
	}
}

// TestSourceCitations checks that every rule number the engines' sources
// cite (R… in Elasund code, S… in Seafarers code) is in the reference, so
// that "elasund rules <id>" can explain every refusal.
func TestSourceCitations(t *testing.T) {
	root := moduleRoot(t)
	checks := []struct {
		name    string
		load    func() (*Reference, error)
		belongs func(string) bool
		pattern *regexp.Regexp
		prefix  string
	}{
		{"elasund", Elasund, elasundSource, regexp.MustCompile(`\bR([0-9]{1,3})\b`), "R"},
		{"seafarers", Seafarers, seafarersSource, regexp.MustCompile(`\bS([0-9]{1,3})\b`), "S"},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			cites, files := sourceCitations(t, root, c.belongs, c.pattern, c.prefix)
			if files == 0 {
				t.Skipf("no %s Go sources in %s yet", c.name, root)
			}
			ref, err := c.load()
			if err != nil {
				t.Fatal(err)
			}
			missing := missingRules(ref, cites)
			for _, ct := range missing {
				t.Errorf("%s:%d cites %s, which the %s reference does not have", ct.file, ct.line, ct.id, c.name)
			}
			t.Logf("%d citations in %d %s files, %d not in the reference", len(cites), files, c.name, len(missing))
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
	write("engine/b.go", "package engine\n// R007\n")
	write(".git/c.go", "// R500\n")
	write("cmd/d.go", "// R600\n")
	cites, files := sourceCitations(t, root, elasundSource, regexp.MustCompile(`\bR([0-9]{1,3})\b`), "R")
	if files != 2 {
		t.Errorf("scanned %d files, want 2 (a.go and b.go)", files)
	}
	var got []string
	for _, c := range cites {
		got = append(got, c.file+":"+strconv.Itoa(c.line)+":"+c.id)
	}
	want := []string{"engine/b.go:2:R7", "engine/elasund/a.go:2:R52", "engine/elasund/a.go:2:R109"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("citations = %v, want %v", got, want)
	}
	missing := missingRules(mustLoad(t, games[0]), cites)
	if len(missing) != 1 || missing[0].id != "R109" || missing[0].file != "engine/elasund/a.go" {
		t.Errorf("missing = %v, want only R109 in engine/elasund/a.go", missing)
	}
}
