package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/templates/replay"
	"github.com/elasund/elasund/turnfile"
)

type renderOptions struct {
	File string
	// Witness is the player's record of the game: a stale or losing copy
	// is refused (exit 4) as move refuses it; nil checks nothing.
	Witness witness
	// SVG is the picture's file; empty writes the picture to Out, unless
	// HTML is given.
	SVG string
	// HTML is the replay page's file; empty writes none.
	HTML string
	// Force lets HTML replace an existing file.
	Force bool
	Out   io.Writer
	Games *games.Set
}

func newRenderCmd(app *App, runF func(*renderOptions) error) *cobra.Command {
	opts := &renderOptions{}
	c := &cobra.Command{
		Use:   "render FILE [--svg OUT] [--html PAGE [--force]]",
		Short: "Draw the board as an SVG picture, or the whole game as an HTML page",
		Long: `render draws the position of a game as a standalone SVG picture: for
Elasund the board with the sea and the ship, walls and gates, every
building, permit and church tile and the trade track; for Catan: Seafarers
the hexes with their numbers, harbours, the robber and the pirate, every
settlement, city, road and ship; for both a panel with each seat's holdings
and whose turn it is. The picture goes to standard output, or to the file
--svg names.

--html writes the whole game as one self-contained HTML page to share or
keep: the board at every entry, with a slider, buttons and the arrow keys
(← →, Home, End) to step through it; the log beside it, the current entry
highlighted; each seat's holdings; the header and what verifying the file
found. The page needs no network and works from a file. An address ending
in #entry=N opens the position after entry N. --html never replaces an
existing file unless --force is given; --svg and --html may be given
together.

Like "elasund show", render checks the whole file first and draws nothing
from a file that does not verify.`,
		Example: `  elasund render game.yaml --svg board.svg
  elasund render game.yaml | rsvg-convert -w 1200 -o board.png
  elasund render game.yaml --html game.html
  xdg-open 'game.html#entry=12'
  elasund render isles.yaml --svg isles.svg     # a Catan: Seafarers game`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File, opts.Out, opts.Games = args[0], c.OutOrStdout(), app.games()
			opts.Witness = app.witness()
			if c.Flags().Changed("svg") && opts.SVG == "" {
				return usagef(c, "--svg: want a file name")
			}
			if c.Flags().Changed("html") && opts.HTML == "" {
				return usagef(c, "--html: want a file name")
			}
			if opts.Force && opts.HTML == "" {
				return usagef(c, "--force is for --html")
			}
			if opts.SVG != "" && opts.SVG == opts.HTML {
				return usagef(c, "--svg and --html name the same file")
			}
			if runF != nil {
				return runF(opts)
			}
			return runRender(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.SVG, "svg", "", "write the picture to this file instead of standard output")
	c.Flags().StringVar(&opts.HTML, "html", "", "write the whole game as a self-contained HTML page to this file")
	c.Flags().BoolVar(&opts.Force, "force", false, "let --html replace an existing file")
	return c
}

func runRender(_ context.Context, opts *renderOptions) error {
	opts.Games = orAll(opts.Games)
	if opts.HTML != "" && !opts.Force && fileExists(opts.HTML) {
		return withHint(fmt.Errorf("--html %s: the file exists", opts.HTML), "choose another name, or add --force to replace it")
	}
	g, err := openChecked(opts.Games, opts.File, nil, opts.Witness)
	if err != nil {
		return err
	}
	r := opts.Games.For(g.Rules()).Renderer
	if opts.SVG != "" || opts.HTML == "" {
		doc, err := r.SVG(g.Position(), templates.View{})
		if err != nil {
			return fmt.Errorf("drawing %s: %w", opts.File, err)
		}
		if opts.SVG == "" {
			_, err := opts.Out.Write(doc)
			return err
		}
		if err := turnfile.WriteAtomic(opts.SVG, doc, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", opts.SVG, err)
		}
		fmt.Fprintf(opts.Out, "wrote %s: the board of %s (%d bytes)\n", opts.SVG, opts.File, len(doc))
	}
	if opts.HTML == "" {
		return nil
	}
	page, err := replayPage(g, r, opts.Games)
	if err != nil {
		return fmt.Errorf("replaying %s: %w", opts.File, err)
	}
	var b bytes.Buffer
	if err := replay.Write(&b, page); err != nil {
		return fmt.Errorf("writing the page of %s: %w", opts.File, err)
	}
	if err := turnfile.WriteAtomic(opts.HTML, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", opts.HTML, err)
	}
	positions := "positions"
	if len(page.Frames) == 1 {
		positions = "position"
	}
	fmt.Fprintf(opts.Out, "wrote %s: the whole game of %s, %d %s (%d bytes)\n", opts.HTML, opts.File, len(page.Frames), positions, b.Len())
	return nil
}

// replayPage replays a verified game into the replay page's frames: the
// board, holdings and standing before any entry and after each.
func replayPage(g *turnfile.Game, r templates.Renderer, set *games.Set) (*replay.Page, error) {
	f := g.File()
	h := &f.Header
	v := templates.View{}
	p := &replay.Page{
		Title: r.Title(), Game: h.Game, Rules: rulesWords(f, set), Created: h.Created,
		Sandbox: h.Sandbox, OK: true,
	}
	seats := make([]string, len(h.Seats))
	for i, s := range h.Seats {
		seats[i] = s.Colour
		p.Seats = append(p.Seats, replay.Seat{Colour: s.Colour, Name: s.Name})
	}
	switch {
	case h.Sandbox && !g.Replayed():
		p.Verified, p.OK = "sandbox game: the state was edited and is a consistent position", false
		p.Note = "The history does not lead to it: " + g.Note()
	case h.Sandbox:
		p.Verified = "sandbox game: every move replays to the stored state (a sandbox game has no signatures)"
	default:
		p.Verified = "verified: every signature, reveal and move checks out"
	}
	joined := map[string]bool{}
	// words are the actions of each replayed entry as the game prints
	// them in the position the entry was made in.
	words := map[int][]string{}
	var before engine.Position
	prevN := -1
	err := g.Replay(func(n int, e *turnfile.Entry, pos engine.Position) error {
		if e != nil && n == e.N {
			if e.Kind == turnfile.EntryJoin {
				joined[e.Seat] = true
			}
			if prevN == n-1 && e.Kind != turnfile.EntryEdit {
				for _, a := range e.Actions {
					words[n] = append(words[n], r.Action(before, a))
				}
			}
		}
		if n == len(f.History) && !g.Replayed() {
			// An edited sandbox game ends in its stored state, as
			// render --svg draws it, whatever the history led to.
			pos = g.Position()
		}
		svg, err := r.SVG(pos, v)
		if err != nil {
			return fmt.Errorf("drawing entry %d: %w", n, err)
		}
		fr := replay.Frame{Entry: n, SVG: svg, Text: r.Text(pos, v), Status: frameStatus(pos, h, joined)}
		for _, s := range seats {
			fr.Hands = append(fr.Hands, r.Hand(pos, s, v))
		}
		p.Frames = append(p.Frames, fr)
		before, prevN = pos, n
		return nil
	})
	if err != nil {
		return nil, err
	}
	steps := g.Steps()
	for i := range p.Frames {
		p.Frames[i].Status = afterEntry(f, steps, p.Frames[i].Entry) + p.Frames[i].Status
	}
	for i := range f.History {
		e := &f.History[i]
		le := replay.Entry{N: e.N, Seat: e.Seat, Kind: e.Kind.String(), At: e.At, Actions: e.Actions}
		for _, ev := range e.Events {
			le.Events = append(le.Events, r.Event(g.Position(), ev))
		}
		if w, ok := words[e.N]; ok {
			le.Actions = w
		}
		if i < len(steps) && steps[i].Begins {
			le.Turn = steps[i].Turn
		}
		switch {
		case e.Kind == turnfile.EntryJoin:
			le.Kind = "joins"
		case e.Dice != nil:
			le.Note = fmt.Sprintf("dice forced to %d+%d", e.Dice[0], e.Dice[1])
		}
		p.Entries = append(p.Entries, le)
	}
	return p, nil
}

// afterEntry says which position a frame of the page shows: the one
// after entry n, made by its seat in its turn ("after entry 20, red's
// move in turn 17: "), so that the status after it, which may be the next
// turn's, is not read as the entry's.
func afterEntry(f *turnfile.File, steps []turnfile.Step, n int) string {
	if n <= 0 || n > len(f.History) {
		return "before the first entry: "
	}
	e := &f.History[n-1]
	switch e.Kind {
	case turnfile.EntryJoin:
		return fmt.Sprintf("after entry %d, %s's join: ", n, e.Seat)
	case turnfile.EntryEdit:
		return fmt.Sprintf("after entry %d, an edit: ", n)
	}
	if n-1 < len(steps) {
		return fmt.Sprintf("after entry %d, %s's %s in turn %d: ", n, e.Seat, e.Kind, steps[n-1].Turn)
	}
	return fmt.Sprintf("after entry %d, %s's %s: ", n, e.Seat, e.Kind)
}

// frameStatus says where the game stands in position pos, in the words
// of status.
func frameStatus(pos engine.Position, h *turnfile.Header, joined map[string]bool) string {
	if pos.Over() {
		if w := pos.Winners(); len(w) > 0 {
			return fmt.Sprintf("the game is over: %s wins", strings.Join(w, " and "))
		}
		return "the game is over"
	}
	if !h.Sandbox {
		var rest []string
		for _, s := range h.Seats {
			if !joined[s.Colour] {
				rest = append(rest, s.Colour)
			}
		}
		if len(rest) > 0 {
			return fmt.Sprintf("waiting for %s to join", colours(rest))
		}
	}
	return fmt.Sprintf("turn %d, %s's turn, %s phase, waiting for %s", pos.Turn(), pos.Current(), pos.Phase(), colours(pos.Awaited()))
}
