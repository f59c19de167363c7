package board

import "fmt"

// NameError reports text that is not the name of a position, corner or edge
// (BOARDS B1, B5, B9). What is "position", "corner" or "edge".
type NameError struct {
	What   string
	Input  string
	Reason string
}

func (e *NameError) Error() string {
	return fmt.Sprintf("cannot read %s %q: %s", e.What, e.Input, e.Reason)
}

// OptionError reports a scenario name or a set-up option that New refuses
// (S1, S156): an unknown scenario or a value the scenario cannot use.
type OptionError struct {
	Scenario string
	Option   string
	Value    string
	Reason   string
}

func (e *OptionError) Error() string {
	if e.Option == "" {
		return fmt.Sprintf("scenario %q: %s", e.Scenario, e.Reason)
	}
	return fmt.Sprintf("scenario %s, option %s=%s: %s", e.Scenario, e.Option, e.Value, e.Reason)
}

// ChangeError reports a change to a board that the board refuses: dealing a
// board twice, exploring a position that is not unexplored fog, or placing a
// harbour where B18 forbids it. Rule names the rule broken, such as "B18".
type ChangeError struct {
	Rule   string
	At     string
	Reason string
}

func (e *ChangeError) Error() string {
	if e.At == "" {
		return fmt.Sprintf("%s (%s)", e.Reason, e.Rule)
	}
	return fmt.Sprintf("%s: %s (%s)", e.At, e.Reason, e.Rule)
}

// DrawError reports a Rand that returned a number outside [0, N).
type DrawError struct {
	N   int
	Got int
}

func (e *DrawError) Error() string {
	return fmt.Sprintf("random source returned %d for a draw over %d", e.Got, e.N)
}
