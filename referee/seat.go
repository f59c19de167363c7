package referee

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/internal/atomicfile"
	"github.com/elasund/elasund/internal/games"
	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// SeatOptions name a hosted seat to hand over, and to whom. Nil and zero
// fields have the defaults given in their comments.
type SeatOptions struct {
	// Dir is the referee's store, mail.Config.GamesDir.
	Dir string
	// Address is where players send their mail: the daemon's own
	// address, mail.Config.SMTP.From.
	Address string
	// Game is the game id, Seat the colour of the seat to hand over.
	Game, Seat string
	// To is the new player (Name and Email); ignored when Bot is set.
	To turnfile.Seat
	// Bot hands the seat to the bot, which then plays every move of the
	// seat as soon as the game waits for it.
	Bot bool
	// Games are the games the store may hold; nil means games.All().
	Games *games.Set
	// Rand is the source of the new token; nil means crypto/rand.Reader.
	Rand io.Reader
	// Now is when the mails are sent, for their key.
	Now time.Time
}

// HostSeat hands a hosted seat of a game to a new player, who gets a new
// token (the old one stops working) in an invitation that also shows the
// game as it stands, or to the bot. Every seat is told. The seat keeps
// its key, its chain and its place: only who moves for it changes. A seat
// that plays with its own key cannot be handed over, since the referee
// does not hold its key: a *HostError.
func HostSeat(o SeatOptions) (*HostedGame, error) {
	rnd, set := storeDefaults(o.Rand, o.Games)
	if !gameIDPattern.MatchString(o.Game) {
		return nil, &HostError{Reason: fmt.Sprintf("%q is not a game id (16 hex digits)", o.Game)}
	}
	s, err := openSession(set, o.Dir, o.Game)
	if errors.Is(err, errNoGame) {
		return nil, &HostError{Reason: fmt.Sprintf("no game %s in %s", o.Game, o.Dir)}
	}
	if err != nil {
		return nil, err
	}
	h := &s.g.File().Header
	if h.SeatOf(o.Seat) == nil {
		return nil, &HostError{Reason: fmt.Sprintf("game %s has no %s seat", o.Game, o.Seat)}
	}
	hs := s.hosted[o.Seat]
	if hs == nil {
		return nil, &HostError{Reason: fmt.Sprintf("%s plays game %s with its own key, which the referee does not hold: it cannot be handed to another player or to the bot", o.Seat, o.Game)}
	}
	if s.g.Position().Over() {
		return nil, &HostError{Reason: fmt.Sprintf("game %s is over", o.Game)}
	}
	old := *s.seat(o.Seat)
	hs.former = formerWith(hs.former, old, o)
	key := hostKey("seat", o.Game, o.Now)
	tokens := map[string]string{}
	var news string
	if o.Bot {
		hs.bot, hs.token, hs.name, hs.email = true, [32]byte{}, "", ""
		news = fmt.Sprintf("%s is now played by the bot (the %s bot): it plays %s's moves and decisions as soon as the game waits for them.", capital(o.Seat), s.table.botLevel, o.Seat)
	} else {
		if err := checkAddress(o.To.Email); err != nil {
			return nil, &HostError{Reason: fmt.Sprintf("the new player of %s needs an e-mail address (NAME:EMAIL): %v", o.Seat, err)}
		}
		token, err := newToken(rnd)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSpace(o.To.Name)
		if name == "" {
			name = o.Seat
		}
		hs.bot, hs.token, hs.name, hs.email = false, tokenHash(o.Game, o.Seat, token), name, strings.TrimSpace(o.To.Email)
		tokens[o.Seat] = token
		news = fmt.Sprintf("%s is now played by %s <%s>, who takes over the seat as it stands.", capital(o.Seat), name, hs.email)
	}
	var mails []mail.Outgoing
	if len(tokens) > 0 {
		inv, err := invitations(s, o.Address, tokens, []string{o.Seat}, o.Now, false)
		if err != nil {
			return nil, err
		}
		// The invitation shows the game as it stands: it is all the new
		// player needs, whatever order the mails arrive in.
		if len(inv) == 1 && len(s.g.Unjoined()) == 0 {
			tm := turnMail(s, o.Seat, lastReport(s), o.Now)
			_, body, err := s.mailer.Turn(tm)
			if err != nil {
				return nil, err
			}
			inv[0].Text += "\nThe game as it stands:\n\n" + body
			view := templates.View{Seat: o.Seat, Hidden: s.allHosted()}
			svg, err := s.board(view)
			if err != nil {
				return nil, err
			}
			inv[0].Attachments = append(s.fileAttachments(), svgAttachment(s.game, svg))
		}
		mails = append(mails, inv...)
	}
	told := []string{}
	for i, st := range append(s.seats(), old) {
		if st.Email == "" || slices.Contains(told, strings.ToLower(st.Email)) || (len(tokens) > 0 && st.Colour == o.Seat && st.Email == hs.email) {
			continue
		}
		told = append(told, strings.ToLower(st.Email))
		n := templates.Notice{Game: o.Game, To: st.Colour, Subject: fmt.Sprintf("%s has a new player", o.Seat), Lines: []string{news}}
		if i == len(s.seats()) {
			// The player who leaves has no seat now (issue 20 item 22).
			n.To = ""
			n.Lines = append(n.Lines, fmt.Sprintf("You no longer play %s, and your token no longer works. Thank you for playing: when the game ends, you get its complete turn file.", o.Seat))
		}
		subject, body, err := s.mailer.Notice(n)
		if err != nil {
			return nil, err
		}
		mails = append(mails, mail.Outgoing{To: []string{seatAddress(st)}, Subject: subject, Text: body})
	}
	sent := append(slices.Clone(s.hostSent), sentRecord{Entries: len(s.g.File().History), Key: key, Replies: len(mails)})
	hdata, err := marshalHosted(o.Game, h.Seats, s.hosted, sent)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(filepath.Join(gameDir(o.Dir, o.Game), hostedFileName), hdata, 0o600, true); err != nil {
		return nil, err
	}
	return &HostedGame{Game: o.Game, Key: key, Path: filepath.Join(gameDir(o.Dir, o.Game), gameFileName), Seats: s.seats(), Tokens: tokens, Mail: mails}, nil
}

// formerWith is the former players of a seat handed from old to o's new
// player or the bot: old joins them (once), and a new player who played
// the seat before leaves them.
func formerWith(former []player, old turnfile.Seat, o SeatOptions) []player {
	out := slices.DeleteFunc(slices.Clone(former), func(p player) bool {
		return strings.EqualFold(p.Email, old.Email) || !o.Bot && strings.EqualFold(p.Email, strings.TrimSpace(o.To.Email))
	})
	if old.Email != "" && (o.Bot || !strings.EqualFold(old.Email, strings.TrimSpace(o.To.Email))) {
		out = append(out, player{Name: old.Name, Email: old.Email})
	}
	return out
}
