package seafarers

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// MarshalJSON writes a hex as S157 shows it: at and terrain, the number
// when there is one (null on a hex not yet dealt, S134), and pending while
// its exploration is a sealed draw.
func (h HexState) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"at":`)
	writeJSON(&b, h.At)
	b.WriteString(`,"terrain":`)
	writeJSON(&b, h.Terrain)
	switch {
	case h.Terrain == "unknown":
		b.WriteString(`,"number":null`)
	case h.Number != 0:
		fmt.Fprintf(&b, `,"number":%d`, h.Number)
	}
	if h.Pending != nil {
		fmt.Fprintf(&b, `,"pending":%d`, *h.Pending)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeJSON(b *bytes.Buffer, v any) {
	raw, _ := json.Marshal(v)
	b.Write(raw)
}

// UnmarshalJSON reads a hex strictly: at and terrain are required; number
// (a whole number or null) and pending are optional; nothing else.
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
				err = json.Unmarshal(v, &h.Number)
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
	return nil
}

func strictString(raw json.RawMessage, dst *string) error {
	if string(raw) == "null" {
		return fmt.Errorf("must not be null")
	}
	return json.Unmarshal(raw, dst)
}

// scenarioJSON is ScenarioState as encoding/json sees it, with the fleet
// left out (written by hand: S157 writes it as null once removed).
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

// MarshalJSON writes the scenario's fields only, in the order of S157.
func (s ScenarioState) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	field := func(name string, v any) error {
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeJSON(&b, name)
		b.WriteByte(':')
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(raw)
		return nil
	}
	var err error
	add := func(name string, present bool, v any) {
		if present && err == nil {
			err = field(name, v)
		}
	}
	add("fog_tiles", s.FogTiles != nil, s.FogTiles)
	add("fog_numbers", s.FogTiles != nil || s.FogNumbers != nil, nonNilMap(s.FogNumbers))
	add("gifts", s.Gifts != nil, s.Gifts)
	add("villages", s.Villages != nil, s.Villages)
	add("cloth_supply", s.ClothSupply != nil, s.ClothSupply)
	add("fleet", s.HasFleet, s.Fleet)
	add("fortresses", s.Fortresses != nil, s.Fortresses)
	add("lone", s.Lone != nil, s.Lone)
	add("wonders", s.Wonders != nil, s.Wonders)
	add("wonder_markers", s.WonderMarkers != nil, s.WonderMarkers)
	if err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func nonNilMap(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

// UnmarshalJSON reads the scenario's fields strictly: unknown fields are
// refused; which fields the scenario needs is Load's check.
func (s *ScenarioState) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*s = ScenarioState{}
	if raw, ok := m["fleet"]; ok {
		s.HasFleet = true
		if string(raw) != "null" {
			var f string
			if err := json.Unmarshal(raw, &f); err != nil {
				return fmt.Errorf("fleet: %v", err)
			}
			s.Fleet = &f
		}
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
		if s.FogNumbers == nil {
			s.FogNumbers = map[string]int{}
		}
	}
	if sj.Lone != nil {
		s.Lone = *sj.Lone
	}
	if sj.WonderMarkers != nil {
		s.WonderMarkers = *sj.WonderMarkers
	}
	return nil
}
