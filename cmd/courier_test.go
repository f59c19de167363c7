package cmd

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

// The courier (issue "Several seats at once"): peer games played by bots,
// each seat with its own key store and its own copy of the file, where a
// courier carries every copy a command's "next:" line names to each seat
// it names — in parallel and in random order, so that copies cross. Seats
// also send standing orders during other seats' turns. Every seat does only
// what the tool advises: merge what arrives (elasund merge), move when the
// game waits for it (elasund bot), pass the file on as next: says. No game
// may wedge; every game ends, and its final file verifies for every seat.

// courierSeat is one player: a key directory and a copy of the game.
type courierSeat struct {
	colour string
	home   string
	file   string
	app    *App
	mu     sync.Mutex
}

type delivery struct {
	to   string
	data []byte
	from string
}

type courier struct {
	t      *testing.T
	rnd    *rand.Rand
	game   string
	seats  map[string]*courierSeat
	order  []string
	queue  []delivery
	colour *regexp.Regexp
	// mu guards the courier's queue, counts, random source and what it
	// knows of each copy: seats handle their mail at the same time.
	mu     sync.Mutex
	status map[string]seatStatus
	// counts of what happened, for the report.
	deliveries, merges, parallel, races, orders, moves int
	// trace is what every seat did, in the order it happened, printed
	// when a game fails: the deliveries interleave at random, so a
	// failure rarely plays the same way twice.
	trace []string
}

// note adds a line to the trace.
func (c *courier) note(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trace = append(c.trace, fmt.Sprintf(format, args...))
}

// shortOutput keeps the lines of a command's output that say what it did.
func shortOutput(out string) string {
	var keep []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "next:") || strings.Contains(line, "merge") || strings.Contains(line, "race") ||
			strings.Contains(line, "signed again") || strings.HasPrefix(line, "entry") || strings.Contains(line, "played") {
			keep = append(keep, line)
		}
	}
	if len(keep) == 0 {
		return tail(out, 2)
	}
	return strings.Join(keep, " | ")
}

// version names the seat's copy as the trace does.
func (c *courier) version(s *courierSeat) string {
	data, _ := os.ReadFile(s.file)
	return copyName(data)
}

// copyName names a copy by the start of its hash, to follow it in the
// trace.
func copyName(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:4])
}

func newCourierApp(home string, set *games.Set, out *bytes.Buffer, now func() time.Time) *App {
	return &App{
		Out: out, ErrOut: out, In: strings.NewReader(""),
		Getenv: func(k string) string {
			if k == "ELASUND_HOME" {
				return home
			}
			return ""
		},
		Now: now, Games: set,
	}
}

// run runs one elasund command line as seat's player and returns what it
// printed and its exit code.
func (c *courier) run(s *courierSeat, args ...string) (string, int) {
	var out bytes.Buffer
	app := *s.app
	app.Out, app.ErrOut = &out, &out
	code := app.Run(context.Background(), args)
	return out.String(), code
}

// nextSeats reads the seats a "next:" line names to send the file to.
func (c *courier) nextSeats(out string) []string {
	for _, line := range strings.Split(out, "\n") {
		rest, ok := strings.CutPrefix(line, "next: send ")
		if !ok {
			continue
		}
		// "send F to A (..), B (..) at once; ..." or "send F back to A (..), who ..."
		_, to, _ := strings.Cut(rest, " to ")
		to, _, _ = strings.Cut(to, ";")
		to, _, _ = strings.Cut(to, ", who")
		to = regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(to, "")
		var seats []string
		for _, w := range c.colour.FindAllString(to, -1) {
			if _, ok := c.seats[w]; ok && !slices.Contains(seats, w) {
				seats = append(seats, w)
			}
		}
		return seats
	}
	return nil
}

