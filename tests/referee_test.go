// Package tests holds end-to-end tests across jantaku's packages.
package tests

import (
	"errors"
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// TestEveryRulesetPlaysThroughTheReferee plays random legal hands of every
// ruleset and preset: every action the referee lists as legal must be
// accepted, no tile may appear or vanish, points only move (the scores and
// the pot add up to the same total after every action), and hands end.
func TestEveryRulesetPlaysThroughTheReferee(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			rs, err := rulesets.New(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			g, err := tablecore.New(rs, 0)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(42, uint64(len(name))))
			set := rs.Rules().Set
			for hand := 0; hand < 6 && !g.Over(); hand++ {
				w := set.Tiles()
				rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
				if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}}); err != nil {
					if errors.Is(err, tablecore.ErrGameOver) {
						break
					}
					t.Fatal(err)
				}
				h := g.Hand()
				total := h.Pot
				for _, s := range h.Scores {
					total += s
				}
				for step := 0; h.Phase != game.Over; step++ {
					if step > 3000 {
						t.Fatalf("hand %d does not end (phase %s)", hand, h.Phase)
					}
					var all []game.Action
					for s := 0; s < h.Players; s++ {
						all = append(all, g.Legal(game.Seat(s))...)
					}
					if len(all) == 0 {
						t.Fatalf("hand %d: nobody may act in phase %s (turn %d)", hand, h.Phase, h.Turn)
					}
					a := pick(rng, all)
					if _, err := g.Apply(a); err != nil {
						t.Fatalf("hand %d: listed as legal but refused: %v", hand, err)
					}
					sum := h.Pot
					for _, s := range h.Scores {
						sum += s
					}
					if sum != total {
						t.Fatalf("hand %d after %s: scores and pot add up to %d, were %d", hand, a, sum, total)
					}
				}
			}
		})
	}
}

// pick prefers wins, then anything but passing, so that hands reach wins,
// calls and kongs rather than only exhausting the wall.
func pick(rng *rand.Rand, all []game.Action) game.Action {
	for _, a := range all {
		if a.Kind == game.Tsumo || a.Kind == game.Ron {
			return a
		}
	}
	if rng.IntN(4) > 0 {
		var plain []game.Action
		for _, a := range all {
			if a.Kind != game.Pass && a.Kind != game.Abort {
				plain = append(plain, a)
			}
		}
		if len(plain) > 0 {
			return plain[rng.IntN(len(plain))]
		}
	}
	return all[rng.IntN(len(all))]
}
