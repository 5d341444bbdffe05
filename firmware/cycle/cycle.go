package cycle

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/rfid"
	"jantaku/drivers/sensor"
	"jantaku/firmware/census"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/rules/tile"
)

// Parts are the machine's drivers, per side where there are several.
type Parts struct {
	Tray      motor.Motor
	Conveyors []motor.Motor
	Stackers  []motor.Motor
	Lifts     []motor.Motor // Forward = up
	Lid       sensor.Switch // active = open
	EStop     sensor.Switch // active = pressed (its hardware contact has cut the motor power)
	// Enable is the motor-power enable chain: armed while the machine
	// moves, fed by its supervising loop, disarmed when it stops.
	Enable Enabler
	// Probe, if set, checks that the motor drivers answer (the board's
	// PCA9685s); the supervising loop calls it every feed period, so a
	// driver lost while its motor runs is a fault before the next command.
	Probe   func() error
	Eyes    []sensor.Switch
	Homes   []sensor.Switch
	Tops    []sensor.Switch
	Bottoms []sensor.Switch
	Inline  []rfid.Reader
	Start   sensor.Button
}

// Enabler is the motor-power enable chain (drivers/enable.Pulser): the
// motors have power only while it is armed and fed.
type Enabler interface {
	Arm() error
	// Feed keeps the power on for another watchdog period; it returns
	// why the power dropped, if it did.
	Feed() error
	Disarm() error
}

// Config is what the cycle needs besides the parts.
type Config struct {
	Timing   profile.Timing
	Stacks   []int // per side, from the profile's tile set
	Set      tile.Set
	TwoSets  bool
	Registry registry.Registry
	Rand     *rand.Rand // the dice; injected so tests are deterministic
	Clock    clock.Clock
	Log      *slog.Logger
	// Feed is how often the supervising loop feeds the enable chain and
	// checks the limit switches while the machine moves; it must be well
	// under the enable's watchdog (profile safety.watchdog / 3). 0 means
	// 20ms.
	Feed time.Duration
}

// State is the machine's state.
type State string

// States.
const (
	Idle     State = "idle"
	Mixing   State = "mixing"
	Building State = "building"
	Census   State = "census"
	Ready    State = "ready" // walls built and censused, on the lowered lifts
	Raising  State = "raising"
	WallsUp  State = "walls-up"
	Lowering State = "lowering"
	Faulted  State = "faulted"
)

// Position is where a tile sits in a wall.
type Position struct {
	Side, Stack, Level int // Level 0 bottom, 1 top
}

// Walls are built walls: per side, the tags in stacking order (stack i/2,
// level i%2).
type Walls struct {
	Set   byte
	Sides [][]rfid.UID
}

// At returns the tag at p.
func (w Walls) At(p Position) rfid.UID { return w.Sides[p.Side][2*p.Stack+p.Level] }

// Hand reports one Start-to-walls-up.
type Hand struct {
	Number   int
	Set      byte
	Dice     [2]int
	WallsUp  time.Duration // from the Start press to the walls at the top
	Walls    Walls
	StartAt  time.Time
	WallsUpT time.Time
}

// Machine runs the cycle. Its methods must be called from one goroutine
// (Run's); Halt may be called from any.
type Machine struct {
	p   Parts
	cfg Config
	clk clock.Clock
	log *slog.Logger

	mu      sync.Mutex
	state   State
	ready   *Walls
	fault   *Fault
	hands   int
	beat    time.Time   // the last sign of life of Run's loops
	OnHand  func(Hand)  // called when walls are up, from Run's goroutine
	OnState func(State) // called on every state change
}

// New returns a machine on parts.
func New(p Parts, cfg Config) (*Machine, error) {
	if len(cfg.Stacks) != len(p.Conveyors) && len(cfg.Stacks) < len(p.Conveyors) {
		return nil, fmt.Errorf("cycle: %d sides of stacks for %d sides of machine", len(cfg.Stacks), len(p.Conveyors))
	}
	n := 0
	for _, s := range cfg.Stacks {
		n += 2 * s
	}
	if n != cfg.Set.Size() {
		return nil, fmt.Errorf("cycle: stacks %v hold %d tiles, but %s has %d", cfg.Stacks, n, cfg.Set.Name, cfg.Set.Size())
	}
	for s, k := range cfg.Stacks {
		if k > 0 && s >= len(p.Conveyors) {
			return nil, fmt.Errorf("cycle: side %d has stacks but no conveyor", s)
		}
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Rand == nil {
		return nil, errors.New("cycle: no random source for the dice")
	}
	if cfg.Registry == nil {
		return nil, errors.New("cycle: no tag registry")
	}
	if p.Lid == nil || p.EStop == nil || p.Enable == nil {
		return nil, errors.New("cycle: the lid, the emergency stop and the motor-power enable are required")
	}
	if cfg.Feed <= 0 {
		cfg.Feed = 20 * time.Millisecond
	}
	m := &Machine{p: p, cfg: cfg, clk: cfg.Clock, log: cfg.Log, state: Idle}
	m.beat = m.clk.Now()
	return m, nil
}

// State returns the current state.
func (m *Machine) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state
}

