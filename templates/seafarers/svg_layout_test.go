package seafarers

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// node is one element of a parsed SVG document.
type node struct {
	name     string
	attr     map[string]string
	text     string
	children []*node
}

func attrs(se xml.StartElement) map[string]string {
	m := map[string]string{}
	for _, a := range se.Attr {
		m[a.Name.Local] = a.Value
	}
	return m
}

// parseSVG reads a document into a tree of nodes.
func parseSVG(t *testing.T, doc []byte) *node {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := &node{name: "#document"}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: attrs(tok)}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top := stack[len(stack)-1]
			top.text += string(tok)
		}
	}
	return root
}

func fnum(t *testing.T, s string) float64 {
	t.Helper()
	if s == "" {
		return 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return f
}

// translate reads a "translate(x y)" transform (any scale after it is
// ignored: scaled shapes are the panel's icons, not checked here).
func translate(t *testing.T, s string) pt {
	t.Helper()
	if !strings.HasPrefix(s, "translate(") {
		return pt{}
	}
	inner := s[len("translate("):strings.Index(s, ")")]
	f := strings.Fields(strings.ReplaceAll(inner, ",", " "))
	if len(f) != 2 {
		t.Fatalf("transform %q is not a translate(x y)", s)
	}
	return pt{fnum(t, f[0]), fnum(t, f[1])}
}

// shape is a convex polygon.
type shape []pt

func boxShape(b box) shape {
	return shape{{b.X0, b.Y0}, {b.X1, b.Y0}, {b.X1, b.Y1}, {b.X0, b.Y1}}
}

func (s shape) bounds() box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range s {
		b = box{math.Min(b.X0, p.X), math.Min(b.Y0, p.Y), math.Max(b.X1, p.X), math.Max(b.Y1, p.Y)}
	}
	return b
}

// hull is the convex hull of points (monotone chain).
func hull(ps []pt) shape {
	ps = append([]pt(nil), ps...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].X < ps[j].X || ps[i].X == ps[j].X && ps[i].Y < ps[j].Y })
	if len(ps) < 3 {
		return ps
	}
	cross := func(o, a, b pt) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var h []pt
	for _, p := range ps {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

// intersects reports whether two convex polygons overlap by more than a
// touch (separating axis test).
func intersects(a, b shape) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, s := range []shape{a, b} {
		for i := range s {
			p, q := s[i], s[(i+1)%len(s)]
			nx, ny := q.Y-p.Y, p.X-q.X
			if nx == 0 && ny == 0 {
				continue
			}
			minA, maxA := project(a, nx, ny)
			minB, maxB := project(b, nx, ny)
			if maxA <= minB+1e-6 || maxB <= minA+1e-6 {
				return false
			}
		}
	}
	return true
}

