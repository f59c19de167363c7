package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	stdmail "net/mail"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
)

// Waiting is a message waiting in the watched mailbox.
type Waiting struct {
	UID  uint32
	Size int64 // RFC822.SIZE
}

// Mailbox is where the daemon reads mail. The daemon calls it from one
// goroutine. An implementation reconnects on its own after a failure; the
// daemon waits with growing delays between failed calls.
type Mailbox interface {
	// Pending lists the messages in the watched mailbox, oldest first.
	Pending(ctx context.Context) ([]Waiting, error)
	// Fetch returns a message's raw bytes, or only its header block when
	// headerOnly is set, without marking it read. It returns
	// ErrMessageGone when the message has left the mailbox.
	Fetch(ctx context.Context, uid uint32, headerOnly bool) ([]byte, error)
	// Move files a message in folder, creating the folder if missing.
	Move(ctx context.Context, uid uint32, folder string) error
	// Wait returns when new mail may have arrived, d has passed or ctx is
	// done.
	Wait(ctx context.Context, d time.Duration) error
	Close() error
}

// Sender delivers replies. The daemon calls it from one goroutine.
type Sender interface {
	// Send delivers msg from the envelope sender to the recipients. It
	// returns nil only once the server has accepted the message; a
	// *SendError with Permanent set means retrying is useless.
	Send(ctx context.Context, from string, to []string, msg []byte) error
	// Close releases any connection kept between sends.
	Close() error
}

// Options are the daemon's collaborators. Every nil or zero field has
// the default given in its comment.
type Options struct {
	// Logger receives structured logs. nil discards them.
	Logger *slog.Logger
	// Now is the daemon's clock: for Date headers, the journal, the
	// per-sender limits, Incoming.Received, the work of a Timer handler
	// and when a failed message, reply or server is tried again. It is
	// the only clock the daemon reads and passes on: a mail's Date is
	// never used as the time. The daemon sleeps at most a second or a
	// poll interval at a time while something waits for the clock, so a
	// clock that jumps (a test's) is followed within that. nil means
	// time.Now.
	Now func() time.Time
	// Dial opens the TCP connections to the IMAP and SMTP servers. nil
	// means a net.Dialer with a 30 second timeout.
	Dial func(ctx context.Context, network, address string) (net.Conn, error)
	// Mailbox replaces the IMAP client built from Config.IMAP. nil means
	// IMAP. Run closes it when it returns.
	Mailbox Mailbox
	// Sender replaces the SMTP client built from Config.SMTP. nil means
	// SMTP. Run closes it when it returns.
	Sender Sender
	// RetryMin and RetryMax bound the delays, doubling from one failure
	// to the next, before reconnecting to a server, resending a reply or
	// handling again a message whose handler failed. Zero means 1 second
	// and 5 minutes.
	RetryMin, RetryMax time.Duration
	// ShutdownTimeout is how long Run keeps sending released replies
	// after its context is cancelled. Zero means 10 seconds.
	ShutdownTimeout time.Duration
	// MaxHandlerFailures is how many times a message is given to a
	// failing handler before it is filed as rejected. Zero means 3.
	MaxHandlerFailures int
}

// Daemon moves mail between an IMAP mailbox, a Handler and an SMTP
// server, applying every message exactly once. Create it with New and
// start it with Run.
type Daemon struct {
	cfg     Config
	h       Handler
	log     *slog.Logger
	now     func() time.Time
	mailbox Mailbox
	sender  Sender

	retryMin, retryMax time.Duration
	shutdownTimeout    time.Duration
	maxFailures        int
	self               string
	limiter            *rateLimiter
	refusals           *refusalGuard
	// timer is h when it also acts on time, nil otherwise.
	timer Timer

	// Owned by Run.
	timedFailures map[string]deferral // timed work whose commit failed, by ID
	j             *journal
	ob            *outbox
	kick          chan struct{}
	failures      map[string]int      // handler failures by Message-ID
	deferred      map[uint32]deferral // messages waiting to be handled again
	running       atomic.Bool

	// fault, when set by tests, is called at each step of the protocol;
	// an error it returns stops the daemon on the spot, as a kill would.
	fault func(point string) error
}

