package tablecore

import (
	"encoding/json"
	"fmt"
	"math"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/rulesets"
	"jantaku/tablecore/record"
)

// RecordRuleset is the ruleset a game record replays under: the one a
// record jantaku wrote names (Rules.Referee), or Tenhou's rules of the
// record's game type and date (riichi.TenhouTable), with the record's own
// red fives; length, when set, overrides the game's length. desc
// describes the choice. A Tenhou record's final results are checked with
// the rounding they show; a record of no known lobby has them cleared
// (its uma and oka are unknown).
func RecordRuleset(rec *record.Game, length string) (game.Ruleset, string, error) {
	if ref := rec.Rules.Referee; ref != nil {
		opts := ref.Options
		if length != "" {
			m := map[string]any{}
			if len(opts) > 0 {
				if err := json.Unmarshal(opts, &m); err != nil {
					return nil, "", fmt.Errorf("the record's rule options: %w", err)
				}
			}
			m["length"] = length
			var err error
			if opts, err = json.Marshal(m); err != nil {
				return nil, "", err
			}
		}
		rs, err := rulesets.New(ref.Ruleset, opts)
		if err != nil {
			return nil, "", fmt.Errorf("the record's rules: %w", err)
		}
		return rs, "the rules it was played under: " + ref.Ruleset, nil
	}
	var o riichi.TableOptions
	desc := "Tenhou's rules"
	reds := 0
	for _, r := range rec.Rules.Red {
		if r {
			reds++
		}
	}
	if rec.Rules.HasType {
		var err error
		if o, err = riichi.TenhouTable(rec.Rules.Type, rec.Rules.Date); err != nil {
			return nil, "", err
		}
		desc = fmt.Sprintf("Tenhou's rules for game type %#04x", rec.Rules.Type)
		if !rec.Rules.Date.IsZero() {
			desc += " as of " + rec.Rules.Date.Format("2006-01-02")
		}
		if rec.Rules.Three && rec.Final != nil {
			// Tenhou's three-player uma is not known here.
			rec.Final.Points = [4]float64{}
			desc += " (final results after uma not checked)"
		}
		// Tenhou rounded final results to whole thousands in its earlier
		// records and gives them to the hundred in later ones; the
		// record's own results say which.
		if f := rec.Final; f != nil {
			for _, p := range f.Points {
				if p != math.Trunc(p) {
					o.FinalRounding = riichi.RoundNone
				}
			}
		}
	} else {
		// No game type: the length the record shows. Its uma and oka are
		// unknown, so its final results are not checked.
		if rec.Final != nil {
			rec.Final.Points = [4]float64{}
			desc = "Tenhou's rules (final results after uma not checked)"
		}
		preset := "tenhou"
		if rec.Rules.Three {
			preset = "sanma"
		}
		o, _ = riichi.TablePreset(preset)
		o.Length = "hanchan"
		if !rec.Rules.Hanchan {
			o.Length = "tonpuusen"
		}
	}
	// The tiles are the record's: its red fives (tenhou.net/6 "aka") count
	// over a label that says otherwise.
	o.RedFives = reds
	if length != "" {
		o.Length = length
	}
	rs, err := riichi.New(o)
	if err != nil {
		return nil, "", err
	}
	return rs, desc + ", " + o.Length, nil
}
