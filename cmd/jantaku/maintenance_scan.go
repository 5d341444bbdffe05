package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
)

// lookup describes uid from the registry file, if there is one.
type lookup func(rfid.UID) string

func (mc *maint) registryLookup() (lookup, func()) {
	none := func(rfid.UID) string { return "" }
	if _, err := os.Stat(mc.db); err != nil {
		return none, func() {}
	}
	s, err := registry.Open(mc.db)
	if err != nil {
		fmt.Fprintf(mc.stderr, "registry %s not read: %v\n", mc.db, err)
		return none, func() {}
	}
	return func(u rfid.UID) string {
		if e, ok := s.Lookup(u); ok {
			return e.String()
		}
		return "not registered"
	}, func() { s.Close() }
}

func (mc *maint) scan(ctx context.Context, t *table, name string, rounds int) error {
	zones := sortedNames(t.prof.Zones)
	if name != "all" {
		if _, ok := t.prof.Zones[name]; !ok {
			return usageError{fmt.Errorf("unknown antenna %q (all, or a zone: %s)", name, strings.Join(zones, ", "))}
		}
		zones = []string{name}
	}
	look, done := mc.registryLookup()
	defer done()
	for r := 0; rounds == 0 || r < rounds; r++ {
		for _, zn := range zones {
			z := t.prof.Zones[zn]
			rd, ok := t.readers[z.Reader]
			if !ok {
				return fmt.Errorf("zone %s: reader %s is not on this table", zn, z.Reader)
			}
			if mx, ok := t.muxes[z.Reader]; ok {
				if err := mx.Select(*z.Antenna); err != nil {
					return err
				}
			}
			seen, failed := rfid.ReadAll(ctx, rd, t.prof.Timing.ReadAttempts)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var out []string
			for _, u := range seen {
				s := string(u)
				if d := look(u); d != "" {
					s += " (" + d + ")"
				}
				out = append(out, s)
			}
			switch {
			case failed != nil:
				out = append(out, "READER FAILED: "+failed.Error())
			case len(out) == 0:
				out = []string{"–"}
			}
			fmt.Fprintf(mc.stdout, "%s  %-15s %s/%d  %s\n", mc.stamp(t), zn, z.Reader, *z.Antenna, strings.Join(out, ", "))
		}
	}
	return nil
}

// inlineReader resolves a reader argument: "", a side number or a reader
// name.
func inlineReader(t *table, name string) (string, rfid.Reader, error) {
	if name == "" {
		name = profile.InlineReaderName(0)
	}
	if n, err := strconv.Atoi(name); err == nil {
		name = profile.InlineReaderName(n)
	}
	r, ok := t.readers[name]
	if !ok {
		return "", nil, usageError{fmt.Errorf("unknown reader %q (readers: %s, or a side number 0–%d)", name, names(t.readers), t.prof.Sides-1)}
	}
	return name, r, nil
}

func (mc *maint) read(ctx context.Context, t *table, name string, timeout time.Duration) error {
	name, r, err := inlineReader(t, name)
	if err != nil {
		return err
	}
	if mx, ok := t.muxes[name]; ok {
		if err := mx.Select(0); err != nil {
			return err
		}
	}
	uid, err := r.ReadUID(ctx, timeout)
	if errors.Is(err, rfid.ErrNoTag) {
		return fmt.Errorf("%s: no tag within %v: put one tile on the reader", name, timeout)
	}
	if err != nil {
		return err
	}
	look, done := mc.registryLookup()
	defer done()
	desc := ""
	if d := look(uid); d != "" {
		desc = "  " + d
	}
	fmt.Fprintf(mc.stdout, "%s  %s  %s%s\n", mc.stamp(t), name, uid, desc)
	return nil
}

func (mc *maint) tags() error {
	// Listing creates nothing: a registry that is not there has no tags.
	if _, err := os.Stat(mc.db); errors.Is(err, os.ErrNotExist) {
		_, err := fmt.Fprintf(mc.stdout, "no tags registered yet (%s does not exist; \"jantaku maintenance register\" makes it)\n", mc.db)
		return err
	}
	s, err := mc.openRegistry()
	if err != nil {
		return err
	}
	defer s.Close()
	all, err := s.All()
	if err != nil {
		return err
	}
	for _, u := range all.Sorted() {
		fmt.Fprintf(mc.stdout, "%s %s\n", u, all[u])
	}
	return nil
}