func project(s shape, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range s {
		v := p.X*nx + p.Y*ny
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// drawnText is a text element as drawn, with the estimated box of its
// letters: 0.76 em above the baseline to 0.24 em below, 0.6 em a letter
// (0.7 bold).
type drawnText struct {
	text string
	size float64
	at   pt
	box  box
}

func textOf(t *testing.T, n *node, off pt) drawnText {
	t.Helper()
	x, y := fnum(t, n.attr["x"])+fnum(t, n.attr["dx"])+off.X, fnum(t, n.attr["y"])+fnum(t, n.attr["dy"])+off.Y
	size := fnum(t, n.attr["font-size"])
	em := 0.6
	if n.attr["font-weight"] == "bold" {
		em = 0.7
	}
	w := float64(len([]rune(n.text))) * em * size
	left := x
	switch n.attr["text-anchor"] {
	case "middle":
		left = x - w/2
	case "end":
		left = x - w
	}
	return drawnText{text: n.text, size: size, at: pt{x, y}, box: box{left, y - 0.76*size, left + w, y + 0.24*size}}
}

// item is one drawn thing of the map: a piece, a marker, a number disc or
// a hex name, with its shapes.
type item struct {
	id, kind string
	shapes   []shape
	texts    []drawnText
	circle   *struct {
		c pt
		r float64
	}
}

// mapItems reads the map's pieces, markers, numbers and hex names.
func mapItems(t *testing.T, doc []byte) []item {
	t.Helper()
	root := parseSVG(t, doc)
	var items []item
	var walk func(n *node, off pt, cur *item, inNames bool)
	var findMap func(n *node)
	findMap = func(n *node) {
		if n.name == "g" && n.attr["class"] == "map" {
			walk(n, pt{}, nil, false)
			return
		}
		for _, c := range n.children {
			findMap(c)
		}
	}
	walk = func(n *node, off pt, cur *item, inNames bool) {
		if tr := n.attr["transform"]; tr != "" {
			d := translate(t, tr)
			off = pt{off.X + d.X, off.Y + d.Y}
		}
		class := n.attr["class"]
		if class == "pier" || class == "deco" || class == "pip" || strings.HasPrefix(class, "hex") || class == "frame" || class == "fleet-path" {
			return
		}
		if n.name == "g" && class == "panel" || class == "legend" || class == "title" {
			return
		}
		if id := n.attr["id"]; id != "" && cur == nil {
			kind, _, _ := strings.Cut(id, "-")
			items = append(items, item{id: id, kind: kind})
			cur = &items[len(items)-1]
		}
		if class == "names" {
			inNames = true
		}
		add := func(s shape) {
			if cur != nil {
				cur.shapes = append(cur.shapes, s)
			}
		}
		switch n.name {
		case "circle":
			c := pt{fnum(t, n.attr["cx"]) + off.X, fnum(t, n.attr["cy"]) + off.Y}
			r := fnum(t, n.attr["r"])
			var ring shape
			for k := 0; k < 16; k++ {
				a := float64(k) * math.Pi / 8
				// The polygon's sides touch the circle from outside.
				rr := r / math.Cos(math.Pi/16)
				ring = append(ring, pt{c.X + rr*math.Cos(a), c.Y + rr*math.Sin(a)})
			}
			add(ring)
			if cur != nil && cur.circle == nil {
				cur.circle = &struct {
					c pt
					r float64
				}{c, r}
			}
		case "rect":
			x, y := fnum(t, n.attr["x"])+off.X, fnum(t, n.attr["y"])+off.Y
			add(boxShape(box{x, y, x + fnum(t, n.attr["width"]), y + fnum(t, n.attr["height"])}))
		case "polygon":
			var ps []pt
			for _, q := range polyPoints(n.attr["points"]) {
				ps = append(ps, pt{q.X + off.X, q.Y + off.Y})
			}
			add(hull(ps))
		case "line":
			a := pt{fnum(t, n.attr["x1"]) + off.X, fnum(t, n.attr["y1"]) + off.Y}
			b := pt{fnum(t, n.attr["x2"]) + off.X, fnum(t, n.attr["y2"]) + off.Y}
			add(hull([]pt{a.add(-0.75, -0.75), a.add(0.75, 0.75), b.add(-0.75, -0.75), b.add(0.75, 0.75)}))
		case "text":
			tx := textOf(t, n, off)
			switch {
			case cur != nil:
				cur.texts = append(cur.texts, tx)
				cur.shapes = append(cur.shapes, boxShape(tx.box))
			case inNames:
				items = append(items, item{id: "name " + n.text, kind: "name", shapes: []shape{boxShape(tx.box)}, texts: []drawnText{tx}})
			}
		}
		for _, c := range n.children {
			walk(c, off, cur, inNames)
		}
	}
	findMap(root)
	return items
}

// mayTouch says which kinds of map items may overlap: a road and the
// building at its end, and a corner's mark and the piece standing on it.
func mayTouch(a, b string) bool {
	if a > b {
		a, b = b, a
	}
	corner := map[string]bool{"settlement": true, "city": true, "fortress": true, "village": true}
	switch {
	case a == "road" && corner[b], b == "road" && corner[a]:
		return true
	case (a == "lone" || a == "mark") && corner[b], (b == "lone" || b == "mark") && corner[a]:
		return true
	}
	return false
}

// checkLayout fails when two things of the map that must stay apart
// overlap (number discs, harbour and gift markers, pieces, the robber,
// the pirate, hex names), when a disc's or marker's text does not fit in
// it, or when a panel card's text runs out of its card or into another.
func checkLayout(t *testing.T, doc []byte) {
	t.Helper()
	items := mapItems(t, doc)
	for i, a := range items {
		for _, b := range items[i+1:] {
			if mayTouch(a.kind, b.kind) {
				continue
			}
			if overlap(a, b) {
				t.Errorf("%s %v overlaps %s %v", a.id, boundsOf(a), b.id, boundsOf(b))
			}
		}
		if a.circle != nil && (a.kind == "number" || a.kind == "harbour" || a.kind == "gift" || a.kind == "village") {
			c, r := a.circle.c, a.circle.r
			for _, tx := range a.texts {
				if a.kind == "village" && tx.text != strings.TrimSpace(tx.text) {
					continue
				}
				if tx.at.X != c.X && a.kind == "village" {
					continue // the cloth badge beside the village
				}
				for _, q := range boxShape(tx.box) {
					if math.Hypot(q.X-c.X, q.Y-c.Y) > r+0.5 {
						t.Errorf("%s: the text %q %+v runs out of its disc (r %.0f)", a.id, tx.text, tx.box, r)
						break
					}
				}
			}
		}
	}
	checkCards(t, doc)
}

func overlap(a, b item) bool {
	for _, s := range a.shapes {
		for _, u := range b.shapes {
			if intersects(s, u) {
				return true
			}
		}
	}
	return false
}

func boundsOf(it item) string {
	var all []pt
	for _, s := range it.shapes {
		all = append(all, s...)
	}
	if len(all) == 0 {
		return "{}"
	}
	b := shape(all).bounds()
	return fmt.Sprintf("{%.0f,%.0f %.0f,%.0f}", b.X0, b.Y0, b.X1, b.Y1)
}

// card is a panel card as drawn: its frame, texts and rectangles.
type card struct {
	id    string
	frame box
	texts []drawnText
	rects []box
}

// groups reads the panel cards whose class is class ("" for every card).
func groups(t *testing.T, doc []byte, class string) []card {
	t.Helper()
	root := parseSVG(t, doc)
	var out []card
	var find func(n *node)
	find = func(n *node) {
		if n.attr["class"] == "panel" {
			for _, g := range n.children {
				if class != "" && g.attr["class"] != class {
					continue
				}
				c := card{id: g.attr["id"]}
				first := true
				for _, e := range g.children {
					switch e.name {
					case "rect":
						x, y := fnum(t, e.attr["x"]), fnum(t, e.attr["y"])
						b := box{x, y, x + fnum(t, e.attr["width"]), y + fnum(t, e.attr["height"])}
						if first {
							c.frame, first = b, false
						} else {
							c.rects = append(c.rects, b)
						}
					case "text":
						c.texts = append(c.texts, textOf(t, e, pt{}))
					}
				}
				out = append(out, c)
			}
			return
		}
		for _, ch := range n.children {
			find(ch)
		}
	}
	find(root)
	return out
}

// checkCards fails when a card's text runs past its edges, into another
// text, or across a rectangle it does not lie in; or when cards overlap.
func checkCards(t *testing.T, doc []byte) {
	t.Helper()
	cards := groups(t, doc, "")
	if len(cards) == 0 {
		t.Fatalf("the picture has no panel")
	}
	for i, c := range cards {
		inner := box{c.frame.X0 + svgCardP - 1, c.frame.Y0, c.frame.X1 - svgCardP + 1, c.frame.Y1 - 3}
		for j, tx := range c.texts {
			b := tx.box
			if b.X0 < inner.X0 || b.X1 > inner.X1 || b.Y0 < inner.Y0 || b.Y1 > inner.Y1 {
				t.Errorf("%s: %q %+v runs out of its card %+v", c.id, tx.text, b, inner)
			}
			for _, o := range c.texts[j+1:] {
				if b.overlaps(o.box) {
					t.Errorf("%s: %q %+v runs into %q %+v", c.id, tx.text, b, o.text, o.box)
				}
			}
			for _, r := range c.rects {
				contained := r.X0 <= b.X0 && r.Y0 <= b.Y0 && b.X1 <= r.X1 && b.Y1 <= r.Y1
				if b.overlaps(r) && !contained {
					t.Errorf("%s: %q %+v runs into a rectangle %+v", c.id, tx.text, b, r)
				}
			}
		}
		for _, o := range cards[i+1:] {
			if c.frame.overlaps(o.frame) {
				t.Errorf("cards %s and %s overlap", c.id, o.id)
			}
		}
	}
}

// TestSVGLayout checks every fixture's picture, in the open and the
// hidden view.
func TestSVGLayout(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			p := f.build(t)
			for _, v := range []templates.View{{}, {Seat: "blue", Hidden: true}} {
				doc, err := SVG(p, v)
				if err != nil {
					t.Fatal(err)
				}
				checkLayout(t, doc)
			}
		})
	}
}

