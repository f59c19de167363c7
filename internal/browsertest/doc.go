// Package browsertest drives a real browser from tests: it starts
// ChromeDriver on a free loopback port with a headless Chromium and
// speaks the W3C WebDriver protocol to it (a session, navigation, script,
// elements, clicks, keys, window size, screenshots), with nothing but
// net/http and encoding/json. Diff compares two screenshots pixel by
// pixel.
//
// The browser is optional: without /usr/bin/chromium and
// /usr/bin/chromedriver (Debian's chromium and chromium-driver packages)
// Start skips the test with a notice saying how to install them, unless
// the environment variable ELASUND_REQUIRE_BROWSER is set to 1, which
// turns the skip into a failure (CI sets it after installing them).
//
// Only tests may import it.
package browsertest
