package cmd

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/turnfile"
)

func TestJoinArgv(t *testing.T) {
	app := testApp(nil)
	var got *joinOptions
	if err := execCmd(newJoinCmd(app, func(o *joinOptions) error { got = o; return nil }), "g.yaml", "--as", "Blue"); err != nil {
		t.Fatal(err)
	}
	if got.File != "g.yaml" || got.As != "blue" || !got.Now.Equal(testTime) {
		t.Fatalf("options = %+v", got)
	}
	for _, args := range [][]string{{"g.yaml"}, {"g.yaml", "--as", "pink"}, {"--as", "red"}} {
		var ue *usageError
		if err := execCmd(newJoinCmd(app, func(*joinOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("join %q = %v, want usage error", args, err)
		}
	}
}

func TestJoinOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.yaml")
	env := map[string]string{"ELASUND_HOME": filepath.Join(dir, "home")}
	mustRun(t, env, "keygen")
	mustRun(t, env, "new", file, "--players", "red=A,blue=B")
	keys := func() (*turnfile.KeyStore, error) { return turnfile.OpenKeyStore(env["ELASUND_HOME"]) }
	var out bytes.Buffer
	opts := &joinOptions{File: file, As: "red", Out: &out, Now: testTime, Keys: keys, Rand: newDetRand(2)}
	if err := runJoin(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "as red\nwaiting for blue to join") {
		t.Fatalf("output = %q", out.String())
	}
	out.Reset()
	// Blue is another player, with a key of its own: one key plays one
	// seat.
	bob := map[string]string{"ELASUND_HOME": filepath.Join(dir, "bob")}
	mustRun(t, bob, "keygen")
	opts.As = "blue"
	if err := runJoin(t.Context(), opts); exitCode(err) != exitIllegal || !strings.Contains(err.Error(), "this key already holds seat red") {
		t.Fatalf("joining blue with red's key: %v, want exit 3", err)
	}
	opts.Keys = func() (*turnfile.KeyStore, error) { return turnfile.OpenKeyStore(bob["ELASUND_HOME"]) }
	if err := runJoin(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "every seat has joined: red is to move") {
		t.Fatalf("output = %q", out.String())
	}
	if err := runJoin(t.Context(), opts); exitCode(err) != exitIllegal {
		t.Fatalf("joining twice: %v, want exit 3", err)
	}
}
