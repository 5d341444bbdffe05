package hand_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// counts parses mpsz notation into counts; it allows a fifth copy, which
// Parse refuses, by counting runs separately.
func counts(t testing.TB, s string) tile.Counts {
	t.Helper()
	var c tile.Counts
	for _, part := range strings.Fields(s) {
		ts, err := tile.Parse(part)
		if err != nil {
			t.Fatalf("bad test hand %q: %v", s, err)
		}
		for _, x := range ts {
			c[x.Kind]++
		}
	}
	return c
}

// format writes an arrangement compactly: "123m 456p 789s 111z 22z", with
// the shape for special ones and the wildcards after a slash.
func format(a hand.Arrangement) string {
	var b strings.Builder
	if a.Shape != hand.Standard {
		fmt.Fprintf(&b, "%d:", a.Shape)
	}
	for i, g := range a.Groups {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(groupString(g))
	}
	if len(a.Wild) > 0 {
		b.WriteString(" /")
		for _, w := range a.Wild {
			fmt.Fprintf(&b, " %v@%d", w.For, w.Group)
		}
	}
	return b.String()
}

func groupString(g hand.Group) string {
	var ks []tile.Kind
	switch g.Kind {
	case hand.Sequence:
		ks = []tile.Kind{g.Tile, g.Tile + 1, g.Tile + 2}
	case hand.Triplet:
		ks = []tile.Kind{g.Tile, g.Tile, g.Tile}
	case hand.Pair:
		ks = []tile.Kind{g.Tile, g.Tile}
	case hand.Knitted:
		ks = []tile.Kind{g.Tile, g.Tile + 3, g.Tile + 6}
	default:
		ks = []tile.Kind{g.Tile}
	}
	return tile.FormatKinds(ks)
}

func formatAll(as []hand.Arrangement) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = format(a)
	}
	return out
}

var all = hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans, hand.KnittedHonors, hand.GreaterKnitted,
	hand.KnittedStraight, hand.ThirteenUnrelated, hand.SevenStars)

