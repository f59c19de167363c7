package cmd

import (
	"bytes"
	"strings"
	"testing"
)

func TestLogArgv(t *testing.T) {
	app := testApp(nil)
	var got *logOptions
	if err := execCmd(newLogCmd(app, func(o *logOptions) error { got = o; return nil }), "g.yaml"); err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" {
		t.Fatalf("options = %+v", got)
	}
}

func TestLogOutput(t *testing.T) {
	file := sandboxFile(t)
	mustRun(t, nil, "move", file, "roll", "--dice", "4,4")
	mustRun(t, nil, "move", file, "gold; end")
	var out bytes.Buffer
	if err := runLog(t.Context(), &logOptions{File: file, Out: &out}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"seats in turn order: red Ann, blue Ben", "turn 1: red", "  1  red move: roll  (dice forced to 4+4)", "roll 4+4", "  2  red move: gold; end", "now: turn 2, blue's turn"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, out.String())
		}
	}
}
