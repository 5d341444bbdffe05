package sensor_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/sensor"
	"jantaku/drivers/sensor/sensortest"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// timeoutPin records every WaitForEdge timeout it is given.
type timeoutPin struct {
	*gpiotest.Pin
	mu       sync.Mutex
	timeouts []time.Duration
}

func (p *timeoutPin) WaitForEdge(d time.Duration) bool {
	p.mu.Lock()
	p.timeouts = append(p.timeouts, d)
	p.mu.Unlock()
	return p.Pin.WaitForEdge(d)
}

func TestPinActiveLow(t *testing.T) {
	p := &gpiotest.Pin{N: "GPIO5", EdgesChan: make(chan gpio.Level, 1)}
	s, err := sensor.NewPin("lift0.top", p, gpio.PullUp, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Active(); a {
		t.Error("pulled-up active-low input reads active")
	}
	p.EdgesChan <- gpio.Low // the switch closes to ground
	ok, err := s.WaitFor(context.Background(), true, time.Second)
	if !ok || err != nil {
		t.Fatalf("WaitFor(active) = %v, %v", ok, err)
	}
	if a, _ := s.Active(); !a {
		t.Error("after the edge to Low: not active")
	}
}

func TestPinWaitForTimesOutWithPositiveTimeouts(t *testing.T) {
	p := &timeoutPin{Pin: &gpiotest.Pin{N: "GPIO6", EdgesChan: make(chan gpio.Level)}}
	s, err := sensor.NewPin("eye1", p, gpio.PullDown, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	ok, err := s.WaitFor(context.Background(), true, 3*time.Millisecond)
	if ok || err != nil {
		t.Fatalf("WaitFor on a still pin = %v, %v; want a timeout", ok, err)
	}
	if len(p.timeouts) == 0 {
		t.Fatal("WaitFor never waited for an edge")
	}
	for _, d := range p.timeouts {
		if d <= 0 {
			t.Errorf("WaitForEdge(%v): gpioioctl would wait forever or not at all", d)
		}
	}
}

func TestPinCancelled(t *testing.T) {
	p := &gpiotest.Pin{N: "GPIO7", EdgesChan: make(chan gpio.Level)}
	s, _ := sensor.NewPin("lid", p, gpio.PullDown, false, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.WaitFor(ctx, true, time.Hour); err != context.Canceled {
		t.Errorf("WaitFor with a cancelled context = %v", err)
	}
}

func TestNewPinErrors(t *testing.T) {
	if _, err := sensor.NewPin("x", nil, gpio.PullUp, true, nil); err == nil {
		t.Error("nil pin: no error")
	}
	// gpiotest refuses edge detection without an edge channel, as a pin
	// without interrupt support would.
	if _, err := sensor.NewPin("x", &gpiotest.Pin{N: "GPIO9"}, gpio.PullUp, true, nil); err == nil {
		t.Error("pin without edges: no error")
	}
}

// The button tests run in a synctest bubble: clock.Real is fake time there,
// advanced whenever every goroutine waits.

func TestButtonDebounce(t *testing.T) { synctest.Test(t, testButtonDebounce) }

func testButtonDebounce(t *testing.T) {
	clk := clock.Real{}
	ctx := t.Context()
	sw := &sensortest.Switch{Name: "seat0.ok", Clock: clk}
	b := sensor.NewButton(sw, 5*time.Millisecond, clk)

	t0 := clk.Now()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // a finger: a 1ms bounce, then a real press held 100ms
		defer wg.Done()
		steps := []struct {
			after time.Duration
			on    bool
		}{{10 * time.Millisecond, true}, {time.Millisecond, false}, {9 * time.Millisecond, true}, {100 * time.Millisecond, false}}
		for _, s := range steps {
			if clock.Sleep(ctx, clk, s.after) != nil {
				return
			}
			sw.Set(s.on)
		}
	}()
	ok, err := b.WaitPress(ctx, time.Second)
	if !ok || err != nil {
		t.Fatalf("WaitPress = %v, %v", ok, err)
	}
	if got, want := clk.Now().Sub(t0), 25*time.Millisecond; got != want {
		t.Errorf("press seen after %v, want %v (the bounce must not count)", got, want)
	}
	// One press, held and released: no second press.
	if ok, _ := b.WaitPress(ctx, time.Second); ok {
		t.Error("a held button pressed twice")
	}
	wg.Wait()
}

func TestButtonHeldAtStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := t.Context()
		clk := clock.Real{}
		sw := &sensortest.Switch{Name: "start", Clock: clk}
		sw.Set(true)
		b := sensor.NewButton(sw, 5*time.Millisecond, clk)
		if ok, _ := b.WaitPress(ctx, time.Second); ok {
			t.Error("a button held since start-up counted as a press")
		}
	})
}

