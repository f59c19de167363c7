package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/internal/cputime"
)

// table is a game as people play it: its file, and the environment each
// seat's commands run in.
type table interface {
	path() string
	env(seat string) map[string]string
}

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

func (pt *peerTable) path() string { return pt.file }

func (pt *peerTable) env(seat string) map[string]string {
	return map[string]string{"ELASUND_HOME": pt.homes[seat]}
}

// sandboxTable is a four-seat sandbox game of one player, who plays every
// seat from one home directory.
type sandboxTable struct {
	file, home string
}

// newSandboxTable makes a sandbox game of the game named, with the
// set-up's extra arguments.
func newSandboxTable(b *testing.B, game string, seats []string, extra ...string) *sandboxTable {
	b.Helper()
	dir := b.TempDir()
	st := &sandboxTable{file: filepath.Join(dir, "game.yaml"), home: filepath.Join(dir, "home")}
	players := ""
	for i, s := range seats {
		if i > 0 {
			players += ","
		}
		players += fmt.Sprintf("%s=%s", s, []string{"Ann", "Ben", "Cat", "Dan"}[i])
	}
	args := append([]string{"new", st.file, "--game", game, "--players", players, "--sandbox", "--seed", "7"}, extra...)
	mustRun(b, st.env(""), args...)
	return st
}

func (st *sandboxTable) path() string { return st.file }

func (st *sandboxTable) env(string) map[string]string {
	return map[string]string{"ELASUND_HOME": st.home}
}

// awaited is the first seat the game waits for.
func awaited(b *testing.B, t table) string {
	b.Helper()
	var st struct {
		WaitingFor []string `json:"waiting_for"`
	}
	if err := json.Unmarshal([]byte(mustRun(b, t.env(""), "show", t.path(), "--json")), &st); err != nil || len(st.WaitingFor) == 0 {
		b.Fatalf("no seat awaited: %v", err)
	}
	return st.WaitingFor[0]
}

// play has the random bot make n moves, each on its own seat's machine.
func play(b *testing.B, t table, n int) {
	b.Helper()
	for i := range n {
		seat := awaited(b, t)
		mustRun(b, t.env(seat), "bot", t.path(), "--as", seat, "--level", "random", "--seed", fmt.Sprint(i))
	}
}

// BenchmarkLongGameCommands runs move, show and bot on a fresh game and
// on a long one (the same game further on), each as the awaited seat on
// its own machine, and reports the CPU time of each command (cpu-ns/op).
// A peer game (four joins and four moves, then 100 moves on): the seat's
// key store has verified the game up to its own last move, so the cache
// of verified positions reads only what followed. A sandbox game of each
// game (4 moves, then 120 moves on in Elasund, where random play ends
// sooner, and 200 in Seafarers), read through the player's cache of
// sandbox positions. Compare the long/ and fresh/ times.
func BenchmarkLongGameCommands(b *testing.B) {
	for _, tc := range []struct {
		name        string
		make        func(b *testing.B) table
		fresh, long int
	}{
		{"peer", func(b *testing.B) table { return newPeerTable(b) }, 4, 96},
		{"sandbox-elasund", func(b *testing.B) table {
			return newSandboxTable(b, "elasund", []string{"red", "blue", "green", "yellow"})
		}, 4, 116},
		{"sandbox-seafarers", func(b *testing.B) table {
			return newSandboxTable(b, "seafarers", []string{"red", "blue", "white", "orange"}, "--scenario", "new-shores")
		}, 4, 196},
	} {
		b.Run(tc.name, func(b *testing.B) {
			t := tc.make(b)
			for _, c := range []struct {
				name  string
				moves int
			}{{"fresh", tc.fresh}, {"long", tc.long}} {
				play(b, t, c.moves)
				benchmarkCommands(b, t, c.name)
			}
		})
	}
}

// benchmarkCommands times move, show and bot on t as it is now.
func benchmarkCommands(b *testing.B, t table, name string) {
	seat := awaited(b, t)
	env := t.env(seat)
	var legal struct {
		Actions []string `json:"actions"`
	}
	if err := json.Unmarshal([]byte(mustRun(b, env, "moves", t.path(), "--as", seat, "--json")), &legal); err != nil || len(legal.Actions) == 0 {
		b.Fatalf("no legal action for %s: %v", seat, err)
	}
	move := legal.Actions[0]
	_, peer := t.(*peerTable)
	if peer {
		// A key store signs one successor of an entry: move and bot must
		// sign the same one, the bot's (its dry run says which).
		move = botMove(b, env, t.path(), seat)
	}
	out := filepath.Join(b.TempDir(), "out.yaml")
	for _, cmd := range [][]string{
		{"move", t.path(), move, "--as", seat, "--out", out, "--force"},
		{"show", t.path()},
		{"bot", t.path(), "--as", seat, "--out", out, "--force"},
	} {
		b.Run(name+"/"+cmd[0], func(b *testing.B) {
			start := cputime.Process()
			for b.Loop() {
				if r := run(b, env, "", cmd...); r.code != 0 {
					b.Fatalf("exit %d: %s", r.code, r.stderr)
				}
			}
			if used := cputime.Process() - start; used > 0 {
				b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
	if peer {
		// The seat's key store signed the entry in out: the game goes on
		// from it, as a player goes on from the copy holding their entry.
		mustRun(b, env, "merge", t.path(), out)
	}
}

// botMove returns the move the bot would make for seat now, as its dry
// run prints it ("dry run: red's move would be entry 9: roll; end").
func botMove(b *testing.B, env map[string]string, file, seat string) string {
	b.Helper()
	for _, line := range strings.Split(mustRun(b, env, "bot", file, "--as", seat, "--dry-run"), "\n") {
		if rest, ok := strings.CutPrefix(line, "dry run: "); ok {
			if _, move, ok := strings.Cut(rest, ": "); ok {
				return move
			}
		}
	}
	b.Fatalf("bot --dry-run for %s named no move", seat)
	return ""
}
