package rulesref_test

import (
	"errors"
	"fmt"

	"github.com/elasund/elasund/internal/rulesref"
)

// Print one rule of the Elasund reference, as elasund rules R88 does.
func ExampleReference_Lookup() {
	ref, err := rulesref.Embedded("elasund")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := ref.Lookup("r88")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(m.Text())
	// Output:
	// R88 — Limits on placing permits
	// You need a permit in your supply. Trade fields are allowed. C8 is never allowed before
	// the church is begun.
}

// A query that matches nothing fails with suggestions.
func ExampleNotFoundError() {
	ref, err := rulesref.Embedded("seafarers")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = ref.Lookup("sealed drws")
	var nf *rulesref.NotFoundError
	if errors.As(err, &nf) {
		fmt.Println(nf.Suggestions[0])
	}
	fmt.Println(err)
	// Output:
	// sealed-draws
	// no rule or topic matches "sealed drws"; did you mean sealed-draws, S72, S88, S136, S137?
}
