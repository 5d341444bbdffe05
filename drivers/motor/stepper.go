package motor

import (
	"context"
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"periph.io/x/conn/v3/gpio"
)

// StepDir is a stepper on a step/dir driver (A4988, DRV8825, TMC2208 ...).
type StepDir struct {
	name   string
	step   gpio.PinOut
	dir    gpio.PinOut
	enable gpio.PinOut // active low; may be nil
	period time.Duration
	clk    clock.Clock

	mu     sync.Mutex
	halt   chan struct{} // closed by Halt while a Step runs
	moving bool
	stop   chan struct{} // closed by Stop to end Run's stepping
	ran    chan struct{} // closed when Run's stepping ended
}

// NewStepDir returns a stepper that makes one step per period. enable may be
// nil; it is taken as active low (the usual driver input) and released by
// Halt, so a halted stepper holds no torque.
func NewStepDir(name string, step, dir, enable gpio.PinOut, period time.Duration, clk clock.Clock) (*StepDir, error) {
	if step == nil || dir == nil {
		return nil, fmt.Errorf("motor %s: step and dir pins are required", name)
	}
	if period <= 0 {
		return nil, fmt.Errorf("motor %s: step period %v must be positive", name, period)
	}
	if clk == nil {
		clk = clock.Real{}
	}
	s := &StepDir{name: name, step: step, dir: dir, enable: enable, period: period, clk: clk, halt: make(chan struct{})}
	if err := step.Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("motor %s: %w", name, err)
	}
	return s, nil
}

func (s *StepDir) String() string { return s.name }

// Step implements Stepper.
func (s *StepDir) Step(ctx context.Context, dir Direction, steps int) error {
	if dir != Forward && dir != Reverse {
		return fmt.Errorf("motor %s: bad direction %d", s.name, int8(dir))
	}
	if steps < 0 {
		return fmt.Errorf("motor %s: negative step count %d", s.name, steps)
	}
	return s.steps(ctx, dir, steps, s.period)
}

// Run implements Motor: the stepper steps in dir, one step per period /
// speed, until Stop or Halt. It lets a stepper drive any part a DC motor
// can (a lift to its limit switch, a conveyor).
func (s *StepDir) Run(dir Direction, speed float64) error {
	if err := CheckRun(s.name, dir, speed); err != nil {
		return err
	}
	if err := s.Stop(); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	stop, ran := make(chan struct{}), make(chan struct{})
	s.mu.Lock()
	s.stop, s.ran = stop, ran
	s.mu.Unlock()
	go func() {
		defer close(ran)
		defer cancel()
		go func() {
			select {
			case <-stop:
				cancel()
			case <-ctx.Done():
			}
		}()
		_ = s.steps(ctx, dir, -1, time.Duration(float64(s.period)/speed))
	}()
	return nil
}

// Stop implements Motor: stepping ends; the driver stays enabled and
// holds the position.
func (s *StepDir) Stop() error {
	s.mu.Lock()
	stop, ran := s.stop, s.ran
	s.stop, s.ran = nil, nil
	s.mu.Unlock()
	if stop != nil {
		close(stop)
		<-ran
	}
	if err := s.step.Out(gpio.Low); err != nil {
		return fmt.Errorf("motor %s: %w", s.name, err)
	}
	return nil
}

// steps makes n steps (n < 0: until ctx ends or a Halt) of period each.
func (s *StepDir) steps(ctx context.Context, dir Direction, n int, period time.Duration) error {
	steps := n
	s.mu.Lock()
	if s.moving {
		s.mu.Unlock()
		return fmt.Errorf("motor %s: already moving", s.name)
	}
	s.moving = true
	halt := s.halt
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.moving = false
		s.mu.Unlock()
	}()
	if s.enable != nil {
		if err := s.enable.Out(gpio.Low); err != nil {
			return fmt.Errorf("motor %s: %w", s.name, err)
		}
	}
	if err := s.dir.Out(dir == Forward); err != nil {
		return fmt.Errorf("motor %s: %w", s.name, err)
	}
	half := period / 2
	for i := 0; steps < 0 || i < steps; i++ {
		for _, l := range []gpio.Level{gpio.High, gpio.Low} {
			if err := s.step.Out(l); err != nil {
				return fmt.Errorf("motor %s: %w", s.name, err)
			}
			select {
			case <-s.clk.After(half):
			case <-halt:
				return fmt.Errorf("motor %s: after %d of %d steps: %w", s.name, i, steps, ErrHalted)
			case <-ctx.Done():
				_ = s.step.Out(gpio.Low)
				return ctx.Err()
			}
		}
	}
	return nil
}

// Halt implements conn.Resource: it ends a running Step or Run and
// releases the enable pin (no holding torque).
func (s *StepDir) Halt() error {
	_ = s.Stop()
	s.mu.Lock()
	close(s.halt)
	s.halt = make(chan struct{})
	s.mu.Unlock()
	err := s.step.Out(gpio.Low)
	if s.enable != nil {
		if e := s.enable.Out(gpio.High); err == nil {
			err = e
		}
	}
	if err != nil {
		return fmt.Errorf("motor %s: %w", s.name, err)
	}
	return nil
}
