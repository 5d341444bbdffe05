package cycle

import (
	"context"
	"errors"
	"time"

	"jantaku/drivers/clock"
)

// WaitStart waits for a Start press, until ctx is done.
func (m *Machine) WaitStart(ctx context.Context) error {
	for {
		m.alive()
		ok, err := m.p.Start.WaitPress(ctx, time.Second)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
}

// Hand runs one Start press to walls up, as Run does after the press: with
// two sets the ready walls rise, then the lifts lower and the next set is
// built; with one set the build comes first.
func (m *Machine) Hand(ctx context.Context, pressed time.Time) (Hand, error) {
	if m.ready == nil {
		if _, err := m.Build(ctx); err != nil {
			return Hand{}, err
		}
	}
	w := *m.ready
	if err := m.Raise(ctx); err != nil {
		return Hand{}, err
	}
	m.ready = nil
	m.mu.Lock()
	m.hands++
	n := m.hands
	m.mu.Unlock()
	h := Hand{Number: n, Set: w.Set, Dice: m.Dice(), Walls: w, StartAt: pressed, WallsUpT: m.clk.Now()}
	h.WallsUp = h.WallsUpT.Sub(pressed)
	m.log.Info("walls up", "hand", h.Number, "set", string(h.Set), "dice", h.Dice, "since_start", h.WallsUp)
	if m.OnHand != nil {
		m.OnHand(h)
	}
	// The walls are pushed onto the table; the plates go back down.
	if err := m.guard(ctx, func(ctx context.Context) error {
		return clock.Sleep(ctx, m.clk, m.cfg.Timing.LiftDwell.D())
	}); err != nil {
		return h, err
	}
	if err := m.Lower(ctx); err != nil {
		return h, err
	}
	if m.cfg.TwoSets {
		if _, err := m.Build(ctx); err != nil {
			return h, err
		}
	}
	m.set(Idle)
	if m.cfg.TwoSets {
		m.set(Ready)
	}
	return h, nil
}

// Run runs the machine until ctx is done: with two sets it first builds
// the set in the tray, then for each Start press runs a Hand. A fault
// halts the machine and is logged with its code; the next Start press
// (after the operator cleared it) homes the lifts and rebuilds.
func (m *Machine) Run(ctx context.Context) (err error) {
	defer m.Halt()
	defer func() {
		if ctx.Err() != nil {
			err = nil // stopped, not failed
		}
	}()
	if m.cfg.TwoSets {
		if _, err := m.Build(ctx); err != nil && !m.faulted(ctx, err) {
			return err
		}
	}
	for {
		if err := m.WaitStart(ctx); err != nil {
			return ignoreDone(err)
		}
		pressed := m.clk.Now()
		if m.Fault() != nil {
			if err := m.recover(ctx); err != nil && !m.faulted(ctx, err) {
				return err
			}
			continue
		}
		if _, err := m.Hand(ctx, pressed); err != nil && !m.faulted(ctx, err) {
			return err
		}
	}
}

// faulted records err if it is a fault and reports whether the machine
// can go on (waiting for the operator).
func (m *Machine) faulted(ctx context.Context, err error) bool {
	var f *Fault
	if ctx.Err() != nil || !errors.As(err, &f) {
		return false
	}
	_ = m.Halt()
	m.mu.Lock()
	m.fault = f
	m.mu.Unlock()
	m.set(Faulted)
	m.log.Error("fault", "code", f.Code, "part", f.Part, "err", f.Error(), "remedy", f.Remedy())
	return true
}

// recover homes the lifts and rebuilds from the tray after a fault the
// operator cleared.
func (m *Machine) recover(ctx context.Context) error {
	m.mu.Lock()
	f := m.fault
	m.fault = nil
	m.mu.Unlock()
	m.log.Info("recovering", "after", f.Code)
	if err := m.Lower(ctx); err != nil {
		return err
	}
	if _, err := m.Build(ctx); err != nil {
		return err
	}
	return nil
}

func ignoreDone(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}