func TestArrangements(t *testing.T) {
	tests := []struct {
		name string
		hand string
		o    hand.Options
		want []string
	}{
		{"honour triplet", "123m456p789s11122z", hand.Options{}, []string{"123m 456p 789s 111z 22z"}},
		// spec/riichi.md §10.5: 222333444m read as triplets or sequences.
		{"triplets or sequences", "222333444m567p55s", hand.Options{}, []string{
			"234m 234m 234m 567p 55s",
			"222m 333m 444m 567p 55s",
		}},
		{"not complete", "123m456p789s11123z", hand.Options{}, []string{}},
		{"pure one suit, three pairs possible", "11223344556677m", hand.Options{}, []string{
			"123m 123m 456m 456m 77m",
			"123m 123m 567m 567m 44m",
			"234m 234m 567m 567m 11m",
		}},
		{"and seven pairs", "11223344556677m", hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}, []string{
			"123m 123m 456m 456m 77m",
			"123m 123m 567m 567m 44m",
			"234m 234m 567m 567m 11m",
			"1:11m 22m 33m 44m 55m 66m 77m",
		}},
		{"seven pairs only", "1122m3344p5566s77z", hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}, []string{
			"1:11m 22m 33p 44p 55s 66s 77z",
		}},
		{"four alike not two pairs", "1111m3344p5566s77z", hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}, []string{}},
		{"four alike as two pairs", "1111m3344p5566s77z", hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs), FourAsTwoPairs: true}, []string{
			"1:11m 11m 33p 44p 55s 66s 77z",
		}},
		{"one meld", "234m567p11s", hand.Options{}, []string{"234m 567p 11s"}},
		{"four melds", "55z", hand.Options{}, []string{"55z"}},
		{"thirteen orphans", "119m19p19s1234567z", hand.Options{Shapes: hand.ShapesOf(hand.ThirteenOrphans)}, []string{
			"2:11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z",
		}},
		{"orphans not accepted", "119m19p19s1234567z", hand.Options{}, []string{}},
		// Two wildcards: 111z + 22z, or 11z + 222z (the pair takes the
		// real tiles first).
		{"two wildcards", "123m456p789s112z", hand.Options{Wildcards: 2}, []string{
			"123m 456p 789s 111z 22z / 1z@3 2z@4",
			"123m 456p 789s 222z 11z / 2z@3 2z@3",
		}},
		{"wildcard never east", "123m456p789s112z", hand.Options{Wildcards: 2, WildNever: hand.MaskOf(tile.East)}, []string{
			"123m 456p 789s 222z 11z / 2z@3 2z@3",
		}},
		// Wuhan 2-5-8 pair, spec/wuhan.md §8.3 W4.
		{"pair 258 only", "234m567p11s", hand.Options{PairOnly: hand.MaskOf(tile.M2, tile.M5, tile.M8)}, []string{}},
		{"pair 258, wildcard cannot help a 1", "234m567p1s", hand.Options{Wildcards: 1, PairOnly: hand.MaskOf(tile.S2, tile.S5, tile.S8)}, []string{}},
		{"pair 258 with wildcard", "234m567p2s", hand.Options{Wildcards: 1, PairOnly: hand.MaskOf(tile.S2, tile.S5, tile.S8)}, []string{
			"234m 567p 22s / 2s@2",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := hand.Arrangements(counts(t, tt.hand), tt.o)
			if err != nil {
				t.Fatal(err)
			}
			g := formatAll(got)
			if strings.Join(g, "|") != strings.Join(tt.want, "|") {
				t.Errorf("Arrangements(%s) =\n%s\nwant\n%s", tt.hand, strings.Join(g, "\n"), strings.Join(tt.want, "\n"))
			}
			c := counts(t, tt.hand)
			if complete := hand.Complete(&c, &tt.o); complete != (len(tt.want) > 0) {
				t.Errorf("Complete = %v, want %v", complete, len(tt.want) > 0)
			}
		})
	}
}

func TestArrangementsErrors(t *testing.T) {
	tests := []struct {
		name string
		c    tile.Counts
		o    hand.Options
		want error
	}{
		{"13 tiles", counts(t, "123m456p789s1122z"), hand.Options{}, hand.ErrTileCount},
		{"15 tiles", counts(t, "123m456p789s111222z"), hand.Options{}, hand.ErrTileCount},
		{"none", tile.Counts{}, hand.Options{}, hand.ErrTileCount},
		{"13 and a wildcard too many", counts(t, "123m456p789s1122z"), hand.Options{Wildcards: 2}, hand.ErrTileCount},
		{"five copies", counts(t, "1111m 1m 234m567p11s"), hand.Options{}, hand.ErrTooManyCopies},
		{"five wildcards", counts(t, "123m456p1s"), hand.Options{Wildcards: 5}, hand.ErrWildcards},
		{"negative wildcards", counts(t, "123m456p11s"), hand.Options{Wildcards: -1}, hand.ErrWildcards},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := hand.Arrangements(tt.c, tt.o)
			if !errors.Is(err, tt.want) {
				t.Errorf("Arrangements error = %v, want %v", err, tt.want)
			}
			if hand.Complete(&tt.c, &tt.o) {
				t.Error("Complete = true for bad input")
			}
		})
	}
}

func TestCompleteNil(t *testing.T) {
	c := counts(t, "123m456p789s11122z")
	if !hand.Complete(&c, nil) {
		t.Error("Complete(c, nil) = false for a standard hand")
	}
	if hand.Complete(nil, &hand.Options{}) {
		t.Error("Complete(nil) = true")
	}
}

