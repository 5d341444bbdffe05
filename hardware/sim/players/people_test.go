package players_test

import (
	"testing"
	"time"

	"jantaku/firmware/sensing"
	"jantaku/hardware/sim"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// A seat people play is left alone by the simulated players, and its
// seat page's moves are carried out on the surface: a discard lands in
// that seat's pond, a discard the referee no longer allows is not made, a
// win (a declaration) moves nothing, and another seat's moves are not the
// person's to make.
func TestCarryForAPerson(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rs.Rules()
	g, err := tablecore.New(rs, 0) // seat 0 deals and is to discard first
	if err != nil {
		t.Fatal(err)
	}
	deal := tablecore.Deal{Wall: r.Set.Tiles(), Dice: [2]int{3, 4}}
	order, err := game.DrawOrder(game.BreakBySmallerDie, deal.Dice, 0, players.Stacks(len(deal.Wall), r.Players))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(deal); err != nil {
		t.Fatal(err)
	}
	var walls []string
	for _, z := range sensing.WallZones(order) {
		walls = append(walls, z.String())
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tb, err := players.Watch(players.Config{Seed: 1, People: []game.Seat{0}}, g, sim.Tags(r.Set, 'A'), walls, start)
	if err != nil {
		t.Fatal(err)
	}
	pond := players.Zone(0, players.Discards)
	tb.Advance(start.Add(time.Minute))
	if n := len(tb.Surface().Tags(pond)); n != 0 {
		t.Fatalf("the simulated players discarded %d tiles for the person at seat 0", n)
	}
	if n := len(tb.Surface().Tags(players.Zone(0, players.Hand))); n != 14 {
		t.Fatalf("%d tiles dealt to seat 0's hand, want 14", n)
	}
	a := g.Hand().Seats[0].Hand[0]
	down, err := tb.Carry(game.Action{Kind: game.Discard, Seat: 0, Tile: a})
	if err != nil {
		t.Fatal(err)
	}
	tb.Advance(down)
	if got := tb.Surface().Where(tb.UID(a)); got != pond {
		t.Errorf("the discard %s is in %q, want %q", a, got, pond)
	}
	// The referee has not seen that discard: seat 0 has 14 tiles, so
	// discarding one it no longer holds (a tile of seat 1) is not allowed
	// and is not made.
	b := g.Hand().Seats[1].Hand[0]
	down, err = tb.Carry(game.Action{Kind: game.Discard, Seat: 0, Tile: b})
	if err != nil {
		t.Fatal(err)
	}
	tb.Advance(down)
	if got := tb.Surface().Where(tb.UID(b)); got != players.Zone(1, players.Hand) {
		t.Errorf("a discard the referee does not allow moved %s to %q", b, got)
	}
	if _, err := tb.Carry(game.Action{Kind: game.Tsumo, Seat: 0}); err == nil {
		t.Error("a win was carried out as tile moves; it is a declaration")
	}
	if _, err := tb.Carry(game.Action{Kind: game.Discard, Seat: 1, Tile: b}); err == nil {
		t.Error("seat 1's discard was carried out for the person at seat 0")
	}
}
