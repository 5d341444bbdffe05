package riichi_test

import (
	"reflect"
	"testing"

	"jantaku/rules/riichi"
)

// TestScorerReuse: one Scorer scoring the corpus hands in turn gives what
// Score gives for each, and allocates nothing. Skipped without the corpus.
func TestScorerReuse(t *testing.T) {
	var f struct{ Cases []mjsCase }
	readCorpus(t, "riichi-mjsoul-agari/agari_4p.json", &f)
	o := riichi.MahjongSoulRules()
	var z riichi.Scorer
	for i, c := range f.Cases {
		w := c.win(t)
		want, werr := riichi.Score(w, o)
		got, err := z.Score(w, o)
		if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
			t.Fatalf("case %d: Scorer %+v %v, Score %+v %v", i, got, err, want, werr)
		}
		if err == nil && i%8 == 0 {
			if n := testing.AllocsPerRun(3, func() { z.Score(w, o) }); n != 0 {
				t.Fatalf("case %d: %v allocations a win", i, n)
			}
		}
	}
}
