//go:build !unix

package mail

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// lockSpool marks the spool directory as in use with a lock file created
// exclusively. Unlike the Unix flock, a file left by a killed daemon must
// be removed by hand.
func lockSpool(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, "lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return nil, ErrSpoolLocked
	}
	if err != nil {
		return nil, fmt.Errorf("creating spool lock: %w", err)
	}
	f.Close()
	return func() { os.Remove(path) }, nil
}
