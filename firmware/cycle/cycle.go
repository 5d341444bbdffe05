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
	Eyes      []sensor.Switch
	Homes     []sensor.Switch
	Tops      []sensor.Switch
	Bottoms   []sensor.Switch
	Inline    []rfid.Reader
	Start     sensor.Button
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
	return &Machine{p: p, cfg: cfg, clk: cfg.Clock, log: cfg.Log, state: Idle}, nil
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

// Halt stops every actuator: the safe stop. It halts them all even if some
// fail, and returns their errors joined.
func (m *Machine) Halt() error {
	var errs []error
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

// guard runs f with the lid watched: if the lid opens, every actuator is
// halted at once and f's context is cancelled with an E105 fault. Any fault
// f returns also halts everything.
func (m *Machine) guard(ctx context.Context, f func(ctx context.Context) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ctx.Err() == nil {
			// A positive timeout, always; the wait returns at the edge.
			open, err := m.p.Lid.WaitFor(ctx, true, time.Second)
			if err != nil && ctx.Err() == nil {
				_ = m.Halt()
				cancel(&Fault{Code: CodeLid, Part: "lid", Msg: "lid switch unreadable", Err: err})
				return
			}
			if open {
				_ = m.Halt()
				cancel(fault(CodeLid, "lid", "opened while the machine moved"))
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
	}
	return err
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

// move runs mt in dir until sw is active, within the nominal time d and
// the stall margin; then stops it.
func (m *Machine) move(ctx context.Context, mt motor.Motor, dir motor.Direction, sw sensor.Switch, d time.Duration) error {
	if a, err := sw.Active(); err == nil && a {
		return nil
	}
	if err := mt.Run(dir, 1); err != nil {
		return &Fault{Code: CodeActuator, Part: mt.String(), Msg: "run refused", Err: err}
	}
	ok, err := sw.WaitFor(ctx, true, m.margin(d))
	if err != nil {
		return err
	}
	if !ok {
		return fault(CodeStall, mt.String(), "%s did not come within %v", sw, m.margin(d))
	}
	if err := mt.Stop(); err != nil {
		return &Fault{Code: CodeActuator, Part: mt.String(), Msg: "stop refused", Err: err}
	}
	return nil
}

// Lower brings every lift to the bottom.
func (m *Machine) Lower(ctx context.Context) error {
	m.set(Lowering)
	return m.guard(ctx, func(ctx context.Context) error {
		return m.parallel(ctx, func(ctx context.Context, s int) error {
			return m.move(ctx, m.p.Lifts[s], motor.Reverse, m.p.Bottoms[s], m.cfg.Timing.Lift.D())
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
			return m.move(ctx, m.p.Lifts[s], motor.Forward, m.p.Tops[s], m.cfg.Timing.Lift.D())
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
			return m.move(ctx, m.p.Lifts[s], motor.Reverse, m.p.Bottoms[s], t.Lift.D())
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
			return uids, err
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
				return uids, err
			}
			if !ok {
				return uids, fault(CodeStall, stk.String(), "%s did not %s within %v", home, map[bool]string{false: "leave", true: "return"}[want], m.margin(t.Stroke.D()))
			}
		}
		if err := stk.Stop(); err != nil {
			return uids, &Fault{Code: CodeActuator, Part: stk.String(), Msg: "stop refused", Err: err}
		}
		if a, _ := eye.Active(); a {
			if ok, err := eye.WaitFor(ctx, false, t.ControlPeriod.D()); err != nil {
				return uids, err
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
