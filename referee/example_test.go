package referee_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/elasund/elasund/mail"
	"github.com/elasund/elasund/referee"
	"github.com/elasund/elasund/turnfile"
)

// fixedBytes is a deterministic byte source, so that the example's game
// id and tokens are always the same.
type fixedBytes struct{ n byte }

func (f *fixedBytes) Read(p []byte) (int, error) {
	for i := range p {
		f.n = f.n*31 + 7
		p[i] = f.n
	}
	return len(p), nil
}

// A game for the referee: HostNew writes it into the store and returns
// the invitations, which carry each hosted seat's token and, every seat
// being hosted, open the game; a move written in a mail body with the
// token, in reply to the turn it answers, is then applied, and every seat
// gets the board.
func ExampleHostNew() {
	dir, err := os.MkdirTemp("", "elasund-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	games := filepath.Join(dir, "games")
	start := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	hg, err := referee.HostNew(referee.HostOptions{
		Dir: games, Address: "elasund@example.org",
		Seats: []turnfile.Seat{
			{Colour: "red", Name: "Alice", Email: "alice@example.org"},
			{Colour: "blue", Name: "Bob", Email: "bob@example.org"},
		},
		Hosted: []string{"red", "blue"},
		Now:    start, Rand: &fixedBytes{},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range hg.Mail {
		fmt.Println(m.To[0], "|", strings.ReplaceAll(m.Subject, hg.Game, "GAME"))
	}

	ref, err := referee.New(referee.Options{Dir: games, Address: "elasund@example.org"})
	if err != nil {
		log.Fatal(err)
	}
	d, err := ref.Handle(context.Background(), &mail.Incoming{
		MessageID: "move1@example.org", From: "alice@example.org",
		Subject: "Re: [elasund " + hg.Game + "] turn 1: your move",
		Date:    start.Add(time.Hour),
		// The daemon's clock when it read the mail: the entry's time.
		Received: start.Add(time.Hour),
		Text:     "token " + hg.Tokens["red"] + "\nroll\n",
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := d.Commit(); err != nil {
		log.Fatal(err)
	}
	n, _ := ref.Entries(hg.Game)
	fmt.Println("entries:", n, "replies:", len(d.Replies))
	fmt.Println(regexp.MustCompile(`(?m)^Your move was applied.*\n  roll$`).MatchString(d.Replies[0].Text))
	// Output:
	// "Alice" <alice@example.org> | [elasund GAME] invitation: you play red, your move
	// "Bob" <bob@example.org> | [elasund GAME] invitation: you play blue
	// entries: 3 replies: 2
	// true
}
