package seafarers

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund/internal/bot"
)

// TestStrongExperiment is a tool for tuning the strong level, not a check:
// it plays the match of TestStrongBeatsHeuristic with the search and the
// match changed as ELASUND_EXP says, and logs the score. It runs only when
// ELASUND_EXP is set, to comma-separated key=value pairs:
//
//	games=N      games to play (default 40)
//	procs=N      games played at once (default 1; 0 means GOMAXPROCS)
//	every=N      log the running tally every N games (default 0: never)
//	first=S      the seed of game 0 (default the match's)
//	rollouts=N, horizon=N, cands=N
//	             searchParams fields (default defaultSearch's)
//	only=S+S     play only these scenarios ("+"-separated)
//	record=PATH  append a line for each game as it ends to PATH (see
//	             arena.record)
//	hero=strong|heuristic
//	             who plays the hero's seat
//
// For example, 40 games of a deeper search:
//
//	ELASUND_EXP=games=40,rollouts=128 go test -run TestStrongExperiment -v ./internal/bot/seafarers
func TestStrongExperiment(t *testing.T) {
	spec := os.Getenv("ELASUND_EXP")
	if spec == "" {
		t.Skip("a tuning tool: set ELASUND_EXP (see its comment)")
	}
	kv := map[string]string{}
	for _, f := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(f), "=")
		if !ok {
			t.Fatalf("ELASUND_EXP: %q is not key=value", f)
		}
		kv[k] = v
	}
	num := func(k string, d float64) float64 {
		v, ok := kv[k]
		if !ok {
			return d
		}
		delete(kv, k)
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("ELASUND_EXP: %s=%q: %v", k, v, err)
		}
		return f
	}
	p := defaultSearch
	p.Rollouts = int(num("rollouts", float64(p.Rollouts)))
	p.Horizon = int(num("horizon", float64(p.Horizon)))
	p.MaxCandidates = int(num("cands", float64(p.MaxCandidates)))
	ar := strongMatch(p)
	ar.first = uint64(num("first", float64(ar.first)))
	ar.procs = int(num("procs", 1))
	ar.every = int(num("every", 0))
	games := int(num("games", 40))
	if only := kv["only"]; only != "" {
		ar.only = strings.Split(only, "+")
		for _, sc := range ar.only {
			if !slices.Contains(scenarios, sc) {
				t.Fatalf("ELASUND_EXP: only=%q: no scenario %q", only, sc)
			}
		}
	}
	if path := kv["record"]; path != "" {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		ar.record = f
	}
	hero := kv["hero"]
	delete(kv, "record")
	delete(kv, "only")
	delete(kv, "hero")
	for k := range kv {
		t.Fatalf("ELASUND_EXP: unknown key %q", k)
	}
	switch hero {
	case "", "strong":
	case "heuristic":
		ar.hero = func(seed uint64) bot.Player { return newHeuristic(seed) }
	default:
		t.Fatalf("ELASUND_EXP: hero=%q, want strong or heuristic", hero)
	}
	t.Logf("search %+v: %s", p, ar.play(t, games))
}
