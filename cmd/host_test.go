package cmd

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/referee"
	"github.com/elasund/elasund/turnfile"
)

func TestHostNewArgv(t *testing.T) {
	app := testApp(nil)
	var got *hostNewOptions
	err := execCmd(newHostNewCmd(app, func(o *hostNewOptions) error { got = o; return nil }),
		"--config", "d.yaml", "--players", "red=Alice:a@example.org,blue=Bob:b@example.org,green=Cy:c@example.org",
		"--hosted", "red,green", "--edition", "fr", "--option", "turn_limit=20", "--start", "random", "--print")
	if err != nil {
		t.Fatal(err)
	}
	if got.Config != "d.yaml" || len(got.Seats) != 3 || got.Seats[1].Email != "b@example.org" ||
		len(got.Hosted) != 2 || got.Hosted[1] != "green" || !maps.Equal(got.Choices, map[string]string{"edition": "fr"}) ||
		got.Options["turn_limit"] != "20" || !got.Random || !got.Print || !got.Now.Equal(testTime) ||
		got.Game != "elasund" || got.Games == nil ||
		got.Deadline != 72*time.Hour || got.NoMove != referee.NoMoveBot || got.BotLevel != "" {
		t.Fatalf("options = %+v", got)
	}
	// The deadline, the no-move policy and the bot's level.
	for _, tc := range []struct {
		args     []string
		deadline time.Duration
		noMove   referee.NoMove
		level    string
	}{
		{[]string{"--deadline", "48h"}, 48 * time.Hour, referee.NoMoveBot, ""},
		{[]string{"--deadline", "3d", "--no-move", "skip"}, 72 * time.Hour, referee.NoMoveSkip, ""},
		{[]string{"--no-move", "WAIT", "--bot-level", "Random"}, 72 * time.Hour, referee.NoMoveWait, "random"},
	} {
		args := append([]string{"--config", "d.yaml", "--players", "red=A:a@example.org,blue=B:b@example.org"}, tc.args...)
		err := execCmd(newHostNewCmd(app, func(o *hostNewOptions) error { got = o; return nil }), args...)
		if err != nil || got.Deadline != tc.deadline || got.NoMove != tc.noMove || got.BotLevel != tc.level {
			t.Errorf("host new %q: %v, deadline %v, no-move %v, level %q", tc.args, err, got.Deadline, got.NoMove, got.BotLevel)
		}
	}
	// --game names the game, in any case; its colours are the seats'.
	err = execCmd(newHostNewCmd(app, func(o *hostNewOptions) error { got = o; return nil }),
		"--config", "d.yaml", "--game", "Elasund", "--players", "RED=A:a@example.org,blue=B:b@example.org", "--hosted", "Red")
	if err != nil || got.Game != "elasund" || got.Seats[0].Colour != "red" || got.Hosted[0] != "red" {
		t.Errorf("--game Elasund: %v, options %+v", err, got)
	}
	for hosted, want := range map[string]int{"all": 3, "none": 0, "ALL": 3} {
		err := execCmd(newHostNewCmd(app, func(o *hostNewOptions) error { got = o; return nil }),
			"--config", "d.yaml", "--players", "red=A:a@example.org,blue=B:b@example.org,green=C:c@example.org", "--hosted", hosted)
		if err != nil || len(got.Hosted) != want {
			t.Errorf("--hosted %s: %v, %d seats; want %d", hosted, err, len(got.Hosted), want)
		}
	}
	players := "red=A:a@example.org,blue=B:b@example.org"
	for _, args := range [][]string{
		{"--players", players},
		{"--config", "d.yaml"},
		{"--config", "d.yaml", "--players", "red=A:a@example.org,blue=B"},
		{"--config", "d.yaml", "--players", "red=A:a@example.org"},
		{"--config", "d.yaml", "--players", players, "--hosted", "green"},
		{"--config", "d.yaml", "--players", players, "--hosted", "red,red"},
		{"--config", "d.yaml", "--players", players, "--hosted", "purple"},
		{"--config", "d.yaml", "--players", players, "--start", "last"},
		{"--config", "d.yaml", "--players", players, "--option", "x"},
		{"--config", "d.yaml", "--players", players, "--edition", "de"},
		{"--config", "d.yaml", "--players", players, "extra"},
		{"--config", "d.yaml", "--players", players, "--game", "chess"},
		{"--config", "d.yaml", "--players", players, "--scenario", "four-islands"},
		{"--config", "d.yaml", "--players", "red=A:a@example.org,white=B:b@example.org"},
		{"--config", "d.yaml", "--players", players, "--deadline", "soon"},
		{"--config", "d.yaml", "--players", players, "--deadline", "10s"},
		{"--config", "d.yaml", "--players", players, "--no-move", "forfeit"},
		{"--config", "d.yaml", "--players", players, "--bot-level", "godlike"},
	} {
		err := execCmd(newHostNewCmd(app, func(*hostNewOptions) error { return nil }), args...)
		var ue *usageError
		if !errors.As(err, &ue) {
			t.Errorf("host new %q = %v, want usage error", args, err)
		}
	}
}

