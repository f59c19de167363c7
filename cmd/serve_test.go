package cmd

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// daemonConfig is a daemon configuration with servers nobody listens on.
const daemonConfig = `imap:
  addr: 127.0.0.1:1
  tls: none
  user: elasund
  password_env: ELASUND_IMAP_PASSWORD
smtp:
  addr: 127.0.0.1:1
  tls: none
  from: elasund@example.org
spool: spool
games_dir: games
`

// writeDaemonConfig writes text as dir/daemon.yaml and returns its path.
func writeDaemonConfig(t *testing.T, dir, text string) string {
	t.Helper()
	path := filepath.Join(dir, "daemon.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestServeArgv(t *testing.T) {
	app := testApp(map[string]string{"ELASUND_IMAP_PASSWORD": "pw"})
	var got *serveOptions
	err := execCmd(newServeCmd(app, func(o *serveOptions) error { got = o; return nil }), "--config", "d.yaml", "--check", "--log-level", "debug")
	if err != nil {
		t.Fatal(err)
	}
	if got.Config != "d.yaml" || !got.Check || got.LogLevel != slog.LevelDebug {
		t.Fatalf("options = %+v", got)
	}
	if v, ok := got.LookupEnv("ELASUND_IMAP_PASSWORD"); v != "pw" || !ok {
		t.Errorf("LookupEnv = %q, %v", v, ok)
	}
	if _, ok := got.LookupEnv("UNSET"); ok {
		t.Error("LookupEnv finds an unset variable")
	}
	for _, args := range [][]string{
		{},
		{"--config", "d.yaml", "--log-level", "loud"},
		{"--config", "d.yaml", "extra"},
		{"--config", "d.yaml", "--password", "x"},
	} {
		err := execCmd(newServeCmd(app, func(*serveOptions) error { return nil }), args...)
		var ue *usageError
		if !errors.As(err, &ue) {
			t.Errorf("serve %q = %v, want usage error", args, err)
		}
	}
}

func TestServeOutput(t *testing.T) {
	env := map[string]string{"ELASUND_IMAP_PASSWORD": "pw"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	dir := t.TempDir()
	var out bytes.Buffer
	opts := &serveOptions{Config: writeDaemonConfig(t, dir, daemonConfig), Check: true, LookupEnv: lookup, Out: &out, ErrOut: &out}
	if err := runServe(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "config ok: imap 127.0.0.1:1 (none) as elasund") || !strings.Contains(out.String(), "0 games") {
		t.Fatalf("output = %q", out.String())
	}
	if fi, err := os.Stat(filepath.Join(dir, "games")); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("games_dir: %v, %v; want a 0700 directory", fi, err)
	}
	for _, tc := range []struct {
		name, config string
		env          map[string]string
		code         int
		want         string
	}{
		{"no file", "", env, exitFailure, "no such file"},
		{"password inline", strings.Replace(daemonConfig, "password_env: ELASUND_IMAP_PASSWORD", "password: hunter2", 1), env, exitUsage, "password"},
		{"unset env", daemonConfig, nil, exitUsage, "ELASUND_IMAP_PASSWORD is not set"},
		{"no games_dir", strings.Replace(daemonConfig, "games_dir: games\n", "", 1), env, exitUsage, "games_dir: is required"},
		{"remote plain", strings.Replace(daemonConfig, "addr: 127.0.0.1:1\n  tls: none\n  user", "addr: imap.example.org:143\n  tls: none\n  user", 1), env, exitUsage, "loopback"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := t.TempDir()
			path := filepath.Join(d, "daemon.yaml")
			if tc.config != "" {
				path = writeDaemonConfig(t, d, tc.config)
			}
			env := tc.env
			err := runServe(t.Context(), &serveOptions{Config: path, Check: true, Out: &out, ErrOut: &out,
				LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }})
			if exitCode(err) != tc.code || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("serve = %v (exit %d), want exit %d with %q", err, exitCode(err), tc.code, tc.want)
			}
		})
	}
}
