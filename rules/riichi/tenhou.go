package riichi

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Tenhou's game type flags, as its logs give them (an mjlog's GO type, the
// hex digits of a log id).
const (
	tenhouHuman    = 0x001
	tenhouNoRed    = 0x002
	tenhouNoKuitan = 0x004
	tenhouHanchan  = 0x008
	tenhouSanma    = 0x010
	tenhouTokujou  = 0x020
	tenhouFast     = 0x040
	tenhouJoukyuu  = 0x080
	// The flags whose rules the referee plays: the room and the speed
	// change nothing in the rules.
	tenhouKnown = tenhouHuman | tenhouNoRed | tenhouNoKuitan | tenhouHanchan | tenhouSanma | tenhouTokujou | tenhouFast | tenhouJoukyuu
)

// tenpaiYameFrom is when Tenhou began ending the game when the last dealer
// is ready at an exhaustive draw in first place (announced for "June
// 2010"; games before went on).
func tenpaiYameFrom() time.Time {
	return time.Date(2010, time.June, 1, 0, 0, 0, 0, time.FixedZone("JST", 9*3600))
}

// TenhouTable returns the table options Tenhou played a game of type typ
// (its game type flags) under on date (zero: today's rules). Flags whose
// rules the referee does not play, such as chip (祝儀) lobbies (0x200,
// 0x400), are refused with an error naming them. Three-player games
// (0x10) play the sanma preset.
func TenhouTable(typ int, date time.Time) (TableOptions, error) {
	if typ < 0 {
		return TableOptions{}, fmt.Errorf("riichi: Tenhou game type %d: %w", typ, ErrOptions)
	}
	if unknown := typ &^ tenhouKnown; unknown != 0 {
		var what []string
		if unknown&0x600 != 0 {
			what = append(what, fmt.Sprintf("%#03x chips (祝儀)", unknown&0x600))
		}
		if rest := unknown &^ 0x600; rest != 0 {
			what = append(what, fmt.Sprintf("%#03x unknown", rest))
		}
		return TableOptions{}, fmt.Errorf("riichi: Tenhou game type %#04x: the referee does not play the rules of flag %s: %w", typ, strings.Join(what, ", "), ErrOptions)
	}
	preset, reds := "tenhou", 3
	if typ&tenhouSanma != 0 {
		preset, reds = "sanma", 2
	}
	t, err := TablePreset(preset)
	if err != nil {
		return TableOptions{}, err
	}
	t.RedFives = reds
	if typ&tenhouNoRed != 0 {
		t.RedFives = 0
	}
	t.Kuitan = typ&tenhouNoKuitan == 0
	t.Length = "tonpuusen"
	if typ&tenhouHanchan != 0 {
		t.Length = "hanchan"
	}
	if !date.IsZero() && date.Before(tenpaiYameFrom()) {
		t.TenpaiYame = false
	}
	return t, nil
}

// TenhouType is the Tenhou game type of the table options o: the flags of
// the rules (red fives, open tanyao, length) of a game between people in
// the general room. ok is false when o differs from Tenhou's rules in
// anything no flag says.
func TenhouType(o TableOptions) (typ int, ok bool) {
	typ = tenhouHuman
	if o.RedFives == 0 {
		typ |= tenhouNoRed
	}
	if !o.Kuitan {
		typ |= tenhouNoKuitan
	}
	if o.Length != "tonpuusen" {
		typ |= tenhouHanchan
	}
	if o.Players == 3 {
		typ |= tenhouSanma
	}
	want, err := TenhouTable(typ, time.Time{})
	if err != nil {
		return typ, false
	}
	return typ, reflect.DeepEqual(o, want)
}

// TenhouType is the Tenhou game type of the table's rules (TenhouType),
// for the labels of exported records.
func (r *Ruleset) TenhouType() (int, bool) { return TenhouType(r.o) }
