package elasund

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"
)

// ruleRef matches a rule number such as R52 in a test name, a comment or a
// string.
var ruleRef = regexp.MustCompile(`\bR([0-9]+)\b`)

// numRules is the number of rules of docs/elasund/rules.md (R1..R108).
const numRules = 108

// TestRuleCoverage fails unless every rule R1..R108 is referenced inside a
// Test function of the rule test files (rules_*_test.go): in a subtest name,
// a comment or a string in the function's body. It also refuses a reference
// to a rule that does not exist.
func TestRuleCoverage(t *testing.T) {
	files, err := filepath.Glob("rules_*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	self := "rules_coverage_test.go"
	want := []string{"rules_build_test.go", "rules_late_test.go", "rules_phase1_test.go", "rules_setup_test.go"}
	var got []string
	for _, f := range files {
		if f != self && f != "rules_helpers_test.go" {
			got = append(got, f)
		}
	}
	sort.Strings(got)
	if !equalStrings(got, want) {
		t.Fatalf("rule test files %v, want %v", got, want)
	}
	seen := map[int][]string{}
	for _, name := range got {
		refs, err := testRuleRefs(name)
		if err != nil {
			t.Fatal(err)
		}
		for n, where := range refs {
			seen[n] = append(seen[n], where...)
		}
	}
	for n := 1; n <= numRules; n++ {
		if len(seen[n]) == 0 {
			t.Errorf("R%d is not referenced by any rule test", n)
		}
	}
	for n, where := range seen {
		if n < 1 || n > numRules {
			t.Errorf("R%d does not exist (docs/elasund/rules.md has R1..R%d), referenced in %v", n, numRules, where)
		}
	}
}

// testRuleRefs returns, per rule number, the Test functions of file that
// reference it in their bodies.
func testRuleRefs(file string) (map[int][]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	out := map[int][]string{}
	add := func(text, fn string) {
		for _, m := range ruleRef.FindAllStringSubmatch(text, -1) {
			n, err := strconv.Atoi(m[1])
			if err == nil {
				out[n] = append(out[n], fn)
			}
		}
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || len(fd.Name.Name) < 5 || fd.Name.Name[:4] != "Test" {
			continue
		}
		where := file + ":" + fd.Name.Name
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
	return out, nil
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
