package replay

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io"
	"strings"
)

//go:embed files
var files embed.FS

// Page is a whole game as the replay page shows it.
type Page struct {
	// Title is the game's name as people read it ("Elasund").
	Title string
	// Game is the game's id.
	Game string
	// Rules names the rules played, as the command line says them
	// ("edition en", "seafarers, scenario new-shores"); may be empty.
	Rules string
	// Created is when the game was made, as the file says it; may be
	// empty.
	Created string
	// Sandbox marks a sandbox game (no keys, no signatures).
	Sandbox bool
	// Seats are the seats in turn order.
	Seats []Seat
	// Verified says what checking the file found ("verified: every
	// signature, reveal and move checks out"); OK says whether that is a
	// clean bill (shown with a check mark) or a caution.
	Verified string
	OK       bool
	// Note is a further line on the verification, such as why the
	// stored state of an edited sandbox game does not follow from its
	// history; may be empty.
	Note string
	// Entries are the file's history entries in order.
	Entries []Entry
	// Frames are the positions to show, in order: the first is usually
	// the position before any entry (Entry 0), then one after each entry.
	// An entry may lack a frame (the history of an edited sandbox game
	// stops leading anywhere); the page then shows it in the log only.
	// The page opens at the last frame.
	Frames []Frame
}

// Seat is one seat of the game.
type Seat struct {
	// Colour is the seat's colour ("red"), which names it in the game.
	Colour string
	// Name is its player's name.
	Name string
}

// Entry is one history entry as the log shows it.
type Entry struct {
	// N is the entry's number, from 1.
	N int
	// Seat is the seat that made it; empty for an entry of nobody's.
	Seat string
	// Kind is the entry's kind ("join", "move", "edit").
	Kind string
	// At is when it was made, as the file says it; may be empty.
	At string
	// Turn is the turn the entry began, or 0 when it began none.
	Turn int
	// Actions are its actions as the game prints them; Events what
	// followed.
	Actions []string
	Events  []string
	// Note is a remark on the entry, such as a forced roll; may be empty.
	Note string
}

// Frame is one position of the game.
type Frame struct {
	// Entry is the number of the entry this is the position after; 0 is
	// the position before any entry.
	Entry int
	// Status says where the game stands, in a line ("turn 3, red's
	// turn, build phase, waiting for red").
	Status string
	// SVG is the board: a standalone SVG document, such as a
	// templates.Renderer draws. It is trusted: it goes into the page as
	// markup.
	SVG []byte
	// Text is the position as text (the board and holdings for a
	// terminal); may be empty.
	Text string
	// Hands are each seat's holdings in a line, in the order of
	// Page.Seats; nil for none.
	Hands []string
}

// logEntry is one line of the page's log.
type logEntry struct {
	Entry
	// Frame is the index of the entry's frame, or -1 when it has none.
	Frame   int
	Current bool
}

// view is what the page template reads.
type view struct {
	*Page
	Log       []logEntry
	Hands     []hand
	Start     int
	Current   Frame
	SVG       template.HTML
	Blob      template.HTML
	Style     template.CSS
	Script    template.JS
	Last      int
	HasFrame0 bool
}

// hand is a seat's holdings in the open frame.
type hand struct {
	Seat
	Hand string
}

// Write writes p as one self-contained HTML page to w.
func Write(w io.Writer, p *Page) error {
	if len(p.Frames) == 0 {
		return ErrNoFrames
	}
	svgs := make([]string, len(p.Frames))
	frameOf := map[int]int{}
	for i, f := range p.Frames {
		doc, err := inlineSVG(f.SVG)
		if err != nil {
			return &FrameError{Frame: i, Entry: f.Entry, Reason: err.Error()}
		}
		if f.Hands != nil && len(f.Hands) != len(p.Seats) {
			return &FrameError{Frame: i, Entry: f.Entry, Reason: fmt.Sprintf("%d holdings for %d seats", len(f.Hands), len(p.Seats))}
		}
		if i > 0 && f.Entry <= p.Frames[i-1].Entry {
			return &FrameError{Frame: i, Entry: f.Entry, Reason: "the frames are not in entry order"}
		}
		svgs[i] = doc
		frameOf[f.Entry] = i
	}
	blob, err := pack(p.Frames, svgs).blob()
	if err != nil {
		return fmt.Errorf("packing the frames: %w", err)
	}
	style, err := files.ReadFile("files/page.css")
	if err != nil {
		return err
	}
	script, err := files.ReadFile("files/page.js")
	if err != nil {
		return err
	}
	start := len(p.Frames) - 1
	cur := p.Frames[start]
	v := &view{
		Page: p, Start: start, Current: cur, Last: len(p.Frames) - 1,
		SVG:    template.HTML(svgs[start]),
		Blob:   template.HTML(blob),
		Style:  template.CSS(style),
		Script: template.JS(script),
	}
	for i, s := range p.Seats {
		h := hand{Seat: s}
		if i < len(cur.Hands) {
			h.Hand = cur.Hands[i]
		}
		v.Hands = append(v.Hands, h)
	}
	_, v.HasFrame0 = frameOf[0]
	for _, e := range p.Entries {
		fi, ok := frameOf[e.N]
		if !ok {
			fi = -1
		}
		v.Log = append(v.Log, logEntry{Entry: e, Frame: fi, Current: e.N == cur.Entry})
	}
	t, err := template.New("page.html.tmpl").ParseFS(files, "files/page.html.tmpl")
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, v); err != nil {
		return fmt.Errorf("writing the replay page: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}

// inlineSVG returns an SVG document as markup to put into HTML: without
// the XML declaration and anything else before the svg element.
func inlineSVG(doc []byte) (string, error) {
	s := string(doc)
	i := strings.Index(s, "<svg")
	if i < 0 {
		return "", fmt.Errorf("the picture is not an SVG document")
	}
	if strings.Contains(s[:i], "<!DOCTYPE") || strings.Contains(s[:i], "<!ENTITY") {
		return "", fmt.Errorf("the picture has a document type declaration")
	}
	return strings.TrimRight(s[i:], "\n"), nil
}
