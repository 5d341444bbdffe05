package tablecore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

func riichiResolver(name string, _ json.RawMessage) (game.Ruleset, error) {
	o, err := riichi.TablePreset("tenhou")
	if err != nil {
		return nil, err
	}
	return riichi.New(o)
}

// TestExportTenhou6RoundTrip plays riichi games on a journaled table with
// random legal actions, exports them as tenhou.net/6 JSON, reads that back
// and replays it through a fresh referee: every hand must start and end
// with the same scores.
func TestExportTenhou6RoundTrip(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 3; seed++ {
		path := filepath.Join(testdir.InMemory(t), "game.jnl")
		tb, err := tablecore.Create(ctx, path, "riichi/tenhou", nil, riichiResolver, 0, fixedClock)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		g := tb.Game()
		for hands := 0; hands < 6 && !g.Over(); {
			if h := g.Hand(); h == nil || h.Phase == game.Over {
				w := g.Rules().Set.Tiles()
				rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
				if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w, Dice: [2]int{3, 5}}); err != nil {
					if errors.Is(err, tablecore.ErrGameOver) {
						break
					}
					t.Fatal(err)
				}
				hands++
				continue
			}
			var all []game.Action
			for s := 0; s < 4; s++ {
				all = append(all, g.Legal(game.Seat(s))...)
			}
			if len(all) == 0 {
				h := g.Hand()
				t.Fatalf("seed %d: nobody may act: phase %s turn %d hand %s melds %v log tail %v", seed, h.Phase, h.Turn, h.Seats[h.Turn].Hand, h.Seats[h.Turn].Melds, h.Log[max(0, len(h.Log)-4):])
			}
			a := all[rng.IntN(len(all))]
			for _, x := range all {
				if x.Kind == game.Tsumo || x.Kind == game.Ron || (x.Kind == game.Riichi && rng.IntN(2) == 0) {
					a = x
					break
				}
			}
			if _, err := tb.Apply(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		tb.Close()
		rec, err := tablecore.Record(path, riichiResolver)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Hands) == 0 {
			t.Fatalf("seed %d: no finished hands exported", seed)
		}
		var buf bytes.Buffer
		if err := record.WriteTenhou6(&buf, rec); err != nil {
			t.Fatalf("seed %d: write: %v", seed, err)
		}
		back, err := record.ReadTenhou6(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("seed %d: the export does not read back: %v\n%s", seed, err, buf.String())
		}
		if len(back.Hands) != len(rec.Hands) {
			t.Fatalf("seed %d: %d hands exported, %d read back", seed, len(rec.Hands), len(back.Hands))
		}
		rs, _ := riichiResolver("", nil)
		g2, _ := tablecore.New(rs, game.Seat(back.Hands[0].Dealer()))
		for i := range back.Hands {
			h := &back.Hands[i]
			if i > 0 {
				if err := sameStanding(g2, h); err != nil {
					t.Fatalf("seed %d, hand %s: %v", seed, h, err)
				}
			}
			before := slices.Clone(g2.Standing().Scores)
			if err := tablecore.ReplayHand(g2, h); err != nil {
				t.Fatalf("seed %d: re-imported hand does not replay: %v\n%s", seed, err, buf.String())
			}
			if got, want := diff(g2.Hand().Scores, before), h.Deltas(); !slices.Equal(got, want[:]) {
				t.Fatalf("seed %d, hand %s: replayed changes %v, the export says %v", seed, h, got, want)
			}
		}
		t.Logf("seed %d: %d hands exported and replayed", seed, len(back.Hands))
	}
}
