package clock_test

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
)

func TestPaced(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		p := clock.NewPaced(start, 100, 5*time.Millisecond)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go p.Run(ctx)

		late, early := p.After(2*time.Second), p.After(time.Second)
		if got := <-p.After(0); !got.Equal(start) {
			t.Errorf("After(0) = %v, want the start", got)
		}
		real0 := time.Now()
		if got := <-early; !got.Equal(start.Add(time.Second)) {
			t.Errorf("first timer at %v, want +1s", got.Sub(start))
		}
		if d := time.Since(real0); d != 10*time.Millisecond {
			t.Errorf("1s of simulated time took %v of real time at speed 100, want 10ms", d)
		}
		// Time stands still between timers, however long the wait.
		time.Sleep(time.Millisecond)
		synctest.Wait()
		if got := p.Now(); !got.Equal(start.Add(time.Second)) {
			t.Errorf("between timers the clock reads +%v, want +1s", got.Sub(start))
		}
		<-late
		// A timer due at once still waits for the settle time.
		real1 := time.Now()
		<-p.After(time.Millisecond)
		if d := time.Since(real1); d != 5*time.Millisecond {
			t.Errorf("a timer 1ms ahead fired after %v of real time, want the 5ms settle", d)
		}
	})
}
