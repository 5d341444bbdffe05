package mcr

import (
	"errors"
	"fmt"
)

// ErrOptions is wrapped by every options validation error.
var ErrOptions = errors.New("mcr: bad options")

// The values of the string options.
const (
	FansOfficial   = "official"   // the 81 fans (spec/mcr.md §8)
	FansSimplified = "simplified" // the seed's 45 fans (spec/mcr.md §4)

	EditionWMO2006 = "wmo2006" // 双暗杠 8 (D-MC-11)
	EditionCN1998  = "cn1998"  // 双暗杠 6

	MultiWinHeadBump = "head_bump" // nearest claimant after the discarder wins (D-MC-03)
	MultiWinAll      = "all"

	SeatRotationNone = "none" // only the dealership moves (D-MC-02)

	UnitsPoints = "points" // display in points (D-MC-10)
	UnitsSticks = "sticks" // display in Japanese point sticks, 1 point = 100 [S L81]

	FalseWinEnforce    = "enforce"    // the referee refuses a false win (D-MC-04)
	FalseWinAdjudicate = "adjudicate" // a reported false win is penalised; the offender's hand is dead
)

// Options are the table's choices (spec/mcr.md §0, §2, §9). Start from a
// preset: Official or Simplified.
type Options struct {
	// Fans is the fan list: official (81) or simplified (the seed's 45).
	Fans string `yaml:"fans" json:"fans"`
	// Minimum is the fan points (flowers excluded) a win needs: 8; 6 in
	// the seed's rule [S L5].
	Minimum int `yaml:"minimum" json:"minimum"`
	// Flowers: play with the 8 flowers, 1 point each (144 tiles).
	Flowers bool `yaml:"flowers" json:"flowers"`
	// Base is what every non-winner pays the winner besides the fan
	// points of a discard or self-drawn win [S L81–L86].
	Base int `yaml:"base" json:"base"`
	// Hands is the number of hands in a game: 16 (4 rounds of 4).
	Hands int `yaml:"hands" json:"hands"`
	// Edition sets the value of 双暗杠 (D-MC-11): wmo2006 or cn1998.
	Edition string `yaml:"mcr_edition" json:"mcr_edition"`
	// MixedKongs5 scores one concealed and one melded kong as 明暗杠 5
	// instead of 暗杠 + 明杠 (D-MC-12).
	MixedKongs5 bool `yaml:"mixed_kongs_5" json:"mixed_kongs_5"`
	// MultiWin: head_bump or all (D-MC-03).
	MultiWin string `yaml:"multi_win" json:"multi_win"`
	// SeatRotation: none (D-MC-02). The official re-seating chart needs
	// seats that move, which the referee does not have.
	SeatRotation string `yaml:"seat_rotation" json:"seat_rotation"`
	// FalseWin: enforce or adjudicate (D-MC-04).
	FalseWin string `yaml:"false_win" json:"false_win"`
	// FalseWinPenalty is what the offender pays each other player in
	// adjudicate mode.
	FalseWinPenalty int `yaml:"false_win_penalty" json:"false_win_penalty"`
	// DisplayUnits: points or sticks (D-MC-10); only the summary shown
	// to players changes, never the scores.
	DisplayUnits string `yaml:"display_units" json:"display_units"`
}

// Official returns the official preset (spec/mcr.md §8): 81 fans, 8-point
// minimum, flowers.
func Official() Options {
	return Options{
		Fans: FansOfficial, Minimum: 8, Flowers: true, Base: 8, Hands: 16,
		Edition: EditionWMO2006, MultiWin: MultiWinHeadBump, SeatRotation: SeatRotationNone,
		FalseWin: FalseWinEnforce, FalseWinPenalty: 10, DisplayUnits: UnitsPoints,
	}
}

// Simplified returns the seed's beginners' rule (spec/mcr.md §1, §4–§6):
// 45 fans, 6-point minimum, no flowers (D-MC-01).
func Simplified() Options {
	o := Official()
	o.Fans, o.Minimum, o.Flowers = FansSimplified, 6, false
	return o
}

// Preset returns the named preset: "official" or "simplified".
func Preset(name string) (Options, error) {
	switch name {
	case FansOfficial:
		return Official(), nil
	case FansSimplified:
		return Simplified(), nil
	}
	return Options{}, fmt.Errorf("%w: unknown preset %q (want official or simplified)", ErrOptions, name)
}

// Validate reports the first bad option, naming its key.
func (o Options) Validate() error { return o.validate() }

// validate is Validate without copying the options: Score checks them on
// every hand.
func (o *Options) validate() error {
	bad := func(key string, v any, want string) error {
		return fmt.Errorf("%w: %s = %v, want %s", ErrOptions, key, v, want)
	}
	switch {
	case o.Fans != FansOfficial && o.Fans != FansSimplified:
		return bad("fans", fmt.Sprintf("%q", o.Fans), "official or simplified")
	case o.Minimum < 1 || o.Minimum > 88:
		return bad("minimum", o.Minimum, "1–88")
	case o.Base < 0:
		return bad("base", o.Base, "0 or more")
	case o.Hands < 1:
		return bad("hands", o.Hands, "at least 1")
	case o.Edition != EditionWMO2006 && o.Edition != EditionCN1998:
		return bad("mcr_edition", fmt.Sprintf("%q", o.Edition), "wmo2006 or cn1998")
	case o.MultiWin != MultiWinHeadBump && o.MultiWin != MultiWinAll:
		return bad("multi_win", fmt.Sprintf("%q", o.MultiWin), "head_bump or all")
	case o.SeatRotation != SeatRotationNone:
		return bad("seat_rotation", fmt.Sprintf("%q", o.SeatRotation), "none (the re-seating chart needs seats that move, which the referee does not support)")
	case o.FalseWin != FalseWinEnforce && o.FalseWin != FalseWinAdjudicate:
		return bad("false_win", fmt.Sprintf("%q", o.FalseWin), "enforce or adjudicate")
	case o.FalseWinPenalty < 0:
		return bad("false_win_penalty", o.FalseWinPenalty, "0 or more")
	case o.DisplayUnits != UnitsPoints && o.DisplayUnits != UnitsSticks:
		return bad("display_units", fmt.Sprintf("%q", o.DisplayUnits), "points or sticks")
	}
	return nil
}

// The fan sets of the presets, built once (immutable).
var officialFans, simplifiedFans = OfficialFans(), SimplifiedFans()

// set returns the fans in play.
func (o *Options) set() FanSet {
	if o.Fans == FansSimplified {
		return simplifiedFans
	}
	return officialFans
}

// Points returns the value of f under o's edition (D-MC-11): 双暗杠 is 6
// in the 1998 Chinese text, 8 in the WMO rulebook.
func (o Options) Points(f Fan) int { return o.value(f) }

// value is Points without copying the options.
func (o *Options) value(f Fan) int {
	if f == TwoConcealedKongs && o.Edition == EditionCN1998 {
		return 6
	}
	return f.Points()
}
