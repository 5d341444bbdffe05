package players_test

import (
	"slices"
	"testing"

	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// fixed is a referee frozen in one state.
type fixed struct {
	h     *game.Hand
	legal map[game.Seat][]game.Action
}

func (f fixed) Hand() *game.Hand                { return f.h }
func (f fixed) Legal(s game.Seat) []game.Action { return f.legal[s] }
func tiles(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestMove(t *testing.T) {
	one := func(t *testing.T, s string) tile.Tile { return tiles(t, s)[0] }
	// 123m 456p 789s 11z 55m: ready after 7z goes (hand-derived), so a
	// discard of 7z leaves it nearest to ready; the isolated 7z is also
	// an honour, which breaks ties first.
	held := tiles(t, "123m456p789s11z55m7z")
	hand := func(phase game.Phase) *game.Hand {
		return &game.Hand{Players: 4, Phase: phase, Seats: []game.Player{{Hand: held}, {Hand: held}, {Hand: held}, {Hand: held}}}
	}
	discards := []game.Action{}
	for _, tl := range held {
		discards = append(slices.Clone(discards), game.Action{Kind: game.Discard, Seat: 1, Tile: tl})
	}
	cases := []struct {
		name      string
		ref       fixed
		simulated []bool
		want      game.Action
		ok        bool
	}{
		{"a person's seat is left alone", fixed{hand(game.ToAct), map[game.Seat][]game.Action{1: discards}}, []bool{true, false, true, true}, game.Action{}, false},
		{"a win first", fixed{hand(game.ToAct), map[game.Seat][]game.Action{1: append(slices.Clone(discards), game.Action{Kind: game.Tsumo, Seat: 1})}}, []bool{false, true}, game.Action{Kind: game.Tsumo, Seat: 1}, true},
		{"a riichi before a discard", fixed{hand(game.ToAct), map[game.Seat][]game.Action{1: append(slices.Clone(discards), game.Action{Kind: game.Riichi, Seat: 1, Tile: one(t, "5m")})}}, []bool{false, true}, game.Action{Kind: game.Riichi, Seat: 1, Tile: one(t, "5m")}, true},
		{"the discard nearest to ready", fixed{hand(game.ToAct), map[game.Seat][]game.Action{1: discards}}, []bool{false, true}, game.Action{Kind: game.Discard, Seat: 1, Tile: one(t, "7z")}, true},
		{"the missing suit held least", fixed{hand(game.Setup), map[game.Seat][]game.Action{0: {
			{Kind: game.Missing, Seat: 0, Suit: tile.Man}, {Kind: game.Missing, Seat: 0, Suit: tile.Pin}, {Kind: game.Missing, Seat: 0, Suit: tile.Sou},
		}}}, []bool{true}, game.Action{Kind: game.Missing, Seat: 0, Suit: tile.Pin}, true},
		{"no pass on a claim: the draw passes", fixed{hand(game.Claims), map[game.Seat][]game.Action{0: {{Kind: game.Pass, Seat: 0}}}}, []bool{true}, game.Action{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, ok := players.Move(c.ref, c.simulated)
			if ok != c.ok || (ok && (a.Kind != c.want.Kind || a.Seat != c.want.Seat || a.Tile != c.want.Tile || a.Suit != c.want.Suit)) {
				t.Errorf("Move = %v, %v; want %v, %v", a, ok, c.want, c.ok)
			}
		})
	}
}

// TestCalls: every simulated seat that can win on the claimed tile is
// listed, in seat order; a seat that can only pass, and a person's seat,
// are not; Move plays the first.
func TestCalls(t *testing.T) {
	held := tiles(t, "123m456p789s11z55m")
	h := &game.Hand{Players: 4, Phase: game.Claims, Seats: []game.Player{{Hand: held}, {Hand: held}, {Hand: held}, {Hand: held}}}
	ron := func(s game.Seat) game.Action { return game.Action{Kind: game.Ron, Seat: s} }
	pass := func(s game.Seat) game.Action { return game.Action{Kind: game.Pass, Seat: s} }
	ref := fixed{h, map[game.Seat][]game.Action{
		0: {pass(0), ron(0)}, 1: {pass(1)}, 2: {pass(2), ron(2)}, 3: {pass(3), ron(3)},
	}}
	got := players.Calls(ref, []bool{true, true, false, true})
	if len(got) != 2 || got[0].Kind != game.Ron || got[0].Seat != 0 || got[1].Kind != game.Ron || got[1].Seat != 3 {
		t.Errorf("Calls = %v, want seat 0's and seat 3's ron", got)
	}
	if a, ok := players.Move(ref, []bool{false, true, false, true}); !ok || a.Kind != game.Ron || a.Seat != 3 {
		t.Errorf("Move = %v, %v; want seat 3's ron", a, ok)
	}
}
