package referee

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
	elasundbot "github.com/elasund/elasund/internal/bot/elasund"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// refTime is the clock of the referee tests.
var refTime = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// detReader is a deterministic byte source for game ids, keys and tokens.
type detReader struct{ r *rand.ChaCha8 }

func newDetReader(seed byte) *detReader {
	var s [32]byte
	s[0] = seed
	return &detReader{rand.NewChaCha8(s)}
}

func (d *detReader) Read(p []byte) (int, error) { return d.r.Read(p) }

// The players of the referee tests.
var (
	alice = turnfile.Seat{Colour: "red", Name: "Alice", Email: "alice@example.test"}
	bob   = turnfile.Seat{Colour: "blue", Name: "Bob", Email: "bob@example.test"}
)

// hostGame makes a hosted game of alice (red) and bob (blue) in a fresh
// store; hosted lists the seats the referee holds.
func hostGame(t testing.TB, seed byte, options map[string]string, hosted ...string) (string, *HostedGame) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "games")
	hg, err := HostNew(HostOptions{
		Dir: dir, Address: testFrom, Seats: []turnfile.Seat{alice, bob}, Hosted: hosted,
		Options: options, Now: refTime, Rand: newDetReader(seed),
	})
	if err != nil {
		t.Fatalf("HostNew: %v", err)
	}
	return dir, hg
}

