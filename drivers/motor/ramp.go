package motor

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
)

// rampSteps is the number of speed steps of a ramp.
const rampSteps = 5

// Ramped is a Motor brought up to speed over a ramp time in equal steps
// (a soft start: less current, no jerk for a lift carrying walls). Slowing
// down and stopping are immediate: a stop at a limit must not ramp.
type Ramped struct {
	m    Motor
	ramp time.Duration
	clk  clock.Clock

	mu     sync.Mutex
	cancel chan struct{} // closed to end the running ramp
	dir    Direction
	speed  float64 // the speed commanded last, 0 when stopped
	err    error   // a failed ramp step, returned by the next call
}

// Ramp returns m with a ramp of ramp; a ramp of zero or less returns m.
func Ramp(m Motor, ramp time.Duration, clk clock.Clock) Motor {
	if ramp <= 0 {
		return m
	}
	if clk == nil {
		clk = clock.Real{}
	}
	return &Ramped{m: m, ramp: ramp, clk: clk}
}

func (r *Ramped) String() string { return r.m.String() }

// Run implements Motor: from standstill or a change of direction the
// speed rises in steps over the ramp time; a lower speed in the same
// direction is set at once.
func (r *Ramped) Run(dir Direction, speed float64) error {
	if err := CheckRun(r.m.String(), dir, speed); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.takeErr(); err != nil {
		return err
	}
	r.stopRamp()
	from := 0.0
	if r.dir == dir && r.speed > 0 {
		from = r.speed
	}
	r.dir, r.speed = dir, speed
	if speed <= from {
		return r.m.Run(dir, speed)
	}
	step := (speed - from) / rampSteps
	if err := r.m.Run(dir, from+step); err != nil {
		return err
	}
	cancel := make(chan struct{})
	r.cancel = cancel
	go func() {
		for i := 2; i <= rampSteps; i++ {
			select {
			case <-cancel:
				return
			case <-r.clk.After(r.ramp / rampSteps):
			}
			r.mu.Lock()
			select {
			case <-cancel:
				r.mu.Unlock()
				return
			default:
			}
			v := from + step*float64(i)
			if i == rampSteps {
				v = speed
			}
			if err := r.m.Run(dir, v); err != nil {
				r.err = fmt.Errorf("motor %s: ramp: %w", r.m, err)
				r.mu.Unlock()
				return
			}
			r.mu.Unlock()
		}
	}()
	return nil
}

// stopRamp ends a running ramp; r.mu is held.
func (r *Ramped) stopRamp() {
	if r.cancel != nil {
		close(r.cancel)
		r.cancel = nil
	}
}

func (r *Ramped) takeErr() error {
	err := r.err
	r.err = nil
	return err
}

// Stop implements Motor: at once.
func (r *Ramped) Stop() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopRamp()
	r.speed = 0
	return errors.Join(r.m.Stop(), r.takeErr())
}

// Halt implements conn.Resource: at once.
func (r *Ramped) Halt() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopRamp()
	r.speed = 0
	return errors.Join(r.m.Halt(), r.takeErr())
}
