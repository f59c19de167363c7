package mail

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// imapMailbox is the Mailbox of an IMAP server. It connects lazily and
// drops its connection on any transport error, so the next call
// reconnects; the daemon's loop supplies the backoff between attempts.
type imapMailbox struct {
	cfg  IMAPConfig
	tls  *tls.Config
	dial func(ctx context.Context, network, addr string) (net.Conn, error)
	log  *slog.Logger

	c      *imapclient.Client
	notify chan struct{} // signalled when the server reports new mail
}

var _ Mailbox = (*imapMailbox)(nil)

func newIMAPMailbox(cfg IMAPConfig, tc *tls.Config, dial func(context.Context, string, string) (net.Conn, error), log *slog.Logger) *imapMailbox {
	return &imapMailbox{cfg: cfg, tls: tc, dial: dial, log: log, notify: make(chan struct{}, 1)}
}

// client returns a logged-in client with the watched mailbox selected,
// connecting when there is none.
func (m *imapMailbox) client(ctx context.Context) (*imapclient.Client, error) {
	if m.c != nil {
		select {
		case <-m.c.Closed():
			m.c = nil
		default:
			return m.c, nil
		}
	}
	c, err := m.connect(ctx)
	if err != nil {
		return nil, err
	}
	m.c = c
	return c, nil
}

func (m *imapMailbox) connect(ctx context.Context) (*imapclient.Client, error) {
	conn, err := m.dial(ctx, "tcp", m.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("imap connect %s: %w", m.cfg.Addr, err)
	}
	// Closing the connection is the only way to interrupt a blocked
	// command; do so if ctx ends while connecting.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()

	opts := &imapclient.Options{
		TLSConfig: m.tls,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case m.notify <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	var c *imapclient.Client
	switch m.cfg.TLS {
	case TLSImplicit:
		tc := m.tls.Clone()
		tc.NextProtos = []string{"imap"}
		tconn := tls.Client(conn, tc)
		if err := tconn.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("imap tls handshake with %s: %w", m.cfg.Addr, err)
		}
		c = imapclient.New(tconn, opts)
	case TLSStartTLS:
		c, err = imapclient.NewStartTLS(conn, opts)
		if err != nil {
			return nil, fmt.Errorf("imap starttls with %s: %w", m.cfg.Addr, err)
		}
	default:
		c = imapclient.New(conn, opts)
	}
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap greeting from %s: %w", m.cfg.Addr, err)
	}
	if err := c.Login(m.cfg.User, m.cfg.Password).Wait(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap login as %s: %w", m.cfg.User, err)
	}
	for _, f := range []string{m.cfg.ProcessedFolder, m.cfg.RejectedFolder} {
		if err := ensureFolder(c, f); err != nil {
			c.Close()
			return nil, err
		}
	}
	if _, err := c.Select(m.cfg.Mailbox, nil).Wait(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap select %s: %w", m.cfg.Mailbox, err)
	}
	m.log.Info("imap connected", "addr", m.cfg.Addr, "tls", m.cfg.TLS.String(), "mailbox", m.cfg.Mailbox,
		"idle", m.cfg.useIdle() && canIdle(c), "move", c.Caps().Has(imap.CapMove) || c.Caps().Has(imap.CapIMAP4rev2))
	return c, nil
}

// ensureFolder creates folder unless it exists.
func ensureFolder(c *imapclient.Client, folder string) error {
	list, err := c.List("", folder, nil).Collect()
	if err != nil {
		return fmt.Errorf("imap list %s: %w", folder, err)
	}
	if len(list) > 0 {
		return nil
	}
	err = c.Create(folder, nil).Wait()
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
		return nil
	}
	if err != nil {
		return fmt.Errorf("imap create %s: %w", folder, err)
	}
	return nil
}

func canIdle(c *imapclient.Client) bool {
	caps := c.Caps()
	return caps.Has(imap.CapIdle) || caps.Has(imap.CapIMAP4rev2)
}

// guard closes c if ctx ends before the returned function is called.
func guard(ctx context.Context, c *imapclient.Client) func() bool {
	return context.AfterFunc(ctx, func() { c.Close() })
}

// failed drops the connection unless err is a plain NO or BAD answer,
// after which the connection is still usable.
func (m *imapMailbox) failed(err error) error {
	var ie *imap.Error
	if !errors.As(err, &ie) && m.c != nil {
		m.c.Close()
		m.c = nil
	}
	return err
}

