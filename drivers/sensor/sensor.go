package sensor

import (
	"context"
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"periph.io/x/conn/v3/gpio"
)

// Switch is a two-state input: a limit switch pressed, an eye blocked by a
// tile, a lid open.
type Switch interface {
	String() string
	// Active reports the input's state.
	Active() (bool, error)
	// WaitFor waits until the input is in state active, for at most
	// timeout. It reports false if the timeout passed first; it returns
	// ctx's error if ctx is done first.
	WaitFor(ctx context.Context, active bool, timeout time.Duration) (bool, error)
}

// Button is a debounced push button.
type Button interface {
	String() string
	// WaitPress waits for one press (a debounced activation after a
	// release) for at most timeout and reports whether there was one.
	WaitPress(ctx context.Context, timeout time.Duration) (bool, error)
}

// LevelReader is a pin that can say when it could not be read. periph's
// gpio.PinIn.Read returns a level only: its MCP23017 pins and the Pi's
// GPIO character-device lines both read Low when the read failed, which
// on a pulled-up input looks like a closed switch. Pins that implement
// LevelReader get their errors reported by Pin.
type LevelReader interface {
	ReadLevel() (gpio.Level, error)
}

// Pin is a Switch on a GPIO input.
type Pin struct {
	name      string
	pin       gpio.PinIn
	activeLow bool
	clk       clock.Clock
}

// maxSlice bounds one WaitForEdge call, so a cancelled ctx is noticed
// within it even on a pin that never moves.
const maxSlice = 50 * time.Millisecond

// NewPin configures p as an input with pull and edge detection on both
// edges. activeLow means the input reads Low when active (a switch to
// ground with a pull-up, the usual wiring). clk may be nil for the real
// clock.
func NewPin(name string, p gpio.PinIn, pull gpio.Pull, activeLow bool, clk clock.Clock) (*Pin, error) {
	if p == nil {
		return nil, fmt.Errorf("sensor %s: no pin", name)
	}
	if err := p.In(pull, gpio.BothEdges); err != nil {
		return nil, fmt.Errorf("sensor %s: %s: %w", name, p, err)
	}
	if clk == nil {
		clk = clock.Real{}
	}
	return &Pin{name: name, pin: p, activeLow: activeLow, clk: clk}, nil
}

func (s *Pin) String() string { return s.name }

// Active implements Switch. A pin that is a LevelReader reports its read
// errors.
func (s *Pin) Active() (bool, error) {
	if lr, ok := s.pin.(LevelReader); ok {
		l, err := lr.ReadLevel()
		if err != nil {
			return false, fmt.Errorf("sensor %s: %s: %w", s.name, s.pin, err)
		}
		return (l == gpio.High) != s.activeLow, nil
	}
	return (s.pin.Read() == gpio.High) != s.activeLow, nil
}

// WaitFor implements Switch.
func (s *Pin) WaitFor(ctx context.Context, active bool, timeout time.Duration) (bool, error) {
	deadline := s.clk.Now().Add(timeout)
	for {
		a, err := s.Active()
		if err != nil {
			return false, err
		}
		if a == active {
			return true, nil
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		left := deadline.Sub(s.clk.Now())
		if left <= 0 {
			return false, nil
		}
		// Always a positive timeout: see the package comment.
		slice := min(max(left, time.Millisecond), maxSlice)
		s.pin.WaitForEdge(slice)
	}
}

// Debounced is a Button on a Switch: a press counts when the switch is
// still active debounce after it became active, and only after it was
// seen released, so a button held down presses once.
type Debounced struct {
	sw       Switch
	debounce time.Duration
	clk      clock.Clock
	armed    bool // released since the last press
}

// NewButton returns a debounced button on sw. A button held at start-up
// counts only after it is released.
func NewButton(sw Switch, debounce time.Duration, clk clock.Clock) *Debounced {
	if clk == nil {
		clk = clock.Real{}
	}
	held, err := sw.Active()
	return &Debounced{sw: sw, debounce: debounce, clk: clk, armed: err == nil && !held}
}

func (b *Debounced) String() string { return b.sw.String() }

// WaitPress implements Button. It is not safe for concurrent use.
func (b *Debounced) WaitPress(ctx context.Context, timeout time.Duration) (bool, error) {
	deadline := b.clk.Now().Add(timeout)
	for {
		left := deadline.Sub(b.clk.Now())
		if left <= 0 {
			return false, nil
		}
		want := b.armed // armed: wait for a press; else for the release
		ok, err := b.sw.WaitFor(ctx, want, left)
		if err != nil || !ok {
			return false, err
		}
		if err := clock.Sleep(ctx, b.clk, b.debounce); err != nil {
			return false, err
		}
		a, err := b.sw.Active()
		if err != nil {
			return false, fmt.Errorf("sensor %s: %w", b.sw, err)
		}
		if a != want {
			continue // a bounce
		}
		if !b.armed {
			b.armed = true
			continue
		}
		b.armed = false
		return true, nil
	}
}

// DebouncedSwitch is a Switch whose state changes only after the input held
// the new state for the debounce time, so a bouncing contact or a tile
// wobbling in an eye changes it once.
type DebouncedSwitch struct {
	sw  Switch
	d   time.Duration
	clk clock.Clock

	mu      sync.Mutex
	known   bool
	state   bool
	differs bool      // the raw input differs from state
	since   time.Time // since when it differs
}

// Debounce returns sw debounced by d; d of zero or less returns sw.
func Debounce(sw Switch, d time.Duration, clk clock.Clock) Switch {
	if d <= 0 {
		return sw
	}
	if clk == nil {
		clk = clock.Real{}
	}
	return &DebouncedSwitch{sw: sw, d: d, clk: clk}
}

func (s *DebouncedSwitch) String() string { return s.sw.String() }

// Active implements Switch: a raw state that differs from the debounced
// one is taken once Active has seen it differ for the debounce time.
func (s *DebouncedSwitch) Active() (bool, error) {
	a, err := s.sw.Active()
	if err != nil {
		return false, err
	}
	now := s.clk.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case !s.known:
		s.known, s.state = true, a
	case a == s.state:
		s.differs = false
	case !s.differs:
		s.differs, s.since = true, now
	case now.Sub(s.since) >= s.d:
		s.state, s.differs = a, false
	}
	return s.state, nil
}

func (s *DebouncedSwitch) settle(active bool) {
	s.mu.Lock()
	s.known, s.state, s.differs = true, active, false
	s.mu.Unlock()
}

// WaitFor implements Switch: it returns true once the input has held
// active for the debounce time.
func (s *DebouncedSwitch) WaitFor(ctx context.Context, active bool, timeout time.Duration) (bool, error) {
	deadline := s.clk.Now().Add(timeout)
	for {
		a, err := s.Active()
		if err != nil {
			return false, err
		}
		if a == active {
			return true, nil
		}
		left := deadline.Sub(s.clk.Now())
		if left <= 0 {
			return false, nil
		}
		ok, err := s.sw.WaitFor(ctx, active, left)
		if err != nil || !ok {
			return false, err
		}
		// The raw input is in the state: it counts if it stays so for
		// the debounce time.
		back, err := s.sw.WaitFor(ctx, !active, s.d)
		if err != nil {
			return false, err
		}
		if !back {
			s.settle(active)
			return true, nil
		}
	}
}