// New checks cfg, fills its defaults and builds a daemon that gives
// messages to h. It reads cfg's CA files but connects to nothing yet.
func New(cfg Config, h Handler, opts Options) (*Daemon, error) {
	if h == nil {
		return nil, errors.New("mail.New: nil Handler")
	}
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	d := &Daemon{
		cfg:             cfg,
		h:               h,
		log:             opts.Logger,
		now:             opts.Now,
		mailbox:         opts.Mailbox,
		sender:          opts.Sender,
		retryMin:        opts.RetryMin,
		retryMax:        opts.RetryMax,
		shutdownTimeout: opts.ShutdownTimeout,
		maxFailures:     opts.MaxHandlerFailures,
		self:            strings.ToLower(cfg.SMTP.From),
		kick:            make(chan struct{}, 1),
		failures:        map[string]int{},
		deferred:        map[uint32]deferral{},
	}
	if d.log == nil {
		d.log = slog.New(slog.DiscardHandler)
	}
	if d.now == nil {
		d.now = time.Now
	}
	if d.retryMin <= 0 {
		d.retryMin = time.Second
	}
	if d.retryMax <= 0 {
		d.retryMax = 5 * time.Minute
	}
	if d.retryMax < d.retryMin {
		d.retryMax = d.retryMin
	}
	if d.shutdownTimeout <= 0 {
		d.shutdownTimeout = 10 * time.Second
	}
	if d.maxFailures <= 0 {
		d.maxFailures = 3
	}
	d.limiter = newRateLimiter(cfg.Limits.PerSenderPerHour, d.now)
	d.refusals = newRefusalGuard(cfg.Limits.MaxRefusals, d.now)
	d.timer, _ = h.(Timer)
	d.timedFailures = map[string]deferral{}
	dial := opts.Dial
	if dial == nil {
		dial = (&net.Dialer{Timeout: 30 * time.Second}).DialContext
	}
	dial = refuseSelfConnect(dial)
	if d.mailbox == nil {
		tc, err := tlsConfig(cfg.IMAP.Addr, cfg.IMAP.CAFile, cfg.IMAP.InsecureSkipVerify)
		if err != nil {
			return nil, &ConfigError{Field: "imap.ca_file", Err: err}
		}
		d.mailbox = newIMAPMailbox(cfg.IMAP, tc, dial, d.log.With("server", "imap"))
	}
	if d.sender == nil {
		tc, err := tlsConfig(cfg.SMTP.Addr, cfg.SMTP.CAFile, cfg.SMTP.InsecureSkipVerify)
		if err != nil {
			return nil, &ConfigError{Field: "smtp.ca_file", Err: err}
		}
		d.sender = newSMTPSender(cfg.SMTP, tc, dial, d.log.With("server", "smtp"))
	}
	return d, nil
}

// refuseSelfConnect wraps dial so that a TCP connection to a loopback
// port nobody listens on, which the kernel may complete to itself when it
// picks that same port as the source, counts as refused.
func refuseSelfConnect(dial func(context.Context, string, string) (net.Conn, error)) func(context.Context, string, string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		if c.LocalAddr().String() == c.RemoteAddr().String() {
			c.Close()
			return nil, fmt.Errorf("dial %s: connection refused (connected to itself)", addr)
		}
		return c, nil
	}
}

// deferral holds back a message whose handler failed.
type deferral struct {
	until time.Time
	id    string
	n     int // failures so far (timed work)
}

// fatalError marks an error after which the daemon must stop at once:
// its spool cannot be trusted to record the next step.
type fatalError struct{ err error }

func (e *fatalError) Error() string { return e.err.Error() }

func (e *fatalError) Unwrap() error { return e.err }

