package rulesref

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/docs"
)

// FuzzParse checks that Parse never panics, fails only with a *ParseError,
// and that what it accepts is consistent: every rule and topic can be
// found by its own id or name, has text, and prints with its heading
// first; and Lookup answers every query with a match or a *NotFoundError.
func FuzzParse(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "*.md"))
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seeds match testdata/*.md (%v)", err)
	}
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "X2")
	}
	for _, name := range docs.Games() {
		b, err := docs.Rules(name)
		if err != nil {
			f.Fatal(err)
		}
		// The start of each reference: its title, introduction and first
		// topics. Whole references make the fuzzer's minimising crawl.
		if len(b) > 4096 {
			b = b[:bytes.LastIndexByte(b[:4096], '\n')+1]
		}
		f.Add(b, "permit")
	}
	f.Add([]byte("### R1 — A\n```\n### R1 — A\n"), "r1")
	f.Add([]byte("## Topic: a\nR1–R9999 R0-R2\n### R1 — x\ny"), "a")
	f.Add([]byte("#\n##\n###\n### \n## Topic:\n"), "")
	f.Add([]byte("\xff\xfe"), "\xff")
	f.Fuzz(func(t *testing.T, md []byte, query string) {
		ref, err := Parse(md)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse error %v (%T), want a *ParseError", err, err)
			}
			return
		}
		for _, r := range ref.Rules() {
			got, ok := ref.Rule(r.ID)
			if !ok || got != r {
				t.Fatalf("Rule(%q) = %#v, %v; want %#v", r.ID, got, ok, r)
			}
			if r.Body == "" || !strings.HasPrefix(r.Text(), r.ID+" — "+r.Title+"\n") {
				t.Fatalf("rule %s: body %q, text %q", r.ID, r.Body, r.Text())
			}
		}
		for _, tp := range ref.Topics() {
			got, ok := ref.Topic(tp.Name)
			if !ok || got.Name != tp.Name || got.Body != tp.Body {
				t.Fatalf("Topic(%q) = %#v, %v; want %#v", tp.Name, got, ok, tp)
			}
			if tp.Body == "" || !strings.HasPrefix(tp.Text(), tp.Heading+"\n") {
				t.Fatalf("topic %s: body %q, text %q", tp.Name, tp.Body, tp.Text())
			}
		}
		m, err := ref.Lookup(query)
		if err != nil {
			var nf *NotFoundError
			if !errors.As(err, &nf) {
				t.Fatalf("Lookup(%q) error %v (%T), want a *NotFoundError", query, err, err)
			}
			return
		}
		if m.Kind == NoMatch || m.Text() == "" {
			t.Fatalf("Lookup(%q) = %#v with no error, want a match", query, m)
		}
	})
}
