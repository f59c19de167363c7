package mail

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/mailtest"
)

// benchInProcess starts the in-process servers and a daemon, and waits
// until the daemon has answered one message.
func benchInProcess(b *testing.B) (*mailtest.IMAP, *mailtest.SMTP) {
	b.Helper()
	im := mailtest.NewIMAP(b, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(b, mailtest.SMTPOptions{})
	cfg := testConfig(im, sm, b.TempDir())
	cfg.Limits.PerSenderPerHour = -1
	r := startDaemon(b, cfg, newCounterGame(b), Options{}, nil)
	b.Cleanup(func() { r.stop(b) })
	im.Deliver(testMessage("alice@example.test", "game g1", "add 1", "warmup@example.test"))
	if !sm.WaitUnique(1, 10*time.Second) {
		b.Fatal("daemon did not answer the warm-up message")
	}
	return im, sm
}

// BenchmarkThroughputInProcess measures messages handled and answered per
// second through the in-memory IMAP server and the SMTP sink: b.N
// messages are delivered at once and the clock stops at the last reply.
func BenchmarkThroughputInProcess(b *testing.B) {
	im, sm := benchInProcess(b)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		im.Deliver(testMessage("alice@example.test", "game g1", "add 1", fmt.Sprintf("tp%d-%d@example.test", b.N, i)))
	}
	if !sm.WaitUnique(b.N+1, 5*time.Minute) {
		b.Fatalf("%d of %d replies", sm.Unique()-1, b.N)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "msgs/s")
}

// BenchmarkLatencyInProcess measures the time from a message landing in
// the mailbox to its reply reaching the SMTP server, one message at a
// time (the daemon waits in IDLE between messages).
func BenchmarkLatencyInProcess(b *testing.B) {
	im, sm := benchInProcess(b)
	var lat latencySample
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		im.Deliver(testMessage("alice@example.test", "game g1", "add 1", fmt.Sprintf("lat%d-%d@example.test", b.N, i)))
		if !sm.WaitUnique(i+2, time.Minute) {
			b.Fatalf("no reply to message %d", i)
		}
		lat = append(lat, time.Since(start))
	}
	lat.report(b)
}

// latencySample reports the median and the 90th percentile besides the mean
// that ns/op gives.
type latencySample []time.Duration

func (l latencySample) report(b *testing.B) {
	if len(l) == 0 {
		return
	}
	sorted := append(latencySample(nil), l...)
	slices.Sort(sorted)
	at := func(q float64) float64 {
		return float64(sorted[int(q*float64(len(sorted)-1))]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.9), "p90-ms")
	b.ReportMetric(at(1), "max-ms")
}

// benchDovecot starts the real mail stack and a daemon reading over IMAP
// with STARTTLS and sending through Dovecot's submission service.
func benchDovecot(b *testing.B) (*mailtest.Stack, string, *counterGame) {
	b.Helper()
	s := mailtest.StartStack(b)
	spool := b.TempDir()
	g := newCounterGame(b)
	r := startDaemon(b, stackConfig(s, spool), g, Options{RetryMin: 50 * time.Millisecond, RetryMax: time.Second}, nil)
	b.Cleanup(func() { r.stop(b) })
	if err := s.Send("bob@localhost", "elasund@localhost", testMessage("bob@localhost", "game g1", "add 1", "warmup@localhost")); err != nil {
		b.Fatal(err)
	}
	waitMaildir(b, s, "bob", 1, time.Minute)
	return s, spool, g
}

// waitAnswered waits until game g1 has n entries and the outbox is
// empty: the daemon has handled n messages and the submission server
// has accepted every reply.
func waitAnswered(b *testing.B, spool string, g *counterGame, n int, timeout time.Duration) {
	b.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if e, _ := g.Entries("g1"); e >= n && len(readyFiles(b, spool)) == 0 {
			return
		}
		if time.Now().After(deadline) {
			e, _ := g.Entries("g1")
			b.Fatalf("%d of %d messages handled after %v", e, n, timeout)
		}
		time.Sleep(time.Millisecond)
	}
}

// waitMaildir waits until user's Maildir/new holds n messages.
func waitMaildir(b *testing.B, s *mailtest.Stack, user string, n int, timeout time.Duration) {
	b.Helper()
	deadline := time.Now().Add(timeout)
	dir := filepath.Join(s.Dir, "mail", user, "Maildir", "new")
	for {
		entries, _ := os.ReadDir(dir)
		if len(entries) >= n {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("%s has %d of %d messages after %v", user, len(entries), n, timeout)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// BenchmarkThroughputDovecot is BenchmarkThroughputInProcess through
// OpenSMTPD, Dovecot IMAP, Dovecot submission and back to a Dovecot
// mailbox; it includes OpenSMTPD's queueing in both directions.
func BenchmarkThroughputDovecot(b *testing.B) {
	s, _, _ := benchDovecot(b)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		raw := testMessage("bob@localhost", "game g1", "add 1", fmt.Sprintf("tp%d-%d@localhost", b.N, i))
		if err := s.Send("bob@localhost", "elasund@localhost", raw); err != nil {
			b.Fatal(err)
		}
	}
	waitMaildir(b, s, "bob", b.N+1, 5*time.Minute)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "msgs/s")
}

// BenchmarkLatencyDovecot measures, one message at a time, the time from
// handing a message to OpenSMTPD to its reply landing in the sender's
// Dovecot mailbox.
func BenchmarkLatencyDovecot(b *testing.B) {
	s, _, _ := benchDovecot(b)
	var lat latencySample
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		raw := testMessage("bob@localhost", "game g1", "add 1", fmt.Sprintf("lat%d-%d@localhost", b.N, i))
		if err := s.Send("bob@localhost", "elasund@localhost", raw); err != nil {
			b.Fatal(err)
		}
		waitMaildir(b, s, "bob", i+2, time.Minute)
		lat = append(lat, time.Since(start))
	}
	lat.report(b)
}

// BenchmarkThroughputDovecotDaemon measures the daemon's own work against
// the real servers: messages are handed straight to Dovecot over LMTP and
// the clock stops when every move is applied and every reply accepted by
// Dovecot's submission service (IMAP and submission both with STARTTLS),
// leaving out OpenSMTPD's queue.
func BenchmarkThroughputDovecotDaemon(b *testing.B) {
	s, spool, g := benchDovecot(b)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		raw := testMessage("bob@localhost", "game g1", "add 1", fmt.Sprintf("dtp%d-%d@localhost", b.N, i))
		if err := s.DeliverLMTP("bob@localhost", "elasund@localhost", raw); err != nil {
			b.Fatal(err)
		}
	}
	waitAnswered(b, spool, g, b.N+1, 5*time.Minute)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "msgs/s")
}

// BenchmarkLatencyDovecotDaemon measures, one message at a time, the time
// from Dovecot accepting a message over LMTP to the submission service
// accepting its reply.
func BenchmarkLatencyDovecotDaemon(b *testing.B) {
	s, spool, g := benchDovecot(b)
	var lat latencySample
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		raw := testMessage("bob@localhost", "game g1", "add 1", fmt.Sprintf("dlat%d-%d@localhost", b.N, i))
		if err := s.DeliverLMTP("bob@localhost", "elasund@localhost", raw); err != nil {
			b.Fatal(err)
		}
		waitAnswered(b, spool, g, i+2, time.Minute)
		lat = append(lat, time.Since(start))
	}
	lat.report(b)
}
