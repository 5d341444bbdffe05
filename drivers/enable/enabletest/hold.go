package enabletest

import (
	"sync"
	"time"

	"jantaku/drivers/clock"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// Hold is the enable line as the board's hold circuit sees it: a
// gpio.PinOut whose edges retrigger a monostable of Hold; the motor power
// is on while the last edge is younger than Hold. Set N, Hold and Clock
// (nil: the real clock) before use.
type Hold struct {
	gpiotest.Pin
	Hold  time.Duration
	Clock clock.Clock
	// OnEdge, when set, is called after every edge, outside the lock.
	OnEdge func()

	mu     sync.Mutex
	level  gpio.Level
	last   time.Time // the last edge
	since  time.Time // the first edge of the current run of edges
	edges  int
	frozen bool
	fail   error
}

func (h *Hold) now() time.Time {
	if h.Clock == nil {
		return time.Now()
	}
	return h.Clock.Now()
}

// Out implements gpio.PinOut: a change of level is an edge.
func (h *Hold) Out(l gpio.Level) error {
	h.mu.Lock()
	if h.fail != nil {
		err := h.fail
		h.mu.Unlock()
		return err
	}
	if h.frozen || l == h.level {
		h.mu.Unlock()
		return nil
	}
	h.level = l
	now := h.now()
	if h.edges == 0 || !now.Before(h.last.Add(h.Hold)) {
		h.since = now // the power comes on with this edge
	}
	h.last = now
	h.edges++
	f := h.OnEdge
	h.mu.Unlock()
	if f != nil {
		f()
	}
	return nil
}

// Read returns the line's level.
func (h *Hold) Read() gpio.Level {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.level
}

// Powered reports whether the hold circuit powers the motors now.
func (h *Hold) Powered() bool {
	until, ok := h.Until()
	return ok && h.now().Before(until)
}

// Until returns when the motor power drops unless another edge comes, and
// false if no edge ever came.
func (h *Hold) Until() (time.Time, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.edges == 0 {
		return time.Time{}, false
	}
	return h.last.Add(h.Hold), true
}

// Span returns when the power came on and when it drops unless another
// edge comes; false if no edge ever came.
func (h *Hold) Span() (from, until time.Time, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.edges == 0 {
		return time.Time{}, time.Time{}, false
	}
	return h.since, h.last.Add(h.Hold), true
}

// LastEdge returns the time of the last edge.
func (h *Hold) LastEdge() time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.last
}

// Edges returns the number of edges so far.
func (h *Hold) Edges() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.edges
}

// Freeze makes the line keep its level whatever is written, as a line
// does when the process driving it died or hung.
func (h *Hold) Freeze(frozen bool) {
	h.mu.Lock()
	h.frozen = frozen
	h.mu.Unlock()
}

// Fail makes every Out return err (nil: works again).
func (h *Hold) Fail(err error) {
	h.mu.Lock()
	h.fail = err
	h.mu.Unlock()
}

var _ gpio.PinOut = (*Hold)(nil)
