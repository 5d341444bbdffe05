package riichi_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// A three-player hand at the table: after a first go-round the dealer
// draws a north, sets it aside (kita), draws its replacement from the dead
// wall and wins on it. Worked by hand:
// menzen tsumo 1, ittsu 2, rinshan 1, kita 1 = 5 han, a dealer's mangan
// tsumo: 4,000 from each of the two others (no North to pay).
func TestSanmaKitaAtTheTable(t *testing.T) {
	o, err := riichi.TablePreset("sanma")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	r := rs.Rules()
	if r.Players != 3 || r.Chi || r.Set.Size() != 108 || r.SetAside != tile.North {
		t.Fatalf("rules %+v", r)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if sc := g.Standing().Scores; !slices.Equal(sc, []int{35000, 35000, 35000}) {
		t.Fatalf("start %v", sc)
	}
	w, err := tablecoretest.Wall(r.Set, []string{
		"123p456p789p11s24s9s", // the dealer: discards 9s, then waits on 3s
		"1199m1199p1199s1z",
		"3377p3377s5566z7z",
	}, "1z7z4z", "3s")
	if err != nil {
		t.Fatal(err)
	}
	swapTo(t, w, riichi.DoraIndex(len(w), 3, 0), "1z") // the indicator (5th stack of the dead wall): dora south, not held
	if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	do(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: find(t, g, 0, "9s")})
	for seat := game.Seat(1); seat <= 2; seat++ {
		d := next(t, g)
		do(t, g, game.Action{Kind: game.Discard, Seat: seat, Tile: d})
	}
	if d := next(t, g); d.Kind != tile.North {
		t.Fatalf("the dealer drew %s, want a north", d)
	}
	var kita game.Action
	for _, a := range g.Legal(0) {
		if a.Kind == game.Flower {
			kita = a
		}
	}
	if kita.Kind != game.Flower || kita.Tile.Kind != tile.North {
		t.Fatalf("no kita among the dealer's actions: %v", g.Legal(0))
	}
	do(t, g, kita)
	h := g.Hand()
	if len(h.Seats[0].Flowers) != 1 || h.Phase != game.ToDraw || h.Source != game.Tail {
		t.Fatalf("after kita: flowers %v, phase %s, source %v", h.Seats[0].Flowers, h.Phase, h.Source)
	}
	if d := next(t, g); d.Kind != tile.S3 {
		t.Fatalf("replacement %s, want 3s", d)
	}
	do(t, g, game.Action{Kind: game.Tsumo, Seat: 0})
	h = g.Hand()
	if len(h.Wins) != 1 || h.Wins[0].Value.Han != 5 {
		t.Fatalf("wins %+v", h.Wins)
	}
	paid := map[game.Seat]int{}
	for _, p := range h.Wins[0].Payments {
		if p.From != game.NoSeat {
			paid[p.From] += p.Amount
		}
	}
	if len(paid) != 2 || paid[1] != 4000 || paid[2] != 4000 {
		t.Errorf("payments %v, want 4000 from seats 1 and 2", paid)
	}
	if !slices.ContainsFunc(h.Wins[0].Value.Items, func(it game.Item) bool { return it.Name == "抜きドラ" }) {
		t.Errorf("no kita in %v", h.Wins[0].Value.Items)
	}
	// A north may only be set aside by three players.
	four, _ := riichi.TablePreset("tenhou")
	rs4, _ := riichi.New(four)
	if rs4.Rules().SetAside != 0 {
		t.Error("a four-player table sets norths aside")
	}
}

// Three players rotate the deal among three seats, three hands a round.
func TestSanmaRotation(t *testing.T) {
	o, _ := riichi.TablePreset("sanma")
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	h := &game.Hand{Players: 3, Dealer: 2, Round: tile.East, Number: 2, Scores: []int{35000, 35000, 35000},
		End: &game.End{Kind: game.Exhausted, Ready: []bool{true, false, false}},
		Seats: []game.Player{
			{Hand: tile.MustParse("123p456p789p11s24s"), Riichi: -1}, // ready
			{Hand: tile.MustParse("1199m1357p2468s1z"), Riichi: -1},
			{Hand: tile.MustParse("1199m1357p2468s2z"), Riichi: -1},
		}}
	n, over := rs.Next(game.Standing{Dealer: 2, Round: tile.East, Number: 2, Scores: h.Scores}, h)
	if over || n.Dealer != 0 || n.Round != tile.South || n.Number != 0 || n.Honba != 1 {
		t.Errorf("after East 3 (dealer noten): %+v over %v, want South 1, dealer 0, 1 honba", n, over)
	}
	// Noten payments with three: 2,000 in all.
	e := rs.Settle(h, *h.End)
	got := map[game.Seat]int{}
	for _, p := range e.Payments {
		got[p.From] -= p.Amount
		got[p.To] += p.Amount
	}
	if got[0] != 2000 || got[1] != -1000 || got[2] != -1000 {
		t.Errorf("noten payments %v", got)
	}
}
