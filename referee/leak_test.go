package referee

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// The leak test (issue 17, "Tests that must exist"; S150): in a game whose
// every seat the referee hosts, every mail the referee sends — turns,
// refusals of every kind, offers and answers, decision requests,
// reminders and deadline moves, games, status, resend, help, vacations,
// seat changes — goes through one watch, leakWatch, which checks each
// against what its reader may know, whatever template or step made it:
//
//   - no attachment but the board, and no trace of the turn file, before
//     the game ends: no chain value an entry revealed, no hosted key or
//     chain secret, no format line; and never another seat's token;
//   - nothing of the open view that the reader's hidden view leaves out:
//     no line of the text board drawn for nobody that the reader's own
//     board does not have, as a line of the subject, the body or a text
//     attachment, and no text of the SVG board drawn for nobody that the
//     reader's own picture does not have, in an attached picture;
//   - no canary: each seat starts with a hand of distinctive counts (the
//     game is the sandbox twin of the hosted game, so that edits can deal
//     them); every count of five or more that the open view shows of a
//     hidden holding ("brick 12", "green 7") is looked for in every mail
//     to another seat, in either order, unless the reader's own view
//     (its board, and what the last entries made public) shows the same
//     words;
//   - none of the engine's words that name a hidden holding of another
//     seat: an influence card's colour drawn, a development card's kind,
//     the resource a steal took, why a seat answered an offer as it did.
//
// make test drives a short game of each kind with every kind of mail;
// make soak (ELASUND_SOAK=1) plays games to their end.

// leakWatch checks every mail of one hidden game.
type leakWatch struct {
	t     *testing.T
	h     *hiddenGame
	draw  templates.Renderer
	mails int
	kinds map[string]int
	// early is the stored file before the first move: a copy behind the
	// game, for the refusals.
	early []byte
	// last is the last decision that changed the game.
	last *mail.Decision
	// views and words are made once per reader (and position).
	views map[string]*readerView
	words map[string][]*regexp.Regexp
}

func newLeakWatch(t *testing.T, h *hiddenGame) *leakWatch {
	kit, _ := allGames().Lookup(h.name)
	return &leakWatch{t: t, h: h, draw: kit.Renderer, kinds: map[string]int{}, views: map[string]*readerView{}, words: map[string][]*regexp.Regexp{}}
}

// see checks the mails one step sent (what names the step), against the
// game as stored after it.
func (w *leakWatch) see(what string, mails ...mail.Outgoing) {
	w.t.Helper()
	g := w.h.stored()
	for _, m := range mails {
		w.mails++
		w.kinds[what]++
		w.check(what, g, m)
	}
}

// decision checks a decision's mails, after committing it.
func (w *leakWatch) decision(what string, d *mail.Decision) *mail.Decision {
	w.t.Helper()
	w.see(what, d.Replies...)
	if d.Commit != nil {
		w.last = d
	}
	return d
}

// mail sends a mail from the address from to the referee, and checks
// the answer.
func (w *leakWatch) mail(what, from, subject, body string, atts ...mail.Attachment) *mail.Decision {
	w.t.Helper()
	return w.decision(what, handle(w.t, w.h.r, w.h.ml.incoming(from, subject, body, atts...)))
}

// reader is the seat an address plays now, "" for none.
func (w *leakWatch) reader(addr string) string {
	s, err := w.h.r.session(w.h.hg.Game)
	if err != nil {
		w.t.Fatal(err)
	}
	return seatOfAddress(s.seats(), addr)
}

// part is a piece of a mail to search: its subject, body or an attachment.
type part struct {
	name string
	text string
	svg  []string // the texts of an SVG picture
}

// partsOf splits a mail into its parts.
func partsOf(m mail.Outgoing) []part {
	out := []part{{name: "subject", text: m.Subject}, {name: "body", text: m.Text}}
	for _, a := range m.Attachments {
		p := part{name: "attachment " + a.Filename, text: string(a.Data)}
		if strings.HasSuffix(a.Filename, ".svg") {
			p.svg = svgTexts(a.Data)
		}
		out = append(out, p)
	}
	return out
}

