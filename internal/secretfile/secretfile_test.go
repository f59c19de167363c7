package secretfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

type record struct {
	Name string `yaml:"name"`
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var r record
	if err := Read(write("ok.yaml", "name: Alice\n", 0o600), &r); err != nil || r.Name != "Alice" {
		t.Errorf("Read(ok.yaml) = %v, %+v; want nil, Alice", err, r)
	}
	var me *ModeError
	if err := Read(write("open.yaml", "name: Bob\n", 0o644), &r); !errors.As(err, &me) {
		t.Errorf("Read(open.yaml) = %v, want a *ModeError", err)
	}
	var de *DecodeError
	if err := Read(write("extra.yaml", "name: C\nsecret: x\n", 0o600), &r); !errors.As(err, &de) {
		t.Errorf("Read(extra.yaml) = %v, want a *DecodeError for the unknown field", err)
	}
	if err := Read(filepath.Join(dir, "none.yaml"), &r); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read(none.yaml) = %v, want fs.ErrNotExist", err)
	}
}
