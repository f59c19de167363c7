package cmd

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/internal/games/gamestest"
)

// TestDocCommands runs every elasund command README.md and docs/*.md
// show, so that a document cannot drift from the program. Each document
// is followed from top to bottom, as a reader would, in a directory of
// its own holding a copy of examples/ and a daemon configuration made
// from examples/daemon.yaml; each player has a key directory of their own
// (a "machine", see pickMachine).
//
// Every command must at least resolve in cobra: its command path is
// found and each flag it names exists. Then:
//
//   - a synopsis (placeholders such as FILE, [optional parts], ...) is
//     only parsed;
//   - a command named in prose without the arguments it needs (`elasund
//     moves`, `elasund show --as`) is only parsed;
//   - the commands of docNotRun are run as that table says, or parsed;
//   - every other command is run and must exit 0, or the code a comment
//     on its line gives ("# exits 3");
//   - where the document shows what a command prints (the lines after a
//     "$ " line of a console block, or a "text" block right after the
//     command's shell block), the command must print that (matchOutput:
//     "…" stands for any text, a line of it alone for any lines).
func TestDocCommands(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	total := map[docOutcome][]string{}
	for _, path := range docFiles(t) {
		name, text := readDoc(t, path)
		cmds := extractCommands(name, text)
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			r := newDocRunner(t, root)
			for _, c := range cmds {
				began := time.Now()
				out, err := r.check(c)
				if err != nil {
					t.Errorf("%s\n%v", c, err)
					continue
				}
				t.Logf("%s: %s (%v)", c, out, time.Since(began).Round(time.Millisecond))
				total[out] = append(total[out], c.String())
			}
		})
	}
	for _, o := range []docOutcome{docRun, docSynopsis, docMention, docNotRunParsed} {
		t.Logf("%s: %d", o, len(total[o]))
		if o != docRun {
			for _, c := range total[o] {
				t.Logf("    %s", c)
			}
		}
	}
	t.Logf("in %v", time.Since(start).Round(time.Millisecond))
	// A guard against an extraction that silently finds nothing.
	if n := len(total[docRun]); n < 30 && !t.Failed() {
		t.Errorf("only %d commands of the documents were run; the extraction is broken", n)
	}
}

