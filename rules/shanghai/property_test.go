package shanghai_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// gen draws random but well-formed situations.
type gen struct {
	r    *rand.Rand
	pool tile.Counts
}

func (g *gen) take(k tile.Kind, n int) bool {
	if int(g.pool[k]) < n {
		return false
	}
	g.pool[k] -= uint8(n)
	return true
}

func ts(k tile.Kind, n int) []tile.Tile {
	out := make([]tile.Tile, n)
	for i := range out {
		out[i] = tile.Tile{Kind: k}
	}
	return out
}

// set takes a random chow or pung from the pool.
func (g *gen) set() ([]tile.Tile, bool, bool) {
	for range 50 {
		if g.r.IntN(2) == 0 {
			s := g.r.IntN(3)*9 + g.r.IntN(7)
			k := tile.Kind(s)
			if g.pool[k] > 0 && g.pool[k+1] > 0 && g.pool[k+2] > 0 {
				g.take(k, 1)
				g.take(k+1, 1)
				g.take(k+2, 1)
				return []tile.Tile{{Kind: k}, {Kind: k + 1}, {Kind: k + 2}}, true, true
			}
			continue
		}
		k := tile.Kind(g.r.IntN(tile.NumKinds))
		if g.take(k, 3) {
			return ts(k, 3), false, true
		}
	}
	return nil, false, false
}

// winner draws a complete hand: melds, concealed sets and a pair.
func (g *gen) winner() (tile.Hand, bool) {
	var h tile.Hand
	melds := g.r.IntN(5)
	for i := range 4 {
		t, seq, ok := g.set()
		if !ok {
			return h, false
		}
		if i >= melds {
			h.Concealed = append(h.Concealed, t...)
			continue
		}
		m := tile.Meld{Type: tile.Pon, Tiles: t, From: 1 + g.r.IntN(3)}
		switch {
		case seq:
			m.Type, m.From = tile.Chi, 3
		case g.r.IntN(3) == 0 && g.take(t[0].Kind, 1):
			m.Tiles = ts(t[0].Kind, 4)
			m.Type = []tile.MeldType{tile.Kan, tile.AddedKan, tile.ClosedKan}[g.r.IntN(3)]
			if m.Type == tile.ClosedKan {
				m.From = 0
			}
		}
		h.Melds = append(h.Melds, m)
	}
	for range 50 {
		k := tile.Kind(g.r.IntN(tile.NumKinds))
		if g.take(k, 2) {
			h.Concealed = append(h.Concealed, ts(k, 2)...)
			return h, true
		}
	}
	return h, false
}

// other draws a non-winner's 13 − 3k tiles, with a pon now and then.
func (g *gen) other() tile.Hand {
	var h tile.Hand
	for g.r.IntN(3) == 0 && len(h.Melds) < 3 {
		k := tile.Kind(g.r.IntN(tile.NumKinds))
		if g.take(k, 3) {
			h.Melds = append(h.Melds, tile.Meld{Type: tile.Pon, Tiles: ts(k, 3), From: 1 + g.r.IntN(3)})
		}
	}
	for len(h.Concealed) < 13-3*len(h.Melds) {
		k := tile.Kind(g.r.IntN(tile.NumKinds))
		if g.take(k, 1) {
			h.Concealed = append(h.Concealed, tile.Tile{Kind: k})
		}
	}
	return h
}