// send queues s's file for the seats its last command's next: line named.
func (c *courier) send(s *courierSeat, out string) {
	data, err := os.ReadFile(s.file)
	if err != nil {
		c.fatalf("%v", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, to := range c.nextSeats(out) {
		c.queue = append(c.queue, delivery{to: to, data: data, from: s.colour})
		c.trace = append(c.trace, fmt.Sprintf("  %s sends %s to %s", s.colour, copyName(data), to))
	}
}

// deliver hands one copy to its seat, which merges it into its own copy
// and acts if the game waits for it.
func (c *courier) deliver(d delivery) {
	c.count(func() { c.deliveries++ })
	s := c.seats[d.to]
	s.mu.Lock()
	defer s.mu.Unlock()
	c.note("%s gets %s's copy %s", s.colour, d.from, copyName(d.data))
	if own, err := os.ReadFile(s.file); err != nil {
		if err := os.WriteFile(s.file, d.data, 0o644); err != nil {
			c.fatalf("%v", err)
		}
	} else if !bytes.Equal(own, d.data) {
		in := filepath.Join(s.home, "incoming.yaml")
		if err := os.WriteFile(in, d.data, 0o644); err != nil {
			c.fatalf("%v", err)
		}
		out, code := c.run(s, "merge", s.file, in)
		c.heard(s, out)
		c.note("%s merges into %s: %s", s.colour, c.version(s), shortOutput(out))
		if code != 0 {
			c.fatalf("%s merging %s's copy: exit %d\n%s", s.colour, d.from, code, out)
		}
		c.count(func() {
			c.merges++
			if strings.Contains(out, "one parallel entry") {
				c.parallel++
			}
			if strings.Contains(out, "a race") {
				c.races++
			}
		})
		// After a race or a decision signed again, the merge's next:
		// line is advice like any other: a copy that won a race goes
		// back to the seats whose copy lost it. (A plain merge's
		// next: repeats where the copy went already.)
		if strings.Contains(out, "a race") || strings.Contains(out, "signed again") {
			c.send(s, out)
		}
	}
	c.act(s)
}

// act lets the seat's bot move while the game waits for it, passing the
// file on after each move; now and then, a seat the game does not wait for
// sends standing orders.
func (c *courier) act(s *courierSeat) {
	for moves := 0; ; moves++ {
		if moves == 200 {
			c.fatalf("%s moved 200 times in a row and the game still waits for it", s.colour)
		}
		over, acting := c.where(s)
		if over {
			return
		}
		if !slices.Contains(acting, s.colour) {
			c.note("%s at %s: the game waits for %v", s.colour, c.version(s), acting)
			c.mu.Lock()
			orders := c.rnd.IntN(12) == 0
			c.mu.Unlock()
			if orders {
				c.sendOrders(s)
			}
			return
		}
		out, code := c.run(s, "bot", s.file, "--as", s.colour)
		if code != 0 {
			c.fatalf("%s's bot: exit %d\n%s", s.colour, code, out)
		}
		c.heard(s, out)
		c.note("%s's bot moves, now %s: %s", s.colour, c.version(s), shortOutput(out))
		c.count(func() { c.moves++ })
		c.send(s, out)
	}
}

// where reads what the seat's copy says of the game, as a player reads the
// status line of its last command: over, or the seats it waits for.
func (c *courier) where(s *courierSeat) (bool, []string) {
	ks, err := turnfile.OpenKeyStore(s.home)
	if err != nil {
		c.fatalf("%v", err)
	}
	c.mu.Lock()
	st, ok := c.status[s.colour]
	c.mu.Unlock()
	if ok && st.version == fileVersion(s.file) {
		return st.over, st.acting
	}
	g, err := openCached(nil, s.file, ks.Cache())
	if err != nil {
		c.fatalf("%s's copy: %v", s.colour, err)
	}
	st = seatStatus{version: fileVersion(s.file), over: g.Position().Over(), acting: g.Acting()}
	c.mu.Lock()
	c.status[s.colour] = st
	c.mu.Unlock()
	return st.over, st.acting
}

// heard reads the status line of a command that wrote s's file ("wrote F:
// …; turn 4, red's turn, decide phase, waiting for white, blue" or "…; the
// game is over…") and keeps it as what the seat knows of its copy, as a
// player reads it; the courier need not open the file again.
func (c *courier) heard(s *courierSeat, out string) {
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "wrote "+s.file+":") {
			continue
		}
		i := strings.LastIndex(line, "; ")
		if i < 0 {
			return
		}
		st := seatStatus{version: fileVersion(s.file)}
		switch said := line[i+2:]; {
		case strings.HasPrefix(said, "the game is over"):
			st.over = true
		case strings.Contains(said, "waiting for ") && !strings.HasSuffix(said, " to join"):
			_, who, _ := strings.Cut(said, "waiting for ")
			st.acting = strings.Split(who, ", ")
		default:
			return
		}
		c.mu.Lock()
		c.status[s.colour] = st
		c.mu.Unlock()
		return
	}
}

