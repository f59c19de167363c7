package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/docs"
)

const module = "github.com/elasund/elasund"

// gamePackages are the packages of one game: its rules, renderer and bots.
var gamePackages = []string{"engine/", "templates/", "internal/bot/"}

// TestImportDirection checks with `go list` that imports go one way
// (docs/architecture.md): engine imports nothing of ours; a game imports
// only engine and its own sub-packages; turnfile, templates and
// internal/bot know no game; mail knows no game and no referee; only
// internal/games (and tests) name every game.
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-json", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	seen := 0
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		seen++
		self := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			dep := strings.TrimPrefix(imp, module+"/")
			if why := forbidden(self, dep); why != "" {
				t.Errorf("%s imports %s: %s", self, dep, why)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("go list saw %d packages; the test reads the wrong module", seen)
	}
}

// gameOf returns the game a package belongs to ("elasund" for
// templates/elasund), or "" for a package of no game (templates/replay).
// A game is a name with a rules reference in package docs: the games of
// the program and the test registry's alike.
func gameOf(pkg string) string {
	for _, prefix := range gamePackages {
		if rest, ok := strings.CutPrefix(pkg, prefix); ok && rest != "" {
			name, _, _ := strings.Cut(rest, "/")
			if slices.Contains(docs.Games(), name) {
				return name
			}
		}
	}
	return ""
}

// forbidden says why package self may not import dep, or "".
func forbidden(self, dep string) string {
	switch {
	case self == "engine":
		return "the contract imports nothing of ours"
	case strings.HasPrefix(self, "engine/"):
		if dep != "engine" && gameOf(dep) != gameOf(self) {
			return "a game's rules import only engine and their own packages"
		}
	case self == "turnfile" || self == "templates" || self == "internal/bot":
		if gameOf(dep) != "" {
			return "this package knows games only through engine"
		}
		if dep != "engine" && !strings.HasPrefix(dep, "internal/") && dep != "templates" {
			return "this package imports only engine and helpers"
		}
	case gameOf(self) != "":
		if g := gameOf(dep); g != "" && g != gameOf(self) {
			return "no game's package imports another game's"
		}
		if dep == "turnfile" || dep == "mail" || dep == "referee" || dep == "cmd" || dep == "internal/games" {
			return "a game's renderer or bots stay below the file, the daemon and the table"
		}
	case self == "mail":
		if dep == "engine" || gameOf(dep) != "" || dep == "turnfile" || dep == "templates" || dep == "referee" || dep == "internal/games" {
			return "the daemon knows no game"
		}
	case self == "internal/games" || self == "internal/games/gamestest":
	default:
		if gameOf(dep) != "" && !strings.HasPrefix(self, "internal/mailtest") {
			return "only internal/games names a game"
		}
	}
	if dep == "cmd" && self != "" {
		return "nothing but main imports cmd"
	}
	if slices.Contains(testOnly, dep) && !slices.Contains(testOnly, self) {
		return "only tests import it"
	}
	return ""
}

// testOnly are the packages only tests may import: the mail servers, the
// browser, and the test registry (whose Race the program must not offer).
var testOnly = []string{"internal/mailtest", "internal/browsertest", "internal/games/gamestest"}

// TestForbidden checks the rules themselves on imports the module does not
// (or must not) have, the toy game's among them.
func TestForbidden(t *testing.T) {
	for _, tc := range []struct {
		self, dep string
		ok        bool
	}{
		{"internal/games/gamestest", "engine/race", true},
		{"templates/race", "engine/race", true},
		{"internal/bot/race", "internal/bot", true},
		{"cmd", "internal/games/gamestest", false},
		{"referee", "internal/games/gamestest", false},
		{"cmd", "internal/mailtest", false},
		{"referee", "engine/race", false},
		{"engine/race", "engine/elasund", false},
		{"templates/race", "engine/seafarers", false},
		{"internal/bot/race", "turnfile", false},
		{"turnfile", "engine/race", false},
		{"mail", "engine", false},
	} {
		if why := forbidden(tc.self, tc.dep); (why == "") != tc.ok {
			t.Errorf("forbidden(%s, %s) = %q, want allowed %v", tc.self, tc.dep, why, tc.ok)
		}
	}
}
