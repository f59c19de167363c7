package replay

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
)

// lineTable gives every distinct line of the page's documents a number,
// in the order the lines first appear.
type lineTable struct {
	ids   map[string]int
	lines []string
}

func newLineTable() *lineTable { return &lineTable{ids: map[string]int{}} }

// split numbers the lines of doc.
func (t *lineTable) split(doc string) []int {
	parts := strings.Split(doc, "\n")
	out := make([]int, len(parts))
	for i, l := range parts {
		id, ok := t.ids[l]
		if !ok {
			id = len(t.lines)
			t.ids[l] = id
			t.lines = append(t.lines, l)
		}
		out[i] = id
	}
	return out
}

// maxCandidates bounds how many places in the previous document a line
// is looked for, nearest the expected place first: a line such as "</g>"
// occurs hundreds of times in a picture.
const maxCandidates = 16

// diff returns the ops that build cur from prev, both as line ids: a
// number x ≥ 0 is the line x; a pair -(s+1), n copies the n lines of
// prev from s on. It is greedy: at each line it copies the longest run
// from prev found near where the last run ended.
func diff(prev, cur []int) []int {
	at := map[int][]int{}
	for i, id := range prev {
		at[id] = append(at[id], i)
	}
	var ops []int
	cursor := 0
	for i := 0; i < len(cur); {
		best, bestLen := -1, 0
		for _, j := range nearest(at[cur[i]], cursor, maxCandidates) {
			n := 0
			for i+n < len(cur) && j+n < len(prev) && cur[i+n] == prev[j+n] {
				n++
			}
			if n > bestLen {
				best, bestLen = j, n
			}
			if i+n == len(cur) {
				break
			}
		}
		if bestLen < 2 {
			ops = append(ops, cur[i])
			i++
			cursor++
			continue
		}
		ops = append(ops, -best-1, bestLen)
		i += bestLen
		cursor = best + bestLen
	}
	return ops
}

// nearest returns up to max of the sorted positions ps, those nearest to
// c first.
func nearest(ps []int, c, max int) []int {
	if len(ps) <= 1 {
		return ps
	}
	k, _ := slices.BinarySearch(ps, c)
	out := make([]int, 0, min(max, len(ps)))
	lo, hi := k-1, k
	for len(out) < max && (lo >= 0 || hi < len(ps)) {
		if hi < len(ps) && (lo < 0 || ps[hi]-c <= c-ps[lo]) {
			out = append(out, ps[hi])
			hi++
		} else {
			out = append(out, ps[lo])
			lo--
		}
	}
	return out
}

// undiff applies ops to prev; it is what the page's script does.
func undiff(lines []string, prev []int, ops []int) ([]int, bool) {
	var out []int
	for k := 0; k < len(ops); k++ {
		x := ops[k]
		if x >= 0 {
			if x >= len(lines) {
				return nil, false
			}
			out = append(out, x)
			continue
		}
		if k+1 >= len(ops) {
			return nil, false
		}
		s, n := -x-1, ops[k+1]
		k++
		if n < 0 || s+n > len(prev) {
			return nil, false
		}
		out = append(out, prev[s:s+n]...)
	}
	return out, true
}

// packedFrame is one frame as the page's script reads it.
type packedFrame struct {
	N      int      `json:"n"`
	Status string   `json:"status"`
	Hands  []string `json:"hands"`
	SVG    []int    `json:"svg"`
	Text   []int    `json:"text"`
}

// packed is the data the page's script inflates.
type packed struct {
	Lines  []string      `json:"lines"`
	Frames []packedFrame `json:"frames"`
}

// pack encodes the frames (their pictures already without the XML
// declaration) as line diffs.
func pack(frames []Frame, svgs []string) *packed {
	t := newLineTable()
	p := &packed{Frames: make([]packedFrame, len(frames))}
	var prevSVG, prevText []int
	for i, f := range frames {
		svg, text := t.split(svgs[i]), t.split(f.Text)
		hands := f.Hands
		if hands == nil {
			hands = []string{}
		}
		p.Frames[i] = packedFrame{N: f.Entry, Status: f.Status, Hands: hands, SVG: diff(prevSVG, svg), Text: diff(prevText, text)}
		prevSVG, prevText = svg, text
	}
	p.Lines = t.lines
	return p
}

// blob is the packed frames as JSON, gzipped and base64-encoded.
func (p *packed) blob() (string, error) {
	js, err := json.Marshal(p)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := zw.Write(js); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}
