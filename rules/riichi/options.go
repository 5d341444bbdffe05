package riichi

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Options are the rule switches of spec/riichi.md §17, with the names the
// spec gives them as YAML and JSON keys. The zero value is not a rule set:
// start from SeedRules (the spec's defaults) or another preset.
type Options struct {
	RefereeMode    RefereeMode    `yaml:"referee_mode" json:"referee_mode"`         // D-RI-01
	RedFives       int            `yaml:"red_fives" json:"red_fives"`               // 0 or 3; D-RI-05
	Kuitan         bool           `yaml:"kuitan" json:"kuitan"`                     // open tanyao; D-RI-18
	UraDora        bool           `yaml:"ura_dora" json:"ura_dora"`                 // D-RI-04
	KanDora        bool           `yaml:"kan_dora" json:"kan_dora"`                 // D-RI-04
	KanUraDora     bool           `yaml:"kan_ura_dora" json:"kan_ura_dora"`         // D-RI-04
	KanDoraTiming  KanDoraTiming  `yaml:"kan_dora_timing" json:"kan_dora_timing"`   // D-RI-06
	MultipleRon    MultipleRon    `yaml:"multiple_ron" json:"multiple_ron"`         // D-RI-13
	AtamahaneOrder AtamahaneOrder `yaml:"atamahane_order" json:"atamahane_order"`   // D-RI-12
	TripleRonAbort bool           `yaml:"triple_ron_abort" json:"triple_ron_abort"` // §13.3
	Tobi           bool           `yaml:"tobi" json:"tobi"`                         // busting; D-RI-35
	Kiriage        bool           `yaml:"kiriage" json:"kiriage"`                   // D-RI-28
	KazoeYakuman   bool           `yaml:"kazoe_yakuman" json:"kazoe_yakuman"`       // D-RI-27
	// KazoeStacking, with KazoeYakuman, counts each full 13 han as one
	// more yakuman (26 han = double yakuman); not in the spec.
	KazoeStacking bool `yaml:"kazoe_stacking" json:"kazoe_stacking"`
	// YakumanStacking adds different yakuman together (D-RI-23).
	YakumanStacking bool `yaml:"yakuman_stacking" json:"yakuman_stacking"`
	// DoubleYakuman makes junsei chuuren, suuankou tanki, kokushi 13-wait
	// and daisuushii worth two yakuman (§9.1, not in the source).
	DoubleYakuman  bool `yaml:"double_yakuman" json:"double_yakuman"`
	FourKongAbort  bool `yaml:"four_kong_abort" json:"four_kong_abort"` // D-RI-08
	SuufonRenda    bool `yaml:"suufon_renda" json:"suufon_renda"`       // §13.3
	KyuushuKyuuhai bool `yaml:"kyuushu_kyuuhai" json:"kyuushu_kyuuhai"` // §13.3
	SuuchaRiichi   bool `yaml:"suucha_riichi" json:"suucha_riichi"`     // §13.3
	// StartingPoints each player starts with (30,000 in the source, §1).
	StartingPoints int `yaml:"starting_points" json:"starting_points"`
	// Uma, in thousands, first place first; empty for none (D-RI-37).
	Uma              []int            `yaml:"uma" json:"uma"`
	ReturnPoints     int              `yaml:"return_points" json:"return_points"`         // D-RI-37
	LeftoverDeposits LeftoverDeposits `yaml:"leftover_deposits" json:"leftover_deposits"` // D-RI-31
	Kuikae           Kuikae           `yaml:"kuikae" json:"kuikae"`                       // D-RI-07
	RiichiMinWall    int              `yaml:"riichi_min_wall" json:"riichi_min_wall"`     // D-RI-14
	RiichiAnkanRule  RiichiAnkanRule  `yaml:"riichi_ankan_rule" json:"riichi_ankan_rule"` // D-RI-16
	// DoubleWindPairFu is the fu of a pair that is both seat and round
	// wind: 2 or 4 (D-RI-24).
	DoubleWindPairFu int `yaml:"double_wind_pair_fu" json:"double_wind_pair_fu"`
	// OpenPinfuFu is the fu of an open hand whose fu total 20: 30 (D-RI-25)
	// or 20.
	OpenPinfuFu            int  `yaml:"open_pinfu_fu" json:"open_pinfu_fu"`
	RyuuiisouRequiresHatsu bool `yaml:"ryuuiisou_requires_hatsu" json:"ryuuiisou_requires_hatsu"` // D-RI-22
	// TsuuiisouSevenPairs counts seven pairs of honours as tsuuiisou
	// (D-RI-21 says no).
	TsuuiisouSevenPairs bool          `yaml:"tsuuiisou_seven_pairs" json:"tsuuiisou_seven_pairs"`
	KokushiRobAnkan     bool          `yaml:"kokushi_rob_ankan" json:"kokushi_rob_ankan"` // D-RI-09
	Ippatsu             bool          `yaml:"ippatsu" json:"ippatsu"`                     // §9.1, not in the source
	Renhou              RenhouRule    `yaml:"renhou" json:"renhou"`                       // §9.1, not in the source
	NagashiMangan       bool          `yaml:"nagashi_mangan" json:"nagashi_mangan"`       // §9.1, not in the source
	MaxYakuman          int           `yaml:"max_yakuman" json:"max_yakuman"`             // cap on stacked yakuman; 0 = none
	Penalty             PenaltyAmount `yaml:"chombo_penalty" json:"chombo_penalty"`       // §16.1
	// PaoHonba is who pays the honba of a ron by a third player on a
	// hand with pao: the discarder (D-RI-38; also when empty) or the
	// liable player (Tenhou).
	PaoHonba PaoHonba `yaml:"pao_honba" json:"pao_honba"`
	// FinalRounding is how the final results are rounded to whole
	// thousands (D-RI-37): none (to the hundred), half_up (四捨五入 of the
	// score, Tenhou) or gosha_rokunyu (五捨六入: 500 rounds down, common
	// in parlours); when rounded, first place takes the balance so that
	// the results add up to zero.
	FinalRounding FinalRounding `yaml:"final_rounding" json:"final_rounding"`
	// Players is 4, or 3 for three-player riichi (sanma: no 2m–8m, no
	// chi, north tiles set aside as nukidora); 0 means 4.
	Players int `yaml:"players" json:"players"`
	// SanmaTsumo is what becomes of the missing North's share of a tsumo
	// in a three-player game: tsumo_loss (nobody pays it, Tenhou) or
	// split (the two payers pay half each).
	SanmaTsumo SanmaTsumo `yaml:"sanma_tsumo" json:"sanma_tsumo"`
	// Chips (祝儀) are paid on a win apart from points: so many for each
	// red five, ura dora and ippatsu, and for a yakuman, by the discarder
	// on a ron and by each other player on a tsumo. Zero: no chips.
	Chips Chips `yaml:"chips" json:"chips"`
}