// TestSVGLayoutCatches makes sure the layout check can fail: a number
// disc moved onto a settlement, and a text pushed out of its card.
func TestSVGLayoutCatches(t *testing.T) {
	doc, err := SVG(fourIslands(t), templates.View{})
	if err != nil {
		t.Fatal(err)
	}
	items := mapItems(t, doc)
	var num, set *item
	for i := range items {
		switch {
		case items[i].id == "number-C10":
			num = &items[i]
		case items[i].id == "settlement-B9.s":
			set = &items[i]
		}
	}
	if num == nil || set == nil {
		t.Fatalf("no number-C10 or settlement-B9.s among the map's items")
	}
	if overlap(*num, *set) {
		t.Fatalf("number-C10 overlaps settlement-B9.s in the real picture")
	}
	moved := *set
	moved.shapes = nil
	for _, s := range set.shapes {
		var m shape
		for _, q := range s {
			m = append(m, pt{q.X + (num.circle.c.X - set.shapes[0].bounds().X0), q.Y + (num.circle.c.Y - set.shapes[0].bounds().Y0)})
		}
		moved.shapes = append(moved.shapes, m)
	}
	if !overlap(*num, moved) {
		t.Errorf("a settlement moved onto number-C10 does not overlap it")
	}
	if !intersects(boxShape(box{0, 0, 10, 10}), hull([]pt{{5, 5}, {20, 5}, {20, 20}})) || intersects(boxShape(box{0, 0, 10, 10}), boxShape(box{10, 0, 20, 10})) {
		t.Errorf("intersects is wrong for two simple shapes")
	}
}

