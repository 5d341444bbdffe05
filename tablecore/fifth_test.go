package tablecore_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// Where the wall is not known (a replayed record, a table whose wall was
// not read), a draw names its tile; the very tile another seat holds, or
// one already drawn, would be a fifth copy and is refused.
func TestDrawOfATileInPlayIsRefused(t *testing.T) {
	rs := tablecoretest.New()
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.R.Set, []string{"123456789m1234p5p", "111s23456789s1z2z", "3333444455z66z7z", "123456789m1199p"}, "", "")
	if err != nil {
		t.Fatal(err)
	}
	known := make([]bool, len(w))
	for i := 0; i < 53; i++ { // the deal only
		known[i] = true
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Known: known}); err != nil {
		t.Fatal(err)
	}
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "5p")})
	passAll(t, g)
	oneS := held(t, g, 1, "1s") // seat 1's own 1s, exactly
	_, err = g.Apply(game.Action{Kind: game.Draw, Seat: 1, Tile: oneS})
	if !errors.Is(err, tablecore.ErrWrongTile) {
		t.Fatalf("drawing the 1s seat 1 holds: %v, want ErrWrongTile", err)
	}
	// Another copy of the face is fine, and once drawn it is in play too.
	other := oneS
	for c := uint8(0); c < 4; c++ {
		if u := (tile.Tile{Kind: oneS.Kind, Copy: c}); u != oneS && !holds(g, u) {
			other = u
			break
		}
	}
	apply(t, g, game.Action{Kind: game.Draw, Seat: 1, Tile: other})
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: other})
	passAll(t, g)
	if _, err := g.Apply(game.Action{Kind: game.Draw, Seat: 2, Tile: other}); !errors.Is(err, tablecore.ErrWrongTile) {
		t.Fatalf("drawing the discarded %s again: %v, want ErrWrongTile", other, err)
	}
}

func holds(g *tablecore.Game, t tile.Tile) bool {
	for _, s := range g.Hand().Seats {
		for _, x := range s.Hand {
			if x == t {
				return true
			}
		}
	}
	return false
}
