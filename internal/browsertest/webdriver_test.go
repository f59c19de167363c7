package browsertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBrowser drives a page through every command the package speaks:
// navigation, script, elements, clicks, keys, the window and screenshots.
func TestBrowser(t *testing.T) {
	b := Start(t, Options{Width: 800, Height: 600})
	page := filepath.Join(b.Dir(), "page.html")
	os.WriteFile(page, []byte(`<!DOCTYPE html><html><body style="margin:0">
<button id="b" onclick="this.textContent = +this.textContent + 1">0</button>
<p id="k"></p>
<div id="box" style="width:120px;height:80px;background:#2563c9"></div>
<div id="box2" style="width:120px;height:80px;background:#2563c9"></div>
<div id="box3" style="width:120px;height:80px;background:#d8342c"></div>
<script>document.addEventListener('keydown', e => document.getElementById('k').textContent += e.key + ' ')</script>
</body></html>`), 0o644)
	u := FileURL(page)
	if err := b.Navigate(u + "#x=1"); err != nil {
		t.Fatal(err)
	}
	if got, err := b.URL(); err != nil || !strings.HasSuffix(got, "#x=1") {
		t.Fatalf("URL = %q, %v", got, err)
	}
	btn, err := b.Find("#b")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := btn.Click(); err != nil {
			t.Fatal(err)
		}
	}
	if s, err := btn.Text(); err != nil || s != "3" {
		t.Fatalf("after three clicks the button says %q, %v", s, err)
	}
	if err := b.Eval(nil, "document.activeElement.blur()"); err != nil {
		t.Fatal(err)
	}
	if err := b.Keys(KeyArrowRight, KeyArrowLeft, KeyHome, KeyEnd, "x"); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitFor(2*time.Second, "return document.getElementById('k').textContent === arguments[0]", "ArrowRight ArrowLeft Home End x "); err != nil {
		t.Fatal(err)
	}
	var sum int
	if err := b.Eval(&sum, "return arguments[0] + arguments[1]", 2, 3); err != nil || sum != 5 {
		t.Fatalf("Eval = %d, %v", sum, err)
	}
	if err := b.Eval(nil, "throw new Error('boom')"); err == nil {
		t.Fatal("a script that throws gives no error")
	}
	if _, err := b.Find("#none"); err == nil {
		t.Fatal("Find of a missing element gives no error")
	}
	if a, err := btn.Attribute("id"); err != nil || a != "b" {
		t.Fatalf("Attribute = %q, %v", a, err)
	}
	// Element screenshots: two boxes alike, a third not.
	shot := func(css string) []byte {
		e, err := b.Find(css)
		if err != nil {
			t.Fatal(err)
		}
		p, err := e.Screenshot()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, err := DecodePNG(shot("#box"))
	if err != nil {
		t.Fatal(err)
	}
	two, _ := DecodePNG(shot("#box2"))
	three, _ := DecodePNG(shot("#box3"))
	if d, _ := Diff(one, two, 2); !d.Same(0) || d.SizeA.X != 120 || d.SizeA.Y != 80 {
		t.Errorf("two like boxes: %v", d)
	}
	if d, _ := Diff(one, three, 2); d.Same(100) {
		t.Errorf("a blue and a red box: %v", d)
	}
	if err := b.SetWindow(640, 480); err != nil {
		t.Fatal(err)
	}
	full, err := b.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	if img, err := DecodePNG(full); err != nil || img.Bounds().Dx() != 640 {
		t.Fatalf("the window's screenshot after resizing: %v, %v", img.Bounds(), err)
	}
}
