package clocktest

import (
	"context"
	"sync"
	"time"

	"jantaku/drivers/clock/internal/timers"
)

// Epoch returns the instant a new Clock starts at.
func Epoch() time.Time { return time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC) }

// Clock is a fake clock.Clock. The zero value is not usable; call New.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	timers  timers.Queue
	changed chan struct{} // closed and replaced when timers are added
}

// New returns a fake clock at a fixed instant (2026-01-01 09:00 UTC).
func New() *Clock {
	return &Clock{now: Epoch(), changed: make(chan struct{})}
}

// Now implements clock.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After implements clock.Clock.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d <= 0 {
		ch := make(chan time.Time, 1)
		ch <- c.now
		return ch
	}
	ch := c.timers.Add(c.now.Add(d))
	close(c.changed)
	c.changed = make(chan struct{})
	return ch
}

// Waiters returns the number of pending timers.
func (c *Clock) Waiters() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.timers.Len()
}

// BlockUntil waits until at least n timers are pending, or ctx is done.
func (c *Clock) BlockUntil(ctx context.Context, n int) error {
	for {
		c.mu.Lock()
		if c.timers.Len() >= n {
			c.mu.Unlock()
			return nil
		}
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Advance moves the clock forward by d, firing every timer due on the way
// in order, each at its own instant.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	end := c.now.Add(d)
	for next, ok := c.timers.Next(); ok && !next.After(end); next, ok = c.timers.Next() {
		c.now = c.timers.FireNext()
	}
	c.now = end
}

// Next fires the earliest pending timers (all those due at the same
// instant) and moves the clock to their time. It reports whether there was
// one.
func (c *Clock) Next() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nextLocked()
}

func (c *Clock) nextLocked() bool {
	when, ok := c.timers.FireEarliest()
	if !ok {
		return false
	}
	if when.After(c.now) {
		c.now = when
	}
	return true
}
