package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

const positionUsage = `usage: jantaku position [--step N] [--seat N] JOURNAL

Prints the position of the game journaled in JOURNAL (docs/position.md):
after record N (1 is the game record), or after the last one. With --seat,
as that seat sees it: the others' concealed tiles, the wall and the others'
draws are not shown.`

func runPosition(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("position", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	step := fs.Uint64("step", 0, "the record after which to stop (default: the last)")
	seat := fs.Int("seat", -1, "show the position as this seat sees it")
	if err := fs.Parse(interspersed(fs, args)); err != nil || fs.NArg() != 1 {
		return usageError{errors.New(positionUsage)}
	}
	p, n, err := tablecore.JournalPosition(fs.Arg(0), rulesets.New, *step)
	if err != nil {
		return err
	}
	if *seat >= 0 {
		if *seat >= len(p.Standing.Scores) {
			return usageError{fmt.Errorf("--seat %d: the table has seats 0–%d", *seat, len(p.Standing.Scores)-1)}
		}
		p = p.Seen(game.Seat(*seat))
	}
	if *step > n {
		return usageError{fmt.Errorf("%s holds %d records; there is no step %d", fs.Arg(0), n, *step)}
	}
	at := *step
	if at == 0 {
		at = n
	}
	_, err = fmt.Fprintf(stdout, "# %s after record %d of %d\n%s", fs.Arg(0), at, n, p)
	return err
}

const legalUsage = `usage: jantaku legal [--seat N] [--rules NAME] POSITION

Says what each seat (or seat N) may do in POSITION, what a win there would
score, and which wins and claims the rules refuse there and why.
POSITION is a file, "-" for standard input, or the position itself (lines
separated by ";"). --rules names the ruleset when the position does not.`

func runLegal(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("legal", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seat := fs.Int("seat", -1, "the seat to answer for (default: every seat)")
	rules := fs.String("rules", "", "the ruleset, if the position names none")
	if err := fs.Parse(interspersed(fs, args)); err != nil || fs.NArg() != 1 {
		return usageError{errors.New(legalUsage)}
	}
	g, p, err := gameAt(fs.Arg(0), *rules, stdin)
	if err != nil {
		return err
	}
	return writeLegal(stdout, g, p, *seat, false)
}

// scorePosition is "jantaku score --position POSITION [--seat N] [--rules
// NAME]": the wins open in a position and what each scores.
func scorePosition(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	pos := fs.String("position", "", "the position")
	seat := fs.Int("seat", -1, "the seat to answer for (default: every seat)")
	rules := fs.String("rules", "", "the ruleset, if the position names none")
	if err := fs.Parse(interspersed(fs, args)); err != nil || fs.NArg() != 0 || *pos == "" {
		return usageError{errors.New("usage: jantaku score --position POSITION [--seat N] [--rules NAME]\n\nScores the wins open in POSITION (see jantaku legal).")}
	}
	g, p, err := gameAt(*pos, *rules, stdin)
	if err != nil {
		return err
	}
	return writeLegal(stdout, g, p, *seat, true)
}

// hasPosition reports whether a score command line scores a position.
func hasPosition(args []string) bool {
	for _, a := range args {
		if a == "--position" || a == "-position" || strings.HasPrefix(a, "--position=") || strings.HasPrefix(a, "-position=") {
			return true
		}
	}
	return false
}

// interspersed moves flags after the positional arguments to the front, so
// that "legal POSITION --seat 2" reads like "legal --seat 2 POSITION".
func interspersed(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if f := fs.Lookup(name); f != nil && !strings.Contains(a, "=") && i+1 < len(args) {
				if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
					flags = append(flags, args[i+1])
					i++
				}
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(flags, rest...)
}

// gameAt reads a position (a file, "-" or the text itself) and sets a
// game up from it under its ruleset, or rules when given. Concealed tiles
// the position does not show are filled in; writeLegal answers only for
// the seats whose tiles it shows.
func gameAt(arg, rules string, stdin io.Reader) (*tablecore.Game, *tablecore.Position, error) {
	text := arg
	switch {
	case arg == "-":
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
		if err != nil {
			return nil, nil, err
		}
		text = string(b)
	case !strings.Contains(arg, ";") && !strings.Contains(arg, "\n"):
		b, err := os.ReadFile(arg)
		if err != nil {
			return nil, nil, usageError{fmt.Errorf("POSITION %q is neither a file nor a position: %w", arg, err)}
		}
		text = string(b)
	}
	p, err := tablecore.ParsePosition(text)
	if err != nil {
		return nil, nil, err
	}
	name := p.Ruleset
	if rules != "" {
		name, p.Options = rules, nil
	}
	if name == "" {
		return nil, nil, usageError{errors.New("the position names no ruleset (a \"ruleset\" line); give --rules")}
	}
	rs, err := rulesets.New(name, p.Options)
	if err != nil {
		return nil, nil, usageError{err}
	}
	g, err := tablecore.FromPosition(rs, p, tablecore.FillUnknown())
	return g, p, err
}
