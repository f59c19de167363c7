package cmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestKeygenArgv(t *testing.T) {
	app := testApp(map[string]string{"ELASUND_HOME": "/keys"})
	var got *keygenOptions
	err := execCmd(newKeygenCmd(app, func(o *keygenOptions) error { got = o; return nil }), "--name", "Alice", "--email", "a@example.org")
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Alice" || got.Email != "a@example.org" || got.Dir != "/keys" {
		t.Fatalf("options = %+v", got)
	}
	err = execCmd(newKeygenCmd(app, func(*keygenOptions) error { return nil }), "extra")
	var ue *usageError
	if !errors.As(err, &ue) {
		t.Fatalf("keygen extra = %v, want usage error", err)
	}
}

func TestKeygenOutput(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	opts := &keygenOptions{Name: "Alice", Dir: dir, Rand: newDetRand(3), Out: &out}
	if err := runKeygen(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "ed25519:") || !strings.Contains(lines[1], filepath.Join(dir, "keys.yaml")) {
		t.Fatalf("output = %q", out.String())
	}
	fi, err := os.Stat(filepath.Join(dir, "keys.yaml"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode = %v, %v; want 0600", fi.Mode(), err)
	}
	if err := runKeygen(t.Context(), opts); err == nil || exitCode(err) != exitFailure {
		t.Fatalf("second keygen = %v, want exit 1", err)
	}
}

func TestKeyDirResolution(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"ELASUND_HOME": "/e", "XDG_CONFIG_HOME": "/x", "HOME": "/h"}, "/e"},
		{map[string]string{"XDG_CONFIG_HOME": "/x", "HOME": "/h"}, "/x/elasund"},
		{map[string]string{"HOME": "/h"}, "/h/.config/elasund"},
	}
	for _, tc := range tests {
		got, err := testApp(tc.env).keyDir()
		if err != nil || got != tc.want {
			t.Errorf("keyDir(%v) = %q, %v; want %q", tc.env, got, err, tc.want)
		}
	}
	if _, err := testApp(nil).keyDir(); err == nil {
		t.Error("keyDir() with no environment succeeded")
	}
}
