package tablecore_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func TestFlowersAreExposedDealerFirstAndReplacedFromTheTail(t *testing.T) {
	rs := tablecoretest.New()
	rs.R.Set = tile.WithFlowers()
	rs.R.Flowers = true
	hands := []string{
		"123m456m789m1234p6z",
		"1f23p111z222z333z4z", // seat 1 is dealt a flower
		"44p123s456s789s1z9m",
		"555z666z777z111s9p",
	}
	// The first replacement (tail) is itself a flower, then a 9s.
	g := start(t, rs, hands, "", "5f9s")
	h := g.Hand()
	if h.Phase != game.Setup || h.Turn != 1 {
		t.Fatalf("phase %s turn %d, want seat 1 to expose its flower first", h.Phase, h.Turn)
	}
	if _, err := g.Apply(game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "6z")}); !errors.Is(err, tablecore.ErrOutOfTurn) {
		t.Fatalf("the dealer discarded before flowers were replaced: %v", err)
	}
	apply(t, g, game.Action{Kind: game.Flower, Seat: 1, Tile: held(t, g, 1, "1f")})
	if got := draw(t, g, 1); got.Kind != tile.Plum {
		t.Fatalf("first replacement %s, want 5f", got)
	}
	apply(t, g, game.Action{Kind: game.Flower, Seat: 1, Tile: held(t, g, 1, "5f")})
	if got := draw(t, g, 1); got.Kind != tile.S9 {
		t.Fatalf("second replacement %s, want 9s", got)
	}
	if h.Phase != game.ToAct || h.Turn != 0 {
		t.Fatalf("phase %s turn %d, want the dealer to act", h.Phase, h.Turn)
	}
	if n := len(h.Seats[1].Flowers); n != 2 || len(h.Seats[1].Hand) != 13 || h.Wall.Tail != 2 {
		t.Fatalf("seat 1: %d flowers, %d tiles; %d tail draws", n, len(h.Seats[1].Hand), h.Wall.Tail)
	}
}

func TestMissingSuitAndPlayAfterWins(t *testing.T) {
	rs := tablecoretest.New()
	rs.R.Set = tile.Suits108()
	rs.R.Chi = false
	rs.R.MissingSuit = true
	rs.R.MultiWin = game.AllWin
	rs.R.WinsToEnd = 3
	rs.R.Replacement = game.Head
	hands := []string{
		"123m456m789m11p23s4s", // dealer: complete at the deal
		"123p456p789p55s77s",
		"111m222m333m999p1s",
		"444m555m666m888p2s",
	}
	g := start(t, rs, hands, "", "")
	h := g.Hand()
	if h.Phase != game.Setup {
		t.Fatalf("phase %s, want the missing-suit choice first", h.Phase)
	}
	if _, err := g.Apply(game.Action{Kind: game.Tsumo, Seat: 0}); err == nil {
		t.Fatalf("a win before everyone chose a missing suit was accepted")
	}
	for s, suit := range []tile.Suit{tile.Pin, tile.Man, tile.Sou, tile.Sou} {
		apply(t, g, game.Action{Kind: game.Missing, Seat: game.Seat(s), Suit: suit})
	}
	if h.Phase != game.ToAct || h.Turn != 0 {
		t.Fatalf("phase %s turn %d after the choice", h.Phase, h.Turn)
	}
	// The dealer holds 11p of the missing suit: no win.
	if _, err := g.Apply(game.Action{Kind: game.Tsumo, Seat: 0}); !errors.Is(err, game.ErrNotWinning) {
		t.Fatalf("win with a missing-suit tile: %v", err)
	}
	// Let everyone discard drawn tiles; seats that won are skipped and the
	// hand goes on until three have won or the wall runs out.
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "1p")})
	for step := 0; h.Phase != game.Over && step < 500; step++ {
		acted := false
		for s := 0; s < 4 && !acted; s++ {
			for _, a := range g.Legal(game.Seat(s)) {
				if a.Kind == game.Ron || a.Kind == game.Tsumo {
					apply(t, g, a)
					acted = true
					break
				}
			}
		}
		if acted {
			continue
		}
		playOn(t, g)
	}
	if h.Phase != game.Over {
		t.Fatalf("the hand never ended")
	}
	for _, w := range h.Wins {
		if h.Seats[w.Seat].Won != true {
			t.Fatalf("win of seat %d not marked", w.Seat)
		}
	}
	if len(h.Wins) < 3 && h.End.Kind != game.Exhausted {
		t.Fatalf("the hand ended %s with %d wins", h.End.Kind, len(h.Wins))
	}
}

