package templates

import "fmt"

// RenderError reports a template that could not be executed. What names the
// template, such as "turn mail" or "svg board".
type RenderError struct {
	What string
	Err  error
}

func (e *RenderError) Error() string {
	return fmt.Sprintf("rendering %s: %v", e.What, e.Err)
}

// Unwrap returns the underlying error.
func (e *RenderError) Unwrap() error { return e.Err }
