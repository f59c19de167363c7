package canonjson

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// needsEscape marks the ASCII bytes a canonical string escapes: '"', '\\'
// and the control characters.
var needsEscape = func() (t [utf8.RuneSelf]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// plain marks the bytes a string may hold to be written as it is without
// a closer look: ASCII that needs no escape.
var plain = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = !needsEscape[c]
	}
	return t
}()

// AppendString appends s as a canonical JSON string (§3.1): '"' and '\\'
// escaped with a backslash, the control characters as \b \f \n \r \t or
// else \u00xx in lowercase hex, everything else as it is. A byte that is
// not part of valid UTF-8 becomes U+FFFD, as encoding/json writes it.
func AppendString(b []byte, s string) []byte {
	i := 0
	for i < len(s) && plain[s[i]] {
		i++
	}
	b = append(b, '"')
	if i == len(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if !needsEscape[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\uFFFD"...)
			i++
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// validUTF8 returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as a string AppendString writes reads back.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}