// svgTexts are the texts an SVG picture shows (its text elements, tags
// within them dropped).
func svgTexts(data []byte) []string {
	var out []string
	rest := string(data)
	for {
		i := strings.Index(rest, "<text")
		if i < 0 {
			return out
		}
		rest = rest[i:]
		j := strings.IndexByte(rest, '>')
		k := strings.Index(rest, "</text>")
		if j < 0 || k < j {
			return out
		}
		inner := rest[j+1 : k]
		rest = rest[k+len("</text>"):]
		var b strings.Builder
		for inner != "" {
			lt := strings.IndexByte(inner, '<')
			if lt < 0 {
				b.WriteString(inner)
				break
			}
			b.WriteString(inner[:lt])
			gt := strings.IndexByte(inner[lt:], '>')
			if gt < 0 {
				break
			}
			inner = inner[lt+gt+1:]
		}
		if t := strings.TrimSpace(b.String()); t != "" {
			out = append(out, t)
		}
	}
}

// check checks one mail to its reader, g the game as it stands.
func (w *leakWatch) check(what string, g *turnfile.Game, m mail.Outgoing) {
	w.t.Helper()
	reader := w.reader(m.To[0])
	fail := func(format string, args ...any) {
		w.t.Helper()
		w.t.Errorf("S150: %s: the mail %q to %s (seat %q) %s", what, m.Subject, m.To[0], reader, fmt.Sprintf(format, args...))
	}
	parts := partsOf(m)
	for _, s := range w.secrets(g, reader) {
		for _, p := range parts {
			if strings.Contains(p.text, s.value) {
				fail("holds %s in its %s", s.what, p.name)
			}
		}
	}
	if g.Position().Over() {
		return
	}
	for _, a := range m.Attachments {
		if !strings.HasSuffix(a.Filename, ".svg") || a.ContentType != "image/svg+xml" {
			fail("attaches %s (%s) before the game ends", a.Filename, a.ContentType)
		}
	}
	v := w.viewOf(g, reader)
	for _, pt := range parts {
		words := pt.text
		if pt.svg != nil {
			words = strings.Join(pt.svg, "\n")
		}
		for _, l := range lines(pt.text) {
			if pt.svg == nil && v.hidden[l] {
				fail("shows %q in its %s: a line of the open board that %s's hidden board leaves out", l, pt.name, reader)
			}
		}
		for _, tx := range pt.svg {
			if v.hiddenSVG[tx] {
				fail("shows %q in its %s: a text of the open picture that %s's hidden picture leaves out", tx, pt.name, reader)
			}
		}
		for _, c := range v.canaries {
			if loc := c.FindStringIndex(words); loc != nil {
				fail("shows a hidden count (%s) in its %s: …%s…", c, pt.name, words[max(0, loc[0]-150):min(len(words), loc[1]+60)])
			}
		}
		for _, d := range w.engineWords(reader) {
			if loc := d.FindStringIndex(words); loc != nil {
				fail("names a hidden holding (%q) in its %s", words[loc[0]:loc[1]], pt.name)
			}
		}
	}
}

// readerView is what one reader may and may not see of one position:
// the lines of the open text board its own board leaves out, the texts
// of the open picture its own picture leaves out, and the canaries of
// the hidden lines that its view does not show as well.
type readerView struct {
	g         *turnfile.Game
	hidden    map[string]bool
	hiddenSVG map[string]bool
	canaries  []*regexp.Regexp
}

// viewOf is reader's view of g, made once per position.
func (w *leakWatch) viewOf(g *turnfile.Game, reader string) *readerView {
	if v := w.views[reader]; v != nil && v.g == g {
		return v
	}
	p := g.Position()
	view := templates.View{Seat: reader, Hidden: true}
	open, err := w.draw.SVG(p, templates.View{})
	if err != nil {
		w.t.Fatal(err)
	}
	mine, err := w.draw.SVG(p, view)
	if err != nil {
		w.t.Fatal(err)
	}
	ownText := w.draw.Text(p, view)
	public := ownText + "\n" + w.recent(g, view)
	hidden := minus(lines(w.draw.Text(p, templates.View{})), lines(ownText))
	v := &readerView{g: g, hidden: map[string]bool{}, hiddenSVG: map[string]bool{}}
	for _, l := range hidden {
		v.hidden[l] = true
	}
	for _, tx := range minus(svgTexts(open), svgTexts(mine)) {
		v.hiddenSVG[tx] = true
	}
	for _, c := range canaries(hidden) {
		if !c.MatchString(public) {
			v.canaries = append(v.canaries, c)
		}
	}
	w.views[reader] = v
	return v
}

