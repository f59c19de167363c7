package seafarers

import (
	"reflect"
	"testing"
)

// TestCopyIntoRoom checks copyInto, which copies a game's own slices into
// the rooms of a copy (copyTo): the copy equals the slice as reflect.DeepEqual
// (sameGame) reads it, nil for nil and empty for empty; it lives in the
// room whenever the room is not nil, an empty copy too, so that the
// copy's next append (an owed decision after a look-ahead's copy) need
// not allocate; and neither side's appends reach the other.
func TestCopyIntoRoom(t *testing.T) {
	withRoom := func(n, c int) []int { return make([]int, n, c) }
	// fresh copies a case into an array of its own, of the same capacity.
	fresh := func(s []int) []int {
		if s == nil {
			return nil
		}
		return append(make([]int, 0, cap(s)), s...)
	}
	srcs := map[string][]int{
		"nil":                  nil,
		"empty":                {},
		"empty with capacity":  make([]int, 0, 4),
		"one":                  {7},
		"three with capacity":  append(make([]int, 0, 8), 1, 2, 3),
		"longer than the room": {1, 2, 3, 4, 5, 6, 7, 8, 9},
	}
	rooms := map[string][]int{
		"no room":      nil,
		"empty room":   withRoom(0, 0),
		"room":         withRoom(0, 4),
		"a used room":  withRoom(3, 6),
		"a large room": withRoom(0, 16),
	}
	for sn, src := range srcs {
		for rn, room := range rooms {
			src, room := fresh(src), fresh(room)
			got := copyInto(room, src)
			if !reflect.DeepEqual(got, src) || (got == nil) != (src == nil) {
				t.Fatalf("%s into %s: copyInto = %#v, want %#v", sn, rn, got, src)
			}
			if src == nil {
				continue
			}
			if room != nil && cap(room) >= len(src) && cap(got) != cap(room) {
				t.Errorf("%s into %s: the copy has capacity %d, the room %d: it is not in the room", sn, rn, cap(got), cap(room))
			}
			// Appends on either side stay on their side.
			n := len(src)
			got = append(got, -1)
			src = append(src, -2)
			if got[n] != -1 || src[n] != -2 {
				t.Fatalf("%s into %s: the copy and the slice share their array: appended -1 and -2, read %d and %d", sn, rn, got[n], src[n])
			}
		}
	}
}
