package turnfile

import "crypto/sha256"

// hashTimes applies SHA-256 to v n times (§4.1).
func hashTimes(v Hash, n int) Hash {
	for i := 0; i < n; i++ {
		v = sha256.Sum256(v[:])
	}
	return v
}

// ChainCommit returns the commitment H^n(secret) a seat publishes when it
// joins (§4.1).
func ChainCommit(secret Hash, n int) Hash { return hashTimes(secret, n) }

// ChainReveal returns H^(n-k)(secret), the value a seat reveals in its k-th
// entry after joining (k = 1, 2, ...), and false once the chain is spent
// (k > n).
func ChainReveal(secret Hash, n, k int) (Hash, bool) {
	if k < 1 || k > n {
		return Hash{}, false
	}
	return hashTimes(secret, n-k), true
}