// A limit switch whose contact bounces for 3ms as the lift arrives: the
// debounced switch sees one change, debounce after the contact settled.
func TestSwitchDebounce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := clock.Real{}
		raw := &sensortest.Switch{Name: "lift0.top", Clock: clk}
		sw := sensor.Debounce(raw, 5*time.Millisecond, clk)
		// The first read takes the state as it is (a switch found active at
		// start-up is active): read it before the bounce starts, or the
		// bouncing goroutine's first read could take its first bounce for
		// the state the switch was in.
		if a, err := sw.Active(); a || err != nil {
			t.Fatalf("Active before the bounce = %v, %v", a, err)
		}
		t0 := clk.Now()
		go func() {
			for i, on := range []bool{true, false, true, false, true} { // 1ms apart
				if i > 0 {
					time.Sleep(time.Millisecond)
				}
				raw.Set(on)
				if a, _ := sw.Active(); a {
					t.Errorf("active during the bounce (%d)", i)
				}
			}
		}()
		ok, err := sw.WaitFor(t.Context(), true, time.Second)
		if !ok || err != nil {
			t.Fatalf("WaitFor = %v, %v", ok, err)
		}
		if got, want := clk.Now().Sub(t0), 4*time.Millisecond+5*time.Millisecond; got != want {
			t.Errorf("active after %v, want %v (the last bounce plus the debounce)", got, want)
		}
		// A 2ms glitch off is not a release.
		raw.Set(false)
		if a, _ := sw.Active(); !a {
			t.Error("a glitch released the debounced switch at once")
		}
		time.Sleep(2 * time.Millisecond)
		raw.Set(true)
		if a, _ := sw.Active(); !a {
			t.Error("a 2ms glitch released the debounced switch")
		}
		// A real release counts after the debounce time.
		raw.Set(false)
		_, _ = sw.Active()
		time.Sleep(5 * time.Millisecond)
		if a, _ := sw.Active(); a {
			t.Error("still active 5ms after the release")
		}
	})
}

func TestDebounceKeepsErrors(t *testing.T) {
	raw := &sensortest.Switch{Name: "lid", Fail: errors.New("I2C: no ACK")}
	sw := sensor.Debounce(raw, time.Millisecond, nil)
	if _, err := sw.Active(); err == nil {
		t.Error("Active hid the input's error")
	}
	if _, err := sw.WaitFor(t.Context(), true, time.Millisecond); err == nil {
		t.Error("WaitFor hid the input's error")
	}
}

// failingPin is a pin whose reads fail, and say so.
type failingPin struct {
	*gpiotest.Pin
	err error
}

func (p *failingPin) ReadLevel() (gpio.Level, error) { return gpio.Low, p.err }

// An input that cannot be read is an error, not a quiet "inactive" (or,
// on a pulled-up normally-closed switch, a quiet "closed").
func TestPinReportsReadErrors(t *testing.T) {
	p := &failingPin{Pin: &gpiotest.Pin{N: "io2.A0", EdgesChan: make(chan gpio.Level)}, err: errors.New("i2c: no ACK from 0x22")}
	s, err := sensor.NewPin("lift0.bottom", p, gpio.PullUp, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Active(); err == nil || !strings.Contains(err.Error(), "no ACK") || !strings.Contains(err.Error(), "lift0.bottom") {
		t.Errorf("Active = %v, want the bus error naming the input", err)
	}
	if _, err := s.WaitFor(t.Context(), true, time.Second); err == nil {
		t.Error("WaitFor on an unreadable pin: no error")
	}
	p.err = nil
	if a, err := s.Active(); a || err != nil {
		t.Errorf("readable again: %v, %v", a, err)
	}
}
