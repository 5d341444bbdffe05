package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"jantaku/drivers/sensor"
	"jantaku/hardware/profile"
	"jantaku/mqtt/access"
	mqcmd "jantaku/mqtt/command"
)

// machineStale is how long the machine cycle's loops may show no sign of
// life before the systemd watchdog stops being fed. The loops beat at
// least every second (waiting for Start) and every feed period while the
// machine moves.
const machineStale = 10 * time.Second

// seatButton is one seat button: its seat and the declaration it makes.
type seatButton struct {
	name string
	seat int
	decl string
	b    sensor.Button
}

// seatButtonsOf finds the buttons named seatN.DECLARATION (profile
// SeatButtons), sorted by name.
func seatButtonsOf(buttons map[string]sensor.Button) []seatButton {
	var out []seatButton
	for _, n := range sortedNames(buttons) {
		rest, ok := strings.CutPrefix(n, "seat")
		if !ok {
			continue
		}
		seat, decl, ok := strings.Cut(rest, ".")
		s, err := strconv.Atoi(seat)
		if !ok || err != nil {
			continue
		}
		for _, d := range profile.SeatButtons {
			if d == decl {
				out = append(out, seatButton{name: n, seat: s, decl: decl, b: buttons[n]})
			}
		}
	}
	return out
}

// command is the seat command a press sends: the declaration itself; "ok"
// takes the next tile (the one action a button can confirm without naming
// a tile).
func (sb seatButton) command() mqcmd.Command {
	c := mqcmd.Command{ID: "button " + sb.name, Type: sb.decl, Seat: sb.seat, Role: access.Seat(sb.seat)}
	if sb.decl == "ok" {
		c.Args = json.RawMessage(`{"kind":"draw"}`)
	}
	return c
}

// seatButtons watches the seats' buttons and sends a command for each
// press until ctx ends; nil when there are none.
func seatButtons(ctx context.Context, buttons map[string]sensor.Button, log *slog.Logger) <-chan mqcmd.Command {
	sbs := seatButtonsOf(buttons)
	if len(sbs) == 0 {
		return nil
	}
	out := make(chan mqcmd.Command, 16)
	for _, sb := range sbs {
		go func() {
			for ctx.Err() == nil {
				ok, err := sb.b.WaitPress(ctx, time.Second)
				if err != nil {
					if ctx.Err() == nil {
						log.Error("seat button unreadable", "button", sb.name, "err", err)
						_ = sleepCtx(ctx, time.Second)
					}
					continue
				}
				if !ok {
					continue
				}
				select {
				case out <- sb.command():
				default:
					log.Warn("seat button press dropped: the table is busy", "button", sb.name)
				}
			}
		}()
	}
	return out
}

// handleButtons hands each button command to the table, as its seat's
// own, and logs what the table said.
func handleButtons(ctx context.Context, h interface {
	Handle(context.Context, mqcmd.Command) error
}, cmds <-chan mqcmd.Command, log *slog.Logger) {
	for {
		select {
		case <-ctx.Done():
			return
		case c := <-cmds:
			if err := h.Handle(ctx, c); err != nil {
				log.Info("seat button refused", "button", c.ID, "seat", c.Seat, "declaration", c.Type, "err", err)
				continue
			}
			log.Info("seat button", "button", c.ID, "seat", c.Seat, "declaration", c.Type)
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}
