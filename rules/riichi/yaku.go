package riichi

import "fmt"

// Yaku is a scoring element: a yaku or yakuman of spec/riichi.md §9, or a
// kind of dora (which counts han but is not a yaku, §5).
type Yaku uint8

// The yaku, yakuman and dora. The zero value is no yaku.
const (
	NoYaku Yaku = iota
	// Regular yaku, spec/riichi.md §9.1.
	Riichi
	DoubleRiichi
	Ippatsu
	MenzenTsumo
	Pinfu
	Tanyao
	Iipeikou
	Haku // 役牌 白
	Hatsu
	Chun
	SeatWind  // 役牌 自風
	RoundWind // 役牌 場風
	Haitei
	Houtei
	Rinshan
	Chankan
	SanshokuDoujun
	Ittsu
	Toitoi
	Sanankou
	Chiitoitsu
	Chanta
	SanshokuDoukou
	Sankantsu
	Honitsu
	Junchan
	Ryanpeikou
	Honroutou
	Shousangen
	Chinitsu
	Renhou // 人和 as a 5-han yaku (option renhou = mangan)
	// Dora, §5: han per tile, not yaku.
	Dora
	UraDora
	AkaDora
	// Yakuman, §9.2.
	Tenhou
	Chiihou
	RenhouYakuman
	Kokushi
	Kokushi13 // 13-sided wait; double with double_yakuman
	Suuankou
	SuuankouTanki // pair wait; double with double_yakuman
	Daisangen
	Shousuushii
	Daisuushii // double with double_yakuman
	Tsuuiisou
	Ryuuiisou
	Chinroutou
	Chuuren
	JunseiChuuren // 9-sided wait; double with double_yakuman
	Suukantsu
	// NagashiMangan is not a hand: it is paid as a mangan tsumo at an
	// exhaustive draw (Nagashi).
	NagashiMangan
	// Nukidora counts a han for each north tile a three-player hand set
	// aside (抜きドラ); like dora, it is not a yaku.
	Nukidora
	numYaku
)

type yakuInfo struct {
	en, ja       string
	closed, open int // han; open 0 = closed only
	yakuman      int // 1 or 2 (double, when the options allow)
}

