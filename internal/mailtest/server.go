package mailtest

import (
	"crypto/tls"
	"net"
	"sync"
	"testing"
)

// restartable is what the in-process servers share: a loopback port kept
// across restarts, offered in plain text, with STARTTLS or with implicit
// TLS. Its mu guards the embedding server's own state too.
type restartable struct {
	t        testing.TB
	what     string // the protocol, for a failure to listen
	tls      *tls.Config
	implicit bool

	mu    sync.Mutex
	addr  string
	ln    net.Listener
	close func() error // the running server's Close; nil when stopped
}

// Addr is the server's address, host:port; it stays the same across
// restarts.
func (r *restartable) Addr() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.addr
}

// start starts a stopped server again on its port; a running one is left
// alone. serve starts serving ln in the background and returns the
// server's Close; starttls is the configuration to offer STARTTLS with,
// nil when TLS is off or implicit. The caller holds mu.
func (r *restartable) start(serve func(ln net.Listener, starttls *tls.Config) (close func() error)) {
	if r.close != nil {
		return
	}
	ln := Listen(r.t, r.what, r.addr)
	r.addr = ln.Addr().String()
	var starttls *tls.Config
	if r.tls != nil {
		if r.implicit {
			ln = tls.NewListener(ln, r.tls)
		} else {
			starttls = r.tls
		}
	}
	r.ln = ln
	r.close = serve(ln, starttls)
}

// Stop closes the server and its connections; what it holds (the mail,
// the messages received) stays.
func (r *restartable) Stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.close != nil {
		// Close the listener ourselves: Serve may not have registered
		// it with the server yet.
		r.ln.Close()
		r.close()
		r.close = nil
	}
}
