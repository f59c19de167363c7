package seafarers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// MarshalJSON writes an answer, null for none yet (S157).
func (a Answer) MarshalJSON() ([]byte, error) {
	if a == "" {
		return []byte("null"), nil
	}
	return json.Marshal(string(a))
}

// UnmarshalJSON reads an answer: "accept", "decline" or null.
func (a *Answer) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*a = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s != "accept" && s != "decline" {
		return fmt.Errorf("answer %q: want accept, decline or null", s)
	}
	*a = Answer(s)
	return nil
}

// MarshalJSON writes a token as S157 shows it: its number, or null on a
// board not yet dealt. (No token is left out: HexState's omitempty.)
func (t Token) MarshalJSON() ([]byte, error) {
	if t == NotDealt {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(t), 10), nil
}

// UnmarshalJSON reads a hex strictly: at and terrain are required; number
// (a whole number or null) and pending are optional; nothing else. The
// number of an unknown terrain is NotDealt, whatever is written (S134).
func (h *HexState) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*h = HexState{}
	for k, v := range m {
		var err error
		switch k {
		case "at":
			err = strictString(v, &h.At)
		case "terrain":
			err = strictString(v, &h.Terrain)
		case "number":
			if string(v) != "null" {
				var n int
				err = json.Unmarshal(v, &n)
				h.Number = Token(n)
			}
		case "pending":
			var p int
			if err = json.Unmarshal(v, &p); err == nil {
				h.Pending = &p
			}
		default:
			return fmt.Errorf("unknown field %q", k)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", k, err)
		}
	}
	if _, ok := m["at"]; !ok {
		return fmt.Errorf("missing field \"at\"")
	}
	if _, ok := m["terrain"]; !ok {
		return fmt.Errorf("missing field \"terrain\"")
	}
	if h.Terrain == "unknown" {
		h.Number = NotDealt
	}
	return nil
}

func strictString(raw json.RawMessage, dst *string) error {
	if string(raw) == "null" {
		return fmt.Errorf("must not be null")
	}
	return json.Unmarshal(raw, dst)
}

// scenarioJSON is ScenarioState as encoding/json reads it, with the fleet
// left out (read by hand: absent and null differ) and the maps behind
// pointers (absent and empty differ).
type scenarioJSON struct {
	FogTiles      *FogTiles          `json:"fog_tiles,omitempty"`
	FogNumbers    *map[string]int    `json:"fog_numbers,omitempty"`
	Gifts         *[]GiftState       `json:"gifts,omitempty"`
	Villages      *[]VillageState    `json:"villages,omitempty"`
	ClothSupply   *int               `json:"cloth_supply,omitempty"`
	Fortresses    *[]FortressState   `json:"fortresses,omitempty"`
	Lone          *map[string]string `json:"lone,omitempty"`
	Wonders       *[]WonderState     `json:"wonders,omitempty"`
	WonderMarkers *map[string]int    `json:"wonder_markers,omitempty"`
}

// UnmarshalJSON reads the scenario's fields strictly: unknown fields are
// refused; which fields the scenario needs is Load's check. fog_numbers
// is read as empty where fog_tiles is and it is not, as S157 writes it.
func (s *ScenarioState) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*s = ScenarioState{}
	if raw, ok := m["fleet"]; ok {
		var at *string
		if string(raw) != "null" {
			var f string
			if err := json.Unmarshal(raw, &f); err != nil {
				return fmt.Errorf("fleet: %v", err)
			}
			at = &f
		}
		s.Fleet = &at
		delete(m, "fleet")
	}
	rest, err := json.Marshal(m)
	if err != nil {
		return err
	}
	var sj scenarioJSON
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sj); err != nil {
		return err
	}
	s.FogTiles, s.Gifts, s.Villages, s.ClothSupply = sj.FogTiles, sj.Gifts, sj.Villages, sj.ClothSupply
	s.Fortresses, s.Wonders = sj.Fortresses, sj.Wonders
	if sj.FogNumbers != nil {
		s.FogNumbers = *sj.FogNumbers
	}
	if s.FogNumbers == nil && (sj.FogNumbers != nil || s.FogTiles != nil) {
		s.FogNumbers = map[string]int{}
	}
	if sj.Lone != nil {
		s.Lone = *sj.Lone
	}
	if sj.WonderMarkers != nil {
		s.WonderMarkers = *sj.WonderMarkers
	}
	return nil
}
