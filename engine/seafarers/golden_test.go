package seafarers

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden/playouts.txt")

const goldenPath = "testdata/golden/playouts.txt"

// goldenPerScenario is how many golden games each scenario plays: two of
// the self-play set-ups (selfPlaySetups), so that 3 and 4 seats, peer and
// sandbox games and every option set are played somewhere.
const goldenPerScenario = 2

// goldenSetup is the set-up of golden game i (of scenario i/2).
func goldenSetup(i int) engine.Setup {
	sc := i / goldenPerScenario
	j := (sc + 3*(i%goldenPerScenario)) % 5
	return selfPlaySetups()[sc*5+j]
}

// goldenGame plays golden game i with a random player and hashes
// everything the engine says on the way: every listing of the seat to
// move (with its next source and without one) and the size of the other
// seats' listings, every chosen move (some of two actions, some standing
// orders), the refusal of a random unlisted action (which must change
// nothing), the events of every move, the state every fourth entry and at
// the end. It returns the hex hash and the number of entries.
func goldenGame(t testing.TB, i int) (string, int) {
	setup := goldenSetup(i)
	seed := uint64(7000 + i)
	tb := newTable(setup, int64(seed))
	pos, err := Rules{}.New(setup, tb.newSource())
	if err != nil {
		t.Fatal(err)
	}
	g := Of(pos)
	pick := rand.New(rand.NewPCG(seed, 17))
	h := sha256.New()
	state := func() string {
		b, err := json.Marshal(g.State())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	fmt.Fprintf(h, "start %s\n", state())
	entries := 0
	for !g.over() {
		if g.turn >= playTurnLimit || stalled(g) {
			fmt.Fprintf(h, "stopped at turn %d\n", g.turn)
			break
		}
		if entries > 150000 {
			t.Fatalf("golden game %d (%s) does not end", i, setup.Choices["scenario"])
		}
		aw := pos.Awaited()
		seat := aw[pick.IntN(len(aw))]
		move := goldenMove(t, h, pos, tb, seat, pick)
		ev, err := tb.apply(pos, seat, move)
		if err != nil {
			t.Fatalf("golden game %d (%s): %q by %s refused: %v", i, setup.Choices["scenario"], FormatMove(moveOf(move)), seat, err)
		}
		entries++
		fmt.Fprintf(h, "move %s %q %q\n", seat, FormatMove(moveOf(move)), ev)
		if entries%4 == 0 {
			fmt.Fprintf(h, "state %s\n", state())
		}
		if entries%50 == 0 {
			if err := g.Check(); err != nil {
				t.Fatalf("golden game %d (%s): %v", i, setup.Choices["scenario"], err)
			}
		}
	}
	fmt.Fprintf(h, "end %s\n", state())
	return hex.EncodeToString(h.Sum(nil)), entries
}

// goldenMove chooses seat's next entry in a golden game, hashing the
// listings and a probe on the way.
func goldenMove(t testing.TB, h hash.Hash, pos engine.Position, tb *table, seat string, pick *rand.Rand) []engine.Action {
	g := Of(pos)
	if pick.IntN(40) == 0 && !resolveOnly(pos, tb, seat) {
		o := randomOrder(pick)
		fmt.Fprintf(h, "orders %s %q\n", seat, o)
		return []engine.Action{o}
	}
	c, _ := ParseColour(seat)
	legal := g.Legal(c, tb.next(pos, seat))
	if len(legal) == 0 {
		t.Fatalf("no legal action for %s (%s)", seat, describe(pos))
	}
	fmt.Fprintf(h, "legal %s %q\n", seat, FormatMove(legal))
	fmt.Fprintf(h, "legal-nil %q\n", FormatMove(g.Legal(c, nil)))
	for _, o := range pos.Setup().Seats {
		if o != seat {
			oc, _ := ParseColour(o)
			fmt.Fprintf(h, "other %s %d\n", o, len(g.Legal(oc, tb.next(pos, o))))
		}
	}
	a := legal[pick.IntN(len(legal))]
	bad := randomAction(g, pick)
	if !slices.Contains(legal, bad) && bad.Kind != ActOffer && bad.Kind != ActOrders {
		before := g.Clone()
		ev, err := pos.Apply(seat, []engine.Action{bad}, tb.next(pos, seat))
		fmt.Fprintf(h, "probe %q %q %v\n", bad, ev, err)
		if err == nil {
			t.Fatalf("unlisted %q by %s applies (%s)", bad, seat, describe(pos))
		}
		if !sameGame(before, g) {
			t.Fatalf("refused %q by %s changed the game", bad, seat)
		}
	}
	move := []engine.Action{a}
	if pick.IntN(4) == 0 {
		move = longerMove(pos, tb, seat, move, pick)
	}
	return move
}

// sameGame reports whether two games hold the same position: every field
// equal, the slices' contents compared (a clone's slices live in its own
// arrays), the event log and the ship moves worked out for a listing left
// out.
func sameGame(a, b *Game) bool {
	if !slices.Equal(a.corners, b.corners) || !slices.Equal(a.edges, b.edges) || !reflect.DeepEqual(a.players, b.players) {
		return false
	}
	x, y := *a, *b
	for _, g := range []*Game{&x, &y} {
		g.corners, g.edges, g.players = nil, nil, nil
		g.cornerArr, g.edgeArr, g.playerArr = [maxCorners]cornerPiece{}, [maxEdges]edgePiece{}, [4]player{}
		// The log and the caches (worked out from the position, and
		// shared with the spare) are no part of it.
		g.log, g.spare = eventLog{}, nil
		g.moves, g.places, g.shapes, g.routes = moveCache{}, placeCache{}, nil, nil
	}
	return reflect.DeepEqual(x, y)
}

// moveOf converts a move of the contract to Seafarers actions.
func moveOf(m []engine.Action) []Action {
	out := make([]Action, len(m))
	for i, a := range m {
		out[i] = a.(Action)
	}
	return out
}

// goldenGames is the number of golden games: goldenPerScenario for each
// scenario.
func goldenGames() int { return goldenPerScenario * len(scenarioNames) }

// TestGoldenPlayouts replays the golden random games and compares a hash of
// everything the engine listed, answered and reported with
// testdata/golden/playouts.txt (rewritten with -update): the engine's
// behaviour is unchanged, byte for byte, unless a commit changes a rule
// and says so.
func TestGoldenPlayouts(t *testing.T) {
	n := goldenGames()
	var lines []string
	for i := 0; i < n; i++ {
		sum, entries := goldenGame(t, i)
		s := goldenSetup(i)
		lines = append(lines, fmt.Sprintf("%d %s %d-seat sandbox=%v %s %d %s", i, s.Choices["scenario"], len(s.Seats), s.Sandbox, optionText(s.Options), entries, sum))
	}
	if *updateGolden {
		if err := os.MkdirAll("testdata/golden", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) != n {
		t.Fatalf("%s has %d games, want %d", goldenPath, len(want), n)
	}
	for i, got := range lines {
		if got != want[i] {
			t.Errorf("golden game %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
}

// optionText prints set-up options as sorted name=value pairs, "-" for
// none.
func optionText(o map[string]string) string {
	var kv []string
	for k, v := range o {
		kv = append(kv, k+"="+v)
	}
	slices.Sort(kv)
	if len(kv) == 0 {
		return "-"
	}
	return strings.Join(kv, ",")
}
