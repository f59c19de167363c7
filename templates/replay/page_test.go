package replay

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
)

// testSVG is a small picture of position n: a title, a counter that
// moves, and a few lines that stay.
func testSVG(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="100%">` + "\n")
	fmt.Fprintf(&b, "<title>Position %d</title>\n", n)
	b.WriteString(`<rect width="400" height="300" fill="#f6f0e1"/>` + "\n")
	for i := range 20 {
		fmt.Fprintf(&b, `<rect x="%d" y="20" width="16" height="16" fill="#2563c9"/>`+"\n", 10+i*19)
	}
	fmt.Fprintf(&b, `<circle cx="%d" cy="150" r="30" fill="#d8342c"/>`+"\n", 40+n*10)
	fmt.Fprintf(&b, `<text x="200" y="280" font-size="20">entry %d</text>`+"\n", n)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// testPage is a game of n entries by two seats.
func testPage(n int) *Page {
	p := &Page{
		Title: "Test Game", Game: "0123456789abcdef", Rules: "test rules", Created: "2026-01-02T03:04:05Z",
		Seats:    []Seat{{Colour: "red", Name: "Ann <ann@example.org>"}, {Colour: "blue", Name: "Ben & Co"}},
		Verified: "verified: every signature, reveal and move checks out", OK: true,
	}
	for i := 0; i <= n; i++ {
		if i > 0 {
			seat := p.Seats[i%2].Colour
			e := Entry{N: i, Seat: seat, Kind: "move", Actions: []string{"roll", fmt.Sprintf("build hut A%d", i)}, Events: []string{fmt.Sprintf("%s builds <b>a hut</b>", seat)}}
			if i%2 == 1 {
				e.Turn = (i + 1) / 2
			}
			p.Entries = append(p.Entries, e)
		}
		p.Frames = append(p.Frames, Frame{
			Entry: i, Status: fmt.Sprintf("turn %d", (i+1)/2), SVG: testSVG(i),
			Text:  fmt.Sprintf("board\nrow 1\nentry %d\n", i),
			Hands: []string{fmt.Sprintf("gold %d", i), fmt.Sprintf("gold %d", 2*i)},
		})
	}
	return p
}

// unpackPage reads the frames back out of a written page, as the page's
// script does.
func unpackPage(t *testing.T, page string) (*packed, [][2]string) {
	t.Helper()
	m := regexp.MustCompile(`<script id="rp-data" type="application/octet-stream">([A-Za-z0-9+/=]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no frame data")
	}
	z, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	js, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var p packed
	if err := json.Unmarshal(js, &p); err != nil {
		t.Fatal(err)
	}
	var docs [][2]string
	var svg, text []int
	for i, f := range p.Frames {
		var ok1, ok2 bool
		svg, ok1 = undiff(p.Lines, svg, f.SVG)
		text, ok2 = undiff(p.Lines, text, f.Text)
		if !ok1 || !ok2 {
			t.Fatalf("frame %d does not unpack", i)
		}
		join := func(ids []int) string {
			s := make([]string, len(ids))
			for k, id := range ids {
				s[k] = p.Lines[id]
			}
			return strings.Join(s, "\n")
		}
		docs = append(docs, [2]string{join(svg), join(text)})
	}
	return &p, docs
}

