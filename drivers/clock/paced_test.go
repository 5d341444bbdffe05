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
		clock.SetQuietness(p, func() (uint64, uint64, uint64) { return 0, 1, 0 })
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

// While a goroutine waits for a CPU, runs, or makes a system call, the
// paced clock does not move: the goroutines an event woke react before the
// next event, however busy the machine.
func TestPacedWaitsForTheScheduler(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		p := clock.NewPaced(start, 100, 5*time.Millisecond)
		var looks [][3]uint64 // runnable, running, in system calls; the last repeats
		clock.SetQuietness(p, func() (uint64, uint64, uint64) {
			l := looks[0]
			if len(looks) > 1 {
				looks = looks[1:]
			}
			return l[0], l[1], l[2]
		})
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go p.Run(ctx)

		for _, c := range []struct {
			name  string
			looks [][3]uint64
			polls time.Duration // real time waited for quiet
		}{
			{"quiet, one goroutine parked in a system call", [][3]uint64{{0, 1, 1}}, 0},
			{"one goroutine waiting for a CPU, then another running", [][3]uint64{{1, 1, 1}, {1, 1, 1}, {0, 2, 1}, {0, 1, 1}}, 3 * clock.QuietPoll},
			{"a goroutine writing its journal", [][3]uint64{{0, 1, 2}, {0, 1, 2}, {0, 1, 1}}, 2 * clock.QuietPoll},
			{"the parked goroutine returned", [][3]uint64{{0, 1, 0}}, 0},
			// A goroutine that stays in its call as long as the pacer may
			// wait has started a long one: it is parked from then on.
			{"a second goroutine parks for good", [][3]uint64{{0, 1, 1}}, time.Second},
			{"still parked", [][3]uint64{{0, 1, 1}}, 0},
		} {
			looks = c.looks
			real0 := time.Now()
			<-p.After(time.Second)
			if d, want := time.Since(real0), 10*time.Millisecond+c.polls; d != want {
				t.Errorf("%s: the timer fired after %v, want %v", c.name, d, want)
			}
		}
	})
}

// The real look at the scheduler: a goroutine busy on the CPU holds the
// clock for as long as it runs.
func TestPacedHeldByARunningGoroutine(t *testing.T) {
	p := clock.NewPaced(time.Now(), 1e6, time.Microsecond)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go p.Run(ctx)
	ch := p.After(time.Millisecond)
	// This goroutine stays runnable or running while it spins; a timer
	// due at once must not fire meanwhile.
	for end := time.Now().Add(50 * time.Millisecond); time.Now().Before(end); {
		select {
		case <-ch:
			t.Fatal("the paced clock fired while a goroutine was running")
		default:
		}
	}
	select {
	case <-ch:
	case <-time.After(time.Minute):
		t.Fatal("the timer did not fire in a minute once the goroutine blocked")
	}
}
