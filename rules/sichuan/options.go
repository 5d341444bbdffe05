package sichuan

import (
	"errors"
	"fmt"
)

// ErrOptions is wrapped by every options validation error.
var ErrOptions = errors.New("sichuan: bad options")

// Mode says whether the referee rejects missing-suit violations or lets
// them happen and penalises them (spec/sichuan.md §0.2).
type Mode string

// The modes.
const (
	Enforce Mode = "enforce" // illegal acts are refused; chombo can only come from a reported foul
	Record  Mode = "record"  // every act is accepted; chombo ends the hand at once
)

// BreakMode is where the dealer starts taking tiles (D-SC-01).
type BreakMode string

// The break modes.
const (
	LeaveD   BreakMode = "leave_d"    // leave d stacks, start at stack d+1
	StartAtD BreakMode = "start_at_d" // start at stack d
)

// KongDealIn is what happens to the kong income of a kong whose following
// discard is won on (D-SC-08).
type KongDealIn string

// The kong deal-in modes.
const (
	VoidLast     KongDealIn = "void_last"     // the last kong of the chain earns nothing
	LiteralSplit KongDealIn = "literal_split" // a single kong keeps its income if the win is the 1st or 2nd
)

// LastPlayerPenalty is what a missing-suit violation of the player left
// after three wins costs (D-SC-15).
type LastPlayerPenalty string

// The last-player penalties.
const (
	NoPenalty       LastPlayerPenalty = "none"
	ChomboToWinners LastPlayerPenalty = "chombo_to_winners"
)

// Options are the table's choices (spec/sichuan.md §14). The zero value
// is not valid; start from Defaults.
type Options struct {
	Mode                       Mode              `yaml:"mode" json:"mode"`
	SessionHands               int               `yaml:"session_hands" json:"session_hands"`
	BreakMode                  BreakMode         `yaml:"break_mode" json:"break_mode"`
	GenPerKind                 bool              `yaml:"gen_per_kind" json:"gen_per_kind"`
	DiscardFuriten             bool              `yaml:"discard_furiten" json:"discard_furiten"`
	KongDealInIncome           KongDealIn        `yaml:"kong_dealin_income" json:"kong_dealin_income"`
	HuajiaoAlsoPaysReadyValue  bool              `yaml:"huajiao_also_pays_ready_value" json:"huajiao_also_pays_ready_value"`
	LastPlayerViolationPenalty LastPlayerPenalty `yaml:"last_player_violation_penalty" json:"last_player_violation_penalty"`
	ChomboPenalty              int               `yaml:"chombo_penalty" json:"chombo_penalty"`
	HuajiaoPenalty             int               `yaml:"huajiao_penalty" json:"huajiao_penalty"`
	CapHan                     int               `yaml:"cap_han" json:"cap_han"`
	TsumoBonus                 int               `yaml:"tsumo_bonus" json:"tsumo_bonus"`
}

// Defaults returns the spec's defaults (spec/sichuan.md §14).
func Defaults() Options {
	return Options{
		Mode:                       Enforce,
		SessionHands:               10,
		BreakMode:                  LeaveD,
		GenPerKind:                 true,
		DiscardFuriten:             true,
		KongDealInIncome:           VoidLast,
		LastPlayerViolationPenalty: NoPenalty,
		ChomboPenalty:              16,
		HuajiaoPenalty:             8,
		CapHan:                     3,
		TsumoBonus:                 1,
	}
}

// Preset returns named options: "default" (Defaults) or "record" (Defaults
// refereeing a physical game, spec/sichuan.md §0.2).
func Preset(name string) (Options, error) {
	o := Defaults()
	switch name {
	case "default", "":
	case "record":
		o.Mode = Record
	default:
		return Options{}, fmt.Errorf("%w: unknown preset %q (want default or record)", ErrOptions, name)
	}
	return o, nil
}

// Validate reports the first bad option, naming its key.
func (o Options) Validate() error {
	bad := func(key string, v any, want string) error {
		return fmt.Errorf("%w: %s = %v, want %s", ErrOptions, key, v, want)
	}
	switch {
	case o.Mode != Enforce && o.Mode != Record:
		return bad("mode", o.Mode, "enforce or record")
	case o.SessionHands < 1:
		return bad("session_hands", o.SessionHands, "at least 1")
	case o.BreakMode != LeaveD && o.BreakMode != StartAtD:
		return bad("break_mode", o.BreakMode, "leave_d or start_at_d")
	case o.KongDealInIncome != VoidLast && o.KongDealInIncome != LiteralSplit:
		return bad("kong_dealin_income", o.KongDealInIncome, "void_last or literal_split")
	case o.LastPlayerViolationPenalty != NoPenalty && o.LastPlayerViolationPenalty != ChomboToWinners:
		return bad("last_player_violation_penalty", o.LastPlayerViolationPenalty, "none or chombo_to_winners")
	case o.ChomboPenalty < 0:
		return bad("chombo_penalty", o.ChomboPenalty, "0 or more")
	case o.HuajiaoPenalty < 0:
		return bad("huajiao_penalty", o.HuajiaoPenalty, "0 or more")
	case o.CapHan < 0 || o.CapHan > 10:
		return bad("cap_han", o.CapHan, "0–10")
	case o.TsumoBonus < 0:
		return bad("tsumo_bonus", o.TsumoBonus, "0 or more")
	}
	return nil
}
