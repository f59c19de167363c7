package cmd

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestEditArgv(t *testing.T) {
	app := testApp(nil)
	var got *editOptions
	if err := execCmd(newEditCmd(app, func(o *editOptions) error { got = o; return nil }), "s.yaml", "gold", "red", "5;", "ship", "8"); err != nil {
		t.Fatal(err)
	}
	if got.File != "s.yaml" || got.Edits != "gold red 5; ship 8" {
		t.Fatalf("options = %+v", got)
	}
}

func TestEditOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	opts := &editOptions{File: file, Edits: "gold red 5; ship 8", Now: testTime, Out: &out,
		Usage: func(format string, args ...any) error { return &usageError{err: errors.New(format)} }}
	if err := runEdit(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "entry 1, edit: gold red 5; ship 8") {
		t.Fatalf("output = %q", out.String())
	}
	opts.Edits = "gold red 500"
	if err := runEdit(t.Context(), opts); exitCode(err) != exitInvalid {
		t.Fatalf("inconsistent edit = %v (exit %d), want exit 4", err, exitCode(err))
	}
}