// hostSeats are the seats of the host tests.
var hostSeats = []turnfile.Seat{
	{Colour: "red", Name: "Alice", Email: "alice@example.org"},
	{Colour: "blue", Name: "Bob", Email: "bob@example.org"},
}

func TestHostNewOutput(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"ELASUND_IMAP_PASSWORD": "pw"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	var out bytes.Buffer
	opts := &hostNewOptions{Config: writeDaemonConfig(t, dir, daemonConfig), LookupEnv: lookup, Seats: hostSeats,
		Hosted: []string{"red"}, Choices: map[string]string{"edition": "en"}, Options: map[string]string{}, Print: true,
		Now: testTime, Rand: newDetRand(5), Out: &out}
	if err := runHostNew(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`created game ([0-9a-f]{16}) in (\S+); seats in turn order: red \(Alice, hosted\) blue \(Bob, own key\)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("output = %q", out.String())
	}
	if m[2] != filepath.Join(dir, "games", m[1], "game.yaml") {
		t.Errorf("game file %s", m[2])
	}
	for _, want := range []string{"--- mail to \"Alice\" <alice@example.org>", "your token: ", "Attachment: elasund-" + m[1] + ".yaml (application/yaml", "elasund join FILE --as blue"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "games", m[1], "hosted.yaml")); err != nil {
		t.Error(err)
	}

	// Without --print the mail goes to the SMTP server, which is down:
	// the game exists, and the error says how to invite again.
	out.Reset()
	opts.Print, opts.Rand = false, newDetRand(6)
	err := runHostNew(t.Context(), opts)
	var he *hintError
	if exitCode(err) != exitFailure || !strings.Contains(err.Error(), "not every mail was sent") || !errors.As(err, &he) || !strings.Contains(he.hint, "host invite") {
		t.Fatalf("host new with SMTP down = %v (exit %d)", err, exitCode(err))
	}

	// Re-inviting red makes a new token.
	out.Reset()
	inv := &hostInviteOptions{Config: opts.Config, LookupEnv: lookup, Game: m[1], Seats: []string{"red"}, Print: true, Now: testTime, Rand: newDetRand(7), Out: &out}
	if err := runHostInvite(t.Context(), inv); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "game "+m[1]+": 1 invitation, 1 new token") || !strings.Contains(out.String(), "your token: ") {
		t.Errorf("invite output = %q", out.String())
	}
	inv.Game = "0123456789abcdef"
	if err := runHostInvite(t.Context(), inv); exitCode(err) != exitUsage {
		t.Errorf("invite of an unknown game = %v (exit %d), want exit 2", err, exitCode(err))
	}
	opts.Options = map[string]string{"turn_limit": "lots"}
	if err := runHostNew(t.Context(), opts); exitCode(err) != exitUsage {
		t.Errorf("host new with a bad option = %v (exit %d), want exit 2", err, exitCode(err))
	}
	opts.Options = map[string]string{}
	for _, game := range []struct{ name, scenario, want string }{
		{"chess", "", "unknown game"},
		{"elasund", "four-islands", "elasund has no choice of scenario"},
	} {
		opts.Game, opts.Choices = game.name, map[string]string{"scenario": game.scenario}
		if err := runHostNew(t.Context(), opts); exitCode(err) != exitUsage || !strings.Contains(err.Error(), game.want) {
			t.Errorf("host new --game %s --scenario %q = %v (exit %d), want exit 2 with %q", game.name, game.scenario, err, exitCode(err), game.want)
		}
	}
}

func TestHostInviteArgv(t *testing.T) {
	app := testApp(nil)
	var got *hostInviteOptions
	err := execCmd(newHostInviteCmd(app, func(o *hostInviteOptions) error { got = o; return nil }),
		"--config", "d.yaml", "3F9C2A7D5E1B4C08", "--seat", "red", "--seat", "blue", "--print")
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != "3f9c2a7d5e1b4c08" || len(got.Seats) != 2 || got.Seats[1] != "blue" || !got.Print {
		t.Fatalf("options = %+v", got)
	}
	for _, args := range [][]string{{"g"}, {"--config", "d.yaml"}, {"--config", "d.yaml", "g", "--seat", "mauve"}} {
		err := execCmd(newHostInviteCmd(app, func(*hostInviteOptions) error { return nil }), args...)
		var ue *usageError
		if !errors.As(err, &ue) {
			t.Errorf("host invite %q = %v, want usage error", args, err)
		}
	}
}

func TestHostSeatArgv(t *testing.T) {
	app := testApp(nil)
	var got *hostSeatOptions
	run := func(args ...string) error {
		return execCmd(newHostSeatCmd(app, func(o *hostSeatOptions) error { got = o; return nil }), args...)
	}
	if err := run("--config", "d.yaml", "3F9C2A7D5E1B4C08", "Blue", "--to", "Carol:carol@example.org", "--print"); err != nil {
		t.Fatal(err)
	}
	if got.Game != "3f9c2a7d5e1b4c08" || got.Seat != "blue" || got.Bot || got.To.Name != "Carol" || got.To.Email != "carol@example.org" || !got.Print {
		t.Fatalf("options = %+v", got)
	}
	if err := run("--config", "d.yaml", "3f9c2a7d5e1b4c08", "blue", "--to", "BOT"); err != nil || !got.Bot {
		t.Fatalf("--to bot: %v, %+v", err, got)
	}
	for _, args := range [][]string{
		{"3f9c2a7d5e1b4c08", "blue", "--to", "bot"},
		{"--config", "d.yaml", "3f9c2a7d5e1b4c08", "blue"},
		{"--config", "d.yaml", "3f9c2a7d5e1b4c08", "blue", "--to", "Carol"},
		{"--config", "d.yaml", "3f9c2a7d5e1b4c08", "mauve", "--to", "bot"},
		{"--config", "d.yaml", "3f9c2a7d5e1b4c08", "--to", "bot"},
	} {
		var ue *usageError
		if err := run(args...); !errors.As(err, &ue) {
			t.Errorf("host seat %q = %v, want usage error", args, err)
		}
	}
}

func TestHostListArgv(t *testing.T) {
	app := testApp(nil)
	var got *hostListOptions
	if err := execCmd(newHostListCmd(app, func(o *hostListOptions) error { got = o; return nil }), "--config", "d.yaml"); err != nil || got.Config != "d.yaml" || !got.Now.Equal(testTime) {
		t.Fatalf("host list: %v, %+v", err, got)
	}
	var ue *usageError
	if err := execCmd(newHostListCmd(app, func(*hostListOptions) error { return nil })); !errors.As(err, &ue) {
		t.Errorf("host list without --config = %v, want usage error", err)
	}
}

// TestHostSeatAndListOutput hands a hosted seat to a new player and then
// to the bot, and lists the games.
func TestHostSeatAndListOutput(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"ELASUND_IMAP_PASSWORD": "pw"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	var out bytes.Buffer
	cfg := writeDaemonConfig(t, dir, daemonConfig)
	opts := &hostNewOptions{Config: cfg, LookupEnv: lookup, Seats: hostSeats, Hosted: []string{"red", "blue"},
		Options: map[string]string{}, Print: true, Now: testTime, Rand: newDetRand(15), Out: &out, Deadline: 48 * time.Hour}
	if err := runHostNew(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	game := regexp.MustCompile(`created game ([0-9a-f]{16})`).FindStringSubmatch(out.String())[1]

	out.Reset()
	seat := &hostSeatOptions{Config: cfg, LookupEnv: lookup, Game: game, Seat: "blue",
		To: turnfile.Seat{Name: "Carol", Email: "carol@example.org"}, Print: true, Now: testTime, Rand: newDetRand(16), Out: &out}
	if err := runHostSeat(t.Context(), seat); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"blue is now played by Carol <carol@example.org>", "--- mail to \"Carol\" <carol@example.org>",
		"your token: ", "--- mail to \"Bob\" <bob@example.org>", "Blue is now played by Carol"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("host seat output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	seat.Bot, seat.To = true, turnfile.Seat{}
	if err := runHostSeat(t.Context(), seat); err != nil || !strings.Contains(out.String(), "blue is now played by the bot") {
		t.Fatalf("host seat --to bot: %v\n%s", err, out.String())
	}
	seat.Seat, seat.Game = "red", "0123456789abcdef"
	if err := runHostSeat(t.Context(), seat); exitCode(err) != exitUsage {
		t.Errorf("host seat of an unknown game = %v (exit %d), want exit 2", err, exitCode(err))
	}

	out.Reset()
	if err := runHostList(&hostListOptions{Config: cfg, LookupEnv: lookup, Now: testTime, Out: &out}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{game + "  elasund  turn 1, waiting for red, deadline ", "deadline 2d, no-move policy bot",
		"red     Alice <alice@example.org> (hosted)", "blue    Bob (the bot) (hosted, played by the bot)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("host list lacks %q:\n%s", want, out.String())
		}
	}
}
