package replay

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/browsertest"
)

// pageState is what the page shows, read from its DOM.
type pageState struct {
	Entry   string `json:"entry"`   // the entry number in the bar
	Current string `json:"current"` // the highlighted line of the log
	InSight bool   `json:"inSight"` // that line is within the log's box
	Hash    string `json:"hash"`
	Title   string `json:"title"` // the shown picture's title
	Hand    string `json:"hand"`  // the first seat's holdings
	Status  string `json:"status"`
	Text    string `json:"text"`
	Slider  string `json:"slider"`
	First   bool   `json:"first"` // the first-position button is disabled
	Last    bool   `json:"last"`  // the last-position button is disabled
	Shown   bool   `json:"shown"` // the picture is visible
}

const readState = `
var d = document, cur = d.querySelector('#rp-log .rp-current'), log = d.getElementById('rp-log');
var title = d.querySelector('#rp-board > svg > title');
var seen = false;
if (cur) {
  var r = cur.getBoundingClientRect(), l = log.getBoundingClientRect();
  seen = r.top >= l.top - 1 && r.bottom <= l.bottom + 1 && r.top >= 0 && r.top < window.innerHeight;
}
return {
  entry: d.getElementById('rp-n').textContent, current: cur ? cur.getAttribute('data-n') : '', inSight: seen,
  hash: location.hash, title: title ? title.textContent : '', hand: d.getElementById('rp-hand-0').textContent,
  status: d.getElementById('rp-status').textContent, text: d.getElementById('rp-text').textContent,
  slider: d.getElementById('rp-slider').value,
  first: d.getElementById('rp-first').disabled, last: d.getElementById('rp-last').disabled,
  shown: !!title && getComputedStyle(title.parentNode).visibility === 'visible'
};`

const isReady = `var r = document.documentElement.getAttribute('data-ready'); return !!r && r !== 'failed';`

// openPage loads a page afresh (not as a jump within the page) and waits
// until its frames are unpacked.
func openPage(t *testing.T, b *browsertest.Browser, url string) {
	t.Helper()
	if err := b.Navigate("about:blank"); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(url); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitFor(20*time.Second, isReady); err != nil {
		var st string
		b.Eval(&st, "return document.documentElement.getAttribute('data-ready') + ' ' + document.getElementById('rp-status').textContent")
		t.Fatalf("the page did not unpack its frames: %v (%s)", err, st)
	}
}