func (g *gen) situation(o shanghai.Options) (shanghai.Situation, bool) {
	for k := range g.pool {
		g.pool[k] = 4
	}
	s := shanghai.Situation{Dealer: game.Seat(g.r.IntN(4)), Round: tile.East + tile.Kind(g.r.IntN(4))}
	w := game.Seat(g.r.IntN(4))
	h, ok := g.winner()
	if !ok {
		return s, false
	}
	s.Hands[w] = h
	for i := range 4 {
		if game.Seat(i) != w {
			s.Hands[i] = g.other()
		}
	}
	flowers := []tile.Kind{tile.Spring, tile.Summer, tile.Autumn, tile.Winter}
	if o.Variant != shanghai.Laoshi {
		flowers = append(flowers, tile.Plum, tile.Orchid, tile.Chrysanthemum, tile.Bamboo)
	}
	for _, f := range flowers {
		if i := g.r.IntN(6); i < 4 {
			s.Hands[i].Flowers = append(s.Hands[i].Flowers, tile.Tile{Kind: f})
		}
	}
	win := shanghai.Win{Seat: w, Tile: h.Concealed[g.r.IntN(len(h.Concealed))].Kind, From: game.NoSeat}
	if g.r.IntN(2) == 0 {
		win.From = game.Seat((int(w) + 1 + g.r.IntN(3)) % 4)
		win.Robbed = g.r.IntN(5) == 0
	} else {
		win.Replacement = g.r.IntN(4) == 0
	}
	s.Win = win
	g.r.Shuffle(len(h.Concealed), func(i, j int) { h.Concealed[i], h.Concealed[j] = h.Concealed[j], h.Concealed[i] })
	return s, true
}

// TestPaymentProperties scores random hands under every preset: payments
// are positive transfers between different seats, sum to zero, and the
// winner collects what §3.4, §4.3 and §6.3 say for the value found.
func TestPaymentProperties(t *testing.T) {
	g := &gen{r: rand.New(rand.NewPCG(3, 4))}
	for _, name := range shanghai.Presets() {
		o := preset(t, shanghai.Variant(name))
		n := 0
		for n < 400 {
			s, ok := g.situation(o)
			if !ok {
				continue
			}
			n++
			res, err := shanghai.Score(o, s)
			if err != nil {
				t.Fatalf("%s: %v\n%+v", name, err, s)
			}
			w := s.Win.Seat
			sum, net := 0, res.Net()
			for _, p := range res.Payments {
				if p.Amount <= 0 || p.From == p.To || p.From == w || p.From < 0 || p.From > 3 || p.To < 0 || p.To > 3 {
					t.Fatalf("%s: bad payment %+v in %+v", name, p, res.Payments)
				}
			}
			for _, v := range net {
				sum += v
			}
			if sum != 0 {
				t.Fatalf("%s: payments sum to %d: %+v", name, sum, res.Payments)
			}
			tai := 0
			for _, it := range res.Winner.Items {
				tai += it.Tai
			}
			if tai != res.Winner.Tai {
				t.Fatalf("%s: items add up to %d台, total %d", name, tai, res.Winner.Tai)
			}
			v := res.Value
			var want int
			switch o.Variant {
			case shanghai.Laoshi:
				for i := range 4 {
					seat := game.Seat(i)
					if seat == w {
						continue
					}
					m := 1
					if seat == s.Dealer || w == s.Dealer {
						m = 2
					}
					want += v * m
				}
				// Between two non-winners the transfer is the difference
				// of their scores, doubled with the dealer (D-SH-09).
				score := map[game.Seat]int{}
				for _, t := range res.Others {
					score[t.Seat] = t.Score
				}
				for _, p := range res.Payments {
					if p.To == w {
						continue
					}
					m := 1
					if p.From == s.Dealer || p.To == s.Dealer {
						m = 2
					}
					if p.Amount != (score[p.To]-score[p.From])*m {
						t.Fatalf("laoshi: %+v with scores %v", p, score)
					}
				}
			case shanghai.Liuxing, shanghai.Xinshi:
				if v != o.Base<<res.Winner.Tai {
					t.Fatalf("%s: H %d for %d台", name, v, res.Winner.Tai)
				}
				switch {
				case res.Liable != game.NoSeat:
					want = 4 * v
				case s.Win.SelfDrawn():
					want = 6 * v
				default:
					want = 4 * v
				}
			case shanghai.Late80s:
				if v > 40 || (res.Winner.Score <= 40 && v != res.Winner.Score) {
					t.Fatalf("late80s: value %d from %d", v, res.Winner.Score)
				}
				want = v
				if s.Win.SelfDrawn() {
					want = 3 * v
				}
			}
			if net[w] != want {
				t.Fatalf("%s: the winner nets %d, want %d: %s %+v", name, net[w], want, res.Summary(), res.Payments)
			}
			// The order of the concealed tiles does not matter.
			h := &s.Hands[w]
			slices.Reverse(h.Concealed)
			again, err := shanghai.Score(o, s)
			if err != nil || again.Value != res.Value || again.Net() != net {
				t.Fatalf("%s: reordered tiles score %d, was %d (%v)", name, again.Value, res.Value, err)
			}
		}
	}
}

