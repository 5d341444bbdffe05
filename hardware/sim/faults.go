package sim

import (
	"fmt"
	"slices"
	"sync"

	"jantaku/drivers/enable"
	"periph.io/x/conn/v3/gpio"

	"jantaku/drivers/motor/motortest"
	"jantaku/drivers/sensor/sensortest"

	"jantaku/drivers/rfid"
)

// PressStart is the end of a hand: the players push every tile on the
// table into the drop hole (into the tray) and press Start.
func (m *Machine) PressStart() {
	m.mu.Lock()
	m.tray = append(m.tray, m.table...)
	m.table = nil
	for s := range m.raised {
		m.tray = append(m.tray, m.raised[s]...)
		m.raised[s] = nil
	}
	m.mu.Unlock()
	m.Start.Press()
}

// Stall makes the named motor turn without moving anything (a stalled or
// blocked mechanism); ok false clears it.
func (m *Machine) Stall(name string, ok bool) {
	m.mu.Lock()
	m.stall[name] = ok
	m.mu.Unlock()
	m.changed(nil, motortest.State{})
}

// Jam keeps the tile at side's gate there after a stacker stroke: the eye
// stays blocked.
func (m *Machine) Jam(side int, ok bool) {
	m.mu.Lock()
	m.jam[side] = ok
	m.mu.Unlock()
	m.changed(nil, motortest.State{})
}

// RemoveTile takes the tile with uid out of the machine and the table (it
// fell on the floor); it reports whether it was found.
func (m *Machine) RemoveTile(uid rfid.UID) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, l := range []*[]rfid.UID{&m.tray, &m.table} {
		if i := slices.Index(*l, uid); i >= 0 {
			*l = slices.Delete(*l, i, i+1)
			return true
		}
	}
	for s := range m.raised {
		if i := slices.Index(m.raised[s], uid); i >= 0 {
			m.raised[s] = slices.Delete(m.raised[s], i, i+1)
			return true
		}
	}
	return false
}

// AddTile drops a tile into the tray (a foreign tile, or a lost one found).
func (m *Machine) AddTile(uid rfid.UID) {
	m.mu.Lock()
	m.tray = append(m.tray, uid)
	m.mu.Unlock()
}

// PutAtGate puts a tile at side's stacker gate, in its eye and in its
// inline reader's field, as an operator's hand would; it reports false if
// a tile is already there.
func (m *Machine) PutAtGate(side int, uid rfid.UID) bool {
	m.mu.Lock()
	if m.gate[side] != "" {
		m.mu.Unlock()
		return false
	}
	m.gate[side] = uid
	m.mu.Unlock()
	m.changed(nil, motortest.State{})
	return true
}

// TakeFromGate takes the tile at side's gate away and returns it ("" if
// there was none).
func (m *Machine) TakeFromGate(side int) rfid.UID {
	m.mu.Lock()
	uid := m.gate[side]
	m.gate[side] = ""
	m.mu.Unlock()
	m.changed(nil, motortest.State{})
	return uid
}

// KillReader makes side's inline reader fail every read; nil revives it.
func (m *Machine) KillReader(side int, err error) { m.Inline[side].Kill(err) }

// OpenLid opens (or closes) the lid.
func (m *Machine) OpenLid(open bool) { m.Lid.Set(open) }

// Clear is what an operator does after a fault: every tile in the machine
// (gates, walls on the lifts, tray) goes back to the tray, jams and stalls
// are cleared.
func (m *Machine) Clear() {
	m.mu.Lock()
	for s := range m.gate {
		if m.gate[s] != "" {
			m.tray = append(m.tray, m.gate[s])
			m.gate[s] = ""
		}
		m.tray = append(m.tray, m.walls[s]...)
		m.walls[s] = nil
		m.jam[s] = false
		m.feed[s], m.stroke[s] = 0, 0
	}
	clear(m.stall)
	m.mu.Unlock()
	m.changed(nil, motortest.State{})
}

// Walls returns the tiles stacked on each side's lift, in stacking order.
func (m *Machine) Walls() [][]rfid.UID {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([][]rfid.UID, len(m.walls))
	for s, w := range m.walls {
		out[s] = slices.Clone(w)
	}
	return out
}

// Raised returns the tiles of walls that rose to the table, per side.
func (m *Machine) Raised() [][]rfid.UID {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([][]rfid.UID, len(m.raised))
	for s, w := range m.raised {
		out[s] = slices.Clone(w)
	}
	return out
}

// InTray returns the number of tiles in the tray.
func (m *Machine) InTray() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.tray)
}

// Mixes returns how many times the tray was mixed.
func (m *Machine) Mixes() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.mixes
}

