package mailtest

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// Cert makes a self-signed certificate for 127.0.0.1 and localhost and
// returns the server configuration that presents it and the path of the
// certificate as PEM, for clients to trust (a CA file).
func Cert(t testing.TB) (*tls.Config, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "localhost"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, certPEM, 0o644); err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{pair}}, path
}

// Listen listens on addr, a free loopback port when addr is empty. A
// server restarted on its old address retries for up to two seconds
// while the port is released. what names the server in the failure.
func Listen(t testing.TB, what, addr string) net.Listener {
	t.Helper()
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var ln net.Listener
	var err error
	for i := 0; i < 100; i++ {
		if ln, err = net.Listen("tcp", addr); err == nil {
			return ln
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s listen: %v", what, err)
	return nil
}

// WaitFor polls cond every 10 ms until it holds, and fails the test when
// timeout passes first; what says what was awaited.
func WaitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// header parses the header block of a raw message.
func header(raw []byte) (mail.Header, error) {
	h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return mail.Header{}, err
	}
	return mail.Header{Header: message.Header{Header: h}}, nil
}

// HeaderField returns a header field of a raw message as written (not
// decoded), "" when it is missing or the header cannot be read.
func HeaderField(raw []byte, key string) string {
	h, err := header(raw)
	if err != nil {
		return ""
	}
	return h.Get(key)
}

// MessageID returns the Message-ID of a raw message without angle
// brackets: as the daemon reads it, a synthetic id derived from the bytes
// when the message has none, and "" when its header cannot be read.
func MessageID(raw []byte) string {
	h, err := header(raw)
	if err != nil {
		return ""
	}
	if id, err := h.MessageID(); err == nil && id != "" {
		return id
	}
	if v := strings.TrimSpace(h.Get("Message-Id")); v != "" {
		return strings.Trim(v, "<> \t")
	}
	sum := sha256.Sum256(raw)
	return "sha256-" + hex.EncodeToString(sum[:16]) + "@elasund.invalid"
}

// Tail returns the last n bytes of s, marked with "…" when cut, for
// logs quoted in failures.
func Tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