// Pending lists the messages in the watched mailbox, lowest UID first.
// Every message there is unhandled: handled ones are moved out.
func (m *imapMailbox) Pending(ctx context.Context) ([]Waiting, error) {
	c, err := m.client(ctx)
	if err != nil {
		return nil, err
	}
	defer guard(ctx, c)()
	data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
	if err != nil {
		return nil, m.failed(fmt.Errorf("imap search: %w", err))
	}
	uids := data.AllUIDs()
	if len(uids) == 0 {
		return nil, nil
	}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, m.failed(fmt.Errorf("imap fetch sizes: %w", err))
	}
	out := make([]Waiting, 0, len(msgs))
	for _, msg := range msgs {
		if msg.UID == 0 {
			continue
		}
		out = append(out, Waiting{UID: uint32(msg.UID), Size: msg.RFC822Size})
	}
	slices.SortFunc(out, func(a, b Waiting) int { return cmp.Compare(a.UID, b.UID) })
	return out, nil
}

// Fetch returns the raw message with UID uid without setting \Seen
// (BODY.PEEK[]), or only its header block (BODY.PEEK[HEADER]).
func (m *imapMailbox) Fetch(ctx context.Context, uid uint32, headerOnly bool) ([]byte, error) {
	c, err := m.client(ctx)
	if err != nil {
		return nil, err
	}
	defer guard(ctx, c)()
	section := &imap.FetchItemBodySection{Peek: true}
	if headerOnly {
		section.Specifier = imap.PartSpecifierHeader
	}
	msgs, err := c.Fetch(imap.UIDSetNum(imap.UID(uid)), &imap.FetchOptions{
		UID:         true,
		BodySection: []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil {
		return nil, m.failed(fmt.Errorf("imap fetch uid %d: %w", uid, err))
	}
	for _, msg := range msgs {
		if uint32(msg.UID) == uid {
			if b := msg.FindBodySection(section); b != nil {
				return b, nil
			}
		}
	}
	return nil, ErrMessageGone
}

// Move files the message in folder with UID MOVE, or COPY, STORE
// \Deleted and EXPUNGE on servers without MOVE. A missing folder is
// created and the move tried again.
func (m *imapMailbox) Move(ctx context.Context, uid uint32, folder string) error {
	c, err := m.client(ctx)
	if err != nil {
		return err
	}
	defer guard(ctx, c)()
	_, err = c.Move(imap.UIDSetNum(imap.UID(uid)), folder).Wait()
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeTryCreate {
		if cerr := ensureFolder(c, folder); cerr != nil {
			return m.failed(cerr)
		}
		_, err = c.Move(imap.UIDSetNum(imap.UID(uid)), folder).Wait()
	}
	if err != nil {
		return m.failed(fmt.Errorf("imap move uid %d to %s: %w", uid, folder, err))
	}
	return nil
}

// Wait returns when the server reports new mail, d has passed or ctx is
// done. It uses IDLE when the server offers it and the configuration
// allows, and otherwise just sleeps: the next Pending looks again.
func (m *imapMailbox) Wait(ctx context.Context, d time.Duration) error {
	select {
	case <-m.notify:
		return nil
	default:
	}
	c, err := m.client(ctx)
	if err != nil {
		return err
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	if !m.cfg.useIdle() || !canIdle(c) {
		select {
		case <-m.notify:
		case <-timer.C:
		case <-ctx.Done():
		case <-c.Closed():
			return m.failed(errors.New("imap connection closed"))
		}
		return nil
	}
	// Some servers report mail that came in since the last command only
	// at the next command, not when IDLE starts: ask with NOOP first.
	if err := c.Noop().Wait(); err != nil {
		return m.failed(fmt.Errorf("imap noop: %w", err))
	}
	select {
	case <-m.notify:
		return nil
	default:
	}
	idle, err := c.Idle()
	if err != nil {
		return m.failed(fmt.Errorf("imap idle: %w", err))
	}
	closed := false
	select {
	case <-m.notify:
	case <-timer.C:
	case <-ctx.Done():
	case <-c.Closed():
		closed = true
	}
	if closed {
		idle.Close()
		return m.failed(errors.New("imap connection closed during idle"))
	}
	// End IDLE politely even when ctx is done, but do not wait forever.
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	defer guard(dctx, c)()
	if err := idle.Close(); err != nil {
		return m.failed(fmt.Errorf("imap idle done: %w", err))
	}
	if err := idle.Wait(); err != nil {
		return m.failed(fmt.Errorf("imap idle: %w", err))
	}
	return nil
}

// Close logs out, waiting at most a few seconds for the server.
func (m *imapMailbox) Close() error {
	if m.c == nil {
		return nil
	}
	c := m.c
	m.c = nil
	waitAtMost(3*time.Second, func() error { return c.Logout().Wait() })
	return c.Close()
}
