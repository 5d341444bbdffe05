package riichi_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"

	"jantaku/internal/corpustest"
)

// corpusDir finds the shared corpus: $JANTAKU_CORPUS, else ../shared/corpus
// beside the repository root (the directory holding go.mod). Tests skip
// when it is absent; corpus data is never copied into the repository.
func corpusDir(t testing.TB) string {
	t.Helper()
	return corpustest.Dir(t, ".")
}

func readCorpus(t testing.TB, name string, v any) {
	t.Helper()
	p := filepath.Join(corpusDir(t), name)
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("corpus file %s not found", p)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
}

// ---- riichi-mjsoul-agari (Mahjong Soul, RiichiEnv) ----

type mjsCase struct {
	Tiles []int `json:"tiles_136"`
	Melds []struct {
		Type   string `json:"meld_type"`
		Tiles  []int  `json:"tiles"`
		Opened bool   `json:"opened"`
	} `json:"melds"`
	Win        int   `json:"win_tile_136"`
	Dora       []int `json:"dora_indicators"`
	Ura        []int `json:"ura_indicators"`
	Conditions struct {
		Tsumo, Riichi, Ippatsu, Haitei, Houtei, Rinshan, Chankan bool
		DoubleRiichi                                             bool `json:"double_riichi"`
		FirstTurn                                                bool `json:"tsumo_first_turn"`
		PlayerWind                                               int  `json:"player_wind"`
		RoundWind                                                int  `json:"round_wind"`
		Honba                                                    int  `json:"honba"`
		Kita                                                     int  `json:"kita_count"`
	} `json:"conditions"`
	Expected struct {
		IsWin bool  `json:"is_win"`
		Han   int   `json:"han"`
		Fu    int   `json:"fu"`
		Yaku  []int `json:"yaku"`
	} `json:"expected"`
}

// mjsFan is the Mahjong Soul fan id of each yaku (corpus SOURCES.md).
var mjsFan = map[riichi.Yaku]int{
	riichi.MenzenTsumo: 1, riichi.Riichi: 2, riichi.Chankan: 3, riichi.Rinshan: 4, riichi.Haitei: 5, riichi.Houtei: 6,
	riichi.Haku: 7, riichi.Hatsu: 8, riichi.Chun: 9, riichi.SeatWind: 10, riichi.RoundWind: 11, riichi.Tanyao: 12,
	riichi.Iipeikou: 13, riichi.Pinfu: 14, riichi.Chanta: 15, riichi.Ittsu: 16, riichi.SanshokuDoujun: 17,
	riichi.DoubleRiichi: 18, riichi.SanshokuDoukou: 19, riichi.Sankantsu: 20, riichi.Toitoi: 21, riichi.Sanankou: 22,
	riichi.Shousangen: 23, riichi.Honroutou: 24, riichi.Chiitoitsu: 25, riichi.Junchan: 26, riichi.Honitsu: 27,
	riichi.Ryanpeikou: 28, riichi.Chinitsu: 29, riichi.Ippatsu: 30, riichi.Dora: 31, riichi.AkaDora: 32, riichi.UraDora: 33,
	riichi.Tenhou: 35, riichi.Chiihou: 36, riichi.Daisangen: 37, riichi.Suuankou: 38, riichi.Tsuuiisou: 39,
	riichi.Ryuuiisou: 40, riichi.Chinroutou: 41, riichi.Kokushi: 42, riichi.Shousuushii: 43, riichi.Suukantsu: 44,
	riichi.Nukidora: 34, riichi.Chuuren: 45, riichi.JunseiChuuren: 47, riichi.SuuankouTanki: 48, riichi.Kokushi13: 49, riichi.Daisuushii: 50,
}

func fromIDs(t testing.TB, ids []int) []tile.Tile {
	t.Helper()
	out := make([]tile.Tile, len(ids))
	for i, id := range ids {
		x, err := tile.FromID(id, [3]bool{true, true, true})
		if err != nil {
			t.Fatal(err)
		}
		out[i] = x
	}
	return out
}

