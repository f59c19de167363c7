package turnfile

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund/engine"
)

var gameIDRE = regexp.MustCompile(`^[0-9a-f]{16}$`)

// MaxSeed bounds the sandbox seed so that it is exact in any JSON reader.
const MaxSeed = 1<<53 - 1

// maxActionLen bounds one stored action or event, in bytes.
const maxActionLen = 500

// checkFile checks the values of a file whose shape is right (§2.2-§2.4);
// line gives the line of a field.
func checkFile(f *File, line func(field string) int) error {
	bad := func(field, format string, args ...any) error {
		return &ParseError{Line: line(field), Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	setup, err := checkHead(f, bad)
	if err != nil {
		return err
	}
	for i := range f.History {
		if err := checkEntry(f, i, bad); err != nil {
			return err
		}
	}
	return checkState(f, setup, bad)
}

// checkHead checks the header's values and returns its set-up.
func checkHead(f *File, bad func(field, format string, args ...any) error) (engine.Setup, error) {
	h := &f.Header
	if !gameIDRE.MatchString(h.Game) {
		return engine.Setup{}, bad("header.game", "want 16 lowercase hex digits")
	}
	if _, err := time.Parse(time.RFC3339, h.Created); err != nil {
		return engine.Setup{}, bad("header.created", "want an RFC 3339 time such as 2026-11-22T10:00:00Z")
	}
	for i, s := range h.Seats {
		if !slices.Contains(f.game.Colours(), s.Colour) {
			return engine.Setup{}, bad(index("header.seats", i)+".colour", "%s", notColour(f.game, s.Colour))
		}
	}
	setup := h.Setup()
	resolved, err := f.game.Resolve(setup)
	if err != nil {
		var oe *engine.OptionError
		var se *engine.SetupError
		switch {
		case errors.As(err, &oe):
			return engine.Setup{}, bad("header.options."+oe.Name, "%v", err)
		case errors.As(err, &se) && se.Field != "seats":
			return engine.Setup{}, bad("header."+se.Field, "%s", se.Reason)
		}
		return engine.Setup{}, bad("header.seats", "%v", err)
	}
	// The header names every set-up choice of the game, as the game
	// spells it; the reader refused any other field (§2.2).
	for _, c := range f.game.Choices() {
		v := h.Choices[c.Name]
		if v == "" {
			return engine.Setup{}, bad("header."+c.Name, "missing")
		}
		if want := resolved.Choices[c.Name]; v != want {
			return engine.Setup{}, bad("header."+c.Name, "%q is written %s", v, want)
		}
	}
	if h.Sandbox {
		if h.Seed == nil {
			return engine.Setup{}, bad("header.seed", "a sandbox game needs a seed")
		}
		if *h.Seed > MaxSeed {
			return engine.Setup{}, bad("header.seed", "want at most %d", int64(MaxSeed))
		}
		if h.ChainLength != 0 {
			return engine.Setup{}, bad("header.chain_length", "must be 0 in a sandbox game (it has no chains)")
		}
	} else {
		if h.Seed != nil {
			return engine.Setup{}, bad("header.seed", "must be null outside a sandbox game")
		}
		if h.ChainLength < 1 || h.ChainLength > MaxChainLength {
			return engine.Setup{}, bad("header.chain_length", "want 1..%d", MaxChainLength)
		}
	}
	for i, s := range h.Seats {
		field := index("header.seats", i)
		if h.Sandbox && (s.Key != "" || s.Commit != "") {
			return engine.Setup{}, bad(field, "a sandbox seat has no key or commit")
		}
		if (s.Key == "") != (s.Commit == "") {
			return engine.Setup{}, bad(field, "key and commit come together, when the seat joins")
		}
		if s.Key != "" {
			if _, err := ParsePublicKey(s.Key); err != nil {
				return engine.Setup{}, bad(field+".key", "%v", err)
			}
			if _, ok := parseHash(s.Commit); !ok {
				return engine.Setup{}, bad(field+".commit", "want 64 lowercase hex digits")
			}
		}
		if len(s.Name) > 200 || len(s.Email) > 200 || strings.ContainsAny(s.Name+s.Email, "\n\r") {
			return engine.Setup{}, bad(field, "name or email too long or not one line")
		}
	}
	return setup, nil
}

// checkState checks that the state is there and a consistent position.
func checkState(f *File, setup engine.Setup, bad func(field, format string, args ...any) error) error {
	if f.State == nil {
		return bad("state", "missing")
	}
	if _, err := f.game.Load(setup, f.State); err != nil {
		var se *engine.StateError
		if errors.As(err, &se) {
			return bad("state."+se.Field, "%s", se.Reason)
		}
		return bad("state", "%v", err)
	}
	return nil
}

func checkEntry(f *File, i int, bad func(field, format string, args ...any) error) error {
	e := &f.History[i]
	field := index("history", i)
	if e.N != i+1 {
		return bad(field+".n", "entry %d is numbered %d", i+1, e.N)
	}
	if e.Kind == EntryParallel || len(e.Parts) > 0 {
		return checkParallel(f, e, field, bad)
	}
	return checkOneEntry(f, e, field, bad)
}

// turnChains reports whether a file's format is 2 or later, where entries
// reveal only where the game needs a value and parallel entries exist
// (§4.1, §2.6).
func (f *File) turnChains() bool {
	_, v, _ := engine.FormatVersion(f.Format)
	return v >= 2
}

// checkParallel checks the form of a parallel entry (§2.6): no seat, key,
// reveal, dice or signature of its own, no actions, and at least two parts,
// each a signed decision or orders entry of another seat, numbered and
// linked as the parallel entry is.
func checkParallel(f *File, e *Entry, field string, bad func(field, format string, args ...any) error) error {
	switch {
	case !f.turnChains() || f.Header.Sandbox:
		return bad(field+".kind", "parallel entries exist only in peer games of format 2 and later")
	case e.Kind != EntryParallel:
		return bad(field+".parts", "only a parallel entry has parts")
	case e.Seat != "" || e.Key != "" || e.Commit != "" || e.Reveal != "" || e.Sig != "" || e.Dice != nil:
		return bad(field, "a parallel entry has no seat, key, commit, reveal, dice or signature: its parts have them")
	case len(e.Actions) != 0:
		return bad(field+".actions", "a parallel entry has no actions: its parts have them")
	case len(e.Parts) < 2:
		return bad(field+".parts", "a parallel entry has at least two parts")
	case len(e.Parts) > len(f.Header.Seats):
		return bad(field+".parts", "a parallel entry has at most one part a seat")
	}
	for _, hash := range []string{e.Prev, e.State} {
		if _, ok := parseHash(hash); !ok {
			return bad(field, "prev and state want 64 lowercase hex digits")
		}
	}
	if _, err := time.Parse(time.RFC3339, e.At); err != nil {
		return bad(field+".at", "want an RFC 3339 time")
	}
	seatAt := func(c string) int {
		for i, s := range f.Header.Seats {
			if s.Colour == c {
				return i
			}
		}
		return -1
	}
	latest := ""
	for j := range e.Parts {
		p := &e.Parts[j]
		pf := index(field+".parts", j)
		if p.Kind != EntryDecision && p.Kind != EntryOrders {
			return bad(pf+".kind", "a part is a decision or orders entry")
		}
		if len(p.Parts) > 0 {
			return bad(pf+".parts", "a part has no parts")
		}
		if p.N != e.N || p.Prev != e.Prev {
			return bad(pf, "a part has the number and predecessor of its parallel entry")
		}
		if p.Reveal != "" {
			return bad(pf+".reveal", "a part reveals no chain value")
		}
		if j > 0 && seatAt(p.Seat) <= seatAt(e.Parts[j-1].Seat) {
			return bad(pf+".seat", "the parts are of different seats, in seat order")
		}
		if err := checkOneEntry(f, p, pf, bad); err != nil {
			return err
		}
		if p.At > latest {
			latest = p.At
		}
	}
	if e.At != latest {
		return bad(field+".at", "a parallel entry's time is its latest part's, %s", latest)
	}
	for j, a := range e.Events {
		if len(a) > maxActionLen || strings.ContainsAny(a, "\n\r") {
			return bad(index(field+".events", j), "want one line")
		}
	}
	return nil
}

// checkOneEntry checks the form of an entry other than a parallel one (or
// of a part of one).
func checkOneEntry(f *File, e *Entry, field string, bad func(field, format string, args ...any) error) error {
	sandbox := f.Header.Sandbox
	if _, err := time.Parse(time.RFC3339, e.At); err != nil {
		return bad(field+".at", "want an RFC 3339 time")
	}
	if _, ok := parseHash(e.Prev); !ok {
		return bad(field+".prev", "want 64 lowercase hex digits")
	}
	if _, ok := parseHash(e.State); !ok {
		return bad(field+".state", "want 64 lowercase hex digits")
	}
	switch {
	case e.Kind == EntryEdit && !sandbox:
		return bad(field+".kind", "edit entries exist only in sandbox games")
	case e.Kind == EntryJoin && sandbox:
		return bad(field+".kind", "a sandbox game has no join entries")
	case e.Kind == EntryParallel:
		return bad(field+".kind", "a parallel entry is not a part")
	}
	if e.Seat != "" && !slices.Contains(f.game.Colours(), e.Seat) {
		return bad(field+".seat", "%s", notColour(f.game, e.Seat))
	}
	if e.Kind == EntryEdit {
		if e.Seat != "" {
			return bad(field+".seat", "an edit entry has no seat")
		}
	} else if f.Header.SeatOf(e.Seat) == nil {
		return bad(field+".seat", "want one of the header's seats")
	}
	if e.Kind == EntryJoin {
		if e.Key == "" || e.Commit == "" || e.Reveal != "" {
			return bad(field, "a join entry carries key and commit, and no reveal")
		}
		if _, err := ParsePublicKey(e.Key); err != nil {
			return bad(field+".key", "%v", err)
		}
		if _, ok := parseHash(e.Commit); !ok {
			return bad(field+".commit", "want 64 lowercase hex digits")
		}
		if len(e.Actions) != 0 || len(e.Events) != 0 {
			return bad(field+".actions", "a join entry has no actions or events")
		}
	} else {
		if e.Key != "" || e.Commit != "" {
			return bad(field, "only a join entry carries key and commit")
		}
		if len(e.Actions) == 0 {
			return bad(field+".actions", "an entry needs at least one action")
		}
		if sandbox && e.Reveal != "" {
			return bad(field+".reveal", "a sandbox game has no reveals")
		}
		if !sandbox && (e.Reveal != "" || !f.turnChains()) {
			if _, ok := parseHash(e.Reveal); !ok {
				return bad(field+".reveal", "want 64 lowercase hex digits")
			}
		}
	}
	if sandbox {
		if e.Sig != "" {
			return bad(field+".sig", "a sandbox game has no signatures")
		}
	} else if sig, err := base64.StdEncoding.Strict().DecodeString(e.Sig); err != nil || len(sig) != ed25519.SignatureSize {
		return bad(field+".sig", "want a base64 Ed25519 signature")
	}
	if e.Dice != nil {
		if !sandbox {
			return bad(field+".dice", "forced dice exist only in sandbox games")
		}
		for _, d := range e.Dice {
			if d < 1 || d > 6 {
				return bad(field+".dice", "a die shows 1..6")
			}
		}
	}
	for j, a := range e.Actions {
		if a == "" || len(a) > maxActionLen || strings.ContainsAny(a, "\n\r;#") {
			return bad(index(field+".actions", j), "want one action in one line")
		}
	}
	for j, a := range e.Events {
		if len(a) > maxActionLen || strings.ContainsAny(a, "\n\r") {
			return bad(index(field+".events", j), "want one line")
		}
	}
	return nil
}

// notColour says that c is none of the game's seat colours.
func notColour(g engine.Game, c string) string {
	return fmt.Sprintf("%q is not a colour (%s)", c, strings.Join(g.Colours(), ", "))
}

// ParsePublicKey reads "ed25519:" followed by the base64 of a 32-byte key.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b64, ok := strings.CutPrefix(s, "ed25519:")
	if !ok {
		return nil, fmt.Errorf("want ed25519:BASE64")
	}
	k, err := base64.StdEncoding.Strict().DecodeString(b64)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("want ed25519: and the base64 of a %d-byte key", ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(k), nil
}

// FormatPublicKey prints a public key as "ed25519:BASE64".
func FormatPublicKey(k ed25519.PublicKey) string {
	return "ed25519:" + base64.StdEncoding.EncodeToString(k)
}
