package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"jantaku/drivers/motor"
	"jantaku/firmware/cycle"
	"jantaku/hardware/profile"
)

// jog runs "maintenance jog": one motor briefly, under the machine's
// guards (cycle.Jog), saying what it does and where the part went.
func (mc *maint) jog(ctx context.Context, t *table, name, dir string, speed float64, d time.Duration, override bool) error {
	m, ok := t.motors[name]
	if !ok {
		return usageError{fmt.Errorf("unknown motor %q (motors: %s)", name, names(t.motors))}
	}
	var dr motor.Direction
	switch dir {
	case "fwd", "forward":
		dr = motor.Forward
	case "rev", "reverse":
		dr = motor.Reverse
	default:
		return usageError{fmt.Errorf("--dir %q: want fwd or rev", dir)}
	}
	if err := motor.CheckRun(name, dr, speed); err != nil {
		return usageError{err}
	}
	if d == 0 {
		d = 500 * time.Millisecond
	}
	if d < 0 || d > cycle.MaxJog {
		return usageError{fmt.Errorf("--for %v: want a positive time of at most %v", d, cycle.MaxJog)}
	}
	j := &cycle.Jog{Motor: m, Dir: dr, Speed: speed, For: d, Lid: t.inputs["lid"], EStop: t.inputs["estop"],
		Enable: t.enable, Feed: feedEvery(t.prof, t.sim != nil), Clock: t.clk}
	if err := j.Check(); err != nil {
		return err
	}
	// Forward is up for a lift.
	if lim, ok := profile.LiftLimit(name, dr == motor.Forward); ok {
		if sw, ok := t.inputs[lim]; ok {
			j.Limit, j.LimitName = sw, lim
		}
	}
	if j.Limit != nil && override {
		// An override moves a lift past its switch: say so where the
		// operator and the journal see it.
		slog.New(slog.NewTextHandler(mc.stderr, nil)).Warn("jog with the limit switches overridden", "motor", name, "dir", dr.String(), "limit", j.LimitName, "for", d)
		fmt.Fprintf(mc.stdout, "%s  %s: LIMIT OVERRIDE: %s is ignored\n", mc.stamp(t), name, j.LimitName)
		j.Limit = nil
	}
	at, err := j.AtLimit()
	if err != nil {
		return err
	}
	if at {
		fmt.Fprintf(mc.stdout, "%s  %s: %s is active: already at the limit, not moved (--override-limits to move anyway)\n", mc.stamp(t), name, j.LimitName)
		return nil
	}
	j.Started = func() {
		fmt.Fprintf(mc.stdout, "%s  %s: %s at %.0f%% for %v\n", mc.stamp(t), name, dr, 100*speed, d)
	}
	end, err := j.Run(ctx)
	if err != nil {
		return err
	}
	how := end.String()
	if end == cycle.JogAtLimit {
		how = "stopped at " + j.LimitName
	}
	fmt.Fprintf(mc.stdout, "%s  %s: %s\n", mc.stamp(t), name, how)
	// The switches of the part show where it went.
	var states []string
	for _, n := range profile.PartInputs(name, sortedNames(t.inputs)) {
		a, err := t.inputs[n].Active()
		states = append(states, fmt.Sprintf("%s=%s", n, activeWord(a, err)))
	}
	if len(states) > 0 {
		fmt.Fprintf(mc.stdout, "%s  %s\n", mc.stamp(t), strings.Join(states, " "))
	}
	return nil
}
