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

// writeLegal writes, for each seat asked, what it may do, the value of each
// win among that, and the refused wins and claims with their reasons; with
// winsOnly, only the wins.
func writeLegal(w io.Writer, g *tablecore.Game, p *tablecore.Position, only int, winsOnly bool) error {
	h := g.Hand()
	if h == nil || h.Phase == game.Over || g.Over() {
		_, err := fmt.Fprintln(w, "no hand in progress: nobody acts until the next deal")
		return err
	}
	n := g.Rules().Players
	if only >= n {
		return usageError{fmt.Errorf("--seat %d: the table has seats 0–%d", only, n-1)}
	}
	if only >= 0 && p.Seats[only].Unknown > 0 {
		return usageError{fmt.Errorf("--seat %d: the position does not show that seat's concealed tiles", only)}
	}
	var b strings.Builder
	for s := 0; s < n; s++ {
		if only >= 0 && s != only {
			continue
		}
		seat := game.Seat(s)
		if p.Seats[s].Unknown > 0 {
			fmt.Fprintf(&b, "seat %d (%s): its concealed tiles are not shown\n", s, h.SeatWind(seat).English())
			continue
		}
		fmt.Fprintf(&b, "seat %d (%s):\n", s, h.SeatWind(seat).English())
		legal := g.Legal(seat)
		any := false
		for _, a := range legal {
			win := a.Kind == game.Tsumo || a.Kind == game.Ron
			if winsOnly && !win {
				continue
			}
			any = true
			fmt.Fprintf(&b, "  %s\n", actionText(a))
			if win {
				v, err := g.Ruleset().Win(h, a)
				if err != nil {
					fmt.Fprintf(&b, "    (not valued: %v)\n", err)
					continue
				}
				fmt.Fprintf(&b, "    %s\n", v.Value.Summary)
				for _, it := range v.Value.Items {
					fmt.Fprintf(&b, "    %s (%s) %s\n", it.Name, it.En, it.Value)
				}
				for _, p := range v.Payments {
					fmt.Fprintf(&b, "    %s pays %s %d\n", payerName(p.From), payerName(p.To), p.Amount)
				}
			}
		}
		if !any && !winsOnly && drawsNext(g, seat) {
			// The draw is not listed when the position does not show the tile.
			b.WriteString("  draw (the next tile is not in the position)\n")
			any = true
		}
		if !any {
			if winsOnly {
				b.WriteString("  no win\n")
			} else {
				b.WriteString("  nothing\n")
			}
		}
		for _, r := range g.Refusals(seat) {
			if winsOnly && r.Action.Kind != game.Tsumo && r.Action.Kind != game.Ron {
				continue
			}
			fmt.Fprintf(&b, "  refused: %s: %s\n", actionText(r.Action), reason(r.Err))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// drawsNext reports whether seat is the one to draw now.
func drawsNext(g *tablecore.Game, seat game.Seat) bool {
	h := g.Hand()
	return h.Phase == game.ToDraw && h.Turn == seat
}

func actionText(a game.Action) string {
	return strings.TrimPrefix(a.String(), fmt.Sprintf("seat %d ", a.Seat))
}

func payerName(s game.Seat) string {
	if s == game.NoSeat {
		return "the pot"
	}
	return fmt.Sprintf("seat %d", s)
}

// reason drops the referee's "tablecore: … rejected (phase …):" prefix.
func reason(err error) string {
	var ae *tablecore.ActionError
	if errors.As(err, &ae) {
		return ae.Err.Error()
	}
	return err.Error()
}
