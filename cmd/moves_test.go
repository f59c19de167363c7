package cmd

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/games"

	"github.com/elasund/elasund/turnfile"
)

func TestMovesArgv(t *testing.T) {
	app := testApp(nil)
	var got *movesOptions
	if err := execCmd(newMovesCmd(app, func(o *movesOptions) error { got = o; return nil }), "g.yaml", "--json", "--as", "red"); err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || !got.JSON || got.Seat == nil || got.Signer == nil {
		t.Fatalf("options = %+v", got)
	}
}

func TestMovesOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	opts := &movesOptions{
		File: file, Out: &out,
		Seat:   func(*turnfile.Game) (string, error) { return "red", nil },
		Signer: func(*turnfile.Game, string) *turnfile.Signer { return nil },
	}
	if err := runMoves(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	grouped := out.String()
	if !strings.HasPrefix(grouped, "# moves for red\n# before the roll: ") || !strings.Contains(grouped, "\nroll\n") || !strings.Contains(grouped, "\npermit 2: ") {
		t.Fatalf("grouped moves before the roll = %q", grouped)
	}
	out.Reset()
	opts.All = true
	if err := runMoves(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	if string(lines[0]) != "# moves for red" || !bytes.HasPrefix(lines[1], []byte("# before the roll")) {
		t.Fatalf("moves --all before the roll = %q", out.String())
	}
	lines = lines[2:]
	if string(lines[0]) != "roll" || len(lines) < 10 {
		t.Fatalf("moves --all before the roll = %q", out.String())
	}
	// Every listed action is legal: apply each to a fresh copy.
	for _, l := range lines {
		if bytes.HasPrefix(l, []byte("orders")) {
			continue
		}
		f, _ := turnfile.ReadFile(file, games.All().Registry())
		g, err := turnfile.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := elasund.Rules{}.ParseMove(string(l))
		if err != nil {
			t.Fatalf("listed action %q does not parse: %v", l, err)
		}
		if _, err := g.Move("red", mv, nil, testTime, turnfile.MoveOptions{}); err != nil {
			t.Errorf("listed action %q is refused: %v", l, err)
		}
	}
	out.Reset()
	opts.All, opts.JSON = false, true
	if err := runMoves(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Seat    string   `json:"seat"`
		Actions []string `json:"actions"`
	}
	if err := json.Unmarshal(out.Bytes(), &j); err != nil || j.Seat != "red" || len(j.Actions) != len(lines) {
		t.Fatalf("moves --json = %s (%v)", out.String(), err)
	}
}
