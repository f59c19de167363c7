package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/turnfile"
)

// maxHinted is how many legal actions a hint lists; beyond it the hint
// points to "elasund moves".
const maxHinted = 4

// notationHint adds a hint to a move that cannot be read: the legal
// actions of seat now that begin with the words read before the error
// ("confirm" → "confirm blue", the seat that accepted). err is returned
// as it is when it is not an *engine.NotationError or nothing legal
// begins so.
func notationHint(err error, g *turnfile.Game, seat string, s *turnfile.Signer, r templates.Renderer, file string) error {
	var ne *engine.NotationError
	if !errors.As(err, &ne) {
		return err
	}
	prefix := wordsBefore(ne.Input, ne.Offset)
	if prefix == "" {
		return err
	}
	var match []string
	for _, a := range g.Legal(seat, s) {
		text := r.Action(g.Position(), a.String())
		if strings.HasPrefix(strings.ToLower(text)+" ", prefix+" ") {
			match = append(match, text)
		}
	}
	switch {
	case len(match) == 0:
		return err
	case len(match) <= maxHinted:
		return withHint(err, "%s can now play %s", seat, quotedOr(match))
	}
	return withHint(err, "%d actions of %s begin %q; 'elasund moves %s --as %s' lists them", len(match), seat, prefix, shellWord(file, false), seat)
}

// wordsBefore returns the words of the action of input that come before
// offset, in lower case: "roll; confirm" at 13 gives "confirm".
func wordsBefore(input string, offset int) string {
	if offset < 0 || offset > len(input) {
		return ""
	}
	head := input[:offset]
	if i := strings.LastIndexAny(head, ";\n"); i >= 0 {
		head = head[i+1:]
	}
	if i := strings.Index(head, "#"); i >= 0 {
		return ""
	}
	return strings.ToLower(strings.Join(strings.Fields(head), " "))
}

// quotedOr lists actions for a hint: `"confirm blue"`, `"a" or "b"`.
func quotedOr(actions []string) string {
	q := make([]string, len(actions))
	for i, a := range actions {
		q[i] = fmt.Sprintf("%q", a)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
