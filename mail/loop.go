package mail

import (
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-message"
)

// autoReason reports why a message must not be answered: it is an
// auto-reply, a bounce, list traffic, or comes from a robot or from the
// daemon itself. It returns "" for mail a person sent. self is the
// daemon's own address in lower case.
func autoReason(h message.Header, self string) string {
	if v := headerValue(h, "Auto-Submitted"); v != "" && v != "no" {
		return "Auto-Submitted: " + v
	}
	switch v := headerValue(h, "Precedence"); v {
	case "bulk", "junk", "list", "auto_reply":
		return "Precedence: " + v
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Auto-Reply"} {
		if v := headerValue(h, k); v != "" && v != "no" {
			return k + ": " + v
		}
	}
	if h.Has("Return-Path") {
		if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" || rp == "" {
			return "empty Return-Path (a bounce)"
		}
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe", "List-Post"} {
		if h.Has(k) {
			return k + " present (mailing list)"
		}
	}
	if mt, params, err := h.ContentType(); err == nil && mt == "multipart/report" {
		return "multipart/report; report-type=" + params["report-type"]
	}
	from, err := senderAddress(h)
	if err != nil {
		return "" // left to the parser to complain about
	}
	if from == self {
		return "sent by this daemon"
	}
	local := from
	if i := strings.LastIndexByte(from, '@'); i >= 0 {
		local = from[:i]
	}
	switch strings.NewReplacer("-", "", "_", "", ".", "").Replace(local) {
	case "mailerdaemon", "postmaster", "noreply", "donotreply", "dontreply", "bounce", "bounces":
		return "robot sender " + from
	}
	return ""
}

// headerValue returns a header field's value in lower case, without
// parameters or comments after ';' or '('.
func headerValue(h message.Header, key string) string {
	v := h.Get(key)
	if i := strings.IndexAny(v, ";("); i >= 0 {
		v = v[:i]
	}
	return strings.ToLower(strings.TrimSpace(v))
}

// rateLimiter is a token bucket per sender: each sender may spend up to
// perHour tokens, refilled evenly over an hour. A sender found without a
// token is told once (the limit notice says so) and then gets no answer
// for quietPeriod, whatever refills meanwhile: the notice promises that
// such mails are filed unanswered until the hour is over.
type rateLimiter struct {
	perHour int
	now     func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

// quietPeriod is how long a sender over its limit gets no answer to mail
// that changes nothing, from the first mail refused.
const quietPeriod = time.Hour

type bucket struct {
	tokens float64
	at     time.Time
	// quietUntil is the end of the quiet period that began when the
	// sender was first found without a token; zero when none began.
	quietUntil time.Time
}

// newRateLimiter returns a limiter; perHour <= 0 allows everything.
func newRateLimiter(perHour int, now func() time.Time) *rateLimiter {
	return &rateLimiter{perHour: perHour, now: now, buckets: map[string]*bucket{}}
}

// allow spends one token of sender's bucket and reports whether there
// was one.
func (r *rateLimiter) allow(sender string) bool {
	ok, _ := r.take(sender)
	return ok
}

// take spends one token of sender's bucket and reports whether there was
// one. A sender without a token begins a quiet period, and first is set:
// the one time it may be told. During the quiet period every take fails
// with first unset.
func (r *rateLimiter) take(sender string) (ok, first bool) {
	if r.perHour <= 0 {
		return true, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	capacity := float64(r.perHour)
	b, ok := r.buckets[sender]
	if !ok {
		if len(r.buckets) >= 4096 {
			r.pruneLocked(now)
		}
		b = &bucket{tokens: capacity, at: now}
		r.buckets[sender] = b
	}
	b.refill(now, capacity)
	if now.Before(b.quietUntil) {
		return false, false
	}
	if b.tokens < 1 {
		b.quietUntil = now.Add(quietPeriod)
		return false, true
	}
	b.tokens--
	return true, false
}

func (b *bucket) refill(now time.Time, capacity float64) {
	if elapsed := now.Sub(b.at); elapsed > 0 {
		b.tokens += elapsed.Hours() * capacity
		if b.tokens > capacity {
			b.tokens = capacity
		}
	}
	b.at = now
}

// pruneLocked forgets senders whose bucket has filled up again after any
// quiet period: they are indistinguishable from senders never seen.
func (r *rateLimiter) pruneLocked(now time.Time) {
	capacity := float64(r.perHour)
	for k, b := range r.buckets {
		b.refill(now, capacity)
		if b.tokens >= capacity && !now.Before(b.quietUntil) {
			delete(r.buckets, k)
		}
	}
}

// refusalRun is one sender's run of mails that changed nothing and were
// refused, or answered one of the daemon's own replies.
type refusalRun struct {
	n    int
	last time.Time
}

// refusalGuard stops reply loops with robots that answer every mail
// without marking their answers as automatic: after max mails in a row
// from one sender that change nothing (each refused, or answering one of
// the daemon's own replies), the answer to the last carries a notice and
// later ones get none, until a mail of the sender changes a game or a
// day passes without such mail.
type refusalGuard struct {
	max int
	now func() time.Time

	mu   sync.Mutex
	runs map[string]*refusalRun
}

// refusalWindow is how long a run of refusals lasts without a new one.
const refusalWindow = 24 * time.Hour

// refusalVerdict says what to do with the answer to a mail in a run.
type refusalVerdict int

const (
	answerMail     refusalVerdict = iota + 1 // send the answer
	answerLastTime                           // send it with the last notice
	answerNothing                            // send nothing
)

func newRefusalGuard(max int, now func() time.Time) *refusalGuard {
	return &refusalGuard{max: max, now: now, runs: map[string]*refusalRun{}}
}

// refused counts one more mail of sender's run and says how to answer it.
func (g *refusalGuard) refused(sender string) refusalVerdict {
	if g.max <= 0 {
		return answerMail
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	run := g.runs[sender]
	if run == nil || now.Sub(run.last) > refusalWindow {
		if len(g.runs) >= 4096 {
			for k, r := range g.runs {
				if now.Sub(r.last) > refusalWindow {
					delete(g.runs, k)
				}
			}
		}
		run = &refusalRun{}
		g.runs[sender] = run
	}
	run.n++
	run.last = now
	switch {
	case run.n < g.max:
		return answerMail
	case run.n == g.max:
		return answerLastTime
	}
	return answerNothing
}

// silenced reports whether sender's run has reached its end: its mails
// that change nothing get no answer, not even a notice of another kind.
func (g *refusalGuard) silenced(sender string) bool {
	if g.max <= 0 {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	run := g.runs[sender]
	return run != nil && run.n >= g.max && g.now().Sub(run.last) <= refusalWindow
}

// reset ends sender's run: one of its mails changed a game, or was a
// fresh request that was answered.
func (g *refusalGuard) reset(sender string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.runs, sender)
}
