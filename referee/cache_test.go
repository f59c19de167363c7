package referee

import (
	"fmt"
	"testing"
)

// TestCacheDropsLeastRecentlyUsed fills the cache of replayed
// games, uses the oldest one again, and adds one more: the game dropped
// is the one used least recently, not any game.
func TestCacheDropsLeastRecentlyUsed(t *testing.T) {
	c := newSessionCache()
	id := func(i int) string { return fmt.Sprintf("%016x", i) }
	for i := range maxCachedGames {
		c.remember(&session{game: id(i)})
	}
	if c.lookup(id(0)) == nil {
		t.Fatal("game 0 is not cached")
	}
	c.remember(&session{game: id(maxCachedGames)})
	if c.len() != maxCachedGames {
		t.Fatalf("%d games cached, want %d", c.len(), maxCachedGames)
	}
	if c.lookup(id(0)) == nil {
		t.Error("the game used last but one was dropped")
	}
	if c.lookup(id(1)) != nil {
		t.Error("the least recently used game is still cached")
	}
	for i := 2; i <= maxCachedGames; i++ {
		if c.lookup(id(i)) == nil {
			t.Errorf("game %d was dropped", i)
		}
	}
	// Caching a game again replaces it and drops nothing.
	c.remember(&session{game: id(5)})
	if c.len() != maxCachedGames || c.lookup(id(0)) == nil {
		t.Error("caching a cached game dropped another")
	}
}
