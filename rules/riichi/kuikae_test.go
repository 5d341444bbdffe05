package riichi_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Swap-calling (D-RI-07, forbidden under Tenhou's rules): after a chi of
// 3m with 4m 5m the caller may not discard 3m or 6m, the chi's other end.
// Nobody else can claim the 3m, so the chi is the last action played when
// the discard is checked.
func TestSwapCallingRefused(t *testing.T) {
	hs := []string{
		"3m111p333p777p999p1z",
		"4566m111s222s33s4s",
		"147m258p369s1234z",
		"2468m2468p2468s6z",
	}
	g := table(t, "tenhou", hs, "")
	three := find(t, g, 0, "3m")
	do(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: three})
	do(t, g, game.Action{Kind: game.Chi, Seat: 1, Tile: three, Uses: []tile.Tile{find(t, g, 1, "4m"), find(t, g, 1, "5m")}})
	six := find(t, g, 1, "6m")
	for _, a := range g.Legal(1) {
		if a.Kind == game.Discard && a.Tile.Kind == six.Kind {
			t.Fatalf("swap-calling discard %s offered as legal", a.Tile)
		}
	}
	if _, err := g.Apply(game.Action{Kind: game.Discard, Seat: 1, Tile: six}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("discarding 6m after the chi of 3m with 4m 5m: %v, want refused", err)
	}
	do(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: find(t, g, 1, "4s")})
}
