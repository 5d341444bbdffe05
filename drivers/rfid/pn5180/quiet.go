package pn5180

import (
	"context"
	"errors"
	"fmt"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
)

// ErrFieldNotHeld is StayQuiet's error when the field is not held on:
// the tag would forget it when the field went off after the call.
var ErrFieldNotHeld = errors.New("pn5180: the field is not held on (HoldField)")

// ready checks the Dev is usable and resets a failed chip. d.mu held.
func (d *Dev) ready(ctx context.Context) error {
	if d.halted {
		return fmt.Errorf("pn5180 %s: %w", d.name, rfid.ErrHalted)
	}
	if d.needInit {
		return d.init(ctx)
	}
	if d.cfg.CheckEvery > 0 && d.clk.Now().Sub(d.checked) >= d.cfg.CheckEvery {
		return d.checkDie()
	}
	return nil
}

// fieldOn switches the field on and waits the 1 ms tags need before
// a request (ISO/IEC 15693-3). d.mu held.
func (d *Dev) fieldOn(ctx context.Context) error {
	if err := d.command(cmdRFOn, 0); err != nil {
		return d.fail(err)
	}
	return clock.Sleep(ctx, d.clk, time.Millisecond)
}

// withField runs f with the field on: the held field, or one switched
// on for f and off after, as Inventory does. d.mu held.
func (d *Dev) withField(ctx context.Context, f func() error) error {
	if err := d.ready(ctx); err != nil {
		return err
	}
	if d.held {
		return f()
	}
	if err := d.fieldOn(ctx); err != nil {
		d.command(cmdRFOff, 0) // best effort: the error above says more
		return err
	}
	err := f()
	if oerr := d.command(cmdRFOff, 0); oerr != nil && err == nil {
		err = d.fail(oerr)
	}
	return err
}

// HoldField switches the field on and keeps it on between calls until
// FieldOff, WakeAll or Halt, so that tags told StayQuiet stay quiet:
// Inventory then hears only the tags that were not, such as a tile just
// put down. A tag forgets Stay Quiet whenever it loses power: when it
// leaves the field, when an RF switch in front of the chip selects
// another antenna, or when the chip fails and is reset (the hold ends
// then: FieldHeld says so). Holding a field held does nothing.
func (d *Dev) HoldField(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.ready(ctx); err != nil {
		return err
	}
	if d.held {
		return nil
	}
	if err := d.fieldOn(ctx); err != nil {
		d.command(cmdRFOff, 0) // best effort: the error above says more
		return err
	}
	d.held = true
	return nil
}

// FieldHeld reports whether the field is held on (HoldField).
func (d *Dev) FieldHeld() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.held
}

// FieldOff ends HoldField: the field goes off and every tag forgets Stay
// Quiet. Inventory switches the field per call again. Without a hold it
// does nothing.
func (d *Dev) FieldOff() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.held || d.halted {
		return nil
	}
	d.held = false
	if err := d.command(cmdRFOff, 0); err != nil {
		return d.fail(err)
	}
	return nil
}

// WakeAll makes every tag answer inventories again while the field stays
// held: it switches the field off for Config.FieldReset, so every tag
// loses power and forgets Stay Quiet, then on again. A non-addressed
// Reset to Ready would not do: a quiet tag takes addressed requests only
// (ISO/IEC 15693-3 §7.4.3). Without a hold there is nothing to wake.
func (d *Dev) WakeAll(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.ready(ctx); err != nil || !d.held {
		return err
	}
	// Waking every tag of another zone would have a whole zone of tiles
	// heard where they are not.
	if d.cfg.CheckEvery > 0 && d.checked.Before(d.clk.Now()) {
		if err := d.checkDie(); err != nil {
			return err
		}
	}
	if err := d.command(cmdRFOff, 0); err != nil {
		return d.fail(err)
	}
	d.held = false
	if err := clock.Sleep(ctx, d.clk, d.cfg.FieldReset); err != nil {
		return err
	}
	if err := d.fieldOn(ctx); err != nil {
		d.command(cmdRFOff, 0) // best effort: the error above says more
		return err
	}
	d.held = true
	return nil
}

// uid64 returns the 64-bit UID of an rfid.UID for op's errors.
func (d *Dev) uid64(op string, uid rfid.UID) (uint64, error) {
	v, err := iso15693.ParseUID(uid)
	if err != nil {
		return 0, fmt.Errorf("pn5180 %s: %s: %w", d.name, op, err)
	}
	return v, nil
}