func TestReadings(t *testing.T) {
	tests := []struct {
		hand string
		win  tile.Kind
		want []string // per arrangement, "group:wait" joined by spaces
	}{
		{"222333444m567p55s", tile.M3, []string{"0:kanchan 1:kanchan 2:kanchan", "1:shanpon"}},
		{"222333444m567p55s", tile.M2, []string{"0:ryanmen 1:ryanmen 2:ryanmen", "0:shanpon"}},
		{"123m456p789s11122z", tile.M3, []string{"0:penchan"}},
		{"123m456p789s11122z", tile.M1, []string{"0:ryanmen"}},
		{"123m456p789s11122z", tile.S7, []string{"2:penchan"}},
		{"123m456p789s11122z", tile.S9, []string{"2:ryanmen"}},
		{"123m456p789s11122z", tile.P5, []string{"1:kanchan"}},
		{"123m456p789s11122z", tile.South, []string{"4:tanki"}},
		{"123m456p789s11122z", tile.East, []string{"3:shanpon"}},
		{"123m456p789s11122z", tile.P1, []string{""}},
		// 345 completed by the 5 with 34 held: ryanmen (waits 2 and 5).
		{"345m456p789s11122z", tile.M5, []string{"0:ryanmen"}},
	}
	for _, tt := range tests {
		t.Run(tt.hand+"+"+tt.win.String(), func(t *testing.T) {
			as, err := hand.Arrangements(counts(t, tt.hand), hand.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range as {
				var parts []string
				for _, r := range a.Readings(tt.win) {
					parts = append(parts, fmt.Sprintf("%d:%v", r.Group, r.Wait))
				}
				got = append(got, strings.Join(parts, " "))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("readings %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadingsSpecial(t *testing.T) {
	as, err := hand.Arrangements(counts(t, "119m19p19s1234567z"), hand.Options{Shapes: hand.ShapesOf(hand.ThirteenOrphans)})
	if err != nil || len(as) != 1 {
		t.Fatal(as, err)
	}
	for _, win := range []tile.Kind{tile.M1, tile.Red} {
		rs := as[0].Readings(win)
		if len(rs) != 1 || rs[0].Wait != hand.Special {
			t.Errorf("orphans + %v: readings %v, want one special", win, rs)
		}
	}
}

func waitString(ws []hand.Wait) string {
	var parts []string
	for _, w := range ws {
		s := w.Tile.String()
		if w.Shapes != hand.ShapesOf(hand.Standard) {
			s += fmt.Sprintf("(%b)", w.Shapes)
		}
		if w.Exhausted {
			s += "!"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestWaits(t *testing.T) {
	sevenPairs := hand.ShapesOf(hand.Standard, hand.SevenPairs)
	orphans := hand.ShapesOf(hand.ThirteenOrphans)
	tests := []struct {
		name string
		hand string
		o    hand.Options
		want string
	}{
		{"nine gates", "1112345678999m", hand.Options{}, "1m 2m 3m 4m 5m 6m 7m 8m 9m"},
		{"shanpon", "123m456p789s1122z", hand.Options{}, "1z 2z"},
		{"tanki", "123m456p789s111z2z", hand.Options{}, "2z"},
		{"penchan", "12m456p789s11122z", hand.Options{}, "3m"},
		{"kanchan", "13m456p789s11122z", hand.Options{}, "2m"},
		{"ryanmen", "23m456p789s11122z", hand.Options{}, "1m 4m"},
		{"not waiting", "159m456p789s1112z", hand.Options{}, ""},
		// 1111234m: 111 + 1 + 234 waits on a fifth 1m (shape only), 111 +
		// 123 + 4 on 4m.
		{"exhausted", "1111234m567p789s", hand.Options{}, "1m! 4m"},
		{"orphans 13-sided", "19m19p19s1234567z", hand.Options{Shapes: orphans}, "1m(100) 9m(100) 1p(100) 9p(100) 1s(100) 9s(100) 1z(100) 2z(100) 3z(100) 4z(100) 5z(100) 6z(100) 7z(100)"},
		{"orphans not accepted", "19m19p19s1234567z", hand.Options{}, ""},
		{"seven pairs", "1122m3344p5566s7z", hand.Options{Shapes: sevenPairs}, "7z(10)"},
		{"seven pairs or standard", "1122334455667m", hand.Options{Shapes: sevenPairs}, "1m 4m 7m(11)"},
		{"one meld", "23m456p11s", hand.Options{}, "1m 4m"},
		{"four melds", "5z", hand.Options{}, "5z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := hand.Waits(counts(t, tt.hand), tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if s := waitString(got); s != tt.want {
				t.Errorf("Waits(%s) = %q, want %q", tt.hand, s, tt.want)
			}
		})
	}
}

func TestShanten(t *testing.T) {
	specials := hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)
	tests := []struct {
		name string
		hand string
		o    hand.Options
		want int
	}{
		{"complete", "123m456p789s11122z", hand.Options{}, -1},
		{"tenpai", "123m456p789s1122z", hand.Options{}, 0},
		{"one away", "123m456p789s1123z", hand.Options{}, 1},
		// 13 lone tiles, no two related: 4 sets and a pair all missing.
		{"orphans, standard", "19m19p19s1234567z", hand.Options{}, 8},
		{"orphans tenpai", "19m19p19s1234567z", hand.Options{Shapes: specials}, 0},
		// Six pairs and a lone tile: 4 partial sets + pair → 8−4−1 = 3.
		{"six pairs, standard", "1122334455667z", hand.Options{}, 3},
		{"six pairs", "1122334455667z", hand.Options{Shapes: specials}, 0},
		{"one meld, tenpai", "23m456p11s", hand.Options{}, 0},
		{"one meld, complete", "234m456p11s", hand.Options{}, -1},
		{"wildcard makes tenpai", "123m456p789s112z", hand.Options{Wildcards: 1}, 0},
		{"wildcards make complete", "123m456p789s112z", hand.Options{Wildcards: 2}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := hand.Shanten(counts(t, tt.hand), tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Shanten(%s) = %d, want %d", tt.hand, got, tt.want)
			}
		})
	}
}

func TestShantenHelpers(t *testing.T) {
	c := counts(t, "1122334455667z")
	if s, err := hand.ShantenSevenPairs(c); err != nil || s != 0 {
		t.Errorf("ShantenSevenPairs = %d, %v; want 0", s, err)
	}
	// 1111m is one pair only: pairs 1m and 2p, nine kinds, so 6 − 2 = 4.
	c = counts(t, "1111m22p3456789p")
	if s, err := hand.ShantenSevenPairs(c); err != nil || s != 4 {
		t.Errorf("ShantenSevenPairs(four alike) = %d, %v; want 4", s, err)
	}
	c = counts(t, "19m19p19s123456z2m")
	if s, err := hand.ShantenOrphans(c); err != nil || s != 1 {
		t.Errorf("ShantenOrphans = %d, %v; want 1", s, err)
	}
	c = counts(t, "23m456p11s")
	if _, err := hand.ShantenOrphans(c); !errors.Is(err, hand.ErrTileCount) {
		t.Errorf("ShantenOrphans(10 tiles) error = %v, want ErrTileCount", err)
	}
	if s, err := hand.ShantenStandard(c); err != nil || s != 0 {
		t.Errorf("ShantenStandard = %d, %v; want 0", s, err)
	}
	c = counts(t, "123m456p789s112223z")
	if _, err := hand.ShantenStandard(c); !errors.Is(err, hand.ErrTileCount) {
		t.Errorf("ShantenStandard(15 tiles) error = %v, want ErrTileCount", err)
	}
}

func TestKindNames(t *testing.T) {
	if s := hand.WaitKind(9).String(); s != "WaitKind(9)" {
		t.Errorf("WaitKind(9) = %q", s)
	}
	if s := hand.Penchan.String(); s != "penchan" {
		t.Errorf("Penchan = %q", s)
	}
	if s := hand.GroupKind(7).String(); s != "GroupKind(7)" {
		t.Errorf("GroupKind(7) = %q", s)
	}
}
