package seafarers

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// TestFitValue is the tool that fitted defaultValue, not a check: it
// plays ELASUND_FIT four-seat games of heuristic players over every
// scenario, reads every seat's features at the start of every turn, and
// fits the weights of a conditional logit (the softmax of the seats'
// scores, as strong.value reads them) to the games' winners by Newton's
// method. It logs the weights as Go, and the mean log-likelihood of the
// winner on held-out games (a fifth of them, played from other seeds)
// under the fit, under defaultValue and under points alone. For example:
//
//	ELASUND_FIT=2000 go test -run TestFitValue -v -timeout 0 ./internal/bot/seafarers
func TestFitValue(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("ELASUND_FIT"))
	if err != nil || n <= 0 {
		t.Skip("a tuning tool: set ELASUND_FIT to a number of games")
	}
	train, test := fitPositions(n, 100000), fitPositions(max(n/5, 1), 900000)
	all := make([]bool, numFeatures)
	for k := range all {
		all[k] = true
	}
	w := fitLogit(train, all)
	points := make([]bool, numFeatures)
	points[fPoints] = true
	wp := fitLogit(train, points)
	var b strings.Builder
	fmt.Fprintf(&b, "%d positions of %d games:\nvar defaultValue = valueWeights{\n", len(train), n)
	for k, x := range w {
		fmt.Fprintf(&b, "\tf%s: %.4f,\n", strings.ToUpper(featureNames[k][:1])+featureNames[k][1:], x)
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "held-out log-likelihood per position (%d positions): fit %.4f, defaultValue %.4f, points alone %.4f, uniform %.4f",
		len(test), logLik(test, w)/float64(len(test)), logLik(test, defaultValue)/float64(len(test)),
		logLik(test, wp)/float64(len(test)), math.Log(0.25))
	t.Log(b.String())
}

// fitPosition is the features of every seat at the start of a turn, and
// the seat that went on to win.
type fitPosition struct {
	x      seatFeatures
	seats  int
	winner int
}

// fitPositions plays games games of heuristic players, game i of scenario
// i mod 10 from seed first+i, on every CPU, and returns the positions at
// the start of every turn.
func fitPositions(games int, first uint64) []fitPosition {
	var (
		mu  sync.Mutex
		all []fitPosition
		wg  sync.WaitGroup
	)
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				setup := setupOf(scenarios[i%len(scenarios)], 4, nil)
				seed := first + uint64(i)
				rec := &turnRecorder{p: newHeuristic(seed), last: -1}
				players := map[string]bot.Player{}
				for _, c := range setup.Seats {
					players[c] = rec
				}
				o, err := playGame(setup, players, seed)
				if err != nil {
					panic(err)
				}
				winner := -1
				for s, c := range setup.Seats {
					if c == o.winner {
						winner = s
					}
				}
				mu.Lock()
				for _, x := range rec.rows {
					all = append(all, fitPosition{x: x, seats: len(setup.Seats), winner: winner})
				}
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	return all
}

// turnRecorder plays every seat of a game and reads the seats' features
// each time a turn begins.
type turnRecorder struct {
	p    bot.Player
	last int
	rows []seatFeatures
}

func (r *turnRecorder) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	if g := game.Of(p); g.Phase() == game.PhaseRoll && g.Turn() != r.last {
		r.last = g.Turn()
		r.rows = append(r.rows, featuresOf(g, nil))
	}
	return r.p.Choose(p, seat, src)
}

// probabilities are the seats' chances of winning under weights w.
func probabilities(p *fitPosition, w valueWeights) [4]float64 {
	var out [4]float64
	top := math.Inf(-1)
	for s := range p.seats {
		out[s] = w.score(&p.x[s])
		top = max(top, out[s])
	}
	sum := 0.0
	for s := range p.seats {
		out[s] = math.Exp(out[s] - top)
		sum += out[s]
	}
	for s := range p.seats {
		out[s] /= sum
	}
	return out
}

// logLik is the log-likelihood of the winners of ps under weights w.
func logLik(ps []fitPosition, w valueWeights) float64 {
	sum := 0.0
	for i := range ps {
		sum += math.Log(probabilities(&ps[i], w)[ps[i].winner])
	}
	return sum
}

// fitLogit fits the weights of the features use (the others stay 0) by
// Newton's method on the log-likelihood, with a little ridge for the
// features that hardly vary.
func fitLogit(ps []fitPosition, use []bool) valueWeights {
	var w valueWeights
	for range 25 {
		var grad [numFeatures]float64
		var hess [numFeatures][numFeatures]float64
		for i := range ps {
			p := &ps[i]
			prob := probabilities(p, w)
			var mean [numFeatures]float64
			for s := range p.seats {
				for k := range mean {
					mean[k] += prob[s] * p.x[s][k]
				}
			}
			for k := range grad {
				grad[k] += p.x[p.winner][k] - mean[k]
			}
			for s := range p.seats {
				for a := range hess {
					da := p.x[s][a] - mean[a]
					for b := range hess[a] {
						hess[a][b] -= prob[s] * da * (p.x[s][b] - mean[b])
					}
				}
			}
		}
		for k := range grad {
			hess[k][k] -= 1e-3
			if !use[k] {
				grad[k] = 0
				for j := range hess {
					hess[k][j], hess[j][k] = 0, 0
				}
				hess[k][k] = -1
			}
		}
		step := solve(hess, grad)
		for k := range w {
			w[k] -= step[k]
		}
	}
	return w
}

// solve solves a·x = b by Gaussian elimination with partial pivoting.
func solve(a [numFeatures][numFeatures]float64, b [numFeatures]float64) [numFeatures]float64 {
	const n = numFeatures
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := range n {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [numFeatures]float64
	for i := range x {
		x[i] = b[i] / a[i][i]
	}
	return x
}
