package wuhan

import (
	"errors"
	"fmt"

	"jantaku/rules/tile"
)

// ErrOptions is wrapped by every options validation error.
var ErrOptions = errors.New("wuhan: bad options")

// Variant is the rule family (spec/wuhan.md §13.1 key `ruleset`).
type Variant string

// The variants.
const (
	HZFC     Variant = "hzfc"       // 紅中發財頼子槓, the main rule: 中 and 發 are kong-only (§13.3)
	HZ       Variant = "hz"         // 紅中頼子槓: only 中 is kong-only (§13.2)
	QiPi     Variant = "qipi"       // 七皮四頼 / 皮子槓: the indicator and the tile before it are kong-only (§13.4)
	Jingzhou Variant = "jingzhou3p" // 荊州 3-player 紅中頼子槓 on 96 tiles (§13.6)
)

// The values of the string-valued options (§13.1).
const (
	KaikouOnce    = "once"     // 開口番: one fan however many openings
	KaikouPerCall = "per_call" // 口口番: one fan per opening

	ScopeEvery = "every_payer" // every payer must reach the threshold
	ScopeAny   = "any_payer"   // one payer reaching it is enough (荊州)

	UnitPoints = "points" // threshold in points (raw per payer)
	UnitFan    = "fan"    // threshold in fan; 大胡 exempt (DEC-21)

	BaseSum      = "sum"      // 10 per 大胡 pattern
	BaseCompound = "compound" // 10 × 2^(n−1) for n patterns (DEC-39)

	HalfEven = "even" // 四捨六入五成双 (DEC-29)
	HalfUp   = "up"
	HalfDown = "down"
)

// Caps are the payment caps in points (§11.4).
type Caps struct {
	Cap  int `yaml:"cap" json:"cap"`   // 封頂
	Jin  int `yaml:"jin" json:"jin"`   // 金頂: every payer reached the cap
	Yang int `yaml:"yang" json:"yang"` // 陽光頂: a payer without an opening under 金頂
	San  int `yaml:"san" json:"san"`   // 三陽開泰: no payer has an opening under 金頂 (the `sanyang` option)
}

// Options are a table's choices (spec/wuhan.md §13.1). The zero value is
// not valid; start from Defaults or Preset.
type Options struct {
	Ruleset   Variant `yaml:"ruleset" json:"ruleset"`
	KaikouFan string  `yaml:"kaikou_fan" json:"kaikou_fan"`
	// Threshold is the minimum (縛り, §8.6): points per payer, or fan
	// (winner's plus payer's) when ThresholdUnit is "fan".
	Threshold         int    `yaml:"threshold" json:"threshold"`
	ThresholdScope    string `yaml:"threshold_scope" json:"threshold_scope"`
	ThresholdUnit     string `yaml:"threshold_unit" json:"threshold_unit"`
	Caps              Caps   `yaml:"caps" json:"caps"`
	FengyiseJinding   bool   `yaml:"fengyise_jinding" json:"fengyise_jinding"`
	DaihuBase         string `yaml:"daihu_base" json:"daihu_base"`
	YiseBase15        bool   `yaml:"yise_base15" json:"yise_base15"`
	YiseBao           bool   `yaml:"yise_bao" json:"yise_bao"`
	AnytileMayRob     bool   `yaml:"anytile_may_rob" json:"anytile_may_rob"`
	KongAfterCall     bool   `yaml:"kong_after_call" json:"kong_after_call"`
	RobCountsAsDealin bool   `yaml:"rob_counts_as_dealin" json:"rob_counts_as_dealin"`
	StakeDivisor      int    `yaml:"stake_divisor" json:"stake_divisor"`
	RoundHalf         string `yaml:"round_half" json:"round_half"`
	// RemovedSuit is the suit left out of the 荊州 set (DEC-07): "m", "p"
	// or "s". Ignored by the 4-player variants.
	RemovedSuit string `yaml:"removed_suit" json:"removed_suit"`
	// StartMoney is each player's money at the start of a game (§1.3; a
	// CONVENTION, balances may go negative, DEC-53).
	StartMoney int `yaml:"start_money" json:"start_money"`
}

// Defaults returns the main rule, 紅中發財頼子槓, with the spec's defaults.
func Defaults() Options {
	return Options{
		Ruleset:        HZFC,
		KaikouFan:      KaikouOnce,
		Threshold:      16,
		ThresholdScope: ScopeEvery,
		ThresholdUnit:  UnitPoints,
		Caps:           Caps{Cap: 400, Jin: 500, Yang: 600, San: 800},
		DaihuBase:      BaseSum,
		AnytileMayRob:  true,
		StakeDivisor:   10,
		RoundHalf:      HalfEven,
		RemovedSuit:    "m",
		StartMoney:     500,
	}
}

// presetNames lists the names Preset knows.
var presetNames = []string{"hzfc", "hz", "qipi", "koukou", "jingzhou3p"}

