package mail

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestJournalReplay(t *testing.T) {
	dir := t.TempDir()
	now := func() time.Time { return time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC) }
	j, err := openJournal(dir, time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	must := func(rec journalRecord, sync bool) {
		t.Helper()
		if err := j.append(rec, sync); err != nil {
			t.Fatal(err)
		}
	}
	must(journalRecord{Op: "intent", Msg: "a", Game: "g", Entry: 1, Folder: folderProcessed, Items: []string{"r1"}}, true)
	must(journalRecord{Op: "done", Msg: "a", Folder: folderProcessed, Items: []string{"r1"}}, true)
	must(journalRecord{Op: "moved", Msg: "a"}, false)
	must(journalRecord{Op: "intent", Msg: "b", Game: "g", Entry: 2, Folder: folderRejected}, true)
	must(journalRecord{Op: "intent", Msg: "c", Game: "h", Entry: 1, Folder: folderProcessed}, true)
	must(journalRecord{Op: "abort", Msg: "c"}, true)
	must(journalRecord{Op: "done", Msg: "d", Folder: folderRejected}, true)
	j.close()

	j, err = openJournal(dir, time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	if rec := j.doneRecord("a"); rec == nil || rec.Folder != folderProcessed || !j.isMoved("a") {
		t.Errorf("a: done=%v moved=%v", rec, j.isMoved("a"))
	}
	if rec := j.doneRecord("d"); rec == nil || rec.Folder != folderRejected || j.isMoved("d") {
		t.Errorf("d: done=%v moved=%v", rec, j.isMoved("d"))
	}
	if j.doneRecord("b") != nil || j.doneRecord("c") != nil {
		t.Error("b or c marked done")
	}
	p := j.pendingIntents()
	if len(p) != 1 || p[0].Msg != "b" || p[0].Entry != 2 || p[0].Folder != folderRejected {
		t.Errorf("pending intents = %+v, want only b", p)
	}
}

func TestJournalTornTail(t *testing.T) {
	dir := t.TempDir()
	j, err := openJournal(dir, time.Hour, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	j.append(journalRecord{Op: "done", Msg: "a", Folder: folderProcessed}, true)
	j.close()
	path := filepath.Join(dir, journalName)
	good, _ := os.ReadFile(path)
	for name, torn := range map[string]string{
		"half a record":   `{"op":"done","msg":"b","fol`,
		"garbage line":    "{\"op\":\"done\",\"msg\":\"b\"}x\n",
		"no newline":      `{"op":"done","msg":"b","folder":"processed","at":"2030-01-01T00:00:00Z"}`,
		"half plus blank": "{\"op\":\"do\n\n",
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, append(append([]byte(nil), good...), torn...), 0o600); err != nil {
				t.Fatal(err)
			}
			j, err := openJournal(dir, time.Hour, time.Now)
			if err != nil {
				t.Fatalf("open after torn write: %v", err)
			}
			if j.doneRecord("a") == nil || j.doneRecord("b") != nil {
				t.Error("torn record applied or good one lost")
			}
			if err := j.append(journalRecord{Op: "done", Msg: "c", Folder: folderProcessed}, true); err != nil {
				t.Fatal(err)
			}
			j.close()
			j, err = openJournal(dir, time.Hour, time.Now)
			if err != nil {
				t.Fatalf("reopen: %v", err)
			}
			defer j.close()
			if j.doneRecord("c") == nil {
				t.Error("record appended after the cut was lost")
			}
			b, _ := os.ReadFile(path)
			os.WriteFile(path, good, 0o600)
			if strings.Count(string(b), "\n") != 2 {
				t.Errorf("journal after cut and append:\n%s", b)
			}
		})
	}
}

func TestJournalCorruptMiddle(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, journalName)
	content := `{"op":"done","msg":"a","folder":"processed","at":"2030-01-01T00:00:00Z"}` + "\n" +
		"not json\n" +
		`{"op":"done","msg":"b","folder":"processed","at":"2030-01-01T00:00:00Z"}` + "\n"
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := openJournal(dir, time.Hour, time.Now)
	var je *JournalError
	if !errors.As(err, &je) || je.Line != 2 {
		t.Errorf("openJournal = %v, want *JournalError at line 2", err)
	}
	os.WriteFile(path, []byte(`{"op":"explode","msg":"a","at":"2030-01-01T00:00:00Z"}`+"\n"), 0o600)
	if _, err := openJournal(dir, time.Hour, time.Now); !errors.As(err, &je) {
		t.Errorf("unknown op: %v, want *JournalError", err)
	}
}

func TestJournalCompaction(t *testing.T) {
	dir := t.TempDir()
	clock := &fakeClock{t: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	j, err := openJournal(dir, 24*time.Hour, clock.now)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		id := fmt.Sprintf("m%d", i)
		j.append(journalRecord{Op: "intent", Msg: id, Game: "g", Entry: i + 1, Folder: folderProcessed}, false)
		j.append(journalRecord{Op: "done", Msg: id, Folder: folderProcessed}, false)
		if i%2 == 0 {
			j.append(journalRecord{Op: "moved", Msg: id}, false)
		}
	}
	j.append(journalRecord{Op: "intent", Msg: "pending", Game: "g", Entry: 301, Folder: folderProcessed}, true)
	j.close()

	clock.advance(48 * time.Hour)
	j, err = openJournal(dir, 24*time.Hour, clock.now)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	b, _ := os.ReadFile(filepath.Join(dir, journalName))
	lines := strings.Count(string(b), "\n")
	// 150 done but never moved are kept; the 150 moved ones are old
	// enough to forget; the pending intent stays.
	if lines != 151 {
		t.Errorf("compacted journal has %d lines, want 151", lines)
	}
	if j.doneRecord("m0") != nil {
		t.Error("old moved message still remembered")
	}
	if j.doneRecord("m1") == nil {
		t.Error("unmoved message forgotten")
	}
	if p := j.pendingIntents(); len(p) != 1 || p[0].Msg != "pending" {
		t.Errorf("pending intents = %+v", p)
	}
	if err := j.append(journalRecord{Op: "done", Msg: "pending", Folder: folderProcessed}, true); err != nil {
		t.Fatalf("append after compaction: %v", err)
	}
}
