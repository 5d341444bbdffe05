package clock_test

import (
	"context"
	"testing"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/clock/clocktest"
)

func TestSleepCancelled(t *testing.T) {
	c := clocktest.New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := clock.Sleep(ctx, c, time.Hour); err != context.Canceled {
		t.Errorf("Sleep = %v, want context.Canceled", err)
	}
}

func TestScaledRunsFaster(t *testing.T) {
	s := clock.NewScaled(1000)
	t0 := s.Now()
	<-s.After(2 * time.Second) // 2 ms of real time
	if d := s.Now().Sub(t0); d < 2*time.Second {
		t.Errorf("scaled clock advanced %v, want at least 2s", d)
	}
}
