package elasund

import (
	"math"
	"os"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
)

const nfeat = 12

var featNames = [nfeat]string{"value", "cubes", "gold", "infl", "incGold", "incInfl", "plans", "tempo", "boardPermits", "trade", "walls", "exposed"}

type fsample struct {
	f      [5][nfeat]float64
	seats  []game.Colour
	winner game.Colour
	left   int
	seed   uint64
}

func features(g *game.Game, w *weights) (out [5][nfeat]float64) {
	st := g.View()
	cfg := g.Config()
	m := newModel(&cfg, st, st.Current)
	n := len(cfg.Seats)
	cur := 0
	for i, c := range cfg.Seats {
		if c == st.Current {
			cur = i
		}
	}
	for i, c := range cfg.Seats {
		m.me = c
		e := newEvaluator(w, m)
		pl := e.plans(m)
		s := &m.seat[c]
		f := &out[c]
		f[0] = e.seatValue(m, c) + pl
		f[1] = float64(cubesEach - s.cubes)
		f[2] = float64(s.gold)
		f[3] = float64(s.infl[0] + s.infl[1] + s.infl[2])
		f[4] = s.incGold
		f[5] = s.incInfl
		f[6] = pl
		f[7] = float64((i - cur + n) % n)
		f[8] = float64(numPermits - s.supplyPermits())
		f[9] = float64(s.trade)
		f[10] = float64(s.walls)
		f[11] = float64(s.exposed)
	}
	return out
}

func TestFitModel(t *testing.T) {
	if os.Getenv("ELASUND_FIT") == "" {
		t.Skip()
	}
	var samples []fsample
	w := defaultWeights.prepared()
	for seed := uint64(1); seed <= 600; seed++ {
		setup := setupOf(4, game.EditionEN, map[string]string{"turn_limit": "60"})
		pos := newPosition(t, setup)
		rng := newSource(seed)
		pl := map[string]*heuristic{}
		for i, c := range setup.Seats {
			pl[c] = newHeuristic(seed*10+uint64(i), defaultWeights)
		}
		var mine []fsample
		for !pos.Over() {
			g := game.Of(pos)
			st := g.View()
			if st.Phase == game.PhaseRoll {
				mine = append(mine, fsample{f: features(g, &w), seats: g.Config().Seats, left: st.Turn, seed: seed})
			}
			seat := pos.Awaited()[0]
			a, err := pl[seat].Choose(pos, seat, rng.Clone())
			if err != nil {
				t.Fatal(err)
			}
			r2 := rng.copy()
			if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
				t.Fatal(err)
			}
			rng = r2
		}
		st := game.Of(pos).View()
		for i := range mine {
			mine[i].winner = *st.Winner
			mine[i].left = st.Turn - mine[i].left
		}
		samples = append(samples, mine...)
	}
	// standardize
	var mean, sd [nfeat]float64
	cnt := 0.0
	for _, s := range samples {
		for _, c := range s.seats {
			for k := range nfeat {
				mean[k] += s.f[c][k]
			}
			cnt++
		}
	}
	for k := range nfeat {
		mean[k] /= cnt
	}
	for _, s := range samples {
		for _, c := range s.seats {
			for k := range nfeat {
				d := s.f[c][k] - mean[k]
				sd[k] += d * d
			}
		}
	}
	for k := range nfeat {
		sd[k] = math.Sqrt(sd[k]/cnt) + 1e-9
	}
	ll := func(beta [nfeat]float64, mask [nfeat]bool, train bool) (float64, [nfeat]float64) {
		var grad [nfeat]float64
		tot, n := 0.0, 0
		for _, s := range samples {
			if (s.seed%5 != 0) != train {
				continue
			}
			var z [5]float64
			mx := math.Inf(-1)
			for _, c := range s.seats {
				v := 0.0
				for k := range nfeat {
					if mask[k] {
						v += beta[k] * (s.f[c][k] - mean[k]) / sd[k]
					}
				}
				z[c] = v
				mx = max(mx, v)
			}
			sum := 0.0
			for _, c := range s.seats {
				sum += math.Exp(z[c] - mx)
			}
			tot += z[s.winner] - mx - math.Log(sum)
			n++
			for _, c := range s.seats {
				p := math.Exp(z[c]-mx) / sum
				y := 0.0
				if c == s.winner {
					y = 1
				}
				for k := range nfeat {
					if mask[k] {
						grad[k] += (y - p) * (s.f[c][k] - mean[k]) / sd[k]
					}
				}
			}
		}
		for k := range grad {
			grad[k] /= float64(n)
		}
		return tot / float64(n), grad
	}
	fit := func(mask [nfeat]bool) [nfeat]float64 {
		var beta [nfeat]float64
		for it := 0; it < 400; it++ {
			_, g := ll(beta, mask, true)
			for k := range beta {
				beta[k] += 2 * g[k]
			}
		}
		return beta
	}
	report := func(name string, mask [nfeat]bool) {
		b := fit(mask)
		tr, _ := ll(b, mask, true)
		te, _ := ll(b, mask, false)
		t.Logf("%s: train %.4f test %.4f", name, tr, te)
		for k := range nfeat {
			if mask[k] {
				t.Logf("   %-12s beta/sd %.5f (beta %.3f)", featNames[k], b[k]/sd[k], b[k])
			}
		}
	}
	var only [nfeat]bool
	only[0] = true
	report("value only", only)
	only[7] = true
	report("value+tempo", only)
	var all [nfeat]bool
	for k := range all {
		all[k] = true
	}
	report("all", all)
	all[0] = false
	report("all but value", all)
	t.Logf("samples %d", len(samples))
}
