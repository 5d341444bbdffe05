package clocktest

import (
	"container/heap"
	"context"
	"sync"
	"time"
)

// Epoch returns the instant a new Clock starts at.
func Epoch() time.Time { return time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC) }

// Clock is a fake clock.Clock. The zero value is not usable; call New.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	timers  timerHeap
	seq     uint64
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
	ch := make(chan time.Time, 1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.seq++
	heap.Push(&c.timers, &timer{when: c.now.Add(d), seq: c.seq, ch: ch})
	close(c.changed)
	c.changed = make(chan struct{})
	return ch
}

// Waiters returns the number of pending timers.
func (c *Clock) Waiters() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// BlockUntil waits until at least n timers are pending, or ctx is done.
func (c *Clock) BlockUntil(ctx context.Context, n int) error {
	for {
		c.mu.Lock()
		if len(c.timers) >= n {
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
	for len(c.timers) > 0 && !c.timers[0].when.After(end) {
		t := heap.Pop(&c.timers).(*timer)
		c.now = t.when
		t.ch <- t.when
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
	if len(c.timers) == 0 {
		return false
	}
	when := c.timers[0].when
	for len(c.timers) > 0 && c.timers[0].when.Equal(when) {
		t := heap.Pop(&c.timers).(*timer)
		t.ch <- t.when
	}
	if when.After(c.now) {
		c.now = when
	}
	return true
}

type timer struct {
	when time.Time
	seq  uint64
	ch   chan time.Time
}

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].when.Equal(h[j].when) {
		return h[i].seq < h[j].seq
	}
	return h[i].when.Before(h[j].when)
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *timerHeap) Push(x any)   { *h = append(*h, x.(*timer)) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}
