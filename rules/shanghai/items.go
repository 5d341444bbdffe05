package shanghai

import (
	"fmt"
	"strings"

	"jantaku/rules/tile"
)

// Name is one scoring element: a 胡 item (LAOSHI), a 台 or 番, or a chip
// item (LATE80S).
type Name uint8

// The scoring elements, with the spec section that defines them.
const (
	// 胡 (§3.2).
	BaseFu            Name = iota // 底
	ExposedPung                   // 明刻
	ConcealedPung                 // 暗刻
	ExposedKong                   // 明槓
	ConcealedKong                 // 暗槓
	ValuePair                     // 中發白・自風の対子
	FlowerFu                      // 花牌
	EdgeWaitFu                    // 邊張 (ペンチャン)
	ClosedWaitFu                  // 嵌張 (カンチャン)
	SingleWaitFu                  // 単騎
	SelfDrawFu                    // 自摸
	RoundedFu                     // rounding up to 10 (D-SH-10 option)
	DragonPung                    // 中發白の刻子・槓子 (L-1, P-1)
	OwnWind                       // 自分の風 (L-2)
	PingHu                        // 平和 (L-3, P-2)
	AllPungs                      // 対対和 (L-4, P-3), 対対胡 (E-3)
	HalfFlush                     // 混一色 (L-5, P-4, E-1)
	FullFlush                     // 清一色 (L-6, P-5, E-2)
	OwnFlower                     // 坐花 (L-7, P-9)
	FourFlowers                   // 四只花 (L-8, P-10)
	ReplacementWin                // 槓頭開花 (L-9, P-11), 槓開 (E-5)
	RobbingKong                   // 搶槓 (L-10), 搶槓和 (P-12)
	EdgeClosedSingle              // 辺嵌張・単釣 (P-6)
	SeatWind                      // 坐風 (P-7)
	RoundWind                     // 圏風 (P-8)
	AllSimples                    // 断么九
	Outside                       // 全么九
	PureDouble                    // 一般高
	MixedDouble                   // 喜相逢
	TwoPureDoubles                // 両般高
	MixedTriple                   // 双相逢
	PureStraight                  // 清龍
	MixedStraight                 // 混龍
	ConcealedRon                  // 門前清
	ConcealedTsumo                // 不求人
	TwoSuits                      // 欠一門
	NoHonorsNoFlowers             // 無字無花
	Unrelated                     // 十三不搭
	SevenStars                    // 七星聚会
	SevenPairs                    // 七対子
	FiveGates                     // 五門全
	CentreFive                    // 嵌中心
	BigHook                       // 大吊車 (E-4)
	ChipBase                      // チップ (LATE80S §6.1)
	FlowerChip                    // 花牌1枚につきチップ1枚 (§6.1)
	numNames
)

var names = [numNames][2]string{
	BaseFu:            {"底", "base"},
	ExposedPung:       {"明刻", "exposed pung"},
	ConcealedPung:     {"暗刻", "concealed pung"},
	ExposedKong:       {"明槓", "exposed kong"},
	ConcealedKong:     {"暗槓", "concealed kong"},
	ValuePair:         {"対子", "pair of a dragon or own wind"},
	FlowerFu:          {"花牌", "flower"},
	EdgeWaitFu:        {"ペンチャン", "edge wait"},
	ClosedWaitFu:      {"カンチャン", "closed wait"},
	SingleWaitFu:      {"単騎", "single wait"},
	SelfDrawFu:        {"自摸", "self-draw"},
	RoundedFu:         {"切り上げ", "rounded up to 10"},
	DragonPung:        {"中發白の刻子", "dragon pung"},
	OwnWind:           {"自分の風", "own wind pung"},
	PingHu:            {"平和", "all chows"},
	AllPungs:          {"対対和", "all pungs"},
	HalfFlush:         {"混一色", "half flush"},
	FullFlush:         {"清一色", "full flush"},
	OwnFlower:         {"坐花", "own flower"},
	FourFlowers:       {"四只花", "four flowers"},
	ReplacementWin:    {"槓頭開花", "win on a replacement tile"},
	RobbingKong:       {"搶槓", "robbing a kong"},
	EdgeClosedSingle:  {"辺嵌張・単釣", "edge, closed or single wait"},
	SeatWind:          {"坐風", "seat wind pung"},
	RoundWind:         {"圏風", "round wind pung"},
	AllSimples:        {"断么九", "all simples"},
	Outside:           {"全么九", "terminal or honour in each set"},
	PureDouble:        {"一般高", "two identical chows"},
	MixedDouble:       {"喜相逢", "one chow in two suits"},
	TwoPureDoubles:    {"両般高", "identical chows twice over"},
	MixedTriple:       {"双相逢", "one chow in three suits"},
	PureStraight:      {"清龍", "pure straight"},
	MixedStraight:     {"混龍", "mixed straight"},
	ConcealedRon:      {"門前清", "concealed hand, won on a discard"},
	ConcealedTsumo:    {"不求人", "concealed hand, self-drawn"},
	TwoSuits:          {"欠一門", "two suits only"},
	NoHonorsNoFlowers: {"無字無花", "no honours, no flowers"},
	Unrelated:         {"十三不搭", "thirteen unrelated"},
	SevenStars:        {"七星聚会", "seven stars"},
	SevenPairs:        {"七対子", "seven pairs"},
	FiveGates:         {"五門全", "all five kinds of tile"},
	CentreFive:        {"嵌中心", "closed wait on a 5"},
	BigHook:           {"大吊車", "four exposed sets, single wait"},
	ChipBase:          {"チップ", "chips for the win"},
	FlowerChip:        {"花牌", "flower chip"},
}

