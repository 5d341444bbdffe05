package sensortest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
)

// Switch is a fake sensor.Switch. Set Name and Clock (nil for the real
// clock) before use; Set changes its state and wakes waiters.
type Switch struct {
	Name  string
	Clock clock.Clock
	// Fail, when set, makes Active and WaitFor return it (a broken wire
	// detected by a driver).
	Fail error

	mu      sync.Mutex
	active  bool
	changes int
	wake    chan struct{}
}

func (s *Switch) String() string { return s.Name }

// Set sets the state; it reports whether it changed.
func (s *Switch) Set(active bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.active == active {
		return false
	}
	s.active = active
	s.changes++
	if s.wake != nil {
		close(s.wake)
		s.wake = nil
	}
	return true
}

// SetFail sets Fail under the switch's lock (nil: readable again) and
// wakes waiters.
func (s *Switch) SetFail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Fail = err
	if s.wake != nil {
		close(s.wake)
		s.wake = nil
	}
}

// Changes returns how many times the state changed.
func (s *Switch) Changes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changes
}

// Active implements sensor.Switch.
func (s *Switch) Active() (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return false, fmt.Errorf("sensor %s: %w", s.Name, s.Fail)
	}
	return s.active, nil
}

// WaitFor implements sensor.Switch.
func (s *Switch) WaitFor(ctx context.Context, active bool, timeout time.Duration) (bool, error) {
	clk := s.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	var timer <-chan time.Time
	for {
		s.mu.Lock()
		if s.Fail != nil {
			s.mu.Unlock()
			return false, fmt.Errorf("sensor %s: %w", s.Name, s.Fail)
		}
		if s.active == active {
			s.mu.Unlock()
			return true, nil
		}
		if s.wake == nil {
			s.wake = make(chan struct{})
		}
		wake := s.wake
		s.mu.Unlock()
		if timer == nil {
			if timeout <= 0 {
				return false, nil
			}
			timer = clk.After(timeout)
		}
		select {
		case <-wake:
		case <-timer:
			a, err := s.Active()
			return a == active && err == nil, err
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// Button is a fake sensor.Button: Press queues one press.
type Button struct {
	Name  string
	Clock clock.Clock

	once    sync.Once
	presses chan struct{}
}

func (b *Button) init() { b.once.Do(func() { b.presses = make(chan struct{}, 64) }) }

func (b *Button) String() string { return b.Name }

// Press queues a press; it reports false if 64 presses are already queued.
func (b *Button) Press() bool {
	b.init()
	select {
	case b.presses <- struct{}{}:
		return true
	default:
		return false
	}
}

// WaitPress implements sensor.Button.
func (b *Button) WaitPress(ctx context.Context, timeout time.Duration) (bool, error) {
	b.init()
	select {
	case <-b.presses:
		return true, nil
	default:
	}
	if timeout <= 0 {
		return false, nil
	}
	clk := b.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	select {
	case <-b.presses:
		return true, nil
	case <-clk.After(timeout):
		return false, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}
