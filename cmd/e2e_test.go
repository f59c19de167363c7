package cmd

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// player is one seat of the end-to-end game: its own key directory and
// its own copy of the file.
type player struct {
	colour string
	env    map[string]string
	file   string
}

func newPlayers(t *testing.T, root string, colours ...string) []*player {
	t.Helper()
	var ps []*player
	for _, c := range colours {
		dir := filepath.Join(root, c)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		p := &player{colour: c, env: map[string]string{"ELASUND_HOME": filepath.Join(dir, "home")}, file: filepath.Join(dir, "game.yaml")}
		mustRun(t, p.env, "keygen", "--name", c)
		ps = append(ps, p)
	}
	return ps
}

// pass copies from's file to every other player, as sending it by mail.
func pass(t *testing.T, from *player, all []*player) {
	t.Helper()
	b, err := os.ReadFile(from.file)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p != from {
			if err := os.WriteFile(p.file, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

type verifyJSON struct {
	OK         bool     `json:"ok"`
	Entries    int      `json:"entries"`
	Phase      string   `json:"phase"`
	WaitingFor []string `json:"waiting_for"`
	Winner     *string  `json:"winner"`
}

func verifyOf(t *testing.T, env map[string]string, file string) verifyJSON {
	t.Helper()
	var v verifyJSON
	if err := json.Unmarshal([]byte(mustRun(t, env, "verify", file, "--json")), &v); err != nil {
		t.Fatal(err)
	}
	if !v.OK {
		t.Fatalf("verify %s: not ok", file)
	}
	return v
}

// playGame has four players, each with their own key directory and copy
// of the file, play a whole game of random legal moves by passing the
// file along. commit, if set, is called with the player who just moved.
func playGame(t *testing.T, ps []*player, extraMove []string, seed uint64) verifyJSON {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 1))
	byColour := map[string]*player{}
	for _, p := range ps {
		byColour[p.colour] = p
	}
	for moves := 0; ; moves++ {
		if moves > 3000 {
			t.Fatal("the game did not end after 3000 moves")
		}
		v := verifyOf(t, ps[0].env, ps[0].file)
		if v.Phase == "over" {
			return v
		}
		p := byColour[v.WaitingFor[rnd.IntN(len(v.WaitingFor))]]
		var list struct {
			Seat    string   `json:"seat"`
			Actions []string `json:"actions"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, p.env, "moves", p.file, "--json")), &list); err != nil {
			t.Fatal(err)
		}
		if list.Seat != p.colour {
			t.Fatalf("moves chose %s for %s's key directory", list.Seat, p.colour)
		}
		var choice []string
		for _, a := range list.Actions {
			if !strings.HasPrefix(a, "orders") {
				choice = append(choice, a)
			}
		}
		if len(choice) == 0 {
			t.Fatalf("no legal action for %s", p.colour)
		}
		a := choice[rnd.IntN(len(choice))]
		for _, c := range choice {
			if c == "end" && rnd.IntN(2) == 0 {
				a = c
			}
		}
		mustRun(t, p.env, append([]string{"move", p.file, a}, extraMove...)...)
		pass(t, p, ps)
	}
}

// TestEndToEnd: four players with their own keys play a complete game by
// passing the file along; every copy verifies.
func TestEndToEnd(t *testing.T) {
	root := t.TempDir()
	ps := newPlayers(t, root, "red", "blue", "green", "yellow")
	mustRun(t, ps[0].env, "new", ps[0].file, "--players", "red=R,blue=B,green=G,yellow=Y", "--option", "turn_limit=3")
	for i, p := range ps {
		if i > 0 {
			pass(t, ps[i-1], ps)
		}
		mustRun(t, p.env, "join", p.file, "--as", p.colour)
	}
	pass(t, ps[3], ps)
	v := playGame(t, ps, nil, 5)
	if v.Winner == nil {
		t.Fatal("the game is over without a winner")
	}
	for _, p := range ps {
		verifyOf(t, p.env, p.file)
	}
	out := mustRun(t, ps[0].env, "log", ps[0].file)
	if !strings.Contains(out, "wins") && !strings.Contains(out, "over") {
		t.Fatalf("log does not tell the end:\n%s", out)
	}
	t.Logf("%d entries; %s wins", v.Entries, *v.Winner)
}

// TestGitEveryCommit: a game played with move --commit in a git
// repository verifies at every commit.
func TestGitEveryCommit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	os.MkdirAll(repo, 0o755)
	git := func(args ...string) string {
		t.Helper()
		c := exec.Command("git", append([]string{"-C", repo}, args...)...)
		c.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.org")
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q", ".")
	git("config", "user.name", "T")
	git("config", "user.email", "t@example.org")
	// One shared working copy: each player commits there in turn.
	ps := newPlayers(t, root, "red", "blue", "green", "yellow")
	file := filepath.Join(repo, "game.yaml")
	for _, p := range ps {
		p.file = file
	}
	mustRun(t, ps[0].env, "new", file, "--players", "red=R,blue=B,green=G,yellow=Y", "--option", "turn_limit=2")
	for _, p := range ps {
		mustRun(t, p.env, "join", file, "--as", p.colour)
	}
	git("add", "game.yaml")
	git("commit", "-q", "-m", "new game, every seat joined")
	playGame(t, ps, []string{"--commit"}, 9)
	revs := strings.Fields(git("rev-list", "HEAD"))
	if len(revs) < 10 {
		t.Fatalf("%d commits, want one per move", len(revs))
	}
	for i, rev := range revs {
		b := git("show", rev+":game.yaml")
		path := filepath.Join(root, "at.yaml")
		os.WriteFile(path, []byte(b), 0o644)
		if r := run(t, nil, "", "verify", path); r.code != 0 {
			t.Fatalf("commit %d (%s) does not verify: %s", i, rev, r.stderr)
		}
	}
	msg := git("log", "-1", "--format=%s")
	if !strings.HasPrefix(msg, "elasund ") || !strings.Contains(msg, ": turn ") {
		t.Fatalf("commit message %q does not name game, turn and move", msg)
	}
}
