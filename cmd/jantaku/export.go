package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

const exportUsage = `usage: jantaku export [--out FILE] [--names A,B,C,D] [--unfinished] JOURNAL

Writes a riichi game journal (the table's, or one from "jantaku archive
export") as tenhou.net/6 JSON, which replay and review tools load: every
hand, the final scores, and the rules it was played under, so that
"jantaku replay" replays it under them. A game still in play is refused
unless --unfinished (its finished hands are written). --names gives the
players' names by seat (default "seat 0" … "seat 3"; three names for a
three-player game, whose fourth seat is written empty).`

func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "file to write (default standard output)")
	names := fs.String("names", "", "the players' names by seat, comma-separated")
	unfinished := fs.Bool("unfinished", false, "write the finished hands of a game still in play")
	var paths []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return usageError{fmt.Errorf("%v\n%s", err, exportUsage)}
		}
		if rest = fs.Args(); len(rest) == 0 {
			break
		}
		paths, rest = append(paths, rest[0]), rest[1:]
	}
	if len(paths) != 1 {
		return usageError{errors.New(exportUsage)}
	}
	var who []string
	if *names != "" {
		if who = strings.Split(*names, ","); len(who) != 4 && len(who) != 3 {
			return usageError{fmt.Errorf("--names %q: want four names (three for a three-player game), by seat, comma-separated", *names)}
		}
	}
	rec, err := tablecore.Record(paths[0], func(name string, options json.RawMessage) (game.Ruleset, error) {
		return rulesets.New(name, options)
	})
	if err != nil {
		return err
	}
	if len(rec.Hands) == 0 {
		return fmt.Errorf("%s: no hand of the game is finished: nothing to export", paths[0])
	}
	if rec.Final == nil && !*unfinished {
		return fmt.Errorf("%s: the game is not over (%d hands finished, the last %s): --unfinished writes the finished hands", paths[0], len(rec.Hands), &rec.Hands[len(rec.Hands)-1])
	}
	seats := 4
	if rec.Rules.Three {
		seats = 3 // seat 3 stays empty: no name
	}
	if who != nil && len(who) != seats {
		return usageError{fmt.Errorf("--names %q: the game has %d players", *names, seats)}
	}
	for s := range seats {
		rec.Players[s].Name = fmt.Sprintf("seat %d", s)
		if who != nil {
			rec.Players[s].Name = strings.TrimSpace(who[s])
		}
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	if err := record.WriteTenhou6(w, rec); err != nil {
		return err
	}
	if *out != "" {
		f := w.(*os.File)
		return f.Close()
	}
	return nil
}
