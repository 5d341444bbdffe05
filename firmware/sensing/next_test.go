package sensing

import (
	"testing"

	"jantaku/rules/game"
)

// TestNextDrawerSkipsWinners: in a blood-battle hand a seat that has won
// sits out, so the hand read for the next draw is the next seat still
// playing.
func TestNextDrawerSkipsWinners(t *testing.T) {
	h := &game.Hand{Players: 4, Seats: make([]game.Player, 4)}
	h.Seats[1].Won = true
	h.Seats[2].Won = true
	for _, c := range []struct{ from, want game.Seat }{{0, 3}, {3, 0}, {1, 3}} {
		if got := nextDrawer(h, c.from); got != c.want {
			t.Errorf("after seat %d: seat %d draws, want seat %d", c.from, got, c.want)
		}
	}
}
