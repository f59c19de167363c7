package browsertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
)

// Difference is how two images differ.
type Difference struct {
	// SizeA and SizeB are the images' sizes; the other fields count only
	// their common area.
	SizeA, SizeB image.Point
	// Pixels is the number of pixels where a channel differs by more than
	// the tolerance; Max the largest difference of a channel (0–255).
	Pixels int
	Max    int
	// Total is the number of pixels compared.
	Total int
}

// Same reports whether the images are the same size and at most
// maxPixels pixels differ beyond the tolerance.
func (d Difference) Same(maxPixels int) bool {
	return d.SizeA == d.SizeB && d.Pixels <= maxPixels
}

func (d Difference) String() string {
	return fmt.Sprintf("%dx%d vs %dx%d: %d of %d pixels differ (largest channel difference %d)",
		d.SizeA.X, d.SizeA.Y, d.SizeB.X, d.SizeB.Y, d.Pixels, d.Total, d.Max)
}

// DecodePNG decodes a PNG image.
func DecodePNG(b []byte) (image.Image, error) {
	return png.Decode(bytes.NewReader(b))
}

// Diff compares a and b pixel by pixel over their common area: a pixel
// differs when one of its channels (red, green, blue, alpha, 0–255)
// differs by more than tolerance. It also returns an image of the
// difference: grey where they agree, red where they differ.
func Diff(a, b image.Image, tolerance int) (Difference, *image.RGBA) {
	ra, rb := a.Bounds(), b.Bounds()
	d := Difference{SizeA: ra.Size(), SizeB: rb.Size()}
	w, h := min(ra.Dx(), rb.Dx()), min(ra.Dy(), rb.Dy())
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			ca := color.NRGBAModel.Convert(a.At(ra.Min.X+x, ra.Min.Y+y)).(color.NRGBA)
			cb := color.NRGBAModel.Convert(b.At(rb.Min.X+x, rb.Min.Y+y)).(color.NRGBA)
			m := max(delta(ca.R, cb.R), delta(ca.G, cb.G), delta(ca.B, cb.B), delta(ca.A, cb.A))
			d.Max = max(d.Max, m)
			d.Total++
			if m > tolerance {
				d.Pixels++
				out.Set(x, y, color.RGBA{255, 0, 0, 255})
				continue
			}
			g := uint8((int(ca.R) + int(ca.G) + int(ca.B)) / 3 / 2)
			out.Set(x, y, color.RGBA{128 + g/2, 128 + g/2, 128 + g/2, 255})
		}
	}
	return d, out
}

func delta(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// Crop returns the part of img inside a margin of m pixels on every side
// (empty when the image is smaller).
func Crop(img image.Image, m int) image.Image {
	r := img.Bounds().Inset(m)
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			out.Set(x, y, img.At(r.Min.X+x, r.Min.Y+y))
		}
	}
	return out
}

// WritePNG saves img as a PNG file.
func WritePNG(path string, img image.Image) error {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
