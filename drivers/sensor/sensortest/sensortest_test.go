package sensortest

import (
	"context"
	"errors"
	"testing"
	"time"

	"jantaku/drivers/clock/clocktest"
)

func TestSwitchWaitFor(t *testing.T) {
	clk := clocktest.New()
	s := &Switch{Name: "eye", Clock: clk}
	done := make(chan bool)
	go func() {
		ok, _ := s.WaitFor(context.Background(), true, time.Second)
		done <- ok
	}()
	if err := clk.BlockUntil(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	if !s.Set(true) || s.Set(true) {
		t.Error("Set did not report the change exactly once")
	}
	if !<-done {
		t.Error("WaitFor did not see the change")
	}
	go func() {
		ok, _ := s.WaitFor(context.Background(), false, time.Second)
		done <- ok
	}()
	_ = clk.BlockUntil(context.Background(), 2) // the first timer is still pending
	clk.Advance(time.Second)
	if <-done {
		t.Error("WaitFor(false) succeeded on an active switch")
	}
	if s.Changes() != 1 {
		t.Errorf("Changes = %d, want 1", s.Changes())
	}
	s.Fail = errors.New("wire cut")
	if _, err := s.Active(); err == nil {
		t.Error("Active on a failed switch: no error")
	}
}

func TestButton(t *testing.T) {
	clk := clocktest.New()
	b := &Button{Name: "start", Clock: clk}
	b.Press()
	if ok, _ := b.WaitPress(context.Background(), 0); !ok {
		t.Error("queued press not seen")
	}
	if ok, _ := b.WaitPress(context.Background(), 0); ok {
		t.Error("second press from one Press")
	}
}
