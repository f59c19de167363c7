package seafarers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/internal/canonjson"
)

// checkCanonical compares the canonical JSON a replay's state encoder
// writes for a state with encoding/json's text in canonical form, which
// defines it (turn-file §3.1): the same bytes, or both refusing it.
func checkCanonical(t *testing.T, enc *canonjson.Encoder, what string, st *State) (refused bool) {
	t.Helper()
	var want []byte
	raw, werr := json.Marshal(st)
	if werr == nil {
		want, werr = canonjson.Rewrite(raw)
	}
	got, gerr := enc.Append([]byte("prefix"), st)
	switch {
	case werr != nil || gerr != nil:
		if werr == nil || gerr == nil {
			t.Fatalf("%s: the encoder's error %v, encoding/json's %v", what, gerr, werr)
		}
		return true
	case !bytes.Equal(got, append([]byte("prefix"), want...)):
		t.Fatalf("%s: the encoder wrote\n%s\nencoding/json in canonical form is\n%s", what, got[len("prefix"):], want)
	}
	return false
}

// TestCanonicalSelfPlay compares the state encoder with encoding/json on
// every state of a random game of each scenario, one encoder throughout
// as in a replay, and on those states damaged at random; and each state,
// which shares the lists of earlier states where they still hold, with
// the state made anew.
func TestCanonicalSelfPlay(t *testing.T) {
	var enc canonjson.Encoder
	setups := selfPlaySetups()
	states, shared := 0, 0
	var sample []*State
	for i := range scenarioNames {
		setup := setups[i*5+(i+2)%5]
		tb := newTable(setup, int64(i))
		pos, err := Rules{}.New(setup, tb.newSource())
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(uint64(i), 5))
		var prev *State
		for n := 0; !pos.Over() && n < 400; n++ {
			st := pos.State().(*State)
			what := fmt.Sprintf("%s entry %d", setup.Choices["scenario"], n)
			checkCanonical(t, &enc, what, st)
			if fresh := freshState(Of(pos)); !reflect.DeepEqual(st, fresh) {
				t.Fatalf("S157: %s: the state sharing the lists of earlier states is not the state made anew", what)
			}
			if prev != nil && &st.Board.Hexes[0] == &prev.Board.Hexes[0] {
				shared++
			}
			prev = st
			states++
			if n%8 == 0 {
				sample = append(sample, st)
			}
			aw := pos.Awaited()
			seat := aw[pick.IntN(len(aw))]
			legal := pos.Legal(seat, tb.next(pos, seat))
			move := []engine.Action{legal[pick.IntN(len(legal))]}
			if _, err := tb.apply(pos, seat, move); err != nil {
				t.Fatalf("%s: %s %s: %v", setup.Choices["scenario"], seat, move[0], err)
			}
		}
	}
	pick := rand.New(rand.NewPCG(7, 7))
	refused := 0
	for i := range 500 {
		st := sample[pick.IntN(len(sample))]
		var c State
		raw, _ := json.Marshal(st)
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		damage(pick, reflect.ValueOf(&c).Elem(), 0)
		if checkCanonical(t, &enc, fmt.Sprintf("damaged state %d", i), &c) {
			refused++
		}
	}
	t.Logf("%d states compared; %d of 500 damaged states refused", states, refused)
	if shared < states/2 {
		t.Errorf("%d of %d states share the board's hexes with the state before, want most", shared, states)
	}
}

// freshState is the state of g made without the lists its earlier States
// left for the next to share (view.go).
func freshState(g *Game) *State {
	c := g.Clone()
	c.boardLists, c.cornerLists, c.edgeLists, c.playerViews, c.fortressView = nil, nil, nil, [4]*playerView{}, nil
	return c.State()
}

// damage changes a few values of v (addressable) at random: odd text,
// negative and large numbers, nil pointers, lists and maps, the undealt
// token, answers not yet given.
func damage(r *rand.Rand, v reflect.Value, depth int) {
	texts := []string{"", "red", "\xff", "\"", "\\", "\n", "\u2028", "<b>", "😀", "é\x00", "\x1f"}
	if r.IntN(40) == 0 {
		v.SetZero()
		return
	}
	switch v.Kind() {
	case reflect.String:
		if r.IntN(20) == 0 {
			v.SetString(texts[r.IntN(len(texts))])
		}
	case reflect.Int:
		if r.IntN(20) == 0 {
			v.SetInt([]int64{-1, 0, 7, 1 << 40, -1 << 62}[r.IntN(5)])
		}
	case reflect.Bool:
		if r.IntN(20) == 0 {
			v.SetBool(!v.Bool())
		}
	case reflect.Pointer:
		if !v.IsNil() {
			damage(r, v.Elem(), depth+1)
		} else if r.IntN(10) == 0 {
			v.Set(reflect.New(v.Type().Elem()))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			damage(r, v.Index(i), depth+1)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			damage(r, e, depth+1)
			v.SetMapIndex(k, e)
		}
		if r.IntN(10) == 0 && v.Type().Key().Kind() == reflect.String && !v.IsNil() {
			e := reflect.New(v.Type().Elem()).Elem()
			damage(r, e, depth+1)
			v.SetMapIndex(reflect.ValueOf(texts[r.IntN(len(texts))]), e)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				damage(r, v.Field(i), depth+1)
			}
		}
	}
}

// TestSamePlayerSeesEveryField changes each field of a seat's holdings in
// turn, a list by an equal copy of it, and requires samePlayer to see the
// change: a field it did not compare would leave a seat's entry of the
// states as it was (S157).
func TestSamePlayerSeesEveryField(t *testing.T) {
	base := player{colour: Red, cards: []devCard{{kind: Knight}}, aside: []board.HarbourKind{board.HarbourKind(1)},
		home: []int{1}, reward: []int{2}, orders: orders{discard: []Resource{Ore}, gold: []Resource{Wool},
			reward: []Resource{Grain}, accept: []acceptRule{{}}}}
	// probe is base changed a field at a time.
	probe := base
	changed := 0
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		if v.Kind() == reflect.Struct {
			for i := range v.NumField() {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
			return
		}
		f := reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
		old := reflect.New(v.Type()).Elem()
		old.Set(f)
		switch f.Kind() {
		case reflect.Int, reflect.Int8:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Array:
			f.Index(0).SetInt(f.Index(0).Int() + 1)
		case reflect.Slice:
			c := reflect.MakeSlice(f.Type(), f.Len(), f.Len())
			reflect.Copy(c, f)
			f.Set(c)
		default:
			t.Fatalf("player%s: a field of kind %s the test cannot change", path, f.Kind())
		}
		if samePlayer(&base, &probe) {
			t.Errorf("S157: samePlayer does not see a change of player%s", path)
		}
		f.Set(old)
		changed++
	}
	walk("", reflect.ValueOf(&probe).Elem())
	if !samePlayer(&base, &probe) {
		t.Error("samePlayer: the holdings differ from themselves")
	}
	t.Logf("%d fields of player changed", changed)
}
