package main

import (
	"bytes"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

func TestMaintenanceJog(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		out, err := maintenance(t, "", "jog", "lift0", "--sim", "--dir", "fwd", "--speed", "1", "--for", "1s")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"lift0: forward at 100% for 1s", "lift0: stopped", "lift0.bottom=inactive lift0.top=inactive"} {
			if !strings.Contains(out, want) {
				t.Errorf("jog a third of the lift's travel: output lacks %q:\n%s", want, out)
			}
		}
		// The whole travel (3s) reaches the top switch.
		out, err = maintenance(t, "", "jog", "--sim", "--for", "3s", "--speed", "1", "lift2")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "lift2.top=active") {
			t.Errorf("a full lift travel did not reach the top:\n%s", out)
		}
		// Reverse from the bottom goes nowhere: the limit is active.
		out, _ = maintenance(t, "", "jog", "lift1", "--sim", "--dir", "rev")
		if !strings.Contains(out, "lift1: lift1.bottom is active: already at the limit, not moved") || strings.Contains(out, "reverse at") {
			t.Errorf("reverse jog at the bottom:\n%s", out)
		}
	})
}

// A jog stops at the lift's limit switch, before its time is up; with
// --override-limits it does not, and says so on stderr (the journal); the
// interlocks refuse a jog whatever the flags.
func TestMaintenanceJogLimits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		t0 := time.Now()
		out, err := maintenance(t, "", "jog", "lift3", "--sim", "--speed", "1", "--for", "10s")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "lift3: stopped at lift3.top") || !strings.Contains(out, "lift3.top=active") {
			t.Errorf("jog into the top limit:\n%s", out)
		}
		if d := time.Since(t0); d >= 10*time.Second {
			t.Errorf("the jog ran its whole %v past the limit", d)
		}
		out, err = maintenance(t, "", "jog", "lift3", "--sim", "--dir", "rev", "--for", "1s", "--override-limits")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "LIMIT OVERRIDE: lift3.bottom is ignored") || !strings.Contains(out, "level=WARN") || !strings.Contains(out, "limit=lift3.bottom") {
			t.Errorf("override not logged:\n%s", out)
		}
	})
}

// The interlocks refuse a jog, --override-limits or not, and a jog stops
// when the E-stop is pressed during it.
func TestMaintenanceJogInterlocks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		var out bytes.Buffer
		mc := &maint{stdout: &out, stderr: &out}
		tb := openSim(t.Context(), profile.Default(), simConfig{clk: clock.Real{}, seed: 1, tray: sim.List(set, 'A')})
		defer tb.close()
		tb.sim.OpenLid(true)
		err := mc.jog(t.Context(), tb, "lift0", "fwd", 1, time.Second, true)
		if err == nil || !strings.Contains(err.Error(), "the lid is open") {
			t.Errorf("jog with the lid open: %v", err)
		}
		tb.sim.OpenLid(false)
		go func() {
			time.Sleep(500 * time.Millisecond)
			tb.sim.PressEStop(true)
		}()
		start := time.Now()
		err = mc.jog(t.Context(), tb, "conveyor1", "fwd", 1, 5*time.Second, false)
		if err == nil || !strings.Contains(err.Error(), "estop active: stopped") {
			t.Errorf("E-stop during a jog: %v", err)
		}
		if d := time.Since(start); d > 500*time.Millisecond+feedEvery(profile.Default(), true) {
			t.Errorf("the jog noticed the E-stop after %v", d-500*time.Millisecond)
		}
		if tb.sim.Moving() {
			t.Error("conveyor1 still moves")
		}
	})
}
