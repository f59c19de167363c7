package turnfile

import (
	"fmt"
	"maps"
	"reflect"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/engine"
)

// DisputeFormat is the format of a dispute report (§6.1).
const DisputeFormat = "dispute/1"

// Dispute is the evidence of a fork (§6.1): the game's header (without
// keys and commitments, which the join entries carry), the entries both
// copies hold, and the two different entries each holds after them. Both
// are signed, so anyone holding the report can check with VerifyDispute
// who signed what, without trusting whoever sends it.
type Dispute struct {
	Format string `json:"format"`
	// Game is the format of the game's turn files ("elasund/1").
	Game    string  `json:"game"`
	Header  Header  `json:"header"`
	History []Entry `json:"history"`
	A       Entry   `json:"a"`
	B       Entry   `json:"b"`
	game    engine.Game
}

// DisputeOf returns the dispute report of a fork found by Compare or
// KeyStore.Check.
func DisputeOf(fe *ForkError) (*Dispute, error) {
	a, b := fe.files[0], fe.files[1]
	if a == nil || b == nil || fe.Entry < 1 || fe.Entry > len(a.History) || fe.Entry > len(b.History) {
		return nil, fmt.Errorf("the fork carries no files to report")
	}
	h := a.Header
	h.Seats = make([]Seat, len(a.Header.Seats))
	for i, s := range a.Header.Seats {
		s.Key, s.Commit = "", ""
		h.Seats[i] = s
	}
	return &Dispute{
		Format: DisputeFormat, Game: a.Format, Header: h,
		History: append([]Entry{}, a.History[:fe.Entry-1]...),
		A:       a.History[fe.Entry-1], B: b.History[fe.Entry-1], game: a.game,
	}, nil
}

// Marshal returns the report's bytes, laid out as a turn file is (§2.5).
func (d *Dispute) Marshal() ([]byte, error) {
	body, err := encodeYAML(d, "")
	if err != nil {
		return nil, err
	}
	return append([]byte("# elasund dispute report: two signed successors of one entry. Check it with elasund verify.\n"), body...), nil
}

// IsDispute reports whether data is a dispute report rather than a turn
// file: its format field says so.
func IsDispute(data []byte) bool {
	root, err := parseYAML(data)
	if err != nil || root.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "format" {
			return root.Content[i+1].Value == DisputeFormat
		}
	}
	return false
}

// disputeGame is the game whose format a report's game field names, for
// its header to be read with the game's set-up choices (§2.2); nil when
// the field names none.
func disputeGame(root *yaml.Node, games *engine.Registry) engine.Game {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k, v := root.Content[i], root.Content[i+1]; k.Value == "game" && v.Kind == yaml.ScalarNode {
			g, _ := games.ByFormat(v.Value)
			return g
		}
	}
	return nil
}

