package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
)

// peerTable is a four-seat peer game of signed files, each player with a
// key directory of their own, as people play it.
type peerTable struct {
	file  string
	homes map[string]string
}

// newPeerTable makes the game and has every seat join.
func newPeerTable(b *testing.B) *peerTable {
	b.Helper()
	dir := b.TempDir()
	pt := &peerTable{file: filepath.Join(dir, "game.yaml"), homes: map[string]string{}}
	players := ""
	for i, s := range []string{"red", "blue", "green", "yellow"} {
		name := []string{"Ann", "Ben", "Cat", "Dan"}[i]
		pt.homes[s] = filepath.Join(dir, s)
		mustRun(b, pt.env(s), "keygen", "--name", name, "--email", name+"@example.org")
		if players != "" {
			players += ","
		}
		players += fmt.Sprintf("%s=%s:%s@example.org", s, name, name)
	}
	mustRun(b, nil, "new", pt.file, "--players", players)
	for _, s := range []string{"red", "blue", "green", "yellow"} {
		mustRun(b, pt.env(s), "join", pt.file, "--as", s)
	}
	return pt
}

func (pt *peerTable) env(seat string) map[string]string {
	return map[string]string{"ELASUND_HOME": pt.homes[seat]}
}

// awaited is the first seat the game waits for.
func (pt *peerTable) awaited(b *testing.B) string {
	b.Helper()
	var st struct {
		WaitingFor []string `json:"waiting_for"`
	}
	if err := json.Unmarshal([]byte(mustRun(b, nil, "show", pt.file, "--json")), &st); err != nil || len(st.WaitingFor) == 0 {
		b.Fatalf("no seat awaited: %v", err)
	}
	return st.WaitingFor[0]
}

// play has the random bot make n moves, each on its own seat's machine.
func (pt *peerTable) play(b *testing.B, n int) {
	b.Helper()
	for i := range n {
		seat := pt.awaited(b)
		mustRun(b, pt.env(seat), "bot", pt.file, "--as", seat, "--level", "random", "--seed", fmt.Sprint(i))
	}
}

// BenchmarkLongGameCommands runs move, show and bot on a fresh game (four
// joins and four moves) and on a long one (the same game 100 moves on),
// each as the awaited seat on its own machine: its key store has verified
// the game up to the seat's own last move, so the cache of verified
// positions reads only what followed. Compare the long/ and fresh/ times.
func BenchmarkLongGameCommands(b *testing.B) {
	pt := newPeerTable(b)
	for _, c := range []struct {
		name  string
		moves int
	}{{"fresh", 4}, {"long", 96}} {
		pt.play(b, c.moves)
		seat := pt.awaited(b)
		env := pt.env(seat)
		var legal struct {
			Actions []string `json:"actions"`
		}
		if err := json.Unmarshal([]byte(mustRun(b, env, "moves", pt.file, "--as", seat, "--json")), &legal); err != nil || len(legal.Actions) == 0 {
			b.Fatalf("no legal action for %s: %v", seat, err)
		}
		out := filepath.Join(b.TempDir(), "out.yaml")
		for _, cmd := range [][]string{
			{"move", pt.file, legal.Actions[0], "--as", seat, "--out", out, "--force"},
			{"show", pt.file},
			{"bot", pt.file, "--as", seat, "--out", out, "--force"},
		} {
			b.Run(c.name+"/"+cmd[0], func(b *testing.B) {
				for b.Loop() {
					if r := run(b, env, "", cmd...); r.code != 0 {
						b.Fatalf("exit %d: %s", r.code, r.stderr)
					}
				}
			})
		}
	}
}
