package mail

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/elasund/elasund/internal/atomicfile"
)

// The outbox holds replies, one file per reply in <spool>/outbox:
//
//	<id>.held   written before the handler's commit; sent only if the
//	            journal later says the message is done
//	<id>.ready  released: the sender loop delivers it and then removes it
//	failed/<id>.ready  refused for good by the SMTP server
//
// A file starts with the line "elasund-outbox 1", then one line of JSON
// (outboxMeta), then the message exactly as it is sent.
const (
	outboxDir   = "outbox"
	failedDir   = "failed"
	heldSuffix  = ".held"
	readySuffix = ".ready"
	outboxMagic = "elasund-outbox 1\n"
)

// outboxMeta is the envelope of an outbox item.
type outboxMeta struct {
	ID      string    `json:"id"`
	Message string    `json:"message"` // Message-ID of the incoming message
	From    string    `json:"from"`
	To      []string  `json:"to"`
	Created time.Time `json:"created"`
}

// outboxItem is a reply waiting to be sent.
type outboxItem struct {
	outboxMeta
	Data []byte
}

// replyID is the outbox id of reply number i to message msgID. It depends
// only on the two, so handling a message again after a crash produces
// replies with the same ids and Message-IDs.
func replyID(msgID string, i int) string {
	sum := sha256.Sum256([]byte("reply\x00" + msgID + "\x00" + strconv.Itoa(i)))
	return hex.EncodeToString(sum[:12])
}

// outbox stores replies durably between the decision and delivery.
type outbox struct {
	dir string

	mu    sync.Mutex
	ready map[string]outboxMeta // released items not yet delivered
}

// openOutbox creates the outbox directories, removes temporary files left
// by a crash and indexes the released items.
func openOutbox(spool string) (*outbox, error) {
	o := &outbox{dir: filepath.Join(spool, outboxDir), ready: map[string]outboxMeta{}}
	if err := os.MkdirAll(filepath.Join(o.dir, failedDir), 0o700); err != nil {
		return nil, fmt.Errorf("creating outbox: %w", err)
	}
	entries, err := os.ReadDir(o.dir)
	if err != nil {
		return nil, fmt.Errorf("reading outbox: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, ".tmp-"):
			os.Remove(filepath.Join(o.dir, name))
		case strings.HasSuffix(name, readySuffix):
			it, err := o.read(filepath.Join(o.dir, name))
			if err != nil {
				return nil, err
			}
			o.ready[it.ID] = it.outboxMeta
		}
	}
	return o, nil
}

func (o *outbox) path(id, suffix string) string { return filepath.Join(o.dir, id+suffix) }

// hold writes items as held and makes them durable.
func (o *outbox) hold(items []outboxItem) error {
	if len(items) == 0 {
		return nil
	}
	for _, it := range items {
		var buf bytes.Buffer
		buf.WriteString(outboxMagic)
		meta, err := json.Marshal(it.outboxMeta)
		if err != nil {
			return err
		}
		buf.Write(meta)
		buf.WriteByte('\n')
		buf.Write(it.Data)
		if err := atomicfile.Write(o.path(it.ID, heldSuffix), buf.Bytes(), 0o600, false); err != nil {
			return fmt.Errorf("writing outbox item %s: %w", it.ID, err)
		}
	}
	return atomicfile.SyncDir(o.dir)
}

// release makes held items ready to send. An item already released is
// left alone, so release can be repeated after a crash.
func (o *outbox) release(ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	for _, id := range ids {
		// Not held any more means released (or even delivered) before.
		err := os.Rename(o.path(id, heldSuffix), o.path(id, readySuffix))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("releasing outbox item %s: %w", id, err)
		}
	}
	// No directory sync: the journal's done record, written before, is
	// what makes the release durable; recovery repeats a lost rename.
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, id := range ids {
		it, err := o.read(o.path(id, readySuffix))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return err
		}
		o.ready[id] = it.outboxMeta
	}
	return nil
}

// drop deletes held items whose commit did not happen.
func (o *outbox) drop(ids []string) error {
	for _, id := range ids {
		if err := os.Remove(o.path(id, heldSuffix)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("dropping outbox item %s: %w", id, err)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return atomicfile.SyncDir(o.dir)
}

// heldItems lists the held items with the Message-ID they answer.
func (o *outbox) heldItems() ([]outboxMeta, error) {
	entries, err := os.ReadDir(o.dir)
	if err != nil {
		return nil, fmt.Errorf("reading outbox: %w", err)
	}
	var out []outboxMeta
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), heldSuffix) {
			continue
		}
		it, err := o.read(filepath.Join(o.dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, it.outboxMeta)
	}
	return out, nil
}

// pending returns the released items, oldest first.
func (o *outbox) pending() []outboxMeta {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]outboxMeta, 0, len(o.ready))
	for _, m := range o.ready {
		out = append(out, m)
	}
	sort.Slice(out, func(a, b int) bool {
		if !out[a].Created.Equal(out[b].Created) {
			return out[a].Created.Before(out[b].Created)
		}
		return out[a].ID < out[b].ID
	})
	return out
}

// load reads a released item.
func (o *outbox) load(id string) (*outboxItem, error) {
	return o.read(o.path(id, readySuffix))
}

// remove deletes a delivered item. The directory sync makes the removal
// durable at once: until it is, a crash would send the reply again.
func (o *outbox) remove(id string) error {
	if err := os.Remove(o.path(id, readySuffix)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing sent outbox item %s: %w", id, err)
	}
	o.mu.Lock()
	delete(o.ready, id)
	o.mu.Unlock()
	return atomicfile.SyncDir(o.dir)
}

// fail moves an item the SMTP server refused for good out of the way.
func (o *outbox) fail(id string) error {
	err := os.Rename(o.path(id, readySuffix), filepath.Join(o.dir, failedDir, id+readySuffix))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("moving outbox item %s to failed: %w", id, err)
	}
	o.mu.Lock()
	delete(o.ready, id)
	o.mu.Unlock()
	if err := atomicfile.SyncDir(filepath.Join(o.dir, failedDir)); err != nil {
		return err
	}
	return atomicfile.SyncDir(o.dir)
}

// read parses one outbox file.
func (o *outbox) read(path string) (*outboxItem, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := bufio.NewReader(bytes.NewReader(b))
	magic, err := r.ReadString('\n')
	if err != nil || magic != outboxMagic {
		return nil, fmt.Errorf("outbox file %s: not an outbox item", path)
	}
	metaLine, err := r.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("outbox file %s: truncated", path)
	}
	var it outboxItem
	if err := json.Unmarshal(metaLine, &it.outboxMeta); err != nil {
		return nil, fmt.Errorf("outbox file %s: %w", path, err)
	}
	it.Data, err = io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return &it, nil
}
