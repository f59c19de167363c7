package browsertest

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// EnvRequire, when set to 1, turns a missing browser into a test failure
// instead of a skip. CI sets it after installing chromium and
// chromium-driver.
const EnvRequire = "ELASUND_REQUIRE_BROWSER"

// The programs Start runs: Debian's chromium and chromium-driver.
const (
	Chromium     = "/usr/bin/chromium"
	ChromeDriver = "/usr/bin/chromedriver"
)

// Keys for Browser.Keys, as WebDriver codes them (W3C WebDriver §17.4.2).
const (
	KeyHome       = "\ue011"
	KeyEnd        = "\ue010"
	KeyArrowLeft  = "\ue012"
	KeyArrowRight = "\ue014"
	KeySpace      = "\ue00d"
)

// elementKey is the property that carries an element reference in JSON
// (W3C WebDriver §12.1).
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

// Options set up the browser. Zero fields take the defaults.
type Options struct {
	// Width and Height are the window's size in CSS pixels; 0 means
	// 1280 by 1024.
	Width, Height int
	// Args are further Chromium switches.
	Args []string
}

// Browser is a ChromeDriver process with one session of a headless
// Chromium; Start makes one and the test's cleanup ends both.
type Browser struct {
	t       testing.TB
	base    string
	session string
	client  *http.Client
	dir     string
	pages   int // pages ShowSVG wrote
}

// Element is an element of the page, found with Browser.Find.
type Element struct {
	b  *Browser
	id string
}

// Require skips the test when Chromium or ChromeDriver is missing,
// saying how to install them, unless EnvRequire is set to 1, in which
// case it fails the test.
func Require(t testing.TB) {
	t.Helper()
	var missing []string
	for _, p := range []string{Chromium, ChromeDriver} {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return
	}
	if os.Getenv(EnvRequire) == "1" {
		t.Fatalf("%s=1 but the browser is missing (%s): apt-get install -y chromium chromium-driver", EnvRequire, strings.Join(missing, ", "))
	}
	t.Skipf("no browser (missing %s): apt-get install -y chromium chromium-driver to run this test, or set %s=1 to make this a failure", strings.Join(missing, ", "), EnvRequire)
}

// Start runs ChromeDriver on a free port of 127.0.0.1 and opens a
// session of a headless Chromium with a fresh profile in a temporary
// directory. It skips the test as Require does when they are missing.
func Start(t testing.TB, o Options) *Browser {
	t.Helper()
	Require(t)
	if o.Width == 0 {
		o.Width = 1280
	}
	if o.Height == 0 {
		o.Height = 1024
	}
	dir := t.TempDir()
	port, err := freePort()
	if err != nil {
		t.Fatalf("finding a free port: %v", err)
	}
	logPath := filepath.Join(dir, "chromedriver.log")
	cmd := exec.Command(ChromeDriver, fmt.Sprintf("--port=%d", port), "--log-path="+logPath)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	setGroup(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", ChromeDriver, err)
	}
	b := &Browser{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), client: &http.Client{Timeout: 90 * time.Second}, dir: dir}
	t.Cleanup(func() {
		if b.session != "" {
			b.do(http.MethodDelete, "/session/"+b.session, nil, nil)
		}
		stopGroup(cmd)
		cmd.Wait()
		if t.Failed() {
			t.Logf("chromedriver log: %s", logPath)
		}
	})
	if err := b.waitReady(20 * time.Second); err != nil {
		t.Fatalf("chromedriver did not start: %v (log: %s)", err, logPath)
	}
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--disable-default-apps", "--hide-scrollbars", "--mute-audio",
		"--force-device-scale-factor=1",
		fmt.Sprintf("--window-size=%d,%d", o.Width, o.Height),
		"--user-data-dir=" + filepath.Join(dir, "profile"),
	}
	args = append(args, o.Args...)
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName":        "chrome",
		"pageLoadStrategy":   "normal",
		"goog:chromeOptions": map[string]any{"binary": Chromium, "args": args},
	}}}
	var s struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.do(http.MethodPost, "/session", caps, &s); err != nil {
		t.Fatalf("starting a browser session: %v (log: %s)", err, logPath)
	}
	b.session = s.SessionID
	return b
}

// Dir is a temporary directory of the browser's test.
func (b *Browser) Dir() string { return b.dir }

// Navigate loads url and waits for the page to load.
func (b *Browser) Navigate(url string) error {
	return b.cmd(http.MethodPost, "/url", map[string]any{"url": url}, nil)
}

// URL returns the address of the page.
func (b *Browser) URL() (string, error) {
	var u string
	err := b.cmd(http.MethodGet, "/url", nil, &u)
	return u, err
}

// Eval runs script as the body of a function with args (arguments[0] …)
// and decodes what it returns into out, which may be nil.
func (b *Browser) Eval(out any, script string, args ...any) error {
	if args == nil {
		args = []any{}
	}
	for i, a := range args {
		if e, ok := a.(Element); ok {
			args[i] = map[string]string{elementKey: e.id}
		}
	}
	return b.cmd(http.MethodPost, "/execute/sync", map[string]any{"script": script, "args": args}, out)
}

