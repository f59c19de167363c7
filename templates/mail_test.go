package templates

import "testing"

func TestOneLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"a\r\nb", 10, "a b"},
		{"  spaced   out ", 20, "spaced out"},
		{"héllo wörld", 3, "hé…"},
		{"héllo wörld", 2, "h…"},
		{"\x00x\x7f", 5, "x"},
	} {
		if got := oneLine(tc.in, tc.n); got != tc.want {
			t.Errorf("oneLine(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
