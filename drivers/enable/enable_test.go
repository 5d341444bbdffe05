package enable_test

import (
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/enable"
	"jantaku/drivers/enable/enabletest"
)

// The tests run in synctest bubbles: time is fake and moves only when
// every goroutine waits.

func newPulser(t *testing.T) (*enable.Pulser, *enabletest.Hold) {
	t.Helper()
	h := &enabletest.Hold{Hold: 100 * time.Millisecond, Clock: clock.Real{}}
	h.N = "GPIO26"
	p, err := enable.New("motor power", h, enable.Config{Period: 20 * time.Millisecond, Watchdog: 60 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return p, h
}

func TestPowerOnlyWhileArmedAndFed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, h := newPulser(t)
		if h.Powered() {
			t.Fatal("powered before Arm")
		}
		if err := p.Arm(); err != nil {
			t.Fatal(err)
		}
		// Fed every 50ms for a second: the power never drops.
		for i := 0; i < 20; i++ {
			time.Sleep(50 * time.Millisecond)
			if !h.Powered() {
				t.Fatalf("power dropped after %d feeds", i)
			}
			if err := p.Feed(); err != nil {
				t.Fatal(err)
			}
		}
		// 50 edges a second at a 20ms period: 100 in a second, plus Arm's.
		if n := h.Edges(); n < 100 {
			t.Errorf("%d edges in a second, want at least 100", n)
		}
		// Disarm: the line is low at once, and the power is off within
		// the hold time.
		off := time.Now()
		if err := p.Disarm(); err != nil {
			t.Fatal(err)
		}
		if h.Read() {
			t.Error("line high after Disarm")
		}
		until, _ := h.Until()
		if d := until.Sub(off); d > 100*time.Millisecond {
			t.Errorf("power held %v after Disarm, more than the 100ms hold", d)
		}
	})
}

func TestStarvedWatchdogDropsPower(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, h := newPulser(t)
		if err := p.Arm(); err != nil {
			t.Fatal(err)
		}
		fed := time.Now()
		time.Sleep(time.Second) // nobody feeds
		if h.Powered() {
			t.Fatal("still powered a second after the last feed")
		}
		// The pulses stop once the watchdog expires, at the next half
		// period: the power drops at most watchdog + period/2 + hold
		// after the last feed.
		until, _ := h.Until()
		if d, max := until.Sub(fed), 60*time.Millisecond+10*time.Millisecond+100*time.Millisecond; d > max {
			t.Errorf("power held %v after the last feed, want at most %v", d, max)
		}
		if err := p.Feed(); !errors.Is(err, enable.ErrStarved) {
			t.Errorf("Feed after starving = %v, want ErrStarved", err)
		}
		if p.Pulsing() {
			t.Error("Pulsing after starving")
		}
		// Arm starts afresh.
		if err := p.Arm(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(30 * time.Millisecond)
		if !h.Powered() || !p.Pulsing() {
			t.Error("not powered after re-arming")
		}
		_ = p.Disarm()
	})
}

// A dead process: the line keeps its last level (high, here), and the
// hold circuit drops the power within the hold time of the last edge.
func TestDeadProcessLineStuckHigh(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, h := newPulser(t)
		if err := p.Arm(); err != nil {
			t.Fatal(err)
		}
		for range 7 {
			time.Sleep(10 * time.Millisecond)
			_ = p.Feed()
		}
		time.Sleep(5 * time.Millisecond)
		for !h.Read() { // freeze with the line high
			time.Sleep(time.Millisecond)
		}
		h.Freeze(true)
		died := time.Now()
		for h.Powered() {
			time.Sleep(time.Millisecond)
			_ = p.Feed() // the process's last goroutines still feed: it does not help
		}
		if d := time.Since(died); d > 100*time.Millisecond {
			t.Errorf("motors powered %v after the line froze, more than the 100ms hold", d)
		}
		if !h.Read() {
			t.Error("the frozen line should still read high")
		}
		h.Freeze(false)
		_ = p.Disarm()
	})
}

func TestPinFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, h := newPulser(t)
		h.Fail(errors.New("gpiochip0: line busy"))
		if err := p.Arm(); err == nil {
			t.Error("Arm on a failing pin: no error")
		}
		h.Fail(nil)
		if err := p.Arm(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(25 * time.Millisecond)
		h.Fail(errors.New("gpiochip0: gone"))
		time.Sleep(50 * time.Millisecond)
		if err := p.Feed(); err == nil || errors.Is(err, enable.ErrStarved) {
			t.Errorf("Feed after a pin failure = %v, want the pin's error", err)
		}
		h.Fail(nil)
		_ = p.Disarm()
	})
}

func TestNewErrors(t *testing.T) {
	h := &enabletest.Hold{}
	if _, err := enable.New("x", nil, enable.Config{Period: time.Millisecond, Watchdog: time.Second}); err == nil {
		t.Error("nil pin: no error")
	}
	if _, err := enable.New("x", h, enable.Config{Period: time.Second, Watchdog: time.Millisecond}); err == nil {
		t.Error("watchdog shorter than a period: no error")
	}
}
