package mcr_test

import (
	"reflect"
	"testing"

	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// TestScorerReuse: one Scorer scoring the corpus's worked examples in
// turn gives what Score gives for each, and allocates nothing. Skipped
// without the corpus.
func TestScorerReuse(t *testing.T) {
	cases := loadCorpus(t)
	o := corpusOptions()
	var z mcr.Scorer
	for i, c := range cases {
		h, cond := corpusHand(t, c)
		want, werr := mcr.Score(h, cond, o)
		got, err := z.Score(h, cond, o)
		if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
			t.Fatalf("case %d: Scorer %+v %v, Score %+v %v", i, got, err, want, werr)
		}
		if err == nil {
			if n := testing.AllocsPerRun(3, func() { z.Score(h, cond, o) }); n != 0 {
				t.Fatalf("case %d: %v allocations a hand", i, n)
			}
		}
	}
}

// TestScorerAfterOthers: a Scorer keeps its working storage from hand to
// hand, so what one hand leaves there must not reach the next. Each
// worked example is scored right after another example, a hand short of
// a tile (refused in the setup) and a hand with a tile changed (most of
// them not winning, refused after the readings); each result must be the
// one Score gives on its own. Skipped without the corpus.
func TestScorerAfterOthers(t *testing.T) {
	cases := loadCorpus(t)
	o := corpusOptions()
	var z mcr.Scorer
	for i, c := range cases {
		h, cond := corpusHand(t, c)
		other, ocond := corpusHand(t, cases[(i*7+3)%len(cases)])
		short := other
		short.Concealed[ocond.Win]--
		changed := other
		for k := range changed.Concealed {
			if tile.Kind(k) != ocond.Win && changed.Concealed[k] > 0 {
				changed.Concealed[k]--
				changed.Concealed[(k+4)%tile.NumKinds]++
				break
			}
		}
		for _, x := range []mcr.Hand{other, short, changed} {
			want, werr := mcr.Score(x, ocond, o)
			got, err := z.Score(x, ocond, o)
			if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
				t.Fatalf("case %d, hand %v: Scorer %+v %v, Score %+v %v", i, x.Concealed, got, err, want, werr)
			}
		}
		want, werr := mcr.Score(h, cond, o)
		got, err := z.Score(h, cond, o)
		if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
			t.Fatalf("case %d after others: Scorer %+v %v, Score %+v %v", i, got, err, want, werr)
		}
	}
}
