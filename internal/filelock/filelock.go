// Package filelock takes exclusive advisory locks on files, so that two
// processes do not write one game file, key store or spool at once. The
// kernel drops a lock when its process dies, so a killed process leaves
// nothing stale behind.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// ErrLocked is returned when another process holds the lock past the wait.
var ErrLocked = errors.New("locked by another process")

// Lock takes an exclusive lock on the file at path (created, mode 0600, if
// missing), waiting up to wait for another holder to let go. unlock
// releases it.
func Lock(path string, wait time.Duration) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening lock %s: %w", path, err)
	}
	if err := lockBy(f, path, time.Now().Add(wait)); err != nil {
		return nil, err
	}
	return release(f), nil
}

// LockFile takes an exclusive lock on the file at path itself (which must
// exist) for a writer that replaces the file by renaming a new one over
// it: after each lock it checks that path still names the file it locked,
// and locks the new one if a writer replaced it meanwhile. No lock file is
// left behind. unlock releases it.
func LockFile(path string, wait time.Duration) (unlock func(), err error) {
	deadline := time.Now().Add(wait)
	for {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		if err := lockBy(f, path, deadline); err != nil {
			return nil, err
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return release(f), nil
		}
		unlockFile(f)
		f.Close()
		if err2 != nil {
			return nil, err2
		}
	}
}

// lockBy takes the lock of the open file f, trying again with growing
// pauses until deadline; on failure it closes f (ErrLocked once the
// deadline passes).
func lockBy(f *os.File, path string, deadline time.Time) error {
	for pause := time.Millisecond; ; pause = min(2*pause, 50*time.Millisecond) {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return fmt.Errorf("locking %s: %w", path, err)
		}
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			f.Close()
			return ErrLocked
		}
		time.Sleep(pause)
	}
}

// release returns the unlock function of f's lock.
func release(f *os.File) func() {
	return func() {
		unlockFile(f)
		f.Close()
	}
}
