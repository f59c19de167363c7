package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/turnfile"
)

type keygenOptions struct {
	Name  string
	Email string
	Dir   string
	Rand  io.Reader
	Out   io.Writer
}

func newKeygenCmd(app *App, runF func(*keygenOptions) error) *cobra.Command {
	opts := &keygenOptions{}
	c := &cobra.Command{
		Use:   "keygen [--name N --email E]",
		Short: "Create your Ed25519 key and secret store in the key directory",
		Long: `keygen creates this player's Ed25519 key in the key directory
($ELASUND_HOME, else $XDG_CONFIG_HOME/elasund, else ~/.config/elasund), in a
file readable only by you, and prints the public key. The same file later
keeps the secret of each seat you join. It never overwrites a key.`,
		Example: `  elasund keygen --name Alice --email alice@example.org
  ELASUND_HOME=~/elasund-bob elasund keygen --name Bob`,
		Args: exactArgs(0),
		RunE: func(c *cobra.Command, args []string) error {
			dir, err := app.keyDir()
			if err != nil {
				return err
			}
			opts.Dir, opts.Rand, opts.Out = dir, app.rand(), c.OutOrStdout()
			if runF != nil {
				return runF(opts)
			}
			return runKeygen(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Name, "name", "", "your name")
	c.Flags().StringVar(&opts.Email, "email", "", "your e-mail address")
	return c
}

func runKeygen(_ context.Context, opts *keygenOptions) error {
	ks, err := turnfile.CreateKeyStore(opts.Dir, opts.Name, opts.Email, opts.Rand)
	if err != nil {
		return withHint(err, "each player needs one key; use another ELASUND_HOME for another player")
	}
	fmt.Fprintln(opts.Out, ks.PublicKey())
	fmt.Fprintf(opts.Out, "key stored in %s (keep it private)\n", ks.Path())
	return nil
}
