package sensing

import (
	"context"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
)

// Antennas reads the tags in one zone's field: an inventory (request,
// anticollision, select and halt of each tag in turn) on the antenna of z.
type Antennas interface {
	Inventory(ctx context.Context, z Zone) ([]rfid.UID, error)
}

// Input is what the sensing loop is sent: exactly one field set.
type Input struct {
	Hand        *Layout      // a hand was dealt (the referee has started it)
	Declaration *Declaration // a seat button or authenticated seat command
	Correction  *Correction  // an operator command
}

// Run is the sensing loop: it owns s and sched, reads the zone sched
// chooses, one after another, feeds each read to s and hands every
// output to emit. Inputs arrive on in between reads. It returns when ctx
// is done. Before the first hand it only waits for inputs.
func Run(ctx context.Context, clk clock.Clock, s *Sensor, ant Antennas, sched *Schedule, in <-chan Input, emit func(Output)) error {
	take := func(i Input) {
		for _, o := range s.input(ctx, clk, i) {
			emit(o)
		}
	}
	for {
		if s.loc == nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case i := <-in:
				take(i)
			}
			continue
		}
	drain:
		for {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case i := <-in:
				take(i)
			default:
				break drain
			}
		}
		sched.Focus(s.Focus())
		z := sched.Next(clk.Now())
		uids, err := ant.Inventory(ctx, z)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		now := clk.Now()
		sched.Done(z, now)
		if err != nil {
			s.log.Warn("sensing: read failed", "zone", z.String(), "err", err)
			if err := clock.Sleep(ctx, clk, 10*time.Millisecond); err != nil {
				return err
			}
			continue
		}
		for _, o := range s.Observe(ctx, Read{Zone: z, At: now, UIDs: uids}) {
			emit(o)
		}
		for _, o := range s.Tick(ctx, now) {
			emit(o)
		}
	}
}
