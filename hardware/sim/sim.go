package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/enable"
	"jantaku/drivers/enable/enabletest"
	"jantaku/drivers/motor"
	"jantaku/drivers/motor/motortest"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/rfidtest"
	"jantaku/drivers/sensor/sensortest"
	"jantaku/hardware/profile"
)

// Config sets up a simulated table.
type Config struct {
	Timing    profile.Timing
	Sides     int // 4 unless set
	Clock     clock.Clock
	Seed      uint64
	MissRate  float64 // per inline read attempt
	GhostRate float64
	// Lag is real time the physics goroutine sleeps each time it wakes
	// up, before it looks at the clock: a goroutine woken late, as on a
	// loaded machine. For tests of the simulation's clocks.
	Lag time.Duration
	// Spin is real time the physics goroutine keeps a CPU busy each time
	// it wakes up, before it looks at the clock: a goroutine that has
	// woken but not yet reacted, as on a CPU shared with others.
	Spin time.Duration
	// Antennas is the number of antennas of the Surface reader (the
	// table's zones); 0 means 32.
	Antennas int
	// Safety is the enable chain's timing; zero fields take the default
	// profile's (20ms pulses, 60ms watchdog, 100ms hold).
	Safety profile.Safety
	// Bounce makes every limit and home switch bounce for this long when
	// it changes: it flips back and forth three times before it settles.
	Bounce time.Duration
	// Overshoot is how long a lift coasts on after it is stopped (its
	// inertia): it travels past the limit switch; past Overtravel of
	// travel time it hits the end stop (counted by Crashes).
	Overshoot, Overtravel time.Duration
}

// Machine is a simulated table. Its exported parts are the drivers the
// firmware uses.
type Machine struct {
	Tray      *motortest.Motor
	Conveyors []*motortest.Motor
	Stackers  []*motortest.Motor
	Lifts     []*motortest.Motor // Forward = up
	Lid       *sensortest.Switch // active = open
	EStop     *sensortest.Switch // active = pressed
	// Power is the enable line as the board's hold circuit sees it; the
	// motors move only while it holds the power on (and the lid and the
	// E-stop, in the same hardware chain, are closed).
	Power *enabletest.Hold
	// Enable is the firmware's driver of the enable line.
	Enable  *enable.Pulser
	Eyes    []*sensortest.Switch
	Homes   []*sensortest.Switch // stacker cam at home
	Tops    []*sensortest.Switch
	Bottoms []*sensortest.Switch
	Start   *sensortest.Button
	Inline  []*rfidtest.Reader
	// Surface is the table's zone reader; it is also its own antenna
	// multiplexer. Place puts tiles in a zone's field.
	Surface *rfidtest.Reader

	cfg  Config
	clk  clock.Clock
	rand *rand.Rand
	wake chan struct{}

	mu     sync.Mutex
	last   time.Time
	tray   []rfid.UID
	table  []rfid.UID
	gate   []rfid.UID
	walls  [][]rfid.UID
	raised [][]rfid.UID // walls that rose, per side, until pushed in
	feed   []time.Duration
	stroke []time.Duration
	lift   []time.Duration // travel time from the bottom: 0 bottom, Timing.Lift top
	stall  map[string]bool
	jam    []bool
	mixes  int
	cmd    map[*motortest.Motor]motortest.State // the commands the model runs on
	frozen bool                                 // the process is dead: commands no longer reach the model
	deaf   map[*motortest.Motor]bool            // motors whose driver is unreachable
	broken map[*sensortest.Switch]bool          // switches whose wire is broken: they read active
	bounce []bounce                             // switch flips to come
	coast  []time.Duration                      // per lift: coasting left after a stop
	cdir   []float64                            // per lift: the direction it coasts in
	crash  int
}

// bounce is a switch flip to come.
type bounce struct {
	at time.Time
	sw *sensortest.Switch
	on bool
}

