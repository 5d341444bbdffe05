package riichi_test

import (
	"testing"

	"jantaku/rules/riichi"
)

// BenchmarkScore scores one winning hand: every arrangement and reading,
// every yaku, fu, limits and payments.
func BenchmarkScore(b *testing.B) {
	cases := []struct {
		name, hand, win string
		set             func(w *riichi.Win)
	}{
		{"pinfu-riichi-ron", "123m567m678p345s88s", "1m", func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(b, "7p") }},
		{"open-honitsu-tsumo", "(pon 777z<2) 234m456m11z789m", "9m", func(w *riichi.Win) { w.Tsumo = true }},
		{"ryanpeikou-or-chiitoitsu", "22334455667788s", "2s", func(w *riichi.Win) { w.Riichi = true }},
		{"triplets-or-sequences", "222m333m444m567p88s", "8s", func(w *riichi.Win) { w.Tsumo = true }},
		{"chuuren-9-wait", "11123456789999m", "9m", func(w *riichi.Win) { w.Tsumo = true }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			w := mustWin(b, c.hand, c.win)
			c.set(&w)
			o := riichi.MahjongSoulRules()
			if _, err := riichi.Score(w, o); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				riichi.Score(w, o)
			}
		})
	}
}

// BenchmarkScoreCorpus scores every hand of the Mahjong Soul corpus
// (riichi-mjsoul-agari/agari_4p.json: 816 hands, every yaku) in turn; one
// op is one hand. Skipped without the corpus.
func BenchmarkScoreCorpus(b *testing.B) {
	var f struct{ Cases []mjsCase }
	readCorpus(b, "riichi-mjsoul-agari/agari_4p.json", &f)
	wins := make([]riichi.Win, len(f.Cases))
	for i, c := range f.Cases {
		wins[i] = c.win(b)
	}
	o := riichi.MahjongSoulRules()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		riichi.Score(wins[i], o)
		if i++; i == len(wins) {
			i = 0
		}
	}
}

// BenchmarkScorerCorpus is BenchmarkScoreCorpus through one Scorer
// reused, the win and options passed by pointer (ScoreWin): the steady
// state of a table scoring win after win.
func BenchmarkScorerCorpus(b *testing.B) {
	var f struct{ Cases []mjsCase }
	readCorpus(b, "riichi-mjsoul-agari/agari_4p.json", &f)
	wins := make([]riichi.Win, len(f.Cases))
	for i, c := range f.Cases {
		wins[i] = c.win(b)
	}
	o := riichi.MahjongSoulRules()
	var z riichi.Scorer
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		z.ScoreWin(&wins[i], &o)
		if i++; i == len(wins) {
			i = 0
		}
	}
}
