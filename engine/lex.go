package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Token is one word of a move or edit, or a lone comma, as Lex reads it.
type Token struct {
	// Text is the word as written.
	Text string
	// Lower is Text with its ASCII letters lower-cased: the form a game
	// matches its words against. Other letters are left as written, so
	// that no Unicode case mapping (the Kelvin sign's to "k") makes a
	// word of the language from other characters.
	Lower string
	// Off is the byte offset of the word in the input.
	Off int
	// ASCII is true when every byte of the word is ASCII.
	ASCII bool
}

// End is the byte offset just after the word.
func (t Token) End() int { return t.Off + len(t.Text) }

// Lex splits the text of a move or of sandbox edits into actions, each a
// non-empty list of tokens, in order: the part every game's move language
// shares (docs/<game>/rules.md, topic moves). Actions are separated by
// ";" or new lines, "#" starts a comment to the end of the line, words
// are separated by spaces, and a comma is a word of its own. Empty
// actions (";;", blank and comment lines) are left out. What the words
// mean is each game's own.
func Lex(text string) [][]Token {
	var groups [][]Token
	var cur []Token
	flush := func() {
		if len(cur) > 0 {
			groups = append(groups, cur)
			cur = nil
		}
	}
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == ';' || r == '\n':
			flush()
			i += size
		case r == '#':
			if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(text)
			}
		case r == ',':
			cur = append(cur, Token{Text: ",", Lower: ",", Off: i, ASCII: true})
			i++
		case unicode.IsSpace(r):
			i += size
		default:
			j := wordEnd(text, i+size)
			cur = append(cur, NewToken(text[i:j], i))
			i = j
		}
	}
	flush()
	return groups
}

// wordEnd is the offset where the word going on at offset j ends.
func wordEnd(text string, j int) int {
	for j < len(text) {
		r, size := utf8.DecodeRuneInString(text[j:])
		if r == ';' || r == '\n' || r == '#' || r == ',' || unicode.IsSpace(r) {
			break
		}
		j += size
	}
	return j
}

// NewToken returns the token of word w at byte offset off.
func NewToken(w string, off int) Token {
	t := Token{Text: w, Off: off, ASCII: true}
	upper := false
	for k := 0; k < len(w); k++ {
		switch c := w[k]; {
		case c >= utf8.RuneSelf:
			t.ASCII = false
		case c >= 'A' && c <= 'Z':
			upper = true
		}
	}
	if !upper {
		t.Lower = w
		return t
	}
	b := []byte(w)
	for k, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[k] = c + 'a' - 'A'
		}
	}
	t.Lower = string(b)
	return t
}

// Words writes the canonical text of an action or an edit (its String):
// words separated by one space. The zero value is empty and ready to use.
type Words struct{ b strings.Builder }

// Add appends words, each after a space unless it is the first.
func (w *Words) Add(words ...string) {
	for _, s := range words {
		if w.b.Len() > 0 {
			w.b.WriteByte(' ')
		}
		w.b.WriteString(s)
	}
}

// String returns the words written.
func (w *Words) String() string { return w.b.String() }
