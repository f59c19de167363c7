package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/elasund/elasund/turnfile"
)

// The referee's own record of a game, table.yaml beside game.yaml: the
// table's settings (deadline, no-move policy, bot level), made by
// HostNew, and what the referee keeps while the game is played — since
// when each awaited seat has been awaited, the seats' vacations, the
// entries the bot played, and which of the referee's mails went out at
// which point of the game, so that a reply can be bound to the turn it
// answers. The daemon writes it; host commands only read it.
const (
	tableFileName = "table.yaml"
	tableFormat   = "elasund-table/1"
)

// Defaults of the table's settings.
const (
	// DefaultDeadline is the move deadline of a game HostNew makes
	// without one.
	DefaultDeadline = 72 * time.Hour
	// MaxVacation bounds the vacations of one seat in one game, in total.
	MaxVacation = 14 * 24 * time.Hour
	// maxSent bounds the mail records kept for binding replies.
	maxSent = 256
)

// NoMove is what the referee does when a seat has not moved by the
// deadline. The zero value means none was given: HostNew takes NoMoveBot.
type NoMove int

// The no-move policies.
const (
	NoMoveUnset NoMove = iota
	// NoMoveBot has the built-in bot play the seat's move (or decision),
	// signed as the hosted seat's.
	NoMoveBot
	// NoMoveSkip ends the seat's turn with nothing done, or declines its
	// decision, where the rules allow it; otherwise the bot plays.
	NoMoveSkip
	// NoMoveWait does nothing but remind.
	NoMoveWait
)

var noMoveNames = [...]string{"", "bot", "skip", "wait"}

// String is the policy's name: bot, skip or wait; "" for NoMoveUnset.
func (p NoMove) String() string {
	if p < 0 || int(p) >= len(noMoveNames) {
		return ""
	}
	return noMoveNames[p]
}

// ParseNoMove reads a policy's name: bot, skip or wait.
func ParseNoMove(s string) (NoMove, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range noMoveNames {
		if i > 0 && n == t {
			return NoMove(i), nil
		}
	}
	return NoMoveUnset, fmt.Errorf("%q is not a no-move policy (bot, skip or wait)", s)
}

// table is a game's table.yaml, read.
type table struct {
	deadline time.Duration
	noMove   NoMove
	botLevel string
	// version counts the changes to the table that made no entry
	// (vacations); the referee's Entries adds it to the history length.
	version int
	// awaitedAt is the history length the since times belong to; since
	// holds, for each awaited seat, when the game began to wait for it.
	awaitedAt int
	since     map[string]time.Time
	vacations []vacation
	sent      []sentRecord
	bot       []botRecord
}

// vacation is one seat's time away: from, until the date it gave, or
// until it said it was back.
type vacation struct {
	seat        string
	from, until time.Time
	back        time.Time // zero while it has not said so
	// asked is when the request that set until was read: from, or later
	// when a new date replaced the vacation's first (zero means from).
	asked time.Time
}

// end is when the vacation ends (or ended).
func (v vacation) end() time.Time {
	if !v.back.IsZero() && v.back.Before(v.until) {
		return v.back
	}
	return v.until
}

// sentRecord says that the mails answering key (a Message-ID, or the key
// of timed work or of a host command) went out when the game had entries
// entries; there were replies of them.
type sentRecord struct {
	Entries int    `yaml:"entries"`
	Key     string `yaml:"key"`
	Replies int    `yaml:"replies"`
}

// botRecord says that entry N was played by the bot for Seat, and why.
type botRecord struct {
	Entry int    `yaml:"entry"`
	Seat  string `yaml:"seat"`
	Why   string `yaml:"why"`
}

// tableFile is table.yaml as stored.
type tableFile struct {
	Format    string         `yaml:"format"`
	Game      string         `yaml:"game"`
	Deadline  string         `yaml:"deadline"`
	NoMove    string         `yaml:"no_move"`
	BotLevel  string         `yaml:"bot_level"`
	Version   int            `yaml:"version"`
	Awaited   *awaitedFile   `yaml:"awaited,omitempty"`
	Vacations []vacationFile `yaml:"vacations,omitempty"`
	Bot       []botRecord    `yaml:"bot,omitempty"`
	Sent      []sentRecord   `yaml:"sent,omitempty"`
}

type awaitedFile struct {
	Entries int               `yaml:"entries"`
	Since   map[string]string `yaml:"since"`
}

