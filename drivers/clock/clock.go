package clock

import (
	"context"
	"sync"
	"time"
)

// Clock tells the time and waits.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// After returns a channel that receives the time once d has elapsed; a
	// d of zero or less fires at once.
	After(d time.Duration) <-chan time.Time
}

// Real is the wall clock.
type Real struct{}

// Now implements Clock.
func (Real) Now() time.Time { return time.Now() }

// After implements Clock.
func (Real) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Sleep waits for d on c, or until ctx is done, whichever comes first; it
// returns ctx's error in the latter case.
func Sleep(ctx context.Context, c Clock, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	select {
	case <-c.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Since returns the time elapsed on c since t.
func Since(c Clock, t time.Time) time.Duration { return c.Now().Sub(t) }

// Scaled is a clock that runs Factor times faster than the wall clock, for
// watching the simulated machine at an accelerated but steady pace.
type Scaled struct {
	factor float64
	once   sync.Once
	start  time.Time // wall time at first use
	base   time.Time // scaled time at first use
}

// NewScaled returns a clock running factor times faster than real time,
// starting at the current wall time. A factor of zero or less means 1.
func NewScaled(factor float64) *Scaled {
	if factor <= 0 {
		factor = 1
	}
	now := time.Now()
	return &Scaled{factor: factor, start: now, base: now}
}

// Now implements Clock.
func (s *Scaled) Now() time.Time {
	return s.base.Add(time.Duration(float64(time.Since(s.start)) * s.factor))
}

// After implements Clock.
func (s *Scaled) After(d time.Duration) <-chan time.Time {
	out := make(chan time.Time, 1)
	real := time.Duration(float64(d) / s.factor)
	time.AfterFunc(real, func() { out <- s.Now() })
	return out
}
