package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestVerifyArgv(t *testing.T) {
	app := testApp(nil)
	var got *verifyOptions
	if err := execCmd(newVerifyCmd(app, func(o *verifyOptions) error { got = o; return nil }), "a.yaml", "--json", "--against", "b.yaml"); err != nil {
		t.Fatal(err)
	}
	if got.File != "a.yaml" || !got.JSON || got.Against != "b.yaml" {
		t.Fatalf("options = %+v", got)
	}
}

func TestVerifyOutput(t *testing.T) {
	file := sandboxFile(t)
	var out bytes.Buffer
	opts := &verifyOptions{File: file, Out: &out}
	if err := runVerify(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "ok: "+file+": sandbox game ") {
		t.Fatalf("output = %q", out.String())
	}
	out.Reset()
	opts.JSON = true
	if err := runVerify(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	var rep verifyReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || !rep.OK || !rep.Sandbox || rep.Turn != 1 || rep.Phase != "roll" || len(rep.State) != 64 {
		t.Fatalf("report = %+v (%v)", rep, err)
	}
	// A broken file: JSON says where, and the error is exit 4.
	b, _ := os.ReadFile(file)
	os.WriteFile(file, bytes.Replace(b, []byte("sandbox: true"), []byte("sandbox: maybe"), 1), 0o644)
	out.Reset()
	err := runVerify(t.Context(), opts)
	if exitCode(err) != exitInvalid {
		t.Fatalf("bad file: %v, want exit 4", err)
	}
	rep = verifyReport{}
	if json.Unmarshal(out.Bytes(), &rep); rep.OK || !strings.Contains(rep.Error, "header.sandbox: want true or false") {
		t.Fatalf("report = %+v", rep)
	}
}
