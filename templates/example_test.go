package templates_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/elasund/elasund/templates"
	"github.com/elasund/elasund/templates/elasund"
)

func ExampleMailer_Help() {
	mailer, err := templates.NewMailer(elasund.Renderer{})
	if err != nil {
		log.Fatal(err)
	}
	var subject, body string
	subject, body, err = mailer.Help(templates.Help{Address: "elasund@example.org"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(subject)
	fmt.Println(strings.Split(body, "\n")[2])
	// Output:
	// [elasund] help
	// Write to elasund@example.org.
}

func ExampleMailer_Rejection() {
	mailer, err := templates.NewMailer(elasund.Renderer{})
	if err != nil {
		log.Fatal(err)
	}
	var subject, body string
	subject, body, err = mailer.Rejection(templates.Rejection{
		Game: "3f9c2a7d5e1b4c08",
		To:   "red",
		Problems: []templates.Problem{
			{Line: 1, Text: "build tavern D4", Reason: "the footprint covers a smaller building", Rule: "R52"},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(subject)
	fmt.Print(strings.Join(strings.Split(body, "\n")[2:7], "\n"))
	// Output:
	// [elasund 3f9c2a7d5e1b4c08] not applied
	// One problem:
	//
	// 1. Line 1:
	//      > build tavern D4
	//    the footprint covers a smaller building (R52)
}
