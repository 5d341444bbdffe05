package hand_test

import (
	"fmt"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Benchmark hands: a mixed hand, a one-suit hand (the slowest shapes for
// a search) and a hand with wildcards.
var (
	benchWin      = "234m345p56788s666z" // complete, one reading
	benchWinMany  = "11122233344455m"    // complete, many readings
	benchWait     = "1112345678999m"     // nine-sided wait
	benchWaitMix  = "23m4566p34588s11z"  // ordinary tenpai
	benchShanten  = "1347m2588p3469s1z"  // a few tiles from tenpai
	benchShanten1 = "1223456778999p"     // one suit
)

func benchCounts(b *testing.B, s string) tile.Counts {
	b.Helper()
	return counts(b, s)
}

func BenchmarkComplete(b *testing.B) {
	for _, h := range []string{benchWin, benchWinMany, "234m345p56788s667z"} {
		b.Run(h, func(b *testing.B) {
			c := benchCounts(b, h)
			o := hand.Options{}
			b.ReportAllocs()
			for b.Loop() {
				hand.Complete(&c, &o)
			}
		})
	}
}

func BenchmarkCompleteSpecials(b *testing.B) {
	c := benchCounts(b, "234m345p56788s667z")
	o := hand.Options{Shapes: all, FourAsTwoPairs: true}
	b.ReportAllocs()
	for b.Loop() {
		hand.Complete(&c, &o)
	}
}

func BenchmarkCompleteWildcards(b *testing.B) {
	// Ten tiles and four wildcards: complete, complete, not complete.
	for _, h := range []string{"2m4p68s555z199p", "123456m789p1s", "13579m246p68s"} {
		b.Run(h, func(b *testing.B) {
			c := benchCounts(b, h)
			o := hand.Options{Wildcards: 14 - c.Total(), WildNever: hand.MaskOf(tile.Green, tile.Red), PairOnly: mask258}
			b.ReportAllocs()
			for b.Loop() {
				hand.Complete(&c, &o)
			}
		})
	}
}

func BenchmarkArrangements(b *testing.B) {
	for _, h := range []string{benchWin, benchWinMany, "22334455667788m"} {
		b.Run(h, func(b *testing.B) {
			c := benchCounts(b, h)
			o := hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}
			b.ReportAllocs()
			for b.Loop() {
				hand.Arrangements(c, o)
			}
		})
	}
}

func BenchmarkWaits(b *testing.B) {
	for _, h := range []string{benchWait, benchWaitMix, "2233445566778m"} {
		b.Run(h, func(b *testing.B) {
			c := benchCounts(b, h)
			o := hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)}
			b.ReportAllocs()
			for b.Loop() {
				hand.Waits(c, o)
			}
		})
	}
}

func BenchmarkShanten(b *testing.B) {
	for _, h := range []string{benchShanten, benchShanten1, benchWaitMix, "1358m2469p1357s1z"} {
		b.Run(h, func(b *testing.B) {
			c := benchCounts(b, h)
			o := hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)}
			b.ReportAllocs()
			for b.Loop() {
				hand.Shanten(c, o)
			}
		})
	}
}

func BenchmarkArrangementsWildcards(b *testing.B) {
	c := benchCounts(b, "123456m789p1s")
	o := hand.Options{Wildcards: 4, WildNever: hand.MaskOf(tile.Green, tile.Red), PairOnly: mask258}
	b.ReportAllocs()
	for b.Loop() {
		hand.Arrangements(c, o)
	}
}

func BenchmarkWaitsWildcards(b *testing.B) {
	c := benchCounts(b, "23m4566p34588s")
	o := hand.Options{Wildcards: 1, WildNever: hand.MaskOf(tile.Green, tile.Red), PairOnly: mask258}
	b.ReportAllocs()
	for b.Loop() {
		hand.Waits(c, o)
	}
}

// BenchmarkDecompose is Arrangements into a caller's buffer: what every
// scorer runs on each hand.
func BenchmarkDecompose(b *testing.B) {
	cases := []struct {
		h string
		o hand.Options
	}{
		{benchWin, hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}},
		{benchWinMany, hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}},
		{"22334455667788m", hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)}},
		{"123456m789p12s55z", hand.Options{Wildcards: 1, WildNever: hand.MaskOf(tile.Green, tile.Red)}},
		{"123456m789p1s", hand.Options{Wildcards: 4, WildNever: hand.MaskOf(tile.Green, tile.Red), PairOnly: mask258}},
	}
	for _, cs := range cases {
		b.Run(fmt.Sprintf("%s+%dw", cs.h, cs.o.Wildcards), func(b *testing.B) {
			c := benchCounts(b, cs.h)
			var buf [16]hand.Decomposition
			b.ReportAllocs()
			for b.Loop() {
				if _, err := hand.Decompose(buf[:0], &c, &cs.o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFindStandard asks for one reading of 7 tiles and 4 wildcards
// (456s23s88s, Wuhan options) with a property: any, all triplets, a 2-5-8
// pair, wildcards standing for 5p only (none has it).
func BenchmarkFindStandard(b *testing.B) {
	c := benchCounts(b, "45623688s")
	c[tile.S6]-- // 456s 23s 88s
	never := hand.MaskOf(tile.Green, tile.Red)
	for _, q := range []struct {
		name     string
		o        hand.Options
		triplets bool
	}{
		{"any", hand.Options{Wildcards: 4, WildNever: never}, false},
		{"triplets", hand.Options{Wildcards: 4, WildNever: never}, true},
		{"258-pair", hand.Options{Wildcards: 4, WildNever: never, PairOnly: mask258}, false},
		{"5p-only", hand.Options{Wildcards: 4, WildNever: ^hand.MaskOf(tile.P5)}, false},
	} {
		b.Run(q.name, func(b *testing.B) {
			hand.FindStandard(&c, &q.o, q.triplets) // the tables are built on first use
			b.ReportAllocs()
			for b.Loop() {
				hand.FindStandard(&c, &q.o, q.triplets)
			}
		})
	}
}
