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
