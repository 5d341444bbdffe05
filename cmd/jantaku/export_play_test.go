package main

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// playHands plays hands on a journaled table under ruleset, as pick
// plays them, until hands have finished or the game is over.
func playHands(t *testing.T, path, ruleset string, seed uint64, hands int) *tablecore.Table {
	t.Helper()
	ctx := context.Background()
	resolve := func(name string, o json.RawMessage) (game.Ruleset, error) { return rulesets.New(name, o) }
	clock := func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }
	tb, err := tablecore.Create(ctx, path, ruleset, nil, resolve, 0, clock)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	g := tb.Game()
	for played := 0; !g.Over(); {
		if h := g.Hand(); h == nil || h.Phase == game.Over {
			if played == hands {
				break
			}
			w := g.Rules().Set.Tiles()
			rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
			if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w, Dice: [2]int{2, 5}}); err != nil {
				if errors.Is(err, tablecore.ErrGameOver) {
					break
				}
				t.Fatal(err)
			}
			played++
			continue
		}
		var all []game.Action
		for s := 0; s < 4; s++ {
			all = append(all, g.Legal(game.Seat(s))...)
		}
		if len(all) == 0 {
			t.Fatal("nobody may act")
		}
		a := pick(rng, g.Hand(), all)
		if _, err := tb.Apply(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// pick chooses a move among all (every seat's legal actions) as players
// aiming to win would, so that games have wins, riichi, calls and tenpai
// payments to carry: a win when offered; a north set aside; on a turn
// the discard that leaves the hand nearest ready (riichi when that is
// ready, ties at random) and now and then a kong; in a claim window a
// call one time in four, else a pass.
func pick(rng *rand.Rand, h *game.Hand, all []game.Action) game.Action {
	var discards, calls, passes, kongs []game.Action
	for _, x := range all {
		switch x.Kind {
		case game.Tsumo, game.Ron, game.Flower:
			return x
		case game.Discard, game.Riichi:
			discards = append(discards, x)
		case game.Chi, game.Pon, game.OpenKan:
			calls = append(calls, x)
		case game.AddedKan, game.ClosedKan:
			kongs = append(kongs, x)
		case game.Pass:
			passes = append(passes, x)
		}
	}
	switch {
	case len(calls) > 0 && rng.IntN(4) == 0:
		return calls[rng.IntN(len(calls))]
	case len(passes) > 0:
		return passes[0]
	case len(kongs) > 0 && rng.IntN(3) == 0:
		return kongs[rng.IntN(len(kongs))]
	case len(discards) > 0:
		best, bestScore := discards[0], 1<<30
		for _, x := range discards {
			c := tile.CountsOf(h.Seats[x.Seat].Hand)
			c[x.Tile.Kind]--
			sh, err := hand.ShantenStandard(c)
			if err != nil {
				continue
			}
			score := 4*sh + rng.IntN(3) // ties broken at random
			if x.Kind == game.Riichi {
				score -= 3
			}
			if score < bestScore {
				best, bestScore = x, score
			}
		}
		return best
	}
	return all[rng.IntN(len(all))]
}