// Fault returns the current fault, if any.
func (m *Machine) Fault() *Fault {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.fault
}

func (m *Machine) set(s State) {
	m.mu.Lock()
	m.state = s
	f := m.OnState
	m.mu.Unlock()
	m.log.Info("machine", "state", string(s))
	if f != nil {
		f(s)
	}
}

// actuators lists every moving part.
func (m *Machine) actuators() []motor.Motor {
	out := []motor.Motor{m.p.Tray}
	out = append(out, m.p.Conveyors...)
	out = append(out, m.p.Stackers...)
	return append(out, m.p.Lifts...)
}

// Halt is the safe stop: it drops the motor power (the enable chain)
// and halts every actuator, all of them even if some fail, and returns
// their errors joined.
func (m *Machine) Halt() error {
	var errs []error
	if m.p.Enable != nil {
		errs = append(errs, m.p.Enable.Disarm())
	}
	for _, a := range m.actuators() {
		if a != nil {
			errs = append(errs, a.Halt())
		}
	}
	return errors.Join(errs...)
}

// Dice rolls two dice.
func (m *Machine) Dice() [2]int {
	return [2]int{1 + m.cfg.Rand.IntN(6), 1 + m.cfg.Rand.IntN(6)}
}

func (m *Machine) margin(d time.Duration) time.Duration {
	return time.Duration(float64(d)*m.cfg.Timing.StallMargin) + m.cfg.Timing.ControlPeriod.D()
}

// guard runs f with the motor power on and the machine supervised: the
// enable chain is armed, the lid and the emergency stop are watched by
// their own goroutines (an edge halts everything at once), and a
// supervising loop feeds the enable every Feed while it finds the limit
// switches readable and plausible. Any of them cancels f's context with a
// fault; any fault f returns also halts everything. The power is dropped
// when guard returns.
func (m *Machine) guard(ctx context.Context, f func(ctx context.Context) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := func(fl *Fault) {
		_ = m.Halt()
		cancel(fl)
	}
	// The interlocks first: no power to a machine whose lid is open.
	for _, sw := range []struct {
		s    sensor.Switch
		code string
	}{{m.p.Lid, CodeLid}, {m.p.EStop, CodeEStop}} {
		if fl := m.interlock(sw.s, sw.code); fl != nil {
			_ = m.Halt()
			return fl
		}
	}
	if err := m.p.Enable.Arm(); err != nil {
		_ = m.Halt()
		return &Fault{Code: CodeEnable, Part: "enable", Msg: "the motor power could not be switched on", Err: err}
	}
	var wg sync.WaitGroup
	watch := func(sw sensor.Switch, code string) {
		defer wg.Done()
		for ctx.Err() == nil {
			// A positive timeout, always; the wait returns at the edge.
			on, err := sw.WaitFor(ctx, true, time.Second)
			if ctx.Err() != nil {
				return
			}
			if err != nil {
				stop(&Fault{Code: code, Part: sw.String(), Msg: sw.String() + " switch unreadable", Err: err})
				return
			}
			if on {
				if fl := m.interlock(sw, code); fl != nil {
					stop(fl)
					return
				}
			}
		}
	}
	wg.Add(3)
	go watch(m.p.Lid, CodeLid)
	go watch(m.p.EStop, CodeEStop)
	go func() {
		defer wg.Done()
		for {
			if fl := m.limitsPlausible(); fl != nil {
				stop(fl)
				return
			}
			if m.p.Probe != nil {
				if err := m.p.Probe(); err != nil {
					stop(&Fault{Code: CodeActuator, Part: "motor drivers", Msg: "a motor driver does not answer", Err: err})
					return
				}
			}
			if err := m.p.Enable.Feed(); err != nil {
				stop(&Fault{Code: CodeEnable, Part: "enable", Msg: "the motor power dropped", Err: err})
				return
			}
			m.alive()
			if clock.Sleep(ctx, m.clk, m.cfg.Feed) != nil {
				return
			}
		}
	}()
	err := f(ctx)
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		err = cause
	}
	cancel(nil)
	wg.Wait()
	if err != nil {
		_ = m.Halt()
	} else if derr := m.p.Enable.Disarm(); derr != nil {
		_ = m.Halt()
		err = &Fault{Code: CodeEnable, Part: "enable", Msg: "the motor power could not be switched off", Err: derr}
	}
	return err
}

