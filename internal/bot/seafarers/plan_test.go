package seafarers

import (
	"fmt"
	"testing"

	"github.com/elasund/elasund/internal/bot"
)

// maxTurns bounds the games of TestPlanEveryScenario: a game of bots must
// end with a winner within it.
var maxTurns = map[string]int{bot.LevelHeuristic: 400, bot.LevelRandom: 6000}

// TestPlanEveryScenario plays complete games of every scenario with three
// and four seats through the game-agnostic interface (bot.Plan, one move
// per entry, as `elasund demo` does): heuristic players only, random
// players only, and a mix. Every game must end with a winner within
// maxTurns.
func TestPlanEveryScenario(t *testing.T) {
	mixes := [][]string{
		{bot.LevelHeuristic},
		{bot.LevelRandom},
		{bot.LevelRandom, bot.LevelHeuristic},
	}
	for _, sc := range scenarios {
		for _, n := range []int{3, 4} {
			setup := seatsFor(setupOf(sc, n, nil))
			for i, levels := range mixes {
				t.Run(fmt.Sprintf("%s/%d/%v", sc, n, levels), func(t *testing.T) {
					seed := uint64(500 + 10*n + i)
					o, err := playGame(setup, playersOf(setup, levels, seed), seed)
					if err != nil {
						t.Fatal(err)
					}
					limit := maxTurns[levels[0]]
					if len(levels) > 1 {
						limit = maxTurns[bot.LevelHeuristic]
					}
					if o.turns > limit {
						t.Errorf("%s won after %d turns, want at most %d", o.winner, o.turns, limit)
					}
					t.Logf("%s won after %d turns (%d entries), points %v", o.winner, o.turns, o.entries, o.vp)
				})
			}
		}
	}
}