// Preset returns the options of a named variant: "hzfc" (the default, also
// ""), "hz" (紅中頼子槓, §13.2), "qipi" (七皮四頼, §13.4), "koukou" (the main
// rule with 口口番, §13.5) or "jingzhou3p" (§13.6).
func Preset(name string) (Options, error) {
	o := Defaults()
	switch name {
	case "", "hzfc":
	case "hz":
		o.Ruleset = HZ
		o.Threshold = 8
		o.Caps = Caps{Cap: 300, Jin: 400, Yang: 500, San: 600}
	case "qipi":
		o.Ruleset = QiPi
	case "koukou":
		o.KaikouFan = KaikouPerCall
		o.Threshold = 32
		o.Caps = Caps{Cap: 600, Jin: 800, Yang: 1000, San: 1200}
	case "jingzhou3p":
		o.Ruleset = Jingzhou
		o.Threshold = 8
		o.ThresholdScope = ScopeAny
		o.Caps = Caps{Cap: 300, Jin: 400, Yang: 500, San: 600} // DEC-33
	default:
		return Options{}, fmt.Errorf("%w: unknown preset %q (want one of %v)", ErrOptions, name, presetNames)
	}
	return o, nil
}

// Validate reports the first bad option, naming its key.
func (o Options) Validate() error {
	bad := func(key string, v any, want string) error {
		return fmt.Errorf("%w: %s = %v, want %s", ErrOptions, key, v, want)
	}
	switch {
	case o.Ruleset != HZFC && o.Ruleset != HZ && o.Ruleset != QiPi && o.Ruleset != Jingzhou:
		return bad("ruleset", fmt.Sprintf("%q", o.Ruleset), "hzfc, hz, qipi or jingzhou3p")
	case o.KaikouFan != KaikouOnce && o.KaikouFan != KaikouPerCall:
		return bad("kaikou_fan", o.KaikouFan, "once or per_call")
	case o.Threshold < 0:
		return bad("threshold", o.Threshold, "0 or more")
	case o.ThresholdScope != ScopeEvery && o.ThresholdScope != ScopeAny:
		return bad("threshold_scope", o.ThresholdScope, "every_payer or any_payer")
	case o.ThresholdUnit != UnitPoints && o.ThresholdUnit != UnitFan:
		return bad("threshold_unit", o.ThresholdUnit, "points or fan")
	case o.Caps.Cap < 1:
		return bad("caps.cap", o.Caps.Cap, "at least 1")
	case o.Caps.Jin < o.Caps.Cap:
		return bad("caps.jin", o.Caps.Jin, fmt.Sprintf("at least caps.cap (%d)", o.Caps.Cap))
	case o.Caps.Yang < o.Caps.Jin:
		return bad("caps.yang", o.Caps.Yang, fmt.Sprintf("at least caps.jin (%d)", o.Caps.Jin))
	case o.Caps.San < o.Caps.Yang:
		return bad("caps.san", o.Caps.San, fmt.Sprintf("at least caps.yang (%d)", o.Caps.Yang))
	case o.DaihuBase != BaseSum && o.DaihuBase != BaseCompound:
		return bad("daihu_base", o.DaihuBase, "sum or compound")
	case o.YiseBase15 && o.DaihuBase == BaseCompound:
		return bad("yise_base15", true, "false with daihu_base = compound (the source does not combine them)")
	case o.StakeDivisor < 1:
		return bad("stake_divisor", o.StakeDivisor, "10 (1分), 20 (5厘) or another positive divisor")
	case o.RoundHalf != HalfEven && o.RoundHalf != HalfUp && o.RoundHalf != HalfDown:
		return bad("round_half", o.RoundHalf, "even, up or down")
	case o.StartMoney < 0:
		return bad("start_money", o.StartMoney, "0 or more")
	}
	if o.Ruleset == Jingzhou {
		switch {
		case o.KaikouFan == KaikouPerCall:
			return bad("kaikou_fan", o.KaikouFan, "once with ruleset jingzhou3p (§13.6: 口口番 is not used)")
		case o.YiseBase15:
			return bad("yise_base15", true, "false with ruleset jingzhou3p (self-draw is a full fan there)")
		case o.RemovedSuit != "m" && o.RemovedSuit != "p" && o.RemovedSuit != "s":
			return bad("removed_suit", fmt.Sprintf("%q", o.RemovedSuit), "m, p or s")
		}
	}
	return nil
}

// Players returns 3 for 荊州, 4 otherwise.
func (o Options) Players() int {
	if o.Ruleset == Jingzhou {
		return 3
	}
	return 4
}

// Set returns the tiles in play: 136, or 荊州's 96 (§13.6).
func (o Options) Set() (tile.Set, error) {
	if o.Ruleset != Jingzhou {
		return tile.Standard(0)
	}
	return tile.Jingzhou96(o.removedSuit())
}

// Walls returns the stacks of each player's wall, for game.DrawOrder:
// 17 each with four players (§4.1), 16 in 荊州 (§13.6).
func (o Options) Walls() []int {
	if o.Ruleset == Jingzhou {
		return []int{16, 16, 16}
	}
	return []int{17, 17, 17, 17}
}

func (o Options) removedSuit() tile.Suit {
	switch o.RemovedSuit {
	case "p":
		return tile.Pin
	case "s":
		return tile.Sou
	}
	return tile.Man
}