// interlock reads a lid or E-stop input: a fault if it is active or
// unreadable (an interlock that cannot be read guards nothing).
func (m *Machine) interlock(sw sensor.Switch, code string) *Fault {
	on, err := sw.Active()
	switch {
	case err != nil:
		return &Fault{Code: code, Part: sw.String(), Msg: sw.String() + " switch unreadable", Err: err}
	case on && code == CodeLid:
		return fault(CodeLid, sw.String(), "opened while the machine moved (or its wire is broken)")
	case on:
		return fault(CodeEStop, sw.String(), "pressed: the motor power is cut (or its wire is broken)")
	}
	return nil
}

// limitsPlausible checks every lift's limit switches: readable, and never
// both active (one of them, or its wiring, is faulty).
func (m *Machine) limitsPlausible() *Fault {
	for s := range m.p.Lifts {
		if s >= len(m.p.Tops) || s >= len(m.p.Bottoms) {
			break
		}
		top, err := m.p.Tops[s].Active()
		if err != nil {
			return switchFault(m.p.Tops[s], err)
		}
		bottom, err := m.p.Bottoms[s].Active()
		if err != nil {
			return switchFault(m.p.Bottoms[s], err)
		}
		if top && bottom {
			return fault(CodeSwitch, m.p.Lifts[s].String(), "%s and %s are both active: a switch or its wire is faulty", m.p.Tops[s], m.p.Bottoms[s])
		}
	}
	return nil
}

// switchFault is an input's I/O error as a fault.
func switchFault(sw sensor.Switch, err error) *Fault {
	return &Fault{Code: CodeSwitch, Part: sw.String(), Msg: "unreadable", Err: err}
}

// asFault turns a switch wait's error into a fault unless ctx ended (the
// guard's cause or a shutdown).
func asFault(ctx context.Context, sw sensor.Switch, err error) error {
	var f *Fault
	if err == nil || ctx.Err() != nil || errors.As(err, &f) {
		return err
	}
	return switchFault(sw, err)
}

// alive records a sign of life of Run's loops.
func (m *Machine) alive() {
	m.mu.Lock()
	m.beat = m.clk.Now()
	m.mu.Unlock()
}

// Alive reports an error if Run's loops showed no sign of life for
// longer than stale: the systemd watchdog asks it, so a stuck machine
// cycle restarts the daemon (and the enable chain has long dropped the
// motor power).
func (m *Machine) Alive(stale time.Duration) error {
	m.mu.Lock()
	age := m.clk.Now().Sub(m.beat)
	m.mu.Unlock()
	if age > stale {
		return fmt.Errorf("cycle: the machine's loops showed no sign of life for %v", age)
	}
	return nil
}

// parallel runs f for each side with stacks, cancelling the others on the
// first error, and returns that error.
func (m *Machine) parallel(ctx context.Context, f func(ctx context.Context, side int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for s, k := range m.cfg.Stacks {
		if k == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(ctx, s); err != nil {
				once.Do(func() { first = err; cancel(err) })
			}
		}()
	}
	wg.Wait()
	return first
}

