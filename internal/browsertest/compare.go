package browsertest

import (
	"path/filepath"
	"testing"
)

// The measures of CompareShots.
const (
	// ShotMargin is the border left out of the comparison: the edge
	// pixels of a picture depend on where the page placed it.
	ShotMargin = 4
	// ShotTolerance is how far a channel may differ (of 255) for a pixel
	// to count as the same: anti-aliasing at other sub-pixel places.
	ShotTolerance = 48
	// ShotSamePerMille is how many pixels per thousand may differ beyond
	// the tolerance in two screenshots of the same picture.
	ShotSamePerMille = 2
)

// CompareShots compares two PNG screenshots of a picture, shot (as a page
// shows it) and ref (the picture alone): with same, they must agree but
// for anti-aliasing; without, they must differ clearly. Their sizes may
// differ by a pixel of rounding. The screenshots and the difference image
// are saved in dir as name-*.png, and their paths logged on a failure.
func CompareShots(t testing.TB, dir, name string, shot, ref []byte, same bool) {
	t.Helper()
	a, err := DecodePNG(shot)
	if err != nil {
		t.Fatalf("%s: the screenshot: %v", name, err)
	}
	b, err := DecodePNG(ref)
	if err != nil {
		t.Fatalf("%s: the reference: %v", name, err)
	}
	pa, pb, pd := filepath.Join(dir, name+"-page.png"), filepath.Join(dir, name+"-alone.png"), filepath.Join(dir, name+"-diff.png")
	sa, sb := a.Bounds().Size(), b.Bounds().Size()
	d, img := Diff(Crop(a, ShotMargin), Crop(b, ShotMargin), ShotTolerance)
	WritePNG(pa, a)
	WritePNG(pb, b)
	WritePNG(pd, img)
	sized := abs(sa.X-sb.X) <= 1 && abs(sa.Y-sb.Y) <= 1 && sa.X > 2*ShotMargin && sa.Y > 2*ShotMargin
	alike := sized && d.Pixels*1000 <= d.Total*ShotSamePerMille
	switch {
	case same && !alike:
		t.Errorf("%s: the page's picture differs from the picture alone: %v\n  page:       %s\n  alone:      %s\n  difference: %s", name, d, pa, pb, pd)
	case !same && alike:
		t.Errorf("%s: the page's picture is like another position's: %v\n  page:  %s\n  other: %s", name, d, pa, pb)
	default:
		t.Logf("%s: %v", name, d)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
