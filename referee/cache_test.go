package referee

import (
	"fmt"
	"testing"
)

// TestCacheDropsLeastRecentlyUsed fills the referee's cache of replayed
// games, uses the oldest one again, and adds one more: the game dropped
// is the one used least recently, not any game.
func TestCacheDropsLeastRecentlyUsed(t *testing.T) {
	r := &Referee{cache: map[string]*cached{}}
	id := func(i int) string { return fmt.Sprintf("%016x", i) }
	for i := range maxCachedGames {
		r.remember(&session{game: id(i)})
	}
	if r.lookup(id(0)) == nil {
		t.Fatal("game 0 is not cached")
	}
	r.remember(&session{game: id(maxCachedGames)})
	if len(r.cache) != maxCachedGames {
		t.Fatalf("%d games cached, want %d", len(r.cache), maxCachedGames)
	}
	if r.lookup(id(0)) == nil {
		t.Error("the game used last but one was dropped")
	}
	if r.lookup(id(1)) != nil {
		t.Error("the least recently used game is still cached")
	}
	for i := 2; i <= maxCachedGames; i++ {
		if r.lookup(id(i)) == nil {
			t.Errorf("game %d was dropped", i)
		}
	}
	// Caching a game again replaces it and drops nothing.
	r.remember(&session{game: id(5)})
	if len(r.cache) != maxCachedGames || r.lookup(id(0)) == nil {
		t.Error("caching a cached game dropped another")
	}
}