// TestSVGPirateEverywhere puts the pirate on every sea hex of every
// scenario's starting board, and the robber on every land hex: neither
// may cover a number, a harbour, a name or a piece.
func TestSVGPirateEverywhere(t *testing.T) {
	for _, sc := range scenarioNames {
		if sc == "base" || sc == "pirate-islands" || sc == "wonders-of-catan" {
			continue
		}
		t.Run(sc, func(t *testing.T) {
			t.Parallel()
			p := newGame(t, sc, "red", "blue", "white", "orange")
			m := readPosition(p)
			for i, h := range m.hexes {
				if testing.Short() && i%3 != 0 {
					continue
				}
				pos := h.pos
				switch {
				case h.terrain == board.Sea:
					m.pirate, m.robber = &pos, nil
				case h.terrain.IsLand():
					m.robber, m.pirate = &pos, nil
				default:
					continue
				}
				doc, err := m.svg(templates.View{})
				if err != nil {
					t.Fatal(err)
				}
				items := mapItems(t, doc)
				for _, a := range items {
					if a.kind != "pirate" && a.kind != "robber" {
						continue
					}
					for _, b := range items {
						if b.id != a.id && overlap(a, b) {
							t.Errorf("the %s on %s overlaps %s", a.kind, pos, b.id)
						}
					}
				}
			}
		})
	}
}
