package sample

// A sample of test code for TestAssertScan: the rules named "counted" must
// be found, the rules named "not" must not. X1 in this comment is not.

import (
	"fmt"
	"testing"
)

func mustRefuse(t *testing.T, text, rule string) {
	t.Helper()
	if text == "" {
		t.Errorf("%q: want a refusal citing %s", text, rule)
	}
}

func deeper(t *testing.T, rule string) { mustRefuse(t, "x", rule) }

func quiet(t *testing.T, rule string) { _ = rule }

type game struct {
	t     *testing.T
	rules string
	other string
}

func (g *game) cite(rules ...string) { g.rules = fmt.Sprint(rules) }

func (g *game) want(ok bool) {
	if !ok {
		g.t.Errorf("%s: wrong", g.rules)
	}
}

func TestCounted(t *testing.T) {
	if 1 > 2 {
		t.Fatalf("X2: counted in a message")
	}
	mustRefuse(t, "build", "X3")
	deeper(t, "X4 counted two helpers deep")
	for _, tc := range []struct{ name, rule, other string }{
		{"a", "X5", "X90"},
		{name: "b", rule: "X6", other: "X91"},
	} {
		if tc.name == "" {
			t.Errorf("%s: %v", tc.name, tc.rule)
		}
	}
	t.Run("X7 subtest that asserts", func(t *testing.T) { t.Error("failed") })
	rule := "X8"
	t.Errorf("local %s", rule)
	for k := range map[string]bool{"X9": true} {
		t.Errorf("%s", k)
	}
	for _, r := range []string{"X10", "X11"} {
		t.Fatal(r)
	}
	g := &game{t: t, other: "X98 in a field no message prints"}
	g.cite("X12")
	g.want(true)
}

func TestNot(t *testing.T) {
	// X92 in a comment.
	_ = fmt.Errorf("X93 in fmt.Errorf")
	quiet(t, "X94 given to a parameter no message prints")
	t.Run("X95 subtest without an assertion", func(t *testing.T) {})
	t.Log("X96 logged")
}

func TestSkipped(t *testing.T) {
	t.Skip("not run")
	t.Errorf("X97 after a skip")
}
