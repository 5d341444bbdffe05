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
		// Then it looks at the scheduler twice, one poll apart.
		if d := time.Since(real0); d != 10*time.Millisecond+clock.QuietPoll {
			t.Errorf("1s of simulated time took %v of real time at speed 100, want 10ms and a poll", d)
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
		if d := time.Since(real1); d != 5*time.Millisecond+clock.QuietPoll {
			t.Errorf("a timer 1ms ahead fired after %v of real time, want the 5ms settle and a poll", d)
		}
	})
}

// While a goroutine waits for a CPU, the paced clock does not move: the
// goroutines an event woke react before the next event, however busy the
// machine.
func TestPacedWaitsForTheScheduler(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		p := clock.NewPaced(start, 100, 5*time.Millisecond)
		busy := 0
		clock.SetQuietness(p, func() (uint64, uint64, uint64) {
			if busy > 0 {
				busy--
				return 1, 2, 0 // one goroutine waits for a CPU
			}
			return 0, 1, 0
		})
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go p.Run(ctx)

		busy = 10
		real0 := time.Now()
		<-p.After(time.Second)
		if d, want := time.Since(real0), 10*time.Millisecond+11*clock.QuietPoll; d != want {
			t.Errorf("with 10 busy looks the timer fired after %v, want %v", d, want)
		}
		// A goroutine in a long system call (a child process waited on)
		// does not hold the clock; one leaving a short call shows as a
		// change in their count, and the pacer looks again.
		calls := []uint64{3, 3, 4, 4}
		clock.SetQuietness(p, func() (uint64, uint64, uint64) {
			n := calls[0]
			if len(calls) > 1 {
				calls = calls[1:]
			}
			return 0, 1, n
		})
		real1 := time.Now()
		<-p.After(time.Second)
		if d, want := time.Since(real1), 10*time.Millisecond+clock.QuietPoll; d != want {
			t.Errorf("with steady system calls the timer fired after %v, want %v", d, want)
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
