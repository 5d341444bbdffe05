package wuhan_test

import (
	"fmt"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/wuhan"
)

// BenchmarkScoreWildcards values the same self-drawn 清一色 with 0 to 4
// of its tiles wildcards (indicator 4p: the wildcard is 5p).
func BenchmarkScoreWildcards(b *testing.B) {
	for w, concealed := range []string{
		"456s789s234s8s",
		"456s789s23s5p8s",
		"456s789s2s5p5p8s",
		"456s79s2s5p5p5p8s",
		"456s23s5p5p5p5p8s",
	} {
		b.Run(fmt.Sprintf("%dw", w), func(b *testing.B) {
			s := situation(b, "4p", 0, "8s", wuhan.BySelfDraw, game.NoSeat,
				win(b, true, "(chi 123s<3)", concealed, ""),
				payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, ankan, ""))
			o := wuhan.Defaults()
			if _, err := wuhan.Score(o, s); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				wuhan.Score(o, s)
			}
		})
	}
}

// BenchmarkScorerWildcards is BenchmarkScoreWildcards through one Scorer
// reused: the steady state of a table scoring win after win.
func BenchmarkScorerWildcards(b *testing.B) {
	for w, concealed := range []string{
		"456s789s234s8s",
		"456s789s23s5p8s",
		"456s789s2s5p5p8s",
		"456s79s2s5p5p5p8s",
		"456s23s5p5p5p5p8s",
	} {
		b.Run(fmt.Sprintf("%dw", w), func(b *testing.B) {
			s := situation(b, "4p", 0, "8s", wuhan.BySelfDraw, game.NoSeat,
				win(b, true, "(chi 123s<3)", concealed, ""),
				payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, ankan, ""))
			o := wuhan.Defaults()
			var z wuhan.Scorer
			if _, err := z.Score(o, s); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				z.Score(o, s)
			}
		})
	}
}

// BenchmarkScorerHands scores a fixed set of wins through one Scorer
// reused, every way and 0 to 4 wildcards: the 清一色 of
// BenchmarkScorerWildcards and hands of the vectors (小胡 and 碰碰胡 on a
// discard, which also asks whether every tile would have won, robbing,
// replacement and seabed draws, 風一色). ns/hand is the time per hand.
func BenchmarkScorerHands(b *testing.B) {
	o := wuhan.Defaults()
	self, disc, rob, none := wuhan.BySelfDraw, wuhan.ByDiscard, wuhan.ByRobbing, game.NoSeat
	var ss []wuhan.Situation
	for _, concealed := range []string{
		"456s789s234s8s", "456s789s23s5p8s", "456s789s2s5p5p8s", "456s79s2s5p5p5p8s", "456s23s5p5p5p5p8s",
	} {
		ss = append(ss, situation(b, "4p", 0, "8s", self, none,
			win(b, true, "(chi 123s<3)", concealed, ""),
			payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, ankan, "")))
	}
	small := win(b, false, "(chi 123m<3)", "456m789s234p8m", "")
	pungs := win(b, false, "(pon 111s<1)", "999m333p11z5p8p", "")
	ss = append(ss,
		situation(b, "4p", 3, "8m", disc, 1,
			payer(b, true, opened, "6z"), payer(b, false, opened, ""), payer(b, false, opened, "7z5p"), small),
		situation(b, "4p", 0, "8p", disc, 1, pungs,
			payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, "", "")),
		situation(b, "4p", 0, "3p", rob, 1, win(b, false, "(chi 123m<3)", "456m789s24p88m", ""),
			payer(b, false, "(pon 333p<2)", ""), payer(b, false, "", ""), payer(b, true, opened, "")),
		situation(b, "4p", 0, "8m", rob, 3, win(b, false, "(pon 111m<1)(pon 999m<2)[ankan 3333m]", "777m5p", ""),
			payer(b, false, "", ""), payer(b, false, "", ""), payer(b, false, "(pon 888m<2)", "")),
		situation(b, "4p", 0, "5z", disc, 1, win(b, false, "(pon 111z<1)", "223344551z5p", ""),
			payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, opened, "")),
	)
	d7 := situation(b, "4p", 0, "8m", self, none, win(b, false, "(chi 123m<3)", "456m78s23p5p5p8m", "7z"),
		payer(b, false, "", ""), payer(b, false, opened, ""), payer(b, true, "", ""))
	d7.Replacement = true
	d8 := situation(b, "4p", 0, "8p", self, none, pungs,
		payer(b, false, "", ""), payer(b, false, opened, ""), payer(b, false, opened+ankan, ""))
	d8.Seabed = true
	ss = append(ss, d7, d8)
	var z wuhan.Scorer
	for i, s := range ss {
		if _, err := z.Score(o, s); err != nil {
			b.Fatalf("hand %d: %v", i, err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range ss {
			z.Score(o, s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ss)), "ns/hand")
}
