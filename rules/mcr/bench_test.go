package mcr_test

import (
	"testing"

	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// Fan calculation for winning hands: a plain concealed hand with a wait
// fan to look up, a hand with melds, a one-suit hand with many readings,
// seven pairs, and nine gates.
var benchHands = []struct {
	name, hand string
	win        tile.Kind
	tsumo      bool
}{
	{"concealed", "234m345p456s55m78s9s", tile.S9, false},
	{"melds", "78s99p6s(pon 777z<1)(chi 123m<3)(chi 456p<3)", tile.S6, false},
	{"one-suit", "123s234s345s99s78s6s", tile.S6, false},
	{"seven-pairs", "1122446688999p9p", tile.P9, false},
	{"nine-gates", "1112345678999s1s", tile.S1, true},
}

func BenchmarkScore(b *testing.B) {
	o := mcr.Official()
	for _, bh := range benchHands {
		b.Run(bh.name, func(b *testing.B) {
			h, err := mcr.ParseHand(bh.hand)
			if err != nil {
				b.Fatal(err)
			}
			c := mcr.Conditions{Win: bh.win, SelfDrawn: bh.tsumo, Prevalent: tile.East, Seat: tile.East}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := mcr.Score(h, c, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkScoreCorpus scores every worked example of the corpus
// (mcr_fan_examples.json: 132 hands, 75 fans) in turn; one op is one hand.
// Skipped without the corpus.
func BenchmarkScoreCorpus(b *testing.B) {
	cases := loadCorpus(b)
	type scored struct {
		h mcr.Hand
		c mcr.Conditions
	}
	hs := make([]scored, len(cases))
	for i, c := range cases {
		hs[i].h, hs[i].c = corpusHand(b, c)
	}
	o := corpusOptions()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		mcr.Score(hs[i].h, hs[i].c, o)
		if i++; i == len(hs) {
			i = 0
		}
	}
}

// BenchmarkScorerCorpus is BenchmarkScoreCorpus through one Scorer
// reused: the steady state of a table scoring hand after hand.
func BenchmarkScorerCorpus(b *testing.B) {
	cases := loadCorpus(b)
	type scored struct {
		h mcr.Hand
		c mcr.Conditions
	}
	hs := make([]scored, len(cases))
	for i, c := range cases {
		hs[i].h, hs[i].c = corpusHand(b, c)
	}
	o := corpusOptions()
	var z mcr.Scorer
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		z.Score(hs[i].h, hs[i].c, o)
		if i++; i == len(hs) {
			i = 0
		}
	}
}
