package wuhan_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func newGame(t *testing.T, o wuhan.Options) (*wuhan.Ruleset, *tablecore.Game) {
	t.Helper()
	rs, err := wuhan.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rs, g
}

func held(t *testing.T, g *tablecore.Game, seat game.Seat, s string) tile.Tile {
	t.Helper()
	k := k1(t, s)
	for _, x := range g.Hand().Seats[seat].Hand {
		if x.Kind == k {
			return x
		}
	}
	t.Fatalf("seat %d holds no %s: %s", seat, s, tile.Format(g.Hand().Seats[seat].Hand))
	return tile.Tile{}
}

func apply(t *testing.T, g *tablecore.Game, a game.Action) {
	t.Helper()
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
}

// drawFor draws the next tile for seat (closing any claim window).
func drawFor(t *testing.T, g *tablecore.Game, seat game.Seat) tile.Tile {
	t.Helper()
	for _, a := range g.Legal(seat) {
		if a.Kind == game.Draw {
			apply(t, g, a)
			return a.Tile
		}
	}
	t.Fatalf("seat %d may not draw (phase %s, turn %d)", seat, g.Hand().Phase, g.Hand().Turn)
	return tile.Tile{}
}

// TestWholeHandWithWildcards plays a hand through the referee: indicator
// 4p (wildcard 5p), a 紅中槓 on the dealer's first turn (DEC-42), a
// discarded wildcard nobody may claim or win on, a pon, a refused kong
// right after it (DEC-08), and a 碰碰胡 + 槓上開 won on the replacement of
// a 紅中槓 with the wildcard standing for East.
func TestWholeHandWithWildcards(t *testing.T) {
	rs, g := newGame(t, wuhan.Defaults())
	hands := []string{
		"123m456m789m12p9p7z5p", // dealer
		"46p123s678s33z44z6z",
		"55s999m333p1z5p8p2z7z", // the winner
		"77p456m23m1s9s55z6z4s",
	}
	// The first tile after the deal is the indicator, then the draws.
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, "4p5s9s1s2s1z", "3s8p")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{2, 5}}); err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	if got := h.IndicatorTiles(); len(got) != 1 || got[0].Kind != tile.P4 {
		t.Fatalf("indicator %v", got)
	}
	if left := h.Wall.Remaining(); left != 72 {
		t.Fatalf("%d drawable tiles, want 82 − 10 = 72 (§6)", left)
	}
	// A kong of four may not hold the wildcard; a 1p is not a kong tile.
	if _, err := g.Apply(game.Action{Kind: game.SingleKan, Seat: 0, Tile: held(t, g, 0, "1p")}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("single kong of 1p: %v", err)
	}
	apply(t, g, game.Action{Kind: game.SingleKan, Seat: 0, Tile: held(t, g, 0, "7z")})
	if got := drawFor(t, g, 0); got.Kind != tile.S3 {
		t.Fatalf("replacement %v, want 3s from the tail", got)
	}
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "5p")})
	// Seat 1 holds 4p 6p, but nobody chows, pons or wins on a wildcard.
	if _, err := g.Apply(game.Action{Kind: game.Chi, Seat: 1, Tile: h.Claim.Tile, Uses: []tile.Tile{held(t, g, 1, "4p"), held(t, g, 1, "6p")}}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("chi of a discarded wildcard: %v", err)
	}
	if _, err := g.Apply(game.Action{Kind: game.Ron, Seat: 1, Tile: h.Claim.Tile}); !errors.Is(err, game.ErrNotWinning) {
		t.Fatalf("ron on a discarded wildcard: %v", err)
	}
	drawFor(t, g, 1)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: held(t, g, 1, "5s")})
	fives := []tile.Tile{}
	for _, x := range h.Seats[2].Hand {
		if x.Kind == tile.S5 {
			fives = append(fives, x)
		}
	}
	apply(t, g, game.Action{Kind: game.Pon, Seat: 2, Tile: h.Claim.Tile, Uses: fives})
	if h.Phase != game.ToAct || h.Turn != 2 {
		t.Fatalf("after the pon: phase %s turn %d", h.Phase, h.Turn)
	}
	if _, err := g.Apply(game.Action{Kind: game.SingleKan, Seat: 2, Tile: held(t, g, 2, "7z")}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("kong right after a pon: %v", err)
	}
	apply(t, g, game.Action{Kind: game.Discard, Seat: 2, Tile: held(t, g, 2, "2z")})
	drawFor(t, g, 3)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 3, Tile: held(t, g, 3, "9s")})
	drawFor(t, g, 0)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "1s")})
	drawFor(t, g, 1)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: held(t, g, 1, "2s")})
	drawFor(t, g, 2) // 1z
	// Holding 中, seat 2 cannot win yet (W1).
	if _, err := g.Apply(game.Action{Kind: game.Tsumo, Seat: 2}); !errors.Is(err, wuhan.ErrKongTile) {
		t.Fatalf("tsumo holding 中: %v", err)
	}
	apply(t, g, game.Action{Kind: game.SingleKan, Seat: 2, Tile: held(t, g, 2, "7z")})
	if got := drawFor(t, g, 2); got.Kind != tile.P8 {
		t.Fatalf("replacement %v, want 8p", got)
	}
	apply(t, g, game.Action{Kind: game.Tsumo, Seat: 2})
	if h.Phase != game.Over || len(h.Wins) != 1 {
		t.Fatalf("phase %s, %d wins", h.Phase, len(h.Wins))
	}
	// Y = 10 × 1.5 (碰碰胡) + 10 (槓上開) = 25; winner: opening + 紅中槓.
	// Dealer: 紅中槓 1 + discarded wildcard 2 (大胡: no dealer fan) →
	// 25 × 2^5 = 800 → 400; seats 1 and 3: 25 × 2^2 = 100.
	want := []int{500 - 40, 500 - 10, 500 + 60, 500 - 10}
	sum := 0
	for i, s := range h.Scores {
		sum += s
		if s != want[i] {
			t.Errorf("seat %d: %d, want %d (%s)", i, s, want[i], h.Wins[0].Value.Summary)
		}
	}
	if sum != 4*500 {
		t.Errorf("scores sum to %d", sum)
	}
	if next, over := rs.Next(g.Standing(), h); next.Dealer != 1 || next.Number != 1 || over {
		t.Errorf("next hand: dealer %d, pass %d, over %v; want dealer 1 after a non-dealer win", next.Dealer, next.Number, over)
	}
}

