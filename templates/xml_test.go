package templates

import "testing"

func TestXMLText(t *testing.T) {
	for in, want := range map[string]string{
		`Ann & "Ben" <x>`: "Ann &amp; &#34;Ben&#34; &lt;x&gt;",
		"plain":           "plain",
		"bad \x00 byte":   "bad \uFFFD byte",
	} {
		if got := XMLText(in); got != want {
			t.Errorf("XMLText(%q) = %q, want %q", in, got, want)
		}
	}
}
