package players_test

import (
	"context"
	"errors"
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

// goneRef is the table's referee going away mid-hand, as it does when the
// table stops while its players still move tiles: after a number of calls
// it has no hand, allows nothing and applies nothing.
type goneRef struct {
	sensing.Referee
	left int
}

func (r *goneRef) Hand() *game.Hand {
	if r.left--; r.left < 0 {
		return nil
	}
	return r.Referee.Hand()
}

func (r *goneRef) Legal(s game.Seat) []game.Action {
	if r.left < 0 {
		return nil
	}
	return r.Referee.Legal(s)
}

func (r *goneRef) Apply(ctx context.Context, a game.Action) ([]tablecore.Event, error) {
	if r.left < 0 {
		return nil, errors.New("the referee has gone")
	}
	return r.Referee.Apply(ctx, a)
}

func (r *goneRef) Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	if r.left < 0 {
		return nil, errors.New("the referee has gone")
	}
	return r.Referee.Foul(ctx, a, reason)
}

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
			ref := &goneRef{Referee: sensing.GameReferee(g), left: n}
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
			if ref.left >= 0 {
				t.Logf("the hand ended after %d calls, before the referee went", n-ref.left)
				return
			}
			if !errors.Is(err, players.ErrRefereeGone) {
				t.Errorf("gone after %d calls: PlayHand returned %v, want ErrRefereeGone", n, err)
			}
		})
	}
}
