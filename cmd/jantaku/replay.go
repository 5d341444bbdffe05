package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

const replayUsage = `usage: jantaku replay [--length hanchan|tonpuusen] FILE...

Replays game records (tenhou.net/6 JSON or mjlog XML) through the referee under
Tenhou's rules, checking every action and every score change, and prints each hand.
A record the referee rejects is named with the hand, the action and the reason.`

func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	length := fs.String("length", "", "hanchan or tonpuusen (default: as the record says)")
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return usageError{errors.New(replayUsage)}
	}
	failed := 0
	for _, path := range fs.Args() {
		rec, err := readRecordFile(path)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", path, err)
			failed++
			continue
		}
		o, _ := riichi.TablePreset("tenhou")
		o.RedFives = 0
		for _, r := range rec.Rules.Red {
			if r {
				o.RedFives++
			}
		}
		o.Length = "hanchan"
		if !rec.Rules.Hanchan {
			o.Length = "tonpuusen"
		}
		if *length != "" {
			o.Length = *length
		}
		rs, err := riichi.New(o)
		if err != nil {
			return usageError{err}
		}
		fmt.Fprintf(stdout, "%s (%s, %d hands)\n", path, o.Length, len(rec.Hands))
		err = tablecore.ReplayGame(rec, rs, func(r tablecore.HandReport) {
			fmt.Fprintf(stdout, "  %-6s %s\n", r.Hand, describeHand(r))
		})
		if err != nil {
			fmt.Fprintf(stdout, "  REJECTED: %v\n", err)
			failed++
			continue
		}
		fmt.Fprintf(stdout, "  ok: every action accepted, every score change reproduced\n")
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d records did not replay", failed, fs.NArg())
	}
	return nil
}

func describeHand(r tablecore.HandReport) string {
	var b strings.Builder
	for _, w := range r.Wins {
		if w.From == game.NoSeat {
			fmt.Fprintf(&b, "seat %d tsumo: %s; ", w.Seat, w.Value.Summary)
		} else {
			fmt.Fprintf(&b, "seat %d ron from seat %d: %s; ", w.Seat, w.From, w.Value.Summary)
		}
	}
	if len(r.Wins) == 0 {
		fmt.Fprintf(&b, "%s %s; ", r.End.Kind, r.End.Reason)
	}
	fmt.Fprintf(&b, "changes %v", r.Changes)
	return b.String()
}

func readRecordFile(path string) (*record.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return record.ReadTenhou6(f)
	case ".mjlog", ".xml":
		return record.ReadMjlog(f)
	}
	return nil, fmt.Errorf("%s: not a game record (.json for tenhou.net/6, .mjlog or .xml for mjlog)", path)
}

const exportUsage = `usage: jantaku export [--out FILE] JOURNAL

Writes the finished hands of a riichi game journal (the table's, or one from
"jantaku archive export") as tenhou.net/6 JSON, which replay and review tools load.`

func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "file to write (default standard output)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		return usageError{errors.New(exportUsage)}
	}
	rec, err := tablecore.Record(fs.Arg(0), func(name string, options json.RawMessage) (game.Ruleset, error) {
		return rulesets.New(name, options)
	})
	if err != nil {
		return err
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
	return record.WriteTenhou6(w, rec)
}