// TestDocCheck runs the commands of testdata/docs/sample.md as
// TestDocCommands runs a document's, and checks what it made of each.
func TestDocCheck(t *testing.T) {
	name, text := readDoc(t, "testdata/docs/sample.md")
	cmds := extractCommands(name, text)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	r := newDocRunner(t, root)
	var got []string
	for _, c := range cmds {
		out, err := r.check(c)
		if err != nil {
			t.Fatalf("%s\n%v", c, err)
		}
		got = append(got, fmt.Sprintf("%d %s", c.Line, out))
	}
	want := []string{
		"7 run", "8 run", "18 run", "23 run", "26 run", "32 run", "33 run", "37 run", "38 run",
		"50 run", "51 run", "52 " + docMention.String(), "53 " + docMention.String(),
		"54 " + docSynopsis.String(), "60 " + docSynopsis.String(), "61 " + docSynopsis.String(), "66 run",
	}
	if !slices.Equal(got, want) {
		t.Errorf("outcomes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if b, err := os.ReadFile("board.svg"); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("board.svg is not the picture render wrote (%v)", err)
	}
}

// TestDocCheckFails checks that a document's command that does not parse
// or does not do what the document says fails the test.
func TestDocCheckFails(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		where   docPlace
		text    string
		comment string
		want    string
		output  []string // the output the document shows, if any
	}{
		{inBlock, "elasund frobnicate game.yaml", "", `unknown command "frobnicate"`, nil},
		{inProse, "elasund frobnicate", "", `unknown command "frobnicate"`, nil},
		{inBlock, "elasund show game.yaml --colour red", "", "no flag --colour", nil},
		{inProse, "elasund show --colour", "", "no flag --colour", nil},
		{inTable, "elasund show FILE [--colour C]", "", "no flag --colour", nil},
		{inTable, "elasund bot FILE [--level random|heuristic|--fast]", "", "no flag --fast", nil},
		{inBlock, "elasund show", "", "arguments", nil},
		{inBlock, "elasund show game.yaml --as", "", "needs an argument", nil},
		{inBlock, `elasund move game.yaml "build tavern D4"`, "", "exit 3, want 0", nil},
		{inBlock, "elasund move game.yaml end", "exits 3", "exit 0, want 3", nil},
		{inBlock, "elasund verify missing.yaml", "", "exit 1, want 0", nil},
		{inBlock, "elasund verify game.yaml --as red", "", "no flag --as", nil},
		{inBlock, "elasund move game.yaml roll --dice 7,1", "", "exit 2, want 0", nil},
		{inProse, "elasund serve --config daemon.yaml --nope", "", "no flag --nope", nil},
		{inBlock, "elasund serve --config missing.yaml", "", "exit 1, want 0", nil},
		{inBlock, "elasund show game.yaml; rm game.yaml", "", "shell syntax", nil},
		{inBlock, "elasund show $GAME", "", "shell syntax", nil},
		{inBlock, "elasund show 'game.yaml", "", "unclosed quote", nil},
		{inBlock, "elasund moves game.yaml --as blue", "", "is not what the command prints", []string{"# moves for red", "…"}},
		{inBlock, "elasund verify game.yaml", "", "prints more than", []string{"ok: game.yaml: …"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			r := newDocRunner(t, root)
			setup := docCommand{Doc: "setup", Text: "elasund new game.yaml --players red=Ann,blue=Ben --sandbox --seed 7", Where: inBlock}
			if _, err := r.check(setup); err != nil {
				t.Fatal(err)
			}
			c := docCommand{Doc: "broken.md", Line: 1, Text: tt.text, Comment: tt.comment, Where: tt.where, Output: tt.output}
			out, err := r.check(c)
			if err == nil {
				t.Fatalf("check(%q) = %s, want an error with %q", tt.text, out, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("check(%q) = %v, want an error with %q", tt.text, err, tt.want)
			}
		})
	}
}

// docNotRun lists the commands the documents may show that the test does
// not run as shown, with the reason. Each is still parsed; serve is run
// with --check when the command names a configuration, the host commands
// that mail are run when they have --print (they then mail nothing), and
// any of them with --help.
var docNotRun = map[string]string{
	"serve":       "runs the mail daemon until it is stopped: run with --check instead",
	"host new":    "mails the invitations over SMTP: run only with --print",
	"host invite": "mails the invitations over SMTP: run only with --print",
	"host seat":   "mails the new player and every seat over SMTP: run only with --print",
}

// docOutcome is what the test did with a command of a document.
type docOutcome int

const (
	docRun          docOutcome = iota + 1 // run, and it did what the document says
	docSynopsis                           // a synopsis with placeholders: parsed
	docMention                            // named in prose without its arguments: parsed
	docNotRunParsed                       // in docNotRun, shown without what lets it run: parsed
)

func (o docOutcome) String() string {
	switch o {
	case docRun:
		return "run"
	case docSynopsis:
		return "parsed only (synopsis)"
	case docMention:
		return "parsed only (named in prose without its arguments)"
	case docNotRunParsed:
		return "parsed only (docNotRun)"
	}
	return "?"
}

// docRunner follows one document in its own directory.
type docRunner struct {
	dir string
	// machines are the players' key directories by player name, each
	// with its own deterministic source of keys and secrets.
	machines map[string]*docMachine
	// first is the machine of the first key made, the reader's own.
	first string
	// games are the games the commands play: every game with a rules
	// reference in docs/, the test registry's too, since each reference
	// shows its own commands.
	games *games.Set
}

type docMachine struct {
	home string
	rand *detRand
}

// newDocRunner makes the directory a document is followed in and makes
// it the working directory for the rest of the test: a copy of
// examples/, and daemon.yaml, examples/daemon.yaml with its spool and
// games in the directory and its passwords at hand.
func newDocRunner(t *testing.T, root string) *docRunner {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.CopyFS("examples", os.DirFS(filepath.Join(root, "examples"))); err != nil {
		t.Fatal(err)
	}
	conf, err := os.ReadFile(filepath.Join(root, "examples", "daemon.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s := regexp.MustCompile(`(?m)^(spool|games_dir): /.*/([a-z]+)$`).ReplaceAllString(string(conf), "$1: $2")
	if s == string(conf) {
		t.Fatal("examples/daemon.yaml: no spool and games_dir to move")
	}
	if err := os.WriteFile("daemon.yaml", []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("secrets", 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("secrets", "imap-password"), []byte("imap-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return &docRunner{dir: dir, machines: map[string]*docMachine{}, games: gamestest.All(t)}
}

// env is the environment of a command run on machine m.
func (r *docRunner) env(m *docMachine, extra map[string]string) map[string]string {
	env := map[string]string{
		"HOME":                  r.dir,
		"ELASUND_HOME":          m.home,
		"ELASUND_SMTP_PASSWORD": "smtp-secret",
	}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

// machine returns the key directory of a player, made on first use.
func (r *docRunner) machine(name string) *docMachine {
	if m := r.machines[name]; m != nil {
		return m
	}
	seed := sha256.Sum256([]byte("docs " + name))
	m := &docMachine{home: filepath.Join(r.dir, "home", name), rand: &detRand{rand.NewChaCha8(seed)}}
	r.machines[name] = m
	return m
}

// runOn runs args on machine m in-process, with a fixed clock.
func (r *docRunner) runOn(m *docMachine, env map[string]string, stdin string, args []string) runResult {
	var out, errOut bytes.Buffer
	app := &App{
		In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut,
		Getenv: func(k string) string { return env[k] },
		Now:    func() time.Time { return testTime },
		Rand:   m.rand,
		Games:  r.games,
	}
	code := app.Run(context.Background(), args)
	return runResult{code: code, stdout: out.String(), stderr: errOut.String()}
}

// gameCommands are the commands whose first argument is a game file.
var gameCommands = []string{"join", "show", "moves", "move", "verify", "log", "edit", "render", "bot"}

// pickMachine chooses where a command runs, as the document's players
// would: keygen --name N on N's machine; a command on a peer game on the
// machine of the seat it names with --as, else of the first seat that
// can act (or must join); anything else on the reader's own machine.
// A player's machine gets a key, as the documents ask every player to
// make one, before its first command on a game.
func (r *docRunner) pickMachine(c *cobra.Command, pos []string) (*docMachine, error) {
	as, _ := c.Flags().GetString("as")
	if c.Name() == "keygen" {
		name, _ := c.Flags().GetString("name")
		if name == "" {
			name = "me"
		}
		if r.first == "" {
			r.first = name
		}
		return r.machine(name), nil
	}
	own := r.first
	if own == "" {
		own = "me"
	}
	if !slices.Contains(gameCommands, c.Name()) || len(pos) == 0 || !fileExists(pos[0]) {
		return r.machine(own), nil
	}
	g, err := readFile(nil, pos[0])
	if err != nil || g.Header.Sandbox {
		return r.machine(own), nil
	}
	seat := as
	if seat == "" {
		if og, err := openGame(nil, pos[0]); err == nil {
			if un := og.Unjoined(); len(un) > 0 {
				seat = un[0]
			} else if acting := og.Acting(); len(acting) > 0 {
				seat = acting[0]
			}
		}
	}
	st := g.Header.SeatOf(seat)
	if st == nil {
		return r.machine(own), nil
	}
	m := r.machine(st.Name)
	if !fileExists(filepath.Join(m.home, "keys.yaml")) {
		args := []string{"keygen", "--name", st.Name}
		if st.Email != "" {
			args = append(args, "--email", st.Email)
		}
		if res := r.runOn(m, r.env(m, nil), "", args); res.code != 0 {
			return nil, fmt.Errorf("making %s's key: exit %d\n%s", st.Name, res.code, res.stderr)
		}
	}
	return m, nil
}

// exitRE finds the exit code a comment expects: "# exits 3: ...".
var exitRE = regexp.MustCompile(`\bexits? ([0-9])\b`)

// check parses one command of a document and, unless it is only to be
// parsed, runs it.
func (r *docRunner) check(dc docCommand) (docOutcome, error) {
	if isCopyLine(dc.Text) {
		fs := strings.Fields(dc.Text)
		b, err := os.ReadFile(fs[1])
		if err != nil {
			return 0, err
		}
		return docRun, os.WriteFile(fs[2], b, 0o644)
	}
	line, err := parseShell(dc.Text)
	if err != nil {
		return 0, err
	}
	args := line.args()
	c, rest, err := resolve(args)
	if err != nil {
		return 0, err
	}
	if line.synopsis() {
		return docSynopsis, checkSynopsisFlags(c, line.words)
	}
	if err := checkFlagNames(c, args); err != nil {
		return 0, err
	}
	if err := c.ParseFlags(rest); err != nil {
		if dc.Where == inProse && strings.Contains(err.Error(), "needs an argument") {
			return docMention, nil
		}
		return 0, fmt.Errorf("parsing flags: %v", err)
	}
	pos := c.Flags().Args()
	if err := c.ValidateArgs(pos); err != nil {
		if dc.Where == inProse {
			return docMention, nil
		}
		return 0, fmt.Errorf("arguments: %v", err)
	}
	path := strings.TrimPrefix(c.CommandPath(), "elasund ")
	if _, ok := docNotRun[path]; ok {
		switch {
		case path == "serve" && c.Flags().Changed("config"):
			if !c.Flags().Changed("check") {
				args = append(args, "--check")
			}
		case strings.HasPrefix(path, "host ") && c.Flags().Changed("print"):
		case c.Flags().Changed("help"):
		default:
			return docNotRunParsed, nil
		}
	}
	m, err := r.pickMachine(c, pos)
	if err != nil {
		return 0, err
	}
	stdin := dc.Stdin
	if line.stdin != "" {
		b, err := os.ReadFile(line.stdin)
		if err != nil {
			return 0, err
		}
		stdin = string(b)
	}
	want := 0
	if m := exitRE.FindStringSubmatch(dc.Comment); m != nil {
		want = int(m[1][0] - '0')
	}
	res := r.runOn(m, r.env(m, line.env), stdin, args)
	if res.code != want {
		return 0, fmt.Errorf("exit %d, want %d (run on %s's machine)\n--- stdout\n%s--- stderr\n%s", res.code, want, filepath.Base(m.home), lastLines(res.stdout, 30), res.stderr)
	}
	if line.stdout != "" {
		if err := os.WriteFile(line.stdout, []byte(res.stdout), 0o644); err != nil {
			return 0, err
		}
	}
	if dc.Output != nil && line.piped == "" && line.stdout == "" {
		if err := matchOutput(dc.Output, res.stdout+res.stderr); err != nil {
			return 0, fmt.Errorf("the output shown at line %d is not what the command prints: %v\n--- printed\n%s", dc.OutputLine, err, lastLines(res.stdout+res.stderr, 40))
		}
	}
	return docRun, nil
}

// ellipsis stands for any text in a line of output a document shows; a
// line of it alone, for any number of lines.
const ellipsis = "…"

// matchOutput compares what a document shows a command print, want, with
// what it printed, got: line by line, trailing spaces and blank lines at
// the end aside; "…" in a line matches any text, and a line that is only
// "…" any number of lines (none included).
func matchOutput(want []string, got string) error {
	trim := func(ls []string) []string {
		for len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1]) == "" {
			ls = ls[:len(ls)-1]
		}
		return ls
	}
	g := strings.Split(got, "\n")
	for i := range g {
		g[i] = strings.TrimRight(g[i], " ")
	}
	w, g := trim(want), trim(g)
	if at, ok := matchLines(w, g); !ok {
		if at < len(w) {
			return fmt.Errorf("no printed line matches %q (shown line %d)", w[at], at+1)
		}
		return fmt.Errorf("it prints more than the %d lines shown", len(w))
	}
	return nil
}

// matchLines matches want against got from their first lines; when it
// fails, at is the furthest line of want reached.
func matchLines(want, got []string) (at int, ok bool) {
	switch {
	case len(want) == 0:
		return 0, len(got) == 0
	case strings.TrimSpace(want[0]) == ellipsis:
		best := 0
		for k := 0; k <= len(got); k++ {
			at, ok := matchLines(want[1:], got[k:])
			if ok {
				return 0, true
			}
			best = max(best, at+1)
		}
		return best, false
	case len(got) == 0 || !matchLine(want[0], got[0]):
		return 0, false
	}
	at, ok = matchLines(want[1:], got[1:])
	return at + 1, ok
}

// matchLine matches a shown line, in which "…" stands for any text,
// against a printed one.
func matchLine(want, got string) bool {
	parts := strings.Split(want, ellipsis)
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) || !strings.HasSuffix(got, parts[len(parts)-1]) || len(got) < len(parts[0])+len(parts[len(parts)-1]) {
		return false
	}
	rest := got[len(parts[0]) : len(got)-len(parts[len(parts)-1])]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return true
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = append([]string{"...\n"}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "")
}

// resolve finds the command args name in the command tree of a fresh
// app, failing for an unknown one.
func resolve(args []string) (*cobra.Command, []string, error) {
	root := newRootCmd(&App{})
	root.InitDefaultVersionFlag()
	c, rest, err := root.Find(args)
	if err != nil {
		return nil, nil, fmt.Errorf("finding the command: %v", err)
	}
	if c == root {
		for _, a := range rest {
			if !strings.HasPrefix(a, "-") {
				return nil, nil, fmt.Errorf("unknown command %q", a)
			}
		}
	}
	c.InitDefaultHelpFlag()
	return c, rest, nil
}

// lookupFlag finds a flag by its name (--name, -n or --name=value).
func lookupFlag(c *cobra.Command, word string) bool {
	name := strings.TrimLeft(word, "-")
	name, _, _ = strings.Cut(name, "=")
	if strings.HasPrefix(word, "--") {
		return c.Flags().Lookup(name) != nil || c.InheritedFlags().Lookup(name) != nil
	}
	for _, r := range name {
		if c.Flags().ShorthandLookup(string(r)) == nil && c.InheritedFlags().ShorthandLookup(string(r)) == nil {
			return false
		}
	}
	return true
}

// checkFlagNames checks that every flag args name exists.
func checkFlagNames(c *cobra.Command, args []string) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" && !lookupFlag(c, a) {
			return fmt.Errorf("%s has no flag %s", c.CommandPath(), a)
		}
	}
	return nil
}

// checkSynopsisFlags checks the flags a synopsis names, each inside any
// brackets and alternatives.
func checkSynopsisFlags(c *cobra.Command, words []docWord) error {
	for _, w := range words {
		if w.quoted {
			continue
		}
		for _, part := range strings.Split(strings.Trim(w.s, "[]"), "|") {
			part = strings.Trim(part, "[]")
			if strings.HasPrefix(part, "-") && part != "-" && !lookupFlag(c, part) {
				return fmt.Errorf("%s has no flag %s", c.CommandPath(), part)
			}
		}
	}
	return nil
}

// shellLine is one line of a document as a shell reads it; only what
// the documents need is understood, anything else is an error.
type shellLine struct {
	env    map[string]string
	words  []docWord // elasund's arguments, without "elasund"
	stdout string    // "> FILE"
	stdin  string    // "< FILE"
	piped  string    // the commands after "|", which the test does not run
}

// docWord is one word of a line; quoted if any part was quoted.
type docWord struct {
	s      string
	quoted bool
}

func (l *shellLine) args() []string {
	out := make([]string, len(l.words))
	for i, w := range l.words {
		out[i] = w.s
	}
	return out
}

// placeholders are the words that stand for a value in a synopsis.
var placeholders = map[string]bool{
	"FILE": true, "FILE2": true, "GAME": true, "COLOUR": true, "C": true, "NAME": true, "EMAIL": true,
	"N": true, "E": true, "S": true, "L": true, "OUT": true, "PAGE": true, "OTHER": true, "REPORT": true,
	"ACTIONS": true, "A": true, "B": true, "TOPIC": true, "RULE": true, "WORDS": true, "LEVEL": true,
	"SEED": true, "PLAYERS": true, "DIR": true, "CONFIG": true, "SCENARIO": true,
}

// synopsis reports whether the line is a synopsis rather than a command:
// it has [optional parts], alternatives (a|b), "..." or a placeholder
// word.
func (l *shellLine) synopsis() bool {
	for _, w := range l.words {
		if w.quoted {
			continue
		}
		if strings.ContainsAny(w.s, "[]…|") || strings.Contains(w.s, "...") {
			return true
		}
		for _, alt := range strings.Split(w.s, "|") {
			parts := strings.FieldsFunc(alt, func(r rune) bool { return r == ':' || r == ',' || r == '=' })
			all := len(parts) > 0
			for _, p := range parts {
				all = all && placeholders[p]
			}
			if all {
				return true
			}
		}
	}
	return false
}

var errShellSyntax = errors.New("shell syntax the document test does not understand (keep document commands simple)")

// parseShell reads a command line: VAR=value assignments, elasund and its
// words in single or double quotes or with backslashes, "< FILE",
// "> FILE" and a pipe " | " to programs that are not run. A "|" inside a
// word is part of it (alternatives in a synopsis).
func parseShell(text string) (*shellLine, error) {
	l := &shellLine{env: map[string]string{}}
	var words []docWord
	var cur strings.Builder
	inWord, quoted := false, false
	var quote rune
	flush := func() {
		if inWord {
			words = append(words, docWord{s: cur.String(), quoted: quoted})
		}
		cur.Reset()
		inWord, quoted = false, false
	}
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch {
			case r == '"':
				quote = 0
			case r == '\\' && i+1 < len(rs) && strings.ContainsRune(`"\$`+"`", rs[i+1]):
				i++
				cur.WriteRune(rs[i])
			case r == '$' || r == '`':
				return nil, fmt.Errorf("%w: %q", errShellSyntax, string(r))
			default:
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord, quoted = r, true, true
		case r == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
			inWord = true
		case r == ' ' || r == '\t':
			flush()
		case r == '|' && !inWord && (i+1 == len(rs) || rs[i+1] == ' '):
			flush()
			l.piped = strings.TrimSpace(string(rs[i+1:]))
			if l.piped == "" {
				return nil, fmt.Errorf("%w: a pipe to nothing", errShellSyntax)
			}
			i = len(rs)
		case (r == '>' || r == '<') && !inWord:
			if i+1 < len(rs) && rs[i+1] == r {
				return nil, fmt.Errorf("%w: %q", errShellSyntax, string(r)+string(r))
			}
			flush()
			// The next word is the file.
			j := i + 1
			for j < len(rs) && rs[j] == ' ' {
				j++
			}
			k := j
			for k < len(rs) && rs[k] != ' ' {
				k++
			}
			if j == k {
				return nil, fmt.Errorf("%w: %q without a file", errShellSyntax, string(r))
			}
			if r == '>' {
				l.stdout = string(rs[j:k])
			} else {
				l.stdin = string(rs[j:k])
			}
			i = k - 1
		case strings.ContainsRune(";&$`(){}", r):
			return nil, fmt.Errorf("%w: %q", errShellSyntax, string(r))
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("%w: an unclosed quote", errShellSyntax)
	}
	flush()
	// VAR=value assignments, then the program.
	for len(words) > 0 && !words[0].quoted && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(words[0].s) {
		k, v, _ := strings.Cut(words[0].s, "=")
		l.env[k] = v
		words = words[1:]
	}
	if len(words) == 0 || words[0].s != "elasund" {
		return nil, fmt.Errorf("not an elasund command")
	}
	l.words = words[1:]
	return l, nil
}

func TestMatchOutput(t *testing.T) {
	got := "sandbox game 1a2b, edition en, 1 entry\n  red    Ann\n  blue   Ben\n\nwaiting for: red\n"
	tests := []struct {
		want []string
		ok   bool
	}{
		{[]string{"sandbox game 1a2b, edition en, 1 entry", "  red    Ann", "  blue   Ben", "", "waiting for: red"}, true},
		{[]string{"sandbox game …, edition en, 1 entry", "…"}, true},
		{[]string{"sandbox game …, 1 entry", "…", "waiting for: red", ""}, true},
		{[]string{"…", "  blue   Ben", "…"}, true},
		{[]string{"sandbox game …, edition en, 2 entries", "…"}, false},
		{[]string{"sandbox game …, edition en, 1 entry"}, false},
		{[]string{"…", "  green  Cy", "…"}, false},
		{[]string{"sandbox game 1a2b, edition en, 1 entry", "  blue   Ben", "…"}, false},
	}
	for _, tt := range tests {
		if err := matchOutput(tt.want, got); (err == nil) != tt.ok {
			t.Errorf("matchOutput(%q) = %v, want ok %v", tt.want, err, tt.ok)
		}
	}
}
