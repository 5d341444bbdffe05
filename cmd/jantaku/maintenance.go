package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/rules/tile"
)

// maintenanceCmd: jantaku maintenance wiring|check|register|tags ...
func maintenanceCmd(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{fmt.Errorf("maintenance: want wiring [PROFILE], check PROFILE, register --db F UID TILE SET, or tags --db F")}
	}
	switch args[0] {
	case "wiring":
		p := profile.Default()
		if len(args) > 1 {
			var err error
			if p, err = profile.LoadFile(args[1]); err != nil {
				return err
			}
		}
		fmt.Fprint(stdout, p.Wiring())
		return nil
	case "check":
		if len(args) != 2 {
			return usageError{fmt.Errorf("maintenance check PROFILE")}
		}
		p, err := profile.LoadFile(args[1])
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: profile %s is valid\n", p.File, p.Name)
		return nil
	case "register", "tags":
		fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
		fs.SetOutput(stderr)
		db := fs.String("db", "tags.db", "tag registry file")
		if err := fs.Parse(args[1:]); err != nil {
			return usageError{err}
		}
		s, err := registry.Open(*db)
		if err != nil {
			return err
		}
		defer s.Close()
		if args[0] == "tags" {
			all, err := s.All()
			if err != nil {
				return err
			}
			for _, u := range all.Sorted() {
				fmt.Fprintf(stdout, "%s %s\n", u, all[u])
			}
			return nil
		}
		// register UID TILE COPY SET: one guided step, e.g. "04A1B2C3 0p 0 A".
		if fs.NArg() != 4 {
			return usageError{fmt.Errorf("maintenance register [--db F] UID TILE COPY SET (e.g. 04A1B2C3 0p 0 A)")}
		}
		uid, err := rfid.ParseUID(fs.Arg(0))
		if err != nil {
			return err
		}
		ts, err := tile.Parse(fs.Arg(1))
		if err != nil || len(ts) != 1 {
			return fmt.Errorf("tile %q: want one tile like 5m, 0p or 7z", fs.Arg(1))
		}
		var cp int
		if _, err := fmt.Sscan(fs.Arg(2), &cp); err != nil || cp < 0 || cp > 3 {
			return fmt.Errorf("copy %q: want 0–3", fs.Arg(2))
		}
		set := fs.Arg(3)
		if set != "A" && set != "B" {
			return fmt.Errorf("set %q: want A or B", set)
		}
		t := ts[0]
		t.Copy = uint8(cp)
		e := registry.Entry{Set: set[0], Tile: t}
		if err := s.Put(uid, e); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "registered %s as %s\n", uid, e)
		return nil
	}
	return usageError{fmt.Errorf("maintenance: unknown subcommand %q", args[0])}
}
