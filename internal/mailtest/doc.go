// Package mailtest holds the mail servers the tests of package mail and
// package referee run against: an in-memory IMAP server and an SMTP sink
// on 127.0.0.1 (IMAP, SMTP), a self-signed certificate for their TLS
// (Cert), and a real Dovecot + OpenSMTPD pair on loopback ports
// (StartStack, see mailstack.sh).
//
// It speaks only the protocols: it knows nothing of the daemon's types, so
// that package mail's own tests can use it. Only tests may import it.
//
// The real servers are optional: without them StartStack skips the test
// with a notice saying how to install them, unless the environment
// variable ELASUND_REQUIRE_MAILSTACK is set, which turns the skip into a
// failure (CI sets it after running .ci/mailstack-install.sh).
package mailtest