func fatal(err error) error {
	if err == nil {
		return nil
	}
	var fe *fatalError
	if errors.As(err, &fe) {
		return err
	}
	return &fatalError{err}
}

// step runs the test fault hook at a protocol step.
func (d *Daemon) step(point string) error {
	if d.fault == nil {
		return nil
	}
	if err := d.fault(point); err != nil {
		return fatal(fmt.Errorf("at %s: %w", point, err))
	}
	return nil
}

// Run recovers from any earlier crash, then handles mail until ctx is
// cancelled. On cancellation it finishes the message in hand, spends up
// to Options.ShutdownTimeout sending released replies, and returns nil;
// what is left stays in the outbox for the next run. Servers that are
// down are retried with backoff and do not end Run. Run returns an error
// when the spool cannot be used or the handler cannot tell how many
// entries a game has during recovery. It may be called once.
func (d *Daemon) Run(ctx context.Context) error {
	if !d.running.CompareAndSwap(false, true) {
		return errors.New("mail: Daemon.Run called twice")
	}
	if err := os.MkdirAll(d.cfg.Spool, 0o700); err != nil {
		return fmt.Errorf("creating spool: %w", err)
	}
	unlock, err := lockSpool(d.cfg.Spool)
	if err != nil {
		return err
	}
	defer unlock()
	d.j, err = openJournal(d.cfg.Spool, d.cfg.JournalRetention, d.now)
	if err != nil {
		return err
	}
	defer d.j.close()
	d.ob, err = openOutbox(d.cfg.Spool)
	if err != nil {
		return err
	}
	if err := d.recover(); err != nil {
		return err
	}
	d.log.Info("daemon started", "spool", d.cfg.Spool, "outbox", len(d.ob.pending()))

	// runCtx ends the receive loop when the sender hits a fatal error.
	runCtx, stopRun := context.WithCancelCause(ctx)
	defer stopRun(nil)
	sendCtx, stopSend := context.WithCancel(context.WithoutCancel(ctx))
	defer stopSend()
	drain := make(chan struct{})
	var wg sync.WaitGroup
	var sendErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		sendErr = d.sendLoop(sendCtx, drain)
		if sendErr != nil {
			stopRun(sendErr)
		}
	}()

	recvErr := d.receiveLoop(runCtx)
	if recvErr == nil && ctx.Err() == nil {
		recvErr = context.Cause(runCtx)
	}
	if recvErr != nil {
		// Stop now, like a crash: the next run recovers from the spool.
		stopSend()
	} else {
		d.log.Info("shutting down: sending what can be sent", "pending", len(d.ob.pending()), "timeout", d.shutdownTimeout)
		timer := time.AfterFunc(d.shutdownTimeout, stopSend)
		defer timer.Stop()
	}
	close(drain)
	wg.Wait()
	d.sender.Close()
	d.mailbox.Close()
	if recvErr != nil {
		return recvErr
	}
	if sendErr != nil {
		return sendErr
	}
	d.log.Info("daemon stopped", "unsent", len(d.ob.pending()))
	return nil
}

