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
// perHour tokens, refilled evenly over an hour.
type rateLimiter struct {
	perHour int
	now     func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// newRateLimiter returns a limiter; perHour <= 0 allows everything.
func newRateLimiter(perHour int, now func() time.Time) *rateLimiter {
	return &rateLimiter{perHour: perHour, now: now, buckets: map[string]*bucket{}}
}

// allow spends one token of sender's bucket and reports whether there
// was one.
func (r *rateLimiter) allow(sender string) bool {
	if r.perHour <= 0 {
		return true
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
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
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

// pruneLocked forgets senders whose bucket has filled up again: they are
// indistinguishable from senders never seen.
func (r *rateLimiter) pruneLocked(now time.Time) {
	capacity := float64(r.perHour)
	for k, b := range r.buckets {
		b.refill(now, capacity)
		if b.tokens >= capacity {
			delete(r.buckets, k)
		}
	}
}
