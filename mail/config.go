package mail

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/internal/secretfile"
)

// Defaults applied by [ParseConfig] and [New] to settings left empty.
const (
	DefaultMailbox          = "INBOX"
	DefaultProcessedFolder  = "Processed"
	DefaultRejectedFolder   = "Rejected"
	DefaultPollInterval     = time.Minute
	DefaultMaxMessageBytes  = 1 << 20
	DefaultMaxMIMEDepth     = 10
	DefaultPerSenderPerHour = 60
	DefaultJournalRetention = 30 * 24 * time.Hour
	DefaultMaxRefusals      = 5
)

// TLSMode says how a connection to a mail server is protected.
type TLSMode int

// TLS modes. The zero value means "not set" and becomes TLSImplicit.
const (
	TLSUnset    TLSMode = iota
	TLSNone             // plain TCP, allowed only to loopback addresses
	TLSStartTLS         // plain TCP upgraded with STARTTLS before login
	TLSImplicit         // TLS from the first byte (IMAPS, SMTPS)
)

// ParseTLSMode reads a mode as written in the configuration: "none",
// "starttls" or "tls".
func ParseTLSMode(s string) (TLSMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none":
		return TLSNone, nil
	case "starttls":
		return TLSStartTLS, nil
	case "tls":
		return TLSImplicit, nil
	}
	return TLSUnset, fmt.Errorf("unknown tls mode %q (want none, starttls or tls)", s)
}

// String returns the configuration spelling of m, "" for TLSUnset.
func (m TLSMode) String() string {
	switch m {
	case TLSNone:
		return "none"
	case TLSStartTLS:
		return "starttls"
	case TLSImplicit:
		return "tls"
	}
	return ""
}

// UnmarshalYAML reads a mode with [ParseTLSMode].
func (m *TLSMode) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return err
	}
	v, err := ParseTLSMode(s)
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// MarshalYAML writes the configuration spelling of m.
func (m TLSMode) MarshalYAML() (any, error) { return m.String(), nil }

// Config is the daemon's configuration, read from YAML.
type Config struct {
	IMAP IMAPConfig `yaml:"imap"`
	SMTP SMTPConfig `yaml:"smtp"`
	// Spool is the directory holding the journal and the outbox. It must
	// be on a local file system that honours fsync.
	Spool string `yaml:"spool"`
	// GamesDir is the handler's store: for the referee, one directory
	// per game (of any game) holding its authoritative turn file and the
	// hosted seats' secrets. The daemon core does not use it. Relative
	// to the file.
	GamesDir string `yaml:"games_dir"`
	// JournalRetention is how long the journal remembers a message that
	// has been filed, so that a second copy of it is recognised. Default
	// 30 days.
	JournalRetention time.Duration `yaml:"journal_retention"`
	Limits           Limits        `yaml:"limits"`
}

// IMAPConfig says where the daemon reads its mail.
type IMAPConfig struct {
	Addr string  `yaml:"addr"` // host:port
	TLS  TLSMode `yaml:"tls"`
	User string  `yaml:"user"`
	// PasswordFile and PasswordEnv name where the password is read from;
	// exactly one must be set. Passwords are never written in the
	// configuration itself nor taken from the command line.
	PasswordFile string `yaml:"password_file"`
	PasswordEnv  string `yaml:"password_env"`
	// Password is filled by ParseConfig from PasswordFile or PasswordEnv.
	Password string `yaml:"-"`
	// Mailbox is the folder watched for new mail. Default INBOX.
	Mailbox string `yaml:"mailbox"`
	// ProcessedFolder and RejectedFolder receive handled messages; they
	// are created when missing. Defaults Processed and Rejected.
	ProcessedFolder string `yaml:"processed_folder"`
	RejectedFolder  string `yaml:"rejected_folder"`
	// Idle uses IMAP IDLE when the server offers it. nil means true.
	Idle *bool `yaml:"idle"`
	// PollInterval is how often the mailbox is checked without IDLE, and
	// the longest an IDLE lasts before a fresh check. Default 1 minute.
	PollInterval       time.Duration `yaml:"poll_interval"`
	InsecureSkipVerify bool          `yaml:"insecure_skip_verify"`
	// CAFile is a PEM file of certificates trusted instead of the
	// system's roots.
	CAFile string `yaml:"ca_file"`
}

// SMTPConfig says how the daemon sends its replies.
type SMTPConfig struct {
	Addr string  `yaml:"addr"` // host:port
	TLS  TLSMode `yaml:"tls"`
	// User enables AUTH PLAIN; "" sends without authentication.
	User         string `yaml:"user"`
	PasswordFile string `yaml:"password_file"`
	PasswordEnv  string `yaml:"password_env"`
	Password     string `yaml:"-"`
	// From is the daemon's own address, used as the envelope sender and
	// in the From header of replies.
	From               string `yaml:"from"`
	InsecureSkipVerify bool   `yaml:"insecure_skip_verify"`
	CAFile             string `yaml:"ca_file"`
}

