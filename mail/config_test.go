package mail

import (
	"github.com/elasund/elasund/internal/secretfile"

	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseConfigExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "examples", "daemon.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "secrets"), 0o700)
	os.WriteFile(filepath.Join(dir, "secrets", "imap-password"), []byte("imap-secret\n"), 0o600)
	env := map[string]string{"ELASUND_SMTP_PASSWORD": "smtp-secret"}
	cfg, err := ParseConfig(data, dir, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatalf("ParseConfig(examples/daemon.yaml): %v", err)
	}
	if cfg.IMAP.Password != "imap-secret" || cfg.SMTP.Password != "smtp-secret" {
		t.Errorf("passwords = %q, %q", cfg.IMAP.Password, cfg.SMTP.Password)
	}
	if cfg.IMAP.TLS != TLSImplicit || cfg.SMTP.TLS != TLSImplicit {
		t.Errorf("tls = %v, %v", cfg.IMAP.TLS, cfg.SMTP.TLS)
	}
	if cfg.IMAP.PollInterval != time.Minute || !cfg.IMAP.useIdle() {
		t.Errorf("poll %v idle %v", cfg.IMAP.PollInterval, cfg.IMAP.useIdle())
	}
	if cfg.Limits.MaxMessageBytes != 1<<20 || cfg.Limits.MaxMIMEDepth != 10 || cfg.Limits.PerSenderPerHour != 60 {
		t.Errorf("limits = %+v", cfg.Limits)
	}
	if cfg.JournalRetention != 720*time.Hour || cfg.Spool != "/var/lib/elasund/spool" {
		t.Errorf("retention %v spool %q", cfg.JournalRetention, cfg.Spool)
	}
	if cfg.IMAP.PasswordFile != filepath.Join(dir, "secrets", "imap-password") {
		t.Errorf("password_file not resolved against the config dir: %q", cfg.IMAP.PasswordFile)
	}
}

const minimalConfig = `
imap: {addr: "127.0.0.1:1143", tls: none, user: u, password_env: PW}
smtp: {addr: "localhost:1025", tls: none, from: game@example.org}
spool: spool
`

func lookup(k string) (string, bool) {
	if k == "PW" {
		return "pw", true
	}
	return "", false
}

func TestParseConfigDefaults(t *testing.T) {
	dir := t.TempDir()
	cfg, err := ParseConfig([]byte(minimalConfig), dir, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.IMAP.Mailbox != "INBOX" || cfg.IMAP.ProcessedFolder != "Processed" || cfg.IMAP.RejectedFolder != "Rejected" {
		t.Errorf("folders = %q %q %q", cfg.IMAP.Mailbox, cfg.IMAP.ProcessedFolder, cfg.IMAP.RejectedFolder)
	}
	if cfg.IMAP.PollInterval != DefaultPollInterval || cfg.JournalRetention != DefaultJournalRetention {
		t.Errorf("poll %v retention %v", cfg.IMAP.PollInterval, cfg.JournalRetention)
	}
	if cfg.Limits != (Limits{MaxMessageBytes: DefaultMaxMessageBytes, MaxMIMEDepth: DefaultMaxMIMEDepth, PerSenderPerHour: DefaultPerSenderPerHour, MaxRefusals: DefaultMaxRefusals}) {
		t.Errorf("limits = %+v", cfg.Limits)
	}
	if cfg.Spool != filepath.Join(dir, "spool") {
		t.Errorf("spool = %q", cfg.Spool)
	}
	if cfg.SMTP.Password != "" {
		t.Errorf("smtp password without user: %q", cfg.SMTP.Password)
	}
}

func TestParseConfigErrors(t *testing.T) {
	dir := t.TempDir()
	open := filepath.Join(dir, "open-pw")
	os.WriteFile(open, []byte("pw"), 0o644)
	os.Chmod(open, 0o644)
	group := filepath.Join(dir, "group-pw")
	os.WriteFile(group, []byte("pw"), 0o640)
	os.Chmod(group, 0o640)
	empty := filepath.Join(dir, "empty-pw")
	os.WriteFile(empty, []byte("\n"), 0o600)
	for _, tc := range []struct {
		name, yaml, field, msg string
	}{
		{"unknown key", minimalConfig + "colour: red\n", "", "field colour not found"},
		{"unknown nested key", strings.Replace(minimalConfig, "user: u,", "user: u, pasword: x,", 1), "", "pasword"},
		{"bad tls", strings.Replace(minimalConfig, "tls: none, user", "tls: ssl, user", 1), "", "unknown tls mode"},
		{"plain to remote imap", strings.Replace(minimalConfig, "127.0.0.1:1143", "imap.example.org:143", 1), "imap.tls", "loopback"},
		{"plain to remote smtp", strings.Replace(minimalConfig, "localhost:1025", "10.0.0.1:25", 1), "smtp.tls", "loopback"},
		{"missing addr", strings.Replace(minimalConfig, `addr: "127.0.0.1:1143", `, "", 1), "imap.addr", "required"},
		{"addr without port", strings.Replace(minimalConfig, "127.0.0.1:1143", "127.0.0.1", 1), "imap.addr", "host:port"},
		{"missing user", strings.Replace(minimalConfig, "user: u, ", "", 1), "imap.user", "required"},
		{"missing from", strings.Replace(minimalConfig, ", from: game@example.org", "", 1), "smtp.from", "required"},
		{"from with name", strings.Replace(minimalConfig, "from: game@example.org", `from: "Game <game@example.org>"`, 1), "smtp.from", "bare address"},
		{"no password", strings.Replace(minimalConfig, ", password_env: PW", "", 1), "imap.password_file", "neither"},
		{"unset env", strings.Replace(minimalConfig, "password_env: PW", "password_env: NOPE", 1), "imap.password_env", "NOPE"},
		{"both secrets", strings.Replace(minimalConfig, "password_env: PW", "password_env: PW, password_file: x", 1), "imap.password_file", "not both"},
		{"world-readable file", strings.Replace(minimalConfig, "password_env: PW", "password_file: "+open, 1), "imap.password_file", "chmod 600"},
		{"group-readable file", strings.Replace(minimalConfig, "password_env: PW", "password_file: "+group, 1), "imap.password_file", "mode 0640 lets others read it"},
		{"empty file", strings.Replace(minimalConfig, "password_env: PW", "password_file: "+empty, 1), "imap.password_file", "empty"},
		{"smtp user without password", strings.Replace(minimalConfig, "tls: none, from", "tls: none, user: s, from", 1), "smtp.password_file", ""},
		{"same folders", strings.Replace(minimalConfig, "user: u,", "user: u, processed_folder: inbox,", 1), "imap.processed_folder", "also imap.mailbox"},
		{"no spool", strings.Replace(minimalConfig, "spool: spool", "", 1), "spool", "required"},
		{"tiny limit", minimalConfig + "limits: {max_message_bytes: 10}\n", "limits.max_message_bytes", ""},
		{"integer duration", strings.Replace(minimalConfig, "user: u,", "user: u, poll_interval: 30,", 1), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.yaml), dir, lookup)
			if err == nil {
				t.Fatal("ParseConfig succeeded")
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *ConfigError", err)
			}
			if tc.field != "" && ce.Field != tc.field {
				t.Errorf("Field = %q, want %q (%v)", ce.Field, tc.field, err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not mention %q", err, tc.msg)
			}
			var me *secretfile.ModeError
			if strings.Contains(tc.name, "readable") && !errors.As(err, &me) {
				t.Errorf("error %v does not wrap a *secretfile.ModeError", err)
			}
		})
	}
}

