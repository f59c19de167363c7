package mail

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/atomicfile"
	"github.com/elasund/elasund/internal/mailtest"
)

// deadlineGame is the counter game with a deadline: when an hour has
// passed (by the daemon's clock) since the game's last entry, the
// referee adds "add 100" itself; half way, it sends a reminder (no
// commit). It keeps no state of its own beyond the game: the last
// entry's time is in the game's file.
type deadlineGame struct {
	*counterGame
	start time.Time
	// dues counts Due calls.
	dues int
}

var _ Timer = (*deadlineGame)(nil)

// lastEntry is the time of g1's last entry: the start, plus an hour per
// deadline entry ("add 100").
func (g *deadlineGame) lastEntry() (int, time.Time) {
	lines, _ := g.lines("g1")
	at := g.start
	for _, l := range lines {
		if strings.HasPrefix(l, "add 100 ") {
			at = at.Add(time.Hour)
		}
	}
	return len(lines), at
}

func (g *deadlineGame) Due(_ context.Context, now time.Time, done func(string) bool) (*Timed, time.Time, error) {
	g.mu.Lock()
	g.dues++
	g.mu.Unlock()
	n, last := g.lastEntry()
	deadline, half := last.Add(time.Hour), last.Add(30*time.Minute)
	remind := fmt.Sprintf("remind.%d@example.test", n)
	if !now.Before(half) && now.Before(deadline) && !done(remind) {
		return &Timed{ID: remind, Decision: &Decision{Replies: []Outgoing{{To: []string{"alice@example.test"}, Subject: "reminder", Text: "half time\n"}}}}, deadline, nil
	}
	if now.Before(half) {
		return nil, half, nil
	}
	if now.Before(deadline) {
		return nil, deadline, nil
	}
	id := fmt.Sprintf("deadline.%d@example.test", n)
	if done(id) {
		return nil, time.Time{}, nil
	}
	path := g.path("g1")
	lines, _ := g.lines("g1")
	next := append(lines, "add 100 "+id)
	return &Timed{ID: id, Decision: &Decision{
		Game: "g1", Entry: n + 1,
		Commit: func() error {
			return atomicfile.Write(path, []byte(strings.Join(next, "\n")+"\n"), 0o600, true)
		},
		Replies: []Outgoing{{To: []string{"alice@example.test"}, Subject: "deadline", Text: "the referee moved\n"}},
	}}, time.Time{}, nil
}

// TestDaemonTimer: work falls due by the daemon's clock, without mail:
// a reminder at half time, a move at the deadline, each done once and
// answered with Message-IDs derived from its ID; a crash at any step of
// the protocol leaves it done exactly once after a restart.
func TestDaemonTimer(t *testing.T) {
	for _, point := range []string{"", "held", "intent", "commit", "done", "released", "moved"} {
		t.Run("crash at "+point, func(t *testing.T) {
			im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
			sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
			start := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
			clock := &fakeClock{t: start}
			g := &deadlineGame{counterGame: newCounterGame(t), start: start}
			spool := t.TempDir()
			cfg := testConfig(im, sm, spool)
			crashed := false
			fault := func(p string) error {
				if p == point && !crashed && clock.now().Sub(start) >= time.Hour {
					crashed = true
					return errCrash
				}
				return nil
			}
			r := startDaemon(t, cfg, g, Options{Now: clock.now}, fault)
			time.Sleep(300 * time.Millisecond)
			if sm.Unique() != 0 {
				t.Fatal("something was sent before anything was due")
			}
			clock.advance(40 * time.Minute)
			if !sm.WaitUnique(1, 5*time.Second) {
				t.Fatal("no reminder at half time")
			}
			clock.advance(20 * time.Minute)
			if point != "" {
				select {
				case err := <-r.done:
					if err == nil || !strings.Contains(err.Error(), errCrash.Error()) {
						t.Fatalf("Run = %v, want the injected crash", err)
					}
				case <-time.After(10 * time.Second):
					t.Fatal("the crash point was never reached")
				}
				r.cancel()
				r = startDaemon(t, cfg, g, Options{Now: clock.now}, nil)
			}
			if !sm.WaitUnique(2, 5*time.Second) {
				t.Fatalf("%d replies: no move at the deadline", sm.Unique())
			}
			time.Sleep(500 * time.Millisecond)
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			if n, _ := g.Entries("g1"); n != 1 {
				t.Errorf("g1 has %d entries, want 1", n)
			}
			if got := sm.Unique(); got != 2 {
				t.Errorf("%d distinct replies, want 2", got)
			}
			want := map[string]bool{
				ReplyMessageID("remind.0@example.test", 0, testFrom):   true,
				ReplyMessageID("deadline.0@example.test", 0, testFrom): true,
			}
			for _, m := range sm.Received() {
				if !want[m.MessageID] {
					t.Errorf("unexpected reply %s", m.MessageID)
				}
			}
			// A restart finds nothing due again.
			r = startDaemon(t, cfg, g, Options{Now: clock.now}, nil)
			time.Sleep(300 * time.Millisecond)
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			if n, _ := g.Entries("g1"); n != 1 || sm.Unique() != 2 {
				t.Errorf("after a restart: %d entries, %d replies", n, sm.Unique())
			}
		})
	}
}