// recent is what the last entries made public, as view sees it: their
// actions and their events (a discard's count is public, and may equal
// a count still held).
func (w *leakWatch) recent(g *turnfile.Game, view templates.View) string {
	var b strings.Builder
	h := g.File().History
	for _, e := range h[max(0, len(h)-3):] {
		for _, a := range e.Actions {
			b.WriteString(a + "\n")
		}
		for _, ev := range e.Events {
			b.WriteString(templates.ViewEvent(w.draw, g.Position(), ev, view) + "\n")
		}
	}
	return b.String()
}

// secret is a string no mail to a reader may hold: its value, and what
// it is for the failure message.
type secret struct{ what, value string }

// secrets are the strings that must not reach reader: every other seat's
// token, and before the game's end the format line of the turn file, the
// chain values its entries revealed, and the hosted seats' keys and chain
// secrets.
func (w *leakWatch) secrets(g *turnfile.Game, reader string) []secret {
	var out []secret
	for seat, tok := range w.h.tokens {
		if seat != reader {
			out = append(out, secret{seat + "'s token", tok})
		}
	}
	if g.Position().Over() {
		return out
	}
	out = append(out, secret{"the turn file's format line", "format: " + g.Rules().Format()})
	for _, e := range g.File().History {
		if e.Reveal != "" {
			out = append(out, secret{fmt.Sprintf("entry %d's chain value", e.N), e.Reveal})
		}
	}
	for seat, hs := range w.h.hosted {
		out = append(out, secret{seat + "'s chain secret", hs.signer.Secret.String()},
			secret{seat + "'s private key", base64.StdEncoding.EncodeToString(hs.signer.Key.Seed())})
	}
	return out
}

// lines are the lines of a text, trimmed, without empty ones.
func lines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// minus is the strings of a that b does not hold.
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

var countPair = regexp.MustCompile(`\b([a-z]+):? ([0-9]+)\b`)

// canaries are the patterns of the counts of five or more that the
// hidden lines show ("brick 12"), in either order ("12 brick").
func canaries(hidden []string) []*regexp.Regexp {
	var out []*regexp.Regexp
	seen := map[string]bool{}
	for _, l := range hidden {
		for _, m := range countPair.FindAllStringSubmatch(l, -1) {
			if len(m[2]) == 1 && m[2] < "5" || seen[m[1]+m[2]] {
				continue
			}
			seen[m[1]+m[2]] = true
			// "brick 12" or "12 brick" ends a phrase ("brick 12, ore
			// 1", "holds 12 brick."), not in a list of cards ("1 brick
			// 12 ore") or an action ("trade 12 brick for 3 ore").
			out = append(out, regexp.MustCompile(fmt.Sprintf(`(?m)\b(?:%s:? %s|%s %s)(?:$|[^0-9a-z ]| [^0-9a-z])`, m[1], m[2], m[2], m[1])))
		}
	}
	return out
}

// engineWords are the engine's phrasings that name a hidden holding of a
// seat other than reader (templates' EventViewers reword them): an
// influence card's colour another seat drew, a development card's kind,
// the resource of a steal the reader took no part in, and the reason a
// seat gave for its answer to an offer.
func (w *leakWatch) engineWords(reader string) []*regexp.Regexp {
	if d, ok := w.words[reader]; ok {
		return d
	}
	var others []string
	for _, c := range w.colours() {
		if c != reader {
			others = append(others, c)
		}
	}
	y := "(?:" + strings.Join(others, "|") + ")"
	w.words[reader] = []*regexp.Regexp{
		regexp.MustCompile(`(?m)\b` + y + ` \+[0-9]+ (?:blue|green|yellow|red)\b`),
		regexp.MustCompile(`(?m)\b` + y + ` draws (?:blue|green|yellow|red)\b`),
		regexp.MustCompile(`(?m)\b` + y + `'s card is an? [a-z-]+`),
		regexp.MustCompile(`(?m)\b` + y + ` [a-z]+ a development card: [a-z-]+$`),
		regexp.MustCompile(`(?m)\b` + y + ` steals 1 (?:brick|grain|lumber|ore|wool|gold) from ` + y + `\b`),
		regexp.MustCompile(`(?m)\b` + y + ` would steal [a-z]+ from ` + y + `\b`),
		regexp.MustCompile(`(?m)\b` + y + ` (?:declines|accepts) \(`),
		regexp.MustCompile(`(?m)\b` + y + ` no longer holds\b`),
	}
	return w.words[reader]
}

