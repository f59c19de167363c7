package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNewNextStep checks the command new names after making a game, in
// both games: in a peer game every seat joins, the first seat first; in a
// sandbox game the seat that moves first plays its first legal action.
// The command named must then work.
func TestNewNextStep(t *testing.T) {
	const join = "next: each player runs 'elasund join %s --as COLOUR' and passes the file on, "
	tests := []struct {
		name string
		file string
		args []string
		want string // the line after "created …"
	}{
		{"elasund sandbox", "g.yaml", []string{"--players", "red=A,blue=B", "--sandbox", "--seed", "1"},
			"next: elasund move g.yaml roll"},
		{"elasund sandbox, random start", "g.yaml", []string{"--players", "red=A,blue=B,green=C", "--sandbox", "--seed", "7", "--start", "random"},
			"next: elasund move g.yaml roll"},
		{"seafarers sandbox", "g.yaml", []string{"--game", "seafarers", "--players", "red=A,blue=B,white=C", "--sandbox", "--seed", "1"},
			"next: elasund move g.yaml place settlement C4.s ship C4-D3"},
		{"seafarers sandbox, four islands, random start", "g.yaml", []string{"--game", "seafarers", "--scenario", "four-islands", "--players", "red=A,blue=B,white=C", "--sandbox", "--seed", "1", "--start", "random"},
			"next: elasund move g.yaml place settlement A4.s road A4-B5"},
		{"elasund peer", "g.yaml", []string{"--players", "red=A:a@example.org,blue=B:b@example.org"},
			strings.ReplaceAll(join, "%s", "g.yaml") + "red first: elasund join g.yaml --as red"},
		{"seafarers peer", "g.yaml", []string{"--game", "seafarers", "--players", "white=A,red=B,blue=C"},
			strings.ReplaceAll(join, "%s", "g.yaml") + "white first: elasund join g.yaml --as white"},
		{"a file name with a space", "my game.yaml", []string{"--players", "blue=A,red=B"},
			strings.ReplaceAll(join, "%s", "my game.yaml") + "blue first: elasund join 'my game.yaml' --as blue"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			env := map[string]string{"ELASUND_HOME": filepath.Join(dir, "home")}
			out := mustRun(t, env, append([]string{"new", tt.file}, tt.args...)...)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[0], "created ") {
				t.Fatalf("new printed %q, want two lines", out)
			}
			if lines[1] != tt.want {
				t.Fatalf("new printed\n%s\nwant\n%s", lines[1], tt.want)
			}
			// The command named works.
			i := strings.LastIndex(lines[1], "elasund ")
			line, err := parseShell(lines[1][i:])
			if err != nil {
				t.Fatal(err)
			}
			if line.args()[0] == "join" {
				mustRun(t, env, "keygen", "--name", "A")
			}
			mustRun(t, env, line.args()...)
		})
	}
}

// TestShellWord checks the quoting of the words new prints.
func TestShellWord(t *testing.T) {
	tests := []struct {
		in     string
		spaces bool
		want   string
	}{
		{"game.yaml", false, "game.yaml"},
		{"games/g-1.yaml", false, "games/g-1.yaml"},
		{"my game.yaml", false, "'my game.yaml'"},
		{"place settlement C4.s ship C4-D3", true, "place settlement C4.s ship C4-D3"},
		{"Bob's game.yaml", false, `'Bob'\''s game.yaml'`},
		{"a;b", true, "'a;b'"},
		{"$HOME", false, "'$HOME'"},
	}
	for _, tt := range tests {
		if got := shellWord(tt.in, tt.spaces); got != tt.want {
			t.Errorf("shellWord(%q, %v) = %s, want %s", tt.in, tt.spaces, got, tt.want)
		}
	}
}
