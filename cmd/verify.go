package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/turnfile"
)

type verifyOptions struct {
	File    string
	Against string
	JSON    bool
	Out     io.Writer
	Colour  bool
	Games   *games.Set
	// Witness is the player's record of the game; nil checks nothing.
	Witness witness
	// Cached reads the file with Cache (verify --cached): only what
	// follows the copy the player verified last is checked.
	Cached bool
	// Cache returns the player's cache of verified positions, for
	// --cached; nil (or a nil cache) checks the whole file.
	Cache func() *turnfile.Cache
}

func newVerifyCmd(app *App, runF func(*verifyOptions) error) *cobra.Command {
	opts := &verifyOptions{}
	c := &cobra.Command{
		Use:   "verify FILE [--json] [--against OTHER] [--cached]",
		Short: "Check format, signatures, chain reveals, hash chain, and replay every move",
		Long: `verify checks a turn file offline: its format, every hash link, every
signature, every chain reveal, and it replays every move with the rules to
arrive at exactly the stored state. It reports the first problem with the
entry number. In a sandbox game it checks that the state is a consistent
position. --against compares with another copy of the game and shows the
evidence if the two fork: different signed successors of one entry.
--cached checks only what follows the copy of the game you verified last
(kept in your key directory): the entries after it and the state.`,
		Example: `  elasund verify game.yaml
  elasund verify game.yaml --json
  elasund verify mine.yaml --against theirs.yaml
  elasund verify game.yaml --cached`,
		Args: exactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			opts.Out = c.OutOrStdout()
			opts.Colour, opts.Games, opts.Witness, opts.Cache = app.colour(opts.Out), app.games(), app.witness(), app.positions
			if runF != nil {
				return runF(opts)
			}
			return runVerify(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, "print the result as JSON")
	c.Flags().StringVar(&opts.Against, "against", "", "another copy of the game to check for a fork")
	c.Flags().BoolVar(&opts.Cached, "cached", false, "check only what follows the copy you verified last")
	return c
}

// verifyReport is the JSON of verify.
type verifyReport struct {
	OK         bool           `json:"ok"`
	File       string         `json:"file"`
	Game       string         `json:"game,omitempty"`
	Sandbox    bool           `json:"sandbox"`
	Entries    int            `json:"entries"`
	Replayed   bool           `json:"replayed"`
	Note       string         `json:"note,omitempty"`
	Turn       int            `json:"turn,omitempty"`
	Phase      string         `json:"phase,omitempty"`
	Current    string         `json:"current,omitempty"`
	WaitingFor []string       `json:"waiting_for,omitempty"`
	Winner     *string        `json:"winner,omitempty"`
	Cached     int            `json:"cached,omitempty"`
	State      string         `json:"state,omitempty"`
	Entry      int            `json:"entry,omitempty"`
	Error      string         `json:"error,omitempty"`
	Against    *againstReport `json:"against,omitempty"`
}

type againstReport struct {
	File   string `json:"file"`
	Common int    `json:"common"`
	Ours   int    `json:"ours"`
	Theirs int    `json:"theirs"`
	Fork   *struct {
		Entry int    `json:"entry"`
		A     string `json:"a"`
		B     string `json:"b"`
	} `json:"fork,omitempty"`
}

func runVerify(_ context.Context, opts *verifyOptions) error {
	opts.Games = orAll(opts.Games)
	rep := &verifyReport{File: opts.File}
	if data, err := os.ReadFile(opts.File); err == nil && turnfile.IsDispute(data) {
		return verifyDispute(opts, data)
	}
	var g *turnfile.Game
	var cache *turnfile.Cache
	if opts.Cached {
		cache = cacheOf(opts.Cache)
	}
	f, err := readCached(opts.Games, opts.File, cache)
	if err == nil {
		rep.Game, rep.Sandbox, rep.Entries = f.Header.Game, f.Header.Sandbox, len(f.History)
		if g, err = turnfile.Open(f); err != nil {
			err = fmt.Errorf("%s: %w", opts.File, err)
		}
	}
	if err == nil {
		err = check(opts.Witness, opts.File, g)
	}
	if err == nil && opts.Against != "" {
		err = against(g, opts, rep)
	}
	if err != nil {
		rep.Error = err.Error()
		var ve *turnfile.VerifyError
		if errors.As(err, &ve) {
			rep.Entry = ve.Entry
		}
		if opts.JSON {
			printJSON(opts.Out, rep)
		}
		return err
	}
	f = g.File()
	p := g.Position()
	h, err := turnfile.StateHash(p.State())
	if err != nil {
		return err
	}
	rep.OK, rep.Game, rep.Sandbox, rep.Entries = true, f.Header.Game, f.Header.Sandbox, len(f.History)
	rep.Replayed, rep.Note = g.Replayed(), g.Note()
	rep.Turn, rep.Phase, rep.Current, rep.WaitingFor = p.Turn(), p.Phase(), p.Current(), g.Acting()
	if w := p.Winners(); len(w) > 0 {
		rep.Winner = &w[0]
	}
	rep.State = h.String()
	rep.Cached = g.FromCache()
	if opts.Witness != nil {
		if err := opts.Witness.Remember(g); err != nil {
			return err
		}
	}
	if opts.JSON {
		printJSON(opts.Out, rep)
		return nil
	}
	ok := "ok"
	if opts.Colour {
		ok = "\x1b[1;32mok\x1b[0m"
	}
	switch {
	case f.Header.Sandbox && !g.Replayed():
		fmt.Fprintf(opts.Out, "%s: %s: sandbox game %s, %s; the state was edited and is a consistent position\n", ok, opts.File, f.Header.Game, counted(len(f.History), "entry", "entries"))
		fmt.Fprintf(opts.Out, "note: the history does not lead to it: %s\n", g.Note())
	case f.Header.Sandbox:
		fmt.Fprintf(opts.Out, "%s: %s: sandbox game %s, %s replayed to the stored state\n", ok, opts.File, f.Header.Game, counted(len(f.History), "entry", "entries"))
	case rep.Cached > 0:
		fmt.Fprintf(opts.Out, "%s: %s: game %s, %s: 1-%d as you verified them before; every hash link, signature, reveal and move after them checks out\n", ok, opts.File, f.Header.Game, counted(len(f.History), "entry", "entries"), rep.Cached)
	default:
		fmt.Fprintf(opts.Out, "%s: %s: game %s, %s: every hash link, signature, reveal and move checks out\n", ok, opts.File, f.Header.Game, counted(len(f.History), "entry", "entries"))
	}
	fmt.Fprintf(opts.Out, "state %s: %s\n", h.String()[:16], status(g))
	if rep.Against != nil {
		a := rep.Against
		switch {
		case a.Ours == a.Theirs:
			fmt.Fprintf(opts.Out, "%s holds the same %s\n", a.File, counted(a.Common, "entry", "entries"))
		case a.Ours > a.Theirs:
			fmt.Fprintf(opts.Out, "%s is %s behind (no fork)\n", a.File, counted(a.Ours-a.Theirs, "entry", "entries"))
		default:
			fmt.Fprintf(opts.Out, "%s is %s ahead (no fork)\n", a.File, counted(a.Theirs-a.Ours, "entry", "entries"))
		}
	}
	return nil
}

// against compares g with the file opts.Against (§6 of the format).
func against(g *turnfile.Game, opts *verifyOptions, rep *verifyReport) error {
	other, err := openGame(opts.Games, opts.Against)
	if err != nil {
		return err
	}
	cmp, err := turnfile.Compare(g, other)
	if cmp != nil {
		rep.Against = &againstReport{File: opts.Against, Common: cmp.Common, Ours: cmp.A, Theirs: cmp.B}
	}
	var fe *turnfile.ForkError
	if errors.As(err, &fe) {
		rep.Against.Fork = &struct {
			Entry int    `json:"entry"`
			A     string `json:"a"`
			B     string `json:"b"`
		}{fe.Entry, fe.A, fe.B}
		if !opts.JSON {
			fmt.Fprintf(opts.Out, "fork at entry %d: %s\n", fe.Entry, fe.Reason)
			fmt.Fprintf(opts.Out, "\nentry %d in %s:\n%s", fe.Entry, opts.File, indent(fe.A))
			fmt.Fprintf(opts.Out, "\nentry %d in %s:\n%s", fe.Entry, opts.Against, indent(fe.B))
		}
		return withHint(err, "both entries are validly signed; keep the one the table agrees on and discard the other file")
	}
	return err
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			b.WriteString("  " + l)
		}
	}
	return b.String()
}

