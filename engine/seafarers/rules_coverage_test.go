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

// exampleRef matches a worked example (E1..E26) or an edge case (D1..D49)
// in a test's name.
var exampleRef = regexp.MustCompile(`^Test([ED])([0-9]+)`)

// TestExampleCoverage fails unless every worked example E1..E26 and edge
// case D1..D49 of docs/seafarers/rules.md has its test, named for it. That
// every rule S1..S160 is asserted by a test is internal/rulesref's
// TestRuleCoverage.
func TestExampleCoverage(t *testing.T) {
	files, err := filepath.Glob("rules_*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("rule test files %v: the glob found too few", files)
	}
	examples := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if m := exampleRef.FindStringSubmatch(fd.Name.Name); m != nil {
					n, _ := strconv.Atoi(m[2])
					examples[m[1]+strconv.Itoa(n)] = true
				}
			}
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
