package games

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/templates"
)

// badWords are slips of grammar in what people read: a "(s)" plural, a
// plural after 1, a singular after another number, "no a".
var badWords = []*regexp.Regexp{
	regexp.MustCompile(`[a-z]\(s\)`),
	regexp.MustCompile(`(^|[^0-9.+-])1 (cards|cubes|points|tiles|choices|towers|permits|rounds|entries|seats|ships|roads|settlements|cities|knights|resource cards|development cards|victory points|special victory points|gold choices|influence cards|chits|warships)\b`),
	regexp.MustCompile(`(^|[^0-9.+-])(0|[2-9]|[1-9][0-9]+) (card|cube|point|tile|choice|tower|round|entry|seat|resource card|development card|victory point|special victory point|gold choice|influence card|chit|warship)\b[^-]`),
	regexp.MustCompile(`\bno an? \b`),
}

// badWord returns the first slip of grammar in s, or "".
func badWord(s string) string {
	for _, re := range badWords {
		if loc := re.FindStringIndex(s); loc != nil {
			from, to := max(0, loc[0]-30), min(len(s), loc[1]+30)
			return s[from:to]
		}
	}
	return ""
}

func TestBadWord(t *testing.T) {
	for s, bad := range map[string]bool{
		"red has 1 cube(s) in row 5":                   true,
		"Blue · 1 cards":                               true,
		"white has no a building touching E10":         true,
		"red earns 2 special victory point on D5":      true,
		"red has 1 cube in row 5":                      false,
		"Blue · 1 card":                                false,
		"Blue · 11 cards":                              false,
		"red earns 2 special victory points on D5":     false,
		"gold 1; 2 cards":                              false,
		"white has no building touching E10":           false,
		"takes 2 cards from the pirate pool (1 tower)": false,
	} {
		if got := badWord(s) != ""; got != bad {
			t.Errorf("badWord(%q) found a slip: %v, want %v", s, got, bad)
		}
	}
}

// TestWordsRead plays random games of every game and reads what people
// are shown of them: the text board (open and hidden), the SVG picture's
// text, every seat's hand, the owed decisions, the events as a log
// rewords them, the listed actions, and the refusals of actions tried by
// the wrong seat or at the wrong time. None may have a slip of grammar
// (issue 20 item 7).
func TestWordsRead(t *testing.T) {
	games := 1
	if os.Getenv("ELASUND_SOAK") != "" {
		games = 20 // make soak: many more positions
	}
	for _, k := range All().Kits() {
		for i := range games {
			t.Run(fmt.Sprintf("%s-%d", k.Rules.Name(), i), func(t *testing.T) {
				readGame(t, k, uint64(i+1))
			})
		}
	}
}

// readGame plays one random game of k with seed and checks its words.
func readGame(t *testing.T, k Kit, seed uint64) {
	seats := k.Rules.Colours()[:3]
	setup, err := k.Rules.Resolve(engine.Setup{Seats: seats, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	src := engine.NewSeeded(seed)
	p, err := k.Rules.New(setup, src)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	r := k.Renderer
	check := func(what, s string) {
		t.Helper()
		if slip := badWord(s); slip != "" {
			t.Fatalf("%s: a slip of grammar in %q\n(in: %s)", what, slip, s)
		}
	}
	var older engine.Position
	for step := 0; step < 600 && !p.Over(); step++ {
		if step%40 == 0 {
			readPosition(t, r, p, check)
		}
		seat := p.Awaited()[0]
		// With the entry's source, as "elasund moves" lists them: an entry
		// may first resolve sealed draws (Seafarers S138).
		legal := p.Legal(seat, src.Clone())
		if len(legal) == 0 {
			t.Fatalf("step %d: %s is awaited and has no legal action", step, seat)
		}
		for _, a := range legal {
			check("listed action", r.Action(p, a.String()))
		}
		// A refusal: an action of an older position, or of another seat.
		if older != nil {
			tryRefusal(p, older, seats[rng.IntN(len(seats))], src, check)
		}
		if step%7 == 0 {
			older = p.Clone()
		}
		a := legal[rng.IntN(len(legal))]
		events, err := p.Apply(seat, []engine.Action{a}, src)
		if err != nil {
			t.Fatalf("step %d: %s %q was listed but refused: %v", step, seat, a, err)
		}
		for _, ev := range events {
			check("event", r.Event(p, ev))
		}
	}
	readPosition(t, r, p, check)
}

// tryRefusal tries an action the older position listed in p, and reads
// the refusal if p refuses it.
func tryRefusal(p, older engine.Position, seat string, src engine.Source, check func(what, s string)) {
	acts := older.Legal(seat, nil)
	if len(acts) == 0 {
		return
	}
	scratch := p.Clone()
	_, err := scratch.Apply(seat, acts[len(acts)/2:len(acts)/2+1], src.Clone())
	var re *engine.RuleError
	if errors.As(err, &re) {
		check("refusal", re.Error())
	}
}

// readPosition reads everything a picture of p shows.
func readPosition(t *testing.T, r templates.Renderer, p engine.Position, check func(what, s string)) {
	t.Helper()
	views := []templates.View{{}}
	for _, s := range p.Setup().Seats {
		views = append(views, templates.View{Seat: s, Hidden: true})
	}
	for _, v := range views {
		check("text board", r.Text(p, v))
		svg, err := r.SVG(p, v)
		if err != nil {
			t.Fatal(err)
		}
		check("SVG picture", svgText(string(svg)))
		for _, s := range p.Setup().Seats {
			check("hand", r.Hand(p, s, v))
		}
		for _, o := range p.Owed() {
			ot := r.Owed(p, o, v)
			check("owed decision", ot.Title+"\n"+ot.You+"\n"+ot.Detail)
		}
	}
}

// svgText is the text of an SVG picture, the pieces between its tags
// apart (a number and a word of different elements never read together).
func svgText(svg string) string {
	var parts []string
	for _, chunk := range strings.Split(svg, "<") {
		_, text, _ := strings.Cut(chunk, ">")
		if text = strings.Join(strings.Fields(text), " "); text != "" {
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, " ¦ ")
}
