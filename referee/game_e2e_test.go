package referee

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/mailtest"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// tablePlayer is a person at a table that plays by mail: through a
// hosted seat with its token, or with her own key, attaching the file.
type tablePlayer struct {
	seat   turnfile.Seat
	token  string           // hosted seats
	signer *turnfile.Signer // seats that play with their own key
	bot    bot.Player
}

// mailTable plays games through a daemon and the in-process IMAP and
// SMTP servers. Every reply the daemon sends is expected by its
// Message-ID, which depends only on the message it answers.
type mailTable struct {
	t       *testing.T
	im      *mailtest.IMAP
	sm      *mailtest.SMTP
	dir     string
	game    string
	ml      *mailer
	players map[string]*tablePlayer
	// latest is the newest turn file the players have received.
	latest []byte
	// replica is the test's own copy of the game: each move is applied
	// to it too (with the hosted seats' keys, read from the store), and
	// the referee's file must equal it byte for byte.
	replica *turnfile.Game
	hosted  map[string]*hostedSeat
	// expected counts the distinct replies the sink should hold.
	expected int
	moves    int
	// clock is the daemon's clock: set to each mail's date before it is
	// delivered, it is the time the daemon reads the mail at.
	clock *testClock
	// hidden is set when every seat is hosted: the turn file is withheld
	// until the game ends.
	hidden bool
}

// testClock is a clock the test sets.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func newMailTable(t *testing.T, hg *HostedGame, dir string, im *mailtest.IMAP, sm *mailtest.SMTP, level string) *mailTable {
	t.Helper()
	mt := &mailTable{t: t, im: im, sm: sm, dir: dir, game: hg.Game, ml: &mailer{date: refTime.Add(time.Hour)}, players: map[string]*tablePlayer{},
		clock: &testClock{t: refTime.Add(time.Hour)}}
	// The invitations go out as "elasund host new" sends them.
	cfg := testConfig(im, sm, t.TempDir())
	if err := mail.Post(context.Background(), cfg, hg.Key, hg.Mail, mail.Options{}); err != nil {
		t.Fatalf("posting the invitations: %v", err)
	}
	mt.expected = len(hg.Mail)
	if !sm.WaitUnique(mt.expected, 10*time.Second) {
		t.Fatalf("%d of %d invitations arrived", sm.Unique(), len(hg.Mail))
	}
	for i, st := range hg.Seats {
		p := &tablePlayer{seat: st}
		p.bot = newBot(level, uint64(100+i))
		mt.players[st.Colour] = p
	}
	for _, m := range sm.Received() {
		in, err := mail.ParseMessage(m.Data, mail.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range mt.players {
			if m.To[0] != p.seat.Email {
				continue
			}
			if strings.Contains(in.Subject, "invitation") && strings.Contains(in.Text, "your token:") {
				p.token = tokenFrom(t, in.Text)
			}
			if f := attachmentNamed(in.Attachments, ".yaml"); f != nil {
				mt.latest = f
			}
		}
	}
	// When every seat is hosted the invitations carry no file: hands
	// are hidden until the game ends.
	mt.hidden = mt.latest == nil
	mt.replica = openBytes(t, storedBytes(t, dir, hg.Game))
	var err error
	if mt.hosted, err = readHosted(dir, hg.Game, mt.replica.Rules()); err != nil {
		t.Fatal(err)
	}
	return mt
}

