package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"text/tabwriter"
	"time"

	"jantaku/tablecore/archive"
)

// dataDir is where the table keeps its journal and archive: $JANTAKU_DATA,
// else $XDG_DATA_HOME/jantaku, else ~/.local/share/jantaku.
func dataDir() string {
	if d := os.Getenv("JANTAKU_DATA"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "jantaku")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "jantaku")
	}
	return "jantaku-data"
}

const archiveUsage = `usage:
  jantaku archive list [--db FILE]
  jantaku archive export [--db FILE] [--out FILE] ID|latest

list shows the finished games; export writes one game's journal (which
"jantaku export" turns into tenhou.net/6 JSON, and "jantaku run" plays on
from) to --out or standard output. The archive is DATA/archive.db, DATA
being $JANTAKU_DATA (default ~/.local/share/jantaku); the table makes it
when its first game finishes.`

func runArchive(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("archive wants list or export\n" + archiveUsage)}
	}
	if args[0] != "list" && args[0] != "export" {
		return usageError{fmt.Errorf("unknown archive command %q%s\n%s", args[0], meant(args[0], []string{"list", "export"}), archiveUsage)}
	}
	fs := flag.NewFlagSet("archive "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	defaultDB := filepath.Join(dataDir(), "archive.db")
	db := fs.String("db", defaultDB, "archive file")
	out := fs.String("out", "", "file to write (export; default standard output)")
	pos, err := parseAnywhere(fs, args[1:])
	if err != nil {
		return usageError{fmt.Errorf("%v\n%s", flagError(fs, err), archiveUsage)}
	}
	if args[0] == "list" && len(pos) != 0 || args[0] == "export" && len(pos) != 1 {
		return usageError{errors.New(archiveUsage)}
	}
	if _, err := os.Stat(*db); err != nil {
		if args[0] == "list" && *db == defaultDB && errors.Is(err, os.ErrNotExist) {
			_, err := fmt.Fprintf(stdout, "no finished games yet (the table makes %s when its first game finishes)\n", *db)
			return err
		}
		return fmt.Errorf("no archive at %s (the table keeps one once a game has finished; --db names another): %w", *db, err)
	}
	a, err := archive.Open(*db, 2*time.Second)
	if err != nil {
		return err
	}
	defer a.Close()
	switch args[0] {
	case "list":
		games, err := a.List()
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tFINISHED\tRULESET\tHANDS\tSCORES\tRESULT")
		for _, g := range games {
			result := "-"
			if g.Result != nil {
				result = fmt.Sprint(g.Result.Points)
				if g.Result.Chips != nil {
					result += fmt.Sprintf(" chips %v", g.Result.Chips)
				}
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%v\t%s\n", g.ID, g.Finished.Local().Format("2006-01-02 15:04"), g.Ruleset, g.Hands, g.Scores, result)
		}
		return tw.Flush()
	case "export":
		id, err := strconv.ParseUint(pos[0], 10, 64)
		if pos[0] == "latest" {
			id, err = a.Latest()
			if err != nil {
				return err
			}
		} else if err != nil {
			return usageError{fmt.Errorf("game ID %q is not a number (nor \"latest\")", pos[0])}
		}
		_, j, err := a.Get(id)
		if err != nil {
			return err
		}
		if *out == "" {
			_, err = stdout.Write(j)
			return err
		}
		return os.WriteFile(*out, j, 0o644)
	}
	return nil
}
