package cmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/turnfile"
)

func TestBotArgv(t *testing.T) {
	app := testApp(nil)
	var got *botOptions
	err := execCmd(newBotCmd(app, func(o *botOptions) error { got = o; return nil }),
		"g.yaml", "--as", "blue", "--level", "random", "--seed", "7", "--out", "h.yaml", "--commit")
	if err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || got.Level != "random" || got.Seed == nil || *got.Seed != 7 || got.OutFile != "h.yaml" || !got.Commit || !got.Now.Equal(testTime) {
		t.Fatalf("options = %+v", got)
	}
	if err := execCmd(newBotCmd(app, func(o *botOptions) error { got = o; return nil }), "g.yaml"); err != nil {
		t.Fatal(err)
	}
	if got.Level != bot.LevelHeuristic || got.Seed != nil || got.OutFile != "" || got.Commit {
		t.Fatalf("default options = %+v", got)
	}
	for _, args := range [][]string{
		{},
		{"g.yaml", "h.yaml"},
		{"g.yaml", "--level", "genius"},
		{"g.yaml", "--as", "mauve"},
		{"g.yaml", "--seed", "-1"},
	} {
		var ue *usageError
		if err := execCmd(newBotCmd(app, func(*botOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("bot %q = %v, want usage error", args, err)
		}
	}
}

func TestBotOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	var gitCalls [][]string
	seed := uint64(5)
	opts := &botOptions{
		File: file, Level: bot.LevelHeuristic, Seed: &seed, Commit: true, Now: testTime, Out: &out,
		Seat:   func(*turnfile.Game) (string, error) { return "red", nil },
		Signer: func(*turnfile.Game, string) (*turnfile.Signer, error) { return nil, nil },
		Git: func(_ context.Context, dir string, args ...string) error {
			gitCalls = append(gitCalls, append([]string{dir}, args...))
			return nil
		},
	}
	if err := runBot(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"red (heuristic bot): roll; ", "  roll ", "wrote " + file + ": entry 1, red move; turn 2, blue's turn", "committed: elasund "} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if len(gitCalls) != 2 || gitCalls[1][1] != "commit" || !strings.Contains(gitCalls[1][4], ": turn 1, red: roll; ") {
		t.Errorf("git calls = %q", gitCalls)
	}
	g, err := openGame(nil, file)
	if err != nil {
		t.Fatalf("the bot's move does not verify: %v", err)
	}
	if e := g.File().History[0]; e.Actions[len(e.Actions)-1] != "end" {
		t.Errorf("the bot's move %q does not end red's turn", e.Actions)
	}
	// Red's turn is over: the bot may not move for red now (exit 3), and
	// the file is left alone.
	before, _ := os.ReadFile(file)
	opts.Commit = false
	err = runBot(t.Context(), opts)
	var te *turnfile.TurnError
	if !errors.As(err, &te) || exitCode(err) != exitIllegal || !strings.Contains(err.Error(), "not waiting for red but for blue") {
		t.Fatalf("bot for red on blue's turn = %v, want a TurnError, exit 3", err)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Fatal("a refused bot move changed the file")
	}
	// The same seed on the same file makes the same move; --out leaves
	// the file alone.
	opts.Seat = func(*turnfile.Game) (string, error) { return "blue", nil }
	dir := filepath.Dir(file)
	for _, name := range []string{"a.yaml", "b.yaml"} {
		opts.OutFile = filepath.Join(dir, name)
		if err := runBot(t.Context(), opts); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.yaml"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.yaml"))
	if !bytes.Equal(a, b) {
		t.Error("the same seed made two different moves")
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Fatal("bot --out changed the file")
	}
	// A file that is not a turn file: exit 4.
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("format: elasund/1\nheader: 7\n"), 0o644)
	opts.File = bad
	if err := runBot(t.Context(), opts); exitCode(err) != exitInvalid {
		t.Fatalf("bot on a bad file = %v, want exit 4", err)
	}
}

// TestBotPlaysPeerGame lets bots play a whole two-player peer game, each
// with its own key directory, one "elasund bot" command per move; the
// file verifies after every one. A turn limit keeps it short.
func TestBotPlaysPeerGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "g.yaml")
	env := map[string]map[string]string{}
	for _, c := range []string{"red", "blue"} {
		env[c] = map[string]string{"ELASUND_HOME": filepath.Join(dir, c)}
		mustRun(t, env[c], "keygen", "--name", c)
	}
	mustRun(t, nil, "new", file, "--players", "red=A,blue=B", "--option", "turn_limit=10")
	mustRun(t, env["red"], "join", file, "--as", "red")
	mustRun(t, env["blue"], "join", file, "--as", "blue")
	for moves := 0; ; moves++ {
		g, err := openGame(nil, file)
		if err != nil {
			t.Fatalf("after %d moves: %v", moves, err)
		}
		if g.Position().Over() {
			break
		}
		if moves > 1000 {
			t.Fatal("no end after 1000 moves")
		}
		seat := g.Acting()[0]
		mustRun(t, env[seat], "bot", file, "--level", "random")
	}
	r := run(t, env["red"], "", "bot", file)
	if r.code != exitIllegal || !strings.Contains(r.stderr, "the game is over") {
		t.Fatalf("bot after the end: exit %d, %s", r.code, r.stderr)
	}
}