type vacationFile struct {
	Seat  string `yaml:"seat"`
	From  string `yaml:"from"`
	Until string `yaml:"until"`
	Back  string `yaml:"back,omitempty"`
	Asked string `yaml:"asked,omitempty"`
}

// defaultTable is the table of a game that has no table.yaml (made before
// deadlines existed): the default deadline and policy, the game's
// default bot level.
func defaultTable() *table {
	return &table{deadline: DefaultDeadline, noMove: NoMoveBot, since: map[string]time.Time{}}
}

// readTable reads game's table.yaml; a game without one has the default
// table.
func readTable(dir, game string) (*table, error) {
	path := filepath.Join(gameDir(dir, game), tableFileName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return defaultTable(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the table of game %s: %w", game, err)
	}
	return parseTable(path, game, data)
}

func parseTable(path, game string, data []byte) (*table, error) {
	var tf tableFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&tf); err != nil {
		return nil, fmt.Errorf("%s: malformed: %w", path, err)
	}
	if tf.Format != tableFormat || tf.Game != game {
		return nil, fmt.Errorf("%s: not the table of game %s (format %q, game %q)", path, game, tf.Format, tf.Game)
	}
	bad := func(field string, err error) error { return fmt.Errorf("%s: %s: %w", path, field, err) }
	t := defaultTable()
	var err error
	if t.deadline, err = time.ParseDuration(tf.Deadline); err != nil || t.deadline <= 0 {
		return nil, bad("deadline", fmt.Errorf("%q is not a duration such as 72h", tf.Deadline))
	}
	if t.noMove, err = ParseNoMove(tf.NoMove); err != nil {
		return nil, bad("no_move", err)
	}
	t.botLevel, t.version, t.bot, t.sent = tf.BotLevel, tf.Version, tf.Bot, tf.Sent
	if tf.Awaited != nil {
		t.awaitedAt = tf.Awaited.Entries
		for seat, s := range tf.Awaited.Since {
			at, err := time.Parse(time.RFC3339, s)
			if err != nil {
				return nil, bad("awaited.since."+seat, err)
			}
			t.since[seat] = at
		}
	}
	for i, v := range tf.Vacations {
		vac := vacation{seat: v.Seat}
		for _, f := range []struct {
			s   string
			dst *time.Time
		}{{v.From, &vac.from}, {v.Until, &vac.until}, {v.Back, &vac.back}, {v.Asked, &vac.asked}} {
			if f.s == "" && (f.dst == &vac.back || f.dst == &vac.asked) {
				continue
			}
			if *f.dst, err = time.Parse(time.RFC3339, f.s); err != nil {
				return nil, bad(fmt.Sprintf("vacations[%d]", i+1), err)
			}
		}
		t.vacations = append(t.vacations, vac)
	}
	return t, nil
}

