package replay

import (
	"errors"
	"fmt"
)

// ErrNoFrames is returned by Write for a page without a frame to show.
var ErrNoFrames = errors.New("a replay page needs at least one frame")

// FrameError reports a frame that cannot go on the page: its picture is
// not an SVG document, or its holdings do not match the seats.
type FrameError struct {
	// Frame is the frame's index in Page.Frames; Entry its entry number.
	Frame, Entry int
	Reason       string
}

func (e *FrameError) Error() string {
	return fmt.Sprintf("frame %d (entry %d): %s", e.Frame, e.Entry, e.Reason)
}
