package players

import (
	"context"
	"time"

	"jantaku/drivers/clock"
)

// Starter is the simulated players at the machine between hands: asked
// for the next walls, they wait Wait (pushing the tiles in), then until
// the machine takes a press, and press Start once.
type Starter struct {
	clk   clock.Clock
	wait  time.Duration
	ready func() bool // the machine takes a press now
	press func()
	asks  chan struct{}
}

// NewStarter returns players who press Start with press, on clk, wait
// after each Ask and once ready holds.
func NewStarter(clk clock.Clock, wait time.Duration, ready func() bool, press func()) *Starter {
	return &Starter{clk: clk, wait: wait, ready: ready, press: press, asks: make(chan struct{}, 1)}
}

// Ask asks for the next walls; asking again before the press is one ask.
// It never waits.
func (s *Starter) Ask() {
	select {
	case s.asks <- struct{}{}:
	default:
	}
}

// Run answers the asks until ctx ends.
func (s *Starter) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.asks:
		}
		if clock.Sleep(ctx, s.clk, s.wait) != nil {
			return
		}
		for ctx.Err() == nil && !s.ready() {
			_ = clock.Sleep(ctx, s.clk, 100*time.Millisecond)
		}
		if ctx.Err() == nil {
			s.press()
		}
	}
}
