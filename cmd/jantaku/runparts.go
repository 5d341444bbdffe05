package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/rfid"
	"jantaku/drivers/sensor"
	"jantaku/firmware/cycle"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
)

// table is the machine's parts by the profile's names, on real hardware
// (hardware/board) or on the simulated table (sim is then set).
type table struct {
	prof    *profile.Profile
	clk     clock.Clock
	motors  map[string]motor.Motor
	inputs  map[string]sensor.Switch
	buttons map[string]sensor.Button
	readers map[string]rfid.Reader
	muxes   map[string]rfid.Mux // by reader name
	enable  cycle.Enabler       // the motor-power enable chain; nil if the board has none
	probe   func() error        // checks the motor drivers answer
	sim     *sim.Machine
	close   func() error // halts every actuator and releases the hardware
}

// openBoard opens the real hardware of p.
func openBoard(p *profile.Profile, log *slog.Logger) (*table, error) {
	b, err := board.Open(p, board.Options{Log: log})
	if err != nil {
		return nil, err
	}
	for _, f := range b.Failed {
		log.Warn("periph host driver failed to load", "driver", f)
	}
	t := &table{prof: p, clk: clock.Real{}, motors: b.Motors, inputs: b.Inputs, buttons: b.Buttons,
		readers: b.Readers, muxes: b.Muxes, close: b.Close, probe: b.Probe}
	if b.Enable != nil {
		t.enable = b.Enable
	}
	return t, nil
}

// boardSurface is the tile sensing's surface of an opened board: every
// zone of p on its reader, which must read many tags at once.
func boardSurface(p *profile.Profile, readers map[string]rfid.Reader, muxes map[string]rfid.Mux) (*sensing.Surface, error) {
	surf, err := sensing.SurfaceOf(p, readers, muxes)
	if err != nil {
		return nil, fmt.Errorf("--sensing: the board's surface: %w", err)
	}
	if len(surf.Zones()) == 0 {
		return nil, fmt.Errorf("--sensing: profile %s has no zones", p.Name)
	}
	return surf, nil
}

// simConfig is what a simulated table needs besides the profile.
type simConfig struct {
	clk        clock.Clock
	seed       uint64
	miss       float64
	tray, onTo []rfid.UID
}

// feedEvery is how often the machine cycle feeds the enable chain: a
// third of its watchdog on hardware; on the simulated table, whose enable
// edges come from the feeds themselves (sim.FedEnable), half the hold.
func feedEvery(p *profile.Profile, simulated bool) time.Duration {
	if simulated {
		return p.Safety.Hold.D() / 2
	}
	return p.Safety.Watchdog.D() / 3
}

// openSim starts a simulated table with the parts of p's names; its
// physics goroutine runs until close.
func openSim(ctx context.Context, p *profile.Profile, sc simConfig) *table {
	ants := 1
	if r, ok := p.Readers["surface"]; ok && r.Mux != "" {
		ants = p.Muxes[r.Mux].Channels()
	}
	sm := sim.New(sim.Config{Timing: p.Timing, Sides: p.Sides, Clock: sc.clk, Seed: sc.seed, MissRate: sc.miss, Antennas: ants}, sc.tray, sc.onTo)
	t := &table{prof: p, clk: sc.clk, sim: sm, motors: map[string]motor.Motor{}, inputs: map[string]sensor.Switch{},
		buttons: map[string]sensor.Button{"start": sm.Start}, readers: map[string]rfid.Reader{"surface": sm.Surface},
		muxes: map[string]rfid.Mux{"surface": sm.Surface}, enable: sm.FedEnable(), probe: sm.Probe}
	for _, mt := range sm.Motors() {
		t.motors[mt.Name] = mt
	}
	for _, sw := range sm.Inputs() {
		t.inputs[sw.Name] = sw
	}
	for _, r := range sm.Inline {
		t.readers[r.Name] = r
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); sm.Run(ctx) }()
	t.close = func() error {
		errs := []error{t.enable.Disarm()}
		for _, mt := range sm.Motors() {
			errs = append(errs, mt.Halt())
		}
		cancel()
		<-done
		return errors.Join(errs...)
	}
	return t
}

// parts returns the cycle's parts, by the names profile.MotorNames and
// profile.InputNames give them.
func (t *table) parts() (cycle.Parts, error) {
	var missing []string
	mt := func(n string) motor.Motor {
		m, ok := t.motors[n]
		if !ok {
			missing = append(missing, "motor "+n)
		}
		return m
	}
	sw := func(n string) sensor.Switch {
		s, ok := t.inputs[n]
		if !ok {
			missing = append(missing, "input "+n)
		}
		return s
	}
	p := cycle.Parts{Tray: mt("tray"), Lid: sw("lid"), EStop: sw("estop"), Enable: t.enable, Probe: t.probe, Start: t.buttons["start"]}
	if p.Start == nil {
		missing = append(missing, "button start")
	}
	if p.Enable == nil {
		missing = append(missing, "the motor-power enable (profile safety.enable)")
	}
	for s := 0; s < t.prof.Sides; s++ {
		p.Conveyors = append(p.Conveyors, mt(fmt.Sprintf("conveyor%d", s)))
		p.Stackers = append(p.Stackers, mt(fmt.Sprintf("stacker%d", s)))
		p.Lifts = append(p.Lifts, mt(fmt.Sprintf("lift%d", s)))
		p.Eyes = append(p.Eyes, sw(fmt.Sprintf("eye%d", s)))
		p.Homes = append(p.Homes, sw(fmt.Sprintf("stacker%d.home", s)))
		p.Tops = append(p.Tops, sw(fmt.Sprintf("lift%d.top", s)))
		p.Bottoms = append(p.Bottoms, sw(fmt.Sprintf("lift%d.bottom", s)))
		r, ok := t.readers[profile.InlineReaderName(s)]
		if !ok {
			missing = append(missing, "reader "+profile.InlineReaderName(s))
		}
		p.Inline = append(p.Inline, r)
	}
	if len(missing) > 0 {
		return p, fmt.Errorf("the table lacks %s", strings.Join(missing, ", "))
	}
	return p, nil
}

func names[V any](m map[string]V) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// newestStatus carries the machine's status (JSON) at each state change
// for the displays; only the newest counts, so an older one waiting is
// replaced. A fault is counted in met.
func newestStatus(m *cycle.Machine, met *metrics) <-chan json.RawMessage {
	status := make(chan json.RawMessage, 1)
	m.OnState = func(st cycle.State) {
		if f := m.Fault(); st == cycle.Faulted && f != nil {
			met.machineFault(f.Code)
		}
		b, err := json.Marshal(m.Status())
		if err != nil {
			return
		}
		for {
			select {
			case status <- b:
				return
			default:
			}
			select {
			case <-status:
			default:
			}
		}
	}
	return status
}
