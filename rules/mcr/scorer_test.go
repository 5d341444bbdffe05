package mcr_test

import (
	"reflect"
	"testing"

	"jantaku/rules/mcr"
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
