package referee

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/turnfile"
)

// scriptedFor hosts and scripts the benchmark game (heuristic red,
// random blue, every mail a move) for players at the given addresses, the
// in-process ones or the mail stack's, and returns the store to copy
// before each run.
func scriptedFor(b *testing.B, seats []turnfile.Seat) (string, *HostedGame, *scriptedGame) {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "origin")
	hg, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Seats: seats,
		Hosted: []string{"red", "blue"}, Now: refTime, Rand: newDetReader(41)})
	if err != nil {
		b.Fatal(err)
	}
	return dir, hg, scriptGame(b, copyStore(b, dir), hg, false, 0)
}

// benchClock is the clock of the benchmarks' referee and daemon: it
// starts at the time the scripted game was played at and runs as the
// real one does, so that no move deadline (days away) passes while a
// game is measured.
func benchClock() time.Time { return killStart.Add(time.Since(benchEpoch)) }

// benchEpoch is when the benchmarks' clock began.
var benchEpoch = time.Now()

// seatIndex is the index of the turn mail to the mover among a move's
// replies: the seats' order in the header.
func seatIndex(hg *HostedGame, email string) int {
	return slices.IndexFunc(hg.Seats, func(s turnfile.Seat) bool { return s.Email == email })
}

// latencies reports the median and 95th percentile of ds in ms.
func latencies(b *testing.B, ds []time.Duration) {
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(ds[len(ds)*95/100].Microseconds())/1000, "p95-ms")
}

// BenchmarkRefereeThroughputInProcess measures moves applied and answered
// per second through the in-memory IMAP server and the SMTP sink: a whole
// scripted game waits in the inbox when the daemon starts, and the clock
// stops at its last reply. One op is one game.
func BenchmarkRefereeThroughputInProcess(b *testing.B) {
	origin, _, sg := scriptedFor(b, []turnfile.Seat{alice, bob})
	b.ResetTimer()
	replies := 0
	for _, n := range sg.replies {
		replies += n
	}
	var total time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := copyStore(b, origin)
		im := mailtest.NewIMAP(b, mailtest.IMAPOptions{})
		sm := mailtest.NewSMTP(b, mailtest.SMTPOptions{})
		for _, raw := range sg.msgs {
			im.Deliver(raw)
		}
		cfg := testConfig(im, sm, b.TempDir())
		cfg.Limits.PerSenderPerHour = -1
		cfg.GamesDir = dir
		ref, err := New(Options{Dir: dir, Address: testFrom, Now: benchClock})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		r := startDaemon(b, cfg, ref, mail.Options{Now: benchClock})
		if !sm.WaitUnique(replies, 5*time.Minute) {
			b.Fatalf("%d of %d replies", sm.Unique(), replies)
		}
		total += time.Since(start)
		b.StopTimer()
		r.stop(b)
		im.Stop()
		sm.Stop()
		b.StartTimer()
	}
	b.ReportMetric(float64(len(sg.msgs)*b.N)/total.Seconds(), "moves/s")
	b.ReportMetric(float64(len(sg.msgs)), "moves/game")
}

// BenchmarkRefereeLatencyInProcess measures the time from a move landing
// in the mailbox to the mover's reply reaching the SMTP server, one move
// at a time through a whole game. One op is one game.
func BenchmarkRefereeLatencyInProcess(b *testing.B) {
	origin, hg, sg := scriptedFor(b, []turnfile.Seat{alice, bob})
	b.ResetTimer()
	var ds []time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := copyStore(b, origin)
		im := mailtest.NewIMAP(b, mailtest.IMAPOptions{})
		sm := mailtest.NewSMTP(b, mailtest.SMTPOptions{})
		cfg := testConfig(im, sm, b.TempDir())
		cfg.Limits.PerSenderPerHour = -1
		cfg.GamesDir = dir
		ref, err := New(Options{Dir: dir, Address: testFrom, Now: benchClock})
		if err != nil {
			b.Fatal(err)
		}
		r := startDaemon(b, cfg, ref, mail.Options{Now: benchClock})
		b.StartTimer()
		seen := 0
		for k, raw := range sg.msgs {
			from := headerField(raw, "From")
			want := mail.ReplyMessageID(sg.ids[k], seatIndex(hg, from), testFrom)
			start := time.Now()
			im.Deliver(raw)
			for found := false; !found; {
				msgs := sm.Received()
				for _, m := range msgs[seen:] {
					found = found || m.MessageID == want
				}
				if !found {
					if time.Since(start) > time.Minute {
						b.Fatalf("no reply to move %d", k+1)
					}
					sm.WaitUnique(len(msgs)+1, 5*time.Millisecond)
				}
			}
			ds = append(ds, time.Since(start))
			sm.WaitUnique(seen+sg.replies[k], time.Minute)
			seen += sg.replies[k]
		}
		b.StopTimer()
		r.stop(b)
		im.Stop()
		sm.Stop()
		b.StartTimer()
	}
	latencies(b, ds)
}

// dovecotRig is a daemon reading from Dovecot, for the benchmarks.
func dovecotRun(b *testing.B, s *mailtest.Stack, origin string) (*running, map[string]*maildirWatch) {
	b.Helper()
	dir := copyStore(b, origin)
	cfg := stackConfig(s, b.TempDir())
	cfg.GamesDir = dir
	cfg.SMTP.From = testFrom // reply Message-IDs as scripted
	ref, err := New(Options{Dir: dir, Address: testFrom, Now: benchClock})
	if err != nil {
		b.Fatal(err)
	}
	boxes := map[string]*maildirWatch{stackAlice.Email: watchMaildir(b, s, "alice"), stackBob.Email: watchMaildir(b, s, "bob")}
	for _, w := range boxes {
		// Replies of an earlier run carry the same Message-IDs.
		w.poll()
		w.byID = map[string][]byte{}
	}
	r := startDaemon(b, cfg, ref, mail.Options{Now: benchClock, RetryMin: 50 * time.Millisecond, RetryMax: time.Second})
	return r, boxes
}

