package cmd

import (
	"bytes"
	"strings"
	"testing"
)

func TestRulesArgv(t *testing.T) {
	var got *rulesOptions
	app := &App{}
	c := newRulesCmd(app, func(o *rulesOptions) error { got = o; return nil })
	c.SetArgs([]string{"trade", "track", "--game", "elasund"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Query != "trade track" || got.Game != "elasund" {
		t.Fatalf("options = %+v", got)
	}
}

func TestRulesOutput(t *testing.T) {
	for _, tc := range []struct {
		query, want string
		code        int
	}{
		{"R1", "R1 — ", 0},
		{"phases", "Topic: phases", 0},
		{"", "Topics:", 0},
		{"zzzz", "", exitUsage},
	} {
		var out bytes.Buffer
		err := runRules(t.Context(), &rulesOptions{Query: tc.query, Out: &out})
		if exitCode(err) != tc.code || !strings.Contains(out.String(), tc.want) {
			t.Errorf("rules %q = %v, %q; want exit %d and %q", tc.query, err, out.String(), tc.code, tc.want)
		}
	}
}
