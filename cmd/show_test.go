package cmd

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/turnfile"
)

func sandboxFile(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "s.yaml")
	mustRun(t, nil, "new", file, "--players", "red=Ann,blue=Ben", "--sandbox", "--seed", "42")
	return file
}

func TestShowArgv(t *testing.T) {
	app := testApp(nil)
	var got *showOptions
	if err := execCmd(newShowCmd(app, func(o *showOptions) error { got = o; return nil }), "g.yaml", "--as", "green", "--json"); err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || got.As != "green" || !got.JSON || got.Colour {
		t.Fatalf("options = %+v", got)
	}
}

func TestShowOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	none := func(*turnfile.Game, string) *turnfile.Signer { return nil }
	opts := &showOptions{File: file, Out: &out, Signer: none}
	if err := runShow(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"sandbox game", "red    Ann", "waiting for: red"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("show output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "your options") {
		t.Error("show without --as lists options")
	}
	out.Reset()
	opts.As = "red"
	if err := runShow(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "your options (red):\n  roll\n") {
		t.Errorf("show --as red:\n%s", out.String())
	}
	out.Reset()
	opts.As, opts.JSON = "", true
	if err := runShow(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(out.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"turn", "current", "phase", "waiting_for", "dice", "ship", "builds_done", "players", "buildings", "permits", "church", "walls", "trade_flags", "supply", "pending", "winner"} {
		if _, ok := st[k]; !ok {
			t.Errorf("show --json lacks %q", k)
		}
	}
	opts.Colour, opts.JSON = true, false
	out.Reset()
	runShow(t.Context(), opts)
	if !strings.Contains(out.String(), "\x1b[") {
		t.Error("no colour with Colour set")
	}
}

// TestColourOnlyOnTerminal: colour needs a terminal and no NO_COLOR.
func TestColourOnlyOnTerminal(t *testing.T) {
	app := &App{Terminal: func(w io.Writer) bool { return true }, Getenv: func(string) string { return "" }}
	if !app.colour(nil) {
		t.Error("no colour on a terminal")
	}
	app.Getenv = func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	}
	if app.colour(nil) {
		t.Error("colour with NO_COLOR set")
	}
	app = &App{Terminal: func(w io.Writer) bool { return false }}
	if app.colour(nil) {
		t.Error("colour off a terminal")
	}
}
