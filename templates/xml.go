package templates

import (
	"encoding/xml"
	"strings"
)

// XMLText escapes s for the text and attribute values of an SVG picture:
// the one escaping of every game's pictures.
func XMLText(s string) string {
	var b strings.Builder
	if err := xml.EscapeText(&b, []byte(s)); err != nil {
		return ""
	}
	return b.String()
}
