package riichi_test

import (
	"reflect"
	"slices"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

// TestScorerReuse: one Scorer scoring the corpus hands in turn, by value
// (Score) and by pointer (ScoreWin), gives what Score gives for each, and
// allocates nothing. Skipped without the corpus.
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
		pr, err := z.ScoreWin(&w, &o)
		if (err == nil) != (werr == nil) || err == nil && !reflect.DeepEqual(*pr, want) {
			t.Fatalf("case %d: ScoreWin %+v %v, Score %+v %v", i, pr, err, want, werr)
		}
		if err == nil && i%8 == 0 {
			if n := testing.AllocsPerRun(3, func() { z.Score(w, o) }); n != 0 {
				t.Fatalf("case %d: %v allocations a win", i, n)
			}
			if n := testing.AllocsPerRun(3, func() { z.ScoreWin(&w, &o) }); n != 0 {
				t.Fatalf("case %d: %v allocations a win by pointer", i, n)
			}
		}
	}
}

// TestScorerAfterOthers: a Scorer keeps its working storage from win to
// win, so what one win leaves there must not reach the next. Each corpus
// hand is scored right after another hand, the same hand with a tile
// missing (refused in the checks) and with a concealed tile changed
// (mostly not winning, refused after the readings); each result must be
// the one Score gives on its own. Skipped without the corpus.
func TestScorerAfterOthers(t *testing.T) {
	var f struct{ Cases []mjsCase }
	readCorpus(t, "riichi-mjsoul-agari/agari_4p.json", &f)
	o := riichi.MahjongSoulRules()
	var z riichi.Scorer
	for i, c := range f.Cases {
		w := c.win(t)
		other := f.Cases[(i*7+3)%len(f.Cases)].win(t)
		short := other
		short.Concealed = other.Concealed[1:]
		changed := other
		changed.Concealed = slices.Clone(other.Concealed)
		for j, x := range changed.Concealed {
			if x.Kind != other.WinTile {
				changed.Concealed[j] = tile.Tile{Kind: (x.Kind + 4) % tile.NumKinds}
				break
			}
		}
		for _, x := range []riichi.Win{other, short, changed} {
			want, werr := riichi.Score(x, o)
			got, err := z.Score(x, o)
			if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
				t.Fatalf("case %d, hand %v: Scorer %+v %v, Score %+v %v", i, x.Concealed, got, err, want, werr)
			}
		}
		want, werr := riichi.Score(w, o)
		got, err := z.Score(w, o)
		if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
			t.Fatalf("case %d after others: Scorer %+v %v, Score %+v %v", i, got, err, want, werr)
		}
	}
}

// TestParseAndScoreAllocs: a win read from hand notation by a reused
// tile.HandParser scores as the win it was written from, and reading and
// scoring it with a reused Scorer allocates nothing. Skipped without the
// corpus.
func TestParseAndScoreAllocs(t *testing.T) {
	var f struct{ Cases []mjsCase }
	readCorpus(t, "riichi-mjsoul-agari/agari_4p.json", &f)
	o := riichi.MahjongSoulRules()
	var p tile.HandParser
	var z riichi.Scorer
	var r riichi.Win
	for i, c := range f.Cases {
		if i%8 != 0 {
			continue
		}
		w := c.win(t)
		want, werr := riichi.Score(w, o)
		s := tile.Hand{Concealed: w.Concealed, Melds: w.Melds}.String()
		read := func() *riichi.Win {
			h, err := p.Parse(s)
			if err != nil {
				t.Fatalf("case %d: Parse(%q): %v", i, s, err)
			}
			r = w
			r.Concealed, r.Melds = h.Concealed, h.Melds
			return &r
		}
		got, err := z.ScoreWin(read(), &o)
		if (err == nil) != (werr == nil) || err == nil && got.Han != want.Han || err == nil && got.Fu != want.Fu {
			t.Fatalf("case %d: %q read and scored %+v %v, Score %+v %v", i, s, got, err, want, werr)
		}
		if err == nil {
			if n := testing.AllocsPerRun(3, func() { z.ScoreWin(read(), &o) }); n != 0 {
				t.Fatalf("case %d: %v allocations to read and score a win", i, n)
			}
		}
	}
}