// ParseDispute reads a dispute report as strictly as a turn file (§7).
func ParseDispute(data []byte, games *engine.Registry) (*Dispute, error) {
	if len(data) > 2*MaxSize {
		return nil, &ParseError{Reason: fmt.Sprintf("report is larger than %d bytes", 2*MaxSize)}
	}
	if !utf8.Valid(data) {
		return nil, &ParseError{Line: badUTF8Line(data), Reason: "report is not valid UTF-8"}
	}
	root, err := parseYAML(data)
	if err != nil {
		return nil, err
	}
	d := &Dispute{}
	if err := newDecoder(disputeGame(root, games)).decode(root, reflect.ValueOf(d).Elem()); err != nil {
		return nil, err
	}
	lineOf := nodeLines(root)
	if d.Format != DisputeFormat {
		return nil, &ParseError{Line: lineOf("format"), Field: "format", Reason: fmt.Sprintf("want %s", DisputeFormat)}
	}
	g, ok := games.ByFormat(d.Game)
	if !ok {
		return nil, &ParseError{Line: lineOf("game"), Field: "game", Reason: fmt.Sprintf("%q is not a game's format this program reads (%s)", d.Game, formats(games))}
	}
	d.game = g
	f := d.file(append(append([]Entry{}, d.History...), d.A))
	bad := func(field, format string, args ...any) error {
		return &ParseError{Line: lineOf(field), Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	if _, err := checkHead(f, bad); err != nil {
		return nil, err
	}
	for _, h := range [][]Entry{append(d.History, d.A), append(append([]Entry{}, d.History...), d.B)} {
		f.History = h
		for i := range h {
			if err := checkEntry(f, i, bad); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}

func (d *Dispute) file(history []Entry) *File {
	return &File{Format: d.Game, Header: d.Header, History: history, game: d.game}
}

// DisputeResult says what a dispute report proves.
type DisputeResult struct {
	// Entry is the number of the two conflicting entries.
	Entry        int
	SeatA, SeatB string
	// Equivocation is true when one key signed two different successors
	// of the entry: Signer, the seat that joined with that key, signed
	// two different moves on one position. Otherwise the report proves
	// nothing against anyone: two seats (or two keys claiming one seat's
	// join, or a sandbox game's unsigned entries) made entries on one
	// position; Reason says which.
	Equivocation bool
	Signer       string
	Reason       string
}

// VerifyDispute checks a dispute report (§6.1): the shared history replays
// (links, signatures, reveals, moves), and each of the two entries is a
// valid, signed successor of its last entry, and they differ.
func VerifyDispute(d *Dispute) (*DisputeResult, error) {
	n := len(d.History) + 1
	if d.A.N != n || d.B.N != n {
		return nil, &VerifyError{Reason: fmt.Sprintf("the two entries are numbered %d and %d, not %d", d.A.N, d.B.N, n)}
	}
	ha, err := entryHash(&d.A)
	if err != nil {
		return nil, err
	}
	hb, err := entryHash(&d.B)
	if err != nil {
		return nil, err
	}
	if ha == hb {
		return nil, &VerifyError{Entry: n, Reason: "the two entries are the same: no fork"}
	}
	g, err := replayHistory(d.file(d.History))
	if err != nil {
		return nil, err
	}
	for _, e := range []*Entry{&d.A, &d.B} {
		c := g.clone()
		if err := c.replayEntry(e); err != nil {
			return nil, err
		}
	}
	res := &DisputeResult{Entry: n, SeatA: d.A.Who(), SeatB: d.B.Who()}
	switch who := equivocator(d.Header.Sandbox, &d.A, &d.B); {
	case who != "":
		res.Equivocation, res.Signer = true, who
		res.Reason = fmt.Sprintf("%s's key signed two different successors of %s", who, prevName(n))
	case d.Header.Sandbox:
		res.Reason = "a sandbox game's entries are unsigned: they prove nothing about anyone"
	default:
		res.Reason = fmt.Sprintf("%s and %s made entries on the same position with different keys: a race, not a double signature", d.A.Who(), d.B.Who())
	}
	return res, nil
}

// equivocator is the seat whose key signed two different entries among a
// and b, two successors of one entry (or their parts, §2.6), or "" if no
// key did: entries of different seats are a race, and two joins of one
// seat with different keys are two claims to the seat, not one key's
// double signature. A sandbox game signs nothing.
func equivocator(sandbox bool, a, b *Entry) string {
	if sandbox {
		return ""
	}
	signed := func(e *Entry) []*Entry {
		if e.Kind != EntryParallel {
			return []*Entry{e}
		}
		out := make([]*Entry, len(e.Parts))
		for i := range e.Parts {
			out[i] = &e.Parts[i]
		}
		return out
	}
	for _, x := range signed(a) {
		for _, y := range signed(b) {
			if x.Seat != y.Seat || (x.Kind == EntryJoin || y.Kind == EntryJoin) && x.Key != y.Key {
				continue
			}
			hx, err1 := entryHash(x)
			hy, err2 := entryHash(y)
			if err1 == nil && err2 == nil && hx != hy {
				return x.Seat
			}
		}
	}
	return ""
}

// replayHistory replays f's history from the header (§5 steps 2-3)
// without comparing a stored state.
func replayHistory(f *File) (*Game, error) {
	g := newGame(f)
	g.replayed = true
	// A fresh game, discarded on any error: entries apply in place.
	g.inPlace = true
	defer func() { g.inPlace = false }()
	eng, err := f.game.New(g.setup, g.entrySource(g.newSource(), 0, nil))
	if err != nil {
		return nil, &VerifyError{Reason: "header", Err: err}
	}
	g.eng = eng
	if g.prev, err = headerHash(f); err != nil {
		return nil, &VerifyError{Reason: "hashing the header", Err: err}
	}
	g.header = g.prev
	for i := range f.History {
		if err := g.replayEntry(&f.History[i]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// clone returns a copy of g that entries can be replayed on without
// changing g.
func (g *Game) clone() *Game {
	c := *g
	c.seats = make(map[string]*chainPos, len(g.seats))
	for k, cp := range g.seats {
		cc := *cp
		c.seats[k] = &cc
	}
	c.steps = append([]Step(nil), g.steps...)
	c.ordersIn = maps.Clone(g.ordersIn)
	c.hashBuf, c.parsed = nil, nil
	return &c
}