// WaitFor runs script until it returns true or timeout passes.
func (b *Browser) WaitFor(timeout time.Duration, script string, args ...any) error {
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		err := b.Eval(&ok, script, args...)
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waiting for %q: %w", script, err)
			}
			return fmt.Errorf("waiting for %q: still false after %v", script, timeout)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// SetWindow sets the window's outer size.
func (b *Browser) SetWindow(width, height int) error {
	return b.cmd(http.MethodPost, "/window/rect", map[string]any{"width": width, "height": height}, nil)
}

// Find returns the first element that matches a CSS selector.
func (b *Browser) Find(css string) (Element, error) {
	var ref map[string]string
	if err := b.cmd(http.MethodPost, "/element", map[string]any{"using": "css selector", "value": css}, &ref); err != nil {
		return Element{}, err
	}
	id, ok := ref[elementKey]
	if !ok {
		return Element{}, fmt.Errorf("find %q: no element reference in %v", css, ref)
	}
	return Element{b: b, id: id}, nil
}

// Keys presses and releases each key in turn, as a user at the keyboard
// would, on whatever element has the focus. A key is a character or one
// of the Key constants.
func (b *Browser) Keys(keys ...string) error {
	var acts []map[string]any
	for _, k := range keys {
		acts = append(acts, map[string]any{"type": "keyDown", "value": k}, map[string]any{"type": "keyUp", "value": k})
	}
	return b.cmd(http.MethodPost, "/actions", map[string]any{"actions": []any{
		map[string]any{"type": "key", "id": "keyboard", "actions": acts},
	}}, nil)
}

// Screenshot returns a PNG of the viewport.
func (b *Browser) Screenshot() ([]byte, error) {
	return b.png("/screenshot")
}

// Click clicks the element in its centre.
func (e Element) Click() error {
	return e.b.cmd(http.MethodPost, "/element/"+e.id+"/click", map[string]any{}, nil)
}

// Text returns the element's rendered text.
func (e Element) Text() (string, error) {
	var s string
	err := e.b.cmd(http.MethodGet, "/element/"+e.id+"/text", nil, &s)
	return s, err
}

// Attribute returns the element's attribute name, or "" if it has none.
func (e Element) Attribute(name string) (string, error) {
	var s *string
	if err := e.b.cmd(http.MethodGet, "/element/"+e.id+"/attribute/"+name, nil, &s); err != nil || s == nil {
		return "", err
	}
	return *s, nil
}

// Screenshot returns a PNG of the element's box, scrolled into view.
func (e Element) Screenshot() ([]byte, error) {
	return e.b.png("/element/" + e.id + "/screenshot")
}

func (b *Browser) png(path string) ([]byte, error) {
	var s string
	if err := b.cmd(http.MethodGet, path, nil, &s); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(s)
}

// cmd sends a command of the session.
func (b *Browser) cmd(method, path string, in, out any) error {
	return b.do(method, "/session/"+b.session+path, in, out)
}

// do sends one WebDriver command and decodes the value of its answer.
func (b *Browser) do(method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		js, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(js)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, b.base+path, body)
	if err != nil {
		return err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		return fmt.Errorf("webdriver %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("webdriver %s %s: %w", method, path, err)
	}
	var answer struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return fmt.Errorf("webdriver %s %s: %d: %.200q", method, path, resp.StatusCode, raw)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error   string `json:"error"`
			Message string `json:"message"`
		}
		json.Unmarshal(answer.Value, &e)
		return &Error{Command: method + " " + path, Status: resp.StatusCode, Code: e.Error, Message: e.Message}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(answer.Value, out); err != nil {
		return fmt.Errorf("webdriver %s %s: reading the answer: %w", method, path, err)
	}
	return nil
}

// waitReady waits until the server says it is ready for a session.
func (b *Browser) waitReady(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		var st struct {
			Ready bool `json:"ready"`
		}
		last = b.do(http.MethodGet, "/status", nil, &st)
		if last == nil && st.Ready {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	if last == nil {
		last = errors.New("not ready")
	}
	return last
}

// freePort returns a TCP port that was free on 127.0.0.1 a moment ago.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// ShowSVG loads a page of nothing but an SVG document, drawn width CSS
// pixels wide at the window's top left corner, and returns its svg
// element: to compare a picture as a page shows it with the picture
// alone.
func (b *Browser) ShowSVG(svg []byte, width float64) (Element, error) {
	doc := string(svg)
	if i := strings.Index(doc, "<svg"); i >= 0 {
		doc = doc[i:]
	}
	b.pages++
	path := filepath.Join(b.dir, fmt.Sprintf("svg-%d.html", b.pages))
	page := fmt.Sprintf(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; }</style></head>
<body><div id="picture" style="width: %gpx">%s</div></body></html>`, width, doc)
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		return Element{}, err
	}
	if err := b.Navigate(FileURL(path)); err != nil {
		return Element{}, err
	}
	return b.Find("#picture > svg")
}

// FileURL is the file:// address of a local file.
func FileURL(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
