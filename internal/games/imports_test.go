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
func gameOf(pkg string) string {
	for _, prefix := range gamePackages {
		if rest, ok := strings.CutPrefix(pkg, prefix); ok && rest != "" {
			name, _, _ := strings.Cut(rest, "/")
			if slices.Contains(All().Names(), name) {
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
	case self == "internal/games":
	default:
		if gameOf(dep) != "" && !strings.HasPrefix(self, "internal/mailtest") {
			return "only internal/games names a game"
		}
	}
	if dep == "cmd" && self != "" {
		return "nothing but main imports cmd"
	}
	return ""
}
