package seafarers

import (
	"testing"
	"unsafe"
)

// An Action stays small: a random game lists some 40,000 and copies each
// several times (issue 18). Every field is a byte or an array of bytes, so
// no order of the fields adds padding.
func TestActionSize(t *testing.T) {
	if got := unsafe.Sizeof(Action{}); got > 48 {
		t.Errorf("unsafe.Sizeof(Action{}) = %d bytes, want at most 48", got)
	}
	if got := unsafe.Alignof(Action{}); got != 1 {
		t.Errorf("unsafe.Alignof(Action{}) = %d, want 1 (byte fields only)", got)
	}
}
