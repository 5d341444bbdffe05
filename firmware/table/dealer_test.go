package table

import (
	"errors"
	"testing"

	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/hardware/sim"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// The game deals from the walls the machine raised: the dealer asks for
// Start once, says "not yet" until the walls are up, then deals exactly
// the tiles the inline readers recorded, broken by the machine's dice.
func TestMachineDealer(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	set := rs.Rules().Set
	reg := registry.Memory{}
	for u, tl := range sim.Tags(set, 'B') {
		reg[u] = registry.Entry{Set: 'B', Tile: tl}
	}
	uids := sim.List(set, 'B')
	w := cycle.Walls{Set: 'B'}
	for range 4 {
		w.Sides = append(w.Sides, uids[:34])
		uids = uids[34:]
	}
	walls := make(chan cycle.Hand, 1)
	starts := 0
	d := NewMachineDealer(walls, reg, func() { starts++ }, nil)
	for range 3 {
		if _, err := d.Deal(t.Context(), g); !errors.Is(err, ErrWallsNotUp) {
			t.Fatalf("before the walls are up: %v", err)
		}
	}
	if starts != 1 {
		t.Fatalf("Start pressed %d times while waiting, want 1", starts)
	}
	walls <- cycle.Hand{Number: 1, Set: 'B', Dice: [2]int{1, 1}, Walls: w}
	dl, err := d.Deal(t.Context(), g)
	if err != nil {
		t.Fatal(err)
	}
	// Dice 1+1 from dealer East: the sum 2 picks South's wall (seat 1),
	// broken after 2 stacks; the first tile is its stack 3's upper tile,
	// laid sixth (index 5).
	if want := reg[w.Sides[1][5]].Tile; dl.Wall[0] != want || dl.Dice != [2]int{1, 1} {
		t.Errorf("first tile %v dice %v, want %v and 1+1", dl.Wall[0], dl.Dice, want)
	}
	if _, err := g.StartHand(dl); err != nil {
		t.Fatalf("the referee refused the machine's deal: %v", err)
	}
	// The next hand asks for Start again.
	if _, err := d.Deal(t.Context(), g); !errors.Is(err, ErrWallsNotUp) || starts != 2 {
		t.Errorf("next hand: %v, %d presses", err, starts)
	}
}
