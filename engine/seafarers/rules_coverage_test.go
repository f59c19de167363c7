package seafarers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// ruleRef matches a rule number such as S44 in a test's comment, name or
// string.
var ruleRef = regexp.MustCompile(`\bS([0-9]+)\b`)

// numRules is the number of rules of docs/seafarers/rules.md (S1..S160).
const numRules = 160

// exampleRef matches a worked example (E1..E26) or an edge case (D1..D49)
// in a test's name.
var exampleRef = regexp.MustCompile(`^Test([ED])([0-9]+)`)

// TestRuleCoverage fails unless every rule S1..S160 is referenced inside a
// Test function of the rule test files (rules_*_test.go) — in its doc
// comment, a comment, a subtest name or a string — and every worked example
// E1..E26 and edge case D1..D49 has its test. It also refuses references to
// rules that do not exist.
func TestRuleCoverage(t *testing.T) {
	files, err := filepath.Glob("rules_*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int][]string{}
	examples := map[string]bool{}
	for _, f := range files {
		if f == "rules_coverage_test.go" || f == "rules_helpers_test.go" {
			continue
		}
		if err := testRuleRefs(f, seen, examples); err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 3 {
		t.Fatalf("rule test files %v: the glob found too few", files)
	}
	for n := 1; n <= numRules; n++ {
		if len(seen[n]) == 0 {
			t.Errorf("S%d is not referenced by any rule test", n)
		}
	}
	for n, where := range seen {
		if n < 1 || n > numRules {
			t.Errorf("S%d does not exist (docs/seafarers/rules.md has S1..S%d), referenced in %v", n, numRules, where)
		}
	}
	for n := 1; n <= 26; n++ {
		if !examples["E"+strconv.Itoa(n)] {
			t.Errorf("worked example E%d has no test", n)
		}
	}
	for n := 1; n <= 49; n++ {
		if !examples["D"+strconv.Itoa(n)] {
			t.Errorf("edge case D%d has no test", n)
		}
	}
}

// testRuleRefs records, per rule number, the Test functions of file that
// reference it, and the examples the tests are named for.
func testRuleRefs(file string, seen map[int][]string, examples map[string]bool) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil {
		return err
	}
	add := func(text, fn string) {
		for _, m := range ruleRef.FindAllStringSubmatch(text, -1) {
			if n, err := strconv.Atoi(m[1]); err == nil {
				seen[n] = append(seen[n], fn)
			}
		}
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || len(fd.Name.Name) < 5 || fd.Name.Name[:4] != "Test" {
			continue
		}
		where := file + ":" + fd.Name.Name
		if m := exampleRef.FindStringSubmatch(fd.Name.Name); m != nil {
			n, _ := strconv.Atoi(m[2])
			examples[m[1]+strconv.Itoa(n)] = true
		}
		if fd.Doc != nil {
			add(fd.Doc.Text(), where)
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					add(s, where)
				}
			}
			return true
		})
		for _, cg := range f.Comments {
			if cg.Pos() >= fd.Pos() && cg.End() <= fd.End() {
				add(cg.Text(), where)
			}
		}
	}
	return nil
}
