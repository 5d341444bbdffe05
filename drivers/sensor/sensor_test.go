package sensor_test

import (
	"context"
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
