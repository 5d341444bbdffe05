package shanghai_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
)

// FuzzParseOptions: any input gives valid options or an error wrapping
// ErrOptions, never a panic.
func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{
		"variant: laoshi\nlaoshi_base_fu: 20\n",
		"variant: late80s\nlate80s_cap: null\nlate80s_pao: off\n",
		`{"variant": "xinshi", "xinshi_liangbangao": "two_pairs"}`,
		"variant: [",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := shanghai.ParseOptions(data)
		if err != nil {
			if !errors.Is(err, shanghai.ErrOptions) {
				t.Fatalf("error %v does not wrap ErrOptions", err)
			}
			return
		}
		if err := o.Validate(); err != nil {
			t.Fatalf("ParseOptions returned invalid options: %v", err)
		}
	})
}

func BenchmarkScore(b *testing.B) {
	o, _ := shanghai.Preset(shanghai.Xinshi)
	w, _ := tile.ParseHand("123p456p789p456s55m")
	var s shanghai.Situation
	s.Round = tile.East
	s.Hands[2] = w
	s.Win = shanghai.Win{Seat: 2, Tile: tile.S5, From: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := shanghai.Score(o, s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScoreLaoshi(b *testing.B) {
	o, _ := shanghai.Preset(shanghai.Laoshi)
	var s shanghai.Situation
	for i, h := range []string{
		"999s55z14m8p26s (pon 555p<1) 1f",
		"234m777p567s22z (pon 777z<2) 2f",
		"369m3p48s1z (pon 666z<1) (kan 1111p<2)",
		"2568m269p137s13z4z 3f",
	} {
		s.Hands[i], _ = tile.ParseHand(h)
	}
	s.Win = shanghai.Win{Seat: 1, Tile: tile.M3, From: game.NoSeat}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := shanghai.Score(o, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScorer is BenchmarkScore and BenchmarkScoreLaoshi through one
// Scorer reused: the steady state of a table scoring win after win.
func BenchmarkScorer(b *testing.B) {
	b.Run("xinshi", func(b *testing.B) {
		o, _ := shanghai.Preset(shanghai.Xinshi)
		w, _ := tile.ParseHand("123p456p789p456s55m")
		var s shanghai.Situation
		s.Round = tile.East
		s.Hands[2] = w
		s.Win = shanghai.Win{Seat: 2, Tile: tile.S5, From: 1}
		var z shanghai.Scorer
		b.ReportAllocs()
		for b.Loop() {
			if _, err := z.Score(o, s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("laoshi", func(b *testing.B) {
		o, _ := shanghai.Preset(shanghai.Laoshi)
		var s shanghai.Situation
		for i, h := range []string{
			"999s55z14m8p26s (pon 555p<1) 1f",
			"234m777p567s22z (pon 777z<2) 2f",
			"369m3p48s1z (pon 666z<1) (kan 1111p<2)",
			"2568m269p137s13z4z 3f",
		} {
			s.Hands[i], _ = tile.ParseHand(h)
		}
		s.Win = shanghai.Win{Seat: 1, Tile: tile.M3, From: game.NoSeat}
		var z shanghai.Scorer
		b.ReportAllocs()
		for b.Loop() {
			if _, err := z.Score(o, s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
