package motortest

import (
	"errors"
	"testing"
	"time"

	"jantaku/drivers/clock/clocktest"
	"jantaku/drivers/motor"
)

func TestMotorRecords(t *testing.T) {
	clk := clocktest.New()
	var seen []State
	m := &Motor{Name: "lift0", Clock: clk, OnChange: func(s State) { seen = append(seen, s) }}
	if err := m.Run(motor.Forward, 0.5); err != nil {
		t.Fatal(err)
	}
	if !m.State().Running() {
		t.Error("State after Run: not running")
	}
	clk.Advance(time.Second)
	if err := m.Halt(); err != nil {
		t.Fatal(err)
	}
	if m.State().Running() || m.Halts() != 1 {
		t.Errorf("after Halt: %+v, %d halts", m.State(), m.Halts())
	}
	at, ok := m.LastHalt()
	if !ok || !at.Equal(clocktest.Epoch().Add(time.Second)) {
		t.Errorf("LastHalt = %v %v", at, ok)
	}
	if len(m.Log()) != 2 || len(seen) != 2 {
		t.Errorf("log %d entries, OnChange %d calls; want 2 and 2", len(m.Log()), len(seen))
	}
	if err := m.Run(motor.Forward, 2); err == nil {
		t.Error("Run(speed 2): no error")
	}
}

func TestMotorFail(t *testing.T) {
	m := &Motor{Name: "tray", Fail: errors.New("driver dead")}
	if err := m.Run(motor.Forward, 1); err == nil {
		t.Error("Run on a failed motor: no error")
	}
	if err := m.Halt(); err != nil {
		t.Errorf("Halt on a failed motor = %v; Halt must still be recorded", err)
	}
}