func TestParseConfigNoEnv(t *testing.T) {
	_, err := ParseConfig([]byte(minimalConfig), t.TempDir(), nil)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Field != "imap.password_env" {
		t.Errorf("ParseConfig with nil lookupEnv = %v", err)
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "daemon.yaml")
	os.WriteFile(filepath.Join(dir, "pw"), []byte("from-file\n"), 0o600)
	os.WriteFile(path, []byte(strings.Replace(minimalConfig, "password_env: PW", "password_file: pw", 1)), 0o600)
	cfg, err := LoadConfig(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.IMAP.Password != "from-file" {
		t.Errorf("password = %q", cfg.IMAP.Password)
	}
	if _, err := LoadConfig(filepath.Join(dir, "missing.yaml"), nil); err == nil {
		t.Error("missing file accepted")
	}
	os.WriteFile(path, nil, 0o600)
	if _, err := LoadConfig(path, nil); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty file: %v", err)
	}
}

func TestTLSModeText(t *testing.T) {
	for _, m := range []TLSMode{TLSNone, TLSStartTLS, TLSImplicit} {
		got, err := ParseTLSMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseTLSMode(%q) = %v, %v; want %v", m.String(), got, err, m)
		}
	}
	if TLSUnset.String() != "" {
		t.Errorf("TLSUnset.String() = %q", TLSUnset.String())
	}
	if _, err := ParseTLSMode("ssl"); err == nil {
		t.Error(`ParseTLSMode("ssl") succeeded`)
	}
}

func TestNewChecksConfig(t *testing.T) {
	cfg := Config{
		IMAP:  IMAPConfig{Addr: "imap.example.org:143", TLS: TLSNone, User: "u", Password: "p"},
		SMTP:  SMTPConfig{Addr: "127.0.0.1:25", TLS: TLSNone, From: "a@example.org"},
		Spool: t.TempDir(),
	}
	_, err := New(cfg, newCounterGame(t), Options{})
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Field != "imap.tls" {
		t.Errorf("New with plain remote IMAP = %v", err)
	}
	cfg.IMAP.Addr = "[::1]:143"
	cfg.IMAP.CAFile = filepath.Join(t.TempDir(), "missing.pem")
	if _, err := New(cfg, newCounterGame(t), Options{}); !errors.As(err, &ce) || ce.Field != "imap.ca_file" {
		t.Errorf("New with missing CA file = %v", err)
	}
	cfg.IMAP.CAFile = ""
	if _, err := New(cfg, nil, Options{}); err == nil {
		t.Error("New accepted a nil handler")
	}
	if _, err := New(cfg, newCounterGame(t), Options{}); err != nil {
		t.Errorf("New: %v", err)
	}
}
