// Command testreport runs "go test -json" with the arguments it is given
// and prints what a plain "go test" prints (a line a package, and the
// whole output of a test that fails), then what was skipped and why, one
// line a test, so that "make test" says which tests did not run (the mail
// servers, the browser, bash-completion missing). It exits as go test
// does.
//
//	go run ./internal/testreport -count=1 ./...
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

func main() {
	cmd := exec.Command("go", append([]string{"test", "-json"}, os.Args[1:]...)...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(1)
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(1)
	}
	r := newReport(os.Stdout)
	readErr := r.read(stdout)
	err = cmd.Wait()
	r.summary()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		os.Exit(ee.ExitCode())
	case err != nil || readErr != nil:
		fmt.Fprintln(os.Stderr, "testreport:", errors.Join(err, readErr))
		os.Exit(1)
	case r.failed:
		os.Exit(1)
	}
}

// event is one line of "go test -json" (go doc test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// report turns the events of a test run into a plain run's lines and
// gathers the skipped tests.
type report struct {
	out io.Writer
	// outputs are the lines each running test printed, by package and
	// test, until it passes, fails or is skipped.
	outputs map[string][]string
	skipped []skip
	failed  bool
}

// skip is a skipped test and the reason it printed.
type skip struct {
	pkg, test, reason string
}

func newReport(out io.Writer) *report {
	return &report{out: out, outputs: map[string][]string{}}
}

// read reads the events of a run.
func (r *report) read(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			// Not an event (a line go printed itself): pass it on.
			fmt.Fprintln(r.out, sc.Text())
			continue
		}
		r.event(e)
	}
	return sc.Err()
}

// event handles one event.
func (r *report) event(e event) {
	key := e.Package + "\x00" + e.Test
	switch {
	case e.Action == "build-output":
		fmt.Fprint(r.out, e.Output)
	case e.Test == "" && e.Action == "output":
		// The package's own lines: "ok  pkg 1.2s", "FAIL", coverage; the
		// "PASS" before "ok" only a verbose run prints.
		if e.Output != "PASS\n" {
			fmt.Fprint(r.out, e.Output)
		}
	case e.Test == "" && e.Action == "fail":
		r.failed = true
	case e.Action == "output":
		r.outputs[key] = append(r.outputs[key], e.Output)
	case e.Action == "fail":
		r.failed = true
		for _, l := range r.outputs[key] {
			fmt.Fprint(r.out, l)
		}
		delete(r.outputs, key)
	case e.Action == "skip":
		r.skipped = append(r.skipped, skip{pkg: e.Package, test: e.Test, reason: skipReason(r.outputs[key])})
		delete(r.outputs, key)
	case e.Action == "pass":
		delete(r.outputs, key)
	}
}

// summary prints the skipped tests with their reasons.
func (r *report) summary() {
	if len(r.skipped) == 0 {
		fmt.Fprintln(r.out, "skipped: none")
		return
	}
	fmt.Fprintf(r.out, "skipped: %d %s\n", len(r.skipped), plural(len(r.skipped), "test", "tests"))
	for _, s := range r.skipped {
		name := s.test
		if name == "" {
			name = "(the whole package)"
		}
		fmt.Fprintf(r.out, "  %s %s: %s\n", s.pkg, name, s.reason)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// skipReason is what a skipped test printed, without the run's own
// lines ("=== RUN", "--- SKIP"): its t.Skip message, with where it was
// called.
func skipReason(lines []string) string {
	var out []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") {
			continue
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return "(no reason given)"
	}
	return strings.Join(out, " / ")
}
