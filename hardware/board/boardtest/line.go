package boardtest

import (
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// FailingLine is a Pi line that works until Fail, then stays at the
// level Fail gave it whatever the board drives: a wire that breaks or
// shorts while the table runs. A test registers it (gpioreg) in place of
// the Rig's, which it leaves out (New's skip).
type FailingLine struct {
	gpiotest.Pin
	mu     sync.Mutex
	failed bool
}

// Out implements gpio.PinOut: the level is driven until the line fails.
func (f *FailingLine) Out(l gpio.Level) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failed {
		return nil
	}
	return f.Pin.Out(l)
}

// Fail sticks the line at l.
func (f *FailingLine) Fail(l gpio.Level) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failed = true
	_ = f.Pin.Out(l)
}