func newTestReferee(t testing.TB, dir string) *Referee {
	t.Helper()
	r, err := New(Options{Dir: dir, Address: testFrom, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// mailer numbers the test mails and dates them a minute apart.
type mailer struct {
	n    int
	date time.Time
}

func (ml *mailer) next() (string, time.Time) {
	ml.n++
	if ml.date.IsZero() {
		ml.date = refTime
	}
	ml.date = ml.date.Add(time.Minute)
	return fmt.Sprintf("m%04d@example.test", ml.n), ml.date
}

// incoming is a parsed mail as the daemon gives it to a handler, read
// by the daemon at its date.
func (ml *mailer) incoming(from, subject, body string, atts ...mail.Attachment) *mail.Incoming {
	id, date := ml.next()
	return &mail.Incoming{MessageID: id, From: from, To: []string{testFrom}, Subject: subject, Date: date, Received: date, Text: body, Attachments: atts}
}

// turnSubject is the subject of a reply to the game's last turn mail,
// which binds a move to the turn it answers.
func turnSubject(game string, g *turnfile.Game) string {
	return fmt.Sprintf("Re: %s turn %d: your move", templates.SubjectTag(game), g.Position().Turn())
}

// raw is a mail as a player's program sends it: text/plain, or
// multipart/mixed with base64 attachments. extra header lines come
// before the MIME fields.
func (ml *mailer) raw(from, subject, body string, extra []string, atts ...mail.Attachment) (string, []byte) {
	id, date := ml.next()
	return id, rawMail(from, subject, body, id, date, extra, atts...)
}

func rawMail(from, subject, body, id string, date time.Time, extra []string, atts ...mail.Attachment) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\n", from, testFrom, subject, date.Format(time.RFC1123Z), id)
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("MIME-Version: 1.0\r\n")
	text := strings.ReplaceAll(body, "\n", "\r\n")
	if len(atts) == 0 {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n" + text)
		return []byte(b.String())
	}
	b.WriteString("Content-Type: multipart/mixed; boundary=\"=_part\"\r\n\r\n")
	b.WriteString("--=_part\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text + "\r\n")
	for _, a := range atts {
		fmt.Fprintf(&b, "--=_part\r\nContent-Type: %s; name=%q\r\nContent-Disposition: attachment; filename=%q\r\nContent-Transfer-Encoding: base64\r\n\r\n", a.ContentType, a.Filename, a.Filename)
		enc := make([]byte, 0, len(a.Data)*4/3+4)
		enc = appendBase64Lines(enc, a.Data)
		b.Write(enc)
	}
	b.WriteString("--=_part--\r\n")
	return []byte(b.String())
}

func appendBase64Lines(dst, data []byte) []byte {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	line := 0
	for i := 0; i < len(data); i += 3 {
		var v uint32
		n := min(3, len(data)-i)
		for j := 0; j < 3; j++ {
			v <<= 8
			if j < n {
				v |= uint32(data[i+j])
			}
		}
		for j := 0; j < 4; j++ {
			if j > n {
				dst = append(dst, '=')
			} else {
				dst = append(dst, alphabet[(v>>(18-6*j))&63])
			}
		}
		line += 4
		if line >= 76 {
			dst = append(dst, '\r', '\n')
			line = 0
		}
	}
	return append(dst, '\r', '\n')
}

// storedBytes returns a game's stored turn file.
func storedBytes(t testing.TB, dir, game string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, game, gameFileName))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// allGames is games.All(), made once: making a set parses every game's
// mail templates.
var allGames = sync.OnceValue(games.All)

// openBytes replays a turn file.
func openBytes(t testing.TB, data []byte) *turnfile.Game {
	t.Helper()
	f, err := turnfile.Parse(data, allGames().Registry())
	if err != nil {
		t.Fatalf("parsing a turn file: %v", err)
	}
	g, err := turnfile.Open(f)
	if err != nil {
		t.Fatalf("verifying a turn file: %v", err)
	}
	return g
}

// tokenFrom reads the token out of an invitation.
var tokenPattern = regexp.MustCompile(`(?m)^  your token: (\S+)$`)

func tokenFrom(t testing.TB, text string) string {
	t.Helper()
	m := tokenPattern.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no token in the invitation:\n%s", text)
	}
	return m[1]
}

// countRand answers every draw with 0 and counts the draws. It stands
// outside any history, as a bot's planning does.
type countRand struct{ n int }

var _ engine.Source = (*countRand)(nil)

func (c *countRand) Intn(string, int) int                 { c.n++; return 0 }
func (c *countRand) Clone() engine.Source                 { return c }
func (c *countRand) Entry() int                           { return 0 }
func (c *countRand) Reveal() []byte                       { return nil }
func (c *countRand) Commitment(string) []byte             { return nil }
func (c *countRand) SandboxSeed() (int64, bool)           { return 0, false }
func (c *countRand) Derive(string, ...[]byte) engine.Rand { return c }

// newBot is an Elasund player of a level.
func newBot(level string, seed uint64) bot.Player {
	p, err := elasundbot.Maker{}.New(level, seed)
	if err != nil {
		panic(err) // the tests name existing levels
	}
	return p
}

// chooseMove is a player's next move: actions chosen one by one by p on
// a copy of the position, up to and including the first that draws
// anything random (a roll, a wall's cards), or until the game no longer
// waits for seat. Each action is legal where it stands, so the move is.
func chooseMove(p bot.Player, g *turnfile.Game, seat string) ([]engine.Action, error) {
	pos := g.Position().Clone()
	var move []engine.Action
	for {
		a, err := p.Choose(pos, seat, nil)
		if err != nil {
			return nil, err
		}
		cr := &countRand{}
		if _, err := pos.Apply(seat, []engine.Action{a}, cr); err != nil {
			return nil, fmt.Errorf("%s chose %q: %w", seat, a, err)
		}
		move = append(move, a)
		if cr.n > 0 || pos.Over() || !slices.Contains(pos.Awaited(), seat) {
			return move, nil
		}
	}
}

// moveText writes a move as a player would: one action per line, or,
// for every third move, on one line separated by ";".
func moveText(move []engine.Action, n int) string {
	parts := make([]string, len(move))
	for i, a := range move {
		parts[i] = a.String()
	}
	if n%3 == 0 {
		return strings.Join(parts, "; ")
	}
	return strings.Join(parts, "\n")
}

// ownSigner is the key and chain secret of a player who plays with her
// own key.
func ownSigner(seed byte) *turnfile.Signer {
	src := newDetReader(seed)
	_, priv, _ := ed25519.GenerateKey(src)
	var secret turnfile.Hash
	src.Read(secret[:])
	return &turnfile.Signer{Key: priv, Secret: secret}
}

// one returns the only reply of a decision.
func one(t testing.TB, d *mail.Decision) mail.Outgoing {
	t.Helper()
	if len(d.Replies) != 1 {
		t.Fatalf("%d replies, want 1", len(d.Replies))
	}
	return d.Replies[0]
}

// handle runs Handle and, when the decision commits, Commit.
func handle(t testing.TB, r *Referee, m *mail.Incoming) *mail.Decision {
	t.Helper()
	d, err := r.Handle(context.Background(), m)
	if err != nil {
		t.Fatalf("Handle: %v", err)
	}
	if d.Commit != nil {
		if err := d.Commit(); err != nil {
			t.Fatalf("Commit: %v", err)
		}
	}
	return d
}

func attachmentNamed(atts []mail.Attachment, suffix string) []byte {
	for _, a := range atts {
		if strings.HasSuffix(a.Filename, suffix) {
			return a.Data
		}
	}
	return nil
}

func TestParseRequest(t *testing.T) {
	const g = "3f9c2a7d5e1b4c08"
	for _, tc := range []struct {
		subject, body string
		atts          bool
		cmd           command
		game, bad     string
	}{
		{"help", "", false, cmdHelp, "", ""},
		{"HELP me", "", false, cmdHelp, "", ""},
		{"Re: [elasund] help", "", false, cmdHelp, "", ""},
		{"status " + g, "", false, cmdStatus, g, ""},
		{"Re: [elasund " + g + "] status", "", false, cmdStatus, g, ""},
		{"resend 3F9C2A7D5E1B4C08", "", false, cmdResend, g, ""},
		{"resend nonsense", "", false, cmdResend, "", "nonsense"},
		{"Re: Fwd: [elasund " + g + "] turn 3: your move", "token x\nroll", false, cmdNone, g, ""},
		{"AW: [Elasund " + g + "] turn 3", "", false, cmdNone, g, ""},
		{"[elasund 12345] turn 3", "", false, cmdNone, "", "12345"},
		{"", "status " + g + "\n", false, cmdStatus, g, ""},
		{"", "# hello\nhelp", false, cmdHelp, "", ""},
		{"", "help", true, cmdNone, "", ""},
		{"my move", "help", false, cmdNone, "", ""},
	} {
		req := parseRequest(&mail.Incoming{Subject: tc.subject, Text: tc.body, Attachments: map[bool][]mail.Attachment{true: {{Filename: "x"}}}[tc.atts]})
		if req.cmd != tc.cmd || req.game != tc.game || req.badGame != tc.bad {
			t.Errorf("parseRequest(%q, %q) = cmd %d game %q bad %q, want cmd %d game %q bad %q",
				tc.subject, tc.body, req.cmd, req.game, req.badGame, tc.cmd, tc.game, tc.bad)
		}
	}
}

func TestOwnLines(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []int // line numbers kept
	}{
		{"plain", "token a\nroll\n\nend", []int{1, 2, 3, 4}},
		{"top posting", "token a\nroll\n\nOn Mon, 2 Jan 2026, elasund@example.org wrote:\n> It is your turn.\n> roll", []int{1, 2, 3}},
		{"bottom posting", "On Mon, elasund wrote:\n> It is your turn.\n\ntoken a\nroll", []int{3, 4, 5}},
		{"signature", "token a\nroll\n-- \nAlice\nbuild hall A2", []int{1, 2}},
		{"outlook", "token a\nroll\n-----Original Message-----\nFrom: elasund\nroll", []int{1, 2}},
		{"unmarked quote", "token a\nend\nOn Tue, Bob wrote:\nIt is your turn.", []int{1, 2}},
		{"phone", "token a\nroll\nSent from my phone", []int{1, 2}},
		{"underscores", "token a\n________________________________\nFrom: x", []int{1}},
	} {
		var got []int
		for _, l := range ownLines(tc.text) {
			got = append(got, l.n)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: ownLines kept lines %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseBody(t *testing.T) {
	text := "Hi Bob,\ntoken  K7QM-2xvb # mine\nroll; build tavern D4\n\n# a comment\nbulid well C3\npermit 2 F9\ntoken other\nturn 7\n"
	b := parseBody(elasund.Rules{}, ownLines(text), nil)
	if b.tok == nil || b.tok.n != 2 || b.tok.token != "K7QM-2xvb" || b.turn != 7 || !b.hasTurn {
		t.Fatalf("token = %+v, turn %d; want line 2 K7QM-2xvb, turn 7", b.tok, b.turn)
	}
	var got []string
	for i, a := range b.actions {
		got = append(got, fmt.Sprintf("%d:%s", b.origins[i].n, a))
	}
	if want := "[3:roll 3:build tavern D4 7:permit 2 F9]"; fmt.Sprint(got) != want {
		t.Errorf("actions = %v, want %s", got, want)
	}
	if len(b.problems) != 1 || b.problems[0].Line != 6 || !strings.Contains(b.problems[0].Reason, "build") {
		t.Errorf("problems = %+v, want line 6 (bulid, with a suggestion)", b.problems)
	}
	b = parseBody(elasund.Rules{}, ownLines("roll\ntoken x\nend"), nil)
	if len(b.actions) != 1 || len(b.problems) != 1 || b.problems[0].Line != 1 || !strings.Contains(b.problems[0].Reason, "after the token line") {
		t.Errorf("an action before the token: actions %v, problems %+v", b.actions, b.problems)
	}
	// Greetings after the token and sign-offs after the last action are
	// skipped; a line that is neither, or that comes between actions, is
	// a problem.
	for _, tc := range []struct {
		text     string
		actions  int
		problems []int
	}{
		{"token x\nHi there,\nroll\nend\nThanks,\nBob", 2, nil},
		{"token x\nroll\nend\n\nCheers!", 2, nil},
		{"token x\nroll\nend\nBob", 2, nil},
		{"token x\nroll\nend\nRobert", 2, []int{4}},
		{"token x\nroll\nThanks\nend", 2, []int{3}},
		{"token x\nroll\nend turn please", 1, []int{3}},
		{"token x\nroll\nbuidl tavern D4\nThanks,\nBob", 1, []int{3, 4, 5}},
		{"token x\nroll\nend\nThanks,\nBob\nPS: build a well next time", 2, []int{4, 5, 6}},
	} {
		b := parseBody(elasund.Rules{}, ownLines(tc.text), []string{"Bob", "bob"})
		var lines []int
		for _, p := range b.problems {
			lines = append(lines, p.Line)
		}
		if len(b.actions) != tc.actions || fmt.Sprint(lines) != fmt.Sprint(tc.problems) {
			t.Errorf("parseBody(%q): %d actions, problems on lines %v; want %d, %v", tc.text, len(b.actions), lines, tc.actions, tc.problems)
		}
	}
}

func TestTokens(t *testing.T) {
	tok, err := newToken(newDetReader(1))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[a-z2-7]{4}(-[a-z2-7]{4}){5}$`).MatchString(tok) {
		t.Errorf("newToken = %q, want six groups of four", tok)
	}
	hs := &hostedSeat{colour: "red", token: tokenHash("g1", "red", tok)}
	for _, tc := range []struct {
		game, token string
		want        bool
	}{
		{"g1", tok, true},
		{"g1", strings.ToUpper(tok), true},
		{"g1", strings.ReplaceAll(tok, "-", " "), true},
		{"g1", strings.ReplaceAll(tok, "-", ""), true},
		{"g2", tok, false},
		{"g1", tok[:len(tok)-1] + "x", false},
		{"g1", "", false},
	} {
		if got := hs.checkToken(tc.game, tc.token); got != tc.want {
			t.Errorf("checkToken(%q, %q) = %v, want %v", tc.game, tc.token, got, tc.want)
		}
	}
	if tokenHash("g1", "blue", tok) == hs.token {
		t.Error("a token hashes the same for another seat")
	}
}

func TestHostNew(t *testing.T) {
	dir, hg := hostGame(t, 1, nil, "red")
	g := openBytes(t, storedBytes(t, dir, hg.Game))
	if !g.Joined("red") || g.Joined("blue") {
		t.Fatalf("joined: red %v blue %v, want only the hosted red", g.Joined("red"), g.Joined("blue"))
	}
	fi, err := os.Stat(filepath.Join(dir, hg.Game, hostedFileName))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("hosted.yaml: %v, mode %v; want 0600", err, fi.Mode().Perm())
	}
	hosted, err := readHosted(dir, hg.Game, elasund.Rules{})
	if err != nil || len(hosted) != 1 || hosted["red"] == nil {
		t.Fatalf("readHosted = %v, %v; want red", hosted, err)
	}
	if !hosted["red"].checkToken(hg.Game, hg.Tokens["red"]) {
		t.Error("the stored hash does not match red's token")
	}
	if raw, _ := os.ReadFile(filepath.Join(dir, hg.Game, hostedFileName)); bytes.Contains(raw, []byte(hg.Tokens["red"])) {
		t.Error("hosted.yaml holds the token in clear")
	}
	if len(hg.Mail) != 2 {
		t.Fatalf("%d mails, want 2 invitations (the game waits for blue)", len(hg.Mail))
	}
	red, blue := hg.Mail[0], hg.Mail[1]
	if tokenFrom(t, red.Text) != hg.Tokens["red"] || len(red.Attachments) != 0 || !strings.Contains(red.To[0], "alice@example.test") {
		t.Errorf("red's invitation: to %v, %d attachments:\n%s", red.To, len(red.Attachments), red.Text)
	}
	if strings.Contains(blue.Text, "your token") || !strings.Contains(blue.Text, "elasund join FILE --as blue") ||
		!bytes.Equal(attachmentNamed(blue.Attachments, ".yaml"), storedBytes(t, dir, hg.Game)) {
		t.Errorf("blue's invitation should carry the file and the join instructions, no token:\n%s", blue.Text)
	}

	// Every seat hosted: the game begins at once, and each invitation
	// opens it (board, legal actions), so that it is usable alone.
	dir2, hg2 := hostGame(t, 2, map[string]string{"turn_limit": "9"}, "red", "blue")
	if len(hg2.Mail) != 2 {
		t.Fatalf("an all-hosted game: %d mails, want 2 invitations that open the game", len(hg2.Mail))
	}
	for i, m := range hg2.Mail {
		if !strings.Contains(m.Text, "The game begins") || attachmentNamed(m.Attachments, ".svg") == nil || attachmentNamed(m.Attachments, ".yaml") != nil {
			t.Errorf("invitation %d does not open the game with the board (and no file, hands being hidden):\n%s", i, m.Text)
		}
		if (i == 0) != strings.Contains(m.Text, "Your legal actions now:") || (i == 0) != strings.Contains(m.Subject, "your move") {
			t.Errorf("invitation %d (%q) lists legal actions %v", i, m.Subject, strings.Contains(m.Text, "Your legal actions now:"))
		}
	}
	if g2 := openBytes(t, storedBytes(t, dir2, hg2.Game)); elasund.Of(g2.Position()).Config().Options.TurnLimit != 9 || len(g2.Acting()) != 1 {
		t.Errorf("all-hosted game: turn limit %d, acting %v", elasund.Of(g2.Position()).Config().Options.TurnLimit, g2.Acting())
	}

	for _, tc := range []struct {
		name   string
		seats  []turnfile.Seat
		hosted []string
		want   string
	}{
		{"no address", []turnfile.Seat{alice, {Colour: "blue", Name: "Bob"}}, nil, "needs an e-mail address"},
		{"bad address", []turnfile.Seat{alice, {Colour: "blue", Name: "Bob", Email: "bob"}}, nil, "not an address"},
		{"unseated host", []turnfile.Seat{alice, bob}, []string{"green"}, "nobody sits at green"},
	} {
		_, err := HostNew(HostOptions{Dir: t.TempDir(), Address: testFrom, Seats: tc.seats, Hosted: tc.hosted, Now: refTime})
		var he *HostError
		if !errors.As(err, &he) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: HostNew = %v, want a HostError with %q", tc.name, err, tc.want)
		}
	}
	// The same game id twice is refused.
	if _, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Seats: []turnfile.Seat{alice, bob}, Now: refTime, Rand: newDetReader(1)}); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("HostNew over an existing game = %v", err)
	}
}

func TestHostNewRandomStart(t *testing.T) {
	orders := map[string]bool{}
	for seed := byte(1); seed <= 12; seed++ {
		hg, err := HostNew(HostOptions{Dir: t.TempDir(), Address: testFrom, Seats: []turnfile.Seat{alice, bob},
			Hosted: []string{"red", "blue"}, RandomStart: true, Now: refTime, Rand: newDetReader(seed)})
		if err != nil {
			t.Fatal(err)
		}
		orders[hg.Seats[0].Colour] = true
	}
	if len(orders) != 2 {
		t.Errorf("12 random starts all began with %v", orders)
	}
}

func TestHostInvite(t *testing.T) {
	dir, hg := hostGame(t, 3, nil, "red")
	again, err := HostInvite(InviteOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seats: []string{"red"}, Rand: newDetReader(9)})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Mail) != 1 || tokenFrom(t, again.Mail[0].Text) == hg.Tokens["red"] {
		t.Fatalf("re-invitation: %d mails, token unchanged or missing", len(again.Mail))
	}
	hosted, _ := readHosted(dir, hg.Game, elasund.Rules{})
	if hosted["red"].checkToken(hg.Game, hg.Tokens["red"]) || !hosted["red"].checkToken(hg.Game, again.Tokens["red"]) {
		t.Error("after HostInvite the old token still works or the new one does not")
	}
	all, err := HostInvite(InviteOptions{Dir: dir, Address: testFrom, Game: hg.Game, Rand: newDetReader(10)})
	if err != nil || len(all.Mail) != 2 || attachmentNamed(all.Mail[1].Attachments, ".yaml") == nil {
		t.Fatalf("inviting every seat: %v, %d mails", err, len(all.Mail))
	}
	for _, bad := range []string{"nonsense", "0000000000000000"} {
		var he *HostError
		if _, err := HostInvite(InviteOptions{Dir: dir, Address: testFrom, Game: bad}); !errors.As(err, &he) {
			t.Errorf("HostInvite(%q) = %v, want a HostError", bad, err)
		}
	}
	if _, err := HostInvite(InviteOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seats: []string{"green"}}); err == nil {
		t.Error("HostInvite of an unseated colour succeeded")
	}
	// Once blue has joined with its own key, inviting every seat means
	// red only, and naming blue is refused.
	r := newTestReferee(t, dir)
	g := openBytes(t, storedBytes(t, dir, hg.Game))
	if _, err := g.Join("blue", ownSigner(5), refTime); err != nil {
		t.Fatal(err)
	}
	joined, _ := g.File().Marshal()
	ml := &mailer{}
	if d := handle(t, r, ml.incoming(bob.Email, templates.SubjectTag(hg.Game), "", mail.Attachment{Filename: "g.yaml", Data: joined})); d.Reject {
		t.Fatalf("join refused:\n%s", d.Replies[0].Text)
	}
	if all, err := HostInvite(InviteOptions{Dir: dir, Address: testFrom, Game: hg.Game, Rand: newDetReader(11)}); err != nil || len(all.Mail) != 1 || len(all.Tokens) != 1 {
		t.Errorf("inviting every seat after blue joined: %v, %d mails", err, len(all.Mail))
	}
	var he *HostError
	if _, err := HostInvite(InviteOptions{Dir: dir, Address: testFrom, Game: hg.Game, Seats: []string{"blue"}}); !errors.As(err, &he) || !strings.Contains(err.Error(), "resend") {
		t.Errorf("inviting blue after it joined = %v, want a HostError pointing to resend", err)
	}
}

// hostedPair is a game whose two seats the referee holds, ready to play.
type hostedPair struct {
	dir    string
	game   string
	tokens map[string]string
	r      *Referee
	ml     *mailer
}

func newHostedPair(t testing.TB) *hostedPair {
	t.Helper()
	dir, hg := hostGame(t, 4, nil, "red", "blue")
	return &hostedPair{dir: dir, game: hg.Game, tokens: hg.Tokens, r: newTestReferee(t, dir), ml: &mailer{}}
}

func (p *hostedPair) subject() string {
	return "Re: " + templates.SubjectTag(p.game) + " turn 1: your move"
}

func (p *hostedPair) mail(seat turnfile.Seat, body string) *mail.Incoming {
	return p.ml.incoming(seat.Email, p.subject(), body)
}

func TestRefereeAcceptsBodyMove(t *testing.T) {
	p := newHostedPair(t)
	before := storedBytes(t, p.dir, p.game)
	m := p.mail(alice, "token "+p.tokens["red"]+"\nroll\n\nOn Sun, elasund wrote:\n> old stuff")
	d, err := p.r.Handle(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if d.Reject || d.Commit == nil || d.Game != p.game || d.Entry != 3 {
		t.Fatalf("decision: reject %v commit %v game %q entry %d; want a commit of entry 3", d.Reject, d.Commit != nil, d.Game, d.Entry)
	}
	if !bytes.Equal(storedBytes(t, p.dir, p.game), before) {
		t.Fatal("Handle changed the stored file before Commit")
	}
	if n, _ := p.r.Entries(p.game); n != 2 {
		t.Fatalf("Entries before Commit = %d, want 2", n)
	}
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if n, _ := p.r.Entries(p.game); n != 3 {
		t.Fatalf("Entries after Commit = %d, want 3", n)
	}
	stored := storedBytes(t, p.dir, p.game)
	g := openBytes(t, stored)
	e := g.File().History[2]
	if e.Seat != "red" || fmt.Sprint(e.Actions) != "[roll]" || e.At != "2026-11-22T10:01:00Z" {
		t.Errorf("entry 3: %s %v at %s", e.Seat, e.Actions, e.At)
	}
	if len(d.Replies) < 2 {
		t.Fatalf("%d replies, want one per seat", len(d.Replies))
	}
	for i, want := range []string{"alice@example.test", "bob@example.test"} {
		// Every seat is hosted: hands are hidden, the file withheld.
		out := d.Replies[i]
		if !strings.Contains(out.To[0], want) || attachmentNamed(out.Attachments, ".yaml") != nil ||
			!bytes.Contains(attachmentNamed(out.Attachments, ".svg"), []byte("<svg")) {
			t.Errorf("reply %d to %v: attachments %d", i, out.To, len(out.Attachments))
		}
		if !strings.Contains(out.Subject, templates.SubjectTag(p.game)) || !strings.Contains(out.Text, "roll ") {
			t.Errorf("reply %d: subject %q lacks the tag, or the text lacks the roll:\n%s", i, out.Subject, out.Text)
		}
	}
	if d.Replies[0].InReplyTo != m.MessageID || d.Replies[1].InReplyTo != "" {
		t.Errorf("threading: %q, %q; want only the mover's reply threaded", d.Replies[0].InReplyTo, d.Replies[1].InReplyTo)
	}
	if !strings.Contains(d.Replies[0].Text, "Your move was applied, as understood:\n  roll") {
		t.Errorf("the mover's receipt:\n%s", d.Replies[0].Text)
	}
}

func TestRefereeRejectsBodyMoves(t *testing.T) {
	p := newHostedPair(t)
	red, blue := p.tokens["red"], p.tokens["blue"]
	// Work out where a move "roll; end; end" fails: at the second end,
	// unless the roll needs a choice first.
	hosted, _ := readHosted(p.dir, p.game, elasund.Rules{})
	probe := openBytes(t, storedBytes(t, p.dir, p.game))
	failLine := 4
	if _, err := probe.Move("red", mustMove(t, "roll; end"), hosted["red"].signer, refTime, turnfile.MoveOptions{}); err != nil {
		failLine = 3
	}
	for _, tc := range []struct {
		name     string
		from     string
		subject  string
		body     string
		want     []string
		line     int
		lineText string
	}{
		{"wrong token", alice.Email, "", "token aaaa-bbbb\nroll", []string{"not the token of your seat"}, 1, "token …"},
		{"other seat's token", alice.Email, "", "token " + blue + "\nroll", []string{"not the token of your seat"}, 1, "token …"},
		{"wrong sender", "mallory@example.test", "", "token " + red + "\nroll", []string{"mallory@example.test has no seat in game " + p.game}, 0, ""},
		{"no token", alice.Email, "", "roll", []string{"no token line"}, 0, ""},
		{"no action", alice.Email, "", "token " + red + "\n# nothing", []string{"no action"}, 0, ""},
		{"misspelt", alice.Email, "", "token " + red + "\nroll\nbulid tavern D4", []string{`"bulid"`}, 3, "bulid tavern D4"},
		{"not your turn", bob.Email, "", "token " + blue + "\n\nroll", []string{"(R"}, 3, "roll"},
		{"illegal later", alice.Email, "", "token " + red + "\nroll\nend\nend", []string{"(R"}, failLine, "end"},
		{"decision out of turn", alice.Email, "", "token " + red + "\nroll; discard gold gold", []string{"(R"}, 2, "roll; discard gold gold"},
		{"no game", alice.Email, "Re: [elasund 0123456789abcdef] turn 2", "token " + red + "\nroll", []string{"no game 0123456789abcdef"}, 0, ""},
		{"bad game id", alice.Email, "Re: [elasund 42] turn 2", "token " + red + "\nroll", []string{`"42" is not a game id`}, 0, ""},
		{"no tag", alice.Email, "my move", "token " + red + "\nroll", []string{"names no game"}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := storedBytes(t, p.dir, p.game)
			subject := tc.subject
			if subject == "" {
				subject = p.subject()
			}
			m := p.ml.incoming(tc.from, subject, tc.body)
			d := handle(t, p.r, m)
			out := one(t, d)
			if !d.Reject || d.Commit != nil || out.To[0] != tc.from || out.InReplyTo != m.MessageID {
				t.Fatalf("decision: reject %v, commit %v, reply to %v; want a rejection to %s only", d.Reject, d.Commit != nil, out.To, tc.from)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.Text, w) {
					t.Errorf("rejection lacks %q:\n%s", w, out.Text)
				}
			}
			if tc.line > 0 && !strings.Contains(out.Text, fmt.Sprintf("Line %d:\n     > %s\n", tc.line, tc.lineText)) {
				t.Errorf("rejection does not quote line %d %q:\n%s", tc.line, tc.lineText, out.Text)
			}
			if strings.Contains(out.Text, red) || strings.Contains(out.Text, blue) {
				t.Error("a rejection repeats a token")
			}
			if !bytes.Equal(storedBytes(t, p.dir, p.game), before) {
				t.Error("a rejected mail changed the game")
			}
		})
	}
}

func mustMove(t testing.TB, s string) []engine.Action {
	t.Helper()
	m, err := elasund.Rules{}.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestRefereeCommands(t *testing.T) {
	p := newHostedPair(t)
	for _, tc := range []struct {
		name, from, subject string
		reject              bool
		want                string
		attachments         int
	}{
		{"help", "someone@example.test", "help", false, "Commands: a mail whose subject is one of these", 0},
		{"status", alice.Email, "status " + p.game, false, "It is your turn.", 0},
		{"status by tag", bob.Email, "Re: " + templates.SubjectTag(p.game) + " status", false, "Waiting for red", 0},
		{"resend", bob.Email, "resend " + p.game, false, "The game begins", 1},
		{"status stranger", "mallory@example.test", "status " + p.game, true, "has no seat", 0},
		{"status no game", alice.Email, "status", true, `"status GAME"`, 0},
		{"resend unknown game", alice.Email, "resend 0123456789abcdef", true, "no game 0123456789abcdef", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := handle(t, p.r, p.ml.incoming(tc.from, tc.subject, ""))
			out := one(t, d)
			if d.Reject != tc.reject || d.Commit != nil || out.To[0] != tc.from || len(out.Attachments) != tc.attachments {
				t.Fatalf("reject %v commit %v to %v attachments %d; want reject %v, a reply to %s with %d attachments",
					d.Reject, d.Commit != nil, out.To, len(out.Attachments), tc.reject, tc.from, tc.attachments)
			}
			if !strings.Contains(out.Text, tc.want) {
				t.Errorf("reply lacks %q:\n%s", tc.want, out.Text)
			}
		})
	}
}

// peerGame is a game where the referee holds red and bob plays blue with
// his own key.
type peerGame struct {
	dir, game string
	token     string
	signer    *turnfile.Signer
	r         *Referee
	ml        *mailer
}

func newPeerGame(t testing.TB) (*peerGame, *HostedGame) {
	t.Helper()
	dir, hg := hostGame(t, 5, nil, "red")
	return &peerGame{dir: dir, game: hg.Game, token: hg.Tokens["red"], signer: ownSigner(77), r: newTestReferee(t, dir), ml: &mailer{}}, hg
}

// fileMail is bob's mail with a turn file attached.
func (p *peerGame) fileMail(data []byte) *mail.Incoming {
	return p.ml.incoming(bob.Email, "Re: "+templates.SubjectTag(p.game)+" turn", "my move is attached",
		mail.Attachment{Filename: "game.yaml", ContentType: "application/yaml", Data: data})
}

// bobMoves makes bob's move on a copy of data and returns the new file.
func (p *peerGame) bobMoves(t testing.TB, data []byte, move string) []byte {
	t.Helper()
	g := openBytes(t, data)
	if _, err := g.Move("blue", mustMove(t, move), p.signer, refTime.Add(time.Hour), turnfile.MoveOptions{}); err != nil {
		t.Fatalf("bob's move %q: %v", move, err)
	}
	out, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRefereeFileMoves(t *testing.T) {
	p, hg := newPeerGame(t)
	// Bob joins with his own key and mails the file back.
	g := openBytes(t, attachmentNamed(hg.Mail[1].Attachments, ".yaml"))
	if _, err := g.Join("blue", p.signer, refTime.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	joined, _ := g.File().Marshal()
	d := handle(t, p.r, p.fileMail(joined))
	if d.Reject || d.Entry != 2 || len(d.Replies) != 2 || !strings.Contains(d.Replies[1].Text, "The game begins: red plays first") {
		t.Fatalf("join: reject %v entry %d, %d replies; want the opening mail to both seats", d.Reject, d.Entry, len(d.Replies))
	}
	if !strings.Contains(d.Replies[1].Text, "blue joins the game") || d.Replies[1].InReplyTo == "" {
		t.Errorf("bob's opening mail:\n%s", d.Replies[1].Text)
	}

	// Red (hosted) moves until it is blue's turn.
	hosted, _ := readHosted(p.dir, p.game, elasund.Rules{})
	pl := newBot("random", 3)
	for i := 0; i < 20; i++ {
		cur := openBytes(t, storedBytes(t, p.dir, p.game))
		if slices.Contains(cur.Acting(), "blue") {
			break
		}
		move, err := chooseMove(pl, cur, "red")
		if err != nil {
			t.Fatal(err)
		}
		d := handle(t, p.r, p.ml.incoming(alice.Email, turnSubject(p.game, cur), "token "+p.token+"\n"+moveText(move, i)))
		if d.Reject {
			t.Fatalf("red's move %v refused:\n%s", move, d.Replies[0].Text)
		}
	}
	base := storedBytes(t, p.dir, p.game)
	if !slices.Contains(openBytes(t, base).Acting(), "blue") {
		t.Fatal("blue never came to move")
	}
	mine := p.bobMoves(t, base, "roll")
	d = handle(t, p.r, p.fileMail(mine))
	if d.Reject || d.Commit == nil || !strings.Contains(d.Replies[1].Text, "Your move was applied") {
		t.Fatalf("bob's file move refused:\n%s", d.Replies[0].Text)
	}
	if !bytes.Equal(storedBytes(t, p.dir, p.game), mine) {
		t.Error("the stored file is not the file bob sent")
	}

	for _, tc := range []struct {
		name   string
		m      *mail.Incoming
		want   string
		latest bool // the rejection carries the game's file
	}{
		{"replay", p.fileMail(mine), "the file adds nothing", false},
		{"stale", p.fileMail(base), "the file is behind the game", true},
		{"fork", p.fileMail(p.bobMoves(t, base, "gold; end")), "the file forks the game", true},
		{"tampered", p.fileMail(bytes.Replace(mine, []byte("kind: move"), []byte("kind: orders"), 1)), "does not verify", true},
		{"not a turn file", p.fileMail([]byte("format: elasund/1\nheader: [")), "not a turn file that can be read", false},
		{"two files", p.ml.incoming(bob.Email, "x", "", mail.Attachment{Filename: "a.yaml", Data: mine}, mail.Attachment{Filename: "b.yaml", Data: base}), "2 different turn files", false},
		{"stranger", p.ml.incoming("mallory@example.test", "x", "", mail.Attachment{Filename: "a.yaml", Data: mine}), "has no seat", false},
		{"other game", p.ml.incoming(bob.Email, "[elasund 0123456789abcdef]", "", mail.Attachment{Filename: "a.yaml", Data: mine}), "but the attached file a.yaml holds game " + p.game, false},
		{"body from a peer seat", p.ml.incoming(bob.Email, "Re: "+templates.SubjectTag(p.game), "token "+p.token+"\nend"), "plays with its own key", false},
		{"hosted entry in a file", p.fileMail(redOrdersFile(t, storedBytes(t, p.dir, p.game), hosted["red"].signer)), "a seat the referee holds", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := storedBytes(t, p.dir, p.game)
			d := handle(t, p.r, tc.m)
			out := one(t, d)
			if !d.Reject || d.Commit != nil || out.To[0] != tc.m.From {
				t.Fatalf("reject %v commit %v to %v; want a rejection to the sender", d.Reject, d.Commit != nil, out.To)
			}
			if !strings.Contains(out.Text, tc.want) {
				t.Errorf("rejection lacks %q:\n%s", tc.want, out.Text)
			}
			if got := attachmentNamed(out.Attachments, ".yaml"); tc.latest != (got != nil) || (got != nil && !bytes.Equal(got, before)) {
				t.Errorf("rejection attaches the game's file: %v, want %v", got != nil, tc.latest)
			}
			if !bytes.Equal(storedBytes(t, p.dir, p.game), before) {
				t.Error("a refused file changed the game")
			}
		})
	}
}

// redOrdersFile is data with an orders entry for red signed with red's
// key, as only the referee could make it.
func redOrdersFile(t testing.TB, data []byte, signer *turnfile.Signer) []byte {
	t.Helper()
	g := openBytes(t, data)
	if _, err := g.Move("red", mustMove(t, "orders ask"), signer, refTime, turnfile.MoveOptions{}); err != nil {
		t.Fatalf("orders for red: %v", err)
	}
	out, _ := g.File().Marshal()
	return out
}

func TestRefereeDeterministic(t *testing.T) {
	p := newHostedPair(t)
	copyDir := filepath.Join(t.TempDir(), "games")
	if err := os.CopyFS(copyDir, os.DirFS(p.dir)); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Join(copyDir, p.game, hostedFileName), 0o600)
	other := newTestReferee(t, copyDir)
	m := p.mail(alice, "token "+p.tokens["red"]+"\nroll")
	d1 := handle(t, p.r, m)
	d2 := handle(t, other, m)
	if !bytes.Equal(storedBytes(t, p.dir, p.game), storedBytes(t, copyDir, p.game)) {
		t.Error("the same message on the same game gave different files")
	}
	if fmt.Sprint(d1.Replies) != fmt.Sprint(d2.Replies) {
		t.Error("the same message on the same game gave different replies")
	}
	// A message read before the last entry (by a clock set back) records
	// the last entry's time.
	m = p.mail(bob, "token "+p.tokens["blue"]+"\norders ask")
	m.Date, m.Received = refTime.Add(-time.Hour), refTime.Add(-time.Hour)
	handle(t, p.r, m)
	g := openBytes(t, storedBytes(t, p.dir, p.game))
	h := g.File().History
	if h[len(h)-1].At != h[len(h)-2].At {
		t.Errorf("an early Date gave at %s after %s", h[len(h)-1].At, h[len(h)-2].At)
	}
}

func TestRefereeEntriesAndCache(t *testing.T) {
	p := newHostedPair(t)
	for _, game := range []string{"nonsense", "0123456789abcdef"} {
		if n, err := p.r.Entries(game); n != 0 || err != nil {
			t.Errorf("Entries(%q) = %d, %v; want 0, nil", game, n, err)
		}
	}
	// A file replaced behind the referee's back is read again.
	d := handle(t, p.r, p.mail(alice, "token "+p.tokens["red"]+"\nroll"))
	if d.Reject {
		t.Fatal(d.Replies[0].Text)
	}
	if err := os.WriteFile(filepath.Join(p.dir, p.game, gameFileName), []byte("format: elasund/1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := p.r.Handle(context.Background(), p.mail(alice, "token "+p.tokens["red"]+"\nend")); err == nil {
		t.Error("Handle on a broken stored file succeeded; want an error (the daemon retries)")
	}
	if _, err := p.r.Entries(p.game); err == nil {
		t.Error("Entries on a broken stored file succeeded")
	}
	games, err := p.r.Games()
	if err != nil || len(games) != 1 || games[0] != p.game {
		t.Errorf("Games() = %v, %v", games, err)
	}
}

// TestRefereeFirstSeatOwnKey: when the first seat plays with its own key,
// it joins before any other (turnfile §4.1), so the referee joins its
// hosted seats only once the first seat's join arrives, and then sends the
// file with that join to the seats that play with their own key and could
// not join before.
func TestRefereeFirstSeatOwnKey(t *testing.T) {
	carol := turnfile.Seat{Colour: "green", Name: "Carol", Email: "carol@example.test"}
	dir := filepath.Join(t.TempDir(), "games")
	hg, err := HostNew(HostOptions{Dir: dir, Address: testFrom, Seats: []turnfile.Seat{bob, alice, carol},
		Hosted: []string{"red"}, Now: refTime, Rand: newDetReader(80)})
	if err != nil {
		t.Fatalf("HostNew: %v", err)
	}
	if n := len(openBytes(t, storedBytes(t, dir, hg.Game)).File().History); n != 0 || len(hg.Mail) != 3 {
		t.Fatalf("a new game whose first seat has its own key: %d entries, %d mails; want none joined and 3 invitations", n, len(hg.Mail))
	}
	r := newTestReferee(t, dir)
	ml := &mailer{}
	subject := "Re: " + templates.SubjectTag(hg.Game) + " invitation"

	// Green cannot join before blue: its invitation says so and carries
	// no file (a join on it would fail); red cannot move.
	if _, err := openBytes(t, attachmentNamed(hg.Mail[0].Attachments, ".yaml")).Join("green", ownSigner(82), refTime); err == nil {
		t.Fatal("green joined before the first seat")
	}
	if inv := hg.Mail[2]; attachmentNamed(inv.Attachments, ".yaml") != nil || !strings.Contains(inv.Text, "Blue, the first seat, plays with its own key and joins first") {
		t.Errorf("green's invitation before blue joined:\n%s", inv.Text)
	}
	if d := handle(t, r, ml.incoming(alice.Email, subject, "token "+hg.Tokens["red"]+"\nroll")); !d.Reject || !strings.Contains(d.Replies[0].Text, "waiting for blue, red, green to join") {
		t.Fatalf("red's move before the game began:\n%s", d.Replies[0].Text)
	}

	// Blue joins: red joins with it, and green gets the file to join on.
	g := openBytes(t, attachmentNamed(hg.Mail[0].Attachments, ".yaml"))
	if _, err := g.Join("blue", ownSigner(81), refTime.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	joined, _ := g.File().Marshal()
	d := handle(t, r, ml.incoming(bob.Email, subject, "joined", mail.Attachment{Filename: "g.yaml", Data: joined}))
	if d.Reject || d.Entry != 2 || len(d.Replies) != 2 {
		t.Fatalf("blue's join: reject %v, entry %d, %d replies; want entries 2 (blue's and red's joins) and 2 mails", d.Reject, d.Entry, len(d.Replies))
	}
	stored := openBytes(t, storedBytes(t, dir, hg.Game))
	if h := stored.File().History; h[1].Seat != "red" || h[1].Kind != turnfile.EntryJoin || !stored.Joined("red") {
		t.Fatalf("entry 2 is %s's %s, want red's join", h[1].Seat, h[1].Kind)
	}
	ack, invite := d.Replies[0], d.Replies[1]
	if !strings.Contains(ack.Text, "blue and red joined. Waiting for green to join") || ack.To[0] != bob.Email {
		t.Errorf("the acknowledgement to %v:\n%s", ack.To, ack.Text)
	}
	if !strings.Contains(invite.To[0], carol.Email) || !strings.Contains(invite.Subject, "join now") ||
		!strings.Contains(invite.Text, "elasund join FILE --as green") || !bytes.Equal(attachmentNamed(invite.Attachments, ".yaml"), storedBytes(t, dir, hg.Game)) {
		t.Errorf("green's mail to %v, %q, with the stored file %v:\n%s", invite.To, invite.Subject, attachmentNamed(invite.Attachments, ".yaml") != nil, invite.Text)
	}

	// Green joins on that file: the game begins.
	g = openBytes(t, attachmentNamed(invite.Attachments, ".yaml"))
	if _, err := g.Join("green", ownSigner(82), refTime.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	joined, _ = g.File().Marshal()
	d = handle(t, r, ml.incoming(carol.Email, subject, "joined", mail.Attachment{Filename: "g.yaml", Data: joined}))
	if d.Reject || d.Entry != 3 || len(d.Replies) != 3 || !strings.Contains(d.Replies[0].Text, "The game begins: blue plays first") {
		t.Fatalf("green's join: reject %v, entry %d, %d replies; want the opening mail to the three seats:\n%s", d.Reject, d.Entry, len(d.Replies), d.Replies[0].Text)
	}
}
