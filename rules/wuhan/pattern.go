package wuhan

import "fmt"

// Pattern is one of the eight 大胡 patterns (役, spec/wuhan.md §9).
type Pattern uint8

// The patterns, in the order Result lists them.
const (
	PengPeng     Pattern = iota // 碰碰胡: four pungs
	QingYiSe                    // 清一色: one suit
	FengYiSe                    // 風一色: honours only, no shape needed
	JiangYiSe                   // 将一色: 2, 5 and 8 only, no shape needed
	GangShangKai                // 槓上開: self-draw on a kong replacement
	HaiDiLao                    // 海底撈: self-draw in the last four draws
	QiangGang                   // 搶槓: robbing an added kong
	QuanQiuRen                  // 全求人: four openings, won on a discard with a bare single
	numPatterns
)

var patternNames = [numPatterns][2]string{
	{"碰碰胡", "all pungs"},
	{"清一色", "one suit"},
	{"風一色", "all honours"},
	{"将一色", "all 2-5-8"},
	{"槓上開", "win on a kong replacement"},
	{"海底撈", "win on a last draw"},
	{"搶槓", "robbing a kong"},
	{"全求人", "all from others"},
}

// Han is the pattern's Chinese name.
func (p Pattern) Han() string {
	if p < numPatterns {
		return patternNames[p][0]
	}
	return fmt.Sprintf("Pattern(%d)", uint8(p))
}

// English is the pattern's English name.
func (p Pattern) English() string {
	if p < numPatterns {
		return patternNames[p][1]
	}
	return fmt.Sprintf("Pattern(%d)", uint8(p))
}

// String returns both names: "碰碰胡 (all pungs)".
func (p Pattern) String() string { return p.Han() + " (" + p.English() + ")" }

// selfDrawn reports whether the pattern already contains the self-draw
// and so takes no self-draw factor (槓上開, 海底撈; §11.2).
func (p Pattern) selfDrawn() bool { return p == GangShangKai || p == HaiDiLao }

// oneColour reports whether the pattern is one of the 一色 patterns whose
// base the yise_base15 option raises (§13.7).
func (p Pattern) oneColour() bool { return p == QingYiSe || p == FengYiSe || p == JiangYiSe }

// FanKind is one fan item of §10.
type FanKind uint8

// The fan items (F1–F11).
const (
	Opening    FanKind = iota // F1 開口 (per opening with 口口番)
	RedKong                   // F2 紅中槓: per 中 konged or discarded
	GreenKong                 // F3 發財槓: per 發 konged or discarded
	WildKong                  // F4 頼子槓: 2 per wildcard konged or discarded
	OpenKong                  // F5 明槓
	ClosedKong                // F6 暗槓: 2 each
	Dealer                    // F7 荘家: 1 for 小胡
	DealIn                    // F8 放銃: 1 for 小胡, ×1.5 for 大胡 (荊州: 1)
	SelfDraw                  // F9 自摸: 1 for 小胡, ×1.5 per pattern for 大胡 (荊州: ×2)
	Hard                      // F10 硬胡 (黑的)
	PiKong                    // F11 皮子槓: per 皮 konged or discarded (七皮四頼)
	numFanKinds
)

var fanNames = [numFanKinds][2]string{
	{"開口", "opening"},
	{"紅中槓", "red dragon kong"},
	{"發財槓", "green dragon kong"},
	{"頼子槓", "wildcard kong"},
	{"明槓", "open kong"},
	{"暗槓", "concealed kong"},
	{"荘家", "dealer"},
	{"放銃", "deal-in"},
	{"自摸", "self-draw"},
	{"硬胡", "no wildcard used as a substitute"},
	{"皮子槓", "pi kong"},
}

// Han is the item's Chinese name.
func (k FanKind) Han() string {
	if k < numFanKinds {
		return fanNames[k][0]
	}
	return fmt.Sprintf("FanKind(%d)", uint8(k))
}

// English is the item's English name.
func (k FanKind) English() string {
	if k < numFanKinds {
		return fanNames[k][1]
	}
	return fmt.Sprintf("FanKind(%d)", uint8(k))
}

// Fan is one fan item as counted for one player.
type Fan struct {
	Kind  FanKind
	Count int // how many times it applies (kongs, openings with 口口番)
	Fan   int // whole fan (each ×2)
	// Factor, if not zero, is a multiplier on the base instead of whole
	// fan: 1.5 (半番) for a big hand's deal-in or self-draw, 2 for 荊州's
	// self-draw on a big hand (applied per pattern, §11.2).
	Factor float64
}

// Value is the item's worth in words: "2番" or "×1.5".
func (f Fan) Value() string {
	if f.Factor != 0 {
		return fmt.Sprintf("×%g", f.Factor)
	}
	return fmt.Sprintf("%d番", f.Fan)
}

// String returns the item in Chinese and English: "頼子槓 ×1 2番
// (wildcard kong ×1: 2 fan)".
func (f Fan) String() string {
	en := fmt.Sprintf("%d fan", f.Fan)
	if f.Factor != 0 {
		en = fmt.Sprintf("×%g", f.Factor)
	}
	if f.Count > 1 {
		return fmt.Sprintf("%s ×%d %s (%s ×%d: %s)", f.Kind.Han(), f.Count, f.Value(), f.Kind.English(), f.Count, en)
	}
	return fmt.Sprintf("%s %s (%s: %s)", f.Kind.Han(), f.Value(), f.Kind.English(), en)
}

// CapKind is what the caps did to a payer's share (§11.4).
type CapKind uint8

// The cap outcomes.
const (
	Uncapped CapKind = iota
	Capped           // 封頂
	Jin              // 金頂
	Yang             // 陽光頂
	San              // 三陽開泰
)

func (c CapKind) String() string {
	return [...]string{"", "封頂 (cap)", "金頂 (golden cap)", "陽光頂 (sunlight cap)", "三陽開泰 (three suns)"}[c%5]
}