// Confirm reports whether the tag uid answers a one-slot inventory
// masked with its whole UID (13 bytes; 8.4 ms of air when it answers,
// 4.4 ms when not, plus 1 ms for the field when it is not held): a check
// that a tile seen in a zone is still there that costs a tenth of a full
// inventory. It says nothing of the zone's other tags, and a tag told
// StayQuiet does not answer it. An unreadable answer (a CRC error, a
// frame of the wrong length, another UID) is never taken for the tag: it
// is false and an error wrapping rfid.ErrGarbled, to be asked again.
func (d *Dev) Confirm(ctx context.Context, uid rfid.UID) (present bool, err error) {
	v, err := d.uid64("confirm", uid)
	if err != nil {
		return false, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	err = d.withField(ctx, func() error {
		got, b, err := d.exchange(iso15693.InventoryRequest(v, 64, true), iso15693.ResponseLen)
		switch {
		case err != nil, got == slotEmpty:
			return err
		case got == slotCollided:
			return fmt.Errorf("pn5180 %s: confirm of %s: unreadable answer: %w", d.name, uid, rfid.ErrGarbled)
		}
		u, err := iso15693.ParseResponse(b)
		if err != nil {
			return fmt.Errorf("pn5180 %s: confirm of %s: %w: %w", d.name, uid, rfid.ErrGarbled, err)
		}
		if u != v {
			return fmt.Errorf("pn5180 %s: confirm of %s answered by %s: %w", d.name, uid, iso15693.UID(u), rfid.ErrGarbled)
		}
		present = true
		return nil
	})
	if err != nil {
		return false, err
	}
	return present, nil
}

// Poll is Inventory for a field whose settled tags keep quiet
// (HoldField, StayQuiet), where most inventories hear nobody or one tile
// just put down: it asks first with one slot (5 bytes; 2.0 ms of air
// when nothing answers, 6.0 ms for one tag, against 8.3 and 12.3 ms for
// sixteen slots), and only when answers collide or cannot be read does
// it run Inventory's sixteen-slot rounds to tell them apart. It reads
// the same tags as Inventory.
func (d *Dev) Poll(ctx context.Context) ([]rfid.UID, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []rfid.UID
	err := d.withField(ctx, func() error {
		got, b, err := d.exchange(iso15693.InventoryRequest(0, 0, true), iso15693.ResponseLen)
		switch {
		case err != nil, got == slotEmpty:
			return err
		case got != slotCollided:
			if u, err := iso15693.ParseResponse(b); err == nil {
				out = []rfid.UID{iso15693.UID(u)}
				return nil
			}
		}
		// Several answered at once, or one could not be read: the
		// slots of a full inventory tell them apart.
		out, err = d.inventory(ctx)
		return err
	})
	return out, err
}

// StayQuiet sends the tag uid an addressed Stay Quiet (12 bytes, 3.7 ms
// of air, 4.1 ms before the next frame; no answer): it then keeps out of
// inventories while the field is held. It needs the field held
// (ErrFieldNotHeld otherwise). The tag does not acknowledge it: a tag
// not there, or one that missed the frame, answers the next inventory.
func (d *Dev) StayQuiet(ctx context.Context, uid rfid.UID) error {
	v, err := d.uid64("stay quiet", uid)
	if err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.ready(ctx); err != nil {
		return err
	}
	if !d.held {
		return fmt.Errorf("pn5180 %s: stay quiet %s: %w", d.name, uid, ErrFieldNotHeld)
	}
	got, _, err := d.exchange(iso15693.StayQuietRequest(v), -1)
	if err != nil {
		return err
	}
	if got != slotEmpty {
		return fmt.Errorf("pn5180 %s: stay quiet %s: an answer where none is due: %w", d.name, uid, rfid.ErrGarbled)
	}
	return nil
}

// ResetToReady sends the tag uid an addressed Reset to Ready (12 bytes
// and a 3-byte answer, 5.4 ms of air): a tag told StayQuiet answers
// inventories again, and its answer says it is still in the field, so it
// doubles as a check of a quiet tag. present is false when nothing
// answered; an unreadable answer is false and an error wrapping
// rfid.ErrGarbled; a tag's error code is present and an error wrapping
// iso15693.ErrTag.
func (d *Dev) ResetToReady(ctx context.Context, uid rfid.UID) (present bool, err error) {
	v, err := d.uid64("reset to ready", uid)
	if err != nil {
		return false, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	err = d.withField(ctx, func() error {
		got, b, err := d.exchange(iso15693.ResetToReadyRequest(v), -1)
		switch {
		case err != nil, got == slotEmpty:
			return err
		case got == slotCollided:
			return fmt.Errorf("pn5180 %s: reset to ready %s: unreadable answer: %w", d.name, uid, rfid.ErrGarbled)
		}
		if err := iso15693.ParseStatus(b); err != nil {
			if errors.Is(err, iso15693.ErrTag) {
				present = true
				return fmt.Errorf("pn5180 %s: reset to ready %s: %w", d.name, uid, err)
			}
			return fmt.Errorf("pn5180 %s: reset to ready %s: %w: %w", d.name, uid, rfid.ErrGarbled, err)
		}
		present = true
		return nil
	})
	return present, err
}
