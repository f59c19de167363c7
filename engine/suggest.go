package engine

// Nearest returns the candidate a mistyped word w most likely meant
// ("rol" → "roll", "biuld" → "build"), or "" when none is close enough to
// be a typo: within two edits (one for a word of fewer than five
// letters), a swap of neighbouring letters counting as one. The move
// languages of every game use it for their "did you mean" hints.
func Nearest(w string, candidates ...string) string {
	if w == "" || len(w) > 20 {
		return ""
	}
	best, bestD := "", 3
	for _, c := range candidates {
		if d := wordDistance(w, c); d > 0 && d < bestD && d < len(c) {
			best, bestD = c, d
		}
	}
	if best == "" || (bestD == 2 && len(w) < 5) {
		return ""
	}
	return best
}

// wordDistance is the Damerau–Levenshtein distance (optimal string
// alignment) between a and b, counting bytes.
func wordDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