func printJSON(w io.Writer, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		fmt.Fprintf(w, "{\"ok\": false, \"error\": %q}\n", err.Error())
		return
	}
	fmt.Fprintf(w, "%s\n", b)
}

// disputeReport is the JSON of verify on a dispute report.
type disputeReport struct {
	OK           bool   `json:"ok"`
	File         string `json:"file"`
	Dispute      bool   `json:"dispute"`
	Entry        int    `json:"entry,omitempty"`
	SeatA        string `json:"seat_a,omitempty"`
	SeatB        string `json:"seat_b,omitempty"`
	Equivocation bool   `json:"equivocation"`
	Error        string `json:"error,omitempty"`
}

// verifyDispute checks a dispute report (docs/turnfile.md §6.1): exit 0
// when it proves what it claims.
func verifyDispute(opts *verifyOptions, data []byte) error {
	rep := &disputeReport{File: opts.File, Dispute: true}
	d, err := turnfile.ParseDispute(data, opts.Games.Registry())
	var res *turnfile.DisputeResult
	if err == nil {
		res, err = turnfile.VerifyDispute(d)
	}
	if err != nil {
		rep.Error = err.Error()
		if opts.JSON {
			printJSON(opts.Out, rep)
		}
		return fmt.Errorf("%s: the dispute report does not check out: %w", opts.File, err)
	}
	rep.OK, rep.Entry, rep.SeatA, rep.SeatB, rep.Equivocation = true, res.Entry, res.SeatA, res.SeatB, res.Equivocation
	if opts.JSON {
		printJSON(opts.Out, rep)
		return nil
	}
	if res.Equivocation {
		fmt.Fprintf(opts.Out, "ok: %s: proven: %s signed two different successors of entry %d; both are validly signed and legal\n", opts.File, res.SeatA, res.Entry-1)
	} else {
		fmt.Fprintf(opts.Out, "ok: %s: %s and %s each made a valid successor of entry %d (two seats moved on one position: a race, not a double signature)\n", opts.File, res.SeatA, res.SeatB, res.Entry-1)
	}
	return nil
}
