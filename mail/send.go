package mail

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"time"
)

// keepOpen is how long the SMTP connection stays open after the last
// send, for replies that follow soon.
const keepOpen = 2 * time.Second

// clockRecheck bounds each sleep of the send loop while replies wait for
// a retry, so that a clock that jumps (Options.Now in tests, a machine
// waking from sleep) is read again soon.
const clockRecheck = time.Second

// sendState is what the send loop knows between passes: when each
// deferred reply may be tried again, whether the server is down and when
// to try it again, and whether a connection is kept open.
type sendState struct {
	retries        map[string]*sendRetry
	serverFailures int
	serverNext     time.Time
	open           bool
}

// sendRetry is a reply the server deferred: how often, and when to try it
// again.
type sendRetry struct {
	attempts int
	next     time.Time
}

// sendLoop delivers released replies until ctx ends, or until drain is
// closed and one last pass is made. Every time it reads comes from the
// daemon's clock (Options.Now).
func (d *Daemon) sendLoop(ctx context.Context, drain <-chan struct{}) error {
	st := &sendState{retries: map[string]*sendRetry{}}
	for {
		draining := false
		select {
		case <-drain:
			draining = true
		default:
		}
		if draining || !d.now().Before(st.serverNext) {
			if err := d.sendPending(ctx, st, draining); err != nil {
				return err
			}
		}
		if draining || ctx.Err() != nil {
			d.sender.Close()
			return nil
		}
		d.sendWait(ctx, st, drain)
	}
}

// sendPending makes one pass over the outbox: every reply that is not
// waiting for a retry (all of them when draining) is sent, set aside when
// refused for good, or deferred. A server that cannot be reached ends the
// pass and is tried again after a backoff.
func (d *Daemon) sendPending(ctx context.Context, st *sendState, draining bool) error {
	down := false
	for _, m := range d.ob.pending() {
		if ctx.Err() != nil {
			break
		}
		if r := st.retries[m.ID]; r != nil && d.now().Before(r.next) && !draining {
			continue
		}
		it, err := d.ob.load(m.ID)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fatal(err)
		}
		if down, err = d.sendOne(ctx, st, it); err != nil {
			return err
		}
		if down || ctx.Err() != nil {
			break
		}
	}
	if !down && st.serverFailures > 0 {
		d.log.Info("smtp available again")
		st.serverFailures = 0
		st.serverNext = time.Time{}
	}
	return nil
}

// sendOne sends one reply of the outbox and records the outcome: removed
// once sent, moved to the failed folder when refused for good, or given a
// retry time when deferred. down reports that the server could not be
// reached; err is a fatal spool error or a fault.
func (d *Daemon) sendOne(ctx context.Context, st *sendState, it *outboxItem) (down bool, err error) {
	st.open = true
	err = d.sender.Send(ctx, it.From, it.To, it.Data)
	log := d.log.With("reply", it.ID, "message_id", it.Message, "to", strings.Join(it.To, ","))
	var se *SendError
	switch {
	case err == nil:
		if err := d.step("sent"); err != nil {
			return false, err
		}
		if err := d.ob.remove(it.ID); err != nil {
			return false, fatal(err)
		}
		delete(st.retries, it.ID)
		log.Info("reply sent")
		return false, nil
	case errors.As(err, &se) && se.Permanent:
		log.Error("reply refused for good; moved to the outbox's failed folder", "err", err)
		if err := d.ob.fail(it.ID); err != nil {
			return false, fatal(err)
		}
		delete(st.retries, it.ID)
		return false, nil
	case ctx.Err() != nil:
		return false, nil
	case se == nil || se.Code == 0:
		// The server is unreachable: back off for all items.
		st.serverFailures++
		delay := d.backoff(st.serverFailures)
		st.serverNext = d.now().Add(delay)
		log.Warn("smtp unavailable; replies wait in the outbox", "err", err, "failures", st.serverFailures, "retry_in", delay)
		d.sender.Close()
		st.open = false
		return true, nil
	}
	r := st.retries[it.ID]
	if r == nil {
		r = &sendRetry{}
		st.retries[it.ID] = r
	}
	r.attempts++
	delay := d.backoff(r.attempts)
	r.next = d.now().Add(delay)
	log.Warn("reply deferred by the server", "err", err, "attempts", r.attempts, "retry_in", delay)
	return false, nil
}

// wake is when the send loop has something to do by the clock, with
// pending the replies in the outbox: the soonest retry (now for a reply
// never tried), or the server's retry time when it is down; zero when
// only a new reply can bring work.
func (st *sendState) wake(pending []outboxMeta, now time.Time) time.Time {
	if len(pending) == 0 {
		return time.Time{}
	}
	if !st.serverNext.IsZero() && now.Before(st.serverNext) {
		return st.serverNext
	}
	wake := time.Time{}
	for _, m := range pending {
		r := st.retries[m.ID]
		if r == nil {
			return now
		}
		if wake.IsZero() || r.next.Before(wake) {
			wake = r.next
		}
	}
	return wake
}

// sendWait sleeps until a reply is released, the drain begins, ctx ends,
// or the clock reaches the loop's next work. A connection left open with
// nothing to send is closed after keepOpen without a new reply.
func (d *Daemon) sendWait(ctx context.Context, st *sendState, drain <-chan struct{}) {
	pending := d.ob.pending()
	now := d.now()
	wait := time.Duration(-1) // until woken
	if wake := st.wake(pending, now); !wake.IsZero() {
		wait = min(max(wake.Sub(now), 0), clockRecheck)
	}
	idle := st.open && len(pending) == 0
	if idle && (wait < 0 || keepOpen < wait) {
		wait = keepOpen
	}
	var fire <-chan time.Time
	if wait >= 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		fire = timer.C
	}
	select {
	case <-d.kick:
	case <-fire:
		if idle && len(d.ob.pending()) == 0 {
			d.sender.Close()
			st.open = false
		}
	case <-drain:
	case <-ctx.Done():
	}
}
