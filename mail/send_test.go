package mail

import (
	"testing"
	"time"

	"github.com/elasund/elasund/internal/mailtest"
)

// TestSendRetriesByDaemonClock: a reply the server deferred is tried
// again when the daemon's clock (Options.Now), not the machine's, has
// passed its backoff. With an hour's backoff the reply waits while the
// clock stands still, and goes out soon after the clock is moved on by an
// hour.
func TestSendRetriesByDaemonClock(t *testing.T) {
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	g := newCounterGame(t)
	cfg := testConfig(im, sm, t.TempDir())
	clock := &fakeClock{t: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
	sm.TempFail(1)
	im.Deliver(testMessage("alice@example.test", "game g1", "add 1", "deferred@example.test"))
	r := startDaemon(t, cfg, g, Options{Now: clock.now, RetryMin: time.Hour, RetryMax: time.Hour}, nil)
	defer r.stop(t)
	mailtest.WaitFor(t, 10*time.Second, "the server to defer the reply", func() bool { return sm.TempFailsLeft() == 0 })
	// Longer than the loop ever sleeps without reading the clock.
	time.Sleep(clockRecheck + 200*time.Millisecond)
	if n := sm.Unique(); n != 0 {
		t.Fatalf("%d replies sent while the daemon's clock stood still, want 0: the backoff is an hour by that clock", n)
	}
	clock.advance(time.Hour)
	if !sm.WaitUnique(1, 5*time.Second) {
		t.Fatal("the deferred reply was not sent after the daemon's clock passed its backoff")
	}
}
