package cycle_test

import (
	"testing"
	"testing/synctest"
	"time"

	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// TestMachineCycleFigures measures, in simulated time, hand end (Start
// press) to the next walls up, with two sets and with one, against the
// physical minimum implied by the default profile's timings. It logs the
// figures (go test -run Figures -v ./firmware/cycle); it asserts only that
// no hand beats the physical minimum, which would mean the model is wrong.
func TestMachineCycleFigures(t *testing.T) {
	tm := profile.Default().Timing
	set, _ := tile.Standard(1)
	stacks := profile.Default().TileSets["136"].Stacks
	perTile := tm.Feed.D() + tm.Read.D() + tm.Stroke.D()
	maxStacks := 0
	for _, s := range stacks {
		maxStacks = max(maxStacks, s)
	}
	minTwo := tm.Lift.D()
	minOne := tm.Mix.D() + time.Duration(2*maxStacks)*perTile + tm.Lift.D()
	for _, c := range []struct {
		name    string
		two     bool
		miss    float64
		minimum time.Duration
	}{
		{"two sets, no read misses", true, 0, minTwo},
		{"two sets, 5% read misses", true, 0.05, minTwo},
		{"one set, no read misses", false, 0, minOne},
		{"one set, 5% read misses", false, 0.05, minOne},
	} {
		var total time.Duration
		const hands = 4
		synctest.Test(t, func(t *testing.T) {
			r := newRig(t, set, "136", c.two, func(sc *sim.Config) { sc.MissRate = c.miss })
			for i := 0; i < hands; i++ {
				if c.two {
					r.awaitReady(t)
				} else {
					await(t, "idle", func() bool { return r.m.State() == "idle" || r.m.Fault() != nil })
				}
				r.sim.PressStart()
				h := r.next(t)
				if h.WallsUp < c.minimum {
					t.Errorf("hand %d: walls up after %v, below the physical minimum %v", h.Number, h.WallsUp, c.minimum)
				}
				total += h.WallsUp
			}
		})
		mean := total / hands
		t.Logf("%-26s hand end → walls up %8v   physical minimum %8v   overhead %+.2f%%",
			c.name, mean, c.minimum, 100*(float64(mean)/float64(c.minimum)-1))
	}
}
