package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

const replayUsage = `usage: jantaku replay [--length hanchan|tonpuusen] FILE|DIR...

Replays game records (tenhou.net/6 JSON or mjlog XML, gzip-compressed or not)
through the referee, checking every action and every score change, and prints
each hand. A directory stands for every record in it (.json, .mjlog, .xml,
.gz, subdirectories included). A record jantaku exported replays under the
rules it was played under; a Tenhou record under Tenhou's rules of its lobby
and date. A record the referee rejects is named with the hand, the action,
the reason and the scores.`

func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	length := fs.String("length", "", "hanchan or tonpuusen (default: as the record says)")
	// Flags may come before, between or after the files.
	var paths []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return usageError{fmt.Errorf("%v\n%s", err, replayUsage)}
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		paths = append(paths, rest[0])
		rest = rest[1:]
	}
	if len(paths) == 0 {
		return usageError{errors.New(replayUsage)}
	}
	if *length != "" && *length != "hanchan" && *length != "tonpuusen" {
		return usageError{fmt.Errorf("--length %q: hanchan or tonpuusen", *length)}
	}
	files, err := recordFiles(paths)
	if err != nil {
		return err
	}
	failed := 0
	for _, path := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !replayFile(path, *length, stdout) {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d records did not replay", failed, len(files))
	}
	return nil
}

// recordFiles expands directories into the record files inside them, in
// name order; a path that does not exist is an error naming it once.
func recordFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err // a *fs.PathError names the path
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		n := len(out)
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && isRecordName(d.Name()) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: no game records (.json, .mjlog, .xml, .gz) in the directory", p)
		}
	}
	return out, nil
}

func isRecordName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".json", ".mjlog", ".xml", ".gz":
		return true
	}
	return false
}

// replayFile replays one record and prints how it went; false when it did
// not replay.
func replayFile(path, length string, stdout io.Writer) bool {
	rec, err := readRecordFile(path)
	if err != nil {
		fmt.Fprintf(stdout, "%s\n  REJECTED: %v\n", path, err)
		return false
	}
	rs, desc, err := tablecore.RecordRuleset(rec, length)
	if err != nil {
		fmt.Fprintf(stdout, "%s\n  REJECTED: %v\n", path, err)
		return false
	}
	fmt.Fprintf(stdout, "%s (%s, %d hands)\n", path, desc, len(rec.Hands))
	err = tablecore.ReplayGame(rec, rs, func(r tablecore.HandReport) {
		fmt.Fprintf(stdout, "  %-6s %s\n", r.Hand, describeHand(r))
	})
	if err != nil {
		fmt.Fprintf(stdout, "  REJECTED: %v\n", err)
		var re *tablecore.ReplayError
		if errors.As(err, &re) {
			for i := range rec.Hands {
				if h := &rec.Hands[i]; h.String() == re.Hand {
					fmt.Fprintf(stdout, "  the hand started with scores %v, %d on the table\n", h.Scores, 1000*h.Sticks)
					break
				}
			}
		}
		return false
	}
	fmt.Fprintf(stdout, "  ok: every action accepted, every score change reproduced\n")
	return true
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
		switch r.End.Kind {
		case game.Exhausted:
			var ready []string
			for s, ok := range r.End.Ready {
				if ok {
					ready = append(ready, strconv.Itoa(s))
				}
			}
			if len(ready) == 0 {
				b.WriteString("exhaustive draw, nobody ready; ")
			} else {
				fmt.Fprintf(&b, "exhaustive draw, ready: seat %s; ", strings.Join(ready, ", "))
			}
		default:
			fmt.Fprintf(&b, "%s draw: %s; ", r.End.Kind, r.End.Reason)
		}
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
	g, err := record.Read(f)
	if err != nil {
		return nil, err
	}
	g.Named(filepath.Base(path))
	return g, nil
}

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
