package hand_test

import (
	"strings"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Cases from the specs' worked examples; the expected readings and waits
// are worked out by hand in the comments.

var (
	riichi   = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)}
	mcr      = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans, hand.KnittedHonors, hand.GreaterKnitted, hand.KnittedStraight), FourAsTwoPairs: true}
	shanghai = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenUnrelated, hand.SevenStars), FourAsTwoPairs: true}
	wuhan    = hand.Options{Wildcards: 1, WildNever: hand.MaskOf(tile.Green, tile.Red)}
)

func TestSpecArrangements(t *testing.T) {
	tests := []struct {
		name string
		hand string
		o    hand.Options
		want []string
	}{
		// spec/riichi.md §20 E16: kokushi, completed by 7z.
		{"riichi E16", "19m19p19s12345677z", riichi, []string{
			"2:1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z",
		}},
		// spec/mcr.md §8.4 O4: 147m 258p 369s 12345z is 全不靠 (the nine
		// knitted tiles are 组合龙 inside it, not a separate shape: the
		// honours left over are no set and pair).
		{"mcr O4", "147m258p369s12345z", mcr, []string{
			"3:1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z 5z",
		}},
		// O5: 七星不靠, which is also 全不靠.
		{"mcr O5", "1234567z147m25p36s", mcr, []string{
			"3:1m 4m 7m 2p 5p 3s 6s 1z 2z 3z 4z 5z 6z 7z",
			"4:1m 4m 7m 2p 5p 3s 6s 1z 2z 3z 4z 5z 6z 7z",
		}},
		// O6: 组合龙 + 777z + 99p.
		{"mcr O6", "147m258p369s777z99p", mcr, []string{
			"5:147m 258p 369s 777z 99p",
		}},
		// O7: 一色双龙会, also seven pairs.
		{"mcr O7", "11223355778899s", mcr, []string{
			"123s 123s 789s 789s 55s",
			"1:11s 22s 33s 55s 77s 88s 99s",
		}},
		// O8: 连七对 2233445566778m + 8m: pair 22 (345 345 678 678), pair
		// 55 (234 234 678 678), pair 88 (234 234 567 567), seven pairs.
		{"mcr O8", "22334455667788m", mcr, []string{
			"234m 234m 567m 567m 88m",
			"234m 234m 678m 678m 55m",
			"345m 345m 678m 678m 22m",
			"1:22m 33m 44m 55m 66m 77m 88m",
		}},
		// O12: 九莲宝灯 + 1s: 1111s must be 111 + the 1 of 123, so 99s is
		// the pair. (A sequence sorts before a triplet of its lowest tile.)
		{"mcr O12", "11112345678999s", mcr, []string{
			"123s 111s 456s 789s 99s",
		}},
		// O17: 9999p as two pairs (四归一).
		{"mcr O17", "11224466889999p", mcr, []string{
			"1:11p 22p 44p 66p 88p 99p 99p",
		}},
		{"mcr O17, riichi rule", "11224466889999p", riichi, []string{}},
		// O9: four kongs are melds; the concealed part is the pair.
		{"mcr O9", "99s", mcr, []string{"99s"}},
		// spec/shanghai.md §8 N2: 十三不搭 without N and Wh, so not 七星聚会.
		{"shanghai N2", "147m258p369s12367z", shanghai, []string{
			"6:1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 6z 7z",
		}},
		// N3: 159m 37p 28s + all honours: 十三不搭 and 七星聚会.
		{"shanghai N3", "159m37p28s1234567z", shanghai, []string{
			"6:1m 5m 9m 3p 7p 2s 8s 1z 2z 3z 4z 5z 6z 7z",
			"7:1m 5m 9m 3p 7p 2s 8s 1z 2z 3z 4z 5z 6z 7z",
		}},
		// 157m has 5 and 7 two apart: not 十三不搭.
		{"shanghai, too close", "157m37p28s1234567z", shanghai, []string{}},
		// spec/wuhan.md §8.5: four pungs and a wildcard that pairs the
		// drawn tile (melds are the caller's: the concealed part is the
		// wildcard and the tile).
		{"wuhan any-tile pair", "3p", wuhan, []string{"33p / 3p@0"}},
		{"wuhan, no red dragon", "7z", wuhan, []string{}},
		// W4: 258 pair; 234m 567p + 5s and a wildcard.
		{"wuhan 258 pair", "234m567p5s", hand.Options{Wildcards: 1, WildNever: wuhan.WildNever, PairOnly: mask258}, []string{
			"234m 567p 55s / 5s@2",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := hand.Arrangements(counts(t, tt.hand), tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if g := formatAll(got); strings.Join(g, "|") != strings.Join(tt.want, "|") {
				t.Errorf("Arrangements(%s) =\n%s\nwant\n%s", tt.hand, strings.Join(g, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestSpecWaits(t *testing.T) {
	kh := hand.ShapesOf(hand.KnittedHonors)
	gk := hand.ShapesOf(hand.KnittedHonors, hand.GreaterKnitted)
	ks := hand.ShapesOf(hand.KnittedStraight)
	tu := hand.ShapesOf(hand.ThirteenUnrelated)
	ss := hand.ShapesOf(hand.ThirteenUnrelated, hand.SevenStars)
	w := func(parts ...any) string {
		var b []string
		for i := 0; i < len(parts); i += 2 {
			s := parts[i].(string)
			if sh := parts[i+1].(hand.Shapes); sh != hand.ShapesOf(hand.Standard) {
				s += "(" + binary(sh) + ")"
			}
			b = append(b, s)
		}
		return strings.Join(b, " ")
	}
	std := hand.ShapesOf(hand.Standard)
	tests := []struct {
		name string
		hand string
		o    hand.Options
		want string
	}{
		// mcr O4: all nine knitted tiles held, so only the honours
		// missing complete 全不靠.
		{"mcr O4", "147m258p369s1234z", mcr, w("5z", kh, "6z", kh, "7z", kh)},
		// O5: all honours and six of 147m 258p 369s: the other three.
		{"mcr O5", "1234567z147m25p3s", mcr, w("8p", gk, "6s", gk, "9s", gk)},
		// O6: 组合龙 + 777z, tanki on 9p.
		{"mcr O6", "147m258p369s777z9p", mcr, w("9p", ks)},
		// N3 less its 7z: 7z makes 七星聚会; 5s is the only suited
		// tile three from 2s and 8s (1m..9m and 1p..9p have none free).
		{"shanghai N3", "159m37p28s123456z", shanghai, w("5s", tu, "7z", ss)},
		// spec/wuhan.md §8.5: a wildcard alone waits on every kind but the
		// two it may not stand for.
		{"wuhan any tile", "", wuhan, w("1m", std, "2m", std, "3m", std, "4m", std, "5m", std, "6m", std, "7m", std, "8m", std, "9m", std,
			"1p", std, "2p", std, "3p", std, "4p", std, "5p", std, "6p", std, "7p", std, "8p", std, "9p", std,
			"1s", std, "2s", std, "3s", std, "4s", std, "5s", std, "6s", std, "7s", std, "8s", std, "9s", std,
			"1z", std, "2z", std, "3z", std, "4z", std, "5z", std)},
		// §8.4: 222m and a wildcard with the 258 pair: 258 tiles pair with
		// the wildcard or make 22m + 222m... and 1m 3m 4m make a sequence
		// with the wildcard and 2m, leaving 22m.
		{"wuhan 258", "222m", hand.Options{Wildcards: 1, WildNever: wuhan.WildNever, PairOnly: mask258},
			w("1m", std, "2m", std, "3m", std, "4m", std, "5m", std, "8m", std, "2p", std, "5p", std, "8p", std, "2s", std, "5s", std, "8s", std)},
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

func binary(s hand.Shapes) string {
	if s == 0 {
		return "0"
	}
	var b []byte
	for ; s != 0; s >>= 1 {
		b = append([]byte{byte('0' + s&1)}, b...)
	}
	return string(b)
}
