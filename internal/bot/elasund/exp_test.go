package elasund

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund/internal/bot"
)

func TestExperiment(t *testing.T) {
	spec := os.Getenv("ELASUND_EXP")
	if spec == "" {
		t.Skip()
	}
	kv := map[string]string{}
	for _, f := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(f, "=")
		kv[k] = v
	}
	num := func(k string, d float64) float64 {
		if v, ok := kv[k]; ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
		return d
	}
	p := defaultSearch
	p.Rollouts = int(num("rollouts", float64(p.Rollouts)))
	p.Horizon = int(num("horizon", float64(p.Horizon)))
	p.Temp = num("temp", p.Temp)
	p.MaxCandidates = int(num("cands", float64(p.MaxCandidates)))
	p.PerKind = int(num("perkind", float64(p.PerKind)))
	seats := int(num("seats", 4))
	ar := arena{seats: seats, opts: map[string]string{"turn_limit": "60"}, first: uint64(num("first", 5000)), procs: int(num("procs", 0)),
		hero: func(seed uint64) bot.Player { return newStrong(seed, p, defaultWeights) },
		other: func(seed uint64, s int) bot.Player {
			if kv["opp"] == "random" {
				return newRandom(seed*10 + uint64(s))
			}
			return newHeuristic(seed*10+uint64(s), defaultWeights)
		}}
	if kv["hero"] == "heuristic" {
		ar.hero = func(seed uint64) bot.Player { return newHeuristic(seed, defaultWeights) }
	}
	sc := ar.play(t, int(num("games", 20)))
	t.Logf("%+v: %s", p, sc)
}
