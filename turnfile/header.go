package turnfile

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// headerHead and headerTail are the header's fields before and after its
// set-up choices (§2.2), as the JSON of a Header writes them.
type headerHead struct {
	Game    string `json:"game"`
	Created string `json:"created"`
}

type headerTail struct {
	Options     map[string]string `json:"options"`
	Sandbox     bool              `json:"sandbox"`
	Seed        *int64            `json:"seed"`
	ChainLength int               `json:"chain_length"`
	Seats       []Seat            `json:"seats"`
}

// MarshalJSON writes the header's fields in their order (§2.2): game and
// created, the game's set-up choices by name, then the rest.
func (h Header) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(headerHead{Game: h.Game, Created: h.Created})
	if err != nil {
		return nil, err
	}
	b = b[:len(b)-1]
	for _, name := range slices.Sorted(maps.Keys(h.Choices)) {
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(h.Choices[name])
		if err != nil {
			return nil, err
		}
		b = append(append(append(append(b, ','), k...), ':'), v...)
	}
	tail, err := json.Marshal(headerTail{Options: h.Options, Sandbox: h.Sandbox, Seed: h.Seed, ChainLength: h.ChainLength, Seats: h.Seats})
	if err != nil {
		return nil, err
	}
	tail[0] = ','
	return append(b, tail...), nil
}

// UnmarshalJSON reads what MarshalJSON writes: every field that is not
// one of Header's own is a set-up choice, whose value is text. It is for
// JSON this program wrote (the cache's snapshots); a turn file's header is
// read strictly, against its game's choices, by the file's reader.
func (h *Header) UnmarshalJSON(b []byte) error {
	var head headerHead
	var tail headerTail
	var all map[string]json.RawMessage
	for _, v := range []any{&head, &tail, &all} {
		if err := json.Unmarshal(b, v); err != nil {
			return err
		}
	}
	*h = Header{Game: head.Game, Created: head.Created, Options: tail.Options, Sandbox: tail.Sandbox,
		Seed: tail.Seed, ChainLength: tail.ChainLength, Seats: tail.Seats}
	for name, raw := range all {
		if isHeaderField(name) {
			continue
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("header.%s: %w", name, err)
		}
		if h.Choices == nil {
			h.Choices = map[string]string{}
		}
		h.Choices[name] = v
	}
	return nil
}

// isHeaderField reports whether name is one of Header's own fields, not a
// game's set-up choice.
func isHeaderField(name string) bool {
	switch name {
	case "game", "created", "options", "sandbox", "seed", "chain_length", "seats":
		return true
	}
	return false
}
