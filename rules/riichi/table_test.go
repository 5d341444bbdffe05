package riichi_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func table(t *testing.T, preset string, hands []string, draws string) *tablecore.Game {
	t.Helper()
	o, err := riichi.TablePreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, draws, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	return g
}

func find(t *testing.T, g *tablecore.Game, seat game.Seat, s string) tile.Tile {
	t.Helper()
	k := tile.MustParse(s)[0]
	hand := g.Hand().Seats[seat].Hand
	for i := len(hand) - 1; i >= 0; i-- {
		if hand[i].Kind == k.Kind && hand[i].Red == k.Red {
			return hand[i]
		}
	}
	t.Fatalf("seat %d holds no %s", seat, s)
	return tile.Tile{}
}

func do(t *testing.T, g *tablecore.Game, a game.Action) {
	t.Helper()
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
}

// next draws for whoever is due, passing open claims.
func next(t *testing.T, g *tablecore.Game) tile.Tile {
	t.Helper()
	h := g.Hand()
	for s := range h.Players {
		for _, a := range g.Legal(game.Seat(s)) {
			if a.Kind == game.Draw {
				do(t, g, a)
				return a.Tile
			}
		}
	}
	t.Fatalf("nobody may draw (phase %s)", h.Phase)
	return tile.Tile{}
}

var hands = []string{
	"123m456m789m11p23s9s", // dealer: riichi discarding 9s, waits 1s-4s
	"111z222z333z44z5z6z",
	"147m258p369s1234z",
	"2468m2468p2468s6z",
}

func TestRiichiStickIsPaidWhenTheDiscardPasses(t *testing.T) {
	g := table(t, "seed", hands, "9p9p9p9m")
	h := g.Hand()
	if len(h.Indicators) != 1 || h.Indicators[0] != 130 {
		t.Fatalf("dora indicator at %v, want wall position 130 (riichi.md §4.3)", h.Indicators)
	}
	// Riichi on a discard that leaves the hand not ready is refused.
	if _, err := g.Apply(game.Action{Kind: game.Riichi, Seat: 0, Tile: find(t, g, 0, "1m")}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("noten riichi: %v", err)
	}
	do(t, g, game.Action{Kind: game.Riichi, Seat: 0, Tile: find(t, g, 0, "9s")})
	next(t, g) // seat 1 draws: the riichi discard passed
	if h.Pot != 1000 || h.Scores[0] != 29000 {
		t.Fatalf("pot %d, dealer %d: the stick is paid once the discard passes", h.Pot, h.Scores[0])
	}
	// Play round to the dealer, who may then only discard the drawn tile.
	for s := game.Seat(1); s <= 3; s++ {
		p := h.Seats[s]
		do(t, g, game.Action{Kind: game.Discard, Seat: s, Tile: p.Hand[len(p.Hand)-1]})
		next(t, g)
	}
	var discards []game.Action
	for _, a := range g.Legal(0) {
		if a.Kind == game.Discard {
			discards = append(discards, a)
		}
	}
	drawn := h.Seats[0].Hand[len(h.Seats[0].Hand)-1]
	if len(discards) != 1 || discards[0].Tile != drawn {
		t.Fatalf("after riichi the legal discards are %v, want only the drawn %s", discards, drawn)
	}
}

func TestDiscardFuritenRefusesRon(t *testing.T) {
	// Seat 1 waits on 3p-6p and has discarded a 6p: it may not ron a 3p.
	hs := []string{
		"111m222m333m555m7m9s",
		"45p123s456s789s11z", // ready on 3p-6p; draws a 6p and lets it go
		"147m258p369s1234z",
		"2468m2468p2468s6z",
	}
	g := table(t, "seed", hs, "6p3p")
	h := g.Hand()
	do(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: find(t, g, 0, "9s")})
	next(t, g) // seat 1 draws 6p, a winning tile, and discards it
	do(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: find(t, g, 1, "6p")})
	next(t, g) // seat 2 draws 3p
	three := find(t, g, 2, "3p")
	do(t, g, game.Action{Kind: game.Discard, Seat: 2, Tile: three})
	if h.Phase != game.Claims {
		// Nobody could claim, which would be wrong: seat 1 can complete the shape.
		t.Fatalf("no claim window on a tile seat 1 waits on")
	}
	_, err := g.Apply(game.Action{Kind: game.Ron, Seat: 1, Tile: three})
	if !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("ron while furiten: %v", err)
	}
	for _, a := range g.Legal(1) {
		if a.Kind == game.Ron {
			t.Fatalf("ron listed as legal while furiten")
		}
	}
}
