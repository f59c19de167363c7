// Package replay writes a whole game as one self-contained HTML page: the
// board of every position with a slider and the arrow keys to step
// through them, the history beside it, each seat's holdings, the header
// and what verifying the file found.
//
// It knows no game: the caller gives it the pictures (each a standalone
// SVG document from a templates.Renderer), the entries and the texts, as a
// Page. The page needs no network: its style, its script and every frame
// are inline, and it works from a file:// address. A fragment #entry=N
// opens entry N, and the page keeps the fragment in step as the reader
// moves, so that a link can point at a moment of the game.
//
// The frames of a game share most of their bytes, so the page stores them
// as line diffs: every distinct line once, each frame as runs copied from
// the frame before and the ids of new lines; the whole is gzipped and
// base64-encoded, and the browser inflates it with DecompressionStream.
// The frame the page opens at is also written out as plain markup, so the
// page shows it at once, and without a script.
package replay
