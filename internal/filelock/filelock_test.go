package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLockExcludes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	unlock, err := Lock(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(path, 20*time.Millisecond); !errors.Is(err, ErrLocked) {
		t.Fatalf("second Lock = %v, want ErrLocked", err)
	}
	done := make(chan error)
	go func() {
		u, err := Lock(path, 2*time.Second)
		if err == nil {
			u()
		}
		done <- err
	}()
	time.Sleep(30 * time.Millisecond)
	unlock()
	if err := <-done; err != nil {
		t.Fatalf("Lock after unlock = %v, want it to wait and succeed", err)
	}
}

// TestLockFileFollowsRename locks a file that a writer replaces by a
// rename: a waiter must end up holding the new file, not the old one.
func TestLockFileFollowsRename(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.yaml")
	if err := os.WriteFile(path, []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	unlock, err := LockFile(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		u, err := LockFile(path, 2*time.Second)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := os.ReadFile(path)
		u()
		got <- string(b)
	}()
	time.Sleep(20 * time.Millisecond)
	tmp := filepath.Join(dir, "tmp")
	if err := os.WriteFile(tmp, []byte("2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	// A third locker arriving after the rename locks the new file at
	// once: the writer is done with it.
	third, err := LockFile(path, 10*time.Millisecond)
	if err != nil {
		t.Fatalf("locking the renamed file: %v", err)
	}
	third()
	unlock()
	if s := <-got; s != "2" {
		t.Fatalf("the waiter read %q, want the renamed file's 2", s)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("the directory holds %d files, want only the game file", len(entries))
	}
}
