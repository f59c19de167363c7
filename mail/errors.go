package mail

import (
	"errors"
	"fmt"
)

// ErrSpoolLocked is returned by [Daemon.Run] when another daemon already
// uses the same spool directory.
var ErrSpoolLocked = errors.New("spool directory is in use by another daemon")

// ConfigError reports a configuration setting that cannot be used. Field
// is the setting's YAML path, such as "imap.addr".
type ConfigError struct {
	Field  string
	Reason string
	Err    error
}

func (e *ConfigError) Error() string {
	msg := "config"
	if e.Field != "" {
		msg += " " + e.Field
	}
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *ConfigError) Unwrap() error { return e.Err }

// TooLargeError reports a message bigger than limits.max_message_bytes.
type TooLargeError struct {
	Size  int64
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("message is %d bytes, over the limit of %d", e.Size, e.Limit)
}

// TooDeepError reports a MIME part nested in more multipart containers
// than limits.max_mime_depth allows.
type TooDeepError struct {
	Limit int
}

func (e *TooDeepError) Error() string {
	return fmt.Sprintf("MIME parts are nested more than %d levels deep", e.Limit)
}

// MessageError reports a message that cannot be parsed. Part names where
// the problem is: "header", or a part path such as "part 1.2".
type MessageError struct {
	Part string
	Err  error
}

func (e *MessageError) Error() string {
	return fmt.Sprintf("malformed message (%s): %v", e.Part, e.Err)
}

func (e *MessageError) Unwrap() error { return e.Err }

// JournalError reports a journal file that cannot be read back. Line is
// 1-based; 0 means the problem is not tied to one line.
type JournalError struct {
	Path string
	Line int
	Err  error
}

func (e *JournalError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("journal %s line %d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("journal %s: %v", e.Path, e.Err)
}

func (e *JournalError) Unwrap() error { return e.Err }

// SendError reports a reply the SMTP server did not accept. Permanent is
// true when the server refused it for good (a 5xx reply): the daemon then
// moves the reply to the outbox's failed folder instead of retrying.
type SendError struct {
	Stage     string // "connect", "auth", "mail", "rcpt" or "data"
	Code      int    // SMTP reply code, 0 when there was none
	Permanent bool
	Err       error
}

func (e *SendError) Error() string {
	kind := "temporary"
	if e.Permanent {
		kind = "permanent"
	}
	if e.Code != 0 {
		return fmt.Sprintf("smtp %s: %s failure %d: %v", e.Stage, kind, e.Code, e.Err)
	}
	return fmt.Sprintf("smtp %s: %s failure: %v", e.Stage, kind, e.Err)
}

func (e *SendError) Unwrap() error { return e.Err }

// DecisionError reports a [Decision] that breaks the Handler contract,
// such as a Commit without a game or entry count.
type DecisionError struct {
	MessageID string
	Reason    string
}

func (e *DecisionError) Error() string {
	return fmt.Sprintf("invalid decision for message %s: %s", e.MessageID, e.Reason)
}

// ErrMessageGone is returned by [Mailbox.Fetch] when the message left the
// mailbox after it was listed. The daemon skips it.
var ErrMessageGone = errors.New("message is no longer in the mailbox")
