package cmd

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/turnfile"

	"github.com/spf13/cobra"
)

// testTime is the clock of in-process runs.
var testTime = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// detRand is a deterministic byte source for keys and secrets.
type detRand struct{ r *rand.ChaCha8 }

func newDetRand(seed byte) *detRand {
	var s [32]byte
	s[0] = seed
	return &detRand{rand.NewChaCha8(s)}
}

func (d *detRand) Read(p []byte) (int, error) { return d.r.Read(p) }

// runResult is one in-process run of the command line.
type runResult struct {
	code           int
	stdout, stderr string
}

// run runs the command line in-process with env as the whole environment.
func run(t testing.TB, env map[string]string, stdin string, args ...string) runResult {
	t.Helper()
	var out, errOut bytes.Buffer
	app := &App{
		In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut,
		Getenv: func(k string) string { return env[k] },
		Now:    func() time.Time { return testTime },
	}
	code := app.Run(context.Background(), args)
	return runResult{code: code, stdout: out.String(), stderr: errOut.String()}
}

// mustRun runs and fails the test unless the exit code is 0.
func mustRun(t testing.TB, env map[string]string, args ...string) string {
	t.Helper()
	r := run(t, env, "", args...)
	if r.code != 0 {
		t.Fatalf("elasund %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r.stdout
}

// execCmd runs one command built by a newXCmd function with args, as
// the root command would, and returns its error.
func execCmd(c *cobra.Command, args ...string) error {
	c.SetArgs(args)
	c.SetOut(&bytes.Buffer{})
	c.SetErr(&bytes.Buffer{})
	c.SetIn(strings.NewReader(""))
	c.SilenceErrors, c.SilenceUsage = true, true
	c.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &usageError{cmd: c, err: err} })
	return c.Execute()
}

// testApp is an App with a fixed environment and clock.
func testApp(env map[string]string) *App {
	return &App{
		Getenv: func(k string) string { return env[k] },
		Now:    func() time.Time { return testTime },
		Rand:   newDetRand(1),
	}
}

// elasundState is the Elasund state of g.
func elasundState(g *turnfile.Game) *elasund.State { return g.State().(*elasund.State) }