// Chips says how many chips a win's elements are worth (祝儀).
type Chips struct {
	Red     int `yaml:"red" json:"red"`         // each red five in the winning hand
	Ura     int `yaml:"ura" json:"ura"`         // each ura dora (riichi wins)
	Ippatsu int `yaml:"ippatsu" json:"ippatsu"` // an ippatsu win
	// Yakuman on a tsumo (from each player) and on a ron (from the
	// discarder), per yakuman.
	YakumanTsumo int `yaml:"yakuman_tsumo" json:"yakuman_tsumo"`
	YakumanRon   int `yaml:"yakuman_ron" json:"yakuman_ron"`
}

// SanmaTsumo is what becomes of North's share of a three-player tsumo.
type SanmaTsumo string

// FinalRounding is how final results are rounded (D-RI-37).
type FinalRounding string

// PaoHonba is who pays the honba of a pao hand's ron (D-RI-38).
type PaoHonba string

// RefereeMode says whether illegal acts are refused or penalised (D-RI-01).
type RefereeMode string

// KanDoraTiming says when a kong's new indicator is turned (D-RI-06).
type KanDoraTiming string

// MultipleRon says what happens when several players ron one tile (D-RI-13).
type MultipleRon string

// AtamahaneOrder is who wins under head bump (D-RI-12).
type AtamahaneOrder string

// LeftoverDeposits says who gets the deposits left at the end (D-RI-31).
type LeftoverDeposits string

// Kuikae says whether swap-calling is allowed (D-RI-07).
type Kuikae string

// RiichiAnkanRule is the test for a concealed kong after riichi (D-RI-16).
type RiichiAnkanRule string

// RenhouRule is what a ron before one's first draw is worth.
type RenhouRule string

// PenaltyAmount is the size of a chombo payment (§16.1).
type PenaltyAmount string

