// Package secretfile reads the YAML files that hold secrets (a player's key
// store, the mail referee's hosted seats): refused when group or others may
// read them, and decoded strictly (unknown fields are errors). turnfile and
// mail both use it.
package secretfile

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"

	"go.yaml.in/yaml/v3"
)

// ModeError reports a secret file that group or others may read.
type ModeError struct {
	Path string
	Mode fs.FileMode
}

func (e *ModeError) Error() string {
	return fmt.Sprintf("%s: mode %04o lets others read it; run chmod 600 %s", e.Path, e.Mode.Perm(), e.Path)
}

// DecodeError reports a secret file whose YAML does not decode into the
// expected structure.
type DecodeError struct {
	Path string
	Err  error
}

func (e *DecodeError) Error() string { return fmt.Sprintf("%s: malformed: %v", e.Path, e.Err) }

func (e *DecodeError) Unwrap() error { return e.Err }

// Read decodes the YAML file at path into v after checking its mode. A
// missing file gives an error that wraps fs.ErrNotExist.
func Read(path string, v any) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return &ModeError{Path: path, Mode: fi.Mode()}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return &DecodeError{Path: path, Err: err}
	}
	return nil
}