// marshal writes table.yaml's bytes.
func (t *table) marshal(game string) ([]byte, error) {
	tf := tableFile{
		Format: tableFormat, Game: game, Deadline: t.deadline.String(), NoMove: t.noMove.String(),
		BotLevel: t.botLevel, Version: t.version, Bot: t.bot, Sent: t.sent,
	}
	if len(t.since) > 0 {
		tf.Awaited = &awaitedFile{Entries: t.awaitedAt, Since: map[string]string{}}
		for seat, at := range t.since {
			tf.Awaited.Since[seat] = formatTime(at)
		}
	}
	for _, v := range t.vacations {
		vf := vacationFile{Seat: v.seat, From: formatTime(v.from), Until: formatTime(v.until)}
		if !v.back.IsZero() {
			vf.Back = formatTime(v.back)
		}
		if !v.asked.IsZero() && !v.asked.Equal(v.from) {
			vf.Asked = formatTime(v.asked)
		}
		tf.Vacations = append(tf.Vacations, vf)
	}
	var b bytes.Buffer
	b.WriteString("# elasund referee: the table's settings and what the referee keeps while the game is played\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&tf); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// clone returns a copy of t that can be changed.
func (t *table) clone() *table {
	c := *t
	c.since = make(map[string]time.Time, len(t.since))
	for k, v := range t.since {
		c.since[k] = v
	}
	c.vacations = slices.Clone(t.vacations)
	c.sent = slices.Clone(t.sent)
	c.bot = slices.Clone(t.bot)
	return &c
}

// formatTime writes a time as the table stores it: RFC 3339 in UTC, to
// the second.
func formatTime(t time.Time) string { return t.UTC().Truncate(time.Second).Format(time.RFC3339) }

// record notes that replies answers to key went out when the game had
// entries entries. A key already recorded is not recorded again.
func (t *table) record(key string, entries, replies int) {
	if key == "" || replies == 0 {
		return
	}
	for _, s := range t.sent {
		if s.Key == key {
			return
		}
	}
	t.sent = append(t.sent, sentRecord{Entries: entries, Key: key, Replies: replies})
	if len(t.sent) > maxSent {
		t.sent = t.sent[len(t.sent)-maxSent:]
	}
}

// await updates since when the awaited seats of g have been awaited, g
// having just moved on from a position that awaited before (valid when
// the table's since times belong to that position). A seat that was
// awaited before and did not make one of the new entries is still
// awaited since the same time; every other awaited seat since at.
func (t *table) await(g *turnfile.Game, before []string, beforeEntries int, movers []string, at time.Time) {
	old := t.since
	valid := t.awaitedAt == beforeEntries
	t.since = map[string]time.Time{}
	for _, seat := range g.Position().Awaited() {
		if since, ok := old[seat]; ok && valid && slices.Contains(before, seat) && !slices.Contains(movers, seat) {
			t.since[seat] = since
			continue
		}
		t.since[seat] = at.UTC().Truncate(time.Second)
	}
	t.awaitedAt = len(g.File().History)
}

// awaitedSince is when the game began to wait for seat: as recorded,
// or, when the record does not belong to the game as it stands, the time
// of its last entry (its creation when it has none).
func (t *table) awaitedSince(g *turnfile.Game, seat string) time.Time {
	if t.awaitedAt == len(g.File().History) {
		if at, ok := t.since[seat]; ok {
			return at
		}
	}
	return lastEntryTime(g)
}

// lastEntryTime is the time of g's last entry, or of its creation.
func lastEntryTime(g *turnfile.Game) time.Time {
	f := g.File()
	last := f.Header.Created
	if n := len(f.History); n > 0 {
		last = f.History[n-1].At
	}
	t, err := time.Parse(time.RFC3339, last)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// paused is how long seat's vacations cover of the time from since to
// the end of time: the deadline of a seat on vacation moves on by as much.
func (t *table) paused(seat string, since time.Time) time.Duration {
	var d time.Duration
	for _, v := range t.vacations {
		if v.seat != seat {
			continue
		}
		from, end := v.from, v.end()
		if from.Before(since) {
			from = since
		}
		if end.After(from) {
			d += end.Sub(from)
		}
	}
	return d
}

// away returns seat's vacation at now, if it is on one.
func (t *table) away(seat string, now time.Time) (vacation, bool) {
	if i := t.awayAt(seat, now); i >= 0 {
		return t.vacations[i], true
	}
	return vacation{}, false
}

// awayAt is the index of seat's vacation at now, -1 when it is on none.
func (t *table) awayAt(seat string, now time.Time) int {
	for i, v := range t.vacations {
		if v.seat == seat && !now.Before(v.from) && now.Before(v.end()) {
			return i
		}
	}
	return -1
}

// vacationChanged is when seat's vacations last changed by its request:
// the latest start, new date or return; zero when it never took one.
func (t *table) vacationChanged(seat string) time.Time {
	var last time.Time
	for _, v := range t.vacations {
		if v.seat != seat {
			continue
		}
		for _, at := range []time.Time{v.from, v.asked, v.back} {
			if at.After(last) {
				last = at
			}
		}
	}
	return last
}

// vacationUsed is how much of its vacation allowance seat has used by
// now, the vacation it is on (if any) left out.
func (t *table) vacationUsed(seat string, now time.Time) time.Duration {
	var d time.Duration
	for _, v := range t.vacations {
		if v.seat != seat || (!now.Before(v.from) && now.Before(v.end())) {
			continue
		}
		end := v.end()
		if end.After(now) {
			end = now
		}
		if end.After(v.from) {
			d += end.Sub(v.from)
		}
	}
	return d
}

// botPlayed reports whether entry n was played by the bot.
func (t *table) botPlayed(n int) (botRecord, bool) {
	for _, b := range t.bot {
		if b.Entry == n {
			return b, true
		}
	}
	return botRecord{}, false
}
