package seafarers

import (
	"testing"

	"github.com/elasund/elasund/templates"
)

func TestViewEvent(t *testing.T) {
	red := templates.View{Seat: "red", Hidden: true}
	for _, tc := range []struct {
		event string
		v     templates.View
		want  string
	}{
		{"sealed draw 3: blue's card is a knight", red, "sealed draw 3: blue draws a development card"},
		{"sealed draw 3: red's card is a knight", red, "sealed draw 3: red's card is a knight"},
		{"sealed draw 3: blue's card is a knight", templates.View{Seat: "red"}, "sealed draw 3: blue's card is a knight"},
		{"blue buys a development card: monopoly", red, "blue buys a development card"},
		{"blue buys a development card: a sealed draw (k 2, witness red)", red, "blue buys a development card: a sealed draw (k 2, witness red)"},
		{"sealed draw 4: blue steals 1 ore from white", red, "sealed draw 4: blue steals 1 card from white"},
		{"sealed draw 4: blue steals 1 ore from red", red, "sealed draw 4: blue steals 1 ore from red"},
		{"white steals 1 wool from blue", red, "white steals 1 card from blue"},
		{"white takes 1 cloth from blue", red, "white takes 1 cloth from blue"},
		{"sealed draw 5: blue would steal ore from white, who holds none: nothing moves (S141)", red, "sealed draw 5: blue steals nothing from white (S141)"},
		// S141 in format 2: the drawn resource is gone, another is taken.
		{"sealed draw 6: blue would steal ore from white, who holds none now: blue steals 1 wool from white's hand instead (S141)", red, "sealed draw 6: blue steals 1 card from white (S141)"},
		{"sealed draw 6: blue would steal ore from red, who holds none now: blue steals 1 wool from red's hand instead (S141)", red, "sealed draw 6: blue would steal ore from red, who holds none now: blue steals 1 wool from red's hand instead (S141)"},
		{"roll 3+4 = 7", red, "roll 3+4 = 7"},
		// Issue 17 item 5: an answer to an offer says nothing of the
		// answering seat's hand, or its orders, to another seat.
		{"blue declines (it does not hold 1 ore)", red, "blue declines"},
		{"blue declines (it does not hold 1 ore)", templates.View{Seat: "blue", Hidden: true}, "blue declines (it does not hold 1 ore)"},
		{"blue declines (it does not hold 1 ore)", templates.View{Seat: "red"}, "blue declines (it does not hold 1 ore)"},
		{"white declines (standing orders)", red, "white declines"},
		{"white accepts (standing orders)", red, "white accepts"},
		{"white declines", red, "white declines"},
		{"blue no longer holds 1 ore: its acceptance lapses (S69)", red, "blue's acceptance lapses (S69)"},
		{"blue no longer holds 1 ore: its acceptance lapses (S69)", templates.View{Seat: "blue", Hidden: true}, "blue no longer holds 1 ore: its acceptance lapses (S69)"},
	} {
		if got := (Renderer{}).ViewEvent(nil, tc.event, tc.v); got != tc.want {
			t.Errorf("ViewEvent(%q, %+v) = %q, want %q", tc.event, tc.v, got, tc.want)
		}
	}
}
