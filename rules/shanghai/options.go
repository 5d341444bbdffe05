package shanghai

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"
)

// ErrOptions is wrapped by every error about a bad configuration.
var ErrOptions = errors.New("bad Shanghai options")

// Variant is one of the four old Shanghai rules (spec/shanghai.md §1).
type Variant string

// The variants, named as in configuration files.
const (
	Laoshi  Variant = "laoshi"  // 老式: 胡 × 2^台, everyone settles (§3)
	Liuxing Variant = "liuxing" // 流行式: fixed base × 2^台 (§4)
	Xinshi  Variant = "xinshi"  // 新式: 流行式 plus more 台 and special shapes (§5)
	Late80s Variant = "late80s" // the late-1980s rule: chips × 2^番, capped (§6)
)

// Han returns the variant's name in the source, e.g. "老式".
func (v Variant) Han() string {
	switch v {
	case Laoshi:
		return "老式"
	case Liuxing:
		return "流行式"
	case Xinshi:
		return "新式"
	case Late80s:
		return "1980年代末のルール"
	}
	return string(v)
}

// FlowerSets is which flowers are in play (§2.1).
type FlowerSets string

// The flower sets.
const (
	Seasons FlowerSets = "seasons" // 春夏秋冬: 140 tiles
	Both    FlowerSets = "both"    // 春夏秋冬 and 梅蘭菊竹: 144 tiles
)

// Pao is the reading of LATE80S "3組の包あり" (§6.5, D-SH-28).
type Pao string

// The readings of 3組の包.
const (
	ThreeFromSame Pao = "three_from_same" // (a) three sets claimed from one player: that player pays all
	ThirdSetFlush Pao = "third_set_flush" // (b) 清一色 with ≥3 exposed sets: the feeder of the third pays all
	PaoOff        Pao = "off"
)

// LiangBanGao is what 両般高 means (§7, D-SH-18).
type LiangBanGao string

// The readings of 両般高.
const (
	LBGUnion          LiangBanGao = "union"           // three identical chows, or two 一般高
	LBGThreeIdentical LiangBanGao = "three_identical" // only three (or four) identical chows
	LBGTwoPairs       LiangBanGao = "two_pairs"       // only two separate 一般高
)

// Options configures a Shanghai table. Start from Preset and decode a
// configuration over it: keys left out keep the preset's value. Keys
// follow spec/shanghai.md §10.
type Options struct {
	Variant Variant `yaml:"variant" json:"variant"`

	// LAOSHI (§3): the winner's base 底 (0, 10 or 20) and rounding of the
	// winner's 胡 up to a multiple of 10 (D-SH-10, default off).
	LaoshiBaseFu  int  `yaml:"laoshi_base_fu" json:"laoshi_base_fu"`
	LaoshiRoundFu bool `yaml:"laoshi_round_fu" json:"laoshi_round_fu"`

	// LIUXING and XINSHI (§4.1): the fixed base B (D-SH-12).
	Base int `yaml:"liuxing_base" json:"liuxing_base"`

	// LATE80S (§6): chips for a win, the cap per payer (nil: no cap,
	// D-SH-27), the flower sets (D-SH-01), the LIUXING extras (D-SH-26) and
	// the 包 reading (D-SH-28).
	ChipBase   int        `yaml:"late80s_chip_base" json:"late80s_chip_base"`
	Cap        *int       `yaml:"late80s_cap" json:"late80s_cap"`
	FlowerSets FlowerSets `yaml:"late80s_flower_sets" json:"late80s_flower_sets"`
	ExtraFan   bool       `yaml:"late80s_extra_fan" json:"late80s_extra_fan"`
	Pao        Pao        `yaml:"late80s_pao" json:"late80s_pao"`
	// FlowerKaiKong counts a win on a flower's replacement as 槓開, as
	// 槓頭開花 is in the other variants (D-SH-29, default on).
	FlowerKaiKong bool `yaml:"late80s_flower_kaikong" json:"late80s_flower_kaikong"`

	// XINSHI (§5, §7).
	LiangBanGao          LiangBanGao `yaml:"xinshi_liangbangao" json:"xinshi_liangbangao"`
	QueYiMenAllowsHonors bool        `yaml:"xinshi_queyimen_allows_honours" json:"xinshi_queyimen_allows_honours"`
	QiDuiAllowFour       bool        `yaml:"xinshi_qidui_allow_four" json:"xinshi_qidui_allow_four"`

	// MultipleRon would let several players win on one discard; only
	// false (head bump, D-SH-31) is supported, since every payment rule
	// of the source assumes one winner.
	MultipleRon bool `yaml:"multiple_ron" json:"multiple_ron"`

	// DeadWall is the number of tiles at the end of the wall never drawn
	// (D-SH-39: none).
	DeadWall int `yaml:"dead_wall_tiles" json:"dead_wall_tiles"`

	// Rounds is how many rounds (圏) a game lasts where the deal rotates
	// (LAOSHI, LIUXING, XINSHI; §2.9). Hands, if not zero, ends the game
	// after that many hands in any variant; LATE80S, whose winner deals
	// next, needs it. Neither is in the source: they are table settings.
	Rounds int `yaml:"rounds" json:"rounds"`
	Hands  int `yaml:"hands" json:"hands"`
}

// maxBase bounds the bases so that doubled values stay far from overflow.
const maxBase = 1_000_000

