package browsertest

import "fmt"

// Error is an error the WebDriver server answered a command with (W3C
// WebDriver §6.6).
type Error struct {
	// Command is the command, such as "POST /session/…/url".
	Command string
	// Status is the HTTP status; Code the WebDriver error code ("no such
	// element"); Message the server's words.
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("webdriver %s: %d %s: %s", e.Command, e.Status, e.Code, e.Message)
}
