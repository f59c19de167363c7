package cmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/bot"
)

func TestDemoArgv(t *testing.T) {
	app := testApp(nil)
	var got *demoOptions
	err := execCmd(newDemoCmd(app, func(o *demoOptions) error { got = o; return nil }),
		"--players", "2", "--seed", "7", "--level", "random", "--out", "d.yaml", "--delay", "250ms")
	if err != nil {
		t.Fatal(err)
	}
	if got.Players != 2 || got.Seed != 7 || got.Level != "random" || got.OutFile != "d.yaml" || got.Delay != 250*time.Millisecond || !got.Now().Equal(testTime) {
		t.Fatalf("options = %+v", got)
	}
	// Without --seed, one is drawn from the App's source.
	if err := execCmd(newDemoCmd(app, func(o *demoOptions) error { got = o; return nil })); err != nil {
		t.Fatal(err)
	}
	if got.Players != 4 || got.Level != bot.LevelHeuristic || got.OutFile != "" || got.Delay != 0 || got.Seed >= 1_000_000 {
		t.Fatalf("default options = %+v", got)
	}
	for _, args := range [][]string{
		{"extra"},
		{"--players", "1"},
		{"--players", "5"},
		{"--level", "genius"},
		{"--delay", "-1s"},
		{"--delay", "soon"},
	} {
		var ue *usageError
		if err := execCmd(newDemoCmd(app, func(*demoOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("demo %q = %v, want usage error", args, err)
		}
	}
}

func TestDemoOutput(t *testing.T) {
	dir := t.TempDir()
	demo := func(out string) string {
		t.Helper()
		var buf bytes.Buffer
		opts := &demoOptions{
			Players: 2, Level: bot.LevelHeuristic, Seed: 2, OutFile: out, TempDir: dir,
			Now: func() time.Time { return testTime }, Out: &buf,
		}
		if err := runDemo(t.Context(), opts); err != nil {
			t.Fatalf("demo: %v\n%s", err, buf.String())
		}
		return buf.String()
	}
	a := filepath.Join(dir, "a.yaml")
	got := demo(a)
	for _, re := range []string{
		`(?m)^elasund demo: 2 heuristic bots, seed 2 `,
		`(?m)^  red    Astrid joins with its own key ed25519:`,
		`(?m)^  blue   Bjorn  joins with its own key ed25519:`,
		`(?m)^turn  1  red     roll`,
		`(?m)^           roll [1-6]\+[1-6]`,
		`(?m)^turn  2  blue    `,
		`(?m)^trade   0 `,
		`(?m)^winner: (red \(Astrid\)|blue \(Bjorn\)), `,
		`(?m)^ok: ` + regexp.QuoteMeta(a) + `: game [0-9a-f]{16}, [0-9]+ entries: every hash link, signature, reveal and move checks out$`,
		`(?m)^kept ` + regexp.QuoteMeta(a),
	} {
		if !regexp.MustCompile(re).MatchString(got) {
			t.Errorf("output does not match %s:\n%s", re, got)
		}
	}
	g, err := openGame(nil, a)
	if err != nil {
		t.Fatal(err)
	}
	h := g.File().Header
	if h.Sandbox || len(h.Seats) != 2 || h.Seats[0].Key == h.Seats[1].Key || !g.Position().Over() {
		t.Fatalf("the demo's file is not a finished peer game with a key per seat: %+v", h)
	}
	// The same seed plays the same game, byte for byte.
	b := filepath.Join(dir, "b.yaml")
	if again := demo(b); strings.ReplaceAll(again, b, a) != got {
		t.Error("the same seed printed another game")
	}
	fa, _ := os.ReadFile(a)
	fb, _ := os.ReadFile(b)
	if !bytes.Equal(fa, fb) {
		t.Error("the same seed wrote another file")
	}
	// Without --out the file and the key directories go away.
	demo("")
	if left, _ := filepath.Glob(filepath.Join(dir, "elasund-demo-*")); len(left) > 0 {
		t.Errorf("the demo left %q behind", left)
	}
	// --out never overwrites.
	var buf bytes.Buffer
	opts := &demoOptions{Players: 2, Level: bot.LevelRandom, Seed: 1, OutFile: a, Now: time.Now, Out: &buf}
	if err := runDemo(t.Context(), opts); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("demo over an existing file = %v", err)
	}
}

// TestDemoWatch redraws the board after every move on a terminal and ends
// with the commands that start a real game.
func TestDemoWatch(t *testing.T) {
	var out bytes.Buffer
	opts := &demoOptions{Players: 2, Level: "random", Seed: 5, Now: func() time.Time { return testTime }, Out: &out, TempDir: t.TempDir(), Watch: true}
	if err := runDemo(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if n := strings.Count(got, clearScreen); n < 10 {
		t.Errorf("the board was redrawn %d times", n)
	}
	for _, want := range []string{"elasund demo, seed 5: turn 1", "elasund keygen --name You", "elasund new game.yaml --players", "elasund join game.yaml --as "} {
		if !strings.Contains(got, want) {
			t.Errorf("watched demo lacks %q", want)
		}
	}
}
