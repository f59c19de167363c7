package mail

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// hrLine is the line an <hr> becomes: 32 underscores.
const hrLine = "________________________________"

// htmlToText turns an HTML body into readable plain text: tags are
// dropped, entities decoded, block elements and <br> become line breaks,
// <hr> a line of underscores (hrLine), list items get a "- " bullet, link
// targets follow their text in angle brackets, and <pre> keeps its
// spacing. Script, style and head contents are skipped.
func htmlToText(src string) string {
	z := html.NewTokenizer(strings.NewReader(src))
	var b textBuilder
	skip := 0 // depth inside script/style/head/title
	pre := 0  // depth inside pre
	var hrefs []string
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			// io.EOF at the end, or a read error: either way the text
			// gathered so far is all there is.
			return b.String()
		case html.TextToken:
			if skip > 0 {
				continue
			}
			b.text(string(z.Text()), pre > 0)
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			switch a {
			case atom.Script, atom.Style, atom.Head, atom.Title, atom.Noscript, atom.Template:
				if tt == html.StartTagToken {
					skip++
				}
			case atom.Br:
				b.newline()
			case atom.Hr:
				// A rule, as the plain text of the mail programs that
				// draw one above the mail they answer (New Outlook,
				// Outlook on the web) writes it, which readers of
				// replies take for the start of the quote.
				b.paragraph()
				b.text(hrLine, true)
				b.paragraph()
			case atom.Pre:
				b.paragraph()
				if tt == html.StartTagToken {
					pre++
					b.skipNewline = true
				}
			case atom.Li:
				b.lineStart()
				b.text("- ", true)
			case atom.Tr:
				b.lineStart()
			case atom.Td, atom.Th:
				b.space()
			case atom.Img:
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					if string(k) == "alt" && len(v) > 0 {
						b.text("["+string(v)+"]", false)
					}
				}
			case atom.A:
				href := ""
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					if string(k) == "href" {
						href = string(v)
					}
				}
				if tt == html.StartTagToken {
					hrefs = append(hrefs, href)
				}
			default:
				if isBlock(a) {
					b.paragraph()
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch a {
			case atom.Script, atom.Style, atom.Head, atom.Title, atom.Noscript, atom.Template:
				if skip > 0 {
					skip--
				}
			case atom.Pre:
				if pre > 0 {
					pre--
				}
				b.paragraph()
			case atom.A:
				if n := len(hrefs); n > 0 {
					href := hrefs[n-1]
					hrefs = hrefs[:n-1]
					if href != "" && !strings.HasPrefix(href, "#") && !strings.Contains(b.lastLine(), href) {
						b.text(" <"+href+">", true)
					}
				}
			case atom.Tr, atom.Li:
				b.lineStart()
			default:
				if isBlock(a) {
					b.paragraph()
				}
			}
		}
	}
}

func isBlock(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Ul, atom.Ol, atom.Dl, atom.Dt, atom.Dd, atom.Table,
		atom.Blockquote, atom.Section, atom.Article, atom.Header, atom.Footer,
		atom.Nav, atom.Aside, atom.Main, atom.Form, atom.Fieldset, atom.Address,
		atom.Figure, atom.Figcaption, atom.Body, atom.Html:
		return true
	}
	return false
}

// textBuilder accumulates text, collapsing white space outside <pre> and
// allowing at most one blank line in a row.
type textBuilder struct {
	sb       strings.Builder
	pendingS bool // a space is owed before the next word
	newlines int  // newlines at the end of sb
	started  bool
	// skipNewline drops one newline right after <pre>, as browsers do.
	skipNewline bool
}

func (b *textBuilder) text(s string, keep bool) {
	if keep {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		if b.skipNewline {
			s = strings.TrimPrefix(s, "\n")
			b.skipNewline = false
		}
		if s == "" {
			return
		}
		if b.pendingS && b.newlines == 0 && b.started {
			b.sb.WriteByte(' ')
		}
		b.pendingS = false
		b.sb.WriteString(s)
		b.started = true
		b.newlines = trailingNewlines(s, b.newlines)
		return
	}
	fields := strings.Fields(s)
	if len(fields) == 0 {
		if s != "" {
			b.pendingS = true
		}
		return
	}
	if startsSpace(s) {
		b.pendingS = true
	}
	for i, f := range fields {
		if (i > 0 || b.pendingS) && b.newlines == 0 && b.started {
			b.sb.WriteByte(' ')
		}
		b.sb.WriteString(f)
		b.started = true
		b.newlines = 0
		b.pendingS = false
	}
	b.pendingS = endsSpace(s)
}

func (b *textBuilder) space() {
	if b.started && b.newlines == 0 {
		b.pendingS = true
	}
}

// lineStart ends the current line unless it is empty.
func (b *textBuilder) lineStart() {
	b.pendingS = false
	if b.started && b.newlines == 0 {
		b.sb.WriteByte('\n')
		b.newlines = 1
	}
}

func (b *textBuilder) newline() {
	b.pendingS = false
	if !b.started || b.newlines >= 2 {
		return
	}
	b.sb.WriteByte('\n')
	b.newlines++
}

func (b *textBuilder) paragraph() {
	b.pendingS = false
	if !b.started {
		return
	}
	for b.newlines < 2 {
		b.sb.WriteByte('\n')
		b.newlines++
	}
}

func (b *textBuilder) lastLine() string {
	s := b.sb.String()
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func (b *textBuilder) String() string {
	return strings.TrimSpace(b.sb.String())
}

func trailingNewlines(s string, prev int) int {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\n'; i-- {
		n++
	}
	if n == len(s) {
		return prev + n
	}
	return n
}

func startsSpace(s string) bool {
	return s != "" && strings.ContainsRune(" \t\r\n\f", rune(s[0]))
}

func endsSpace(s string) bool {
	return s != "" && strings.ContainsRune(" \t\r\n\f", rune(s[len(s)-1]))
}
