package sichuan

import "fmt"

// Yaku is one of the nine yaku (spec/sichuan.md §7.1).
type Yaku uint8

// The yaku, numbered as in the source (①–⑨).
const (
	Gen          Yaku = iota // ① 根: all four copies of a kind used, per kind
	DaDuiZi                  // ② 大対子: all pungs
	LuoDanQi                 // ③ 裸単騎: four melds and a single wait
	QingYiSe                 // ④ 清一色: one suit
	QiDui                    // ⑤ 七対子: seven pairs
	LingShang                // ⑥ 嶺上開花: self-draw on a kong replacement
	GangShangPao             // ⑦ カンブリ: ron on the discard right after a kong
	QiangGang                // ⑧ 槍槓: robbing a kong
	HaiDi                    // ⑨ 海底: the last tile, drawn or discarded
	numYaku
)

var yakuNames = [numYaku][2]string{
	{"根", "root (all four copies used)"},
	{"大対子", "all pungs"},
	{"裸単騎", "single wait on four melds"},
	{"清一色", "full flush"},
	{"七対子", "seven pairs"},
	{"嶺上開花", "win on a kong replacement"},
	{"カンブリ", "deal-in after a kong"},
	{"槍槓", "robbing a kong"},
	{"海底", "last tile"},
}

// Name is the yaku's name in the source (Japanese).
func (y Yaku) Name() string {
	if y < numYaku {
		return yakuNames[y][0]
	}
	return fmt.Sprintf("Yaku(%d)", uint8(y))
}

// English is the yaku's name in English.
func (y Yaku) English() string {
	if y < numYaku {
		return yakuNames[y][1]
	}
	return fmt.Sprintf("Yaku(%d)", uint8(y))
}

func (y Yaku) String() string { return y.Name() + " (" + y.English() + ")" }

// han is each yaku's worth; 根 counts once per kind (spec/sichuan.md §7.1).
var han = [numYaku]int{1, 1, 1, 2, 2, 1, 1, 1, 1}

// Situational reports whether y depends on how the hand was won (⑥–⑨),
// which the ready-hand value ignores (spec/sichuan.md §9.2 P2).
func (y Yaku) Situational() bool { return y >= LingShang }

// Scored is a yaku in a result with its 翻 (根: the number of kinds).
type Scored struct {
	Yaku Yaku
	Han  int
}

func (s Scored) String() string { return fmt.Sprintf("%s %d翻", s.Yaku, s.Han) }
