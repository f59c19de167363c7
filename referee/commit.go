package referee

import (
	"fmt"
	"path/filepath"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/atomicfile"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/turnfile"
)

// accept is the decision for an accepted move: write next, and mail
// every seat. key names what the move answers (the message's Message-ID,
// or the id of timed work), for the record of the mails sent.
func (r *Referee) accept(m *mail.Incoming, next *session, rep report, before []engine.Owed, key string) (*mail.Decision, error) {
	replies, err := turnReplies(next, m, rep, before, r.received(m))
	if err != nil {
		return nil, err
	}
	return r.commit(next, key, replies), nil
}

// commit is the decision that writes next as the stored game: its table
// first (with the record of the mails sent, keyed by key), then its turn
// file. A crash between the two leaves a table that knows of mails of an
// entry the game does not have yet; the table's records tolerate that
// (table.go), and the daemon then handles the message again.
func (r *Referee) commit(next *session, key string, replies []mail.Outgoing) *mail.Decision {
	dir := gameDir(r.dir, next.game)
	entries := len(next.g.File().History)
	next.table.record(key, entries, len(replies))
	return &mail.Decision{
		Game:  next.game,
		Entry: entries + next.table.version,
		Commit: func() error {
			tdata, err := next.table.marshal(next.game)
			if err != nil {
				return err
			}
			if err := atomicfile.Write(filepath.Join(dir, tableFileName), tdata, 0o600, false); err != nil {
				return fmt.Errorf("writing the table of game %s: %w", next.game, err)
			}
			if err := turnfile.WriteAtomic(filepath.Join(dir, gameFileName), next.data, 0o644); err != nil {
				return fmt.Errorf("writing game %s: %w", next.game, err)
			}
			r.cache.remember(next)
			return nil
		},
		Replies: replies,
	}
}

// commitTable is the decision that writes only next's table (a vacation,
// a return): a change without an entry, counted by the table's version.
func (r *Referee) commitTable(next *session, replies []mail.Outgoing) *mail.Decision {
	path := filepath.Join(gameDir(r.dir, next.game), tableFileName)
	next.table.version++
	return &mail.Decision{
		Game:  next.game,
		Entry: len(next.g.File().History) + next.table.version,
		Commit: func() error {
			tdata, err := next.table.marshal(next.game)
			if err != nil {
				return err
			}
			if err := atomicfile.Write(path, tdata, 0o600, true); err != nil {
				return fmt.Errorf("writing the table of game %s: %w", next.game, err)
			}
			r.cache.remember(next)
			return nil
		},
		Replies: replies,
	}
}
