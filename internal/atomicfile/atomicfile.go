// Package atomicfile replaces files so that a crash leaves either the old
// bytes or the new ones, never a mix, and makes renames in a directory
// durable. The mail daemon's spool (journal, outbox) and the referee's
// store (tables, hosted seats, new games) both write through it.
//
// turnfile.WriteAtomic is the turn files' own writer: it keeps an existing
// file's mode and writes through symbolic links, which a player's turn
// file needs and the daemon's private files must not do.
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// Write replaces path with data: it writes a temporary file in the same
// directory with mode perm, syncs it, renames it over path and, unless
// syncDir is false (the caller syncs the directory once for a batch, with
// SyncDir), syncs the directory. The temporary file is removed when a
// step fails.
func Write(path string, data []byte, perm os.FileMode, syncDir bool) error {
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
	if err := writeAndClose(f, data); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if syncDir {
		return SyncDir(dir)
	}
	return nil
}

// writeAndClose writes data to f, syncs it and closes it; f is closed
// whatever happens.
func writeAndClose(f *os.File, data []byte) error {
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// SyncDir makes renames, creations and removals in dir durable.
func SyncDir(dir string) error {
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
