package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// openRegistry opens (creating) the tag registry, and the data folder it
// lives in by default.
func (mc *maint) openRegistry() (*registry.Store, error) {
	if err := os.MkdirAll(filepath.Dir(mc.db), 0o755); err != nil {
		return nil, err
	}
	return registry.Open(mc.db)
}

// registerOne registers one tag given on the command line.
func (mc *maint) registerOne(a []string) error {
	uid, err := rfid.ParseUID(a[0])
	if err != nil {
		return usageError{err}
	}
	ts, err := tile.Parse(a[1])
	if err != nil || len(ts) != 1 {
		return usageError{fmt.Errorf("tile %q: want one tile like 5m, 0p or 7z", a[1])}
	}
	cp, err := strconv.Atoi(a[2])
	if err != nil || cp < 0 || cp > 3 {
		return usageError{fmt.Errorf("copy %q: want 0–3", a[2])}
	}
	if a[3] != "A" && a[3] != "B" {
		return usageError{fmt.Errorf("set %q: want A or B", a[3])}
	}
	s, err := mc.openRegistry()
	if err != nil {
		return err
	}
	defer s.Close()
	t := ts[0]
	t.Copy = uint8(cp)
	e := registry.Entry{Set: a[3][0], Tile: t}
	if err := s.Put(uid, e); err != nil {
		return err
	}
	fmt.Fprintf(mc.stdout, "registered %s as %s\n", uid, e)
	return nil
}

// line returns the next line of input, or false at its end or when ctx is
// done. Input is read by a goroutine so Ctrl-C ends a wait for Enter.
func (mc *maint) line(ctx context.Context) (string, bool) {
	if mc.lines == nil {
		ch := make(chan string)
		mc.lines = ch
		go func() {
			defer close(ch)
			sc := bufio.NewScanner(mc.stdin)
			for sc.Scan() {
				select {
				case ch <- sc.Text():
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	select {
	case l, ok := <-mc.lines:
		return strings.TrimSpace(l), ok
	case <-ctx.Done():
		return "", false
	}
}

// place is where registration reads tiles: a zone (a surface antenna) or
// a reader.
type place struct {
	name   string
	reader rfid.Reader
	mux    rfid.Mux
	ant    int
	side   int // the inline reader's side, or -1
}

func registerPlace(t *table, at string) (place, error) {
	if at == "" {
		at = "seat0.hand"
		if _, ok := t.prof.Zones[at]; !ok {
			at = profile.InlineReaderName(0)
		}
	}
	if z, ok := t.prof.Zones[at]; ok {
		r, ok := t.readers[z.Reader]
		if !ok {
			return place{}, fmt.Errorf("zone %s: reader %s is not on this table", at, z.Reader)
		}
		return place{name: "zone " + at, reader: r, mux: t.muxes[z.Reader], ant: *z.Antenna, side: -1}, nil
	}
	name, r, err := inlineReader(t, at)
	if err != nil {
		return place{}, usageError{fmt.Errorf("--at %q: not a zone (%s) nor a reader (%s)", at, names(t.prof.Zones), names(t.readers))}
	}
	side := -1
	for s := 0; s < t.prof.Sides; s++ {
		if profile.InlineReaderName(s) == name {
			side = s
		}
	}
	return place{name: "reader " + name, reader: r, mux: t.muxes[name], side: side}, nil
}

// guide opens the registry (in the data folder unless --db names
// another) and starts the registration of set label, resuming where an
// earlier one stopped.
func (mc *maint) guide(set tile.Set, label byte) (*registry.Store, *registry.Guide, error) {
	st, err := mc.openRegistry()
	if err != nil {
		return nil, nil, err
	}
	g, err := registry.NewGuide(st, set, label)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, g, nil
}

// register is the guided registration of one tile set: each tile in the
// set's order, skipping those already registered (so it resumes where it
// stopped), read on the chosen zone or reader and stored durably.
func (mc *maint) register(ctx context.Context, t *table, set tile.Set, label byte, at string, timeout time.Duration) error {
	pl, err := registerPlace(t, at)
	if err != nil {
		return err
	}
	st, g, err := mc.guide(set, label)
	if err != nil {
		return err
	}
	defer st.Close()
	out := mc.stdout
	fmt.Fprintf(out, "Registering %s as set %c in %s, on %s.\n", set.Name, label, mc.db, pl.name)
	if n := g.Resumed(); n > 0 {
		fmt.Fprintf(out, "Resuming: %d of %d tiles are already registered.\n", n, g.Size())
	}
	fmt.Fprintln(out, "For each tile: place it alone on the antenna and press Enter (or type its UID); s skips it, q stops.")
	if pl.mux != nil {
		if err := pl.mux.Select(pl.ant); err != nil {
			return err
		}
	}
tiles:
	for {
		tl, number, ok := g.Next()
		if !ok {
			break
		}
		fmt.Fprintf(out, "[%d/%d] place %s copy %d (set %c) on the %s, then Enter: ", number, g.Size(), tl, tl.Copy, label, pl.name)
		in, ok := mc.line(ctx)
		if !ok || in == "q" {
			fmt.Fprintln(out)
			break
		}
		if in == "s" {
			fmt.Fprintf(out, "skipped %s copy %d\n", tl, tl.Copy)
			g.Skip()
			continue
		}
		var uid rfid.UID
		if in == "" {
			if t.sim != nil {
				mc.simPlace(t, pl, sim.UID(label, tl))
			}
			uid, err = pl.reader.ReadUID(ctx, timeout)
			switch {
			case errors.Is(err, rfid.ErrNoTag):
				fmt.Fprintf(out, "no tag read within %v: place the tile flat on the antenna and press Enter again\n", timeout)
				continue
			case err != nil && ctx.Err() != nil:
				break tiles
			case err != nil:
				fmt.Fprintf(out, "read failed: %v\n", err)
				continue
			}
		} else if uid, err = rfid.ParseUID(in); err != nil {
			fmt.Fprintf(out, "%v: type the UID in hex (4, 7 or 10 bytes) or press Enter to read the tag\n", err)
			continue
		}
		var te *registry.TakenError
		switch err := g.Register(uid); {
		case errors.As(err, &te) && te.Last:
			fmt.Fprintf(out, "tag %s is the tile just registered (%s): take it off and place %s copy %d\n", uid, te.As, tl, tl.Copy)
		case errors.As(err, &te):
			fmt.Fprintf(out, "refused: tag %s is already %s; set this tile aside and place another %s\n", uid, te.As, tl)
		case err != nil:
			fmt.Fprintf(out, "refused: %v\n", err)
		default:
			fmt.Fprintf(out, "registered %s as %s\n", uid, registry.Entry{Set: label, Tile: tl})
		}
	}
	return mc.registerSummary(st, set, label, g.Registered())
}

// simPlace is the simulated operator's hand: it puts the tile's tag on
// the place, taking the previous tile away.
func (mc *maint) simPlace(t *table, pl place, uid rfid.UID) {
	if pl.side >= 0 {
		t.sim.TakeFromGate(pl.side)
		t.sim.PutAtGate(pl.side, uid)
		return
	}
	t.sim.Place(pl.ant, uid)
}
