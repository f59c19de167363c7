package cmd

import (
	"bytes"
	"errors"
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
