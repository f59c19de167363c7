package referee

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/elasund/elasund/turnfile"
)

// maxCachedGames bounds the replayed games a Referee keeps in memory.
const maxCachedGames = 32

// sessionCache holds replayed games by id, so that a mail about a game
// does not replay its whole file again. An entry is used only while the
// stored file still has the bytes it was opened from (Referee.session
// checks); the least recently used goes first when the cache is full.
// It is safe for concurrent use.
type sessionCache struct {
	mu    sync.Mutex
	games map[string]*cached
	// clock orders the cache's uses.
	clock uint64
}

// cached is a replayed game in the cache, with when it was last used.
type cached struct {
	s    *session
	used uint64
}

func newSessionCache() *sessionCache {
	return &sessionCache{games: map[string]*cached{}}
}

// lookup returns the cached session of a game, or nil, and marks it used.
func (c *sessionCache) lookup(game string) *session {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.games[game]
	if e == nil {
		return nil
	}
	c.clock++
	e.used = c.clock
	return e.s
}

// remember caches a session, dropping the least recently used game when
// the cache is full.
func (c *sessionCache) remember(s *session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.games[s.game]; !ok && len(c.games) >= maxCachedGames {
		oldest := ""
		for id, e := range c.games {
			if oldest == "" || e.used < c.games[oldest].used {
				oldest = id
			}
		}
		delete(c.games, oldest)
	}
	c.clock++
	c.games[s.game] = &cached{s: s, used: c.clock}
}

// forget drops a game whose replayed position is about to change.
func (c *sessionCache) forget(game string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.games, game)
}

// len is the number of games cached.
func (c *sessionCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.games)
}

// session returns the stored game, replaying it only when the cache does
// not hold its current bytes.
func (r *Referee) session(game string) (*session, error) {
	if !gameIDPattern.MatchString(game) {
		return nil, errNoGame
	}
	data, err := os.ReadFile(filepath.Join(gameDir(r.dir, game), gameFileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, fmt.Errorf("reading game %s: %w", game, err)
	}
	var g *turnfile.Game
	if c := r.cache.lookup(game); c != nil && c.sum == sha256.Sum256(data) {
		g = c.g
	}
	s, err := openData(r.games, r.dir, game, data, g)
	if err != nil {
		return nil, err
	}
	r.cache.remember(s)
	return s, nil
}
