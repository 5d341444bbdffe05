package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"jantaku/rules/game"
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
	files, err := record.Files(paths)
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

// replayFile replays one record and prints how it went; false when it did
// not replay.
func replayFile(path, length string, stdout io.Writer) bool {
	rec, err := record.ReadFile(path)
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