// move runs lift mt in dir until limit to is active, within the nominal
// travel time d and the stall margin, then stops it. from is the opposite
// limit. The move is checked for plausibility: the two limits are never
// both active; a move that starts at from must see it release within the
// first quarter of the travel (else the part did not move, or the switch
// sticks), and must not reach to in less than a quarter of it (a broken
// wire on a normally-closed switch reads "at the limit" at once).
func (m *Machine) move(ctx context.Context, mt motor.Motor, dir motor.Direction, to, from sensor.Switch, d time.Duration) error {
	at, err := to.Active()
	if err != nil {
		return switchFault(to, err)
	}
	fromAt, err := from.Active()
	if err != nil {
		return switchFault(from, err)
	}
	if at && fromAt {
		return fault(CodeSwitch, mt.String(), "%s and %s are both active: a switch or its wire is faulty", to, from)
	}
	if at {
		return nil
	}
	start := m.clk.Now()
	if err := mt.Run(dir, 1); err != nil {
		return &Fault{Code: CodeActuator, Part: mt.String(), Msg: "run refused", Err: err}
	}
	if fromAt {
		window := d/4 + m.cfg.Timing.ControlPeriod.D()
		ok, err := from.WaitFor(ctx, false, window)
		if err != nil {
			return asFault(ctx, from, err)
		}
		if !ok {
			return fault(CodeStall, mt.String(), "%s still active %v after the start: %s did not move, or the switch sticks", from, window, mt)
		}
	}
	left := m.margin(d) - m.clk.Now().Sub(start)
	ok, err := to.WaitFor(ctx, true, left)
	if err != nil {
		return asFault(ctx, to, err)
	}
	if !ok {
		return fault(CodeStall, mt.String(), "%s did not come within %v", to, m.margin(d))
	}
	if err := mt.Stop(); err != nil {
		return &Fault{Code: CodeActuator, Part: mt.String(), Msg: "stop refused", Err: err}
	}
	if took := m.clk.Now().Sub(start); fromAt && took < d/4 {
		return fault(CodeSwitch, to.String(), "active after %v of a %v travel: the switch or its wire is faulty", took, d)
	}
	return nil
}

// Lower brings every lift to the bottom.
func (m *Machine) Lower(ctx context.Context) error {
	m.set(Lowering)
	return m.guard(ctx, func(ctx context.Context) error {
		return m.parallel(ctx, func(ctx context.Context, s int) error {
			return m.move(ctx, m.p.Lifts[s], motor.Reverse, m.p.Bottoms[s], m.p.Tops[s], m.cfg.Timing.Lift.D())
		})
	})
}

// Raise lifts the ready walls to the table. Only censused walls rise.
func (m *Machine) Raise(ctx context.Context) error {
	if m.ready == nil {
		return errors.New("cycle: no censused walls to raise")
	}
	m.set(Raising)
	err := m.guard(ctx, func(ctx context.Context) error {
		return m.parallel(ctx, func(ctx context.Context, s int) error {
			return m.move(ctx, m.p.Lifts[s], motor.Forward, m.p.Tops[s], m.p.Bottoms[s], m.cfg.Timing.Lift.D())
		})
	})
	if err != nil {
		return err
	}
	m.set(WallsUp)
	return nil
}