// recover settles what a crash left half done: intents without an
// outcome and held replies.
func (d *Daemon) recover() error {
	for _, in := range d.j.pendingIntents() {
		n, err := d.h.Entries(in.Game)
		if err != nil {
			return fmt.Errorf("recovering message %s: counting entries of game %q: %w", in.Msg, in.Game, err)
		}
		if n >= in.Entry {
			d.log.Info("recovery: commit had happened; releasing replies", "message_id", in.Msg, "game", in.Game, "entry", in.Entry)
			if err := d.j.append(journalRecord{Op: "done", Msg: in.Msg, Folder: in.Folder, Items: in.Items}, true); err != nil {
				return err
			}
		} else {
			d.log.Info("recovery: commit had not happened; the message will be handled again", "message_id", in.Msg, "game", in.Game, "entry", in.Entry, "entries", n)
			if err := d.j.append(journalRecord{Op: "abort", Msg: in.Msg}, true); err != nil {
				return err
			}
		}
	}
	held, err := d.ob.heldItems()
	if err != nil {
		return err
	}
	var release []string
	var drop []string
	for _, m := range held {
		if rec := d.j.doneRecord(m.Message); rec != nil && contains(rec.Items, m.ID) {
			release = append(release, m.ID)
		} else {
			drop = append(drop, m.ID)
		}
	}
	if err := d.ob.drop(drop); err != nil {
		return err
	}
	if len(drop) > 0 {
		d.log.Info("recovery: dropped replies of unfinished messages", "count", len(drop))
	}
	return d.ob.release(release)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// backoff returns the delay before attempt n+1 after n failures.
func (d *Daemon) backoff(n int) time.Duration {
	delay := d.retryMin
	for i := 1; i < n && delay < d.retryMax; i++ {
		delay *= 2
	}
	return min(delay, d.retryMax)
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// receiveLoop handles mail until ctx ends (nil) or a fatal error occurs.
func (d *Daemon) receiveLoop(ctx context.Context) error {
	imapFailures := 0
	imapDown := func(what string, err error) {
		imapFailures++
		delay := d.backoff(imapFailures)
		d.log.Warn("imap unavailable", "during", what, "err", err, "failures", imapFailures, "retry_in", delay)
		sleep(ctx, delay)
	}
	for ctx.Err() == nil {
		list, err := d.mailbox.Pending(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			imapDown("listing", err)
			continue
		}
		if imapFailures > 0 {
			d.log.Info("imap available again")
			imapFailures = 0
		}
		d.forgetVanished(list)
		now := d.now()
		var nextRetry time.Time
		handled := 0
		failed := false
		for _, w := range list {
			if ctx.Err() != nil {
				return nil
			}
			if df, ok := d.deferred[w.UID]; ok && now.Before(df.until) {
				if nextRetry.IsZero() || df.until.Before(nextRetry) {
					nextRetry = df.until
				}
				continue
			}
			delete(d.deferred, w.UID)
			if err := d.process(ctx, w); err != nil {
				var fe *fatalError
				if errors.As(err, &fe) {
					return err
				}
				if ctx.Err() != nil {
					return nil
				}
				imapDown("handling", err)
				failed = true
				break
			}
			handled++
		}
		if failed || handled > 0 {
			continue // look again at once: more may have come meanwhile
		}
		wait := d.cfg.IMAP.PollInterval
		if !nextRetry.IsZero() {
			wait = min(wait, nextRetry.Sub(d.now()))
		}
		// The mail that waited is handled: now the work that time brings.
		next, err := d.tick(ctx)
		if err != nil {
			return err
		}
		if !next.IsZero() {
			wait = min(wait, max(next.Sub(d.now()), 10*time.Millisecond))
		}
		if err := d.mailbox.Wait(ctx, max(wait, time.Millisecond)); err != nil && ctx.Err() == nil {
			imapDown("waiting", err)
		}
	}
	return nil
}

// forgetVanished drops the failure counts of deferred messages that have
// left the mailbox.
func (d *Daemon) forgetVanished(list []Waiting) {
	if len(d.deferred) == 0 {
		return
	}
	present := make(map[uint32]bool, len(list))
	for _, w := range list {
		present[w.UID] = true
	}
	for uid, df := range d.deferred {
		if !present[uid] {
			delete(d.deferred, uid)
			delete(d.failures, df.id)
		}
	}
}

// handle calls the handler, turning a panic into an error.
func (d *Daemon) handle(ctx context.Context, in *Incoming) (dec *Decision, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("handler panicked: %v", r)
		}
	}()
	return d.h.Handle(ctx, in)
}