// playOn makes the next step of plain play: pass every claim, draw, and
// discard the drawn tile (or the first tile if that is not allowed).
func playOn(t *testing.T, g *tablecore.Game) {
	t.Helper()
	h := g.Hand()
	switch h.Phase {
	case game.Claims:
		for s, r := range h.Claim.Responses {
			if !r.Answered {
				apply(t, g, game.Action{Kind: game.Pass, Seat: game.Seat(s)})
				return
			}
		}
	case game.ToDraw:
		draw(t, g, h.Turn)
	case game.ToAct:
		p := h.Seats[h.Turn]
		last := p.Hand[len(p.Hand)-1]
		if _, err := g.Apply(game.Action{Kind: game.Discard, Seat: h.Turn, Tile: last}); err != nil {
			for _, a := range g.Legal(h.Turn) {
				if a.Kind == game.Discard {
					apply(t, g, a)
					return
				}
			}
			t.Fatalf("seat %d cannot discard: %v", h.Turn, err)
		}
	}
}

func TestExhaustedWallEndsTheHandAndTheGameEnds(t *testing.T) {
	rs := tablecoretest.New()
	rs.Hands = 2
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var ended []game.EndKind
	for hand := 0; hand < 2; hand++ {
		w := rs.R.Set.Tiles()
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
			t.Fatalf("hand %d: %v", hand, err)
		}
		if g.Hand().Dealer != game.Seat(hand) {
			t.Fatalf("hand %d dealt by seat %d", hand, g.Hand().Dealer)
		}
		for step := 0; g.Hand().Phase != game.Over && step < 1000; step++ {
			playOn(t, g)
		}
		h := g.Hand()
		if h.Phase != game.Over {
			t.Fatalf("hand %d never ended", hand)
		}
		if h.Wall.Remaining() != 0 {
			t.Fatalf("hand %d ended with %d tiles left", hand, h.Wall.Remaining())
		}
		ended = append(ended, h.End.Kind)
	}
	if ended[0] != game.Exhausted || !g.Over() {
		t.Fatalf("ends %v, over %v", ended, g.Over())
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: rs.R.Set.Tiles()}); !errors.Is(err, tablecore.ErrGameOver) {
		t.Fatalf("a hand after the end: %v", err)
	}
}

func TestBadDealsAreRefused(t *testing.T) {
	rs := tablecoretest.New()
	g, _ := tablecore.New(rs, 0)
	w := rs.R.Set.Tiles()
	short := w[:135]
	if _, err := g.StartHand(tablecore.Deal{Wall: short}); !errors.Is(err, tablecore.ErrBadDeal) {
		t.Fatalf("short wall: %v", err)
	}
	dup := append([]tile.Tile(nil), w...)
	dup[7] = dup[3]
	if _, err := g.StartHand(tablecore.Deal{Wall: dup}); !errors.Is(err, tablecore.ErrBadDeal) {
		t.Fatalf("duplicate tile: %v", err)
	}
	foreign := append([]tile.Tile(nil), w...)
	foreign[100] = tile.Tile{Kind: tile.Spring}
	if _, err := g.StartHand(tablecore.Deal{Wall: foreign}); !errors.Is(err, tablecore.ErrBadDeal) {
		t.Fatalf("foreign tile: %v", err)
	}
	// Tiles the set has not got: a red five in a set without reds, a
	// fifth copy, a kind past the flowers.
	for _, bad := range []tile.Tile{{Kind: tile.M5, Copy: 0, Red: true}, {Kind: tile.M1, Copy: 4}, {Kind: tile.NumAll, Copy: 0}} {
		if rs.R.Set.Contains(bad) {
			t.Fatalf("%+v is in the set %s: the case tests nothing", bad, rs.R.Set.Name)
		}
		ws := append([]tile.Tile(nil), w...)
		ws[50] = bad
		if _, err := g.StartHand(tablecore.Deal{Wall: ws}); !errors.Is(err, tablecore.ErrBadDeal) {
			t.Fatalf("%+v in the wall: %v", bad, err)
		}
	}
	if g.Hand() != nil {
		t.Fatalf("a refused deal left a hand")
	}
}