// leakCanaries are the hands each game's seats start the watched game
// with: counts no game reaches on its own, every one of them different.
var leakCanaries = map[string]string{
	"elasund": "influence red blue 6; influence red green 1; influence blue green 7; influence blue yellow 1; turn red",
	"seafarers": "place settlement C6.s red; place settlement E10.s red; place settlement G2.n blue; place settlement I10.n white; " +
		"hand red 12 brick, 2 ore, 2 wool, 2 grain; hand blue 13 grain, 1 wool, 1 ore; hand white 14 ore, 1 lumber, 1 wool, 1 grain; turn red",
}

// TestLeaks drives every kind of mail the referee sends in a hidden game
// of each game, and checks every one (leakWatch): a short drive from the
// canary hands; with ELASUND_SOAK also a long one, and a game played
// from its start to its end by the heuristic bots, natural hands and all,
// whose last mails bring every seat (and every player a seat was taken
// from) the file.
func TestLeaks(t *testing.T) {
	soak := os.Getenv("ELASUND_SOAK") != ""
	for _, name := range allGames().Names() {
		t.Run(name, func(t *testing.T) {
			report := func(what string, w *leakWatch) {
				var kinds []string
				for k, n := range w.kinds {
					kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
				}
				sort.Strings(kinds)
				t.Logf("%s: %d mails checked: %s", what, w.mails, strings.Join(kinds, ", "))
			}
			report("canary hands, 12 moves", leakDrive(t, name, 37, 12, true))
			if !soak {
				return
			}
			report("canary hands, 200 moves", leakDrive(t, name, 38, 200, true))
			w := leakDrive(t, name, 39, 20000, false)
			report("a whole game", w)
			w.checkEnd()
		})
	}
}

// checkEnd checks that the watched game is over and that its last mails
// brought the complete file to every player who has an address and
// every player a seat was taken from.
func (w *leakWatch) checkEnd() {
	w.t.Helper()
	if !w.h.stored().Position().Over() {
		w.t.Fatal("the game by the heuristic bots did not end")
	}
	s, err := w.h.r.session(w.h.hg.Game)
	if err != nil {
		w.t.Fatal(err)
	}
	var want []string
	for _, st := range s.seats() {
		if st.Email != "" {
			want = append(want, st.Email)
		}
	}
	for _, p := range s.formerPlayers() {
		want = append(want, p.Email)
	}
	final := storedBytes(w.t, w.h.dir, w.h.hg.Game)
	for _, addr := range want {
		i := slices.IndexFunc(w.last.Replies, func(o mail.Outgoing) bool {
			return strings.Contains(o.To[0], addr) && bytes.Equal(attachmentNamed(o.Attachments, ".yaml"), final)
		})
		if i < 0 {
			w.t.Errorf("the last mails do not bring %s the complete file", addr)
		}
	}
}

