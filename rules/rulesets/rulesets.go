// Package rulesets names every ruleset jantaku plays, so that a table's
// configuration, a journal and the command line can choose one by name:
// "riichi", "riichi/tenhou", "sichuan", … — the family, then optionally
// "/" and one of its presets. Options given as JSON are laid over the
// preset's. Adding a ruleset means one line in families.
package rulesets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/riichi"
	"jantaku/rules/scorecli"
	"jantaku/rules/shanghai"
	"jantaku/rules/sichuan"
	"jantaku/rules/wuhan"
)

// ErrUnknown: no ruleset or preset by that name.
var ErrUnknown = errors.New("unknown ruleset")

// family builds one ruleset family's rulesets.
type family struct {
	name    string
	presets []string // the first is the default
	build   func(preset string, options json.RawMessage) (game.Ruleset, error)
	score   scorecli.Family // how the score command scores its hands
}

// families lists the rulesets, one line each, in the order the score
// command's help lists them.
func families() []family {
	return []family{
		{"riichi", riichi.Presets(), build(riichi.TablePreset, riichi.New), riichi.ScoreCLI{}},
		{"mcr", []string{"official", "simplified"}, build(mcr.Preset, mcr.New), mcr.ScoreCLI{}},
		{"sichuan", []string{"default", "record"}, build(sichuan.Preset, sichuan.New), sichuan.ScoreCLI{}},
		{"wuhan", []string{"hzfc", "hz", "qipi", "koukou", "jingzhou3p"}, build(wuhan.Preset, wuhan.New), wuhan.ScoreCLI{}},
		{"shanghai", []string{"liuxing", "laoshi", "xinshi", "late80s"}, build(func(n string) (shanghai.Options, error) { return shanghai.Preset(shanghai.Variant(n)) }, shanghai.New), shanghai.ScoreCLI{}},
	}
}

// familyNamed returns the family called name.
func familyNamed(name string) (family, bool) {
	for _, f := range families() {
		if f.name == name {
			return f, true
		}
	}
	return family{}, false
}

// build adapts a ruleset package's Preset and New.
func build[O any, R game.Ruleset](preset func(string) (O, error), mk func(O) (R, error)) func(string, json.RawMessage) (game.Ruleset, error) {
	return func(name string, options json.RawMessage) (game.Ruleset, error) {
		o, err := preset(name)
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(options)) > 0 && !bytes.Equal(bytes.TrimSpace(options), []byte("null")) {
			dec := json.NewDecoder(bytes.NewReader(options))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&o); err != nil {
				return nil, fmt.Errorf("options: %w", err)
			}
		}
		r, err := mk(o)
		if err != nil {
			return nil, err
		}
		return r, nil
	}
}

// New returns the ruleset called name ("family" or "family/preset") with
// options (JSON, may be empty) laid over the preset.
func New(name string, options json.RawMessage) (game.Ruleset, error) {
	fam, preset, _ := strings.Cut(name, "/")
	f, ok := familyNamed(fam)
	if !ok {
		return nil, fmt.Errorf("rulesets: %q (known: %s): %w", name, strings.Join(Names(), ", "), ErrUnknown)
	}
	if preset == "" {
		preset = f.presets[0]
	}
	known := false
	for _, p := range f.presets {
		known = known || p == preset
	}
	if !known {
		return nil, fmt.Errorf("rulesets: %s has no preset %q (presets: %s): %w", fam, preset, strings.Join(f.presets, ", "), ErrUnknown)
	}
	rs, err := f.build(preset, options)
	if err != nil {
		return nil, fmt.Errorf("rulesets: %s: %w", name, err)
	}
	return rs, nil
}

// Names lists every ruleset and preset name New accepts, sorted.
func Names() []string {
	var out []string
	for _, f := range families() {
		out = append(out, f.name)
		for _, p := range f.presets {
			out = append(out, f.name+"/"+p)
		}
	}
	sort.Strings(out)
	return out
}
