package mail

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/elasund/elasund/internal/atomicfile"
)

// The journal is a file of JSON records, one per line, appended and
// synced before the step it records is taken:
//
//	{"op":"intent","msg":ID,"game":G,"entry":N,"folder":F,"items":[...],"at":T}
//	    the handler's commit for message ID is about to run; afterwards
//	    game G has at least N entries. The items are the held replies.
//	{"op":"done","msg":ID,"folder":F,"items":[...],"at":T}
//	    message ID is finished: its replies are released and it belongs
//	    in folder F.
//	{"op":"abort","msg":ID,"at":T}
//	    the intent for ID was dropped; the message will be handled again.
//	{"op":"moved","msg":ID,"at":T}
//	    the message has been filed on IMAP (not synced: it only lets
//	    compaction forget old done records).
//
// A torn last line (a crash in the middle of an append) is cut off when
// the journal is opened.
const journalName = "journal"

// journalRecord is one line of the journal.
type journalRecord struct {
	Op     string    `json:"op"`
	Msg    string    `json:"msg"`
	Game   string    `json:"game,omitempty"`
	Entry  int       `json:"entry,omitempty"`
	Folder string    `json:"folder,omitempty"`
	Items  []string  `json:"items,omitempty"`
	At     time.Time `json:"at"`
}

// Folder names recorded in the journal; the configured IMAP names are
// looked up when a message is moved.
const (
	folderProcessed = "processed"
	folderRejected  = "rejected"
)

// msgState is what the journal knows about one message.
type msgState struct {
	intent *journalRecord // pending intent, nil when none
	done   *journalRecord // done record, nil when not done
	moved  bool
}

// journal is the exactly-once record of the daemon's decisions.
type journal struct {
	path      string
	f         *os.File
	msgs      map[string]*msgState
	records   int // lines in the file
	retention time.Duration
	now       func() time.Time
}

// openJournal reads the journal in dir, cutting a torn last line, and
// compacts it when it has grown to more than twice its live records.
func openJournal(dir string, retention time.Duration, now func() time.Time) (*journal, error) {
	j := &journal{
		path:      filepath.Join(dir, journalName),
		msgs:      map[string]*msgState{},
		retention: retention,
		now:       now,
	}
	f, err := os.OpenFile(j.path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening journal: %w", err)
	}
	good, err := j.load(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Size() > good {
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, fmt.Errorf("cutting torn journal tail: %w", err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("syncing journal: %w", err)
		}
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, err
	}
	j.f = f
	if j.records > 2*j.live()+256 {
		if err := j.compact(); err != nil {
			j.f.Close()
			return nil, err
		}
	}
	return j, nil
}

// load applies every complete record of f and returns the offset just
// past the last good one.
func (j *journal) load(f *os.File) (int64, error) {
	r := bufio.NewReader(f)
	var off int64
	line := 0
	for {
		b, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			// A line without its newline is a torn append: drop it.
			return off, nil
		}
		if err != nil {
			return 0, &JournalError{Path: j.path, Err: err}
		}
		line++
		var rec journalRecord
		if err := json.Unmarshal(bytes.TrimSpace(b), &rec); err != nil || rec.Msg == "" {
			// A bad line followed only by more bytes of the same torn
			// write is the tail; anything later means real damage.
			rest, _ := io.ReadAll(r)
			if len(bytes.TrimSpace(rest)) == 0 {
				return off, nil
			}
			if err == nil {
				err = errors.New("record without message id")
			}
			return 0, &JournalError{Path: j.path, Line: line, Err: err}
		}
		if err := j.apply(&rec); err != nil {
			return 0, &JournalError{Path: j.path, Line: line, Err: err}
		}
		j.records++
		off += int64(len(b))
	}
}

// apply updates the in-memory state with one record.
func (j *journal) apply(rec *journalRecord) error {
	st := j.msgs[rec.Msg]
	if st == nil {
		st = &msgState{}
		j.msgs[rec.Msg] = st
	}
	switch rec.Op {
	case "intent":
		st.intent = rec
		st.done = nil
		st.moved = false
	case "done":
		st.intent = nil
		st.done = rec
	case "abort":
		st.intent = nil
	case "moved":
		st.moved = true
	default:
		return fmt.Errorf("unknown op %q", rec.Op)
	}
	if st.intent == nil && st.done == nil {
		delete(j.msgs, rec.Msg)
	}
	return nil
}

// live counts the records a compacted journal would hold.
func (j *journal) live() int {
	cutoff := j.now().Add(-j.retention)
	n := 0
	for _, st := range j.msgs {
		if st.intent != nil {
			n++
		}
		if st.done != nil && !(st.moved && st.done.At.Before(cutoff)) {
			n++
			if st.moved {
				n++
			}
		}
	}
	return n
}

// append writes rec and, when sync is set, makes it durable before
// returning.
func (j *journal) append(rec journalRecord, sync bool) error {
	if rec.At.IsZero() {
		rec.At = j.now().UTC()
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := j.f.Write(b); err != nil {
		return fmt.Errorf("appending to journal: %w", err)
	}
	if sync {
		if err := j.f.Sync(); err != nil {
			return fmt.Errorf("syncing journal: %w", err)
		}
	}
	j.records++
	if err := j.apply(&rec); err != nil {
		return err
	}
	// Keep a long-running daemon's journal from growing without bound.
	if j.records%1024 == 0 && j.records > 2*j.live()+256 {
		return j.compact()
	}
	return nil
}

// doneRecord returns the done record of msg, or nil.
func (j *journal) doneRecord(msg string) *journalRecord {
	if st := j.msgs[msg]; st != nil {
		return st.done
	}
	return nil
}

// pendingIntents returns the intents that have neither done nor abort,
// oldest first.
func (j *journal) pendingIntents() []journalRecord {
	var out []journalRecord
	for _, st := range j.msgs {
		if st.intent != nil {
			out = append(out, *st.intent)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].At.Before(out[b].At) })
	return out
}

// isMoved reports whether msg was recorded as filed on IMAP.
func (j *journal) isMoved(msg string) bool {
	st := j.msgs[msg]
	return st != nil && st.moved
}

// compact rewrites the journal with only its live records, forgetting done
// messages filed more than the retention period ago.
func (j *journal) compact() error {
	cutoff := j.now().Add(-j.retention)
	ids := make([]string, 0, len(j.msgs))
	for id := range j.msgs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	records := 0
	for _, id := range ids {
		st := j.msgs[id]
		if st.intent != nil {
			if err := enc.Encode(st.intent); err != nil {
				return err
			}
			records++
		}
		if st.done != nil {
			if st.moved && st.done.At.Before(cutoff) {
				delete(j.msgs, id)
				continue
			}
			if err := enc.Encode(st.done); err != nil {
				return err
			}
			records++
			if st.moved {
				if err := enc.Encode(journalRecord{Op: "moved", Msg: id, At: st.done.At}); err != nil {
					return err
				}
				records++
			}
		}
	}
	if err := atomicfile.Write(j.path, buf.Bytes(), 0o600, true); err != nil {
		return fmt.Errorf("compacting journal: %w", err)
	}
	f, err := os.OpenFile(j.path, os.O_RDWR|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("reopening journal: %w", err)
	}
	if j.f != nil {
		j.f.Close()
	}
	j.f = f
	j.records = records
	return nil
}

func (j *journal) close() error {
	if j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	return err
}