// maxCap bounds the late-1980s cap so it fits an int on 32-bit boards too.
const maxCap = 1<<31 - 1

// Presets lists the names Preset accepts: the variants.
func Presets() []string {
	return []string{string(Laoshi), string(Liuxing), string(Xinshi), string(Late80s)}
}

// Preset returns the default options of a variant (spec/shanghai.md §10).
func Preset(v Variant) (Options, error) {
	switch v {
	case Laoshi, Liuxing, Xinshi, Late80s:
	default:
		return Options{}, fmt.Errorf("shanghai: unknown preset %q (want one of %s): %w", v, strings.Join(Presets(), ", "), ErrOptions)
	}
	cap40 := 40
	o := Options{
		Variant:        v,
		LaoshiBaseFu:   10,
		Base:           1,
		ChipBase:       3,
		Cap:            &cap40,
		FlowerSets:     Both,
		Pao:            ThreeFromSame,
		FlowerKaiKong:  true,
		LiangBanGao:    LBGUnion,
		QiDuiAllowFour: true,
		Rounds:         4,
	}
	if v == Late80s {
		o.Hands = 16
	}
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// ParseOptions reads options in YAML or JSON: the "variant" key picks the
// preset, the other keys override it. Unknown keys and bad values are
// errors naming the key (and the line, for a syntax or type error).
func ParseOptions(data []byte) (Options, error) {
	var head struct {
		Variant Variant `yaml:"variant"`
	}
	if err := yaml.Unmarshal(data, &head); err != nil {
		return Options{}, fmt.Errorf("shanghai options: %v: %w", err, ErrOptions)
	}
	if head.Variant == "" {
		return Options{}, fmt.Errorf("shanghai options: variant: missing; want one of %s: %w", strings.Join(Presets(), ", "), ErrOptions)
	}
	o, err := Preset(head.Variant)
	if err != nil {
		return Options{}, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&o); err != nil && !errors.Is(err, io.EOF) {
		return Options{}, fmt.Errorf("shanghai options: %v: %w", err, ErrOptions)
	}
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// Validate reports the first bad setting, naming its key.
func (o Options) Validate() error { return o.validate() }

// validate is Validate by pointer, for the scorer, which validates the
// options of every win it scores.
func (o *Options) validate() error {
	bad := func(key string, format string, args ...any) error {
		return fmt.Errorf("shanghai: %s: %s: %w", key, fmt.Sprintf(format, args...), ErrOptions)
	}
	switch o.Variant {
	case Laoshi, Liuxing, Xinshi, Late80s:
	case "":
		return bad("variant", "missing; want laoshi, liuxing, xinshi or late80s")
	default:
		return bad("variant", "%q; want laoshi, liuxing, xinshi or late80s", o.Variant)
	}
	if o.LaoshiBaseFu != 0 && o.LaoshiBaseFu != 10 && o.LaoshiBaseFu != 20 {
		return bad("laoshi_base_fu", "%d; the source allows 0, 10 or 20", o.LaoshiBaseFu)
	}
	if o.Base < 1 || o.Base > maxBase {
		return bad("liuxing_base", "%d; want 1–%d", o.Base, maxBase)
	}
	if o.ChipBase < 1 || o.ChipBase > maxBase {
		return bad("late80s_chip_base", "%d; want 1–%d", o.ChipBase, maxBase)
	}
	if o.Cap != nil && (*o.Cap < 1 || *o.Cap > maxCap) {
		return bad("late80s_cap", "%d; want 1–%d, or null for no cap", *o.Cap, maxCap)
	}
	switch o.FlowerSets {
	case Seasons, Both:
	default:
		return bad("late80s_flower_sets", "%q; want seasons or both", o.FlowerSets)
	}
	switch o.Pao {
	case ThreeFromSame, ThirdSetFlush, PaoOff:
	default:
		return bad("late80s_pao", "%q; want three_from_same, third_set_flush or off", o.Pao)
	}
	switch o.LiangBanGao {
	case LBGUnion, LBGThreeIdentical, LBGTwoPairs:
	default:
		return bad("xinshi_liangbangao", "%q; want union, three_identical or two_pairs", o.LiangBanGao)
	}
	if o.MultipleRon {
		return bad("multiple_ron", "true is not supported; the payments of every variant assume one winner (D-SH-31)")
	}
	if o.DeadWall < 0 || o.DeadWall > 40 {
		return bad("dead_wall_tiles", "%d; want 0–40", o.DeadWall)
	}
	if o.Rounds < 1 || o.Rounds > 4 {
		return bad("rounds", "%d; want 1–4", o.Rounds)
	}
	if o.Hands < 0 {
		return bad("hands", "%d; want 0 (no limit) or more", o.Hands)
	}
	if o.Variant == Late80s && o.Hands == 0 {
		return bad("hands", "0; the winner deals next in late80s, so the game needs a number of hands")
	}
	return nil
}

// flowerSets returns the flowers in play for o's variant.
func (o *Options) flowerSets() FlowerSets {
	switch o.Variant {
	case Laoshi:
		return Seasons
	case Late80s:
		return o.FlowerSets
	}
	return Both
}

// unit is how the variant names its doublings: 番 in LATE80S, 台 elsewhere.
func (o Options) unit() string {
	if o.Variant == Late80s {
		return "番"
	}
	return "台"
}