// Build mixes the tray, builds the walls (reading every tile) and takes the
// census. On success the walls wait on the lowered lifts, ready to rise.
func (m *Machine) Build(ctx context.Context) (*Walls, error) {
	m.ready = nil
	t := m.cfg.Timing
	err := m.guard(ctx, func(ctx context.Context) error {
		// Lifts at the bottom to receive stacks.
		if err := m.parallel(ctx, func(ctx context.Context, s int) error {
			return m.move(ctx, m.p.Lifts[s], motor.Reverse, m.p.Bottoms[s], m.p.Tops[s], t.Lift.D())
		}); err != nil {
			return err
		}
		m.set(Mixing)
		if err := m.p.Tray.Run(motor.Forward, 1); err != nil {
			return &Fault{Code: CodeActuator, Part: "tray", Msg: "run refused", Err: err}
		}
		if err := clock.Sleep(ctx, m.clk, t.Mix.D()); err != nil {
			return err
		}
		if err := m.p.Tray.Stop(); err != nil {
			return &Fault{Code: CodeActuator, Part: "tray", Msg: "stop refused", Err: err}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	m.set(Building)
	sides := make([][]rfid.UID, len(m.cfg.Stacks))
	counted := make([]int, len(m.cfg.Stacks))
	err = m.guard(ctx, func(ctx context.Context) error {
		return m.parallel(ctx, func(ctx context.Context, s int) error {
			uids, err := m.buildSide(ctx, s)
			sides[s] = uids
			counted[s] = len(uids)
			return err
		})
	})
	var short *Fault
	if errors.As(err, &short) && short.Code == CodeCount {
		total, want := 0, 0
		for s, c := range counted {
			total += c
			want += 2 * m.cfg.Stacks[s]
		}
		short.Msg = fmt.Sprintf("%s; %d of %d tiles counted", short.Msg, total, want)
	}
	if err != nil {
		return nil, err
	}
	m.set(Census)
	var all []rfid.UID
	for _, u := range sides {
		all = append(all, u...)
	}
	label, err := census.Check(m.cfg.Set, 0, all, m.cfg.Registry)
	if err != nil {
		_ = m.Halt()
		return nil, &Fault{Code: CodeCensus, Part: fmt.Sprintf("set %c", label), Msg: "the walls may not rise", Err: err}
	}
	w := &Walls{Set: label, Sides: sides}
	m.ready = w
	m.set(Ready)
	m.log.Info("walls built", "set", string(label), "tiles", len(all))
	return w, nil
}

// buildSide conveys, counts, reads and stacks one side's tiles.
func (m *Machine) buildSide(ctx context.Context, s int) ([]rfid.UID, error) {
	t := m.cfg.Timing
	n := 2 * m.cfg.Stacks[s]
	conv, stk, eye, home := m.p.Conveyors[s], m.p.Stackers[s], m.p.Eyes[s], m.p.Homes[s]
	uids := make([]rfid.UID, 0, n)
	if err := conv.Run(motor.Forward, 1); err != nil {
		return uids, &Fault{Code: CodeActuator, Part: conv.String(), Msg: "run refused", Err: err}
	}
	for i := 0; i < n; i++ {
		ok, err := eye.WaitFor(ctx, true, t.JamTimeout.D())
		if err != nil {
			return uids, asFault(ctx, eye, err)
		}
		if !ok {
			_ = conv.Stop()
			return uids, fault(CodeCount, eye.String(), "side %d got %d of %d tiles: no tile at the gate for %v", s, i, n, t.JamTimeout.D())
		}
		if i == n-1 {
			if err := conv.Stop(); err != nil {
				return uids, &Fault{Code: CodeActuator, Part: conv.String(), Msg: "stop refused", Err: err}
			}
		}
		uid, err := m.read(ctx, s, i)
		if err != nil {
			return uids, err
		}
		uids = append(uids, uid)
		m.log.Debug("tile", "side", s, "stack", i/2, "level", i%2, "uid", string(uid))
		// One stacker stroke: the cam leaves home and comes back.
		if err := stk.Run(motor.Forward, 1); err != nil {
			return uids, &Fault{Code: CodeActuator, Part: stk.String(), Msg: "run refused", Err: err}
		}
		for _, want := range []bool{false, true} {
			ok, err := home.WaitFor(ctx, want, m.margin(t.Stroke.D()))
			if err != nil {
				return uids, asFault(ctx, home, err)
			}
			if !ok {
				return uids, fault(CodeStall, stk.String(), "%s did not %s within %v", home, map[bool]string{false: "leave", true: "return"}[want], m.margin(t.Stroke.D()))
			}
		}
		if err := stk.Stop(); err != nil {
			return uids, &Fault{Code: CodeActuator, Part: stk.String(), Msg: "stop refused", Err: err}
		}
		a, err := eye.Active()
		if err != nil {
			return uids, switchFault(eye, err)
		}
		if a {
			if ok, err := eye.WaitFor(ctx, false, t.ControlPeriod.D()); err != nil {
				return uids, asFault(ctx, eye, err)
			} else if !ok {
				return uids, fault(CodeJam, eye.String(), "tile %s stuck at side %d's gate after the stroke", uid, s)
			}
		}
	}
	return uids, nil
}

// read reads the tile at side s's gate, retrying misses and garbled
// answers up to the profile's attempts.
func (m *Machine) read(ctx context.Context, s, pos int) (rfid.UID, error) {
	rd := m.p.Inline[s]
	var last error
	for a := 0; a < m.cfg.Timing.ReadAttempts; a++ {
		uid, err := rd.ReadUID(ctx, 0)
		if err == nil {
			return uid, nil
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		if !errors.Is(err, rfid.ErrNoTag) && !errors.Is(err, rfid.ErrGarbled) {
			return "", &Fault{Code: CodeReader, Part: rd.String(), Msg: fmt.Sprintf("side %d position %d", s, pos), Err: err}
		}
		last = err
	}
	return "", &Fault{Code: CodeReader, Part: rd.String(), Msg: fmt.Sprintf("side %d position %d (stack %d): no read in %d attempts", s, pos, pos/2, m.cfg.Timing.ReadAttempts), Err: last}
}
