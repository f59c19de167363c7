package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/turnfile"
)

// TestStrongLevelEverywhere checks that every game's strong bot is
// offered wherever a level is chosen: `bot --level`, `demo --level` and
// `host new --bot-level` accept it for each game, and a hosted table
// records it as the level its deadline bot plays at. (The strong bots
// move for real in testdata/script/strong.txtar.)
func TestStrongLevelEverywhere(t *testing.T) {
	app := testApp(nil)
	for _, kit := range app.games().Kits() {
		name := kit.Rules.Name()
		t.Run(name, func(t *testing.T) {
			if !slices.Contains(kit.Bots.Levels(), bot.LevelStrong) {
				t.Fatalf("%s's bots play at %q, want %q among them", name, kit.Bots.Levels(), bot.LevelStrong)
			}
			var b *botOptions
			if err := execCmd(newBotCmd(app, func(o *botOptions) error { b = o; return nil }), "g.yaml", "--level", "strong"); err != nil || b.Level != bot.LevelStrong {
				t.Errorf("bot --level strong: %v, options %+v", err, b)
			}
			var d *demoOptions
			if err := execCmd(newDemoCmd(app, func(o *demoOptions) error { d = o; return nil }), "--game", name, "--level", "strong"); err != nil || d.Level != bot.LevelStrong || d.Game != name {
				t.Errorf("demo --game %s --level strong: %v, options %+v", name, err, d)
			}
			colours := kit.Rules.Colours()
			players := colours[0] + "=A:a@example.org," + colours[1] + "=B:b@example.org," + colours[2] + "=C:c@example.org"
			var h *hostNewOptions
			err := execCmd(newHostNewCmd(app, func(o *hostNewOptions) error { h = o; return nil }),
				"--config", "d.yaml", "--game", name, "--players", players, "--bot-level", "Strong")
			if err != nil || h.BotLevel != bot.LevelStrong {
				t.Errorf("host new --game %s --bot-level Strong: %v, options %+v", name, err, h)
			}
		})
	}
}

// TestHostNewStrongSeafarers hosts a Seafarers game whose deadline bot
// plays at the strong level: the table records the level.
func TestHostNewStrongSeafarers(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"ELASUND_IMAP_PASSWORD": "pw"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	var out bytes.Buffer
	seats := append(slices.Clone(hostSeats), turnfile.Seat{Colour: "white", Name: "Cy", Email: "cy@example.org"})
	opts := &hostNewOptions{Config: writeDaemonConfig(t, dir, daemonConfig), LookupEnv: lookup, Seats: seats,
		Hosted: []string{"red", "blue", "white"}, Game: "seafarers", Choices: map[string]string{"scenario": "new-shores"}, Options: map[string]string{},
		BotLevel: bot.LevelStrong, Print: true, Now: testTime, Rand: newDetRand(5), Out: &out}
	if err := runHostNew(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`created game ([0-9a-f]{16})`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("output = %q", out.String())
	}
	table, err := os.ReadFile(filepath.Join(dir, "games", m[1], "table.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(table), "bot_level: strong") {
		t.Errorf("table.yaml does not record the strong level:\n%s", table)
	}
}
