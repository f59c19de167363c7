package cmd

import (
	"bytes"
	"context"
	"runtime/debug"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	tests := []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build information", nil, false, "devel"},
		{"go install @version", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, true, "v1.2.0"},
		{"built in a clone", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "5fab7eb1c2d34a5b6c7d8e9f0a1b2c3d4e5f6a7b", "vcs.time", "2026-05-01T10:00:00Z", "vcs.modified", "false")},
			true, "devel 5fab7eb1c2d3 2026-05-01"},
		{"built in a changed clone", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "5fab7eb", "vcs.modified", "true")},
			true, "devel 5fab7eb modified"},
		{"built without version control", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := buildVersion(tt.info, tt.ok); got != tt.want {
				t.Errorf("buildVersion = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestVersionForms checks that "elasund --version" and "elasund version"
// print the same line, the version of the build.
func TestVersionForms(t *testing.T) {
	info := &debug.BuildInfo{Main: debug.Module{Version: "v0.9.1"}}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		var out, errOut bytes.Buffer
		app := &App{Out: &out, ErrOut: &errOut, BuildInfo: func() (*debug.BuildInfo, bool) { return info, true }}
		if code := app.Run(context.Background(), args); code != 0 {
			t.Fatalf("elasund %s: exit %d: %s", args[0], code, errOut.String())
		}
		if got, want := out.String(), "elasund version v0.9.1\n"; got != want {
			t.Errorf("elasund %s printed %q, want %q", args[0], got, want)
		}
	}
	// The real build information of this test binary: some version, never
	// an empty one.
	r := run(t, nil, "", "version")
	if r.code != 0 || len(r.stdout) <= len("elasund version \n") {
		t.Errorf("elasund version with the real build information: exit %d, %q", r.code, r.stdout)
	}
}
