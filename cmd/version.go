package cmd

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"
)

type versionOptions struct {
	Out     io.Writer
	Version string
}

func newVersionCmd(app *App, runF func(*versionOptions) error) *cobra.Command {
	opts := &versionOptions{}
	c := &cobra.Command{
		Use:   "version",
		Short: "Print the version of this elasund program",
		Long: `version prints the version this program was built as (the same line as
"elasund --version"): the module version "go install ...@v1.2.0" records,
else the git commit it was built from (and "modified" when the tree had
changes), else "devel".`,
		Example: `  elasund version
  elasund --version`,
		Args: exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Out, opts.Version = c.OutOrStdout(), app.version()
			if runF != nil {
				return runF(opts)
			}
			return runVersion(opts)
		},
	}
	return c
}

func runVersion(opts *versionOptions) error {
	_, err := fmt.Fprintf(opts.Out, "elasund version %s\n", opts.Version)
	return err
}

// version is the program's version, from the build information of the
// running binary (App.BuildInfo).
func (app *App) version() string {
	read := app.BuildInfo
	if read == nil {
		read = debug.ReadBuildInfo
	}
	return buildVersion(read())
}

// buildVersion names a build: the main module's version when the build
// recorded one ("v1.2.0", from "go install ...@v1.2.0"), else the VCS
// revision "go build" stamped in a clone ("devel 5fab7eb1c2d3 2026-05-01",
// with "modified" for uncommitted changes), else "devel" (a build without
// either, such as "go run" or a test binary).
func buildVersion(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	out := "devel " + rev[:min(12, len(rev))]
	if len(at) >= 10 {
		out += " " + at[:10]
	}
	if modified {
		out += " modified"
	}
	return out
}
