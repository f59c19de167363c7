package turnfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the strict reader: it must return a
// file or a *ParseError, never panic, and a file it accepts must encode to
// bytes that read back to the same bytes (§2.5).
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/vectors/*.yaml")
	if len(seeds) == 0 {
		f.Fatal("no seeds: testdata/vectors/*.yaml matches nothing")
	}
	for _, path := range seeds {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data, testGames)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse error %T (%v), want *ParseError", err, err)
			}
			return
		}
		b1, err := file.Marshal()
		if err != nil {
			t.Fatalf("Marshal of a parsed file: %v", err)
		}
		again, err := Parse(b1, testGames)
		if err != nil {
			t.Fatalf("Parse(Marshal(Parse(data, testGames))): %v", err)
		}
		b2, err := again.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b1, b2) {
			t.Fatalf("encoding is not stable:\n%s\n---\n%s", b1, b2)
		}
		// Replay must not panic either.
		_, _ = Open(file)
	})
}
