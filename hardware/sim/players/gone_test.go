package players_test

import (
	"context"
	"errors"
	"jantaku/firmware/sensing/sensingtest"
	"math/rand/v2"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// TestPlayHandOutlivesItsReferee: wherever in a hand the referee goes
// away, the players stop and PlayHand returns; it neither fails on the
// missing hand nor plays on.
func TestPlayHandOutlivesItsReferee(t *testing.T) {
	for _, n := range []int{3, 10, 40, 150, 600, 2000} {
		synctest.Test(t, func(t *testing.T) {
			rs, err := rulesets.New("riichi", nil)
			if err != nil {
				t.Fatal(err)
			}
			r := rs.Rules()
			g, err := tablecore.New(rs, 0)
			if err != nil {
				t.Fatal(err)
			}
			wall := r.Set.Tiles()
			rand.New(rand.NewPCG(uint64(n), 7)).Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
			deal := tablecore.Deal{Wall: wall, Dice: [2]int{3, 4}}
			order, err := game.DrawOrder(game.BreakBySmallerDie, deal.Dice, 0, players.Stacks(len(wall), r.Players))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.StartHand(deal); err != nil {
				t.Fatal(err)
			}
			ref := &sensingtest.Gone{Referee: sensing.GameReferee(g), Left: n}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour) // simulated time
			defer cancel()
			_, err = players.PlayHand(ctx, clock.Real{}, players.HandConfig{
				Referee: ref,
				Tags:    sim.Tags(r.Set, 'A'),
				Walls:   sensing.WallZones(order),
				Players: players.Config{Seed: uint64(n)},
			})
			if ctx.Err() != nil {
				t.Fatalf("gone after %d calls: the players played on until the test's deadline", n)
			}
			if !ref.Went() {
				t.Logf("the hand ended after %d calls, before the referee went", n-ref.Left)
				return
			}
			if !errors.Is(err, players.ErrRefereeGone) {
				t.Errorf("gone after %d calls: PlayHand returned %v, want ErrRefereeGone", n, err)
			}
		})
	}
}
