package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestReport reads a run's events: the plain lines pass, a failing test's
// output is printed, and the skipped tests are listed with their reasons.
func TestReport(t *testing.T) {
	events := strings.Join([]string{
		`{"Action":"start","Package":"p/a"}`,
		`{"Action":"run","Package":"p/a","Test":"TestOK"}`,
		`{"Action":"output","Package":"p/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestOK","Output":"--- PASS: TestOK (0.00s)\n"}`,
		`{"Action":"pass","Package":"p/a","Test":"TestOK"}`,
		`{"Action":"run","Package":"p/a","Test":"TestMail"}`,
		`{"Action":"output","Package":"p/a","Test":"TestMail","Output":"=== RUN   TestMail\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestMail","Output":"    mail_test.go:12: no dovecot: apt-get install dovecot-imapd\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestMail","Output":"--- SKIP: TestMail (0.00s)\n"}`,
		`{"Action":"skip","Package":"p/a","Test":"TestMail"}`,
		`{"Action":"output","Package":"p/a","Output":"PASS\n"}`,
		`{"Action":"output","Package":"p/a","Output":"ok  \tp/a\t0.1s\n"}`,
		`{"Action":"pass","Package":"p/a"}`,
		`{"Action":"run","Package":"p/b","Test":"TestBad"}`,
		`{"Action":"output","Package":"p/b","Test":"TestBad","Output":"=== RUN   TestBad\n"}`,
		`{"Action":"output","Package":"p/b","Test":"TestBad","Output":"    b_test.go:3: 1 + 1 = 3\n"}`,
		`{"Action":"output","Package":"p/b","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}`,
		`{"Action":"fail","Package":"p/b","Test":"TestBad"}`,
		`{"Action":"output","Package":"p/b","Output":"FAIL\tp/b\t0.1s\n"}`,
		`{"Action":"fail","Package":"p/b"}`,
	}, "\n")
	var out bytes.Buffer
	r := newReport(&out)
	if err := r.read(strings.NewReader(events)); err != nil {
		t.Fatal(err)
	}
	r.summary()
	want := "ok  \tp/a\t0.1s\n" +
		"=== RUN   TestBad\n    b_test.go:3: 1 + 1 = 3\n--- FAIL: TestBad (0.00s)\n" +
		"FAIL\tp/b\t0.1s\n" +
		"skipped: 1 test\n" +
		"  p/a TestMail: mail_test.go:12: no dovecot: apt-get install dovecot-imapd\n"
	if got := out.String(); got != want {
		t.Errorf("the report is\n%s\nwant\n%s", got, want)
	}
	if !r.failed {
		t.Errorf("a failed test does not fail the report")
	}
}