func TestWrite(t *testing.T) {
	p := testPage(12)
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"<!DOCTYPE html>",
		`<html lang="en" data-entry="12">`,
		"<title>Test Game · game 0123456789abcdef</title>",
		"Ann &lt;ann@example.org&gt;", "Ben &amp; Co",
		"✔", "verified: every signature, reveal and move checks out",
		`max="12" value="12"`,
		`entry <b id="rp-n">12</b> of 12`,
		// The last frame, written out: its picture without the XML
		// declaration, its standing, holdings and text.
		"<title>Position 12</title>",
		`<p id="rp-status" class="rp-status" aria-live="polite">turn 6</p>`,
		`<td id="rp-hand-1">gold 24</td>`,
		"entry 12\n</pre>",
		// The log: every entry, a link to its moment, the last one current.
		`<li class="rp-entry rp-start" data-n="0"><a href="#entry=0">`,
		`<li class="rp-entry rp-c-red" data-n="2"><a href="#entry=2"><span class="rp-n">2</span> <span class="rp-seat">red</span> <span class="rp-kind">move</span>: <span class="rp-acts">roll; build hut A2</span>`,
		`<li class="rp-turn" aria-hidden="true">turn 3: blue</li>`,
		`<span class="rp-ev">red builds &lt;b&gt;a hut&lt;/b&gt;</span>`,
		`<li class="rp-entry rp-c-red rp-current" data-n="12">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "<?xml") {
		t.Error("the page keeps an XML declaration")
	}
	// Nothing from the network: no address but the page's own fragments
	// and the SVG namespace.
	for _, m := range regexp.MustCompile(`(?i)(?:src|href|url)\s*[=(]\s*["']?([^"')\s>]+)`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(m[1], "#") {
			t.Errorf("the page refers to %q", m[1])
		}
	}
	if regexp.MustCompile(`(?i)https?://(?:[^w]|w[^w]|ww[^w])`).MatchString(strings.ReplaceAll(page, "http://www.w3.org/", "")) {
		t.Error("the page names an address outside itself")
	}
	// The frames unpack to the pictures and texts given.
	pk, docs := unpackPage(t, page)
	if len(docs) != len(p.Frames) {
		t.Fatalf("%d frames unpacked, want %d", len(docs), len(p.Frames))
	}
	for i, f := range p.Frames {
		svg, _ := inlineSVG(f.SVG)
		if docs[i][0] != svg || docs[i][1] != f.Text {
			t.Errorf("frame %d unpacks to %q, %q; want %q, %q", i, docs[i][0], docs[i][1], svg, f.Text)
		}
		pf := pk.Frames[i]
		if pf.N != f.Entry || pf.Status != f.Status || strings.Join(pf.Hands, "|") != strings.Join(f.Hands, "|") {
			t.Errorf("frame %d = %+v, want entry %d, status %q, hands %q", i, pf, f.Entry, f.Status, f.Hands)
		}
	}
}

// TestWriteEditedSandbox: an entry without a frame is in the log, marked,
// and the page warns instead of vouching.
func TestWriteEditedSandbox(t *testing.T) {
	p := testPage(5)
	p.Sandbox, p.OK = true, false
	p.Verified = "sandbox game: the state was edited and is a consistent position"
	p.Note = "The history does not lead to it: entry 4: no such building"
	p.Frames = append(p.Frames[:4], p.Frames[5])
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"sandbox game 0123456789abcdef",
		`class="rp-verified rp-warn"`,
		"<p class=\"rp-note\">The history does not lead to it: entry 4: no such building</p>",
		`<li class="rp-entry rp-c-red rp-noframe" data-n="4">`,
		`<li class="rp-entry rp-c-blue rp-current" data-n="5">`,
		`max="4" value="4"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	cases := []struct {
		name   string
		change func(p *Page)
		frame  int
	}{
		{"not an SVG", func(p *Page) { p.Frames[2].SVG = []byte("<html></html>") }, 2},
		{"a DTD", func(p *Page) { p.Frames[1].SVG = []byte(`<!DOCTYPE svg [<!ENTITY x "y">]><svg/>`) }, 1},
		{"holdings for other seats", func(p *Page) { p.Frames[3].Hands = []string{"gold 1"} }, 3},
		{"out of order", func(p *Page) { p.Frames[2].Entry = 1 }, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := testPage(4)
			c.change(p)
			var fe *FrameError
			if err := Write(io.Discard, p); !errors.As(err, &fe) || fe.Frame != c.frame {
				t.Fatalf("Write = %v, want a FrameError for frame %d", err, c.frame)
			}
		})
	}
	if err := Write(io.Discard, &Page{Title: "x"}); !errors.Is(err, ErrNoFrames) {
		t.Fatalf("Write of no frames = %v, want ErrNoFrames", err)
	}
}

// TestWriteShares: a long game's frames share most of their lines, and
// their data is a small part of their pictures.
func TestWriteShares(t *testing.T) {
	p := testPage(300)
	raw := 0
	for _, f := range p.Frames {
		raw += len(f.SVG) + len(f.Text)
	}
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`id="rp-data" type="application/octet-stream">([^<]*)<`).FindStringSubmatch(b.String())
	if m == nil {
		t.Fatal("the page has no frame data")
	}
	if len(m[1]) > raw/20 {
		t.Errorf("the data of %d frames is %d bytes, their pictures and texts %d: want a twentieth at most", len(p.Frames), len(m[1]), raw)
	}
	t.Logf("%d frames, %d bytes of pictures and text: %d bytes of data, a page of %d bytes", len(p.Frames), raw, len(m[1]), b.Len())
}
