package cmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
)

func TestMoveArgv(t *testing.T) {
	app := testApp(nil)
	var got *moveOptions
	err := execCmd(newMoveCmd(app, func(o *moveOptions) error { got = o; return nil }),
		"g.yaml", "build", "tavern", "D4;", "end", "--out", "h.yaml", "--commit", "--dice", "3,5", "--as", "red")
	if err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || got.Move != "build tavern D4; end" || got.OutFile != "h.yaml" || !got.Commit || got.Dice == nil || *got.Dice != [2]int{3, 5} {
		t.Fatalf("options = %+v", got)
	}
	for _, args := range [][]string{
		{"g.yaml"},
		{"g.yaml", "roll", "--dice", "0,3"},
		{"g.yaml", "roll", "--dice", "3"},
		{"g.yaml", "roll", "--dice", "3,x"},
		{"g.yaml", "roll", "--as", "mauve"},
	} {
		var ue *usageError
		if err := execCmd(newMoveCmd(app, func(*moveOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("move %q = %v, want usage error", args, err)
		}
	}
}

func TestMoveOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	var gitCalls [][]string
	opts := &moveOptions{
		File: file, Move: "roll", Dice: &[2]int{2, 3}, Now: testTime, Out: &out, Commit: true,
		Usage:  func(format string, args ...any) error { return &usageError{err: errors.New(format)} },
		Seat:   func(*turnfile.Game) (string, error) { return "red", nil },
		Signer: func(*turnfile.Game, string) (*turnfile.Signer, error) { return nil, nil },
		Git: func(_ context.Context, dir string, args ...string) error {
			gitCalls = append(gitCalls, append([]string{dir}, args...))
			return nil
		},
	}
	if err := runMove(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "roll 2+3 → ship 5") || !strings.Contains(out.String(), "wrote "+file+": entry 1, red move") {
		t.Fatalf("output = %q", out.String())
	}
	if len(gitCalls) != 2 || gitCalls[0][1] != "add" || gitCalls[1][1] != "commit" || !strings.HasPrefix(gitCalls[1][4], "elasund ") ||
		!strings.HasSuffix(gitCalls[1][4], ": turn 1, red: roll") {
		t.Fatalf("git calls = %q", gitCalls)
	}
	// An illegal move: exit 3, the file unchanged.
	before, _ := os.ReadFile(file)
	opts.Move, opts.Dice, opts.Commit = "build hall A2 over blue", nil, false
	err := runMove(t.Context(), opts)
	var re *engine.RuleError
	if !errors.As(err, &re) || exitCode(err) != exitIllegal || re.Rule == "" {
		t.Fatalf("illegal move = %v, want *engine.RuleError with a rule, exit 3", err)
	}
	after, _ := os.ReadFile(file)
	if !bytes.Equal(before, after) {
		t.Fatal("an illegal move changed the file")
	}
	// --out leaves the file alone.
	opts.Move, opts.OutFile = "gold", filepath.Join(filepath.Dir(file), "out.yaml")
	if err := runMove(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	after, _ = os.ReadFile(file)
	if !bytes.Equal(before, after) {
		t.Fatal("--out changed the input file")
	}
	if _, err := os.Stat(opts.OutFile); err != nil {
		t.Fatal(err)
	}
}

func TestMoveDiceUsageFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.yaml")
	mustRun(t, nil, "new", file, "--players", "red=A,blue=B")
	// Not a sandbox: exit 2 whatever the move says, before joining matters.
	r := run(t, nil, "", "move", file, "utter nonsense", "--dice", "3,4")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--dice is for sandbox games only") {
		t.Fatalf("exit %d, %q; want 2", r.code, r.stderr)
	}
}

// BenchmarkMoveCommand is the whole "elasund move" on a long sandbox game
// (300 entries): read, verify by replay, apply, encode, write.
func BenchmarkMoveCommand(b *testing.B) {
	dir := b.TempDir()
	seed := int64(3)
	g, err := turnfile.New(turnfile.NewOptions{Rules: elasund.Rules{}, Created: testTime, Sandbox: true, Seed: &seed,
		Seats: []turnfile.Seat{{Colour: "red"}, {Colour: "blue"}, {Colour: "green"}, {Colour: "yellow"}}})
	if err != nil {
		b.Fatal(err)
	}
	pick := func() (string, engine.Action) {
		seat := g.Acting()[0]
		legal := g.Legal(seat, nil)
		for _, a := range legal {
			if k := a.(elasund.Action).Kind; k == elasund.ActEnd || k == elasund.ActRoll {
				return seat, a
			}
		}
		for _, a := range legal {
			if a.(elasund.Action).Kind != elasund.ActOrders {
				return seat, a
			}
		}
		b.Fatalf("no action for %s", seat)
		return seat, nil
	}
	for len(g.File().History) < 300 && len(g.Acting()) > 0 {
		seat, a := pick()
		if _, err := g.Move(seat, []engine.Action{a}, nil, testTime, turnfile.MoveOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	file := filepath.Join(dir, "long.yaml")
	if err := turnfile.WriteFile(file, g.File()); err != nil {
		b.Fatal(err)
	}
	seat, a := pick()
	out := filepath.Join(dir, "out.yaml")
	for b.Loop() {
		if r := run(b, nil, "", "move", file, a.String(), "--as", seat, "--out", out); r.code != 0 {
			b.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	}
}
