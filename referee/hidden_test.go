package referee

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/turnfile"
)

// hiddenGame is a game of one of the referee's games whose every seat the
// referee holds, played through Handle: hands are hidden and the turn
// file withheld until the end.
type hiddenGame struct {
	t      testing.TB
	name   string
	dir    string
	hg     *HostedGame
	r      *Referee
	ml     *mailer
	hosted map[string]*hostedSeat
	bots   map[string]bot.Player
	// read and readGame are the stored bytes read last, replayed.
	read     []byte
	readGame *turnfile.Game
	// tokens are the seats' tokens now, as the players have them.
	tokens map[string]string
}

// hiddenSeats are the players of the hidden games: two for Elasund,
// three for Seafarers (its smallest table).
func hiddenSeats(name string) []turnfile.Seat {
	seats := []turnfile.Seat{alice, bob}
	if name == "seafarers" {
		seats = append(seats, turnfile.Seat{Colour: "white", Name: "Carol Jones", Email: "carol@example.test"})
	}
	return seats
}

// newHiddenGame hosts a game of name with every seat held by the
// referee, random bots to choose the moves.
func newHiddenGame(t testing.TB, name string, seed byte) *hiddenGame {
	t.Helper()
	dir := t.TempDir()
	seats := hiddenSeats(name)
	var colours []string
	for _, s := range seats {
		colours = append(colours, s.Colour)
	}
	o := HostOptions{Dir: dir, Address: testFrom, Game: name, Seats: seats, Hosted: colours, Now: refTime, Rand: newDetReader(seed)}
	if name == "seafarers" {
		o.Choices = map[string]string{"scenario": "new-shores"}
	}
	hg, err := HostNew(o)
	if err != nil {
		t.Fatalf("HostNew(%s): %v", name, err)
	}
	h := &hiddenGame{t: t, name: name, dir: dir, hg: hg, r: newTestReferee(t, dir), ml: &mailer{}, bots: map[string]bot.Player{}}
	g := h.stored()
	if h.hosted, err = readHosted(dir, hg.Game, g.Rules()); err != nil {
		t.Fatal(err)
	}
	kit, _ := allGames().Lookup(name)
	for i, c := range colours {
		if h.bots[c], err = kit.Bots.New(bot.LevelRandom, uint64(seed)*10+uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// stored is the game as the store holds it, replayed again only when
// the stored bytes changed. The caller must not change it.
func (h *hiddenGame) stored() *turnfile.Game {
	h.t.Helper()
	data := storedBytes(h.t, h.dir, h.hg.Game)
	if h.readGame == nil || !bytes.Equal(data, h.read) {
		h.read, h.readGame = data, openBytes(h.t, data)
	}
	return h.readGame
}

// seatEmail is the address of the player who plays seat now; "" for a
// seat handed to the bot.
func (h *hiddenGame) seatEmail(seat string) string {
	s, err := h.r.session(h.hg.Game)
	if err != nil {
		h.t.Fatal(err)
	}
	return s.seat(seat).Email
}

// seat is a seat of the game by colour, as the header has it.
func (h *hiddenGame) seat(colour string) turnfile.Seat {
	return h.hg.Seats[slices.IndexFunc(h.hg.Seats, func(s turnfile.Seat) bool { return s.Colour == colour })]
}

// next is the seat the game waits for first, and the move its bot plays
// there: an offer goes alone, so that the seats it names owe answers.
func (h *hiddenGame) next() (string, []engine.Action) {
	h.t.Helper()
	g := h.stored()
	p := g.Position()
	seat := p.Awaited()[0]
	if owed := p.Owed(); len(owed) > 0 {
		seat = owed[0].Seat
	}
	move, err := bot.Plan(p, seat, g.Source(seat, h.hosted[seat].signer), h.bots[seat])
	if err != nil {
		h.t.Fatalf("planning %s's move: %v", seat, err)
	}
	if k := slices.IndexFunc(move, func(a engine.Action) bool { return strings.HasPrefix(a.String(), "offer ") }); k >= 0 {
		move = move[:k+1]
	}
	return seat, move
}

// mail is a mail from seat's player about the game, answering its last
// turn mail, with body after the token line.
func (h *hiddenGame) mail(seat, body string, atts ...mail.Attachment) *mail.Incoming {
	return h.ml.incoming(h.seat(seat).Email, turnSubject(h.hg.Game, h.stored()), "token "+h.hg.Tokens[seat]+"\n"+body, atts...)
}

// play makes n moves, each chosen by the seat's bot and mailed by its
// player, and returns the decisions.
func (h *hiddenGame) play(n int) []*mail.Decision {
	h.t.Helper()
	var out []*mail.Decision
	for i := 0; i < n && !h.stored().Position().Over(); i++ {
		seat, move := h.next()
		d := handle(h.t, h.r, h.mail(seat, moveText(move, i)))
		if d.Reject || d.Commit == nil {
			h.t.Fatalf("%s's move %v refused:\n%s", seat, move, d.Replies[0].Text)
		}
		out = append(out, d)
	}
	return out
}

// TestWithheldFileRefusals plays the attacker of issue 17 item 4: in a
// game whose every seat is hosted, a player mails turn files with the
// game's id (one that does not verify, a fork, a stale copy, the game
// itself, and one with an entry signed for a hosted seat) to get the
// refusal that attaches the game's file. No refusal may carry the file,
// or any part of it, before the game ends: the stored file holds every
// seat's hand.
func TestWithheldFileRefusals(t *testing.T) {
	for _, name := range allGames().Names() {
		t.Run(name, func(t *testing.T) {
			h := newHiddenGame(t, name, 31)
			h.play(6)
			stored := storedBytes(t, h.dir, h.hg.Game)
			g := h.stored()
			seat, move := h.next()
			fork := openBytes(t, stored)
			if _, err := fork.Move(seat, move, h.hosted[seat].signer, refTime, turnfile.MoveOptions{}); err != nil {
				t.Fatal(err)
			}
			ahead, _ := fork.File().Marshal()
			h.play(1)
			tampered := bytes.Replace(stored, []byte("kind: move"), []byte("kind: orders"), 1)
			seat, move = h.next()
			extended := openBytes(t, storedBytes(t, h.dir, h.hg.Game))
			if _, err := extended.Move(seat, move, h.hosted[seat].signer, refTime.Add(48*time.Hour), turnfile.MoveOptions{}); err != nil {
				t.Fatal(err)
			}
			hostedEntry, _ := extended.File().Marshal()
			for _, tc := range []struct {
				what string
				data []byte
			}{
				{"a stale copy", stored},
				{"a fork", ahead},
				{"a file that does not verify", tampered},
				{"the game as it stands", storedBytes(t, h.dir, h.hg.Game)},
				{"an entry signed for a hosted seat", hostedEntry},
			} {
				for _, from := range []string{g.File().Header.Seats[0].Colour, seat} {
					before := storedBytes(t, h.dir, h.hg.Game)
					d := handle(t, h.r, h.ml.incoming(h.seat(from).Email, turnSubject(h.hg.Game, h.stored()), "my move",
						mail.Attachment{Filename: "game.yaml", ContentType: "application/yaml", Data: tc.data}))
					out := one(t, d)
					if !d.Reject || d.Commit != nil {
						t.Fatalf("%s from %s: reject %v, commit %v; want a refusal", tc.what, from, d.Reject, d.Commit != nil)
					}
					for _, a := range out.Attachments {
						t.Errorf("%s from %s: the refusal attaches %s (%d bytes) while the file is withheld (issue 17 item 4)", tc.what, from, a.Filename, len(a.Data))
					}
					if !strings.Contains(out.Text, "keeps its turn file until the game ends") || strings.Contains(out.Text, "entries") {
						t.Errorf("%s from %s: the refusal does not say that the file is withheld, or compares it with the game:\n%s", tc.what, from, out.Text)
					}
					if !bytes.Equal(storedBytes(t, h.dir, h.hg.Game), before) {
						t.Fatalf("%s from %s changed the game", tc.what, from)
					}
				}
			}
		})
	}
}

// TestHiddenOfferAnswers plays the probe of issue 17 item 5: in a hosted
// Seafarers game whose every seat is hosted, the seat to move offers one
// card for another to all, so that a seat without the card asked for
// declines at once. The engine's event gives the reason ("it does not
// hold 1 ore") and keeps it in the file; every other seat's mail must say
// "declines" and nothing more, while the decliner's own mail may say why
// (S150: each seat sees its own hand only).
func TestHiddenOfferAnswers(t *testing.T) {
	h := newHiddenGame(t, "seafarers", 33)
	resources := []string{"brick", "grain", "lumber", "ore", "wool"}
	for moves := 0; moves < 300; moves++ {
		seat, move := h.next()
		stored := storedBytes(t, h.dir, h.hg.Game)
		for _, offer := range offers(resources) {
			if p := h.stored().Position(); p.Phase() != "trade" || p.Current() != seat {
				break
			}
			trial := openBytes(t, stored)
			e, err := trial.Move(seat, mustMoveIn(t, trial.Rules(), offer), h.hosted[seat].signer, refTime, turnfile.MoveOptions{})
			if err != nil || !strings.Contains(strings.Join(e.Events, "\n"), "(it does not hold") {
				continue
			}
			d := handle(t, h.r, h.mail(seat, offer))
			if d.Reject {
				t.Fatalf("%s's %q refused:\n%s", seat, offer, d.Replies[0].Text)
			}
			checkAnswersHidden(t, h, d, e.Events)
			return
		}
		d := handle(t, h.r, h.mail(seat, moveText(move, moves)))
		if d.Reject {
			t.Fatalf("%s's move %v refused:\n%s", seat, move, d.Replies[0].Text)
		}
	}
	t.Fatal("no seat came to offer a card that another seat does not hold")
}

// offers are the offers of one card for another to all.
func offers(resources []string) []string {
	var out []string
	for _, give := range resources {
		for _, get := range resources {
			if give != get {
				out = append(out, "offer 1 "+give+" for 1 "+get+" to all")
			}
		}
	}
	return out
}

// mustMoveIn reads a move in the language of game.
func mustMoveIn(t testing.TB, game engine.Game, s string) []engine.Action {
	t.Helper()
	m, err := game.ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

// checkAnswersHidden checks the mails of an offer whose events say why
// seats declined: each seat's mail says why only for its own answer, and
// each turn mail says how every seat answered.
func checkAnswersHidden(t *testing.T, h *hiddenGame, d *mail.Decision, events []string) {
	t.Helper()
	why := regexp.MustCompile(`^([a-z]+) (?:declines|accepts) \(`)
	checked := 0
	for _, out := range d.Replies {
		to := seatOfAddress(h.hg.Seats, out.To[0])
		for _, ev := range events {
			m := why.FindStringSubmatch(ev)
			if m == nil {
				continue
			}
			checked++
			if m[1] == to {
				if !strings.Contains(out.Text, ev) {
					t.Errorf("S150: %s's own mail does not say why it answered so (%q):\n%s", to, ev, out.Text)
				}
				continue
			}
			answer := strings.SplitN(ev, " (", 2)[0]
			turnMail := strings.Contains(out.Text, "What happened:")
			if strings.Contains(out.Text, ev) || turnMail && !strings.Contains(out.Text, "  "+answer+"\n") {
				t.Errorf("S150 (issue 17 item 5): %s's mail tells why %s answered the offer (%q), or lacks %q:\n%s", to, m[1], ev, answer, out.Text)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no answer with a reason among the offer's events")
	}
}

// seatOfAddress is the colour of the seat whose player has the address
// addr ("Name <address>" or bare).
func seatOfAddress(seats []turnfile.Seat, addr string) string {
	for _, s := range seats {
		if strings.Contains(addr, "<"+s.Email+">") || addr == s.Email {
			return s.Colour
		}
	}
	return ""
}
