package players_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/hardware/sim/players"
)

// The players press Start once per ask (however often asked before),
// no sooner than their wait, and only once the machine takes a press.
func TestStarter(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var ready atomic.Bool
		var mu sync.Mutex
		var at []time.Duration
		t0 := time.Now()
		s := players.NewStarter(clock.Real{}, 3*time.Second, ready.Load, func() {
			mu.Lock()
			defer mu.Unlock()
			at = append(at, time.Since(t0))
		})
		pressed := func() []time.Duration {
			mu.Lock()
			defer mu.Unlock()
			return slices.Clone(at)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { defer close(done); s.Run(ctx) }()
		s.Ask()
		s.Ask()
		time.Sleep(5 * time.Second) // waited, but the machine is busy
		synctest.Wait()
		if presses := pressed(); len(presses) != 0 {
			t.Fatalf("Start pressed at %v while the machine took no press", presses)
		}
		ready.Store(true)
		time.Sleep(time.Second)
		synctest.Wait()
		if presses := pressed(); len(presses) != 1 || presses[0] < 5*time.Second || presses[0] > 5100*time.Millisecond {
			t.Fatalf("presses at %v, want one just after 5s", presses)
		}
		s.Ask()
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if presses := pressed(); len(presses) != 1 {
			t.Fatalf("pressed %v before the wait of the second ask", presses)
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if presses := pressed(); len(presses) != 2 {
			t.Fatalf("presses at %v, want a second after the second ask's wait", presses)
		}
		cancel()
		<-done
	})
}
