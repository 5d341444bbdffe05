package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"jantaku/hardware/profile"
)

// profileCmd runs "maintenance wiring" and "maintenance check".
func profileCmd(cmd string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("profile", "", "board profile YAML")
	svg := fs.Bool("svg", false, "wiring: print the wiring diagram as SVG")
	pos, err := parseAnywhere(fs, args)
	if err != nil {
		return usageError{err}
	}
	if len(pos) > 1 || len(pos) == 1 && *file != "" {
		return usageError{fmt.Errorf("maintenance %s [--profile] PROFILE: one profile", cmd)}
	}
	if len(pos) == 1 {
		*file = pos[0]
	}
	if cmd == "check" {
		if *svg {
			return usageError{errors.New("--svg is for maintenance wiring")}
		}
		if *file == "" {
			return usageError{errors.New("maintenance check [--profile] PROFILE")}
		}
		p, err := profile.LoadFile(*file)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: profile %s is valid\n", p.File, p.Name)
		return nil
	}
	p := profile.Default()
	if *file != "" {
		if p, err = profile.LoadFile(*file); err != nil {
			return err
		}
	}
	if *svg {
		fmt.Fprint(stdout, p.SVG())
		return nil
	}
	fmt.Fprint(stdout, p.Wiring())
	return nil
}
