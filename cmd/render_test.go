package cmd

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/browsertest"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

func TestRenderArgv(t *testing.T) {
	app := testApp(nil)
	cases := []struct {
		args []string
		want renderOptions
	}{
		{[]string{"g.yaml", "--svg", "b.svg"}, renderOptions{File: "g.yaml", SVG: "b.svg"}},
		{[]string{"g.yaml", "--html", "g.html"}, renderOptions{File: "g.yaml", HTML: "g.html"}},
		{[]string{"g.yaml", "--html", "g.html", "--force", "--svg", "b.svg"}, renderOptions{File: "g.yaml", SVG: "b.svg", HTML: "g.html", Force: true}},
		{[]string{"g.yaml"}, renderOptions{File: "g.yaml"}},
	}
	for _, c := range cases {
		var got *renderOptions
		if err := execCmd(newRenderCmd(app, func(o *renderOptions) error { got = o; return nil }), c.args...); err != nil {
			t.Fatalf("render %q: %v", c.args, err)
		}
		if got.File != c.want.File || got.SVG != c.want.SVG || got.HTML != c.want.HTML || got.Force != c.want.Force || got.Out == nil {
			t.Errorf("render %q: options = %+v, want %+v", c.args, got, c.want)
		}
	}
	for _, args := range [][]string{
		{}, {"g.yaml", "h.yaml"}, {"g.yaml", "--svg", ""}, {"g.yaml", "--png", "b.png"},
		{"g.yaml", "--html", ""}, {"g.yaml", "--force"}, {"g.yaml", "--svg", "x", "--html", "x"},
	} {
		var ue *usageError
		if err := execCmd(newRenderCmd(app, func(*renderOptions) error { return nil }), args...); !errors.As(err, &ue) {
			t.Errorf("render %q = %v, want usage error", args, err)
		}
	}
}

func TestRenderOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	if err := runRender(t.Context(), &renderOptions{File: file, Out: &out}); err != nil {
		t.Fatal(err)
	}
	doc := out.String()
	if !strings.HasPrefix(doc, "<?xml") || !strings.Contains(doc, `id="building-D4"`) {
		t.Fatalf("output is not the board's SVG: %.200q", doc)
	}
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		if _, err := d.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
		}
	}
	// --svg writes the same picture to a file and says so.
	svg := filepath.Join(t.TempDir(), "b.svg")
	out.Reset()
	if err := runRender(t.Context(), &renderOptions{File: file, SVG: svg, Out: &out}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "wrote "+svg+": the board of "+file) {
		t.Fatalf("output = %q", out.String())
	}
	if b, _ := os.ReadFile(svg); string(b) != doc {
		t.Fatal("the file differs from the picture on standard output")
	}
	// A broken file: exit 4; a missing one: exit 1.
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("format: elasund/1\nheader: 7\n"), 0o644)
	if err := runRender(t.Context(), &renderOptions{File: bad, Out: &out}); exitCode(err) != exitInvalid {
		t.Fatalf("render of a bad file = %v, want exit 4", err)
	}
	if err := runRender(t.Context(), &renderOptions{File: bad + ".none", Out: &out}); exitCode(err) != exitFailure {
		t.Fatalf("render of a missing file = %v, want exit 1", err)
	}
}

