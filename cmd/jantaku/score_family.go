package main

// Which family a score command line names, its condition flags, its help
// and the JSON object of a hand not scored: the generic part of "jantaku
// score". The families themselves are rules/rulesets.Scorings.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/rulesets"
	"jantaku/rules/scorecli"
)

// commonFlags are read by every family.
var commonFlags = []string{"rules", "preset", "options", "set", "json", "batch", "win", "ron", "tsumo", "from", "seat"}

// condValue stores a family's condition flag in Request.Cond: every
// value given, in order; a switch stores "true" or "false".
type condValue struct {
	r *scorecli.Request
	c scorecli.Condition
}

func (v condValue) String() string { return "" }
func (v condValue) IsBoolFlag() bool {
	return v.c.Switch()
}

func (v condValue) Set(s string) error {
	switch {
	case v.c.Switch():
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("want true or false, got %q", s)
		}
		s = strconv.FormatBool(b)
	case v.c.Number:
		if _, err := strconv.ParseInt(s, 0, strconv.IntSize); err != nil {
			return scorecli.NumberError(err)
		}
	}
	v.r.Cond[v.c.Name] = append(v.r.Cond[v.c.Name], s)
	return nil
}

// family returns the family --rules names and its preset, and checks that
// every flag given applies to it.
func family(r *scorecli.Request) (scorecli.Family, string, error) {
	name := r.Rules
	if name == "" {
		name = "riichi"
	}
	fam, preset, _ := strings.Cut(name, "/")
	if r.PresetSet {
		if preset != "" && preset != r.Preset {
			return nil, "", fmt.Errorf("--rules %s and --preset %s name different presets", name, r.Preset)
		}
		preset = r.Preset
	}
	var chosen scorecli.Family
	for _, sc := range rulesets.Scorings() {
		if sc.Name == fam {
			chosen = sc.Family
			if preset == "" {
				preset = sc.Preset
			}
		}
	}
	// rulesets knows the names the table plays; its error lists them.
	full := name
	if chosen != nil {
		full = fam + "/" + preset
	}
	if _, err := rulesets.New(full, nil); err != nil || chosen == nil {
		if err == nil {
			err = fmt.Errorf("%s cannot be scored here", fam)
		}
		if pc, ok := chosen.(scorecli.PresetChecker); ok && r.PresetSet {
			if perr := pc.CheckPreset(preset); perr != nil {
				err = perr
			}
		}
		return nil, "", fmt.Errorf("--rules: %w", err)
	}
	applies := map[string]bool{}
	for _, n := range commonFlags {
		applies[n] = true
	}
	for _, c := range chosen.Conditions() {
		applies[c.Name] = true
	}
	for _, n := range r.Given {
		if !applies[n] {
			return nil, "", fmt.Errorf("--%s does not apply to %s", n, fam)
		}
	}
	return chosen, preset, nil
}

// familyUsage is every family's block of the help.
func familyUsage() string {
	var b strings.Builder
	for _, sc := range rulesets.Scorings() {
		if u, ok := sc.Family.(scorecli.Usager); ok {
			b.WriteString(u.Usage())
			continue
		}
		var others []string
		for _, n := range rulesets.Names() {
			if p, ok := strings.CutPrefix(n, sc.Name+"/"); ok && p != sc.Preset {
				others = append(others, p)
			}
		}
		b.WriteString(scorecli.Help(sc.Name, sc.Preset, others, sc.Family.Conditions()))
	}
	return b.String()
}

// scoreError is a hand not scored, as JSON: the same object for a single
// hand (--json) and a batch line.
type scoreError struct {
	Line  int    `json:"line,omitempty"`
	Error string `json:"error"`
	Kind  string `json:"kind"`
	// Rules names the ruleset and preset, as far as the flags said.
	Rules string `json:"rules,omitempty"`
	Hand  string `json:"hand,omitempty"`
	// Items are the yaku or fans the hand has (e.g. below MCR's
	// minimum); empty when it has none or was not read.
	Items []scorecli.Item `json:"items"`
}

func newScoreError(line int, r *scorecli.Request, err error) scoreError {
	e := scoreError{Line: line, Error: err.Error(), Kind: scorecli.Kind(err), Items: []scorecli.Item{}}
	var nw scorecli.NotWon
	if errors.As(err, &nw) {
		e.Items = append(e.Items, nw.Items...)
	}
	if r != nil {
		if _, preset, ferr := family(r); ferr == nil {
			fam, _, _ := strings.Cut(r.Rules, "/")
			if fam == "" {
				fam = "riichi"
			}
			e.Rules = r.Label(fam, preset)
		}
		e.Hand = strings.Join(r.Hand, " ")
	}
	return e
}

// quietError is an error already reported (as JSON on stdout): main
// prints only its one line on stderr and exits as err says.
type quietError struct{ err error }

func (e quietError) Error() string { return e.err.Error() }
func (e quietError) Unwrap() error { return e.err }
