package record

// yakuNames are Tenhou's names of its yaku numbers (§2 "Yaku ids"), as its
// tenhou.net/6 exports write them.
var yakuNames = [...]string{
	"門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
	"自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
	"役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順",
	"三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九",
	"混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色",
	"緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜",
	"小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
}

// YakuName returns Tenhou's name for a yaku number, or "" if unknown.
func YakuName(id int) string {
	if id >= 0 && id < len(yakuNames) {
		return yakuNames[id]
	}
	return ""
}

// YakuID returns Tenhou's number for a yaku name, or -1.
func YakuID(name string) int {
	for i, n := range yakuNames {
		if n == name {
			return i
		}
	}
	return -1
}
