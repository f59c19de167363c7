package mail

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoGame keeps the daemon core game-agnostic: package mail
// imports nothing of the games, the turn files, the mail templates or the
// referee (STYLE.md, rule 1).
func TestImportsNoGame(t *testing.T) {
	const module = "github.com/elasund/elasund/"
	forbidden := []string{"engine", "turnfile", "templates", "referee", "internal/games", "internal/bot", "cmd"}
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, p := range forbidden {
				if path == module+p || strings.HasPrefix(path, module+p+"/") {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
}
