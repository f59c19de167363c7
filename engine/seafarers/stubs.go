package seafarers

func load(cfg *config, st *State) (*Game, error) { return nil, nil }
func (g *Game) Check() error                     { return nil }
func (g *Game) Edit(es []Edit) error             { return nil }

type Edit struct{}

func (Edit) String() string                               { return "" }
func ParseEdits(string) ([]Edit, error)                   { return nil, nil }
func (s *State) AppendCanonical(b []byte) ([]byte, error) { return b, nil }