// PressEStop presses (or releases) the emergency stop: its hardware
// contact cuts the motor power at once, its sense contact tells the
// firmware.
func (m *Machine) PressEStop(on bool) {
	m.EStop.Set(on)
	m.changed(nil, motortest.State{})
}

// Freeze is a dead process (a panic, an OOM kill, the watchdog's SIGABRT):
// from now on nothing the firmware commands reaches the machine, the
// motors keep their last command and the enable line its last level, as
// PCA9685 outputs and GPIO lines do. Only the hold circuit stops the
// motors. Freeze(false) revives it.
func (m *Machine) Freeze(dead bool) {
	m.mu.Lock()
	m.frozen = dead
	m.mu.Unlock()
	m.Power.Freeze(dead)
	m.changed(nil, motortest.State{})
}

// FailInput makes the named input unreadable (an I2C error on its
// expander, a cable pulled); nil heals it. It reports whether the input
// exists.
func (m *Machine) FailInput(name string, err error) bool {
	for _, sw := range m.Inputs() {
		if sw.Name == name {
			sw.SetFail(err)
			return true
		}
	}
	return false
}

// FailMotor makes the named motor's driver unreachable (its PCA9685 no
// longer answers): commands fail, and none reaches the motor, which keeps
// doing what it did (a Halt too is lost); nil heals it. It reports
// whether the motor exists.
func (m *Machine) FailMotor(name string, err error) bool {
	for _, mt := range m.Motors() {
		if mt.Name == name {
			mt.SetFail(err)
			m.mu.Lock()
			m.deaf[mt] = err != nil
			m.mu.Unlock()
			return true
		}
	}
	return false
}

// BreakWire breaks (or mends) the wire of the named normally-closed
// switch: it reads active (open) whatever the machine does. It reports
// whether the input exists.
func (m *Machine) BreakWire(name string, broken bool) bool {
	for _, sw := range m.Inputs() {
		if sw.Name == name {
			m.mu.Lock()
			m.broken[sw] = broken
			m.mu.Unlock()
			if broken {
				sw.Set(true)
			}
			m.changed(nil, motortest.State{})
			return true
		}
	}
	return false
}

// Probe reports an error if a motor's driver is unreachable (FailMotor):
// what the board's Probe reports for a PCA9685 that does not answer.
func (m *Machine) Probe() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, mt := range m.Motors() {
		if m.deaf[mt] {
			return fmt.Errorf("sim: the driver of %s does not answer", mt.Name)
		}
	}
	return nil
}

// Inputs returns every switch of the machine.
func (m *Machine) Inputs() []*sensortest.Switch {
	out := []*sensortest.Switch{m.Lid, m.EStop}
	for _, l := range [][]*sensortest.Switch{m.Eyes, m.Homes, m.Tops, m.Bottoms} {
		out = append(out, l...)
	}
	return out
}

// Moving reports whether any part of the machine moves now: a motor
// turning with power, or a lift coasting.
func (m *Machine) Moving() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.step()
	for s := range m.coast {
		if m.coast[s] > 0 {
			return true
		}
	}
	if !m.powered() {
		return false
	}
	for _, mt := range m.Motors() {
		if m.cmd[mt].Running() && !m.stall[mt.Name] {
			return true
		}
	}
	return false
}

// Powered reports whether the motors have power now.
func (m *Machine) Powered() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.powered()
}

// Lift returns side's lift position: 0 at the bottom limit, 1 at the top;
// beyond is overtravel.
func (m *Machine) Lift(side int) float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.step()
	return float64(m.lift[side]) / float64(m.cfg.Timing.Lift.D())
}

// Crashes returns how many times a lift hit its end stop.
func (m *Machine) Crashes() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.crash
}

// FedEnable is a lighter driver of the enable line for long simulated
// runs: an edge at each Arm and Feed instead of a pulse train of its own,
// so the line has edges exactly while it is fed (the watchdog and the
// pulses in one). It adds no timers to the simulation's clock; tests of
// the enable chain use Enable, the board's own driver.
type FedEnable struct {
	m *Machine

	mu    sync.Mutex
	armed bool
	level bool
}

// FedEnable returns the machine's lighter enable driver (see FedEnable).
func (m *Machine) FedEnable() *FedEnable { return &FedEnable{m: m} }

func (e *FedEnable) edge() error {
	e.level = !e.level
	return e.m.Power.Out(gpio.Level(e.level))
}

// Arm implements cycle.Enabler.
func (e *FedEnable) Arm() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.armed = true
	return e.edge()
}

// Feed implements cycle.Enabler.
func (e *FedEnable) Feed() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.armed {
		return enable.ErrStarved
	}
	return e.edge()
}

// Disarm implements cycle.Enabler.
func (e *FedEnable) Disarm() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.armed = false
	e.level = false
	return e.m.Power.Out(gpio.Low)
}