// waitReplies waits for replies 0..n-1 to msgID and returns them parsed.
func (mt *mailTable) waitReplies(msgID string, n int) []*mail.Incoming {
	mt.t.Helper()
	want := map[string]int{}
	for i := 0; i < n; i++ {
		want[mail.ReplyMessageID(msgID, i, testFrom)] = i
	}
	out := make([]*mail.Incoming, n)
	deadline := time.Now().Add(30 * time.Second)
	for {
		found := 0
		for _, m := range mt.sm.Received() {
			if i, ok := want[m.MessageID]; ok && out[i] == nil {
				in, err := mail.ParseMessage(m.Data, mail.Limits{})
				if err != nil {
					mt.t.Fatal(err)
				}
				in.To = m.To
				out[i] = in
			}
		}
		for _, in := range out {
			if in != nil {
				found++
			}
		}
		if found == n {
			return out
		}
		if time.Now().After(deadline) {
			mt.t.Fatalf("message %s: %d of %d replies after 30s (sink holds %d)", msgID, found, n, mt.sm.Unique())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// send delivers a mail to the daemon's inbox, the daemon's clock at its
// date, and returns its Message-ID.
func (mt *mailTable) send(from, subject, body string, extra []string, atts ...mail.Attachment) string {
	id, date := mt.ml.next()
	mt.clock.set(date)
	mt.im.Deliver(rawMail(from, subject, body, id, date, extra, atts...))
	return id
}

// subject is that of a reply to the last turn mail: it binds a move to
// the turn it answers.
func (mt *mailTable) subject() string { return turnSubject(mt.game, mt.replica) }

// rejected sends a mail that must be refused and returns the rejection.
func (mt *mailTable) rejected(from, subject, body string, atts ...mail.Attachment) string {
	mt.t.Helper()
	before := storedBytes(mt.t, mt.dir, mt.game)
	id := mt.send(from, subject, body, nil, atts...)
	r := mt.waitReplies(id, 1)[0]
	mt.expected++
	if r.To[0] != from || !strings.Contains(r.Subject, "not applied") || r.InReplyTo != id {
		mt.t.Fatalf("reply to %s: to %v subject %q in-reply-to %q; want a rejection to the sender", id, r.To, r.Subject, r.InReplyTo)
	}
	if !bytes.Equal(storedBytes(mt.t, mt.dir, mt.game), before) {
		mt.t.Fatal("a rejected mail changed the game")
	}
	return r.Text
}

// answered sends a command and returns the replies.
func (mt *mailTable) answered(from, subject string, n int) []*mail.Incoming {
	mt.t.Helper()
	id := mt.send(from, subject, "", nil)
	mt.expected += n
	return mt.waitReplies(id, n)
}

// moveBy mails seat's move and checks what every seat receives: a turn
// mail with the file and the board, and a decision request for each seat
// that now owes a new decision.
func (mt *mailTable) moveBy(seat string, move []engine.Action) {
	mt.t.Helper()
	p := mt.players[seat]
	before := mt.replica.Position().Owed()
	var id string
	if p.token != "" {
		var raw []byte
		var date time.Time
		id, date = mt.ml.next()
		raw = rawMail(p.seat.Email, mt.subject(), "Hello,\ntoken "+p.token+"\n"+moveText(move, mt.moves)+"\n\n-- \n"+p.seat.Name, id, date, nil)
		if _, err := mt.replica.Move(seat, move, mt.hosted[seat].signer, entryTime(mt.replica, date), turnfile.MoveOptions{}); err != nil {
			mt.t.Fatalf("%s's move %v: %v", seat, move, err)
		}
		mt.clock.set(date)
		mt.im.Deliver(raw)
	} else {
		if _, err := mt.replica.Move(seat, move, p.signer, mt.ml.date, turnfile.MoveOptions{}); err != nil {
			mt.t.Fatalf("%s's own move %v: %v", seat, move, err)
		}
		data, err := mt.replica.File().Marshal()
		if err != nil {
			mt.t.Fatal(err)
		}
		id = mt.send(p.seat.Email, turnSubject(mt.game, mt.replica), "my move", nil, mail.Attachment{Filename: "game.yaml", ContentType: "application/yaml", Data: data})
	}
	mt.moves++
	seats := mt.replica.File().Header.Seats
	n := len(seats) + len(newDecisions(before, mt.replica.Position().Owed()))
	replies := mt.waitReplies(id, n)
	mt.expected += n
	over := mt.replica.Position().Over()
	want, err := mt.replica.File().Marshal()
	if err != nil {
		mt.t.Fatal(err)
	}
	// The file goes with every turn mail, unless every seat is hosted:
	// then it is withheld until the game is over.
	data := attachmentNamed(replies[0].Attachments, ".yaml")
	if withheld := mt.hidden && !over; withheld != (data == nil) {
		mt.t.Fatalf("move %d by %s (%v): file attached %v, want %v:\n%s", mt.moves, seat, move, data != nil, !withheld, replies[0].Text)
	}
	if !strings.Contains(replies[0].Text, "applied") && !strings.Contains(replies[0].Text, "moved") {
		mt.t.Fatalf("move %d by %s (%v) was not applied:\n%s", mt.moves, seat, move, replies[0].Text)
	}
	if mt.moves%10 == 0 || over {
		if got := storedBytes(mt.t, mt.dir, mt.game); !bytes.Equal(got, want) || (data != nil && !bytes.Equal(data, want)) {
			mt.t.Fatalf("move %d: the referee's file differs from the game replayed by the test", mt.moves)
		}
	}
	acting := mt.replica.Acting()
	for i, r := range replies[:len(seats)] {
		if !strings.Contains(r.To[0], seats[i].Email) || !bytes.Equal(attachmentNamed(r.Attachments, ".yaml"), data) ||
			attachmentNamed(r.Attachments, ".svg") == nil || !strings.Contains(r.Subject, templates.SubjectTag(mt.game)) {
			mt.t.Fatalf("move %d: reply %d to %v lacks the file, the board or the tag (subject %q)", mt.moves, i, r.To, r.Subject)
		}
		if (seats[i].Colour == seat) != (r.InReplyTo == id) {
			mt.t.Errorf("move %d: reply to %s threaded %q", mt.moves, seats[i].Colour, r.InReplyTo)
		}
		if mt.hidden {
			mt.checkHidden(r, seats[i].Colour)
		}
		if waits := slices.Contains(acting, seats[i].Colour); waits != strings.Contains(r.Text, "Your legal actions now:") {
			mt.t.Errorf("move %d: %s waits %v, but its mail lists legal actions %v:\n%s", mt.moves, seats[i].Colour, waits, !waits, r.Text)
		}
	}
	for _, r := range replies[len(seats):] {
		if !strings.Contains(r.Subject, "your decision") {
			mt.t.Errorf("move %d: extra reply %q is not a decision request", mt.moves, r.Subject)
		}
	}
	if data != nil {
		mt.latest = data
	}
}

// drawnColour is an event that names an influence card a seat drew.
var drawnColour = regexp.MustCompile(`(?m)^  (red|blue|green|yellow) (?:\+[0-9]+|draws) (?:blue|green|yellow|red) \(`)

// checkHidden checks that a turn mail to reader in a game whose every
// seat is hosted shows no other seat's cards (R31, R94): its text board
// shows their hands as counts, its events do not name the colours they
// drew, and its SVG board draws their hands as counts.
func (mt *mailTable) checkHidden(r *mail.Incoming, reader string) {
	mt.t.Helper()
	others := 0
	hand := `.*\n  cards [0-9]+ \(hidden\)$`
	if mt.replica.Rules().Name() == "seafarers" {
		hand = `(?:.*\n)+?  resources: [0-9]+ cards? \(hidden\)$`
	}
	for _, st := range mt.replica.File().Header.Seats {
		if st.Colour == reader {
			continue
		}
		others++
		if !regexp.MustCompile(`(?m)^` + st.Colour + hand).MatchString(r.Text) {
			mt.t.Errorf("move %d: %s's mail does not show %s's hand as a count:\n%s", mt.moves, reader, st.Colour, r.Text)
		}
	}
	for _, m := range drawnColour.FindAllStringSubmatch(r.Text, -1) {
		if m[1] != reader {
			mt.t.Errorf("move %d: %s's mail names a card %s drew: %q", mt.moves, reader, m[1], m[0])
		}
	}
	if strings.Contains(r.Text, "influence deck blue") {
		mt.t.Errorf("move %d: %s's mail shows the influence deck's colours", mt.moves, reader)
	}
	svg := string(attachmentNamed(r.Attachments, ".svg"))
	if mt.replica.Rules().Name() == "seafarers" {
		if n := strings.Count(svg, "(hidden)"); n < others {
			mt.t.Errorf("move %d: %s's board shows %d hidden holdings, want at least %d", mt.moves, reader, n, others)
		}
		for _, m := range sealedCard.FindAllStringSubmatch(r.Text, -1) {
			if m[1] != reader {
				mt.t.Errorf("move %d: %s's mail names %s's development card: %q", mt.moves, reader, m[1], m[0])
			}
		}
		for _, m := range stolen.FindAllStringSubmatch(r.Text, -1) {
			if m[1] != reader && m[2] != reader {
				mt.t.Errorf("move %d: %s's mail names what %s stole from %s: %q", mt.moves, reader, m[1], m[2], m[0])
			}
		}
		return
	}
	if n := strings.Count(svg, `class="hidden-hand"`); n != others {
		mt.t.Errorf("move %d: %s's board shows %d hidden hands, want %d", mt.moves, reader, n, others)
	}
}

// sealedCard and stolen are Seafarers events that tell a development
// card or a stolen resource.
var (
	sealedCard = regexp.MustCompile(`(?m)(red|blue|white|orange)'s card is an? [a-z-]+$`)
	stolen     = regexp.MustCompile(`(?m)(red|blue|white|orange) steals 1 (?:brick|lumber|wool|grain|ore) from (red|blue|white|orange)$`)
)

func containsPending(list []engine.Owed, p engine.Owed) bool {
	for _, q := range list {
		if sameOwed(p, q) {
			return true
		}
	}
	return false
}

// playToEnd plays bot moves until the game is over.
func (mt *mailTable) playToEnd(limit int) {
	mt.t.Helper()
	for i := 0; i < limit; i++ {
		if mt.replica.Position().Over() {
			return
		}
		seat := mt.replica.Acting()[0]
		move, err := chooseMove(mt.players[seat].bot, mt.replica, seat)
		if err != nil {
			mt.t.Fatal(err)
		}
		mt.moveBy(seat, move)
	}
	mt.t.Fatalf("the game did not end in %d moves", limit)
}

// finish checks the end of a game: the stored file is the last one sent,
// verifies and is over; every reply arrived once.
func (mt *mailTable) finish(r *running) {
	mt.t.Helper()
	if !mt.sm.WaitUnique(mt.expected, 10*time.Second) {
		mt.t.Errorf("%d distinct replies, want %d", mt.sm.Unique(), mt.expected)
	}
	time.Sleep(100 * time.Millisecond)
	if err := r.stop(mt.t); err != nil {
		mt.t.Fatalf("Run: %v", err)
	}
	stored := storedBytes(mt.t, mt.dir, mt.game)
	if !bytes.Equal(stored, mt.latest) {
		mt.t.Error("the stored file is not the file of the last reply")
	}
	g := openBytes(mt.t, stored)
	if !g.Position().Over() {
		mt.t.Errorf("the game ended in phase %s", g.Position().Phase())
	}
	if got := mt.sm.Unique(); got != mt.expected {
		mt.t.Errorf("%d distinct replies, want exactly %d", got, mt.expected)
	}
	if d := mt.sm.Duplicates(); d != 0 {
		mt.t.Errorf("%d replies delivered twice", d)
	}
	if n := mt.im.Count("INBOX"); n != 0 {
		mt.t.Errorf("%d messages left in the inbox", n)
	}
	mt.t.Logf("game %s: %d moves by mail, %d entries, %d turns, winner %v; %d replies",
		mt.game, mt.moves, len(g.File().History), g.Position().Turn(), strings.Join(g.Position().Winners(), " and "), mt.expected)
}

func startReferee(t *testing.T, dir string, im *mailtest.IMAP, sm *mailtest.SMTP, clock *testClock) *running {
	t.Helper()
	cfg := testConfig(im, sm, t.TempDir())
	cfg.Limits.PerSenderPerHour = -1
	cfg.GamesDir = dir
	return startDaemon(t, cfg, newTestReferee(t, dir), mail.Options{Now: clock.now})
}

// TestRefereeHostedGameByMail plays a whole two-player game whose seats
// the referee hosts, every move written in a mail body with the seat's
// token, through IMAP and SMTP.
func TestRefereeHostedGameByMail(t *testing.T) {
	dir, hg := hostGame(t, 11, nil, "red", "blue")
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	mt := newMailTable(t, hg, dir, im, sm, bot.LevelHeuristic)
	if len(hg.Mail) != 2 || !mt.hidden {
		t.Fatalf("%d mails from host new, file attached %v; want two invitations that open the game, without the file", len(hg.Mail), !mt.hidden)
	}
	for _, p := range mt.players {
		if p.token == "" {
			t.Fatalf("%s received no token", p.seat.Colour)
		}
	}
	r := startReferee(t, dir, im, sm, mt.clock)
	mt.playToEnd(2000)
	mt.finish(r)
	if n := im.Count("Processed"); n != mt.moves {
		t.Errorf("Processed holds %d messages, want %d", n, mt.moves)
	}
}

// TestRefereePeerGameByMail plays a game between a hosted seat (red) and
// a seat that plays with its own key (blue) attaching the turn file, with
// commands, refusals, an auto-reply and a duplicate delivery on the way.
func TestRefereePeerGameByMail(t *testing.T) {
	dir, hg := hostGame(t, 12, map[string]string{"turn_limit": "12"}, "red")
	im := mailtest.NewIMAP(t, mailtest.IMAPOptions{})
	sm := mailtest.NewSMTP(t, mailtest.SMTPOptions{})
	mt := newMailTable(t, hg, dir, im, sm, bot.LevelRandom)
	red, blue := mt.players["red"], mt.players["blue"]
	blue.signer = ownSigner(78)
	if red.token == "" || blue.token != "" || mt.latest == nil {
		t.Fatalf("red's token %q, blue's %q, file %v: want a token for red only and the file for blue", red.token, blue.token, mt.latest != nil)
	}
	r := startReferee(t, dir, im, sm, mt.clock)

	// Before blue joins, red cannot move.
	text := mt.rejected(alice.Email, mt.subject(), "token "+red.token+"\nroll")
	if !strings.Contains(text, "waiting for blue to join") {
		t.Errorf("a move before the game began:\n%s", text)
	}
	// Blue joins with his own key and mails the file back.
	g := mt.replica
	if _, err := g.Join("blue", blue.signer, refTime.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	joined, _ := g.File().Marshal()
	id := mt.send(bob.Email, "Re: "+templates.SubjectTag(mt.game)+" invitation", "joined", nil, mail.Attachment{Filename: "game.yaml", ContentType: "application/yaml", Data: joined})
	opening := mt.waitReplies(id, 2)
	mt.expected += 2
	if !strings.Contains(opening[0].Text, "The game begins") || !strings.Contains(opening[0].Text, "It is your turn") {
		t.Fatalf("red's opening mail:\n%s", opening[0].Text)
	}
	if mt.latest = attachmentNamed(opening[1].Attachments, ".yaml"); !bytes.Equal(mt.latest, joined) {
		t.Fatal("the referee stored another file than the one blue joined")
	}

	// Commands.
	if h := mt.answered("carol@example.test", "help", 1)[0]; !strings.Contains(h.Subject, "help") || !strings.Contains(h.Text, "status GAME") {
		t.Errorf("help reply %q:\n%s", h.Subject, h.Text)
	}
	if s := mt.answered(bob.Email, "status "+mt.game, 1)[0]; len(s.Attachments) != 0 || !strings.Contains(s.Text, "Waiting for red") {
		t.Errorf("status reply with %d attachments:\n%s", len(s.Attachments), s.Text)
	}
	if s := mt.answered(alice.Email, "Re: "+templates.SubjectTag(mt.game)+" resend", 1)[0]; !bytes.Equal(attachmentNamed(s.Attachments, ".yaml"), mt.latest) || attachmentNamed(s.Attachments, ".svg") == nil {
		t.Errorf("resend reply lacks the file or the board")
	}
	if text := mt.rejected("carol@example.test", "status "+mt.game, ""); !strings.Contains(text, "has no seat") {
		t.Errorf("status to a stranger:\n%s", text)
	}

	// Refusals of hosted moves.
	if text := mt.rejected(alice.Email, mt.subject(), "token zzzz-zzzz\nroll"); !strings.Contains(text, "not the token of your seat") {
		t.Errorf("wrong token:\n%s", text)
	}
	if text := mt.rejected("mallory@example.test", mt.subject(), "token "+red.token+"\nroll"); !strings.Contains(text, "has no seat in game") {
		t.Errorf("wrong sender:\n%s", text)
	}
	if text := mt.rejected(alice.Email, mt.subject(), "token "+red.token+"\n\nrebuild hut none"); !strings.Contains(text, "Line 3:\n     > rebuild hut none\n") || !strings.Contains(text, "(R") {
		t.Errorf("illegal move:\n%s", text)
	}

	// An auto-reply carrying a valid move is filed unanswered.
	rejectedBefore := max(im.Count("Rejected"), 0)
	mt.send(alice.Email, "Out of office: "+mt.subject(), "token "+red.token+"\nroll", []string{"Auto-Submitted: auto-replied"})
	mailtest.WaitFor(t, 10*time.Second, "the auto-reply to be filed", func() bool { return im.Count("Rejected") == rejectedBefore+1 })
	if len(openBytes(t, storedBytes(t, dir, mt.game)).File().History) != 2 {
		t.Fatal("an auto-reply was applied")
	}

	// Red moves until blue is to move; blue answers with a file.
	for !slices.Contains(mt.replica.Acting(), "blue") {
		move, err := chooseMove(red.bot, mt.replica, "red")
		if err != nil {
			t.Fatal(err)
		}
		mt.moveBy("red", move)
	}
	base := mt.latest
	move, err := chooseMove(blue.bot, mt.replica, "blue")
	if err != nil {
		t.Fatal(err)
	}
	pending := mt.replica.Position().Owed()
	if _, err := mt.replica.Move("blue", move, blue.signer, mt.ml.date, turnfile.MoveOptions{}); err != nil {
		t.Fatal(err)
	}
	mine, _ := mt.replica.File().Marshal()
	dupID, dupRaw := mt.ml.raw(bob.Email, mt.subject(), "my move", nil, mail.Attachment{Filename: "game.yaml", ContentType: "application/yaml", Data: mine})
	mt.clock.set(mt.ml.date)
	im.Deliver(dupRaw)
	mt.moves++
	n := 2 + len(newDecisions(pending, mt.replica.Position().Owed()))
	replies := mt.waitReplies(dupID, n)
	mt.expected += n
	if mt.latest = attachmentNamed(replies[0].Attachments, ".yaml"); !bytes.Equal(mt.latest, mine) {
		t.Fatal("the referee stored another file than blue's")
	}
	// The same message delivered again is filed, not applied or answered.
	processed := im.Count("Processed")
	im.Deliver(dupRaw)
	mailtest.WaitFor(t, 10*time.Second, "the duplicate to be filed", func() bool { return im.Count("Processed") == processed+1 })
	// The same file in a new mail adds nothing; an older one is behind;
	// another successor of the same entry is a fork.
	if text := mt.rejected(bob.Email, mt.subject(), "again", mail.Attachment{Filename: "g.yaml", Data: mine}); !strings.Contains(text, "adds nothing") {
		t.Errorf("replayed file:\n%s", text)
	}
	if text := mt.rejected(bob.Email, mt.subject(), "old", mail.Attachment{Filename: "g.yaml", Data: base}); !strings.Contains(text, "is behind the game") {
		t.Errorf("stale file:\n%s", text)
	}
	other := openBytes(t, base)
	alt := mustMove(t, "orders discard gold blue green yellow")
	if _, err := other.Move("blue", alt, blue.signer, mt.ml.date, turnfile.MoveOptions{}); err != nil {
		t.Fatal(err)
	}
	forked, _ := other.File().Marshal()
	if text := mt.rejected(bob.Email, mt.subject(), "fork", mail.Attachment{Filename: "g.yaml", Data: forked}); !strings.Contains(text, "forks the game") {
		t.Errorf("forked file:\n%s", text)
	}

	// The rest of the game, blue still attaching files.
	mt.playToEnd(2000)
	mt.finish(r)
}

// newDecisions lists the seats asked for a decision when the pending
// decisions go from before to after: those that owe one they did not owe
// before.
func newDecisions(before, after []engine.Owed) []string {
	var out []string
	for _, p := range after {
		if !containsPending(before, p) && !slices.Contains(out, p.Seat) {
			out = append(out, p.Seat)
		}
	}
	return out
}
