package main

// "jantaku score": the flags, parsed into a scorecli.Request, and one
// loop over the families rules/rulesets lists (score_family.go); each
// ruleset package says what it reads and prints (rules/*/scorecli.go).

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"jantaku/rules/rulesets"
	"jantaku/rules/scorecli"
)

var scoreUsage = `usage:
  jantaku score [--rules NAME] [flags] HAND
  jantaku score [--rules NAME] [flags] --batch FILE     (FILE "-" is standard input)

HAND is tile notation, the winning tile included:
  1m–9m characters, 1p–9p dots, 1s–9s bamboos; 0m 0p 0s a red five
  1z–7z the honours: 1z East 2z South 3z West 4z North 5z White 6z Green 7z Red
  1f–8f flowers: spring summer autumn winter plum orchid chrysanthemum bamboo
Melds go in brackets, the claimed tile first, then "<" and the seat it came
from counted from the winner in turn order: <1 the next player (下家),
<2 the player opposite (対面), <3 the previous player (上家), the only seat
a chi takes from. A concealed kong goes in square brackets.
  '123m456p789s11222z'   '(pon 555z<2) 234m678p22s444s'   '[ankan 3333m] 234p888p99s567s'
  '(chi 213m<3) 456p789s11222z'
Flags may come before or after HAND. In batch mode each line holds one
hand with its own flags (the command line's flags come first, so a line
can override them); blank lines and lines starting with # are skipped.
Seats are named by their wind in the hand, East the dealer.

flags for every ruleset:
  --rules NAME        the ruleset: a family (riichi, mcr, sichuan, wuhan,
                      shanghai) or family/preset, e.g. mcr/simplified,
                      shanghai/laoshi (default riichi)
  --win TILE          the winning tile (default: the last concealed tile written)
  --ron | --tsumo     how the hand was won (default ron)
  --from WIND         the discarder on a ron (default: the winner's 上家)
  --seat WIND         the winner's seat wind, E = dealer (default S)
  --preset NAME       the family's preset, as after the "/" of --rules
  --options FILE      YAML or JSON options over the preset (riichi: or over
                      the file's own "preset" key when no preset is named)
  --set KEY=VALUE     one option over those (repeatable), e.g. --set kiriage=true,
                      --set minimum=6, --set caps.cap=300
  --json              print JSON, one object per hand; a hand not scored is
                      {"error", "kind", "rules", "hand", "items"}, "kind" one of
                      not_winning, no_yaku, below_minimum, bad_hand, conditions,
                      options, usage, and "items" the yaku or fans found
  --batch FILE        score one hand per line of FILE
A flag that does not apply to the family scored is an error.
` + familyUsage() + `
Every result names the ruleset and preset it was scored under ("rules").

exit status:
  0  scored (--batch: every line scored)
  1  the hand does not win (no yaku, below the minimum, not a winning shape),
     or a file could not be read
  2  usage error: an unknown flag or option key, a malformed hand, impossible
     conditions
  3  --batch: every line read, some not scored (each reported on its line)`

// scoreFlagSet defines the score command's flags over r: the common ones,
// then every family's condition flags (a name two families share is one
// flag).
func scoreFlagSet(r *scorecli.Request) *flag.FlagSet {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&r.Win, "win", "", "")
	fs.BoolFunc("ron", "", func(string) error { r.Tsumo = false; return nil })
	fs.BoolFunc("tsumo", "", func(string) error { r.Tsumo = true; return nil })
	fs.StringVar(&r.From, "from", "", "")
	fs.StringVar(&r.Seat, "seat", "S", "")
	fs.BoolVar(&r.JSON, "json", false, "")
	fs.Func("preset", "", func(v string) error { r.Preset, r.PresetSet = v, true; return nil })
	fs.StringVar(&r.Options, "options", "", "")
	fs.Func("set", "", func(s string) error {
		if !strings.Contains(s, "=") {
			return fmt.Errorf("--set wants KEY=VALUE, got %q", s)
		}
		r.Sets = append(r.Sets, s)
		return nil
	})
	fs.StringVar(&r.Rules, "rules", "", "")
	r.Cond = map[string][]string{}
	for _, sc := range rulesets.Scorings() {
		for _, c := range sc.Family.Conditions() {
			if fs.Lookup(c.Name) == nil {
				fs.Var(condValue{r: r, c: c}, c.Name, "")
			}
		}
	}
	return fs
}

// parseScore reads a score command line into r: flags in any position,
// the other arguments the hand; "--" ends the flags. It returns --batch's
// value.
func parseScore(r *scorecli.Request, args []string) (batch string, err error) {
	fs := scoreFlagSet(r)
	fs.StringVar(&batch, "batch", "", "")
	defer fs.Visit(func(fl *flag.Flag) { r.Given = append(r.Given, fl.Name) })
	for len(args) > 0 {
		if args[0] == "--" {
			r.Hand = append(r.Hand, args[1:]...)
			return batch, nil
		}
		if err := fs.Parse(args); err != nil {
			return batch, flagError(fs, err)
		}
		if rest := fs.Args(); len(rest) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			r.Hand = append(r.Hand, rest...)
			return batch, nil
		}
		args = fs.Args()
		if len(args) > 0 {
			r.Hand = append(r.Hand, args[0])
			args = args[1:]
		}
	}
	return batch, nil
}

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if hasPosition(args) {
		return scorePosition(args, stdin, stdout) // position.go
	}
	var r scorecli.Request
	batch, err := parseScore(&r, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, err = fmt.Fprintln(stdout, scoreUsage)
			return err
		}
		return usageError{err}
	}
	if batch != "" {
		if len(r.Hand) > 0 {
			return usageError{fmt.Errorf("--batch reads the hands from %s; no HAND on the command line (got %q)", batch, strings.Join(r.Hand, " "))}
		}
		return scoreBatch(ctx, batch, withoutBatch(args), stdin, stdout) // score_batch.go
	}
	if len(r.Hand) == 0 {
		return usageError{fmt.Errorf("no hand given\n%s", scoreUsage)}
	}
	out, err := scoreHand(&r)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	switch {
	case err != nil && r.JSON:
		// The same object a batch line gets, on stdout; the exit status
		// still says what happened.
		if werr := enc.Encode(newScoreError(0, &r, err)); werr != nil {
			return werr
		}
		return quietError{err}
	case err != nil:
		return err
	case r.JSON:
		return enc.Encode(out)
	}
	_, err = io.WriteString(stdout, out.Text())
	return err
}

// scoreHand scores the hand under the family --rules names.
func scoreHand(r *scorecli.Request) (scorecli.Result, error) {
	fam, preset, err := family(r)
	if err != nil {
		return nil, usageError{err}
	}
	out, err := fam.Score(r, preset)
	if scorecli.IsUsage(err) {
		return nil, usageError{err}
	}
	return out, err
}
