package referee

import (
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/elasund/elasund/turnfile"
)

// Signed requests. A seat that plays with its own key proves its moves by
// signing them; the referee holds no token for it, and a mail's From can
// be forged. Its requests about the table (a vacation, its end) carry the
// same proof: a line "signature SEAT TIME SIG" below the request, made by
// "elasund vacation" with the seat's key from the player's key store.
// SIG is an Ed25519 signature, by the key the seat joined with, over
//
//	"elasund/request\x00" GAME "\x00" SEAT "\x00" REQUEST "\x00" TIME
//
// where REQUEST is the request's canonical text (RequestText) and TIME
// the signing time, RFC 3339 in UTC to the second. Entry signatures are
// over a 32-byte digest (docs/turnfile.md), so the one kind can never
// pass for the other. The referee accepts a signed request made at most
// maxRequestAge before it reads the mail (and not more than
// maxRequestAhead after, for clocks that run fast), and only when it was
// signed after the seat's last vacation change: a request sent again, by
// anyone, is refused.

const (
	maxRequestAge   = 7 * 24 * time.Hour
	maxRequestAhead = time.Hour
)

// signatureLine matches "signature blue 2026-11-22T10:00:00Z BASE64".
var signatureLine = regexp.MustCompile(`(?i)^\s*signature\s*:?\s+([a-z]+)\s+(\S+)\s+([A-Za-z0-9+/=]+)\s*$`)

// RequestText is the canonical text of a request about the table, as it
// is signed: the command word and its argument in lower case, single
// spaces, without a final period ("vacation until 2026-12-01",
// "vacation 5 days", "back").
func RequestText(command, arg string) string {
	words := strings.Fields(strings.ToLower(strings.TrimRight(strings.TrimSpace(arg), ".!")))
	return strings.Join(append([]string{strings.ToLower(command)}, words...), " ")
}

// requestBytes are the bytes a signed request's signature covers.
func requestBytes(game, seat, request string, at time.Time) []byte {
	return []byte("elasund/request\x00" + game + "\x00" + seat + "\x00" + request + "\x00" + turnfile.FormatTime(at))
}

// SignRequest signs request (RequestText) for seat of game with s, the
// seat's key, at at, and returns the line that proves it:
// "signature SEAT TIME SIG".
func SignRequest(s *turnfile.Signer, game, seat, request string, at time.Time) string {
	at = at.UTC().Truncate(time.Second)
	sig := ed25519.Sign(s.Key, requestBytes(game, seat, request, at))
	return fmt.Sprintf("signature %s %s %s", seat, turnfile.FormatTime(at), base64.StdEncoding.EncodeToString(sig))
}

// signedRequest is a signature line of a mail: the seat it names, when it
// was made, the signature, and the body line it is on.
type signedRequest struct {
	seat string
	at   time.Time
	sig  []byte
	line bodyLine
}

// findSignature returns the first signature line among lines; ok is false
// when there is none. A line that names a seat but cannot be read is
// returned with a nil sig.
func findSignature(lines []bodyLine) (signedRequest, bool) {
	for _, l := range lines {
		m := signatureLine.FindStringSubmatch(l.text)
		if m == nil {
			continue
		}
		sr := signedRequest{seat: strings.ToLower(m[1]), line: l}
		at, err := time.Parse(time.RFC3339, m[2])
		sig, serr := base64.StdEncoding.Strict().DecodeString(m[3])
		if err == nil && serr == nil && len(sig) == ed25519.SignatureSize {
			sr.at, sr.sig = at.UTC(), sig
		}
		return sr, true
	}
	return signedRequest{}, false
}

// joinKey is the public key seat joined g with; nil before it joined.
func joinKey(g *turnfile.Game, seat string) ed25519.PublicKey {
	for _, e := range g.File().History {
		if e.Kind == turnfile.EntryJoin && e.Seat == seat {
			if k, err := turnfile.ParsePublicKey(e.Key); err == nil {
				return k
			}
		}
	}
	return nil
}

// checkSigned reports why sr does not prove that seat's player asked for
// request in s's game at now, or "" when it does. since is the seat's
// last vacation change: a request must be signed after it.
func checkSigned(s *session, seat, request string, sr signedRequest, now, since time.Time) string {
	key := joinKey(s.g, seat)
	switch {
	case sr.seat != seat:
		return fmt.Sprintf("the signature is %s's; this request is for %s", sr.seat, seat)
	case sr.sig == nil:
		return `the signature line cannot be read: copy it as "elasund vacation" printed it`
	case key == nil:
		return fmt.Sprintf("%s has not joined the game, so there is no key to check the signature with", seat)
	case !ed25519.Verify(key, requestBytes(s.game, seat, request, sr.at), sr.sig):
		return fmt.Sprintf("the signature does not match %q for %s in game %s with the key %s joined with: sign this request with \"elasund vacation\" and copy both lines", request, seat, s.game, seat)
	case sr.at.After(now.Add(maxRequestAhead)):
		return "the signature is dated in the future: check your computer's clock and sign again"
	case sr.at.Before(now.Add(-maxRequestAge)):
		return fmt.Sprintf("the signature was made more than %s ago: sign the request again", span(maxRequestAge))
	case !since.IsZero() && !sr.at.After(since):
		return "the signature was made before your last vacation change, so it may have been sent before: sign the request again"
	}
	return ""
}