// priority makes random play win, kong and call whenever it may.
var priority = map[game.Kind]int{game.Tsumo: 5, game.Ron: 5, game.SingleKan: 4, game.ClosedKan: 3, game.AddedKan: 3, game.OpenKan: 2, game.Pon: 2, game.Chi: 1}

// TestRandomPlayIsZeroSum plays random legal actions, wins first, through
// many hands of each variant: nothing panics, every accepted win is paid
// in full, and the money only moves.
func TestRandomPlayIsZeroSum(t *testing.T) {
	for _, name := range []string{"hzfc", "hz", "qipi", "koukou", "jingzhou3p"} {
		t.Run(name, func(t *testing.T) {
			rs, g := newGame(t, preset(t, name))
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			n := rs.Rules().Players
			wins := 0
			for hand := 0; hand < 12 && !g.Over(); hand++ {
				w := rs.Rules().Set.Tiles()
				rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
				if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}}); err != nil {
					t.Fatal(err)
				}
				h := g.Hand()
				for step := 0; step < 2000 && h.Phase != game.Over; step++ {
					var acts []game.Action
					for s := range n {
						acts = append(acts, g.Legal(game.Seat(s))...)
					}
					if len(acts) == 0 {
						t.Fatalf("no legal action (phase %s)", h.Phase)
					}
					pick := acts[rng.IntN(len(acts))]
					best := 0
					for _, a := range acts {
						if p := priority[a.Kind]; p > best {
							pick, best = a, p
						}
					}
					apply(t, g, pick)
				}
				if h.Phase != game.Over {
					t.Fatalf("hand %d did not end", hand)
				}
				sum := 0
				for _, s := range h.Scores {
					sum += s
				}
				if sum != n*500 {
					t.Fatalf("hand %d: scores %v sum to %d", hand, h.Scores, sum)
				}
				if len(h.Wins) > 0 {
					wins++
					got := 0
					for _, p := range h.Wins[0].Payments {
						got += p.Amount
					}
					if got != h.Wins[0].Value.Points || got <= 0 {
						t.Fatalf("win paid %d of %d", got, h.Wins[0].Value.Points)
					}
				}
			}
			t.Logf("%s: %d wins", name, wins)
		})
	}
}