// TestRenderHTMLOutput: --html writes the whole game as a page: the
// header, the verification, every entry in the log, a frame for every
// position; it never replaces a file without --force.
func TestRenderHTMLOutput(t *testing.T) {
	file := filepath.Join("..", "examples", "finished.yaml")
	g, err := openGame(nil, file)
	if err != nil {
		t.Fatal(err)
	}
	n := len(g.File().History)
	dir := t.TempDir()
	page := filepath.Join(dir, "game.html")
	var out bytes.Buffer
	if err := runRender(t.Context(), &renderOptions{File: file, HTML: page, Out: &out}); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(`^wrote %s: the whole game of %s, %d positions \([0-9]+ bytes\)\n$`, regexp.QuoteMeta(page), regexp.QuoteMeta(file), n+1); !regexp.MustCompile(want).MatchString(out.String()) {
		t.Fatalf("output = %q, want %s (and no picture)", out.String(), want)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	h := g.File().Header
	wants := []string{
		"<!DOCTYPE html>", "<title>Elasund · game " + h.Game + "</title>",
		"edition en", "verified: every signature, reveal and move checks out",
		fmt.Sprintf(`data-entry="%d"`, n), fmt.Sprintf(`max="%d" value="%d"`, n, n),
		`<a href="#entry=0">`, fmt.Sprintf(`<a href="#entry=%d">`, n),
		`<span class="rp-seat">red</span> <span class="rp-kind">joins</span>`,
	}
	for _, s := range h.Seats {
		wants = append(wants, "<b>"+s.Colour+"</b> "+s.Name)
	}
	r := games.All().For(g.Rules()).Renderer
	for _, ev := range g.File().History[n-1].Events {
		// The page words events as the log does; html/template writes "+"
		// as a character reference.
		wants = append(wants, strings.ReplaceAll(template.HTMLEscapeString(r.Event(g.Position(), ev)), "+", "&#43;"))
	}
	for _, w := range wants {
		if !strings.Contains(html, w) {
			t.Errorf("the page lacks %q", w)
		}
	}
	if c := strings.Count(html, `<li class="rp-entry`); c != n+1 {
		t.Errorf("the log has %d lines, want %d", c, n+1)
	}
	// Never over an existing file without --force; both pictures at once.
	err = runRender(t.Context(), &renderOptions{File: file, HTML: page, Out: &out})
	if err == nil || exitCode(err) != exitFailure || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("render --html over a file = %v, want a refusal (exit 1)", err)
	}
	os.WriteFile(page, []byte("old"), 0o644)
	out.Reset()
	svg := filepath.Join(dir, "b.svg")
	if err := runRender(t.Context(), &renderOptions{File: file, HTML: page, SVG: svg, Force: true, Out: &out}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(page); string(got) != html {
		t.Error("--force did not write the same page again")
	}
	if got, _ := os.ReadFile(svg); !bytes.HasPrefix(got, []byte("<?xml")) {
		t.Error("--svg with --html wrote no picture")
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 2 {
		t.Errorf("output = %q, want a line for each file", out.String())
	}
	// A sandbox game says what was checked instead of signatures.
	sb := sandboxFile(t)
	sbPage := filepath.Join(dir, "s.html")
	if err := runRender(t.Context(), &renderOptions{File: sb, HTML: sbPage, Out: &out}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(sbPage); !strings.Contains(string(got), "sandbox game: every move replays to the stored state") {
		t.Error("the sandbox game's page does not say how it was checked")
	}
}

// longGame writes a sandbox game of at least minEntries entries, each one
// action of a heuristic bot, to a file in dir.
func longGame(t testing.TB, dir string, minEntries int) string {
	t.Helper()
	kit := games.All().Kits()[0]
	seats := []turnfile.Seat{{Colour: "red", Name: "Astrid"}, {Colour: "blue", Name: "Bjorn"}, {Colour: "green", Name: "Greta"}, {Colour: "yellow", Name: "Yngve"}}
	for seed := int64(1); seed <= 40; seed++ {
		s := seed
		g, err := turnfile.New(turnfile.NewOptions{Rules: kit.Rules, Sandbox: true, Seed: &s, Seats: seats, Created: testTime})
		if err != nil {
			t.Fatal(err)
		}
		player, err := kit.Bots.New("heuristic", uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		at := testTime
		for !g.Position().Over() && len(g.File().History) < minEntries+100 {
			seat := g.Acting()[0]
			a, err := player.Choose(g.Position(), seat, g.Source(seat, nil))
			if err != nil {
				t.Fatal(err)
			}
			at = at.Add(time.Minute)
			if _, err := g.Move(seat, []engine.Action{a}, nil, at, turnfile.MoveOptions{}); err != nil {
				t.Fatalf("seed %d: %s %s: %v", seed, seat, a, err)
			}
		}
		if len(g.File().History) < minEntries {
			continue
		}
		path := filepath.Join(dir, "long.yaml")
		if err := turnfile.WriteFile(path, g.File()); err != nil {
			t.Fatal(err)
		}
		return path
	}
	t.Fatalf("no game of %d entries or more in 40 seeds", minEntries)
	return ""
}

// TestRenderHTMLLong: the page of a long game stays small: its frames
// share most of their lines.
func TestRenderHTMLLong(t *testing.T) {
	dir := t.TempDir()
	file := longGame(t, dir, 300)
	page := filepath.Join(dir, "long.html")
	var out bytes.Buffer
	start := time.Now()
	if err := runRender(t.Context(), &renderOptions{File: file, HTML: page, Out: &out}); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	fi, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	g, err := openGame(nil, file)
	if err != nil {
		t.Fatal(err)
	}
	one, _ := games.All().For(g.Rules()).Renderer.SVG(g.Position(), templates.View{})
	n := len(g.File().History)
	t.Logf("%d entries: a page of %d bytes (one picture is %d bytes; %d of them would be %d), written in %v",
		n, fi.Size(), len(one), n+1, len(one)*(n+1), took.Round(time.Millisecond))
	if fi.Size() > 3<<20 {
		t.Errorf("the page of %d entries is %d bytes, want under 3 MB", n, fi.Size())
	}
}

// TestRenderHTMLBrowser opens the page of a real game in a real browser:
// it opens at the last entry, steps with the keys and the buttons, shows
// at each entry the board the game's renderer draws for that position
// (compared screenshot against screenshot with the picture alone), and
// shows the first frame of a long game quickly.
func TestRenderHTMLBrowser(t *testing.T) {
	b := browsertest.Start(t, browsertest.Options{Width: 1280, Height: 2200})
	dir := t.TempDir()
	file := filepath.Join("..", "examples", "finished.yaml")
	page := filepath.Join(dir, "finished.html")
	if err := runRender(t.Context(), &renderOptions{File: file, HTML: page, Out: io.Discard}); err != nil {
		t.Fatal(err)
	}
	g, err := openGame(nil, file)
	if err != nil {
		t.Fatal(err)
	}
	r := games.All().For(g.Rules()).Renderer
	svgs := map[int][]byte{}
	if err := g.Replay(func(n int, _ *turnfile.Entry, p engine.Position) error {
		svgs[n], err = r.SVG(p, templates.View{})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	last := len(g.File().History)
	url := browsertest.FileURL(page)

	open := func(url string) {
		t.Helper()
		if err := b.Navigate("about:blank"); err != nil {
			t.Fatal(err)
		}
		if err := b.Navigate(url); err != nil {
			t.Fatal(err)
		}
		if err := b.WaitFor(30*time.Second, `var r = document.documentElement.getAttribute('data-ready'); return !!r && r !== 'failed'`); err != nil {
			t.Fatal(err)
		}
	}
	// at checks the entry in the bar, the highlighted log line and the
	// address.
	at := func(what string, n int, hash string) {
		t.Helper()
		var s struct{ Entry, Current, Hash string }
		if err := b.Eval(&s, `var c = document.querySelector('#rp-log .rp-current');
return {Entry: document.getElementById('rp-n').textContent, Current: c ? c.getAttribute('data-n') : '', Hash: location.hash}`); err != nil {
			t.Fatal(err)
		}
		if want := strconv.Itoa(n); s.Entry != want || s.Current != want || s.Hash != hash {
			t.Fatalf("%s: entry %s, log line %s, address %q; want %d, %d, %q", what, s.Entry, s.Current, s.Hash, n, n, hash)
		}
	}
	keys := func(k ...string) {
		t.Helper()
		if err := b.Keys(k...); err != nil {
			t.Fatal(err)
		}
	}
	board := func(n, other int) {
		t.Helper()
		el, err := b.Find("#rp-board > svg")
		if err != nil {
			t.Fatal(err)
		}
		var width float64
		if err := b.Eval(&width, "return arguments[0].getBoundingClientRect().width", el); err != nil {
			t.Fatal(err)
		}
		var inView bool
		if err := b.Eval(&inView, "var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight", el); err != nil || !inView {
			t.Fatalf("the window is too low to show the whole picture (%v)", err)
		}
		shot, err := el.Screenshot()
		if err != nil {
			t.Fatal(err)
		}
		alone, err := b.ShowSVG(svgs[n], width)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := alone.Screenshot()
		if err != nil {
			t.Fatal(err)
		}
		browsertest.CompareShots(t, dir, fmt.Sprintf("entry-%d", n), shot, ref, true)
		if other >= 0 {
			if alone, err = b.ShowSVG(svgs[other], width); err != nil {
				t.Fatal(err)
			}
			if ref, err = alone.Screenshot(); err != nil {
				t.Fatal(err)
			}
			browsertest.CompareShots(t, dir, fmt.Sprintf("entry-%d-vs-%d", n, other), shot, ref, false)
		}
	}

	open(url)
	at("opened", last, "")
	board(last, -1)
	open(url)
	keys(browsertest.KeyHome)
	at("Home", 0, "#entry=0")
	keys(browsertest.KeyArrowRight, browsertest.KeyArrowRight, browsertest.KeyArrowRight)
	at("→ → →", 3, "#entry=3")
	for range 20 {
		keys(browsertest.KeyArrowRight)
	}
	at("20 × →", 23, "#entry=23")
	board(23, last)
	open(url + "#entry=23")
	keys(browsertest.KeyEnd)
	at("End", last, fmt.Sprintf("#entry=%d", last))
	for _, id := range []string{"#rp-prev", "#rp-prev"} {
		e, err := b.Find(id)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Click(); err != nil {
			t.Fatal(err)
		}
	}
	at("the previous button twice", last-2, fmt.Sprintf("#entry=%d", last-2))
	board(last-2, -1)
	open(url + "#entry=0")
	at("opened at #entry=0", 0, "#entry=0")
	board(0, -1)

	// A long game: how big its page is and how soon it shows.
	long := longGame(t, dir, 300)
	longPage := filepath.Join(dir, "long.html")
	if err := runRender(t.Context(), &renderOptions{File: long, HTML: longPage, Out: io.Discard}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(longPage)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.SetWindow(1600, 1000); err != nil {
		t.Fatal(err)
	}
	open(browsertest.FileURL(longPage))
	var times struct{ Paint, Loaded, Ready float64 }
	if err := b.Eval(&times, `var p = performance.getEntriesByType('paint').filter(e => e.name === 'first-contentful-paint')[0];
return {Paint: p ? p.startTime : -1, Loaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  Ready: +document.documentElement.getAttribute('data-ready')}`); err != nil {
		t.Fatal(err)
	}
	lg, _ := openGame(nil, long)
	t.Logf("a page of %d entries: %d bytes; first frame shown after %.0f ms, page read after %.0f ms, every frame ready after %.0f ms",
		len(lg.File().History), fi.Size(), times.Paint, times.Loaded, times.Ready)
	// Reported, never asserted: timings on a shared machine are no test
	// (the headless browser may not even record a first paint).
	if times.Ready <= 0 {
		t.Errorf("the long game's page never marked itself ready (data-ready = %.0f)", times.Ready)
	}
	keys(browsertest.KeyHome, browsertest.KeyArrowRight)
	at("the long game, Home →", 1, "#entry=1")

	// The status says which position the page shows: the one after the
	// entry, which may be in the next turn (issue 20 item 15).
	open(url + "#entry=20")
	var status string
	if err := b.Eval(&status, "return document.getElementById('rp-status').textContent"); err != nil {
		t.Fatal(err)
	}
	e20 := g.File().History[19]
	if want := fmt.Sprintf("after entry 20, %s's %s in turn %d: turn ", e20.Seat, e20.Kind, g.Steps()[19].Turn); !strings.HasPrefix(status, want) {
		t.Errorf("at #entry=20 the status says %q, want it to begin %q", status, want)
	}
	// The whole picture of either game fits a 1600×1100 window.
	if err := b.SetWindow(1600, 1100); err != nil {
		t.Fatal(err)
	}
	sea := filepath.Join(dir, "seafarers.html")
	if err := runRender(t.Context(), &renderOptions{File: filepath.Join("..", "examples", "seafarers", "new-shores-finished.yaml"), HTML: sea, Out: io.Discard}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{url, browsertest.FileURL(sea)} {
		open(u)
		var fit struct {
			Bottom, Width, Inner float64
		}
		if err := b.Eval(&fit, `var r = document.querySelector('#rp-board > svg').getBoundingClientRect();
return {Bottom: r.bottom, Width: r.width, Inner: window.innerHeight}`); err != nil {
			t.Fatal(err)
		}
		if fit.Bottom > fit.Inner || fit.Width < 900 {
			t.Errorf("%s: in a 1600×1100 window the picture is %.0f wide and ends at %.0f, below the window's %.0f", filepath.Base(u), fit.Width, fit.Bottom, fit.Inner)
		}
	}
}
