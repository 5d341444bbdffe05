package main

import (
	"context"
	"fmt"
	"time"
)

func (mc *maint) watch(ctx context.Context, t *table, name string, d time.Duration) error {
	if d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	if b, ok := t.buttons[name]; ok {
		fmt.Fprintf(mc.stdout, "%s  watching button %s (Ctrl-C to stop)\n", mc.stamp(t), name)
		n := 0
		for {
			ok, err := b.WaitPress(ctx, time.Second)
			if err != nil {
				fmt.Fprintf(mc.stdout, "%s  %d presses\n", mc.stamp(t), n)
				return ignoreEnd(err)
			}
			if ok {
				n++
				fmt.Fprintf(mc.stdout, "%s  %s pressed\n", mc.stamp(t), name)
			}
		}
	}
	sw, ok := t.inputs[name]
	if !ok {
		return usageError{fmt.Errorf("unknown sensor %q (inputs: %s; buttons: %s)", name, names(t.inputs), names(t.buttons))}
	}
	state, err := sw.Active()
	if err != nil {
		return err
	}
	fmt.Fprintf(mc.stdout, "%s  %s is %s (Ctrl-C to stop)\n", mc.stamp(t), name, activeWord(state, nil))
	edges := 0
	for {
		ok, err := sw.WaitFor(ctx, !state, time.Second)
		if err != nil {
			fmt.Fprintf(mc.stdout, "%s  %d edges\n", mc.stamp(t), edges)
			return ignoreEnd(err)
		}
		if ok {
			state = !state
			edges++
			fmt.Fprintf(mc.stdout, "%s  %s %s\n", mc.stamp(t), name, activeWord(state, nil))
		}
	}
}
