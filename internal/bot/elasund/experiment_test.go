package elasund

import (
	"os"
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
//	games=N      games to play (default 20)
//	procs=N      games played at once (default 1; 0 means GOMAXPROCS)
//	first=S      the seed of game 0 (default 5000, the match's)
//	seats=N      seats, 2 to 4 (default 4)
//	rollouts=N, horizon=N, temp=X, cands=N, perkind=N
//	             searchParams fields (default defaultSearch's)
//	hero=strong|heuristic, opp=heuristic|random
//	             who plays the hero's seat and the others'
//
// For example, 40 games of a deeper search:
//
//	ELASUND_EXP=games=40,rollouts=128 go test -run TestStrongExperiment -v ./internal/bot/elasund
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
	p.Temp = num("temp", p.Temp)
	p.MaxCandidates = int(num("cands", float64(p.MaxCandidates)))
	p.PerKind = int(num("perkind", float64(p.PerKind)))
	ar := strongMatch(p)
	ar.seats = int(num("seats", 4))
	ar.first = uint64(num("first", float64(ar.first)))
	ar.procs = int(num("procs", 1))
	ar.every = 0
	games := int(num("games", 20))
	hero, opp := kv["hero"], kv["opp"]
	delete(kv, "hero")
	delete(kv, "opp")
	for k := range kv {
		t.Fatalf("ELASUND_EXP: unknown key %q", k)
	}
	switch hero {
	case "", "strong":
	case "heuristic":
		ar.hero = func(seed uint64) bot.Player { return newHeuristic(seed, defaultWeights) }
	default:
		t.Fatalf("ELASUND_EXP: hero=%q, want strong or heuristic", hero)
	}
	switch opp {
	case "", "heuristic":
	case "random":
		ar.other = func(seed uint64, seat int) bot.Player { return newRandom(seed*10 + uint64(seat)) }
	default:
		t.Fatalf("ELASUND_EXP: opp=%q, want heuristic or random", opp)
	}
	t.Logf("search %+v: %s", p, ar.play(t, games))
}
