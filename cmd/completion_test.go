package cmd

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestCompletionArgv(t *testing.T) {
	app := testApp(nil)
	var got *completionOptions
	if err := execCmd(newCompletionCmd(app, func(o *completionOptions) error { got = o; return nil }), "zsh"); err != nil {
		t.Fatal(err)
	}
	if got.Shell != "zsh" {
		t.Fatalf("options = %+v", got)
	}
	var ue *usageError
	if err := execCmd(newCompletionCmd(app, nil), "tcsh"); !errors.As(err, &ue) {
		t.Fatalf("completion tcsh = %v, want usage error", err)
	}
}

func TestCompletionOutput(t *testing.T) {
	root := newRootCmd(testApp(nil))
	for shell, want := range map[string]string{"bash": "__start_elasund", "zsh": "#compdef elasund", "fish": "complete -c elasund"} {
		var out bytes.Buffer
		if err := runCompletion(t.Context(), &completionOptions{Shell: shell, Root: root, Out: &out}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("completion %s lacks %q", shell, want)
		}
	}
}

func TestNextWords(t *testing.T) {
	actions := []string{"roll", "build tavern D4", "build tavern C2 over blue", "build well A2", "end"}
	for _, tc := range []struct {
		typed, prefix string
		want          []string
	}{
		{"", "", []string{"roll", "build", "end"}},
		{"", "b", []string{"build"}},
		{"build", "", []string{"tavern", "well"}},
		{"build tavern", "", []string{"D4", "C2"}},
		{"build tavern C2", "", []string{"over"}},
		{" build", "t", []string{"tavern"}}, // what follows "roll;"
		{"end", "", nil},
	} {
		if got := nextWords(actions, tc.typed, tc.prefix); !slices.Equal(got, tc.want) {
			t.Errorf("nextWords(%q, %q) = %q, want %q", tc.typed, tc.prefix, got, tc.want)
		}
	}
}
