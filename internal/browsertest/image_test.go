package browsertest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestDiff(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 10, 8))
	for y := range 8 {
		for x := range 10 {
			a.Set(x, y, color.RGBA{200, 100, 50, 255})
		}
	}
	b := image.NewRGBA(a.Bounds())
	copy(b.Pix, a.Pix)
	b.Set(1, 1, color.RGBA{203, 100, 50, 255}) // within the tolerance
	b.Set(5, 5, color.RGBA{0, 100, 50, 255})   // a real difference
	d, img := Diff(a, b, 4)
	if d.Pixels != 1 || d.Max != 200 || d.Total != 80 || !d.Same(1) || d.Same(0) {
		t.Fatalf("Diff = %v, want 1 pixel differing by 200", d)
	}
	if r, _, _, _ := img.At(5, 5).RGBA(); r>>8 != 255 {
		t.Error("the difference image does not mark the differing pixel")
	}
	// Another size is never the same, and the PNG round trip keeps the
	// pixels.
	c := image.NewRGBA(image.Rect(0, 0, 10, 9))
	if d, _ := Diff(a, c, 255); d.Same(1000) {
		t.Errorf("Diff of a 10x8 and a 10x9 image = %v, want not the same", d)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, a); err != nil {
		t.Fatal(err)
	}
	back, err := DecodePNG(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := Diff(a, back, 0); d.Pixels != 0 || d.SizeA != d.SizeB {
		t.Errorf("a PNG round trip differs: %v", d)
	}
}