// TestPageInBrowser steps through a page in a real browser with the keys,
// the buttons, the slider, the log and the address, and compares the
// board it shows with the picture drawn alone.
func TestPageInBrowser(t *testing.T) {
	b := browsertest.Start(t, browsertest.Options{Width: 1280, Height: 1400})
	dir := t.TempDir()
	p := testPage(12)
	// Entry 9 has no frame, as in an edited sandbox game.
	p.Frames = append(p.Frames[:9], p.Frames[10:]...)
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	url := browsertest.FileURL(path)

	state := func() pageState {
		t.Helper()
		var s pageState
		if err := b.Eval(&s, readState); err != nil {
			t.Fatal(err)
		}
		return s
	}
	// expect checks that the page shows entry n, and that the bar, the
	// log, the picture, the holdings and the text agree.
	expect := func(what string, n int, hash string) {
		t.Helper()
		s := state()
		want := pageState{
			Entry: strconv.Itoa(n), Current: strconv.Itoa(n), InSight: true, Hash: hash,
			Title: fmt.Sprintf("Position %d", n), Hand: fmt.Sprintf("gold %d", n),
			Status: fmt.Sprintf("turn %d", (n+1)/2), Text: fmt.Sprintf("board\nrow 1\nentry %d\n", n),
			Slider: s.Slider, First: n == 0, Last: n == 12, Shown: true,
		}
		if s != want {
			t.Fatalf("%s: the page shows %+v, want %+v", what, s, want)
		}
		if i := frameIndex(p, n); s.Slider != strconv.Itoa(i) {
			t.Fatalf("%s: the slider is at %s, want %d", what, s.Slider, i)
		}
	}
	click := func(css string) {
		t.Helper()
		e, err := b.Find(css)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Click(); err != nil {
			t.Fatal(err)
		}
	}
	keys := func(k ...string) {
		t.Helper()
		if err := b.Keys(k...); err != nil {
			t.Fatal(err)
		}
	}

	openPage(t, b, url)
	expect("opened", 12, "")
	var external int
	if err := b.Eval(&external, "return performance.getEntriesByType('resource').length"); err != nil || external != 0 {
		t.Fatalf("the page loaded %d resources (%v), want none", external, err)
	}
	keys(browsertest.KeyArrowRight)
	expect("→ at the end", 12, "#entry=12")
	keys(browsertest.KeyHome)
	expect("Home", 0, "#entry=0")
	keys(browsertest.KeyArrowRight, browsertest.KeyArrowRight, browsertest.KeyArrowRight)
	expect("→ → →", 3, "#entry=3")
	keys(browsertest.KeyArrowLeft)
	expect("←", 2, "#entry=2")
	keys(browsertest.KeyEnd)
	expect("End", 12, "#entry=12")

	click("#rp-first")
	expect("the first-position button", 0, "#entry=0")
	click("#rp-next")
	click("#rp-next")
	expect("the next button twice", 2, "#entry=2")
	click("#rp-last")
	expect("the last-position button", 12, "#entry=12")
	click("#rp-prev")
	expect("the previous button", 11, "#entry=11")

	// The log: a line jumps to its entry; an entry without a frame shows
	// the position before it.
	click(`#rp-log li[data-n="4"] > a`)
	expect("the log's line 4", 4, "#entry=4")
	click(`#rp-log li[data-n="9"] > a`)
	expect("the log's line 9, which has no frame", 8, "#entry=8")
	keys(browsertest.KeyArrowRight)
	expect("→ past the entry without a frame", 10, "#entry=10")

	// The slider steps by itself when it has the focus.
	click("#rp-slider")
	if err := b.Eval(nil, "var s = document.getElementById('rp-slider'); s.focus(); s.value = 2; s.dispatchEvent(new Event('input'))"); err != nil {
		t.Fatal(err)
	}
	expect("the slider moved", 2, "#entry=2")
	keys(browsertest.KeyArrowRight)
	expect("→ on the slider", 3, "#entry=3")
	if err := b.Eval(nil, "document.activeElement.blur()"); err != nil {
		t.Fatal(err)
	}

	// The address: a fragment opens its entry, and so does changing it.
	openPage(t, b, url+"#entry=5")
	expect("opened at #entry=5", 5, "#entry=5")
	if err := b.Eval(nil, "location.hash = '#entry=7'"); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitFor(5*time.Second, "return document.getElementById('rp-n').textContent === '7'"); err != nil {
		t.Fatal(err)
	}
	expect("#entry=7 set", 7, "#entry=7")

	// Space plays from here, and again stops.
	keys(browsertest.KeySpace)
	if err := b.WaitFor(5*time.Second, "return +document.getElementById('rp-n').textContent >= 9"); err != nil {
		t.Fatal(err)
	}
	keys(browsertest.KeySpace)
	s := state()
	time.Sleep(1500 * time.Millisecond)
	if after := state(); after.Entry != s.Entry {
		t.Fatalf("space did not stop the play: entry %s, then %s", s.Entry, after.Entry)
	}

	// The board as the page shows it is the picture of that position.
	for _, n := range []int{0, 3, 12} {
		openPage(t, b, fmt.Sprintf("%s#entry=%d", url, n))
		compareBoard(t, b, dir, n, p.Frames[frameIndex(p, n)].SVG, true)
	}
	// ... and not the picture of another.
	openPage(t, b, url+"#entry=3")
	compareBoard(t, b, dir, 3, p.Frames[frameIndex(p, 4)].SVG, false)

	// Layout: the log beside the board on a wide window, below it on a
	// narrow one; f fits the whole picture in the window.
	openPage(t, b, url)
	for _, c := range []struct {
		width  int
		beside bool
	}{{1280, true}, {600, false}} {
		if err := b.SetWindow(c.width, 900); err != nil {
			t.Fatal(err)
		}
		if err := b.WaitFor(5*time.Second, "return Math.abs(window.innerWidth - arguments[0]) < 20", c.width); err != nil {
			t.Fatal(err)
		}
		var beside bool
		if err := b.Eval(&beside, `var a = document.getElementById('rp-board').getBoundingClientRect(), l = document.querySelector('.rp-logbox').getBoundingClientRect();
return l.left >= a.right && l.top < a.bottom`); err != nil {
			t.Fatal(err)
		}
		if beside != c.beside {
			var w string
			b.Eval(&w, "return 'board ' + JSON.stringify(document.getElementById('rp-board').getBoundingClientRect()) + ', log ' + JSON.stringify(document.querySelector('.rp-logbox').getBoundingClientRect())")
			t.Errorf("at %d pixels wide the log is beside the board: %v, want %v (%s)", c.width, beside, c.beside, w)
		}
	}
	// On a wide window lower than the picture, the board's column scrolls:
	// the picture is never cut short.
	if err := b.SetWindow(1280, 500); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitFor(5*time.Second, "return window.innerHeight < 600"); err != nil {
		var h int
		b.Eval(&h, "return window.innerHeight")
		t.Fatalf("%v (the window is %d pixels high)", err, h)
	}
	var whole bool
	if err := b.Eval(&whole, `var c = document.querySelector('.rp-board-col'), s = document.querySelector('#rp-board > svg');
return document.getElementById('rp-board').getBoundingClientRect().height >= s.getBoundingClientRect().height && c.scrollHeight > c.clientHeight`); err != nil || !whole {
		t.Errorf("the board is cut short in a low window, or its column does not scroll (%v)", err)
	}
	if err := b.SetWindow(1280, 700); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitFor(5*time.Second, "return Math.abs(window.innerWidth - 1280) < 20"); err != nil {
		t.Fatal(err)
	}
	keys("f")
	var fits bool
	if err := b.Eval(&fits, `var r = document.querySelector('#rp-board > svg').getBoundingClientRect();
return document.body.classList.contains('rp-fit') && r.height <= window.innerHeight && r.height > 300`); err != nil || !fits {
		t.Errorf("f does not fit the picture in the window (%v)", err)
	}
}

// frameIndex is the index of the frame of entry n in p.
func frameIndex(p *Page, n int) int {
	for i, f := range p.Frames {
		if f.Entry == n {
			return i
		}
	}
	return -1
}

// compareBoard compares a screenshot of the board the page shows (entry
// n) with the picture svg drawn alone at the same width: alike if same,
// else clearly different. The images go to dir.
func compareBoard(t *testing.T, b *browsertest.Browser, dir string, n int, svg []byte, same bool) {
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
	alone, err := b.ShowSVG(svg, width)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := alone.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	browsertest.CompareShots(t, dir, fmt.Sprintf("entry-%d", n), shot, ref, same)
}