// Limits protects the daemon from large, deep or too frequent mail.
type Limits struct {
	// MaxMessageBytes is the largest message handled. Default 1 MiB.
	MaxMessageBytes int64 `yaml:"max_message_bytes"`
	// MaxMIMEDepth is the deepest nesting of multipart containers
	// accepted. Default 10.
	MaxMIMEDepth int `yaml:"max_mime_depth"`
	// PerSenderPerHour is how many messages one sender may have handled
	// per hour (a token bucket refilled evenly). 0 means the default of
	// 60; a negative value turns the limit off. Only mails that change
	// no game count: a valid move is never held back, and a sender over
	// the limit gets one notice, then silence until the hour is over.
	PerSenderPerHour int `yaml:"per_sender_per_hour"`
	// MaxRefusals is how many mails in a row from one sender that change
	// nothing (each refused, or answering one of the daemon's own
	// replies) are answered: the answer to the last of them carries a
	// notice, and later ones get none until a mail of the sender changes
	// a game or a day passes without such mail. It stops reply loops
	// with robots that do not mark their answers. 0 means the default of
	// 5; a negative value turns it off.
	MaxRefusals int `yaml:"max_refusals"`
}

// LoadConfig reads the configuration file at path with [ParseConfig].
// Relative paths inside it are taken relative to the file's directory.
func LoadConfig(path string, lookupEnv func(string) (string, bool)) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("reading config: %w", err)
	}
	return ParseConfig(data, filepath.Dir(path), lookupEnv)
}

