package seafarers

import "errors"

// ErrOtherGame is returned when a Seafarers player is shown a position
// that is not a Seafarers game.
var ErrOtherGame = errors.New("the Seafarers bots play only Catan: Seafarers")
