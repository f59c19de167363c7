//go:build unix

package mail

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockSpool takes an exclusive lock on the spool directory so that two
// daemons never share a journal. The kernel drops the lock when the
// process dies, so a killed daemon leaves nothing stale behind.
func lockSpool(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening spool lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrSpoolLocked
		}
		return nil, fmt.Errorf("locking spool: %w", err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
