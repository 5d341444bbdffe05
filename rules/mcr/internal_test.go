package mcr

import (
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

func TestAfterKong(t *testing.T) {
	x := tile.Tile{Kind: tile.M5}
	act := func(k game.Kind, s game.Seat) game.Action { return game.Action{Kind: k, Seat: s, Tile: x} }
	for _, tc := range []struct {
		name string
		log  []game.Action
		want bool
	}{
		{"closed kong", []game.Action{act(game.Discard, 3), act(game.Draw, 0), act(game.ClosedKan, 0), act(game.Draw, 0)}, true},
		{"added kong, others passed", []game.Action{act(game.AddedKan, 0), act(game.Pass, 1), act(game.Pass, 2), act(game.Draw, 0)}, true},
		{"open kong, a chi answered after it", []game.Action{act(game.Discard, 3), act(game.OpenKan, 0), act(game.Chi, 1), act(game.Draw, 0)}, true},
		{"kong, then a flower on the replacement", []game.Action{act(game.ClosedKan, 0), act(game.Draw, 0), act(game.Flower, 0), act(game.Draw, 0)}, true},
		{"flower replacement only", []game.Action{act(game.Discard, 3), act(game.Pass, 0), act(game.Draw, 0), act(game.Flower, 0), act(game.Draw, 0)}, false},
		{"plain draw", []game.Action{act(game.Discard, 3), act(game.Pass, 0), act(game.Draw, 0)}, false},
		{"first draw", []game.Action{act(game.Draw, 0)}, false},
	} {
		if got := afterKong(tc.log, 0); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestInView(t *testing.T) {
	h := &game.Hand{Seats: make([]game.Player, 4)}
	p := func(c uint8) tile.Tile { return tile.Tile{Kind: tile.P2, Copy: c} }
	h.Seats[0].Discards = []game.Discarded{{Tile: p(0), Taken: true}}
	h.Seats[1].Melds = []tile.Meld{{Type: tile.Pon, Tiles: []tile.Tile{p(0), p(1), p(2)}, From: 3}}
	h.Seats[2].Melds = []tile.Meld{{Type: tile.ClosedKan, Tiles: []tile.Tile{{Kind: tile.S1}, {Kind: tile.S1, Copy: 1}, {Kind: tile.S1, Copy: 2}, {Kind: tile.S1, Copy: 3}}}}
	if n := inView(h, p(3)); n != 3 {
		t.Errorf("2p in view: %d, want 3 (the claimed tile counted once)", n)
	}
	if n := inView(h, p(2)); n != 2 {
		t.Errorf("2p in view besides the tile itself: %d, want 2", n)
	}
	if n := inView(h, tile.Tile{Kind: tile.S1}); n != 0 {
		t.Errorf("tiles of a concealed kong in view: %d", n)
	}
}