// process takes one message through the protocol. An IMAP error is
// returned as is (the caller backs off and retries); a spool error is
// fatal. Once started, the message is finished even if ctx is cancelled.
func (d *Daemon) process(ctx context.Context, w Waiting) error {
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
	defer cancel()
	lim := d.cfg.Limits
	oversized := w.Size > lim.MaxMessageBytes
	raw, err := d.mailbox.Fetch(pctx, w.UID, oversized)
	if errors.Is(err, ErrMessageGone) {
		return nil
	}
	if err != nil {
		return err
	}
	hdr, herr := headerOf(raw)
	id := syntheticID(raw)
	if herr == nil {
		id = messageID(hdr, raw)
	}
	log := d.log.With("uid", w.UID, "message_id", id)

	// (a) Already done: only make sure it is filed.
	if rec := d.j.doneRecord(id); rec != nil {
		log.Info("message already handled; filing it", "folder", rec.Folder)
		return d.file(pctx, w.UID, id, rec.Folder)
	}

	sender := ""
	if herr == nil {
		sender, _ = senderAddress(hdr)
		if reason := autoReason(hdr, d.self); reason != "" {
			log.Info("ignoring automatic message", "from", sender, "reason", reason)
			return d.finish(pctx, w.UID, id, &Decision{Reject: true}, log)
		}
	}

	var in *Incoming
	var perr error
	switch {
	case herr != nil:
		perr = herr
	case oversized:
		perr = &TooLargeError{Size: w.Size, Limit: lim.MaxMessageBytes}
	default:
		in, perr = ParseMessage(raw, lim)
	}
	if perr != nil {
		log.Warn("message refused", "from", sender, "err", perr)
		dec := &Decision{Reject: true}
		if ok, _ := d.limiter.take(sender); sender != "" && ok {
			dec.Replies = []Outgoing{refusalNotice(hdr, id, sender, perr)}
		}
		return d.finish(pctx, w.UID, id, dec, log)
	}
	in.MessageID = id
	in.Received = d.now()
	if in.Date.IsZero() {
		in.Date = in.Received
	}

	// (b) Ask the handler.
	dec, err := d.handle(pctx, in)
	if err != nil {
		return d.handlerFailed(pctx, w.UID, id, err, log)
	}
	if dec == nil {
		dec = &Decision{}
	}
	return d.finish(pctx, w.UID, id, d.guard(in, dec, log), log)
}

// guard applies the per-sender limits to the handler's decision about in.
// A decision that changes a game is never held back. One that changes
// nothing spends a token of the sender's hourly allowance: over it, the
// answer is dropped for the hour that follows, the first drop replaced by
// a notice unless the loop guard below has silenced the sender.
// And a run of such mails that were refused or answered the daemon's own
// replies (a robot's reply loop) is answered up to Limits.MaxRefusals
// times, the last time with a notice.
func (d *Daemon) guard(in *Incoming, dec *Decision, log *slog.Logger) *Decision {
	sender := in.From
	if dec.Commit != nil {
		d.refusals.reset(sender)
		return dec
	}
	if ok, first := d.limiter.take(sender); !ok {
		out := *dec
		out.Reject, out.Replies = true, nil
		// The notice goes once per quiet period, and not at all to a
		// sender the loop guard has silenced: it would answer a robot.
		notice := first && !d.refusals.silenced(sender)
		if notice {
			out.Replies = []Outgoing{limitNotice(in, d.cfg.Limits.PerSenderPerHour)}
		}
		log.Warn("sender over the hourly limit; answer dropped", "from", sender, "per_hour", d.cfg.Limits.PerSenderPerHour, "notice", notice)
		return &out
	}
	if !dec.Reject && !d.isOwnReply(in.InReplyTo) {
		d.refusals.reset(sender)
		return dec
	}
	switch d.refusals.refused(sender) {
	case answerLastTime:
		out := *dec
		out.Replies = slices.Clone(dec.Replies)
		for i, r := range out.Replies {
			if len(r.To) == 1 && strings.EqualFold(bareAddress(r.To[0]), sender) {
				r.Text = strings.TrimRight(r.Text, "\n") + "\n\n" + refusalsNotice(d.cfg.Limits.MaxRefusals)
				out.Replies[i] = r
			}
		}
		log.Warn("reply loop suspected: last answer to this sender for now", "from", sender, "in_a_row", d.cfg.Limits.MaxRefusals)
		return &out
	case answerNothing:
		out := *dec
		out.Reject, out.Replies = true, nil
		log.Info("reply loop suspected: mail filed without answer", "from", sender)
		return &out
	}
	return dec
}

