package cycle

import (
	"context"
	"errors"
	"fmt"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/sensor"
)

// MaxJog is the longest a jog may run: long enough for a lift's whole
// travel, short enough that a jog forgotten is not a machine left running.
const MaxJog = 10 * time.Second

// Jog runs one motor briefly for maintenance, outside the cycle but under
// its guards: the motor power is armed for the jog only and fed while it
// runs, the lid and the emergency stop refuse a jog and stop one, and a
// limit switch in the direction of travel ends it.
type Jog struct {
	Motor motor.Motor
	Dir   motor.Direction
	Speed float64
	For   time.Duration
	// Limit, if set, ends the jog when it becomes active: a lift's top
	// switch going up, its bottom one going down. Nil runs for For
	// whatever the switches say (a limit override).
	Limit     sensor.Switch
	LimitName string
	// Lid (active = open) and EStop (active = pressed) are the
	// interlocks; nil for a table without one.
	Lid, EStop sensor.Switch
	Enable     Enabler
	// Feed is how often the enable chain is fed and the interlocks read
	// while the motor runs; 0 means 20ms.
	Feed  time.Duration
	Clock clock.Clock
	// Started, if set, is called when the motor power is on, just before
	// the motor starts.
	Started func()
}

// JogEnd is how a jog that ran ended.
type JogEnd int

// The ends of a jog.
const (
	JogTimeUp      JogEnd = iota // it ran its time
	JogAtLimit                   // its limit switch became active
	JogInterrupted               // its context ended
)

// String is what the operator is told.
func (e JogEnd) String() string {
	switch e {
	case JogTimeUp:
		return "stopped"
	case JogAtLimit:
		return "stopped at the limit"
	case JogInterrupted:
		return "interrupted, stopped"
	}
	return fmt.Sprintf("JogEnd(%d)", int(e))
}

func (j *Jog) interlocks() []struct {
	name, why string
	sw        sensor.Switch
} {
	return []struct {
		name, why string
		sw        sensor.Switch
	}{{"lid", "the lid is open", j.Lid}, {"estop", "the emergency stop is pressed", j.EStop}}
}

// Check refuses a jog while an interlock is active or unreadable,
// whatever the limits (their hardware contacts cut the power anyway).
func (j *Jog) Check() error {
	for _, il := range j.interlocks() {
		if il.sw == nil {
			continue
		}
		on, err := il.sw.Active()
		if err != nil {
			return fmt.Errorf("%s unreadable: no jog: %w", il.name, err)
		}
		if on {
			return fmt.Errorf("%s is active (%s): close the lid and release the emergency stop first", il.name, il.why)
		}
	}
	return nil
}

// AtLimit reports whether the limit is already active: the part is where
// the jog would take it, and the jog must not run.
func (j *Jog) AtLimit() (bool, error) {
	if j.Limit == nil {
		return false, nil
	}
	at, err := j.Limit.Active()
	if err != nil {
		return false, fmt.Errorf("%s unreadable: no jog: %w", j.LimitName, err)
	}
	return at, nil
}

// Run arms the motor power, runs the motor until its time is up, its limit
// is reached or ctx ends, and halts it. An interlock becoming active (or
// unreadable), the limit unreadable or the power dropping stop the motor
// and are errors. Call Check and AtLimit first.
func (j *Jog) Run(ctx context.Context) (JogEnd, error) {
	if j.Enable == nil {
		return 0, errors.New("the table has no motor-power enable (profile safety.enable): the motors have no power")
	}
	if err := j.Enable.Arm(); err != nil {
		return 0, err
	}
	defer j.Enable.Disarm()
	if j.Started != nil {
		j.Started()
	}
	if err := j.Motor.Run(j.Dir, j.Speed); err != nil {
		_ = j.Motor.Halt()
		return 0, err
	}
	end, werr := j.wait(ctx)
	if err := j.Motor.Halt(); err != nil {
		return 0, err
	}
	return end, werr
}

// wait waits for the jog's time in feed periods, feeding the enable chain
// and reading the interlocks after each.
func (j *Jog) wait(ctx context.Context) (JogEnd, error) {
	feed := j.Feed
	if feed <= 0 {
		feed = 20 * time.Millisecond
	}
	end := j.Clock.Now().Add(j.For)
	for {
		left := end.Sub(j.Clock.Now())
		if left <= 0 {
			return JogTimeUp, nil
		}
		step := min(left, feed)
		if j.Limit != nil {
			at, err := j.Limit.WaitFor(ctx, true, step)
			if err != nil {
				if ctx.Err() != nil {
					return JogInterrupted, nil
				}
				return 0, fmt.Errorf("%s unreadable: stopped: %w", j.Limit, err)
			}
			if at {
				return JogAtLimit, nil
			}
		} else if err := clock.Sleep(ctx, j.Clock, step); err != nil {
			return JogInterrupted, nil
		}
		if err := j.Enable.Feed(); err != nil {
			return 0, fmt.Errorf("the motor power dropped: %w", err)
		}
		for _, il := range j.interlocks() {
			if il.sw == nil {
				continue
			}
			if on, err := il.sw.Active(); err != nil {
				return 0, fmt.Errorf("%s unreadable(%s): stopped", il.name, err)
			} else if on {
				return 0, fmt.Errorf("%s active: stopped", il.name)
			}
		}
	}
}
