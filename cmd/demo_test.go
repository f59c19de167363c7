package cmd

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/cputime"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

func TestDemoArgv(t *testing.T) {
	app := testApp(nil)
	var got *demoOptions
	err := execCmd(newDemoCmd(app, func(o *demoOptions) error { got = o; return nil }),
		"--players", "2", "--seed", "7", "--level", "random", "--out", "d.yaml", "--delay", "250ms")
	if err != nil {
		t.Fatal(err)
	}
	if got.Players != 2 || got.Seed != 7 || got.Level != "random" || got.OutFile != "d.yaml" || got.Delay != 250*time.Millisecond || !got.Now().Equal(testTime) {
		t.Fatalf("options = %+v", got)
	}
	// Without --seed, one is drawn from the App's source.
	if err := execCmd(newDemoCmd(app, func(o *demoOptions) error { got = o; return nil })); err != nil {
		t.Fatal(err)
	}
	if got.Players != 4 || got.Level != bot.LevelHeuristic || got.OutFile != "" || got.Delay != 0 || got.Seed >= 1_000_000 {
		t.Fatalf("default options = %+v", got)
	}
	for _, args := range [][]string{
		{"extra"},
		{"--players", "1"},
		{"--players", "5"},
		{"--level", "genius"},
		{"--delay", "-1s"},
		{"--delay", "soon"},
	} {
		var ue *usageError
		if err := execCmd(newDemoCmd(app, func(*demoOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("demo %q = %v, want usage error", args, err)
		}
	}
}

func TestDemoOutput(t *testing.T) {
	dir := t.TempDir()
	demo := func(out string) string {
		t.Helper()
		var buf bytes.Buffer
		opts := &demoOptions{
			Players: 2, Level: bot.LevelHeuristic, Seed: 2, OutFile: out, TempDir: dir,
			Now: func() time.Time { return testTime }, Out: &buf,
		}
		if err := runDemo(t.Context(), opts); err != nil {
			t.Fatalf("demo: %v\n%s", err, buf.String())
		}
		return buf.String()
	}
	a := filepath.Join(dir, "a.yaml")
	got := demo(a)
	for _, re := range []string{
		`(?m)^elasund demo: 2 heuristic bots, seed 2 `,
		`(?m)^  red    Astrid joins with its own key ed25519:`,
		`(?m)^  blue   Bjorn  joins with its own key ed25519:`,
		`(?m)^turn  1  red     roll`,
		`(?m)^           roll [1-6]\+[1-6]`,
		`(?m)^turn  2  blue    `,
		`(?m)^trade   0 `,
		`(?m)^winner: (red \(Astrid\)|blue \(Bjorn\)), `,
		`(?m)^ok: ` + regexp.QuoteMeta(a) + `: game [0-9a-f]{16}, [0-9]+ entries: every hash link, signature, reveal and move checks out$`,
		`(?m)^kept ` + regexp.QuoteMeta(a),
	} {
		if !regexp.MustCompile(re).MatchString(got) {
			t.Errorf("output does not match %s:\n%s", re, got)
		}
	}
	g, err := openGame(nil, a)
	if err != nil {
		t.Fatal(err)
	}
	h := g.File().Header
	if h.Sandbox || len(h.Seats) != 2 || h.Seats[0].Key == h.Seats[1].Key || !g.Position().Over() {
		t.Fatalf("the demo's file is not a finished peer game with a key per seat: %+v", h)
	}
	// The same seed plays the same game, byte for byte.
	b := filepath.Join(dir, "b.yaml")
	if again := demo(b); strings.ReplaceAll(again, b, a) != got {
		t.Error("the same seed printed another game")
	}
	fa, _ := os.ReadFile(a)
	fb, _ := os.ReadFile(b)
	if !bytes.Equal(fa, fb) {
		t.Error("the same seed wrote another file")
	}
	// Without --out the file and the key directories go away.
	demo("")
	if left, _ := filepath.Glob(filepath.Join(dir, "elasund-demo-*")); len(left) > 0 {
		t.Errorf("the demo left %q behind", left)
	}
	// A game whose file outgrows the limit stops there.
	var small bytes.Buffer
	opts := &demoOptions{Players: 2, Level: bot.LevelRandom, Seed: 1, TempDir: dir, MaxSize: 8 << 10, Now: time.Now, Out: &small}
	if err := runDemo(t.Context(), opts); err == nil || !strings.Contains(err.Error(), "outgrew 8192 bytes") {
		t.Fatalf("demo over its size limit = %v", err)
	}
	// --out never overwrites.
	var buf bytes.Buffer
	opts = &demoOptions{Players: 2, Level: bot.LevelRandom, Seed: 1, OutFile: a, Now: time.Now, Out: &buf}
	if err := runDemo(t.Context(), opts); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("demo over an existing file = %v", err)
	}
}

// TestDemoWatch redraws the board after every move on a terminal and ends
// with the commands that start a real game.
func TestDemoWatch(t *testing.T) {
	var out bytes.Buffer
	opts := &demoOptions{Players: 2, Level: "random", Seed: 5, Now: func() time.Time { return testTime }, Out: &out, TempDir: t.TempDir(), Watch: true}
	if err := runDemo(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if n := strings.Count(got, clearScreen); n < 10 {
		t.Errorf("the board was redrawn %d times", n)
	}
	for _, want := range []string{"elasund demo, seed 5: turn 1", "elasund keygen --name You", "elasund new game.yaml --players", "elasund join game.yaml --as "} {
		if !strings.Contains(got, want) {
			t.Errorf("watched demo lacks %q", want)
		}
	}
}

// TestDemoColours seats the first colours, in the game's order, that the
// game and scenario let sit together.
func TestDemoColours(t *testing.T) {
	set := games.All()
	for _, tc := range []struct {
		game, scenario string
		n              int
		want           []string
	}{
		{"elasund", "", 2, []string{"red", "blue"}},
		{"elasund", "", 4, []string{"red", "blue", "green", "yellow"}},
		{"seafarers", "", 3, []string{"red", "blue", "white"}},
		{"seafarers", "base", 4, []string{"red", "blue", "white", "orange"}},
		// S3: the pirate-islands board has no white position for three.
		{"seafarers", "pirate-islands", 3, []string{"red", "blue", "orange"}},
		{"seafarers", "pirate-islands", 4, []string{"red", "blue", "white", "orange"}},
	} {
		kit, err := set.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := demoColours(kit.Rules, map[string]string{"scenario": tc.scenario}, tc.n); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("demoColours(%s, %q, %d) = %q, %v; want %q", tc.game, tc.scenario, tc.n, got, err, tc.want)
		}
	}
	// When no colours will do, the error is the game's own.
	kit, _ := set.Lookup("seafarers")
	for _, tc := range []struct {
		scenario string
		n        int
	}{{"base", 2}, {"atlantis", 3}} {
		var se *engine.SetupError
		var oe *engine.OptionError
		if got, err := demoColours(kit.Rules, map[string]string{"scenario": tc.scenario}, tc.n); !errors.As(err, &se) && !errors.As(err, &oe) {
			t.Errorf("demoColours(seafarers, %q, %d) = %q, %v; want a set-up error", tc.scenario, tc.n, got, err)
		}
	}
}

// demoCase is one demo of TestDemoEveryChoice: a game, one value of one
// of its set-up choices (none for a game without), and the seats.
type demoCase struct {
	game, choice, value string
	players             int
}

// demoCases lists a demo of every value of every set-up choice of every
// game of set (one of each game without choices), with three seats, or
// as many as the game has colours if fewer; soak adds four seats.
func demoCases(set *games.Set, soak bool) []demoCase {
	var out []demoCase
	for _, k := range set.Kits() {
		counts := []int{min(3, len(k.Rules.Colours()))}
		if soak && len(k.Rules.Colours()) >= 4 {
			counts = append(counts, 4)
		}
		for _, n := range counts {
			if len(k.Rules.Choices()) == 0 {
				out = append(out, demoCase{game: k.Rules.Name(), players: n})
			}
			for _, c := range k.Rules.Choices() {
				for _, v := range c.Values {
					out = append(out, demoCase{k.Rules.Name(), c.Name, v, n})
				}
			}
		}
	}
	return out
}

// TestDemoEveryChoice plays a demo of every value of every game's set-up
// choices to its end (every Elasund edition, every Seafarers scenario),
// with three seats (with ELASUND_SOAK set, four too): each ends with a
// verified file of a finished game whose seats the choice allows, well
// inside the file's limits, and with the command that starts such a game.
func TestDemoEveryChoice(t *testing.T) {
	set := games.All()
	dir := t.TempDir()
	for i, tc := range demoCases(set, os.Getenv("ELASUND_SOAK") != "") {
		t.Run(fmt.Sprintf("%s/%s/%d", tc.game, tc.value, tc.players), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(dir, fmt.Sprintf("%s-%s-%d.yaml", tc.game, tc.value, tc.players))
			var out bytes.Buffer
			opts := &demoOptions{
				Game: tc.game, Choices: map[string]string{}, Players: tc.players, Level: bot.LevelHeuristic, Seed: uint64(10*tc.players + i),
				OutFile: path, TempDir: dir, Now: func() time.Time { return testTime }, Out: &out, Games: set,
			}
			if tc.choice != "" {
				opts.Choices[tc.choice] = tc.value
			}
			if err := runDemo(t.Context(), opts); err != nil {
				t.Fatalf("demo: %v\n%s", err, tail(out.String(), 20))
			}
			if re := `(?m)^ok: ` + regexp.QuoteMeta(path) + `: game [0-9a-f]{16}, [0-9]+ entries: `; !regexp.MustCompile(re).MatchString(out.String()) {
				t.Errorf("output does not match %s:\n%s", re, tail(out.String(), 20))
			}
			g, err := openGame(nil, path)
			if err != nil {
				t.Fatal(err)
			}
			h := g.File().Header
			if h.Choices[tc.choice] != tc.value || len(h.Seats) != tc.players || !g.Position().Over() || len(g.Position().Winners()) != 1 {
				t.Fatalf("the demo's file is not a finished %d-seat game of %s %s", tc.players, tc.game, tc.value)
			}
			if want := realGameCommand(set, g.Rules(), h); !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, tail(out.String(), 8))
			}
			size, perSeat := demoFileLimits(t, path, g)
			t.Logf("%s %s, %d seats: %d entries, %d bytes, at most %d entries a seat", tc.game, tc.value, tc.players, len(g.File().History), size, perSeat)
		})
	}
}

