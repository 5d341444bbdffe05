package wuhan_test

import (
	"errors"
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

// benchHand is one win of the benchmarks' set.
type benchHand struct {
	name string
	s    wuhan.Situation
}

// benchHands are the wins BenchmarkScorerHands scores: the 清一色 of
// BenchmarkScorerWildcards and hands of the vectors (小胡 and 碰碰胡 on a
// discard, which also asks whether every tile would have won, robbing,
// replacement and seabed draws, 風一色).
func benchHands(b *testing.B) []benchHand {
	self, disc, rob, none := wuhan.BySelfDraw, wuhan.ByDiscard, wuhan.ByRobbing, game.NoSeat
	var hs []benchHand
	for w, concealed := range []string{
		"456s789s234s8s", "456s789s23s5p8s", "456s789s2s5p5p8s", "456s79s2s5p5p5p8s", "456s23s5p5p5p5p8s",
	} {
		hs = append(hs, benchHand{fmt.Sprintf("qing-%dw", w), situation(b, "4p", 0, "8s", self, none,
			win(b, true, "(chi 123s<3)", concealed, ""),
			payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, ankan, ""))})
	}
	small := win(b, false, "(chi 123m<3)", "456m789s234p8m", "")
	pungs := win(b, false, "(pon 111s<1)", "999m333p11z5p8p", "")
	hs = append(hs,
		benchHand{"small-discard", situation(b, "4p", 3, "8m", disc, 1,
			payer(b, true, opened, "6z"), payer(b, false, opened, ""), payer(b, false, opened, "7z5p"), small)},
		benchHand{"pungs-discard", situation(b, "4p", 0, "8p", disc, 1, pungs,
			payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, "", ""))},
		benchHand{"rob", situation(b, "4p", 0, "3p", rob, 1, win(b, false, "(chi 123m<3)", "456m789s24p88m", ""),
			payer(b, false, "(pon 333p<2)", ""), payer(b, false, "", ""), payer(b, true, opened, ""))},
		benchHand{"rob-pungs", situation(b, "4p", 0, "8m", rob, 3, win(b, false, "(pon 111m<1)(pon 999m<2)[ankan 3333m]", "777m5p", ""),
			payer(b, false, "", ""), payer(b, false, "", ""), payer(b, false, "(pon 888m<2)", ""))},
		benchHand{"feng-discard", situation(b, "4p", 0, "5z", disc, 1, win(b, false, "(pon 111z<1)", "223344551z5p", ""),
			payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, opened, ""))},
	)
	d7 := situation(b, "4p", 0, "8m", self, none, win(b, false, "(chi 123m<3)", "456m78s23p5p5p8m", "7z"),
		payer(b, false, "", ""), payer(b, false, opened, ""), payer(b, true, "", ""))
	d7.Replacement = true
	d8 := situation(b, "4p", 0, "8p", self, none, pungs,
		payer(b, false, "", ""), payer(b, false, opened, ""), payer(b, false, opened+ankan, ""))
	d8.Seabed = true
	return append(hs, benchHand{"replacement", d7}, benchHand{"seabed", d8})
}

// BenchmarkScorerHands scores the wins of benchHands through one Scorer
// reused, each once an operation: every way and 0 to 4 wildcards. ns/hand
// is the time per hand.
func BenchmarkScorerHands(b *testing.B) {
	o := wuhan.Defaults()
	hs := benchHands(b)
	var z wuhan.Scorer
	for _, h := range hs {
		if _, err := z.Score(o, h.s); err != nil {
			b.Fatalf("%s: %v", h.name, err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range hs {
			z.Score(o, hs[i].s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(hs)), "ns/hand")
}

// BenchmarkScorerEachHand is BenchmarkScorerHands one hand at a time:
// the slowest hand, not the mean, is what a goal per hand is held to.
func BenchmarkScorerEachHand(b *testing.B) {
	o := wuhan.Defaults()
	for _, h := range benchHands(b) {
		b.Run(h.name, func(b *testing.B) {
			var z wuhan.Scorer
			if _, err := z.Score(o, h.s); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				z.Score(o, h.s)
			}
		})
	}
}

// BenchmarkScorerArrangement is a win scored and its arrangement asked
// for, the 清一色 with 3 wildcards: what a table that shows the arranged
// hand spends.
func BenchmarkScorerArrangement(b *testing.B) {
	o := wuhan.Defaults()
	h := benchHands(b)[3]
	var z wuhan.Scorer
	if _, err := z.Score(o, h.s); err != nil || z.Arrangement() == nil {
		b.Fatalf("%s: %v, no arrangement", h.name, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		z.Score(o, h.s)
		z.Arrangement()
	}
}

// BenchmarkScorerAnyTileWait is a win on a discard turned down as an
// any-tile wait (spec L5: 777p and the wildcard wait on every tile):
// the check tries every kind in play before it answers.
func BenchmarkScorerAnyTileWait(b *testing.B) {
	o := wuhan.Defaults()
	s := situation(b, "4p", 0, "3m", wuhan.ByDiscard, 1,
		win(b, false, "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", ""),
		payer(b, false, opened, ""), payer(b, false, "", ""), payer(b, false, opened, ""))
	var z wuhan.Scorer
	if _, err := z.Score(o, s); !errors.Is(err, wuhan.ErrAnyTileWait) {
		b.Fatalf("%v, want %v", err, wuhan.ErrAnyTileWait)
	}
	b.ReportAllocs()
	for b.Loop() {
		z.Score(o, s)
	}
}
