package elasund

import "errors"

// ErrOtherGame is returned when an Elasund player is shown a position that
// is not an Elasund game.
var ErrOtherGame = errors.New("the Elasund bots play only Elasund")
