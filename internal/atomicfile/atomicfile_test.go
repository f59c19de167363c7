package atomicfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteReplaces checks that Write replaces a file's bytes, gives a
// new file the mode asked for, and leaves no temporary file behind.
func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "table.yaml")
	for _, data := range [][]byte{[]byte("old\n"), []byte("new, longer\n"), nil} {
		if err := Write(path, data, 0o600, true); err != nil {
			t.Fatalf("Write(%q) = %v", data, err)
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("after Write(%q) the file holds %q (%v)", data, got, err)
		}
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 1 {
		t.Fatalf("directory holds %d entries (%v), want only the file", len(ents), err)
	}
}

// TestWriteFailureKeepsOld checks that a Write that cannot finish (the
// target is a directory, so the rename fails) leaves what was there and
// no temporary file.
func TestWriteFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub")
	if err := os.Mkdir(target, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(target, []byte("data"), 0o600, false); err == nil {
		t.Fatal("Write over a non-empty directory succeeded")
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 1 || !ents[0].IsDir() {
		t.Fatalf("after the failed Write the directory holds %v (%v), want only sub/", ents, err)
	}
	if err := Write(filepath.Join(dir, "missing", "f"), []byte("x"), 0o600, false); err == nil {
		t.Fatal("Write into a missing directory succeeded")
	}
}

// TestSyncDirMissing checks that SyncDir reports a directory it cannot
// open.
func TestSyncDirMissing(t *testing.T) {
	if err := SyncDir(filepath.Join(t.TempDir(), "gone")); err == nil {
		t.Fatal("SyncDir of a missing directory succeeded")
	}
}
