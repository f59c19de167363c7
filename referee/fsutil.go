package referee

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// writeFileAtomic replaces path with data so that after a crash the file
// holds either its old content or all of data: it writes a temporary file
// in the same directory, syncs it, renames it over path and, unless
// syncDir is false (the caller syncs the directory once for a batch),
// syncs the directory.
func writeFileAtomic(path string, data []byte, perm os.FileMode, syncDir bool) error {
	dir := filepath.Dir(path)
	var rnd [6]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return err
	}
	tmp := filepath.Join(dir, ".tmp-"+filepath.Base(path)+"-"+hex.EncodeToString(rnd[:]))
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if syncDir {
		return syncDirectory(dir)
	}
	return nil
}

// syncDirectory makes renames, creations and removals in dir durable.
func syncDirectory(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("syncing directory %s: %w", dir, err)
	}
	return nil
}