func (c *mjsCase) win(t testing.TB) riichi.Win {
	concealed := fromIDs(t, c.Tiles)
	// tiles_136 leaves the winning tile out, except in hand 805 (a
	// synthetic yakuman) whose 14 tiles hold it already.
	if len(c.Tiles)+3*len(c.Melds) == 13 {
		concealed = append(concealed, fromIDs(t, []int{c.Win})...)
	}
	w := riichi.Win{
		Concealed:    concealed,
		WinTile:      tile.Kind(c.Win / 4),
		Tsumo:        c.Conditions.Tsumo,
		Seat:         riichi.Wind(c.Conditions.PlayerWind),
		Round:        riichi.Wind(c.Conditions.RoundWind),
		Riichi:       c.Conditions.Riichi,
		DoubleRiichi: c.Conditions.DoubleRiichi,
		Ippatsu:      c.Conditions.Ippatsu,
		Haitei:       c.Conditions.Haitei,
		Houtei:       c.Conditions.Houtei,
		Rinshan:      c.Conditions.Rinshan,
		Chankan:      c.Conditions.Chankan,
		Honba:        c.Conditions.Honba,
	}
	w.From = w.Seat.Next()
	for _, id := range c.Dora {
		w.Dora = append(w.Dora, tile.Kind(id/4))
	}
	for _, id := range c.Ura {
		w.Ura = append(w.Ura, tile.Kind(id/4))
	}
	for _, m := range c.Melds {
		mt := map[string]tile.MeldType{"chi": tile.Chi, "pon": tile.Pon, "kakan": tile.AddedKan, "ankan": tile.ClosedKan, "daiminkan": tile.Kan}
		typ, ok := mt[m.Type]
		if !ok {
			t.Fatalf("meld type %q", m.Type)
		}
		from := 3
		if typ == tile.ClosedKan {
			from = 0
		}
		w.Melds = append(w.Melds, tile.Meld{Type: typ, Tiles: fromIDs(t, m.Tiles), From: from})
	}
	return w
}

// TestCorpusMahjongSoul scores every hand of agari_4p.json under the
// mahjongsoul preset: han (13 per yakuman), fu and the fan list agree.
func TestCorpusMahjongSoul(t *testing.T) {
	var f struct{ Cases []mjsCase }
	readCorpus(t, "riichi-mjsoul-agari/agari_4p.json", &f)
	if len(f.Cases) != 816 {
		t.Errorf("agari_4p.json has %d hands, want 816", len(f.Cases))
	}
	o := riichi.MahjongSoulRules()
	agree := 0
	for i, c := range f.Cases {
		w := c.win(t)
		r, err := riichi.Score(w, o)
		if err != nil {
			t.Errorf("hand %d (%s): %v", i, handDesc(w), err)
			continue
		}
		han := r.Han + 13*r.Yakuman
		var fans []int
		for _, y := range r.Yaku {
			fans = append(fans, mjsFan[y.Yaku])
		}
		want := slices.Clone(c.Expected.Yaku)
		slices.Sort(fans)
		slices.Sort(want)
		if han != c.Expected.Han || r.Fu != c.Expected.Fu || !slices.Equal(fans, want) {
			t.Errorf("hand %d (%s): han %d fu %d fans %v; want han %d fu %d fans %v (yaku %v, fu %v)",
				i, handDesc(w), han, r.Fu, fans, c.Expected.Han, c.Expected.Fu, want, r.Yaku, r.FuParts)
			continue
		}
		agree++
	}
	t.Logf("agari_4p.json: %d/%d agree", agree, len(f.Cases))
}

// TestCorpusMahjongSoul3p scores every hand of agari_3p.json (three
// players: no 2m–8m, north tiles set aside as kita) under the mahjongsoul
// preset for three players.
func TestCorpusMahjongSoul3p(t *testing.T) {
	var f struct{ Cases []mjsCase }
	readCorpus(t, "riichi-mjsoul-agari/agari_3p.json", &f)
	if len(f.Cases) != 402 {
		t.Errorf("agari_3p.json has %d hands, want 402", len(f.Cases))
	}
	o := riichi.MahjongSoulRules()
	o.Players, o.RedFives, o.Uma = 3, 2, nil
	agree := 0
	for i, c := range f.Cases {
		w := c.win(t)
		w.Kita = c.Conditions.Kita
		if !w.Tsumo && w.From == riichi.North {
			w.From = riichi.East // three seats: the discarder is one of E S W
			if w.Seat == riichi.East {
				w.From = riichi.South
			}
		}
		r, err := riichi.Score(w, o)
		if err != nil {
			t.Errorf("hand %d (%s): %v", i, handDesc(w), err)
			continue
		}
		han := r.Han + 13*r.Yakuman
		var fans []int
		for _, y := range r.Yaku {
			fans = append(fans, mjsFan[y.Yaku])
		}
		want := slices.Clone(c.Expected.Yaku)
		slices.Sort(fans)
		slices.Sort(want)
		if han != c.Expected.Han || r.Fu != c.Expected.Fu || !slices.Equal(fans, want) {
			t.Errorf("hand %d (%s, kita %d): han %d fu %d fans %v; want han %d fu %d fans %v (yaku %v, fu %v)",
				i, handDesc(w), w.Kita, han, r.Fu, fans, c.Expected.Han, c.Expected.Fu, want, r.Yaku, r.FuParts)
			continue
		}
		agree++
	}
	t.Logf("agari_3p.json: %d/%d agree", agree, len(f.Cases))
}

func handDesc(w riichi.Win) string {
	h := tile.Hand{Concealed: w.Concealed, Melds: w.Melds}
	how := "ron"
	if w.Tsumo {
		how = "tsumo"
	}
	return fmt.Sprintf("%v +%v %s seat %v round %v", h, w.WinTile, how, w.Seat, w.Round)
}
