package sim

import (
	"slices"

	"jantaku/drivers/motor/motortest"

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
