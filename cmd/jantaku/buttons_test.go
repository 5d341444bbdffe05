package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/sensor"
	"jantaku/drivers/sensor/sensortest"
	"jantaku/mqtt/access"
	mqcmd "jantaku/mqtt/command"
)

type handled struct {
	mu   sync.Mutex
	cmds []mqcmd.Command
}

func (h *handled) Handle(_ context.Context, c mqcmd.Command) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cmds = append(h.cmds, c)
	if c.Type == "riichi" {
		return errors.New("rejected: seat 1 may not riichi now")
	}
	return nil
}

// Each seat button declares for its own seat, with its seat's role; the
// Start button and unknown names declare nothing.
func TestSeatButtons(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		bs := map[string]*sensortest.Button{}
		buttons := map[string]sensor.Button{}
		for _, n := range []string{"start", "seat0.win", "seat1.riichi", "seat2.ok", "seat3.pass", "seat3.dance"} {
			bs[n] = &sensortest.Button{Name: n}
			buttons[n] = bs[n]
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		cmds := seatButtons(ctx, buttons, log)
		h := &handled{}
		go handleButtons(ctx, h, cmds, log)
		for _, n := range []string{"start", "seat0.win", "seat1.riichi", "seat2.ok", "seat3.pass", "seat3.dance"} {
			bs[n].Press()
			time.Sleep(10 * time.Millisecond)
		}
		synctest.Wait()
		h.mu.Lock()
		defer h.mu.Unlock()
		want := []struct {
			typ  string
			seat int
			args string
		}{{"win", 0, ""}, {"riichi", 1, ""}, {"ok", 2, `{"kind":"draw"}`}, {"pass", 3, ""}}
		if len(h.cmds) != len(want) {
			t.Fatalf("commands %+v, want %d", h.cmds, len(want))
		}
		for i, w := range want {
			c := h.cmds[i]
			if c.Type != w.typ || c.Seat != w.seat || c.Role != access.Seat(w.seat) || string(c.Args) != w.args {
				t.Errorf("command %d = %+v, want %s for seat %d args %q", i, c, w.typ, w.seat, w.args)
			}
		}
	})
}
