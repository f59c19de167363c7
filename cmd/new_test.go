package cmd

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
)

func TestNewArgv(t *testing.T) {
	app := testApp(nil)
	var got *newOptions
	err := execCmd(newNewCmd(app, func(o *newOptions) error { got = o; return nil }),
		"g.yaml", "--players", "red=Alice:a@example.org, blue=Bob", "--edition", "ru",
		"--option", "turn_limit=10", "--option", "hut_trigger = bigger_building_only", "--sandbox", "--seed", "42", "--start", "random")
	if err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || len(got.Seats) != 2 || got.Seats[0].Colour != "red" || got.Seats[0].Email != "a@example.org" ||
		got.Seats[1].Name != "Bob" || !maps.Equal(got.Choices, map[string]string{"edition": "ru"}) || got.Options["turn_limit"] != "10" ||
		got.Options["hut_trigger"] != "bigger_building_only" || !got.Sandbox || got.Seed == nil || *got.Seed != 42 || !got.Random {
		t.Fatalf("options = %+v", got)
	}
	bad := [][]string{
		{"g.yaml"},
		{"g.yaml", "--players", ","},
		{"g.yaml", "--players", "red=A,blue=B", "--seed", "1"},
		{"g.yaml", "--players", "red=A,blue=B", "--start", "random"},
		{"g.yaml", "--players", "red=A,blue=B", "--start", "last"},
		{"g.yaml", "--players", "red=A,blue=B", "--option", "x"},
		{"g.yaml", "--players", "red=A,blue=B", "--sandbox", "--seed", "-1"},
		{"--players", "red=A,blue=B"},
	}
	for _, args := range bad {
		err := execCmd(newNewCmd(app, func(*newOptions) error { return nil }), args...)
		var ue *usageError
		if !errors.As(err, &ue) {
			t.Errorf("new %q = %v, want usage error", args, err)
		}
	}
}

func TestNewOutput(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	seed := int64(5)
	seats, _ := parsePlayers(elasund.Rules{}, "red=Ann,blue=Ben")
	opts := &newOptions{File: filepath.Join(dir, "s.yaml"), Seats: seats, Choices: map[string]string{"edition": "en"}, Sandbox: true, Seed: &seed, Now: testTime, Rand: newDetRand(1), Out: &out}
	if err := runNew(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "sandbox game (seed 5)") || !strings.Contains(out.String(), "red (Ann) blue (Ben)") {
		t.Fatalf("output = %q", out.String())
	}
	b, _ := os.ReadFile(opts.File)
	if !bytes.HasPrefix(b, []byte("format: elasund/2\n")) {
		t.Fatalf("file starts %q", b[:20])
	}
	if err := runNew(t.Context(), opts); err == nil {
		t.Fatal("new over an existing file succeeded")
	}
	opts.File, opts.Options = filepath.Join(dir, "o.yaml"), map[string]string{"turn_limit": "x"}
	if err := runNew(t.Context(), opts); exitCode(err) != exitUsage {
		t.Fatalf("bad option: %v (exit %d), want exit 2", err, exitCode(err))
	}
}
