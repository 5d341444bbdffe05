package motor

import (
	"context"
	"errors"
	"fmt"
	"math"

	"periph.io/x/conn/v3"
)

// Direction is the sense of rotation.
type Direction int8

// Directions. Which way a part moves for Forward is wiring, set in the
// board profile.
const (
	Forward Direction = 1
	Reverse Direction = -1
)

func (d Direction) String() string {
	switch d {
	case Forward:
		return "forward"
	case Reverse:
		return "reverse"
	}
	return fmt.Sprintf("Direction(%d)", int8(d))
}

// Motor is a motor with a direction and a speed.
type Motor interface {
	conn.Resource
	// Run turns the motor in dir at speed, a fraction of full speed in
	// (0, 1].
	Run(dir Direction, speed float64) error
	// Stop stops the motor; it may be run again.
	Stop() error
}

// Stepper is a motor moved a counted number of steps.
type Stepper interface {
	conn.Resource
	// Step moves steps steps in dir and returns when done, when ctx is
	// done or when the stepper is halted.
	Step(ctx context.Context, dir Direction, steps int) error
}

// ErrHalted is returned by a motor that was halted while moving.
var ErrHalted = errors.New("motor: halted")

// CheckRun validates Run's arguments; implementations call it first.
func CheckRun(name string, dir Direction, speed float64) error {
	if dir != Forward && dir != Reverse {
		return fmt.Errorf("motor %s: bad direction %d", name, int8(dir))
	}
	if math.IsNaN(speed) || speed <= 0 || speed > 1 {
		return fmt.Errorf("motor %s: speed %v out of range (0, 1]", name, speed)
	}
	return nil
}