// seatStatus is what a seat knows of its copy, by the copy's bytes.
type seatStatus struct {
	version string
	over    bool
	acting  []string
}

// fileVersion names a file's content by its hash. (Size and modification
// time do not: a file rewritten within one clock tick of the file system
// with the same length kept its old status, and the courier then believed
// a seat that had to act did not.)
func fileVersion(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// sendOrders gives standing orders during another seat's turn and sends
// them to the seats the game waits for.
func (c *courier) sendOrders(s *courierSeat) {
	orders := map[string][]string{
		"elasund":   {"orders discard gold yellow", "orders rebuild nearest", "orders ask"},
		"seafarers": {"orders discard wool ore", "orders gold ore grain", "orders trade decline", "orders trade ask"},
	}
	c.mu.Lock()
	list := orders[c.game]
	pick := list[c.rnd.IntN(len(list))]
	c.mu.Unlock()
	out, code := c.run(s, "move", s.file, pick, "--as", s.colour)
	if code == 3 && strings.Contains(out, "gives standing orders in at most") {
		return
	}
	if code != 0 {
		c.fatalf("%s's orders: exit %d\n%s", s.colour, code, out)
	}
	c.heard(s, out)
	c.note("%s gives orders %q, now %s: %s", s.colour, pick, c.version(s), shortOutput(out))
	c.count(func() { c.orders++ })
	c.send(s, out)
}

// count changes the courier's counts.
func (c *courier) count(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f()
}

// courierGame plays one game to its end and returns the courier.
func courierGame(t *testing.T, set *games.Set, game string, newArgs []string, colours []string, seed uint64) *courier {
	t.Helper()
	dir := t.TempDir()
	c := &courier{t: t, game: game, rnd: rand.New(rand.NewPCG(seed, 77)), seats: map[string]*courierSeat{}, order: colours, status: map[string]seatStatus{},
		colour: regexp.MustCompile(`\b(` + strings.Join(colours, "|") + `)\b`)}
	clock := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	var clockMu sync.Mutex
	now := func() time.Time {
		clockMu.Lock()
		defer clockMu.Unlock()
		clock = clock.Add(time.Second)
		return clock
	}
	for i, col := range colours {
		home := filepath.Join(dir, col)
		s := &courierSeat{colour: col, home: home, file: filepath.Join(home, "game.yaml")}
		var sink bytes.Buffer
		s.app = newCourierApp(home, set, &sink, now)
		s.app.Rand = rand.NewChaCha8(seedBytes(seed*16 + uint64(i)))
		c.seats[col] = s
		if out, code := c.run(s, "keygen", "--name", col); code != 0 {
			t.Fatalf("keygen: %s", out)
		}
	}
	first := c.seats[colours[0]]
	if out, code := c.run(first, append([]string{"new", first.file}, newArgs...)...); code != 0 {
		t.Fatalf("new: %s", out)
	}
	// The file goes round for the joins, red first.
	data, _ := os.ReadFile(first.file)
	for _, col := range colours {
		s := c.seats[col]
		if s != first {
			if err := os.WriteFile(s.file, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if out, code := c.run(s, "join", s.file, "--as", col); code != 0 {
			t.Fatalf("join %s: %s", col, out)
		}
		data, _ = os.ReadFile(s.file)
	}
	last := c.seats[colours[len(colours)-1]]
	c.act(last)
	out, _ := c.run(last, "show", last.file)
	_ = out
	for _, col := range colours {
		if col != last.colour {
			c.queue = append(c.queue, delivery{to: col, data: data, from: last.colour})
		}
	}
	for steps := 0; c.pending() > 0; steps++ {
		if steps > 20000 {
			t.Fatal("no end after 20,000 deliveries")
		}
		// Take a few copies off the queue in random order and deliver
		// them at the same time, each seat handling its own mail.
		c.mu.Lock()
		batch := min(len(c.queue), 1+c.rnd.IntN(3))
		var now []delivery
		for range batch {
			i := c.rnd.IntN(len(c.queue))
			now = append(now, c.queue[i])
			c.queue = slices.Delete(c.queue, i, i+1)
		}
		c.mu.Unlock()
		var wg sync.WaitGroup
		for _, d := range now {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					if r := recover(); r != nil {
						if _, ok := r.(errStop); !ok {
							panic(r)
						}
					}
				}()
				c.deliver(d)
			}()
		}
		wg.Wait()
		if t.Failed() {
			t.Logf("what the seats did:\n%s", strings.Join(c.trace, "\n"))
			t.FailNow()
		}
	}
	// Every seat's copy must be the end of the game, and verify for it.
	var final []byte
	for _, col := range colours {
		s := c.seats[col]
		g, err := openGame(nil, s.file)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Position().Over() {
			t.Logf("what the seats did:\n%s", strings.Join(c.trace, "\n"))
			t.Fatalf("wedged: the courier has nothing left to carry, but %s's copy is at entry %d, %s (waiting for %v)", col, len(g.File().History), status(g), g.Acting())
		}
		if out, code := c.run(s, "verify", s.file); code != 0 {
			t.Fatalf("%s: verify: %s", col, out)
		}
		d, _ := os.ReadFile(s.file)
		if final == nil {
			final = d
		}
	}
	return c
}

// TestCourier plays Seafarers and Elasund peer games through the courier:
// 2 of each in make test (about 4 s of CPU), the 200 of each in
// make soak (about 13 minutes of CPU), 500 of each in make soak-long.
func TestCourier(t *testing.T) {
	n := 2
	switch os.Getenv("ELASUND_SOAK") {
	case "":
	case "long":
		n = 500
	default:
		n = 200
	}
	set := games.All()
	scenarios := []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert", "forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}
	type totals struct{ games, entries, deliveries, merges, parallel, races, orders int }
	var sum [2]totals
	var mu sync.Mutex
	t.Run("games", func(t *testing.T) {
		for i := range n {
			for k, name := range []string{"seafarers", "elasund"} {
				colours := []string{"red", "blue", "white", "orange"}
				if name == "elasund" {
					colours = []string{"red", "blue", "green", "yellow"}
				}
				// Three seats and four, alternating, and each scenario
				// with both in every twenty games.
				colours = colours[:3+(i+i/10)%2]
				if name == "seafarers" && scenarios[i%len(scenarios)] == "pirate-islands" && len(colours) == 3 {
					colours = []string{"red", "blue", "orange"} // white's place is unused (S3)
				}
				var players []string
				for _, c := range colours {
					players = append(players, c+"="+strings.ToUpper(c[:1])+c[1:])
				}
				args := []string{"--game", name, "--players", strings.Join(players, ",")}
				// Short games (about 40 entries), where seats act at
				// once often: Elasund to 8 turns; Seafarers to 3
				// points, discarding half from 5 cards on, so that a
				// seven has several discarders.
				if name == "elasund" {
					args = append(args, "--option", "turn_limit=8")
				}
				if name == "seafarers" {
					args = append(args, "--scenario", scenarios[i%len(scenarios)], "--option", "vp_target=3", "--option", "discard_limit=4")
				}
				t.Run(fmt.Sprintf("%s-%d", name, i), func(t *testing.T) {
					t.Parallel()
					c := courierGame(t, set, name, args, colours, uint64(1000+2*i+k))
					g, _ := openGame(nil, c.seats[colours[0]].file)
					mu.Lock()
					defer mu.Unlock()
					s := &sum[k]
					s.games++
					s.entries += len(g.File().History)
					s.deliveries += c.deliveries
					s.merges += c.merges
					s.parallel += c.parallel
					s.races += c.races
					s.orders += c.orders
				})
			}
		}
	})
	for k, name := range []string{"seafarers", "elasund"} {
		s := sum[k]
		t.Logf("%s: %d games to their end, %d entries, %d copies carried, %d merges, %d parallel entries combined, %d races settled, %d orders sent during others' turns",
			name, s.games, s.entries, s.deliveries, s.merges, s.parallel, s.races, s.orders)
	}
}

// pending is the number of copies still to carry.
func (c *courier) pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.queue)
}

// errStop stops a delivery that failed (fatalf).
type errStop struct{}

// fatalf fails the game from any delivery's goroutine: the failure is
// reported, the delivery stops, and the courier stops after the batch.
func (c *courier) fatalf(format string, args ...any) {
	c.t.Errorf(format, args...)
	panic(errStop{})
}