// isOwnReply reports whether id is the Message-ID of a reply this
// daemon wrote (ReplyMessageID in the domain of its address).
func (d *Daemon) isOwnReply(id string) bool {
	at := strings.LastIndexByte(id, '@')
	if !strings.HasPrefix(id, "elasund.") || at < 0 {
		return false
	}
	own := replyMessageID("x", d.cfg.SMTP.From)
	return strings.EqualFold(id[at:], own[strings.LastIndexByte(own, '@'):])
}

// bareAddress is the address of "Name <addr>", or s.
func bareAddress(s string) string {
	if a, err := stdmail.ParseAddress(s); err == nil {
		return a.Address
	}
	return s
}

// limitNotice tells a sender over the hourly limit that its mails that
// change nothing are filed unanswered for now.
func limitNotice(in *Incoming, perHour int) Outgoing {
	return Outgoing{
		To:         []string{in.From},
		Subject:    replySubject(in.Subject),
		InReplyTo:  in.MessageID,
		References: append(slices.Clone(in.References), in.MessageID),
		Text: fmt.Sprintf("You have sent more than %d mails within an hour that changed no game. "+
			"Until the hour is over, such mails are filed without an answer; this is the only notice.\n\n"+
			"Moves are not affected: every valid move is applied and answered as usual.\n", perHour),
	}
}

// refusalsNotice ends the last answer to a run of mails that changed
// nothing.
func refusalsNotice(n int) string {
	return fmt.Sprintf("This is the %d%s mail in a row from you that changed nothing. To stop a loop with an "+
		"automatic responder, further such mails from you are filed without an answer, until one of your "+
		"mails changes a game or for a day. Moves are applied as usual.\n", n, ordinal(n))
}

// ordinal is the English suffix of n: "st", "nd", "rd", "th".
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// handlerFailed leaves a message whose handler failed in the inbox for a
// later attempt, or files it as rejected after too many failures.
func (d *Daemon) handlerFailed(ctx context.Context, uid uint32, id string, err error, log *slog.Logger) error {
	d.failures[id]++
	n := d.failures[id]
	if n < d.maxFailures {
		delay := d.backoff(n)
		d.deferred[uid] = deferral{until: d.now().Add(delay), id: id}
		log.Error("handler failed; will try again", "err", err, "failures", n, "retry_in", delay)
		return nil
	}
	log.Error("handler failed repeatedly; filing message as rejected", "err", err, "failures", n)
	delete(d.failures, id)
	return d.finish(ctx, uid, id, &Decision{Reject: true}, log)
}

// finish carries out a decision: steps (c) to (f) of the protocol.
func (d *Daemon) finish(ctx context.Context, uid uint32, id string, dec *Decision, log *slog.Logger) error {
	folder, err := d.carry(id, dec, log)
	var cf *commitFailure
	if errors.As(err, &cf) {
		return d.handlerFailed(ctx, uid, id, cf.err, log)
	}
	if err != nil {
		return err
	}
	delete(d.failures, id)
	// (f) File it.
	return d.file(ctx, uid, id, folder)
}

// commitFailure is a decision that could not be carried out (an invalid
// decision, or a Commit that failed and left the game unchanged): the
// message or timed work is tried again later.
type commitFailure struct{ err error }

func (e *commitFailure) Error() string { return e.err.Error() }

func (e *commitFailure) Unwrap() error { return e.err }

