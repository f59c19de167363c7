package gamestest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/cmd"
	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/internal/games/gamestest"
	"github.com/elasund/elasund/turnfile"
)

// clock is the time of every command run in these tests.
var clock = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// shell runs elasund command lines in-process, as a player types them,
// with the games of set.
type shell struct {
	t   *testing.T
	set *games.Set
	dir string
}

// result is one command's exit code and output.
type result struct {
	code        int
	out, errOut string
}

// run runs one command line with home as the key directory and env as
// the rest of the environment.
func (sh *shell) run(home string, env map[string]string, args ...string) result {
	sh.t.Helper()
	return sh.runContext(context.Background(), home, env, args...)
}

// runContext is run until ctx is done.
func (sh *shell) runContext(ctx context.Context, home string, env map[string]string, args ...string) result {
	var out, errOut bytes.Buffer
	app := &cmd.App{
		In: strings.NewReader(""), Out: &out, ErrOut: &errOut,
		Getenv: func(k string) string {
			if k == "ELASUND_HOME" {
				return home
			}
			return env[k]
		},
		Now:   func() time.Time { return clock },
		Games: sh.set,
	}
	code := app.Run(ctx, args)
	return result{code, out.String(), errOut.String()}
}

// must runs a command line that must succeed and returns its output.
func (sh *shell) must(home string, args ...string) string {
	sh.t.Helper()
	r := sh.run(home, nil, args...)
	if r.code != 0 {
		sh.t.Fatalf("elasund %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.out, r.errOut)
	}
	return r.out
}

// fails runs a command line that must exit with code and say want.
func (sh *shell) fails(home string, code int, want string, args ...string) {
	sh.t.Helper()
	r := sh.run(home, nil, args...)
	if r.code != code || !strings.Contains(r.errOut, want) {
		sh.t.Errorf("elasund %s: exit %d, stderr %q; want exit %d with %q", strings.Join(args, " "), r.code, r.errOut, code, want)
	}
}

func (sh *shell) path(name string) string { return filepath.Join(sh.dir, name) }

// TestRaceCommandLine plays a peer game of Race, the toy game, through
// the command line as two players would, each with a key of their own:
// new, join, moves, move, bot, show, verify, log, render --svg and --html,
// rules, a sandbox game with edit, and demo. Nothing in cmd, turnfile or
// the templates names Race: the test registry's one line is all.
func TestRaceCommandLine(t *testing.T) {
	t.Parallel()
	sh := &shell{t: t, set: All(t), dir: t.TempDir()}
	homes := map[string]string{"cyan": sh.path("ann"), "magenta": sh.path("ben")}
	sh.must(homes["cyan"], "keygen", "--name", "Ann", "--email", "ann@example.org")
	sh.must(homes["magenta"], "keygen", "--name", "Ben", "--email", "ben@example.org")
	file := sh.path("race.yaml")
	sh.must(homes["cyan"], "new", file, "--game", "race", "--players", "cyan=Ann:ann@example.org,magenta=Ben:ben@example.org", "--option", "goal=12")
	sh.must(homes["cyan"], "join", file, "--as", "cyan")
	sh.must(homes["magenta"], "join", file, "--as", "magenta")

	playByHand(sh, homes, file)

	if v := verifyOf(sh, file); !v.OK || v.Winner == nil || v.Phase != "over" {
		t.Fatalf("verify after the game: %+v, want a finished, verified game", v)
	}
	checkViews(sh, homes["cyan"], file)
	sh.fails(homes["cyan"], 3, "the game is over", "move", file, "roll", "--as", "cyan")
	if out := sh.must("", "rules", "--game", "race", "T5"); !strings.Contains(out, "T5 — The bump") {
		t.Errorf("rules --game race T5 = %q", out)
	}
	checkSetupRefusals(sh, homes["cyan"])
	checkSandbox(sh)
	checkDemo(sh)
}

// All is the test registry of the tests in this file.
func All(t *testing.T) *games.Set { return gamestest.All(t) }

// verifyJSON is what verify --json says of a game.
type verifyJSON struct {
	OK         bool     `json:"ok"`
	Phase      string   `json:"phase"`
	WaitingFor []string `json:"waiting_for"`
	Winner     *string  `json:"winner"`
}

func verifyOf(sh *shell, file string) verifyJSON {
	sh.t.Helper()
	var v verifyJSON
	if err := json.Unmarshal([]byte(sh.must("", "verify", file, "--json")), &v); err != nil {
		sh.t.Fatal(err)
	}
	return v
}

// playByHand plays the game to its end. Cyan's first turn is played by
// hand, reading moves before each action (and trying a run before the
// roll, which T3 refuses); every other turn the bot of the seat to move
// plays it, with that seat's key.
func playByHand(sh *shell, homes map[string]string, file string) {
	sh.t.Helper()
	sh.fails(homes["cyan"], 3, "cyan rolls first (T3)", "move", file, "run a", "--as", "cyan")
	sh.fails(homes["cyan"], 3, "hint: elasund rules --game race T3 explains the rule", "move", file, "run a", "--as", "cyan")
	if out := sh.must(homes["cyan"], "moves", file); !strings.Contains(out, "roll") {
		sh.t.Fatalf("moves before cyan's roll:\n%s", out)
	}
	sh.must(homes["cyan"], "move", file, "roll")
	var listed struct {
		Seat    string   `json:"seat"`
		Actions []string `json:"actions"`
	}
	if err := json.Unmarshal([]byte(sh.must(homes["cyan"], "moves", file, "--json")), &listed); err != nil {
		sh.t.Fatal(err)
	}
	if listed.Seat != "cyan" || !slices.Equal(listed.Actions, []string{"run a", "run b"}) {
		sh.t.Fatalf("moves --json after the roll = %+v, want cyan's two runs", listed)
	}
	sh.must(homes["cyan"], "move", file, "run b")
	for turn := 0; ; turn++ {
		p := position(sh, file)
		if p.Over() {
			return
		}
		if turn > 200 {
			sh.t.Fatal("the game did not end in 200 turns")
		}
		seat := p.Awaited()[0]
		sh.must(homes[seat], "bot", file, "--as", seat, "--level", "heuristic")
	}
}

// position reads the game in file as it stands.
func position(sh *shell, file string) engine.Position {
	sh.t.Helper()
	f, err := turnfile.ReadFile(file, sh.set.Registry())
	if err != nil {
		sh.t.Fatal(err)
	}
	g, err := turnfile.Open(f)
	if err != nil {
		sh.t.Fatal(err)
	}
	return g.Position()
}

// checkViews looks at the finished game every way the command line shows
// one.
func checkViews(sh *shell, home, file string) {
	sh.t.Helper()
	if out := sh.must(home, "show", file); !strings.Contains(out, "Race to 12, turn ") || !strings.Contains(out, "has won") {
		sh.t.Errorf("show:\n%s", out)
	}
	var st struct {
		Runners map[string][2]int `json:"runners"`
		Winner  string            `json:"winner"`
	}
	if err := json.Unmarshal([]byte(sh.must(home, "show", file, "--json")), &st); err != nil || st.Runners[st.Winner] != [2]int{12, 12} {
		sh.t.Errorf("show --json: %+v, %v; want the winner's runners both on the goal 12", st, err)
	}
	if out := sh.must(home, "log", file); !strings.Contains(out, "cyan rolls ") || !strings.Contains(out, " wins") {
		sh.t.Errorf("log:\n%s", out)
	}
	svg, page := sh.path("race.svg"), sh.path("race.html")
	sh.must(home, "render", file, "--svg", svg, "--html", page)
	for name, want := range map[string]string{svg: "<circle", page: "Race to 12"} {
		if b, err := os.ReadFile(name); err != nil || !bytes.Contains(b, []byte(want)) {
			sh.t.Errorf("%s: %v, or it lacks %q", name, err, want)
		}
	}
}

// checkSetupRefusals makes games Race does not allow: usage errors (exit
// 2) citing its rules; and the program's own games do not offer Race.
func checkSetupRefusals(sh *shell, home string) {
	sh.t.Helper()
	for _, tc := range []struct{ want, players, extra string }{
		{"race is for 2 seats, not 1 (T1)", "cyan=A", ""},
		{"goal=41", "cyan=A,magenta=B", "goal=41"},
		{"race has no choice of scenario", "cyan=A,magenta=B", "--scenario=long"},
	} {
		args := []string{"new", sh.path("bad.yaml"), "--game", "race", "--players", tc.players, "--sandbox"}
		if strings.HasPrefix(tc.extra, "--") {
			args = append(args, tc.extra)
		} else if tc.extra != "" {
			args = append(args, "--option", tc.extra)
		}
		sh.fails(home, 2, tc.want, args...)
	}
	real := &shell{t: sh.t, set: games.All(), dir: sh.dir}
	real.fails(home, 2, `unknown game "race"`, "new", sh.path("real.yaml"), "--game", "race", "--players", "cyan=A,magenta=B", "--sandbox")
}

// checkSandbox sets up a sandbox game by edits and plays from there.
func checkSandbox(sh *shell) {
	sh.t.Helper()
	file := sh.path("sandbox.yaml")
	sh.must("", "new", file, "--game", "race", "--players", "cyan=Me,magenta=You", "--sandbox", "--seed", "5")
	sh.must("", "edit", file, "put cyan a 19; put cyan b 20; turn magenta")
	sh.fails("", 4, "past the goal", "edit", file, "put cyan b 21")
	sh.fails("", 2, `"c" is not a runner`, "edit", file, "put cyan c 3")
	if out := sh.must("", "show", file); !strings.Contains(out, "turn 1: magenta to roll") || !strings.Contains(out, "| 19\n") {
		sh.t.Errorf("the sandbox after the edits:\n%s", out)
	}
	sh.must("", "move", file, "roll; run b")
	sh.must("", "edit", file, "put cyan a 20")
	var st struct {
		Runners map[string][2]int `json:"runners"`
		Winner  string            `json:"winner"`
	}
	if err := json.Unmarshal([]byte(sh.must("", "show", file, "--json")), &st); err != nil || st.Runners["cyan"] != [2]int{20, 20} || st.Winner != "cyan" {
		sh.t.Errorf("after cyan's runners were put home: %+v, %v; want cyan the winner (T7)", st, err)
	}
	if v := verifyOf(sh, file); !v.OK || v.Phase != "over" {
		sh.t.Errorf("the edited sandbox does not verify as over: %+v", v)
	}
}

// checkDemo has the bots play a demo of Race and keeps its file.
func checkDemo(sh *shell) {
	sh.t.Helper()
	file := sh.path("demo.yaml")
	out := sh.must("", "demo", "--game", "race", "--players", "2", "--seed", "4", "--out", file)
	for _, want := range []string{"elasund demo: 2 heuristic bots, seed 4", "winner: ", "ok: " + file, "elasund new game.yaml --game race --players cyan="} {
		if !strings.Contains(out, want) {
			sh.t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
	if v := verifyOf(sh, file); !v.OK || v.Winner == nil || !slices.Contains([]string{"cyan", "magenta"}, *v.Winner) {
		sh.t.Errorf("the demo's file: %+v", v)
	}
}