// The option values.
const (
	Enforce    RefereeMode = "enforce"
	Adjudicate RefereeMode = "adjudicate"

	KanDoraStandard  KanDoraTiming = "ankan_immediate_minkan_after_discard"
	KanDoraImmediate KanDoraTiming = "immediate"
	// KanDoraNotRinshan is the standard timing, except that a win on an
	// open or added kong's replacement tile does not count that kong's
	// indicator, turned only after the replacement's discard (Tenhou).
	KanDoraNotRinshan KanDoraTiming = "minkan_after_replacement_discard"

	SanmaTsumoLoss  SanmaTsumo = "tsumo_loss"
	SanmaTsumoSplit SanmaTsumo = "split"

	RoundNone   FinalRounding = "none"
	RoundHalfUp FinalRounding = "half_up"
	RoundGosha  FinalRounding = "gosha_rokunyu"

	PaoHonbaDiscarder PaoHonba = "discarder"
	PaoHonbaLiable    PaoHonba = "liable"

	Atamahane MultipleRon = "atamahane"
	DoubleRon MultipleRon = "double_ron"

	OrderStandard      AtamahaneOrder = "standard"
	OrderSourceLiteral AtamahaneOrder = "source_literal"

	DepositsToFirst LeftoverDeposits = "to_first"
	DepositsLost    LeftoverDeposits = "lost"

	KuikaeAllowed   Kuikae = "allowed"
	KuikaeForbidden Kuikae = "forbidden"

	AnkanStrict    RiichiAnkanRule = "strict"
	AnkanWaitsOnly RiichiAnkanRule = "waits_only"

	RenhouNone      RenhouRule = "off"
	RenhouAsMangan  RenhouRule = "mangan"
	RenhouAsYakuman RenhouRule = "yakuman"

	PenaltyMangan PenaltyAmount = "mangan" // 4,000 all / 4,000-2,000 (the source)
)

// SeedRules returns the spec's defaults: the source rule (spec/riichi.md §17).
func SeedRules() Options {
	return Options{
		RefereeMode:      Enforce,
		Kuitan:           true,
		UraDora:          true,
		KanDora:          true,
		KanUraDora:       true,
		KanDoraTiming:    KanDoraStandard,
		MultipleRon:      Atamahane,
		AtamahaneOrder:   OrderStandard,
		FourKongAbort:    true,
		StartingPoints:   30000,
		ReturnPoints:     30000,
		LeftoverDeposits: DepositsToFirst,
		Kuikae:           KuikaeAllowed,
		RiichiMinWall:    4,
		RiichiAnkanRule:  AnkanStrict,
		DoubleWindPairFu: 2,
		OpenPinfuFu:      30,
		Renhou:           RenhouNone,
		Penalty:          PenaltyMangan,
		PaoHonba:         PaoHonbaDiscarder,
		FinalRounding:    RoundNone,
		Players:          4,
		SanmaTsumo:       SanmaTsumoLoss,
	}
}

// TenhouRules returns Tenhou's ranked rules: red fives, ippatsu, open tanyao,
// double ron with a triple-ron draw and the other abortive draws, nagashi
// mangan, busting, kazoe and stacked yakuman, 4 fu for a double-wind pair,
// no swap-calling, a kong's new indicator not counted for a win on its
// replacement tile, the honba of a pao ron on the liable player.
func TenhouRules() Options {
	o := SeedRules()
	o.RedFives = 3
	o.Ippatsu = true
	o.MultipleRon = DoubleRon
	o.TripleRonAbort = true
	o.SuufonRenda = true
	o.KyuushuKyuuhai = true
	o.SuuchaRiichi = true
	o.NagashiMangan = true
	o.Tobi = true
	o.KazoeYakuman = true
	o.YakumanStacking = true
	o.TsuuiisouSevenPairs = true
	o.DoubleWindPairFu = 4
	o.Kuikae = KuikaeForbidden
	o.KanDoraTiming = KanDoraNotRinshan
	o.PaoHonba = PaoHonbaLiable
	o.StartingPoints = 25000
	o.Uma = []int{20, 10, -10, -20}
	o.FinalRounding = RoundHalfUp
	return o
}

// MahjongSoulRules returns the rules riichi-mjsoul-agari/agari_4p.json was
// scored under (corpus SOURCES.md): Tenhou's, plus double yakuman for
// junsei chuuren, suuankou tanki, kokushi 13-wait and daisuushii.
func MahjongSoulRules() Options {
	o := TenhouRules()
	o.DoubleYakuman = true
	o.Uma = []int{15, 5, -5, -15}
	o.FinalRounding = RoundNone
	return o
}