// carry takes a decision through steps (c) to (e): held replies, intent,
// Commit, done, release. It returns the folder the message belongs in; a
// *commitFailure when the decision could not be carried out, and a fatal
// error when the spool failed.
func (d *Daemon) carry(id string, dec *Decision, log *slog.Logger) (string, error) {
	if dec.Commit != nil && (dec.Game == "" || dec.Entry <= 0) {
		return "", &commitFailure{&DecisionError{MessageID: id, Reason: "Commit is set but Game or Entry is not"}}
	}
	folder := folderProcessed
	if dec.Reject {
		folder = folderRejected
	}
	now := d.now()
	items := make([]outboxItem, 0, len(dec.Replies))
	ids := make([]string, 0, len(dec.Replies))
	for i, r := range dec.Replies {
		itemID := replyID(id, i)
		to, err := bareAddresses(r.To)
		if err != nil {
			return "", &commitFailure{&DecisionError{MessageID: id, Reason: err.Error()}}
		}
		data, err := composeMessage(r, d.cfg.SMTP.From, itemID, now)
		if err != nil {
			return "", &commitFailure{&DecisionError{MessageID: id, Reason: err.Error()}}
		}
		items = append(items, outboxItem{
			outboxMeta: outboxMeta{ID: itemID, Message: id, From: d.cfg.SMTP.From, To: to, Created: now.Add(time.Duration(i))},
			Data:       data,
		})
		ids = append(ids, itemID)
	}

	// (c) Replies held, then the intent.
	if err := d.ob.hold(items); err != nil {
		return "", fatal(err)
	}
	if err := d.step("held"); err != nil {
		return "", err
	}
	if dec.Commit != nil {
		intent := journalRecord{Op: "intent", Msg: id, Game: dec.Game, Entry: dec.Entry, Folder: folder, Items: ids}
		if err := d.j.append(intent, true); err != nil {
			return "", fatal(err)
		}
		if err := d.step("intent"); err != nil {
			return "", err
		}
		// (d) Commit.
		if err := dec.Commit(); err != nil {
			n, eerr := d.h.Entries(dec.Game)
			if eerr != nil || n < dec.Entry {
				if err := d.j.append(journalRecord{Op: "abort", Msg: id}, true); err != nil {
					return "", fatal(err)
				}
				if err := d.ob.drop(ids); err != nil {
					return "", fatal(err)
				}
				return "", &commitFailure{fmt.Errorf("committing game %s entry %d: %w", dec.Game, dec.Entry, err)}
			}
			log.Warn("commit reported an error but the game has the new entry; keeping it", "game", dec.Game, "entry", dec.Entry, "err", err)
		}
		if err := d.step("commit"); err != nil {
			return "", err
		}
	}

	// (e) Done, then release.
	if err := d.j.append(journalRecord{Op: "done", Msg: id, Folder: folder, Items: ids}, true); err != nil {
		return "", fatal(err)
	}
	if err := d.step("done"); err != nil {
		return "", err
	}
	if err := d.ob.release(ids); err != nil {
		return "", fatal(err)
	}
	if len(ids) > 0 {
		select {
		case d.kick <- struct{}{}:
		default:
		}
	}
	if err := d.step("released"); err != nil {
		return "", err
	}
	log.Info("message handled", "game", dec.Game, "entry", dec.Entry, "replies", len(ids), "folder", folder)
	return folder, nil
}

// maxTimedPerTick bounds the timed work done between two looks at the
// mailbox.
const maxTimedPerTick = 64

