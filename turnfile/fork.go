package turnfile

import (
	"bytes"
	"encoding/json"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Comparison is how two files of one game relate (§6).
type Comparison struct {
	// Common is the number of leading entries the files share.
	Common int
	// A and B are the numbers of entries in each file.
	A, B int
}

// Compare checks that two valid files of one game do not fork (§6): their
// histories must agree on every entry they both hold, so that one is the
// other with entries added. Two different successors of the same entry
// are a *ForkError carrying both entries as evidence; since both files
// verified, both successors are validly signed.
func Compare(a, b *Game) (*Comparison, error) {
	fa, fb := a.File(), b.File()
	ha, err := headerHash(fa)
	if err != nil {
		return nil, err
	}
	hb, err := headerHash(fb)
	if err != nil {
		return nil, err
	}
	if ha != hb {
		return nil, &VerifyError{Reason: fmt.Sprintf("the files hold different games (%s and %s)", fa.Header.Game, fb.Header.Game)}
	}
	c := &Comparison{A: len(fa.History), B: len(fb.History)}
	for i := 0; i < c.A && i < c.B; i++ {
		ea, eb := &fa.History[i], &fb.History[i]
		x, err := entryHash(ea)
		if err != nil {
			return nil, err
		}
		y, err := entryHash(eb)
		if err != nil {
			return nil, err
		}
		if x == y {
			c.Common = i + 1
			continue
		}
		ya, _ := ea.Marshal()
		yb, _ := eb.Marshal()
		reason := fmt.Sprintf("%s and %s made different successors of %s", ea.Seat, eb.Seat, prevName(i+1))
		if ea.Seat == eb.Seat {
			reason = fmt.Sprintf("%s signed two different successors of %s", ea.Seat, prevName(i+1))
		}
		return c, &ForkError{Entry: i + 1, SeatA: ea.Seat, SeatB: eb.Seat, A: string(ya), B: string(yb), Reason: reason}
	}
	return c, nil
}

// Marshal returns the entry as a YAML mapping in file order.
func (e *Entry) Marshal() ([]byte, error) {
	raw, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	n, err := nodeFromJSON(dec)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return nil, err
	}
	enc.Close()
	return b.Bytes(), nil
}
