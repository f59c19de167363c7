package cmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	mathrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite golden files and scripts from the current output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"elasund": func() {
			if seed := os.Getenv("ELASUND_TEST_SEED"); seed != "" {
				// For scripts that need the same keys, secrets and so
				// dice every run: the test binary's randomness from a
				// seed. The real program has no such switch.
				n, _ := strconv.ParseUint(seed, 10, 64)
				app := &App{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, Getenv: os.Getenv, Rand: mathrand.NewChaCha8(seedBytes(n))}
				os.Exit(app.Run(context.Background(), os.Args[1:]))
			}
			os.Exit(Main(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// seedBytes is a ChaCha8 seed made from n.
func seedBytes(n uint64) [32]byte {
	var b [32]byte
	for i := range 8 {
		b[i] = byte(n >> (8 * i))
	}
	return b
}

// bashCompletion is the bash-completion package's script, as Debian
// installs it.
const bashCompletion = "/usr/share/bash-completion/bash_completion"

// TestScripts runs cmd/testdata/script/*.txtar against the real binary.
// Each script has its own $WORK, a fixed clock (SOURCE_DATE_EPOCH) and a
// key directory $ELASUND_HOME=$WORK/home.
func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/script/*.txtar")
	if len(files) == 0 {
		t.Fatal("no scripts in testdata/script")
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		// [bash-completion]: bash and the bash-completion package, which
		// the bash completion script needs (_get_comp_words_by_ref).
		Condition: func(cond string) (bool, error) {
			if cond != "bash-completion" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, err := exec.LookPath("bash")
			_, ferr := os.Stat(bashCompletion)
			return err == nil && ferr == nil, nil
		},
		Setup: func(e *testscript.Env) error {
			e.Setenv("BASH_COMPLETION", bashCompletion)
			e.Setenv("SOURCE_DATE_EPOCH", "1795000000")
			e.Setenv("ELASUND_HOME", filepath.Join(e.WorkDir, "home"))
			e.Setenv("NO_COLOR", "")
			e.Setenv("GIT_AUTHOR_NAME", "Test")
			e.Setenv("GIT_AUTHOR_EMAIL", "test@example.org")
			e.Setenv("GIT_COMMITTER_NAME", "Test")
			e.Setenv("GIT_COMMITTER_EMAIL", "test@example.org")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// replace OLD NEW FILE replaces the first OLD in FILE by NEW.
			"replace": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 3 {
					ts.Fatalf("usage: replace OLD NEW FILE")
				}
				text := ts.ReadFile(args[2])
				if !strings.Contains(text, args[0]) {
					ts.Fatalf("replace: %q not in %s", args[0], args[2])
				}
				text = strings.Replace(text, args[0], args[1], 1)
				ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(text), 0o644))
			},
			// exits N PROGRAM ARGS... runs the program and checks its exit
			// code; stdout and stderr are kept for the next checks.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: exits CODE PROGRAM [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("exits: %v", err)
				}
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("exits: %v", err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("%s exited with %d, want %d", args[1], got, want)
				}
			},
		},
	})
}