// ParlourRules are Tenhou's rules settled as a common Japanese parlour
// (フリー雀荘) does: 25,000 start, 30,000 return (oka 20 to first), uma
// +10/+5/−5/−10, results rounded 五捨六入, and chips: one for each red
// five, ura dora and ippatsu, five from each player for a yakuman tsumo,
// ten from the discarder for a yakuman ron.
func ParlourRules() Options {
	o := TenhouRules()
	o.Uma = []int{10, 5, -5, -10}
	o.FinalRounding = RoundGosha
	o.Chips = Chips{Red: 1, Ura: 1, Ippatsu: 1, YakumanTsumo: 5, YakumanRon: 10}
	return o
}

// LeagueRules are Tenhou's rules settled as professional leagues commonly
// do: 25,000 start, 30,000 return (oka 20 to first), uma
// +30/+10/−10/−30, results to the hundred points (one decimal).
func LeagueRules() Options {
	o := TenhouRules()
	o.Uma = []int{30, 10, -10, -30}
	o.FinalRounding = RoundNone
	return o
}

// SanmaRules are Tenhou's three-player rules (三麻): 108 tiles (no
// 2m–8m) with a red 5p and 5s, no chi, norths set aside as kita
// (nukidora), tsumo loss, 35,000 start and 40,000 returned (oka 15 to
// first), uma +20/0/−20, the score rounded half up to thousands. The uma
// is what a real Tenhou three-player record's final results (its owari)
// give: 40,000 second → 0.0, −6,300 third → −66.0, 71,300 first → +66.0
// (docs/records.md).
func SanmaRules() Options {
	o := TenhouRules()
	o.Players, o.RedFives = 3, 2
	o.SanmaTsumo = SanmaTsumoLoss
	o.StartingPoints, o.ReturnPoints = 35000, 40000
	o.Uma = []int{20, 0, -20}
	return o
}

// Presets lists the preset names Preset accepts.
func Presets() []string {
	return []string{"seed", "tenhou", "mahjongsoul", "parlour", "league", "sanma"}
}

// Preset returns the named preset: "seed", "tenhou" or "mahjongsoul".
func Preset(name string) (Options, error) {
	switch strings.ToLower(name) {
	case "seed", "default", "":
		return SeedRules(), nil
	case "tenhou":
		return TenhouRules(), nil
	case "mahjongsoul", "majsoul", "mjsoul":
		return MahjongSoulRules(), nil
	case "parlour", "parlor":
		return ParlourRules(), nil
	case "league":
		return LeagueRules(), nil
	case "sanma":
		return SanmaRules(), nil
	}
	return Options{}, fmt.Errorf("riichi: unknown preset %q (want one of %s): %w", name, strings.Join(Presets(), ", "), ErrOptions)
}

// ParseOptions reads options in YAML or JSON: a "preset" key picks the
// starting point (default "seed"), the other keys override it. Unknown
// keys and bad values are errors naming the key (and the line, for a
// syntax or type error).
func ParseOptions(data []byte) (Options, error) {
	var head struct {
		Preset string `yaml:"preset"`
	}
	if err := yaml.Unmarshal(data, &head); err != nil {
		return Options{}, fmt.Errorf("riichi options: %v: %w", err, ErrOptions)
	}
	o, err := Preset(head.Preset)
	if err != nil {
		return Options{}, err
	}
	return o.Merge(data)
}

// Merge returns o with the keys of the YAML or JSON document data set
// over it, validated. A "preset" key is ignored here (ParseOptions reads
// it).
func (o Options) Merge(data []byte) (Options, error) {
	var wrapped struct {
		Preset  string `yaml:"preset"`
		Options `yaml:",inline"`
	}
	wrapped.Options = o
	wrapped.Uma = slices.Clone(o.Uma)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&wrapped); err != nil && !errors.Is(err, io.EOF) {
		return Options{}, fmt.Errorf("riichi options: %s: %w", yamlError(err, data), ErrOptions)
	}
	if err := wrapped.Options.Validate(); err != nil {
		return Options{}, err
	}
	return wrapped.Options, nil
}

