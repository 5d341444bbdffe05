package sichuan_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// pick returns a random action of kind k among as, if any.
func pick(r *rand.Rand, as []game.Action, k game.Kind) (game.Action, bool) {
	var c []game.Action
	for _, a := range as {
		if a.Kind == k {
			c = append(c, a)
		}
	}
	if len(c) == 0 {
		return game.Action{}, false
	}
	return c[r.IntN(len(c))], true
}

// step makes one random legal move.
func step(t *testing.T, r *rand.Rand, g *tablecore.Game) {
	t.Helper()
	h := g.Hand()
	var a game.Action
	ok := false
	switch h.Phase {
	case game.Setup:
		for s, p := range h.Pending {
			if p {
				// Mostly the suit the seat holds fewest of.
				var n [3]int
				for _, u := range h.Seats[s].Hand {
					n[u.Kind.Suit()]++
				}
				suit := tile.Suit(r.IntN(3))
				if r.IntN(4) > 0 {
					for i := range 3 {
						if n[i] < n[suit] {
							suit = tile.Suit(i)
						}
					}
				}
				a, ok = game.Action{Kind: game.Missing, Seat: game.Seat(s), Suit: suit}, true
				break
			}
		}
	case game.ToDraw:
		as := g.Legal(h.Turn)
		a, ok = pick(r, as, game.Draw)
	case game.ToAct:
		as := g.Legal(h.Turn)
		if a, ok = pick(r, as, game.Tsumo); ok && r.IntN(10) > 0 {
			break
		}
		kinds := []game.Kind{game.ClosedKan, game.AddedKan}
		ok = false
		if r.IntN(2) == 0 {
			a, ok = pick(r, as, kinds[r.IntN(2)])
		}
		if !ok {
			a, ok = discard(r, h, as)
		}
	case game.Claims:
		for s := range h.Players {
			if h.Claim.Responses[s].Answered {
				continue
			}
			as := g.Legal(game.Seat(s))
			if a, ok = pick(r, as, game.Ron); ok && r.IntN(5) > 0 {
				break
			}
			if a, ok = pick(r, as, game.OpenKan); ok && r.IntN(2) == 0 {
				break
			}
			if a, ok = pick(r, as, game.Pon); ok && r.IntN(3) == 0 && (a.Tile.Kind.Suit() != h.Seats[s].Missing || r.IntN(10) == 0) {
				break
			}
			a, ok = game.Action{Kind: game.Pass, Seat: game.Seat(s)}, true
			break
		}
	}
	if !ok {
		t.Fatalf("no move in phase %s for seat %d; legal %v", h.Phase, h.Turn, g.Legal(h.Turn))
	}
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%v: %v", a, err)
	}
}

// discard plays as a player would, mostly: a drawn missing-suit tile at
// once, then the missing suit, then towards a ready hand.
func discard(r *rand.Rand, h *game.Hand, as []game.Action) (game.Action, bool) {
	p := &h.Seats[h.Turn]
	var xs, best []game.Action
	bestN := 99
	last, _ := h.LastAction()
	for _, b := range as {
		if b.Kind != game.Discard {
			continue
		}
		if b.Tile.Kind.Suit() == p.Missing {
			if last.Kind == game.Draw && last.Tile == b.Tile && r.IntN(30) > 0 {
				return b, true
			}
			xs = append(xs, b)
			continue
		}
		c := tile.CountsOf(p.Hand)
		c[b.Tile.Kind]--
		n, err := hand.Shanten(c, hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs), FourAsTwoPairs: true})
		if err != nil {
			continue
		}
		switch {
		case n < bestN:
			best, bestN = []game.Action{b}, n
		case n == bestN:
			best = append(best, b)
		}
	}
	if len(xs) > 0 && r.IntN(20) > 0 {
		return xs[r.IntN(len(xs))], true
	}
	if len(best) > 0 && r.IntN(10) > 0 {
		return best[r.IntN(len(best))], true
	}
	return pick(r, as, game.Discard)
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// Random sessions: every payment moves 底 between players, so the scores
// always sum to zero; every session ends after its 10 hands; at most three
// players win a hand.
func TestRandomSessionsAreZeroSum(t *testing.T) {
	for _, mode := range []sichuan.Mode{sichuan.Enforce, sichuan.Record} {
		for seed := range uint64(12) {
			r := rand.New(rand.NewPCG(seed, uint64(len(mode))))
			o := sichuan.Defaults()
			o.Mode = mode
			if seed%3 == 1 {
				o.KongDealInIncome = sichuan.LiteralSplit
				o.DiscardFuriten = false
			}
			rs, err := sichuan.New(o)
			if err != nil {
				t.Fatal(err)
			}
			g, err := tablecore.New(rs, game.Seat(r.IntN(4)))
			if err != nil {
				t.Fatal(err)
			}
			ends := map[game.EndKind]int{}
			for hand := 0; !g.Over(); hand++ {
				if hand >= o.SessionHands {
					t.Fatalf("seed %d: more than %d hands", seed, o.SessionHands)
				}
				wall := tile.Suits108().Tiles()
				r.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
				if _, err := g.StartHand(tablecore.Deal{Wall: wall, Dice: [2]int{1 + r.IntN(6), 1 + r.IntN(6)}}); err != nil {
					t.Fatal(err)
				}
				h := g.Hand()
				for n := 0; h.Phase != game.Over; n++ {
					if n > 2000 {
						t.Fatalf("seed %d hand %d does not end", seed, hand)
					}
					step(t, r, g)
					if s := sum(h.Scores); s != 0 {
						t.Fatalf("%s seed %d hand %d: scores %v sum to %d after %v", mode, seed, hand, h.Scores, s, h.Log[len(h.Log)-1])
					}
				}
				if len(h.Wins) > 3 {
					t.Fatalf("seed %d: %d winners", seed, len(h.Wins))
				}
				ends[h.End.Kind]++
			}
			if st := g.Standing(); st.Hands != o.SessionHands || sum(st.Scores) != 0 {
				t.Fatalf("seed %d: session ended after %d hands, scores %v", seed, st.Hands, st.Scores)
			}
			t.Logf("%s seed %d: %v, scores %v", mode, seed, ends, g.Standing().Scores)
		}
	}
}