// New returns a simulated table with tray holding the tiles in the tray
// and table the tiles on the table surface (a second set, or nothing).
func New(cfg Config, tray, table []rfid.UID) *Machine {
	if cfg.Sides == 0 {
		cfg.Sides = 4
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	n := cfg.Sides
	m := &Machine{
		cfg: cfg, clk: cfg.Clock, rand: rand.New(rand.NewPCG(cfg.Seed, 0x6a616e74)),
		wake:  make(chan struct{}, 1),
		tray:  append([]rfid.UID(nil), tray...),
		table: append([]rfid.UID(nil), table...),
		gate:  make([]rfid.UID, n), walls: make([][]rfid.UID, n), raised: make([][]rfid.UID, n),
		feed: make([]time.Duration, n), stroke: make([]time.Duration, n), lift: make([]time.Duration, n),
		jam: make([]bool, n), stall: map[string]bool{}, cmd: map[*motortest.Motor]motortest.State{},
		coast: make([]time.Duration, n), cdir: make([]float64, n), deaf: map[*motortest.Motor]bool{}, broken: map[*sensortest.Switch]bool{},
	}
	sf := cfg.Safety
	if sf.Period <= 0 {
		sf.Period = profile.Duration(20 * time.Millisecond)
	}
	if sf.Watchdog <= 0 {
		sf.Watchdog = profile.Duration(60 * time.Millisecond)
	}
	if sf.Hold <= 0 {
		sf.Hold = profile.Duration(100 * time.Millisecond)
	}
	m.Power = &enabletest.Hold{Hold: sf.Hold.D(), Clock: m.clk}
	m.Power.N = "enable"
	// An edge only wakes the physics goroutine: the model computes the
	// power from the edges' times whenever it steps.
	m.Power.OnEdge = func() {
		select {
		case m.wake <- struct{}{}:
		default:
		}
	}
	// The pin is valid and its timing from a checked profile or the
	// defaults above: New cannot fail.
	m.Enable, _ = enable.New("motor power", m.Power, enable.Config{Period: sf.Period.D(), Watchdog: sf.Watchdog.D(), Clock: m.clk})
	mk := func(name string) *motortest.Motor {
		mt := &motortest.Motor{Name: name, Clock: m.clk}
		mt.OnChange = func(st motortest.State) { m.changed(mt, st) }
		return mt
	}
	sw := func(name string) *sensortest.Switch { return &sensortest.Switch{Name: name, Clock: m.clk} }
	m.Tray = mk("tray")
	m.Lid = sw("lid")
	m.EStop = sw("estop")
	m.Start = &sensortest.Button{Name: "start", Clock: m.clk}
	for s := 0; s < n; s++ {
		m.Conveyors = append(m.Conveyors, mk(fmt.Sprintf("conveyor%d", s)))
		m.Stackers = append(m.Stackers, mk(fmt.Sprintf("stacker%d", s)))
		m.Lifts = append(m.Lifts, mk(fmt.Sprintf("lift%d", s)))
		m.Eyes = append(m.Eyes, sw(fmt.Sprintf("eye%d", s)))
		h := sw(fmt.Sprintf("stacker%d.home", s))
		h.Set(true)
		m.Homes = append(m.Homes, h)
		m.Tops = append(m.Tops, sw(fmt.Sprintf("lift%d.top", s)))
		b := sw(fmt.Sprintf("lift%d.bottom", s))
		b.Set(true)
		m.Bottoms = append(m.Bottoms, b)
		m.Inline = append(m.Inline, &rfidtest.Reader{
			Name: fmt.Sprintf("inline%d", s), Clock: m.clk, ReadTime: cfg.Timing.Read.D(),
			MissRate: cfg.MissRate, GhostRate: cfg.GhostRate,
			Rand: rand.New(rand.NewPCG(cfg.Seed, uint64(s+1))),
		})
	}
	ants := cfg.Antennas
	if ants <= 0 {
		ants = 32
	}
	m.Surface = &rfidtest.Reader{
		Name: "surface", Clock: m.clk, ReadTime: cfg.Timing.Read.D(), Antennas: ants,
		MissRate: cfg.MissRate, Rand: rand.New(rand.NewPCG(cfg.Seed, 99)),
	}
	m.last = m.clk.Now()
	return m
}

// Place puts tiles in the field of the surface antenna (a zone of the
// table), replacing what was there.
func (m *Machine) Place(antenna int, tiles ...rfid.UID) { m.Surface.SetTags(antenna, tiles...) }

// Motors returns every motor: what a safe stop must halt.
func (m *Machine) Motors() []*motortest.Motor {
	out := []*motortest.Motor{m.Tray}
	out = append(out, m.Conveyors...)
	out = append(out, m.Stackers...)
	return append(out, m.Lifts...)
}

// Run moves the model in time until ctx is done.
func (m *Machine) Run(ctx context.Context) {
	for {
		m.mu.Lock()
		next := m.step()
		m.mu.Unlock()
		var after <-chan time.Time
		if next > 0 {
			after = m.clk.After(next)
		}
		select {
		case <-ctx.Done():
			return
		case <-m.wake:
		case <-after:
		}
		if m.cfg.Lag > 0 {
			time.Sleep(m.cfg.Lag)
		}
		for end := time.Now().Add(m.cfg.Spin); time.Now().Before(end); {
		}
	}
}

// changed is called after every motor command (mt nil: a fault was
// injected): the model catches up to now with the old commands, takes the
// new one, and Run recomputes its next event.
func (m *Machine) changed(mt *motortest.Motor, st motortest.State) {
	m.mu.Lock()
	m.step()
	if mt != nil && !m.frozen && !m.deaf[mt] {
		if mt == m.Tray && st.Running() && !m.cmd[mt].Running() && m.powered() {
			m.mix()
		}
		for s, l := range m.Lifts {
			// A lift stopped while moving coasts on.
			if l == mt && !st.Running() && m.cmd[mt].Running() && m.powered() {
				m.coast[s], m.cdir[s] = m.cfg.Overshoot, float64(m.cmd[mt].Dir)
			}
		}
		m.cmd[mt] = st
		m.step()
	}
	m.mu.Unlock()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

func (m *Machine) running(mt *motortest.Motor, dir motor.Direction) bool {
	s := m.cmd[mt]
	return s.Running() && s.Dir == dir
}

// step advances the model from m.last to now in order of events and
// returns the time to the next one (0 for none). Sides are processed in
// index order, so the model is deterministic.
func (m *Machine) step() time.Duration {
	now := m.clk.Now()
	dt := now.Sub(m.last)
	m.last = now
	t := m.cfg.Timing
	next := time.Duration(0)
	soon := func(d time.Duration) {
		if d > 0 && (next == 0 || d < next) {
			next = d
		}
	}
	if dt < 0 {
		dt = 0
	}
	// The motor power: on until the hold circuit drops it (the motors
	// stop where they are when it does; the model steps to that instant
	// first).
	wasPowered := m.poweredAt(now.Add(-dt))
	if until, ok := m.Power.Until(); ok && wasPowered && until.Before(now) {
		dt = max(until.Sub(now.Add(-dt)), 0)
	}
	powered := wasPowered
	if until, ok := m.Power.Until(); ok && now.Before(until) && m.poweredAt(now) {
		soon(until.Sub(now) + time.Nanosecond)
	}
	m.flips(now, soon)
	over, top := m.cfg.Overtravel, t.Lift.D()
	for s := range m.gate {
		// Lift: its position is counted in travel time, exactly.
		lt := m.Lifts[s]
		moving := powered && !m.stall[lt.Name] && m.cmd[lt].Running()
		var dir time.Duration
		switch {
		case moving:
			dir = time.Duration(m.cmd[lt].Dir)
			m.lift[s] += dir * dt
		case m.coast[s] > 0:
			c := min(dt, m.coast[s])
			m.coast[s] -= c
			m.lift[s] += time.Duration(m.cdir[s]) * c
			if m.coast[s] > 0 {
				soon(m.coast[s])
			}
		}
		if m.lift[s] > top+over || m.lift[s] < -over {
			m.crash++ // the end stop
			m.coast[s] = 0
		}
		m.lift[s] = min(max(m.lift[s], -over), top+over)
		if dir > 0 && m.lift[s] < top {
			soon(top - m.lift[s])
		}
		if dir < 0 && m.lift[s] > 0 {
			soon(m.lift[s])
		}
		m.setSwitch(m.Tops[s], m.lift[s] >= top, now, soon)
		m.setSwitch(m.Bottoms[s], m.lift[s] <= 0, now, soon)
		if m.lift[s] >= top && len(m.walls[s]) > 0 { // the walls are up on the table
			m.raised[s] = append(m.raised[s], m.walls[s]...)
			m.walls[s] = nil
		}
		// Conveyor: the next tile reaches the empty gate after Feed of
		// running. It goes before the stacker: a gate emptied by a stroke
		// ending now starts its feed now.
		cv := m.Conveyors[s]
		if m.gate[s] == "" && powered && !m.stall[cv.Name] && m.running(cv, motor.Forward) && len(m.tray) > 0 {
			m.feed[s] += dt
			if m.feed[s] >= t.Feed.D() {
				m.gate[s] = m.tray[0]
				m.tray = m.tray[1:]
				m.feed[s] = 0
			} else {
				soon(t.Feed.D() - m.feed[s])
			}
		}
		// Stacker: one stroke per Stroke of running; the cam leaves home
		// at once and returns at the end of the stroke.
		st := m.Stackers[s]
		if powered && !m.stall[st.Name] && m.running(st, motor.Forward) {
			m.stroke[s] += dt
			leave := t.Stroke.D() / 10
			if m.stroke[s] >= t.Stroke.D() {
				m.stroke[s] = 0
				if m.gate[s] != "" && !m.jam[s] {
					m.walls[s] = append(m.walls[s], m.gate[s])
					m.gate[s] = ""
					m.feed[s] = 0
				}
				m.setSwitch(m.Homes[s], true, now, soon)
			} else if m.stroke[s] >= leave {
				m.setSwitch(m.Homes[s], false, now, soon)
				soon(t.Stroke.D() - m.stroke[s])
			} else {
				soon(leave - m.stroke[s])
			}
		}
		m.Eyes[s].Set(m.gate[s] != "")
		if m.gate[s] != "" {
			m.Inline[s].SetTags(0, m.gate[s])
		} else {
			m.Inline[s].SetTags(0)
		}
		if len(m.tray) > 0 {
			m.Inline[s].SetGhosts(m.tray[0])
		} else {
			m.Inline[s].SetGhosts()
		}
	}
	return next
}

// poweredAt reports whether the motors had power at t: the hold circuit
// held it, and the lid and the E-stop (in the same hardware chain) were
// closed. The lid and E-stop are taken as they are now.
func (m *Machine) poweredAt(t time.Time) bool {
	from, until, ok := m.Power.Span()
	if !ok || t.Before(from) || !t.Before(until) {
		return false
	}
	lid, _ := m.Lid.Active()
	stop, _ := m.EStop.Active()
	return !lid && !stop
}

func (m *Machine) powered() bool { return m.poweredAt(m.clk.Now()) }

// setSwitch sets a switch the model moves; with Bounce it flips back and
// forth three times over the bounce time before it settles.
func (m *Machine) setSwitch(sw *sensortest.Switch, on bool, now time.Time, soon func(time.Duration)) {
	if m.broken[sw] {
		on = true // an open circuit reads as an open (active) NC contact
	}
	for _, b := range m.bounce {
		if b.sw == sw {
			return // bouncing: it settles where the model put it
		}
	}
	if !sw.Set(on) || m.cfg.Bounce <= 0 {
		return
	}
	q := m.cfg.Bounce / 4
	for i := 1; i <= 3; i++ {
		m.bounce = append(m.bounce, bounce{at: now.Add(time.Duration(i) * q), sw: sw, on: i%2 == 0 == on})
	}
	m.bounce = append(m.bounce, bounce{at: now.Add(m.cfg.Bounce), sw: sw, on: on})
	soon(q)
}

// flips applies the bounces due by now.
func (m *Machine) flips(now time.Time, soon func(time.Duration)) {
	rest := m.bounce[:0]
	for _, b := range m.bounce {
		if !b.at.After(now) {
			b.sw.Set(b.on || m.broken[b.sw])
			continue
		}
		rest = append(rest, b)
		soon(b.at.Sub(now))
	}
	m.bounce = rest
}

// mix shuffles the tray; the firmware's tray run calls it through the
// motor: every start of the tray motor mixes.
func (m *Machine) mix() {
	m.rand.Shuffle(len(m.tray), func(i, j int) { m.tray[i], m.tray[j] = m.tray[j], m.tray[i] })
	m.mixes++
}
