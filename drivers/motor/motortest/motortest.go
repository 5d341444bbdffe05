package motortest

import (
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
)

// Command is one recorded call.
type Command struct {
	At    time.Time
	Op    string // "run", "stop" or "halt"
	Dir   motor.Direction
	Speed float64
}

// State is what the motor is doing.
type State struct {
	Dir   motor.Direction // 0 when stopped
	Speed float64
}

// Running reports whether the motor turns.
func (s State) Running() bool { return s.Dir != 0 && s.Speed > 0 }

// Motor is a fake motor.Motor. Set Name and optionally Clock (for the
// times recorded; the real clock if nil) and OnChange before use.
type Motor struct {
	Name  string
	Clock clock.Clock
	// OnChange, when set, is called with the new state after every
	// command, outside the motor's lock.
	OnChange func(State)
	// Fail, when set, makes every command return it (a dead driver).
	Fail error

	mu    sync.Mutex
	state State
	log   []Command
	halts int
}

func (m *Motor) String() string { return m.Name }

// Run implements motor.Motor.
func (m *Motor) Run(dir motor.Direction, speed float64) error {
	if err := motor.CheckRun(m.Name, dir, speed); err != nil {
		return err
	}
	return m.set("run", State{Dir: dir, Speed: speed})
}

// Stop implements motor.Motor.
func (m *Motor) Stop() error { return m.set("stop", State{}) }

// Halt implements conn.Resource.
func (m *Motor) Halt() error { return m.set("halt", State{}) }

func (m *Motor) set(op string, s State) error {
	m.mu.Lock()
	if m.Fail != nil && op != "halt" {
		m.mu.Unlock()
		return fmt.Errorf("motor %s: %w", m.Name, m.Fail)
	}
	c := Command{At: m.now(), Op: op, Dir: s.Dir, Speed: s.Speed}
	m.log = append(m.log, c)
	m.state = s
	if op == "halt" {
		m.halts++
	}
	f := m.OnChange
	m.mu.Unlock()
	if f != nil {
		f(s)
	}
	return nil
}

func (m *Motor) now() time.Time {
	if m.Clock == nil {
		return time.Now()
	}
	return m.Clock.Now()
}

// SetFail sets Fail under the motor's lock (nil: works again).
func (m *Motor) SetFail(err error) {
	m.mu.Lock()
	m.Fail = err
	m.mu.Unlock()
}

// State returns what the motor is doing now.
func (m *Motor) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state
}

// Log returns a copy of the commands received so far.
func (m *Motor) Log() []Command {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Command(nil), m.log...)
}

// Halts returns how many times Halt was called.
func (m *Motor) Halts() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.halts
}

// LastHalt returns the time of the last Halt and whether there was one.
func (m *Motor) LastHalt() (time.Time, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.log) - 1; i >= 0; i-- {
		if m.log[i].Op == "halt" {
			return m.log[i].At, true
		}
	}
	return time.Time{}, false
}

var _ motor.Motor = (*Motor)(nil)