// Han returns the element's name as the source writes it, e.g. "清一色".
func (n Name) Han() string {
	if n < numNames {
		return names[n][0]
	}
	return fmt.Sprintf("Name(%d)", uint8(n))
}

// English returns the element's name in English.
func (n Name) English() string {
	if n < numNames {
		return names[n][1]
	}
	return fmt.Sprintf("Name(%d)", uint8(n))
}

func (n Name) String() string { return n.Han() }

// Item is one scoring element of a player's hand with its worth: 胡
// (added), 台 or 番 (each doubles) or chips (added, LATE80S).
type Item struct {
	Name  Name
	Tiles []tile.Kind // the set, pair or flower it is about; nil otherwise
	Fu    int
	Tai   int // 台, or 番 in LATE80S
	Chips int
	fan   bool // counted in 番 (LATE80S)
}

// Value returns the worth in the source's units, e.g. "4胡", "2台", "1番".
func (it Item) Value() string {
	var parts []string
	if it.Fu != 0 {
		parts = append(parts, fmt.Sprintf("%d胡", it.Fu))
	}
	if it.Tai != 0 {
		u := "台"
		if it.fan {
			u = "番"
		}
		parts = append(parts, fmt.Sprintf("%d%s", it.Tai, u))
	}
	if it.Chips != 0 {
		parts = append(parts, fmt.Sprintf("%d枚", it.Chips))
	}
	return strings.Join(parts, " ")
}

// EnglishValue returns the worth in English, e.g. "4 fu", "2 tai".
func (it Item) EnglishValue() string {
	var parts []string
	if it.Fu != 0 {
		parts = append(parts, fmt.Sprintf("%d fu", it.Fu))
	}
	if it.Tai != 0 {
		u := "tai"
		if it.fan {
			u = "fan"
		}
		parts = append(parts, fmt.Sprintf("%d %s", it.Tai, u))
	}
	if it.Chips != 0 {
		parts = append(parts, fmt.Sprintf("%d chips", it.Chips))
	}
	return strings.Join(parts, ", ")
}

func (it Item) han() string {
	s := it.Name.Han()
	switch {
	case it.fan && it.Name == AllPungs:
		s = "対対胡" // §6.2 E-3
	case it.fan && it.Name == ReplacementWin:
		s = "槓開" // §6.2 E-5
	}
	if len(it.Tiles) > 0 {
		var ks []string
		for _, k := range it.Tiles {
			ks = append(ks, k.Han())
		}
		s += " " + strings.Join(ks, "")
	}
	return s
}

func (it Item) english() string {
	s := it.Name.English()
	if len(it.Tiles) > 0 {
		var ks []string
		for _, k := range it.Tiles {
			ks = append(ks, k.English())
		}
		s += " (" + strings.Join(ks, ", ") + ")"
	}
	return s
}

// String writes the item in the source's terms and in English, e.g.
// "清一色 3台 (full flush, 3 tai)", "暗刻 七筒 4胡 (concealed pung (7 circles), 4 fu)".
func (it Item) String() string {
	return fmt.Sprintf("%s %s (%s, %s)", it.han(), it.Value(), it.english(), it.EnglishValue())
}