// leakDrive hosts a hidden game of name, deals the canaries (or, without
// canaries, lets the heuristic bots play it from its start), and sends
// every kind of mail through a watch: the invitations, commands,
// refusals, a vacation, moves (and the decisions and offers they bring)
// up to moves of them, and after at most 20 of them reminders and
// deadline moves and seat changes.
func leakDrive(t *testing.T, name string, seed byte, moves int, canary bool) *leakWatch {
	h := newHiddenGame(t, name, seed)
	w := newLeakWatch(t, h)
	h.tokens = h.hg.Tokens
	w.see("invitation", h.hg.Mail...)
	if canary {
		storeGame(t, h.dir, sandboxGame(t, h.stored(), int64(seed), leakCanaries[name]))
	} else {
		kit, _ := allGames().Lookup(name)
		for i, c := range w.colours() {
			p, err := kit.Bots.New(bot.LevelHeuristic, uint64(seed)*10+uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			h.bots[c] = p
		}
	}
	w.early = storedBytes(t, h.dir, h.hg.Game)
	// A twin's last entry is the edit that dealt the canaries, which no
	// hosted game has: status and resend come after the first moves.
	first := min(moves/2, 20)
	w.play(2)
	w.commands()
	w.refusals()
	w.play(first - 2)
	w.deadlines()
	if !h.stored().Position().Over() {
		w.seatChanges()
	}
	w.play(moves - first)
	return w
}

// colours are the seats of the watched game.
func (w *leakWatch) colours() []string {
	var out []string
	for _, s := range w.h.hg.Seats {
		out = append(out, s.Colour)
	}
	return out
}

// commands sends every seat's help, games, status and resend.
func (w *leakWatch) commands() {
	game := w.h.hg.Game
	for _, c := range w.colours() {
		from := w.h.seat(c).Email
		w.mail("help", from, "help", "")
		w.mail("games", from, "games", "")
		w.mail("status", from, "status "+game, "")
		w.mail("resend", from, "resend "+game, "")
	}
}

// refusals sends the mails the referee refuses, of every kind, from each
// seat (and from strangers).
func (w *leakWatch) refusals() {
	h := w.h
	game := h.hg.Game
	subject := turnSubject(game, h.stored())
	for i, c := range w.colours() {
		from := h.seat(c).Email
		other := w.colours()[(i+1)%len(w.colours())]
		tok := "token " + h.tokens[c] + "\n"
		w.mail("refusal: no token", from, subject, "roll")
		w.mail("refusal: another seat's token", from, subject, "token "+h.tokens[other]+"\nroll")
		w.mail("refusal: a wrong token", from, subject, "token nonsense\nroll")
		w.mail("refusal: an old turn", from, "[elasund "+game+"]", tok+"turn 999\nroll")
		w.mail("refusal: no turn", from, "[elasund "+game+"]", tok+"roll")
		w.mail("refusal: a line that is not an action", from, subject, tok+"build a castle on the moon")
		w.mail("refusal: an action out of turn or against a rule", from, subject, tok+"end")
		w.mail("refusal: a token and no action", from, subject, tok)
		for what, data := range map[string][]byte{
			"the game as it stands": storedBytes(w.t, h.dir, game),
			"behind the game":       w.early,
			"that does not verify":  bytes.Replace(bytes.Replace(w.early, []byte("kind: edit"), []byte("kind: move"), 1), []byte("kind: join"), []byte("kind: move"), 1),
		} {
			w.mail("refusal: a turn file "+what+", while it is withheld", from, subject, "my move",
				mail.Attachment{Filename: "game.yaml", ContentType: "application/yaml", Data: data})
		}
		w.mail("refusal: a vacation without the token", from, "[elasund "+game+"] vacation until 2026-12-01", "")
		w.mail("refusal: a vacation in the past", from, "[elasund "+game+"]", tok+"vacation until 2020-01-01")
		w.mail("refusal: back without a vacation", from, "[elasund "+game+"]", tok+"back")
	}
	w.mail("refusal: a stranger", "mallory@example.test", subject, "token "+h.tokens["red"]+"\nroll")
	w.mail("refusal: a stranger's status", "mallory@example.test", "status "+game, "")
	w.mail("refusal: no game", h.seat("red").Email, "hello", "what now?")
	w.mail("refusal: a game not played here", h.seat("red").Email, "[elasund 0123456789abcdef] turn 1", "token x\nroll")
	w.mail("refusal: not a game id", h.seat("red").Email, "status nonsense", "")
	red := "token " + h.tokens["red"] + "\n"
	w.mail("vacation", h.seat("red").Email, "[elasund "+game+"]", red+"vacation 3 days")
	w.mail("vacation: back", h.seat("red").Email, "[elasund "+game+"]", red+"back")
}

// play makes n moves, each the bot's choice for the seat the game waits
// for, mailed by its player. In Seafarers a roll goes alone, and every
// fourth move or so the seat then offers one card for another to all, so
// that offers, their answers (and the reasons of the automatic ones) are
// mailed too.
func (w *leakWatch) play(n int) {
	h := w.h
	for i := 0; i < n && !h.stored().Position().Over(); i++ {
		seat, move := h.next()
		if h.seatEmail(seat) == "" {
			w.due(h.ml.date.Add(time.Minute))
			continue
		}
		if h.name == "seafarers" && len(move) > 1 && move[0].String() == "roll" {
			move = move[:1]
		}
		if p := h.stored().Position(); h.name == "seafarers" && p.Phase() == "trade" && p.Current() == seat && w.kinds["move"]%4 == 0 && w.offer(seat) {
			continue
		}
		d := w.mail("move", h.seatEmail(seat), turnSubject(h.hg.Game, h.stored()), "token "+h.tokens[seat]+"\n"+moveText(move, i))
		if d.Reject {
			w.t.Fatalf("%s's move %v refused:\n%s", seat, move, d.Replies[0].Text)
		}
	}
}

// offer has seat offer one card for another to all, trying the cards in
// turn until one offer is legal (each refused one is a refusal to
// check), and reports whether one was.
func (w *leakWatch) offer(seat string) bool {
	h := w.h
	cards := []string{"brick", "grain", "ore", "lumber", "wool"}
	for i, give := range cards {
		get := cards[(i+1)%len(cards)]
		d := w.mail("offer", h.seatEmail(seat), turnSubject(h.hg.Game, h.stored()), fmt.Sprintf("token %s\noffer 1 %s for 1 %s to all", h.tokens[seat], give, get))
		if !d.Reject {
			return true
		}
	}
	return false
}

// due runs the timed work due at now, checking its mails.
func (w *leakWatch) due(now time.Time) {
	done := map[string]bool{}
	for range 20 {
		tw, _ := dueOnce(w.t, w.h.r, now, done)
		if tw == nil {
			return
		}
		done[tw.ID] = true
		kind, _, _ := strings.Cut(tw.ID, ".")
		w.decision("deadline: "+kind, tw.Decision)
	}
}

// deadlines lets the game's clock run past the reminders and the
// deadline of the seat it waits for: the bot plays for it.
func (w *leakWatch) deadlines() {
	start := w.h.ml.date
	for _, after := range []time.Duration{37 * time.Hour, 67 * time.Hour, 73 * time.Hour} {
		w.due(start.Add(after))
	}
	w.h.ml.date = start.Add(74 * time.Hour)
}

// seatChanges hands red to a new player and the last seat to the bot,
// and invites the new player again.
func (w *leakWatch) seatChanges() {
	h := w.h
	dave := turnfile.Seat{Name: "Dave", Email: "dave@example.test"}
	sg, err := HostSeat(SeatOptions{Dir: h.dir, Address: testFrom, Game: h.hg.Game, Seat: "red", To: dave, Now: h.ml.date, Rand: newDetReader(99)})
	if err != nil {
		w.t.Fatal(err)
	}
	h.tokens["red"] = sg.Tokens["red"]
	w.see("seat change", sg.Mail...)
	last := w.colours()[len(w.colours())-1]
	sg, err = HostSeat(SeatOptions{Dir: h.dir, Address: testFrom, Game: h.hg.Game, Seat: last, Bot: true, Now: h.ml.date.Add(time.Second)})
	if err != nil {
		w.t.Fatal(err)
	}
	delete(h.tokens, last)
	w.see("seat to the bot", sg.Mail...)
	inv, err := HostInvite(InviteOptions{Dir: h.dir, Address: testFrom, Game: h.hg.Game, Seats: []string{"red"}, Now: h.ml.date.Add(2 * time.Second), Rand: newDetReader(100)})
	if err != nil {
		w.t.Fatal(err)
	}
	h.tokens["red"] = inv.Tokens["red"]
	w.see("invitation again", inv.Mail...)
	w.mail("refusal: a former player", h.seat("red").Email, turnSubject(h.hg.Game, h.stored()), "token "+h.tokens["red"]+"\nroll")
	w.due(h.ml.date.Add(time.Minute))
}
