package turnfile

import (
	"bytes"
	"encoding/json"

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
func Compare(a, b *Game) (*Comparison, error) { return compareFiles(a.File(), b.File()) }

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
