package record

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Tenhou's game type flags: the type attribute of an mjlog's GO element,
// and the four hex digits after "gm-" in a log id (§2.1).
const (
	TypeHuman    = 0x001 // against people (not computers)
	TypeNoRed    = 0x002 // no red fives
	TypeNoKuitan = 0x004 // no open tanyao
	TypeHanchan  = 0x008 // East and South rounds; clear: East only
	TypeSanma    = 0x010 // three players
	TypeTokujou  = 0x020 // 特上 room (with TypeJoukyuu: 鳳凰)
	TypeFast     = 0x040 // 速: shorter time limits
	TypeJoukyuu  = 0x080 // 上級 room
	// TypeChips are the chip (祝儀) lobbies' flags.
	TypeChips = 0x200 | 0x400
)

// TypeLabel is the label Tenhou shows for a game type, as its tenhou.net/6
// exports write it in rule.disp: room, length, then 喰 赤 速.
func TypeLabel(typ int) string {
	var b strings.Builder
	if typ&TypeSanma != 0 {
		b.WriteString("三")
	}
	b.WriteString([]string{"般", "特", "上", "鳳"}[(typ>>5&1)|(typ>>6&2)])
	if typ&TypeHanchan != 0 {
		b.WriteString("南")
	} else {
		b.WriteString("東")
	}
	if typ&TypeNoKuitan == 0 {
		b.WriteString("喰")
	}
	if typ&TypeNoRed == 0 {
		b.WriteString("赤")
	}
	if typ&TypeFast != 0 {
		b.WriteString("速")
	}
	return b.String()
}

// LabelType reads a game type back from a label TypeLabel writes (rule.disp
// of a tenhou.net/6 record); ok is false for a label of another form.
// TypeHuman is set: labelled games are games between people.
func LabelType(label string) (typ int, ok bool) {
	rs := []rune(label)
	if len(rs) > 0 && rs[0] == '三' {
		typ |= TypeSanma
		rs = rs[1:]
	}
	if len(rs) < 2 {
		return 0, false
	}
	switch rs[0] {
	case '般':
	case '特':
		typ |= TypeTokujou
	case '上':
		typ |= TypeJoukyuu
	case '鳳':
		typ |= TypeTokujou | TypeJoukyuu
	default:
		return 0, false
	}
	switch rs[1] {
	case '東':
	case '南':
		typ |= TypeHanchan
	default:
		return 0, false
	}
	typ |= TypeNoKuitan | TypeNoRed | TypeHuman
	for _, r := range rs[2:] {
		switch r {
		case '喰':
			typ &^= TypeNoKuitan
		case '赤':
			typ &^= TypeNoRed
		case '速':
			typ |= TypeFast
		default:
			return 0, false
		}
	}
	return typ, true
}

var logID = regexp.MustCompile(`(20\d{8})gm-([0-9a-f]{4})-\d{4,5}-[0-9a-f]{8}`)

// ParseLogID finds a Tenhou log id (e.g. "2017060214gm-00a9-0000-40a46a1c")
// in s, such as a record's ref or file name, and returns it with the hour
// the game started (Japan time) and its game type.
func ParseLogID(s string) (id string, date time.Time, typ int, ok bool) {
	m := logID.FindStringSubmatch(s)
	if m == nil {
		return "", time.Time{}, 0, false
	}
	d, err := time.ParseInLocation("2006010215", m[1], time.FixedZone("JST", 9*3600))
	if err != nil {
		return "", time.Time{}, 0, false
	}
	t, err := strconv.ParseInt(m[2], 16, 32)
	if err != nil {
		return "", time.Time{}, 0, false
	}
	return m[0], d, int(t), true
}

// fromLogID fills the date and, when the record did not state it, the
// game type from a log id found in s.
func (r *Rules) fromLogID(s string) {
	_, d, typ, ok := ParseLogID(s)
	if !ok {
		return
	}
	if r.Date.IsZero() {
		r.Date = d
	}
	if !r.HasType {
		r.Type, r.HasType = typ, true
	}
}

// Named fills what a record's file name says about it: a Tenhou log id
// gives the date and, when the record did not state it, the game type.
func (g *Game) Named(name string) {
	g.Rules.fromLogID(name)
	if g.Ref == "" {
		if id, _, _, ok := ParseLogID(name); ok {
			g.Ref = id
		}
	}
}
