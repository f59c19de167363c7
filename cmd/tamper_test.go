package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyTamperVectors runs verify on every tampered file of the turn
// file's test vectors: each must exit 4 and name its problem; the valid
// one must verify.
func TestVerifyTamperVectors(t *testing.T) {
	files, _ := filepath.Glob("../turnfile/testdata/vectors/*.yaml")
	if len(files) < 15 {
		t.Fatalf("%d vectors, want at least 15", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := bytes.Cut(b, []byte("\n"))
			r := run(t, nil, "", "verify", path)
			want, fails := strings.CutPrefix(string(first), "# elasund test vector: must fail: ")
			if !fails {
				if r.code != 0 {
					t.Fatalf("valid vector: exit %d: %s", r.code, r.stderr)
				}
				return
			}
			if r.code != 4 {
				t.Fatalf("exit %d, want 4; stderr %q", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, want) {
				t.Fatalf("stderr %q does not name the problem %q", r.stderr, want)
			}
			if strings.Count(r.stderr, "elasund: ") != 1 {
				t.Fatalf("stderr %q: want the error printed once", r.stderr)
			}
			after, _ := os.ReadFile(path)
			if !bytes.Equal(after, b) {
				t.Fatal("verify changed the file")
			}
		})
	}
}

// TestOversizedFile: a file over 1 MiB is refused with exit 4.
func TestOversizedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	b := append([]byte("format: elasund/1\n"), bytes.Repeat([]byte("# padding padding\n"), 70000)...)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, nil, "", "verify", path)
	if r.code != 4 || !strings.Contains(r.stderr, "larger than 1048576 bytes") {
		t.Fatalf("exit %d, stderr %q; want 4 and the size", r.code, r.stderr)
	}
}
