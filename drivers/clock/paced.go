package clock

import (
	"context"
	"sync"
	"time"

	"jantaku/drivers/clock/internal/timers"
)

// Paced is a virtual clock for running a simulation faster than real
// time without losing events to scheduling jitter. Its time stands still
// except when its earliest pending timer fires: then time jumps to that
// timer's instant. Timers fire speed times faster than real time, but only
// once no timer was set or fired for settle of real time: the goroutines
// woken by one event have reacted (stopped a motor, set their next
// timers) before time moves on.
//
// With the Scaled clock, a goroutine woken 2ms late at speed 100 sees the
// simulated machine 200ms late, more than a stacker's stall margin; with
// Paced it sees it as it was, because no simulated time passed while it
// slept.
//
// Run moves the clock; nothing fires until it runs.
type Paced struct {
	speed  float64
	settle time.Duration

	mu     sync.Mutex
	now    time.Time
	busy   time.Time // real time of the last timer set or fired
	timers timers.Queue
	added  chan struct{} // signalled when a timer is added
	quiet  *quietness    // Run's alone
}

// NewPaced returns a paced clock starting at start. A speed of zero or less
// means 1; a settle of zero or less means 2ms.
func NewPaced(start time.Time, speed float64, settle time.Duration) *Paced {
	if speed <= 0 {
		speed = 1
	}
	if settle <= 0 {
		settle = 2 * time.Millisecond
	}
	return &Paced{speed: speed, settle: settle, now: start, added: make(chan struct{}, 1), quiet: newQuietness()}
}

// Now implements Clock.
func (p *Paced) Now() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.now
}

// After implements Clock.
func (p *Paced) After(d time.Duration) <-chan time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	if d <= 0 {
		ch := make(chan time.Time, 1)
		ch <- p.now
		return ch
	}
	p.busy = time.Now()
	ch := p.timers.Add(p.now.Add(d))
	select {
	case p.added <- struct{}{}:
	default:
	}
	return ch
}

// quietPoll is the real time between two looks at the scheduler while the
// pacer waits for the process to be quiet; quietMax bounds that wait, so a
// process kept busy by something else (a CPU-bound goroutine) still sees
// its simulation move.
const (
	quietPoll = 200 * time.Microsecond
	quietMax  = time.Second
)

// Run fires the timers in order until ctx is done.
//
// Before each firing the process must be quiet: no goroutine waiting for a
// CPU, none running but the pacer, none in a system call that was not
// already there when it was last quiet (runtime/metrics). On a busy machine
// the goroutines that the last event woke may wait for a CPU far longer
// than any settle time; while they do, simulated time stands still, so a
// motor's travel and its stall timer cannot overtake the goroutine that
// watches them. The settle time still covers a goroutine asleep on the
// wall clock.
//
// On a loaded machine every goroutine wakes late, the pacer as well: the
// quiet time it waits grows to four times its own recent lateness, so the
// others still have the time to react.
func (p *Paced) Run(ctx context.Context) {
	last := time.Now()
	var late time.Duration // moving average of the pacer's own lateness
	q := p.quiet
	for {
		p.mu.Lock()
		var wait <-chan time.Time
		var at time.Time
		if next, ok := p.timers.Next(); ok {
			ahead := time.Duration(float64(next.Sub(p.now)) / p.speed)
			at = last.Add(ahead)
			if quiet := p.busy.Add(max(p.settle, 4*late)); quiet.After(at) {
				at = quiet
			}
			wait = time.After(time.Until(at))
		}
		slept := time.Until(at) > 0
		p.mu.Unlock()
		select {
		case <-ctx.Done():
			return
		case <-p.added:
			continue // an earlier timer may have come: recompute
		case <-wait:
		}
		if slept {
			if l := time.Since(at); l > 0 {
				late = (7*late + l) / 8
			} else {
				late = 7 * late / 8
			}
		}
		if !p.awaitQuiet(ctx, q) {
			continue // ctx is done, or a timer was added: recompute
		}
		p.mu.Lock()
		when, _ := p.timers.FireEarliest()
		if when.After(p.now) {
			p.now = when
		}
		last = time.Now()
		p.busy = last
		p.mu.Unlock()
	}
}

// awaitQuiet waits until the process is quiet, for at most quietMax. It
// returns false, without waiting further, when ctx is done or a timer was
// added meanwhile.
func (p *Paced) awaitQuiet(ctx context.Context, q *quietness) bool {
	if q.quiet() {
		return true
	}
	start := time.Now()
	poll := time.NewTimer(quietPoll)
	defer poll.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-p.added:
			return false // someone reacted: the settle time starts again
		case <-poll.C:
		}
		if q.quiet() {
			return true
		}
		if time.Since(start) >= quietMax {
			q.forced()
			return true
		}
		poll.Reset(quietPoll)
	}
}