// waitAny waits for a message in any of the mailboxes.
func waitAny(b *testing.B, boxes map[string]*maildirWatch, id string, timeout time.Duration) {
	b.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for _, w := range boxes {
			w.poll()
			if w.byID[id] != nil {
				return
			}
		}
		if time.Now().After(deadline) {
			b.Fatalf("no message %s after %v", id, timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// BenchmarkRefereeThroughputDovecot measures moves per second through the
// real servers: a whole scripted game is mailed to OpenSMTPD, which hands
// it to Dovecot; the daemon reads it over IMAP (STARTTLS), sends every
// reply through Dovecot's submission service (STARTTLS, AUTH) and
// OpenSMTPD back into the players' Dovecot mailboxes. The clock starts
// when the daemon starts and stops when the last reply is in a mailbox.
func BenchmarkRefereeThroughputDovecot(b *testing.B) {
	s := mailtest.StartStack(b)
	origin, _, sg := scriptedFor(b, []turnfile.Seat{stackAlice, stackBob})
	var total time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		// One at a time: OpenSMTPD keeps no order among mails queued
		// together, and a move read before the one it follows is refused.
		for k, raw := range sg.msgs {
			if err := s.Send(headerField(raw, "From"), stackDaemon, raw); err != nil {
				b.Fatal(err)
			}
			mailtest.WaitFor(b, 2*time.Minute, "the move in the daemon's inbox", func() bool {
				return len(mailtest.FetchAll(b, s.Addr(s.IMAPPort), false, "elasund", mailtest.StackPassword, "INBOX")) == k+1
			})
		}
		b.StartTimer()
		start := time.Now()
		r, boxes := dovecotRun(b, s, origin)
		for k, id := range sg.ids {
			for j := 0; j < sg.replies[k]; j++ {
				waitAny(b, boxes, mail.ReplyMessageID(id, j, testFrom), 5*time.Minute)
			}
		}
		total += time.Since(start)
		b.StopTimer()
		r.stop(b)
		b.StartTimer()
	}
	b.ReportMetric(float64(len(sg.msgs)*b.N)/total.Seconds(), "moves/s")
	b.ReportMetric(float64(len(sg.msgs)), "moves/game")
}

// BenchmarkRefereeLatencyDovecot measures the time from a move handed to
// OpenSMTPD to the mover's reply landing in her Dovecot mailbox, one move
// at a time, for the first 20 moves of the scripted game. One op is 20
// moves.
func BenchmarkRefereeLatencyDovecot(b *testing.B) {
	s := mailtest.StartStack(b)
	origin, hg, sg := scriptedFor(b, []turnfile.Seat{stackAlice, stackBob})
	b.ResetTimer()
	const moves = 20
	var ds []time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		r, boxes := dovecotRun(b, s, origin)
		b.StartTimer()
		for k, raw := range sg.msgs[:moves] {
			from := headerField(raw, "From")
			start := time.Now()
			if err := s.Send(from, stackDaemon, raw); err != nil {
				b.Fatal(err)
			}
			boxes[from].wait(mail.ReplyMessageID(sg.ids[k], seatIndex(hg, from), testFrom), time.Minute)
			ds = append(ds, time.Since(start))
		}
		b.StopTimer()
		r.stop(b)
		b.StartTimer()
	}
	latencies(b, ds)
}

// BenchmarkTurnReplies measures the mails of one move in the middle of a
// two-seat Elasund game: open hands (one SVG board for both seats, the
// file attached) and hidden hands (every seat hosted: an SVG board drawn
// for each seat, the file withheld).
func BenchmarkTurnReplies(b *testing.B) {
	dir, hg := hostGame(b, 42, nil, "red", "blue")
	r, err := New(Options{Dir: dir, Address: testFrom})
	if err != nil {
		b.Fatal(err)
	}
	ml := &mailer{}
	for i := 0; i < 30; i++ {
		s, err := r.session(hg.Game)
		if err != nil {
			b.Fatal(err)
		}
		seat := s.g.Acting()[0]
		move, err := chooseMove(newBot(bot.LevelHeuristic, uint64(i)), s.g, seat)
		if err != nil {
			b.Fatal(err)
		}
		email := map[string]string{"red": alice.Email, "blue": bob.Email}[seat]
		if d := handle(b, r, ml.incoming(email, turnSubject(hg.Game, s.g), "token "+hg.Tokens[seat]+"\n"+moveText(move, i))); d.Reject {
			b.Fatal(d.Replies[0].Text)
		}
	}
	s, err := r.session(hg.Game)
	if err != nil {
		b.Fatal(err)
	}
	open := *s
	open.hosted = map[string]*hostedSeat{"red": s.hosted["red"]} // blue as if it had its own key
	for _, tc := range []struct {
		name string
		s    *session
	}{{"open", &open}, {"hidden", s}} {
		b.Run(tc.name, func(b *testing.B) {
			bytes := 0
			for i := 0; i < b.N; i++ {
				out, err := turnReplies(tc.s, nil, lastReport(tc.s), nil, refTime)
				if err != nil {
					b.Fatal(err)
				}
				if i == 0 {
					for _, o := range out {
						for _, a := range o.Attachments {
							bytes += len(a.Data)
						}
					}
				}
			}
			b.ReportMetric(float64(bytes), "attached-bytes")
		})
	}
}
