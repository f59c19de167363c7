package cmd

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderArgv(t *testing.T) {
	app := testApp(nil)
	var got *renderOptions
	if err := execCmd(newRenderCmd(app, func(o *renderOptions) error { got = o; return nil }), "g.yaml", "--svg", "b.svg"); err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || got.SVG != "b.svg" {
		t.Fatalf("options = %+v", got)
	}
	for _, args := range [][]string{{}, {"g.yaml", "h.yaml"}, {"g.yaml", "--svg", ""}, {"g.yaml", "--png", "b.png"}} {
		var ue *usageError
		if err := execCmd(newRenderCmd(app, func(*renderOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("render %q = %v, want usage error", args, err)
		}
	}
}

func TestRenderOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	if err := runRender(t.Context(), &renderOptions{File: file, Out: &out}); err != nil {
		t.Fatal(err)
	}
	doc := out.String()
	if !strings.HasPrefix(doc, "<?xml") || !strings.Contains(doc, `id="building-D4"`) {
		t.Fatalf("output is not the board's SVG: %.200q", doc)
	}
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		if _, err := d.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
		}
	}
	// --svg writes the same picture to a file and says so.
	svg := filepath.Join(t.TempDir(), "b.svg")
	out.Reset()
	if err := runRender(t.Context(), &renderOptions{File: file, SVG: svg, Out: &out}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "wrote "+svg+": the board of "+file) {
		t.Fatalf("output = %q", out.String())
	}
	if b, _ := os.ReadFile(svg); string(b) != doc {
		t.Fatal("the file differs from the picture on standard output")
	}
	// A broken file: exit 4; a missing one: exit 1.
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("format: elasund/1\nheader: 7\n"), 0o644)
	if err := runRender(t.Context(), &renderOptions{File: bad, Out: &out}); exitCode(err) != exitInvalid {
		t.Fatalf("render of a bad file = %v, want exit 4", err)
	}
	if err := runRender(t.Context(), &renderOptions{File: bad + ".none", Out: &out}); exitCode(err) != exitFailure {
		t.Fatalf("render of a missing file = %v, want exit 1", err)
	}
}
