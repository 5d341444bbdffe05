package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"jantaku/drivers/rfid"
	"jantaku/firmware/census"
	"jantaku/firmware/registry"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// registerZones registers a whole set laid out on the table: each zone of
// the surface takes every copy of one face, the operator presses Enter,
// and one inventory per zone reads them all (registry.Guide.RegisterFace).
// A zone refused is read again at the next Enter.
func (mc *maint) registerZones(ctx context.Context, t *table, set tile.Set, label byte) error {
	var zones []string
	for _, zn := range sortedNames(t.prof.Zones) {
		z := t.prof.Zones[zn]
		if _, ok := t.readers[z.Reader].(rfid.MultiReader); ok {
			zones = append(zones, zn)
		}
	}
	if len(zones) == 0 {
		return fmt.Errorf("no zone of profile %s has a reader that reads many tags at once: use register --at", t.prof.Name)
	}
	st, g, err := mc.guide(set, label)
	if err != nil {
		return err
	}
	defer st.Close()
	todo := g.Faces()
	out := mc.stdout
	fmt.Fprintf(out, "Registering %s as set %c in %s on %d zones, one face per zone.\n", set.Name, label, mc.db, len(zones))
	for len(todo) > 0 {
		n := min(len(todo), len(zones))
		round := todo[:n]
		fmt.Fprintln(out, "Lay out these tiles, nothing else on these zones, then Enter (q stops):")
		for i, f := range round {
			fmt.Fprintf(out, "  %-15s %d × %s\n", zones[i], len(f.Tiles), f)
			if t.sim != nil {
				var uids []rfid.UID
				for _, tl := range f.Tiles {
					uids = append(uids, sim.UID(label, tl))
				}
				t.sim.Place(*t.prof.Zones[zones[i]].Antenna, uids...)
			}
		}
		if in, ok := mc.line(ctx); !ok || in == "q" {
			break
		}
		var again []registry.Face
		for i, f := range round {
			z := t.prof.Zones[zones[i]]
			if mx, ok := t.muxes[z.Reader]; ok {
				if err := mx.Select(*z.Antenna); err != nil {
					return err
				}
			}
			seen, err := rfid.ReadAll(ctx, t.readers[z.Reader], 1)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				return fmt.Errorf("zone %s: %w", zones[i], err)
			}
			var fe *registry.FaceError
			switch err := g.RegisterFace(f, seen); {
			case errors.As(err, &fe) && len(fe.Taken) > 0:
				fmt.Fprintf(out, "%s: %v; take those tiles off\n", zones[i], fe)
				again = append(again, f)
			case errors.As(err, &fe):
				fmt.Fprintf(out, "%s: %v: check the zone and press Enter again\n", zones[i], fe)
				again = append(again, f)
			case err != nil:
				return fmt.Errorf("zone %s: %w", zones[i], err)
			default:
				fmt.Fprintf(out, "%s: registered %d × %s\n", zones[i], len(f.Tiles), f)
			}
		}
		todo = append(again, todo[n:]...)
		if len(again) == n {
			fmt.Fprintln(out, "nothing registered this round")
		}
	}
	return mc.registerSummary(st, set, label, g.Registered())
}

// registerSummary prints a census of the registry against the set.
func (mc *maint) registerSummary(st *registry.Store, set tile.Set, label byte, registered int) error {
	all, err := st.All()
	if err != nil {
		return err
	}
	fmt.Fprintf(mc.stdout, "\n%d tag(s) registered in this session.\n", registered)
	cerr := census.Registered(set, label, all)
	var ce *census.Error
	switch {
	case cerr == nil:
		fmt.Fprintf(mc.stdout, "Census of set %c: complete, %d of %d tiles registered.\n", label, set.Size(), set.Size())
		return nil
	case errors.As(cerr, &ce):
		fmt.Fprintf(mc.stdout, "Census of set %c: %d of %d tiles registered.\n", label, set.Size()-len(ce.Missing), set.Size())
		if len(ce.Missing) > 0 {
			var m []string
			for _, tl := range ce.Missing {
				m = append(m, fmt.Sprintf("%s#%d", tl, tl.Copy))
			}
			fmt.Fprintf(mc.stdout, "  missing (%d): %s\n", len(ce.Missing), strings.Join(m, " "))
			fmt.Fprintln(mc.stdout, "  run the same command again to resume.")
		}
		for _, w := range ce.Why {
			fmt.Fprintf(mc.stdout, "  %s\n", w)
		}
		return nil
	}
	return cerr
}