// TestRandomLegalPlay plays many hands choosing uniformly among the legal
// actions and checks that every listed action is accepted and that no
// tile is ever created or lost.
func TestRandomLegalPlay(t *testing.T) {
	for _, flowers := range []bool{false, true} {
		rs := tablecoretest.New()
		rs.Hands = 30
		if flowers {
			rs.R.Set, rs.R.Flowers = tile.WithFlowers(), true
			rs.R.MultiWin = game.AllWin
		}
		g, _ := tablecore.New(rs, 0)
		rng := rand.New(rand.NewPCG(7, 9))
		for !g.Over() {
			w := rs.R.Set.Tiles()
			rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
			if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
				t.Fatal(err)
			}
			for step := 0; g.Hand().Phase != game.Over; step++ {
				if step > 2000 {
					t.Fatalf("hand %d does not end", g.Standing().Hands)
				}
				var all []game.Action
				for s := 0; s < 4; s++ {
					all = append(all, g.Legal(game.Seat(s))...)
				}
				if len(all) == 0 {
					t.Fatalf("nobody may act in phase %s", g.Hand().Phase)
				}
				a := all[rng.IntN(len(all))]
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("listed as legal but refused: %v", err)
				}
				conserved(t, g.Hand(), rs.R.Set.Size())
			}
		}
	}
}

func conserved(t *testing.T, h *game.Hand, size int) {
	t.Helper()
	n := h.Wall.Remaining() + h.Wall.Reserve + len(h.Indicators)
	for _, p := range h.Seats {
		n += len(p.Hand) + len(p.Flowers) + len(p.SingleKans)
		for _, m := range p.Melds {
			n += len(m.Tiles)
		}
		for _, d := range p.Discards {
			if !d.Taken {
				n++
			}
		}
	}
	// A tile taken by a ron stays in the discarder's pond and is not in
	// the winner's hand; count it once.
	for _, w := range h.Wins {
		if w.From != game.NoSeat && !w.Robbed {
			n++
		}
	}
	// Several winners on one discard share that one tile.
	seen := map[[2]int]int{}
	for _, w := range h.Wins {
		if w.From != game.NoSeat {
			seen[[2]int{int(w.From), w.Tile.ID()}]++
		}
	}
	for _, c := range seen {
		n -= c - 1
	}
	if n != size {
		t.Fatalf("%d tiles accounted for, the set has %d (phase %s)", n, size, h.Phase)
	}
}

func TestFinalDrawsPhase(t *testing.T) {
	rs := tablecoretest.New()
	rs.R.Reserve = 10
	rs.R.FinalDraws = 4
	g, _ := tablecore.New(rs, 0)
	w := rs.R.Set.Tiles()
	rand.New(rand.NewPCG(11, 12)).Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	// Play plainly (no wins, no calls) until the last-draws phase begins.
	for step := 0; step < 1000 && !g.FinalPhase() && h.Phase != game.Over; step++ {
		switch h.Phase {
		case game.ToAct:
			p := h.Seats[h.Turn]
			apply(t, g, game.Action{Kind: game.Discard, Seat: h.Turn, Tile: p.Hand[len(p.Hand)-1]})
		default:
			playOn(t, g)
		}
	}
	if !g.FinalPhase() {
		t.Fatalf("the last-draws phase never began (phase %s, %d left)", h.Phase, h.Wall.Remaining())
	}
	if left := h.Wall.Remaining(); left != 3 {
		t.Fatalf("%d tiles left after the first final draw, want 3", left)
	}
	keepers := map[game.Seat]bool{}
	for round := 0; round < 4; round++ {
		seat := h.Turn
		p := h.Seats[seat]
		n := len(p.Hand)
		if _, err := g.Apply(game.Action{Kind: game.Discard, Seat: seat, Tile: p.Hand[n-1]}); !errors.Is(err, tablecore.ErrNotAllowed) {
			t.Fatalf("a discard in the last draws: %v", err)
		}
		apply(t, g, game.Action{Kind: game.Pass, Seat: seat})
		keepers[seat] = true
		if len(h.Seats[seat].Hand) != n {
			t.Fatalf("seat %d did not keep its tile", seat)
		}
		if round < 3 {
			draw(t, g, h.Turn)
		}
	}
	if len(keepers) != 4 || h.Phase != game.Over || h.End.Kind != game.Exhausted || h.Wall.Remaining() != 0 {
		t.Fatalf("keepers %v, phase %s, left %d", keepers, h.Phase, h.Wall.Remaining())
	}
}
