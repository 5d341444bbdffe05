package players_test

import (
	"context"
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
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// TestPlayHand plays hands end to end as the daemon's --sim does: the
// table's referee deals, players who watch it move tiles, sensing feeds
// it. Every action the players meant is what the referee took in, in
// order, with no anomaly, and the hand ends.
func TestPlayHand(t *testing.T) {
	builds := map[string]func() (game.Ruleset, error){
		"test+flowers": func() (game.Ruleset, error) {
			rs := tablecoretest.New()
			rs.R.Flowers = true
			rs.R.Set = tile.WithFlowers()
			return rs, nil
		},
		"riichi": func() (game.Ruleset, error) { return rulesets.New("riichi", nil) },
	}
	for name, build := range builds {
		for seed := uint64(1); seed <= 3; seed++ {
			synctest.Test(t, func(t *testing.T) {
				playOne(t, name, build, seed, false)
			})
		}
	}
}

// TestPlayHandHeldFields is TestPlayHand with a reader per zone holding
// its field on (HandConfig.HeldFields), as jantaku run --sim --sensing
// --surface held plays: the tiles at rest keep quiet and the polls hear
// the newcomers, every zone read on its own.
func TestPlayHandHeldFields(t *testing.T) {
	build := func() (game.Ruleset, error) { return rulesets.New("riichi", nil) }
	synctest.Test(t, func(t *testing.T) {
		res := playOne(t, "riichi held", build, 2, true)
		// A zone's poll takes 2 ms when nothing came: eighteen readers
		// make thousands of reads a minute, where one switched reader
		// makes some two thousand in a whole hand.
		if res.Reads < 100000 {
			t.Errorf("%d reads: want the zones read at once, a poll every few milliseconds", res.Reads)
		}
	})
}

func playOne(t *testing.T, name string, build func() (game.Ruleset, error), seed uint64, held bool) players.HandResult {
	rs, err := build()
	if err != nil {
		t.Fatal(err)
	}
	r := rs.Rules()
	rnd := rand.New(rand.NewPCG(seed, 7))
	dealer := game.Seat(rnd.IntN(r.Players))
	g, err := tablecore.New(rs, dealer)
	if err != nil {
		t.Fatal(err)
	}
	wall := r.Set.Tiles()
	rnd.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
	deal := tablecore.Deal{Wall: wall, Dice: [2]int{1 + rnd.IntN(6), 1 + rnd.IntN(6)}}
	order, err := game.DrawOrder(game.BreakBySmallerDie, deal.Dice, dealer, players.Stacks(len(wall), r.Players))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(deal); err != nil {
		t.Fatal(err)
	}
	var accepted []game.Action
	var anomalies []*sensing.Anomaly
	cfg := players.Config{Seed: seed, MissRate: 0.05, GhostRate: 0.005}
	if held {
		// Experienced players, so that the hand takes fewer of the
		// held fields' polls; a tile at rest browns out now and then.
		cfg.Pace, cfg.BrownOutRate = players.Fast, 0.005
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour) // simulated time
	defer cancel()
	res, err := players.PlayHand(ctx, clock.Real{}, players.HandConfig{
		Referee:    sensing.GameReferee(g),
		Tags:       sim.Tags(r.Set, 'A'),
		Walls:      sensing.WallZones(order),
		Players:    cfg,
		HeldFields: held,
		Emit: func(o sensing.Output) {
			switch o := o.(type) {
			case *sensing.Accepted:
				if o.Action.Kind != game.Pass {
					accepted = append(accepted, o.Action)
				}
			case *sensing.Anomaly:
				anomalies = append(anomalies, o)
			}
		},
	})
	if err != nil {
		t.Fatalf("%s seed %d: %v", name, seed, err)
	}
	if g.Hand().Phase != game.Over {
		t.Fatalf("%s seed %d: the hand is not over", name, seed)
	}
	if len(anomalies) > 0 {
		t.Errorf("%s seed %d: anomalies %v", name, seed, anomalies)
	}
	if len(res.Meant) != len(accepted) {
		t.Fatalf("%s seed %d: players meant %d actions, the referee took %d", name, seed, len(res.Meant), len(accepted))
	}
	for i, m := range res.Meant {
		if !m.Action.Equal(accepted[i]) {
			t.Fatalf("%s seed %d: action %d: meant %s, took %s", name, seed, i, m.Action, accepted[i])
		}
	}
	t.Logf("%s seed %d: %d actions, %d reads", name, seed, len(accepted), res.Reads)
	if res.Reads == 0 || len(accepted) < 10 {
		t.Fatalf("%s seed %d: %d reads, %d actions", name, seed, res.Reads, len(accepted))
	}
	return res
}
