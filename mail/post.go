package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"
)

// Post sends messages straight over SMTP, outside any daemon's outbox:
// for commands such as "elasund host new" that run beside the daemon.
// The Message-ID of message i is derived from key and i, so sending a
// list again repeats the Message-IDs. It tries every message and returns
// the failures joined, each naming its recipients.
func Post(ctx context.Context, cfg Config, key string, msgs []Outgoing, opts Options) error {
	cfg = cfg.withDefaults()
	if cfg.SMTP.From == "" {
		return &ConfigError{Field: "smtp.from", Reason: "is required"}
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	sender := opts.Sender
	if sender == nil {
		tc, err := tlsConfig(cfg.SMTP.Addr, cfg.SMTP.CAFile, cfg.SMTP.InsecureSkipVerify)
		if err != nil {
			return &ConfigError{Field: "smtp.ca_file", Err: err}
		}
		dial := opts.Dial
		if dial == nil {
			dial = (&net.Dialer{Timeout: 30 * time.Second}).DialContext
		}
		sender = newSMTPSender(cfg.SMTP, tc, refuseSelfConnect(dial), log)
	}
	defer sender.Close()
	var errs []error
	for i, m := range msgs {
		to, err := bareAddresses(m.To)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		data, err := composeMessage(m, cfg.SMTP.From, replyID(key, i), now())
		if err != nil {
			errs = append(errs, fmt.Errorf("to %s: %w", strings.Join(to, ", "), err))
			continue
		}
		if err := sender.Send(ctx, cfg.SMTP.From, to, data); err != nil {
			errs = append(errs, fmt.Errorf("to %s: %w", strings.Join(to, ", "), err))
		}
	}
	return errors.Join(errs...)
}
