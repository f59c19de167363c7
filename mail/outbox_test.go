package mail

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestOutboxLifecycle(t *testing.T) {
	spool := t.TempDir()
	o, err := openOutbox(spool)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	items := []outboxItem{
		{outboxMeta{ID: replyID("m1", 0), Message: "m1", From: testFrom, To: []string{"a@example.test"}, Created: now}, []byte("first\r\n")},
		{outboxMeta{ID: replyID("m1", 1), Message: "m1", From: testFrom, To: []string{"b@example.test", "c@example.test"}, Created: now.Add(1)}, []byte("second\r\n")},
		{outboxMeta{ID: replyID("m2", 0), Message: "m2", From: testFrom, To: []string{"d@example.test"}, Created: now.Add(2)}, []byte("third\r\n")},
	}
	if err := o.hold(items); err != nil {
		t.Fatal(err)
	}
	if len(o.pending()) != 0 {
		t.Error("held items are pending")
	}
	held, err := o.heldItems()
	if err != nil || len(held) != 3 {
		t.Fatalf("heldItems = %v, %v", held, err)
	}
	if err := o.release([]string{items[0].ID, items[1].ID}); err != nil {
		t.Fatal(err)
	}
	if err := o.release([]string{items[0].ID}); err != nil {
		t.Errorf("releasing twice: %v", err)
	}
	if err := o.drop([]string{items[2].ID}); err != nil {
		t.Fatal(err)
	}
	// Leftover temporary file from a crash.
	os.WriteFile(filepath.Join(o.dir, ".tmp-x-123"), []byte("junk"), 0o600)

	o, err = openOutbox(spool)
	if err != nil {
		t.Fatal(err)
	}
	p := o.pending()
	if len(p) != 2 || p[0].ID != items[0].ID || p[1].ID != items[1].ID {
		t.Fatalf("pending after reopen = %+v", p)
	}
	it, err := o.load(p[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if string(it.Data) != "second\r\n" || len(it.To) != 2 || it.Message != "m1" || it.From != testFrom {
		t.Errorf("loaded item = %+v", it)
	}
	if err := o.remove(p[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := o.fail(p[1].ID); err != nil {
		t.Fatal(err)
	}
	if len(o.pending()) != 0 {
		t.Error("items left pending")
	}
	if _, err := os.Stat(filepath.Join(o.dir, failedDir, p[1].ID+readySuffix)); err != nil {
		t.Errorf("failed item not set aside: %v", err)
	}
	if _, err := os.Stat(filepath.Join(o.dir, ".tmp-x-123")); !os.IsNotExist(err) {
		t.Error("temporary file not cleaned up")
	}
	if held, _ := o.heldItems(); len(held) != 0 {
		t.Errorf("held items left: %v", held)
	}
}

func TestReplyIDStable(t *testing.T) {
	// The id is pinned: a resent reply must carry the same Message-ID in
	// every run and every version of the daemon.
	if got, want := replyID("m1", 0), "07dccfb32217cac556094623"; got != want {
		t.Errorf("replyID(m1, 0) = %s, want %s", got, want)
	}
	if replyID("m1", 0) == replyID("m1", 1) || replyID("m1", 0) == replyID("m2", 0) {
		t.Error("replyID collides")
	}
}

func TestReplyMessageID(t *testing.T) {
	// Pinned with replyID: other packages (the referee's tests) wait for
	// replies by these Message-IDs.
	if got, want := ReplyMessageID("m1", 0, "elasund@example.org"), "elasund.07dccfb32217cac556094623@example.org"; got != want {
		t.Errorf("ReplyMessageID(m1, 0, elasund@example.org) = %s, want %s", got, want)
	}
	if got, want := ReplyMessageID("m1", 0, "nobody"), "elasund.07dccfb32217cac556094623@elasund.invalid"; got != want {
		t.Errorf("ReplyMessageID without a domain = %s, want %s", got, want)
	}
}

func TestOutboxLayout(t *testing.T) {
	// docs/mail.md documents the outbox: <spool>/outbox/<id>.ready are
	// the released replies; the referee's kill test counts them there.
	if got := filepath.Join("spool", outboxDir, "id"+readySuffix); got != filepath.Join("spool", "outbox", "id.ready") {
		t.Errorf("a released reply is at %s, not where docs/mail.md says", got)
	}
}
