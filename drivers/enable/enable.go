package enable

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"periph.io/x/conn/v3/gpio"
)

// ErrStarved is reported by Err after the pulses stopped because the
// watchdog was not fed in time.
var ErrStarved = errors.New("enable: watchdog not fed: motor power dropped")

// Config sets a Pulser's timing.
type Config struct {
	// Period is one pulse period: the output toggles every half period.
	Period time.Duration
	// Watchdog is how long the pulses go on after the last Arm or Feed.
	Watchdog time.Duration
	// Clock is nil for the real clock.
	Clock clock.Clock
}

// Pulser drives the enable chain's pulse input. Its methods may be called
// from any goroutine.
type Pulser struct {
	name string
	pin  gpio.PinOut
	cfg  Config

	mu    sync.Mutex
	fed   time.Time     // the last Arm or Feed
	stop  chan struct{} // closed by Disarm; nil when not armed
	done  chan struct{} // closed when the pulse goroutine has driven the pin low
	err   error         // why the last pulses stopped, if not Disarm
	edges int
}

// New returns a disarmed Pulser on pin and drives the pin low.
func New(name string, pin gpio.PinOut, cfg Config) (*Pulser, error) {
	if pin == nil {
		return nil, fmt.Errorf("enable %s: no pin", name)
	}
	if cfg.Period <= 0 || cfg.Watchdog < cfg.Period {
		return nil, fmt.Errorf("enable %s: period %v and watchdog %v: want a positive period and a watchdog of at least one period", name, cfg.Period, cfg.Watchdog)
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if err := pin.Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("enable %s: %s: %w", name, pin, err)
	}
	return &Pulser{name: name, pin: pin, cfg: cfg}, nil
}

func (p *Pulser) String() string { return p.name }

// Arm starts the pulses (if they are not running) and feeds the watchdog.
// It returns the error of the first edge: a pin that cannot be driven
// cannot power the motors.
func (p *Pulser) Arm() error {
	p.mu.Lock()
	p.fed = p.cfg.Clock.Now()
	if p.stop != nil && p.err == nil {
		p.mu.Unlock()
		return nil
	}
	if p.stop != nil { // stopped on its own: end that goroutine first
		stop, done := p.stop, p.done
		p.stop = nil
		p.mu.Unlock()
		close(stop)
		<-done
		p.mu.Lock()
	}
	if err := p.pin.Out(gpio.High); err != nil {
		p.mu.Unlock()
		return fmt.Errorf("enable %s: %w", p.name, err)
	}
	p.edges++
	p.err = nil
	stop, done := make(chan struct{}), make(chan struct{})
	p.stop, p.done = stop, done
	p.mu.Unlock()
	go p.pulse(stop, done)
	return nil
}

// Feed feeds the watchdog: the pulses go on for another Watchdog. It does
// not restart pulses that stopped on their own (that takes Arm): it
// returns why they stopped, so the feeder knows the motors lost power.
func (p *Pulser) Feed() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fed = p.cfg.Clock.Now()
	return p.err
}

// Disarm stops the pulses and drives the pin low before it returns.
func (p *Pulser) Disarm() error {
	p.mu.Lock()
	stop, done := p.stop, p.done
	p.stop = nil
	p.mu.Unlock()
	if stop != nil {
		close(stop)
		<-done
	}
	if err := p.pin.Out(gpio.Low); err != nil {
		return fmt.Errorf("enable %s: %w", p.name, err)
	}
	return nil
}

// Halt implements conn.Resource: the same as Disarm.
func (p *Pulser) Halt() error { return p.Disarm() }

// Pulsing reports whether the pulses run.
func (p *Pulser) Pulsing() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stop != nil && p.err == nil
}

// Err reports why the pulses last stopped on their own (ErrStarved, or a
// pin error), nil if they run or were disarmed.
func (p *Pulser) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Edges returns the number of rising and falling edges sent so far.
func (p *Pulser) Edges() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.edges
}

func (p *Pulser) pulse(stop, done chan struct{}) {
	defer close(done)
	level := gpio.High
	half := p.cfg.Period / 2
	for {
		select {
		case <-stop:
			_ = p.pin.Out(gpio.Low)
			return
		case <-p.cfg.Clock.After(half):
		}
		p.mu.Lock()
		starved := p.cfg.Clock.Now().Sub(p.fed) > p.cfg.Watchdog
		p.mu.Unlock()
		var err error
		if starved {
			err = ErrStarved
		} else {
			level = !level
			if e := p.pin.Out(level); e != nil {
				err = fmt.Errorf("enable %s: %w", p.name, e)
			}
		}
		if err != nil {
			_ = p.pin.Out(gpio.Low)
			p.mu.Lock()
			p.err = err
			p.mu.Unlock()
			// Wait for Disarm: a later Arm starts afresh.
			<-stop
			return
		}
		p.mu.Lock()
		p.edges++
		p.mu.Unlock()
	}
}