// Validate reports the first option with a value the rules do not know,
// naming its key.
func (o Options) Validate() error {
	bad := func(key string, v any, want string) error {
		return fmt.Errorf("riichi options: %s: %v is not one of %s: %w", key, v, want, ErrOptions)
	}
	type choice struct {
		key  string
		v    string
		want []string
	}
	for _, c := range []choice{
		{"referee_mode", string(o.RefereeMode), []string{string(Enforce), string(Adjudicate)}},
		{"kan_dora_timing", string(o.KanDoraTiming), []string{string(KanDoraStandard), string(KanDoraImmediate), string(KanDoraNotRinshan)}},
		{"pao_honba", string(o.PaoHonba), []string{string(PaoHonbaDiscarder), string(PaoHonbaLiable), ""}},
		{"final_rounding", string(o.FinalRounding), []string{string(RoundNone), string(RoundHalfUp), string(RoundGosha), ""}},
		{"sanma_tsumo", string(o.SanmaTsumo), []string{string(SanmaTsumoLoss), string(SanmaTsumoSplit), ""}},
		{"multiple_ron", string(o.MultipleRon), []string{string(Atamahane), string(DoubleRon)}},
		{"atamahane_order", string(o.AtamahaneOrder), []string{string(OrderStandard), string(OrderSourceLiteral)}},
		{"leftover_deposits", string(o.LeftoverDeposits), []string{string(DepositsToFirst), string(DepositsLost)}},
		{"kuikae", string(o.Kuikae), []string{string(KuikaeAllowed), string(KuikaeForbidden)}},
		{"riichi_ankan_rule", string(o.RiichiAnkanRule), []string{string(AnkanStrict), string(AnkanWaitsOnly)}},
		{"renhou", string(o.Renhou), []string{string(RenhouNone), string(RenhouAsMangan), string(RenhouAsYakuman)}},
		{"chombo_penalty", string(o.Penalty), []string{string(PenaltyMangan)}},
	} {
		if !slices.Contains(c.want, c.v) {
			return bad(c.key, fmt.Sprintf("%q", c.v), strings.Join(c.want, ", "))
		}
	}
	switch {
	case o.RedFives < 0 || o.RedFives > 3:
		return bad("red_fives", o.RedFives, "0–3")
	case o.RiichiMinWall < 0 || o.RiichiMinWall > 4:
		return bad("riichi_min_wall", o.RiichiMinWall, "0–4")
	case o.DoubleWindPairFu != 2 && o.DoubleWindPairFu != 4:
		return bad("double_wind_pair_fu", o.DoubleWindPairFu, "2, 4")
	case o.OpenPinfuFu != 20 && o.OpenPinfuFu != 30:
		return bad("open_pinfu_fu", o.OpenPinfuFu, "20, 30")
	case o.StartingPoints <= 0 || o.StartingPoints%100 != 0:
		return bad("starting_points", o.StartingPoints, "a positive multiple of 100")
	case o.ReturnPoints < 0 || o.ReturnPoints%100 != 0:
		return bad("return_points", o.ReturnPoints, "a multiple of 100, 0 or more")
	case len(o.Uma) != 0 && len(o.Uma) != o.players():
		return bad("uma", o.Uma, fmt.Sprintf("empty or %d numbers, first place first", o.players()))
	case o.MaxYakuman < 0:
		return bad("max_yakuman", o.MaxYakuman, "0 (no cap) or more")
	case o.Chips.Red < 0 || o.Chips.Ura < 0 || o.Chips.Ippatsu < 0 || o.Chips.YakumanTsumo < 0 || o.Chips.YakumanRon < 0:
		return bad("chips", o.Chips, "counts of 0 or more")
	case o.Players != 0 && o.Players != 3 && o.Players != 4:
		return bad("players", o.Players, "3 or 4")
	case o.Players == 3 && o.RedFives > 2:
		return bad("red_fives", o.RedFives, "0–2 with three players (no 5m)")
	}
	if len(o.Uma) > 0 {
		sum := 0
		for _, u := range o.Uma {
			sum += u
		}
		if sum != 0 {
			return bad("uma", o.Uma, "numbers that add up to 0")
		}
	}
	return nil
}

// yamlError names the key of each line a YAML type error points at.
func yamlError(err error, data []byte) string {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return strings.TrimPrefix(err.Error(), "yaml: ")
	}
	lines := strings.Split(string(data), "\n")
	msgs := make([]string, len(te.Errors))
	for i, m := range te.Errors {
		msgs[i] = m
		var n int
		if _, err := fmt.Sscanf(m, "line %d:", &n); err == nil && n >= 1 && n <= len(lines) {
			if k, _, ok := strings.Cut(strings.TrimSpace(lines[n-1]), ":"); ok && !strings.Contains(m, "field "+k) {
				msgs[i] = fmt.Sprintf("line %d: key %s:%s", n, strings.Trim(k, `"' {`), strings.TrimPrefix(m, fmt.Sprintf("line %d:", n)))
			}
		}
	}
	return strings.Join(msgs, "; ")
}

// players is the number of players: 4 unless Players says 3.
func (o Options) players() int {
	if o.Players == 3 {
		return 3
	}
	return 4
}