// ParseConfig decodes YAML strictly (unknown keys are errors), resolves
// relative paths against dir, reads the passwords, fills defaults and
// checks the result. lookupEnv reads the variables named by password_env
// (pass os.LookupEnv); nil makes password_env an error.
func ParseConfig(data []byte, dir string, lookupEnv func(string) (string, bool)) (Config, error) {
	var cfg Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil {
		if errors.Is(err, io.EOF) {
			return Config{}, &ConfigError{Reason: "file is empty"}
		}
		return Config{}, &ConfigError{Reason: "invalid YAML", Err: err}
	}
	cfg.Spool = resolvePath(dir, cfg.Spool)
	cfg.GamesDir = resolvePath(dir, cfg.GamesDir)
	cfg.IMAP.PasswordFile = resolvePath(dir, cfg.IMAP.PasswordFile)
	cfg.IMAP.CAFile = resolvePath(dir, cfg.IMAP.CAFile)
	cfg.SMTP.PasswordFile = resolvePath(dir, cfg.SMTP.PasswordFile)
	cfg.SMTP.CAFile = resolvePath(dir, cfg.SMTP.CAFile)

	var err error
	cfg.IMAP.Password, err = readSecret("imap", cfg.IMAP.User, cfg.IMAP.PasswordFile, cfg.IMAP.PasswordEnv, lookupEnv)
	if err != nil {
		return Config{}, err
	}
	cfg.SMTP.Password, err = readSecret("smtp", cfg.SMTP.User, cfg.SMTP.PasswordFile, cfg.SMTP.PasswordEnv, lookupEnv)
	if err != nil {
		return Config{}, err
	}
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

func resolvePath(dir, p string) string {
	if p == "" || filepath.IsAbs(p) || dir == "" {
		return p
	}
	return filepath.Join(dir, p)
}

// readSecret reads a password from a file or an environment variable.
func readSecret(section, user, file, env string, lookupEnv func(string) (string, bool)) (string, error) {
	switch {
	case file != "" && env != "":
		return "", &ConfigError{Field: section + ".password_file", Reason: "set password_file or password_env, not both"}
	case file != "":
		fi, err := os.Stat(file)
		if err != nil {
			return "", &ConfigError{Field: section + ".password_file", Err: err}
		}
		// The rule of every secret file (internal/secretfile): neither
		// group nor others may read it.
		if fi.Mode().Perm()&0o077 != 0 {
			return "", &ConfigError{Field: section + ".password_file", Err: &secretfile.ModeError{Path: file, Mode: fi.Mode()}}
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return "", &ConfigError{Field: section + ".password_file", Err: err}
		}
		pw := strings.TrimRight(string(b), "\r\n")
		if pw == "" {
			return "", &ConfigError{Field: section + ".password_file", Reason: file + " is empty"}
		}
		return pw, nil
	case env != "":
		if lookupEnv == nil {
			return "", &ConfigError{Field: section + ".password_env", Reason: "environment lookup is not available here"}
		}
		pw, ok := lookupEnv(env)
		if !ok || pw == "" {
			return "", &ConfigError{Field: section + ".password_env", Reason: fmt.Sprintf("environment variable %s is not set", env)}
		}
		return pw, nil
	}
	if user != "" {
		return "", &ConfigError{Field: section + ".password_file", Reason: "user is set but neither password_file nor password_env is"}
	}
	return "", nil
}

// withDefaults returns a copy of c with empty settings filled in.
func (c Config) withDefaults() Config {
	if c.IMAP.TLS == TLSUnset {
		c.IMAP.TLS = TLSImplicit
	}
	if c.SMTP.TLS == TLSUnset {
		c.SMTP.TLS = TLSImplicit
	}
	if c.IMAP.Mailbox == "" {
		c.IMAP.Mailbox = DefaultMailbox
	}
	if c.IMAP.ProcessedFolder == "" {
		c.IMAP.ProcessedFolder = DefaultProcessedFolder
	}
	if c.IMAP.RejectedFolder == "" {
		c.IMAP.RejectedFolder = DefaultRejectedFolder
	}
	if c.IMAP.PollInterval == 0 {
		c.IMAP.PollInterval = DefaultPollInterval
	}
	if c.JournalRetention == 0 {
		c.JournalRetention = DefaultJournalRetention
	}
	if c.Limits.MaxMessageBytes == 0 {
		c.Limits.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if c.Limits.MaxMIMEDepth == 0 {
		c.Limits.MaxMIMEDepth = DefaultMaxMIMEDepth
	}
	if c.Limits.PerSenderPerHour == 0 {
		c.Limits.PerSenderPerHour = DefaultPerSenderPerHour
	}
	if c.Limits.MaxRefusals == 0 {
		c.Limits.MaxRefusals = DefaultMaxRefusals
	}
	return c
}

// useIdle reports whether IDLE is wanted.
func (c IMAPConfig) useIdle() bool { return c.Idle == nil || *c.Idle }

// Validate checks a configuration whose defaults have been filled. It is
// called by ParseConfig and New.
func (c Config) Validate() error {
	if err := checkAddr("imap", c.IMAP.Addr, c.IMAP.TLS); err != nil {
		return err
	}
	if err := checkAddr("smtp", c.SMTP.Addr, c.SMTP.TLS); err != nil {
		return err
	}
	if c.IMAP.User == "" {
		return &ConfigError{Field: "imap.user", Reason: "is required"}
	}
	if c.IMAP.Password == "" {
		return &ConfigError{Field: "imap.password_file", Reason: "no password: set password_file or password_env"}
	}
	if c.SMTP.User != "" && c.SMTP.Password == "" {
		return &ConfigError{Field: "smtp.password_file", Reason: "smtp.user is set but there is no password"}
	}
	if c.SMTP.From == "" {
		return &ConfigError{Field: "smtp.from", Reason: "is required"}
	}
	if a, err := mail.ParseAddress(c.SMTP.From); err != nil || a.Name != "" || !strings.Contains(a.Address, "@") {
		return &ConfigError{Field: "smtp.from", Reason: fmt.Sprintf("%q is not a bare address like elasund@example.org", c.SMTP.From)}
	}
	folders := map[string]string{}
	for _, f := range []struct{ field, name string }{
		{"imap.mailbox", c.IMAP.Mailbox},
		{"imap.processed_folder", c.IMAP.ProcessedFolder},
		{"imap.rejected_folder", c.IMAP.RejectedFolder},
	} {
		key := strings.ToLower(f.name)
		if other, ok := folders[key]; ok {
			return &ConfigError{Field: f.field, Reason: fmt.Sprintf("%q is also %s", f.name, other)}
		}
		folders[key] = f.field
	}
	if c.IMAP.PollInterval < 0 {
		return &ConfigError{Field: "imap.poll_interval", Reason: "must be positive"}
	}
	if c.Spool == "" {
		return &ConfigError{Field: "spool", Reason: "is required"}
	}
	if c.JournalRetention < 0 {
		return &ConfigError{Field: "journal_retention", Reason: "must be positive"}
	}
	if c.Limits.MaxMessageBytes < 1024 {
		return &ConfigError{Field: "limits.max_message_bytes", Reason: "must be at least 1024"}
	}
	if c.Limits.MaxMIMEDepth < 1 {
		return &ConfigError{Field: "limits.max_mime_depth", Reason: "must be at least 1"}
	}
	return nil
}

// checkAddr checks a host:port and refuses plain connections to anything
// but loopback.
func checkAddr(section, addr string, mode TLSMode) error {
	if addr == "" {
		return &ConfigError{Field: section + ".addr", Reason: "is required"}
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host == "" || port == "" {
		return &ConfigError{Field: section + ".addr", Reason: fmt.Sprintf("%q is not host:port", addr)}
	}
	if mode == TLSNone && !isLoopback(host) {
		return &ConfigError{Field: section + ".tls", Reason: fmt.Sprintf("tls: none sends the password in clear text and is allowed only for loopback addresses (127.0.0.0/8, ::1, localhost), not %q; use starttls or tls", host)}
	}
	return nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// tlsConfig builds the client TLS configuration for a server.
func tlsConfig(addr, caFile string, insecure bool) (*tls.Config, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	tc := &tls.Config{ServerName: host, InsecureSkipVerify: insecure, MinVersion: tls.VersionTLS12}
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("reading ca_file: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("ca_file %s holds no PEM certificate", caFile)
		}
		tc.RootCAs = pool
	}
	return tc, nil
}
