package cmd

import (
	"context"
	"fmt"
	"path/filepath"
)

// gitCommit commits the file path, just written, with git and the message
// msg (--commit of new, join, move and bot). what names what was written
// ("the move"), for the message when git fails: the file stays written.
func gitCommit(ctx context.Context, git func(ctx context.Context, dir string, args ...string) error, path, msg, what string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := git(ctx, dir, "add", "--", base); err != nil {
		return withHint(fmt.Errorf("%s is written, but: %w", what, err), "is %s inside a git repository?", path)
	}
	if err := git(ctx, dir, "commit", "-q", "-m", msg, "--", base); err != nil {
		return withHint(fmt.Errorf("%s is written, but: %w", what, err), "commit it yourself with git commit")
	}
	return nil
}
