package cmd

import "strconv"

// counted is n with the noun for that many: "1 entry", "3 entries".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
