package riichi_test

import (
	"errors"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

// FuzzParseOptions: ParseOptions never panics; what it accepts validates,
// what it refuses wraps ErrOptions.
func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"", "preset: tenhou", "kiriage: true", `{"red_fives": 3}`, "uma: [10, 5, -5, -10]", "kiriage: [", "preset: x", "double_wind_pair_fu: 4\nopen_pinfu_fu: 20"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := riichi.ParseOptions([]byte(s))
		if err != nil {
			if !errors.Is(err, riichi.ErrOptions) {
				t.Fatalf("%q: %v does not wrap ErrOptions", s, err)
			}
			return
		}
		if err := o.Validate(); err != nil {
			t.Fatalf("%q accepted but invalid: %v", s, err)
		}
	})
}

// FuzzScore: Score never panics on any hand notation, winning tile and
// flags; it scores or returns one of its sentinel errors.
func FuzzScore(f *testing.F) {
	f.Add("123m456p789s11222z", uint8(28), uint16(0))
	f.Add("(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", uint8(17), uint16(1))
	f.Add("19m19p19s12345677z", uint8(33), uint16(3))
	f.Add("22334455667788s", uint8(19), uint16(7))
	f.Add("[ankan 3333z] 999p234m456s88s", uint8(21), uint16(0xffff))
	f.Fuzz(func(t *testing.T, notation string, win uint8, flags uint16) {
		h, err := tile.ParseHand(notation)
		if err != nil {
			return
		}
		bit := func(i int) bool { return flags&(1<<i) != 0 }
		w := riichi.Win{
			Concealed: h.Concealed, Melds: h.Melds, WinTile: tile.Kind(win % 40),
			Tsumo: bit(0), Riichi: bit(1), Ippatsu: bit(2), Haitei: bit(3), Rinshan: bit(4),
			Chankan: bit(5), Houtei: bit(6), DoubleRiichi: bit(7), Tenhou: bit(8), Chiihou: bit(9),
			Seat: riichi.Wind(flags >> 10 & 3), Round: riichi.Wind(flags >> 12 & 3), From: riichi.Wind(flags>>14) & 3,
			Dora: []tile.Kind{tile.Kind(win % 34)}, Honba: int(win % 3), Deposits: int(win % 2),
		}
		for _, o := range []riichi.Options{riichi.SeedRules(), riichi.MahjongSoulRules()} {
			r, err := riichi.Score(w, o)
			if err != nil {
				if !errors.Is(err, riichi.ErrBadHand) && !errors.Is(err, riichi.ErrConditions) &&
					!errors.Is(err, riichi.ErrNotWinning) && !errors.Is(err, riichi.ErrNoYaku) {
					t.Fatalf("%s +%v: unexpected error %v", notation, w.WinTile, err)
				}
				continue
			}
			sum := 0
			for _, p := range r.Payments {
				sum += p.Total()
				if p.Points%100 != 0 || p.To != w.Seat || p.From == w.Seat {
					t.Fatalf("%s: payment %v", notation, p)
				}
			}
			if sum+r.Deposits != r.Total || r.Total <= 0 {
				t.Fatalf("%s: total %d, payments %v", notation, r.Total, r.Payments)
			}
		}
	})
}