// TestRandomPlay plays whole games choosing among the referee's legal
// actions (always winning when a win is offered): every listed action is
// accepted, scores stay zero-sum and games end.
func TestRandomPlay(t *testing.T) {
	for _, name := range shanghai.Presets() {
		o := preset(t, shanghai.Variant(name))
		o.Hands = 40
		rs, err := shanghai.New(o)
		if err != nil {
			t.Fatal(err)
		}
		g, err := tablecore.New(rs, 0)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, uint64(len(name))))
		wins, replaced, robbed := 0, 0, 0
		for hands := 0; !g.Over(); hands++ {
			if hands > 40 {
				t.Fatalf("%s: the game does not end", name)
			}
			w := rs.Rules().Set.Tiles()
			rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
			if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
				t.Fatal(err)
			}
			before := slices.Clone(g.Hand().Scores)
			for step := 0; g.Hand().Phase != game.Over; step++ {
				if step > 3000 {
					t.Fatalf("%s: hand %d does not end", name, hands)
				}
				var all []game.Action
				for s := range 4 {
					all = append(all, g.Legal(game.Seat(s))...)
				}
				if len(all) == 0 {
					t.Fatalf("%s: nobody may act in phase %s", name, g.Hand().Phase)
				}
				a := choose(rng, g.Hand(), all)
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("%s: listed as legal but refused: %v", name, err)
				}
			}
			h := g.Hand()
			wins += len(h.Wins)
			for _, w := range h.Wins {
				for _, it := range w.Value.Items {
					if it.Name == "槓頭開花" || it.Name == "槓開" {
						replaced++
					}
				}
				if w.Robbed {
					robbed++
				}
			}
			if h.End.Kind == game.Exhausted && (!slices.Equal(h.Scores, before) || len(h.End.Payments) > 0) {
				t.Fatalf("%s: an exhaustive draw paid %v (D-SH-32)", name, h.End.Payments)
			}
			sum := 0
			for _, v := range h.Scores {
				sum += v
			}
			if sum != 0 {
				t.Fatalf("%s: scores %v do not sum to 0", name, h.Scores)
			}
		}
		if wins == 0 {
			t.Errorf("%s: no hand was won", name)
		}
		t.Logf("%s: %d hands won (%d on a replacement, %d robbing), scores %v", name, wins, replaced, robbed, g.Standing().Scores)
	}
}

// choose plays a little better than at random, so that hands are won:
// win when allowed, often pon or kong, discard towards a complete
// hand, pass most other claims.
func choose(rng *rand.Rand, h *game.Hand, all []game.Action) game.Action {
	for _, a := range all {
		if a.Kind == game.Tsumo || a.Kind == game.Ron {
			return a
		}
	}
	for _, a := range all {
		switch a.Kind {
		case game.Pon, game.OpenKan, game.AddedKan, game.ClosedKan:
			if rng.IntN(2) == 0 {
				return a
			}
		}
	}
	if rng.IntN(4) != 0 {
		var passes, discards []game.Action
		for _, a := range all {
			switch a.Kind {
			case game.Pass:
				passes = append(passes, a)
			case game.Discard:
				discards = append(discards, a)
			}
		}
		if len(passes) > 0 {
			return passes[rng.IntN(len(passes))]
		}
		if len(discards) > 0 {
			o := hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenUnrelated, hand.SevenStars)}
			best, bestN := discards[0], 99
			for _, a := range discards {
				c := tile.CountsOf(h.Seats[a.Seat].Hand)
				c[a.Tile.Kind]--
				if n, err := hand.Shanten(c, o); err == nil && (n < bestN || (n == bestN && rng.IntN(2) == 0)) {
					best, bestN = a, n
				}
			}
			return best
		}
	}
	return all[rng.IntN(len(all))]
}
