package turnfile

import (
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
)

func TestCanonicalJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b": 1, "a": [true, false, null], "c": {"z": "x", "y": -0}}`, `{"a":[true,false,null],"b":1,"c":{"y":0,"z":"x"}}`},
		{`"\u003c\u0026\u2028é\n\u0001\"\\"`, `"<&` + "\u2028é" + `\n\u0001\"\\"`},
		{` [ ] `, `[]`},
		{`{"aa":1,"a":2,"b":{}}`, `{"a":2,"aa":1,"b":{}}`},
		{`-12`, `-12`},
	}
	for _, tc := range tests {
		got, err := CanonicalJSON([]byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("CanonicalJSON(%s) = %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`1.5`, `1e3`, `{"a":1,"a":2}`, `[1,]`, `{"a" 1}`, `"x`, "\"\x01\"", `99999999999999999999`, `[1] 2`, `"\xff"`, ``} {
		if got, err := CanonicalJSON([]byte(bad)); err == nil {
			t.Errorf("CanonicalJSON(%q) = %s, want an error", bad, got)
		}
	}
}

func TestStateHashVector(t *testing.T) {
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Canonical(g.State())
	if err != nil {
		t.Fatal(err)
	}
	const prefix = `{"buildings":[{"at":"C4","kind":"hut","owner":"blue"}`
	if string(c[:len(prefix)]) != prefix {
		t.Fatalf("canonical state starts %s, want %s", c[:len(prefix)], prefix)
	}
}

// TestEntryCanonical checks the direct entry encoder against Canonical.
func TestEntryCanonical(t *testing.T) {
	g, signers := newPeerGame(t, fourSeats[:2], nil)
	playRandom(t, g, signers, 4, 30)
	sb, _ := New(NewOptions{Rules: elasund.Rules{}, Created: testTime, Seats: fourSeats[:2], Sandbox: true})
	sb.Move("red", moveOf(elasund.Action{Kind: elasund.ActRoll}), nil, testTime, MoveOptions{Dice: &[2]int{3, 4}})
	entries := append(append([]Entry{}, g.File().History...), sb.File().History...)
	entries = append(entries, Entry{N: 1, Kind: EntryEdit, At: "x\"\\\n\u2028", Actions: []string{"gold red 5"}, Events: nil})
	for _, e := range entries {
		want, err := Canonical(&e)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.canonical(true)
		if err != nil || string(got) != string(want) {
			t.Fatalf("entry %d:\n got %s\nwant %s", e.N, got, want)
		}
		u := e
		u.Sig = ""
		want, _ = Canonical(&u)
		if got, _ = e.canonical(false); string(got) != string(want) {
			t.Fatalf("entry %d without sig:\n got %s\nwant %s", e.N, got, want)
		}
		// The hash made from the signed part, the sig put in its place.
		c, err := e.canonicalSplit()
		if err != nil || string(c.b) != string(want) {
			t.Fatalf("entry %d: canonicalSplit = %s, %v", e.N, c.b, err)
		}
		if h, _ := entryHash(&e); c.hash(&e) != h {
			t.Fatalf("entry %d: hash from the signed part %s, entryHash %s", e.N, c.hash(&e), h)
		}
	}
}

// TestHashIs checks that a hash matches its own text only: not another
// hash's, nor its text in capitals, shortened or lengthened (§3.3, §3.4
// compare an entry's prev and state with the hashes replay makes).
func TestHashIs(t *testing.T) {
	h := sha256.Sum256([]byte("entry"))
	other := sha256.Sum256([]byte("other entry"))
	text := Hash(h).String()
	if !Hash(h).is(text) {
		t.Fatalf("%s is not its own text", text)
	}
	for _, s := range []string{Hash(other).String(), strings.ToUpper(text), text[:63], text + "0", ""} {
		if Hash(h).is(s) {
			t.Errorf("%s matches %q", text, s)
		}
	}
}