var yakuTable = [numYaku]yakuInfo{
	NoYaku:         {"none", "なし", 0, 0, 0},
	Riichi:         {"Riichi", "立直", 1, 0, 0},
	DoubleRiichi:   {"Double riichi", "ダブル立直", 2, 0, 0},
	Ippatsu:        {"Ippatsu", "一発", 1, 0, 0},
	MenzenTsumo:    {"Menzen tsumo", "門前清自摸和", 1, 0, 0},
	Pinfu:          {"Pinfu", "平和", 1, 0, 0},
	Tanyao:         {"Tanyao", "断么九", 1, 1, 0},
	Iipeikou:       {"Iipeikou", "一盃口", 1, 0, 0},
	Haku:           {"Yakuhai: white dragon", "役牌 白", 1, 1, 0},
	Hatsu:          {"Yakuhai: green dragon", "役牌 發", 1, 1, 0},
	Chun:           {"Yakuhai: red dragon", "役牌 中", 1, 1, 0},
	SeatWind:       {"Yakuhai: seat wind", "役牌 自風", 1, 1, 0},
	RoundWind:      {"Yakuhai: round wind", "役牌 場風", 1, 1, 0},
	Haitei:         {"Haitei", "海底摸月", 1, 1, 0},
	Houtei:         {"Houtei", "河底撈魚", 1, 1, 0},
	Rinshan:        {"Rinshan kaihou", "嶺上開花", 1, 1, 0},
	Chankan:        {"Chankan", "槍槓", 1, 1, 0},
	SanshokuDoujun: {"Sanshoku doujun", "三色同順", 2, 1, 0},
	Ittsu:          {"Ittsu", "一気通貫", 2, 1, 0},
	Toitoi:         {"Toitoi", "対々和", 2, 2, 0},
	Sanankou:       {"Sanankou", "三暗刻", 2, 2, 0},
	Chiitoitsu:     {"Chiitoitsu", "七対子", 2, 0, 0},
	Chanta:         {"Chanta", "混全帯么九", 2, 1, 0},
	SanshokuDoukou: {"Sanshoku doukou", "三色同刻", 2, 2, 0},
	Sankantsu:      {"Sankantsu", "三槓子", 2, 2, 0},
	Honitsu:        {"Honitsu", "混一色", 3, 2, 0},
	Junchan:        {"Junchan", "純全帯么九", 3, 2, 0},
	Ryanpeikou:     {"Ryanpeikou", "二盃口", 3, 0, 0},
	Honroutou:      {"Honroutou", "混老頭", 2, 2, 0},
	Shousangen:     {"Shousangen", "小三元", 2, 2, 0},
	Chinitsu:       {"Chinitsu", "清一色", 6, 5, 0},
	Renhou:         {"Renhou", "人和", 5, 0, 0},
	Dora:           {"Dora", "ドラ", 0, 0, 0},
	UraDora:        {"Ura dora", "裏ドラ", 0, 0, 0},
	AkaDora:        {"Red fives", "赤ドラ", 0, 0, 0},
	Tenhou:         {"Tenhou", "天和", 0, 0, 1},
	Chiihou:        {"Chiihou", "地和", 0, 0, 1},
	RenhouYakuman:  {"Renhou (yakuman)", "人和", 0, 0, 1},
	Kokushi:        {"Kokushi musou", "国士無双", 0, 0, 1},
	Kokushi13:      {"Kokushi musou, 13-sided wait", "国士無双十三面待ち", 0, 0, 2},
	Suuankou:       {"Suuankou", "四暗刻", 0, 0, 1},
	SuuankouTanki:  {"Suuankou, pair wait", "四暗刻単騎", 0, 0, 2},
	Daisangen:      {"Daisangen", "大三元", 0, 0, 1},
	Shousuushii:    {"Shousuushii", "小四喜", 0, 0, 1},
	Daisuushii:     {"Daisuushii", "大四喜", 0, 0, 2},
	Tsuuiisou:      {"Tsuuiisou", "字一色", 0, 0, 1},
	Ryuuiisou:      {"Ryuuiisou", "緑一色", 0, 0, 1},
	Chinroutou:     {"Chinroutou", "清老頭", 0, 0, 1},
	Chuuren:        {"Chuuren poutou", "九蓮宝燈", 0, 0, 1},
	JunseiChuuren:  {"Junsei chuuren poutou", "純正九蓮宝燈", 0, 0, 2},
	Suukantsu:      {"Suukantsu", "四槓子", 0, 0, 1},
	NagashiMangan:  {"Nagashi mangan", "流し満貫", 0, 0, 0},
	Nukidora:       {"Kita (north set aside)", "抜きドラ", 0, 0, 0},
}

// String returns the yaku's English name.
func (y Yaku) String() string {
	if y < numYaku {
		return yakuTable[y].en
	}
	return fmt.Sprintf("Yaku(%d)", uint8(y))
}

// Japanese returns the yaku's Japanese name, e.g. "一気通貫".
func (y Yaku) Japanese() string {
	if y < numYaku {
		return yakuTable[y].ja
	}
	return y.String()
}

// IsYakuman reports whether y is a yakuman.
func (y Yaku) IsYakuman() bool { return y < numYaku && yakuTable[y].yakuman > 0 }

// IsDora reports whether y is dora, ura dora or red fives (han, not yaku).
func (y Yaku) IsDora() bool { return y == Dora || y == UraDora || y == AkaDora }

// Han returns the han y is worth in a closed and in an open hand; open 0
// means closed only (spec/riichi.md §9.1). Dora and yakuman give 0.
func (y Yaku) Han() (closed, open int) {
	if y < numYaku {
		return yakuTable[y].closed, yakuTable[y].open
	}
	return 0, 0
}

// Yakus lists every Yaku value, in order, for tables and tests.
func Yakus() []Yaku {
	out := make([]Yaku, 0, numYaku-1)
	for y := Yaku(1); y < numYaku; y++ {
		out = append(out, y)
	}
	return out
}

// Scored is one yaku of a result with what it is worth here: Han for a
// yaku or dora (one per dora tile), Yakuman (1 or 2) for a yakuman.
type Scored struct {
	Yaku    Yaku `json:"-"`
	Han     int  `json:"han,omitempty"`
	Yakuman int  `json:"yakuman,omitempty"`
}

func (s Scored) String() string {
	if s.Yakuman > 1 {
		return fmt.Sprintf("%v ×%d yakuman", s.Yaku, s.Yakuman)
	}
	if s.Yakuman == 1 {
		return fmt.Sprintf("%v (yakuman)", s.Yaku)
	}
	return fmt.Sprintf("%v %d", s.Yaku, s.Han)
}