// tick carries out the work a Timer handler finds due, one piece at a
// time, each through the exactly-once protocol, and returns when the
// next may fall due (zero for none known). Only a spool failure is
// returned as an error.
func (d *Daemon) tick(ctx context.Context) (time.Time, error) {
	if d.timer == nil {
		return time.Time{}, nil
	}
	seen := map[string]bool{}
	now := d.now()
	var soonest time.Time
	done := func(id string) bool {
		if d.j.doneRecord(id) != nil || seen[id] {
			return true
		}
		if df, ok := d.timedFailures[id]; ok && now.Before(df.until) {
			if soonest.IsZero() || df.until.Before(soonest) {
				soonest = df.until
			}
			return true
		}
		return false
	}
	for range maxTimedPerTick {
		if ctx.Err() != nil {
			return time.Time{}, nil
		}
		now = d.now()
		t, next, err := d.timer.Due(ctx, now, done)
		if err != nil {
			retry := now.Add(d.backoff(3))
			d.log.Error("timed work: the handler failed; will ask again", "err", err, "retry_at", retry)
			return retry, nil
		}
		if !soonest.IsZero() && (next.IsZero() || soonest.Before(next)) {
			next = soonest
		}
		if t == nil || t.Decision == nil {
			return next, nil
		}
		seen[t.ID] = true
		log := d.log.With("timed", t.ID)
		dec := *t.Decision
		dec.Reject = false
		if _, err := d.carry(t.ID, &dec, log); err != nil {
			var cf *commitFailure
			if !errors.As(err, &cf) {
				return time.Time{}, err
			}
			n := d.timedFailures[t.ID].n + 1
			retry := d.now().Add(d.backoff(n))
			d.timedFailures[t.ID] = deferral{until: retry, id: t.ID, n: n}
			log.Error("timed work failed; will try again", "err", err, "retry_at", retry)
			continue
		}
		delete(d.timedFailures, t.ID)
		// Nothing to file on IMAP: recording it as filed lets compaction
		// forget it after journal_retention.
		if err := d.j.append(journalRecord{Op: "moved", Msg: t.ID}, false); err != nil {
			return time.Time{}, fatal(err)
		}
		if err := d.step("moved"); err != nil {
			return time.Time{}, err
		}
	}
	return d.now(), nil
}

// file moves a done message to its folder.
func (d *Daemon) file(ctx context.Context, uid uint32, id, folder string) error {
	name := d.cfg.IMAP.ProcessedFolder
	if folder == folderRejected {
		name = d.cfg.IMAP.RejectedFolder
	}
	if err := d.mailbox.Move(ctx, uid, name); err != nil {
		return err
	}
	if err := d.j.append(journalRecord{Op: "moved", Msg: id}, false); err != nil {
		return fatal(err)
	}
	return d.step("moved")
}

// bareAddresses reduces "Name <addr>" forms to the bare addresses given
// to SMTP.
func bareAddresses(list []string) ([]string, error) {
	if len(list) == 0 {
		return nil, errors.New("reply has no recipient")
	}
	out := make([]string, 0, len(list))
	for _, s := range list {
		a, err := stdmail.ParseAddress(s)
		if err != nil {
			return nil, fmt.Errorf("reply recipient %q: %w", s, err)
		}
		out = append(out, a.Address)
	}
	return out, nil
}

// refusalNotice is the reply to a message the daemon could not read.
func refusalNotice(h message.Header, id, to string, reason error) Outgoing {
	subject := headerText(h, "Subject")
	var why string
	var tl *TooLargeError
	var td *TooDeepError
	switch {
	case errors.As(reason, &tl):
		why = fmt.Sprintf("it is %d bytes long and the limit is %d bytes. Send it again as a short mail: your move "+
			"written in the body, or the one file your move wrote attached, without other attachments or the quoted history.", tl.Size, tl.Limit)
	case errors.As(reason, &td):
		why = fmt.Sprintf("its parts are nested more than %d levels deep. Send it as a plain message with the turn file attached.", td.Limit)
	default:
		why = fmt.Sprintf("it could not be read (%v).", reason)
	}
	references, _ := (&gomail.Header{Header: h}).MsgIDList("References")
	return Outgoing{
		To:         []string{to},
		Subject:    replySubject(subject),
		Text:       "Your message was not processed: " + why + "\n\nNothing was changed.\n",
		InReplyTo:  id,
		References: append(references, id),
	}
}

// replySubject prefixes "Re: " unless the subject already has it.
func replySubject(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 3 && strings.EqualFold(s[:3], "re:") {
		return s
	}
	if s == "" {
		return "Re: your message"
	}
	return "Re: " + s
}
