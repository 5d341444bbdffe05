package rulesets

import "jantaku/rules/scorecli"

// Scoring is a ruleset family as the score command scores it.
type Scoring struct {
	Name    string   // the family, e.g. "mcr"
	Preset  string   // its default preset
	Presets []string // every preset, the default first
	Family  scorecli.Family
}

// Scorings lists the families the score command scores, in the order its
// help lists them.
func Scorings() []Scoring {
	var out []Scoring
	for _, f := range families() {
		out = append(out, Scoring{Name: f.name, Preset: f.presets[0], Presets: f.presets, Family: f.score})
	}
	return out
}