// realGameCommand is the start of the command the demo prints to make a
// game of the same rules: --game for another game than the default, and
// each choice that is not the default game's default.
func realGameCommand(set *games.Set, rules engine.Game, h turnfile.Header) string {
	cmd := "elasund new game.yaml"
	isDefault := rules.Name() == set.Names()[0]
	if !isDefault {
		cmd += " --game " + rules.Name()
	}
	for _, c := range rules.Choices() {
		if v := h.Choices[c.Name]; !isDefault || v != c.Default {
			cmd += " --" + c.Name + " " + v
		}
	}
	return cmd + " --players "
}

// demoFileLimits returns the size of the game file at path and the most
// entries a seat made, failing if either is over half its limit: the
// file size turnfile reads (MaxSize) and the length of a seat's hash
// chain (chain_length, docs/turnfile.md §4.1).
func demoFileLimits(t *testing.T, path string, g *turnfile.Game) (size, perSeat int) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, e := range g.File().History {
		if e.Kind != turnfile.EntryJoin {
			count[e.Seat]++
		}
	}
	for _, c := range count {
		perSeat = max(perSeat, c)
	}
	if fi.Size() > turnfile.MaxSize/2 {
		t.Errorf("%s is %d bytes, want well under the %d of turnfile.MaxSize", path, fi.Size(), turnfile.MaxSize)
	}
	if n := g.File().Header.ChainLength; perSeat > n/2 {
		t.Errorf("a seat made %d entries, want well under its chain of %d", perSeat, n)
	}
	return int(fi.Size()), perSeat
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// BenchmarkVerifySeafarers reads and replays a finished four-player
// Seafarers game of heuristic bots (a demo's file) as "elasund verify"
// does (open: turnfile.Parse and turnfile.Open), against the floor of
// verification: parsing and checking every signature (docs/turnfile.md
// §3.2), without replay. The floor computes the signed message through
// turnfile.Canonical, a little more slowly than turnfile does.
func BenchmarkVerifySeafarers(b *testing.B) {
	for _, sc := range []string{"new-shores", "pirate-islands"} {
		dir := b.TempDir()
		path := filepath.Join(dir, "game.yaml")
		opts := &demoOptions{Game: "seafarers", Choices: map[string]string{"scenario": sc}, Players: 4, Level: bot.LevelHeuristic, Seed: 1,
			OutFile: path, TempDir: dir, Now: func() time.Time { return testTime }, Out: io.Discard}
		if err := runDemo(b.Context(), opts); err != nil {
			b.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		reg := games.All().Registry()
		f, err := turnfile.Parse(data, reg)
		if err != nil {
			b.Fatal(err)
		}
		entries := len(f.History)
		b.Run(sc+"/open", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			defer reportCPU(b, cputime.Process())
			for b.Loop() {
				f, err := turnfile.Parse(data, reg)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := turnfile.Open(f); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(entries), "entries")
		})
		b.Run(sc+"/floor", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			defer reportCPU(b, cputime.Process())
			for b.Loop() {
				f, err := turnfile.Parse(data, reg)
				if err != nil {
					b.Fatal(err)
				}
				if err := checkSignatures(f); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(entries), "entries")
		})
	}
}

// reportCPU reports the CPU time per iteration (cpu-ns/op) the process
// used since start: on a shared machine it is what the work costs,
// whatever else runs.
func reportCPU(b *testing.B, start time.Duration) {
	if used := cputime.Process() - start; start > 0 && used > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// checkSignatures checks the signature of every entry of f with its
// seat's key (docs/turnfile.md §3.2): Ed25519 over the SHA-256 of the
// entry's canonical JSON without its sig.
func checkSignatures(f *turnfile.File) error {
	keys := map[string]ed25519.PublicKey{}
	for _, s := range f.Header.Seats {
		k, err := turnfile.ParsePublicKey(s.Key)
		if err != nil {
			return err
		}
		keys[s.Colour] = k
	}
	for _, e := range f.History {
		sig, err := base64.StdEncoding.DecodeString(e.Sig)
		if err != nil {
			return fmt.Errorf("entry %d: %w", e.N, err)
		}
		e.Sig = ""
		c, err := turnfile.Canonical(&e)
		if err != nil {
			return err
		}
		m := sha256.Sum256(c)
		if !ed25519.Verify(keys[e.Seat], m[:], sig) {
			return fmt.Errorf("entry %d: the signature does not verify", e.N)
		}
	}
	return nil
}
