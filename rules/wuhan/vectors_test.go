package wuhan_test

import (
	"errors"
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/wuhan"
)

// vector is a payment vector of spec/wuhan.md §14. The expected values are
// the spec's; shares are listed in seat order after the winner.
type vector struct {
	name      string
	opts      wuhan.Options
	sit       wuhan.Situation
	raw       []float64
	pay       []float64 // after caps; nil: the same as raw
	money10   []int     // each notional share at 1分
	money20   []int     // at 5厘
	bao       game.Seat // the liable player, or NoSeat
	baoPays   int       // what the liable player pays at 1分
	baoPays20 int
}

// win builds a winner: melds, concealed tiles (the wildcard written as its
// own tile) and specials.
func win(t testing.TB, dealer bool, melds, concealed, specials string) wuhan.Player {
	return wuhan.Player{Dealer: dealer, Melds: ms(t, melds), Concealed: ks(t, concealed), Specials: ks(t, specials)}
}

func situation(t testing.TB, indicator string, winner game.Seat, tileWon string, way wuhan.Way, from game.Seat, players ...wuhan.Player) wuhan.Situation {
	return wuhan.Situation{Indicator: k1(t, indicator), Players: players, Winner: winner, Tile: k1(t, tileWon), Way: way, From: from}
}

func vectors(t *testing.T) []vector {
	main := preset(t, "hzfc")
	hz := preset(t, "hz")
	kk := preset(t, "koukou")
	jz := preset(t, "jingzhou3p")
	none := game.NoSeat
	self, disc, rob := wuhan.BySelfDraw, wuhan.ByDiscard, wuhan.ByRobbing
	// The 小胡 hand of TV-S1 and others: chi 123m | 456m 789s 234p 8m + 8m, 硬胡.
	small := func(dealer bool) wuhan.Player {
		return win(t, dealer, "(chi 123m<3)", "456m789s234p8m", "")
	}
	// 碰碰胡 with the wildcard (5p, indicator 4p) as East, pair 8p.
	pungs := func(specials string) wuhan.Player {
		return win(t, false, "(pon 111s<1)", "999m333p11z5p8p", specials)
	}
	tvs3 := situation(t, "4p", 2, "8p", self, none,
		payer(t, false, opened, ""), payer(t, true, opened, ""), pungs("6z"), payer(t, false, opened, "7z7z"))
	tvs3.Replacement = true
	d2 := func(p1, p2, p3 wuhan.Player) wuhan.Situation {
		return situation(t, "4p", 0, "9m", self, none, win(t, false, "(kan 1111m<1)", "222m333m444m9m", ""), p1, p2, p3)
	}
	d7 := situation(t, "4p", 0, "8m", self, none, win(t, false, "(chi 123m<3)", "456m78s23p5p5p8m", "7z"),
		payer(t, false, "", ""), payer(t, false, opened, ""), payer(t, true, "", ""))
	d7.Replacement = true
	d8 := situation(t, "4p", 0, "8p", self, none, pungs(""),
		payer(t, false, "", ""), payer(t, false, opened, ""), payer(t, false, opened+ankan, ""))
	d8.Seabed = true
	d16 := situation(t, "4p", 0, "8m", rob, 3, win(t, false, "(pon 111m<1)(pon 999m<2)[ankan 3333m]", "777m5p", ""),
		payer(t, false, "", ""), payer(t, false, "", ""), payer(t, false, "(pon 888m<2)", ""))
	compound := main
	compound.DaihuBase = wuhan.BaseCompound
	d15 := situation(t, "4p", 0, "5m", self, none, win(t, false, "(chi 123m<3)", "456m789m234m5m", ""),
		payer(t, false, "", ""), payer(t, false, "", ""), payer(t, false, "", ""))
	base15 := main
	base15.YiseBase15 = true
	d17 := situation(t, "4p", 0, "5z", disc, 1, win(t, false, "(pon 111z<1)", "223344551z5p", ""),
		payer(t, false, opened, ""), payer(t, false, "", ""), payer(t, false, opened, ""))
	jinding := main
	jinding.FengyiseJinding = true
	return []vector{
		{name: "TV-S1", opts: main,
			sit: situation(t, "4p", 3, "8m", disc, 1,
				payer(t, true, opened, "6z"), payer(t, false, opened, ""), payer(t, false, opened, "7z5p"), small(false)),
			raw: []float64{32, 16, 64}, money10: []int{3, 2, 6}, money20: []int{2, 1, 3}, bao: none},
		{name: "TV-S2", opts: hz,
			sit: situation(t, "4p", 3, "8m", disc, 1,
				payer(t, true, opened, ""), payer(t, false, opened, ""), payer(t, false, opened, "7z5p"), small(false)),
			raw: []float64{16, 16, 64}, money10: []int{2, 2, 6}, money20: []int{1, 1, 3}, bao: none},
		{name: "TV-S3", opts: main, sit: tvs3,
			raw: []float64{800, 200, 200}, pay: []float64{400, 200, 200}, money10: []int{40, 20, 20}, money20: []int{20, 10, 10}, bao: none},
		{name: "TV-S4", opts: main,
			sit: situation(t, "4p", 0, "8m", self, none, small(false),
				payer(t, false, opened, "5p7z"), payer(t, false, opened, "5p7z"), payer(t, false, opened, "5p7z")),
			raw: []float64{128, 128, 128}, money10: []int{13, 13, 13}, money20: []int{6, 6, 6}, bao: none},
		{name: "TV-S7", opts: main,
			sit: situation(t, "4p", 0, "8p", disc, 1, pungs(""),
				payer(t, false, opened, ""), payer(t, false, "", ""), payer(t, false, "", "")),
			raw: []float64{60, 20, 20}, money10: []int{6, 2, 2}, money20: []int{3, 1, 1}, bao: none},
		{name: "D1'", opts: hz,
			sit: situation(t, "4p", 0, "8m", self, none, small(false),
				payer(t, false, "", ""), payer(t, false, opened, ""), payer(t, true, "", "")),
			raw: []float64{8, 16, 16}, money10: []int{1, 2, 2}, money20: []int{0, 1, 1}, bao: none},
		{name: "D2", opts: main,
			sit: d2(payer(t, false, opened, ""), payer(t, false, "", "5p"), payer(t, true, opened, "7z")),
			raw: []float64{480, 960, 960}, pay: []float64{500, 600, 500}, money10: []int{50, 60, 50}, money20: []int{25, 30, 25}, bao: none},
		{name: "D3", opts: main,
			sit: d2(payer(t, false, ankan, ""), payer(t, false, "", "5p"), payer(t, true, "", "7z")),
			raw: []float64{960, 960, 480}, pay: []float64{800, 800, 800}, money10: []int{80, 80, 80}, money20: []int{40, 40, 40}, bao: none},
		{name: "D4", opts: main,
			sit: d2(payer(t, false, opened, ""), payer(t, false, "", "5p"), payer(t, false, "", "")),
			raw: []float64{480, 960, 240}, pay: []float64{400, 400, 240}, money10: []int{40, 40, 24}, money20: []int{20, 20, 12}, bao: none},
		{name: "D5", opts: main,
			sit: situation(t, "4p", 0, "3p", rob, 1, win(t, false, "(chi 123m<3)", "456m789s24p88m", ""),
				payer(t, false, "(pon 333p<2)", ""), payer(t, false, "", ""), payer(t, true, opened, "")),
			raw: []float64{80, 40, 80}, money10: []int{8, 4, 8}, money20: []int{4, 2, 4}, bao: 1, baoPays: 20, baoPays20: 10},
		{name: "D6", opts: main,
			sit: situation(t, "1s", 0, "5p", disc, 3, win(t, false, "(chi 123m<3)(pon 666s<1)(chi 678p<3)(pon 444z<2)", "5p", ""),
				payer(t, false, "", ""), payer(t, true, "(chi 789s<3)", ""),
				wuhan.Player{Melds: ms(t, "(chi 789s<3)"), Concealed: ks(t, "123456789m7z")}),
			raw: []float64{40, 80, 120}, money10: []int{4, 8, 12}, money20: []int{2, 4, 6}, bao: 3, baoPays: 24, baoPays20: 12},
		{name: "D7", opts: main, sit: d7,
			raw: []float64{40, 80, 40}, money10: []int{4, 8, 4}, money20: []int{2, 4, 2}, bao: none},
		{name: "D8", opts: main, sit: d8,
			raw: []float64{50, 100, 400}, money10: []int{5, 10, 40}, money20: []int{2, 5, 20}, bao: none},
		{name: "D9", opts: main,
			sit: situation(t, "4p", 0, "8p", disc, 1, win(t, false, "(pon 111s<1)", "999m333p11z88p", ""),
				payer(t, false, "", ""), payer(t, false, opened, ""), payer(t, false, "", "")),
			raw: []float64{60, 80, 40}, money10: []int{6, 8, 4}, money20: []int{3, 4, 2}, bao: none},
		{name: "D10", opts: main,
			sit: situation(t, "4p", 0, "8m", disc, 1, small(true),
				payer(t, false, opened, ""), payer(t, false, opened, ""), payer(t, false, ankan, "")),
			raw: []float64{32, 16, 32}, money10: []int{3, 2, 3}, money20: []int{2, 1, 2}, bao: none},
		{name: "D11", opts: main,
			sit: situation(t, "4p", 0, "8m", self, none, win(t, false, "(chi 123m<3)", "456m789s23p5p8m", ""),
				payer(t, false, "", "7z7z5p"), payer(t, false, ankan, ""), payer(t, false, ankan, "")),
			raw: []float64{64, 16, 16}, money10: []int{6, 2, 2}, money20: []int{3, 1, 1}, bao: none},
		{name: "D12", opts: main,
			sit: situation(t, "4p", 0, "8m", self, none, win(t, false, "(chi 123m<3)(pon 555m<1)(pon 999m<2)", "46m5p8m", ""),
				payer(t, false, opened, ""), payer(t, false, "", ""), payer(t, true, opened, "7z")),
			raw: []float64{60, 30, 120}, money10: []int{6, 3, 12}, money20: []int{3, 2, 6}, bao: 2, baoPays: 21, baoPays20: 11},
		{name: "D14", opts: kk,
			sit: situation(t, "4p", 0, "8m", disc, 1, win(t, false, "(chi 123m<3)(chi 456m<3)(chi 789s<3)", "234p8m", ""),
				payer(t, false, opened, ""), payer(t, false, opened, ""), payer(t, true, "", "")),
			raw: []float64{64, 32, 32}, money10: []int{6, 3, 3}, money20: []int{3, 2, 2}, bao: none},
		{name: "D15 default", opts: main, sit: d15,
			raw: []float64{60, 60, 60}, money10: []int{6, 6, 6}, money20: []int{3, 3, 3}, bao: none},
		{name: "D15 yise_base15", opts: base15, sit: d15,
			raw: []float64{80, 80, 80}, money10: []int{8, 8, 8}, money20: []int{4, 4, 4}, bao: none},
		{name: "D16 default", opts: main, sit: d16,
			raw: []float64{240, 240, 480}, pay: []float64{240, 240, 400}, money10: []int{24, 24, 40}, money20: []int{12, 12, 20}, bao: 3, baoPays: 88, baoPays20: 44},
		{name: "D16 compound", opts: compound, sit: d16,
			raw: []float64{320, 320, 640}, pay: []float64{320, 320, 400}, money10: []int{32, 32, 40}, money20: []int{16, 16, 20}, bao: 3, baoPays: 104, baoPays20: 52},
		{name: "D17 off", opts: main, sit: d17,
			raw: []float64{60, 20, 40}, money10: []int{6, 2, 4}, money20: []int{3, 1, 2}, bao: none},
		{name: "D17 fengyise_jinding", opts: jinding, sit: d17,
			raw: []float64{60, 20, 40}, pay: []float64{500, 600, 500}, money10: []int{50, 60, 50}, money20: []int{25, 30, 25}, bao: none},
		{name: "D18", opts: jz,
			sit: situation(t, "4p", 0, "8s", self, none, win(t, false, "(chi 123s<2)", "456s789p23p5p8s", ""),
				payer(t, false, "", ""), payer(t, false, "(chi 678s<2)", "")),
			raw: []float64{4, 8}, money10: []int{0, 1}, money20: []int{0, 0}, bao: none},
		{name: "D19", opts: jz,
			sit: situation(t, "4p", 0, "8p", self, none, win(t, false, "(pon 111s<1)", "999p333p22z5p8p", ""),
				payer(t, false, "", ""), payer(t, false, "(chi 678s<2)", "")),
			raw: []float64{40, 80}, money10: []int{4, 8}, money20: []int{2, 4}, bao: none},
		{name: "D20", opts: jz,
			sit: situation(t, "4p", 0, "5z", self, none, win(t, false, "(pon 222z<1)", "3344556634z", ""),
				payer(t, false, "(chi 678s<2)", ""), payer(t, false, "", "")),
			pay: []float64{400, 500}, money10: []int{40, 50}, money20: []int{20, 25}, bao: none},
	}
}

func TestPaymentVectors(t *testing.T) {
	for _, v := range vectors(t) {
		t.Run(v.name, func(t *testing.T) {
			for _, div := range []int{10, 20} {
				o := v.opts
				o.StakeDivisor = div
				r, err := wuhan.Score(o, v.sit)
				if err != nil {
					t.Fatalf("1/%d: %v", div, err)
				}
				want, wantPays := v.money10, v.baoPays
				if div == 20 {
					want, wantPays = v.money20, v.baoPays20
				}
				if len(r.Shares) != len(want) {
					t.Fatalf("%d shares, want %d", len(r.Shares), len(want))
				}
				pay := v.pay
				if pay == nil {
					pay = v.raw
				}
				for i, sh := range r.Shares {
					if v.raw != nil && sh.Raw != v.raw[i] {
						t.Errorf("seat %d raw %g, want %g (fan %v, base %g)", sh.Seat, sh.Raw, v.raw[i], sh.Fan, sh.Base)
					}
					if sh.Points != pay[i] {
						t.Errorf("seat %d pays %g points (%s), want %g", sh.Seat, sh.Points, sh.Cap, pay[i])
					}
					if sh.Money != want[i] {
						t.Errorf("1/%d: seat %d share %d, want %d", div, sh.Seat, sh.Money, want[i])
					}
				}
				if r.Bao != v.bao {
					t.Errorf("包 on %d, want %d", r.Bao, v.bao)
				}
				total := 0
				for _, p := range r.Payments(v.sit.Winner) {
					total += p.Amount
					if v.bao != game.NoSeat && p.From != v.bao {
						t.Errorf("seat %d pays under 包 on %d", p.From, v.bao)
					}
				}
				if total != r.Money {
					t.Errorf("payments total %d, result %d", total, r.Money)
				}
				if v.bao != game.NoSeat && total != wantPays {
					t.Errorf("1/%d: the liable player pays %d, want %d", div, total, wantPays)
				}
			}
		})
	}
}

func TestWinsBelowTheThreshold(t *testing.T) {
	self := wuhan.BySelfDraw
	// D1: P1's 8 < 16.
	d1 := situation(t, "4p", 0, "8m", self, game.NoSeat, win(t, false, "(chi 123m<3)", "456m789s234p8m", ""),
		payer(t, false, "", ""), payer(t, false, opened, ""), payer(t, true, "", ""))
	if _, err := wuhan.Score(wuhan.Defaults(), d1); !errors.Is(err, wuhan.ErrThreshold) || !errors.Is(err, game.ErrNotWinning) {
		t.Errorf("D1: %v, want the threshold", err)
	}
	// D13: 口口番, 碰碰胡 by self-draw with one opening: 30 < 32.
	d13 := situation(t, "4p", 0, "8p", self, game.NoSeat, win(t, false, "(pon 111s<1)", "999m333p11z5p8p", ""),
		payer(t, false, "", ""), payer(t, false, "", ""), payer(t, false, "", ""))
	if _, err := wuhan.Score(preset(t, "koukou"), d13); !errors.Is(err, wuhan.ErrThreshold) {
		t.Errorf("D13: %v, want the threshold", err)
	}
	// The same hand passes 16 in the main rule (TV-S7: every 大胡 does).
	if r, err := wuhan.Score(wuhan.Defaults(), d13); err != nil || r.Shares[0].Raw != 30 {
		t.Errorf("D13 under the main rule: %v %v", r.Shares, err)
	}
	// threshold_unit = fan: the 小胡 of D1 has 3 fan against P1: below 4.
	o := wuhan.Defaults()
	o.ThresholdUnit, o.Threshold = wuhan.UnitFan, 4
	if _, err := wuhan.Score(o, d1); !errors.Is(err, wuhan.ErrThreshold) {
		t.Errorf("D1 in fan: %v", err)
	}
	o.Threshold = 3
	if _, err := wuhan.Score(o, d1); err != nil {
		t.Errorf("D1 with 3 fan: %v", err)
	}
	// 荊州: at least one payer. D18 with both payers at 0 fan: 4 and 4.
	d18 := situation(t, "4p", 0, "8s", self, game.NoSeat, win(t, false, "(chi 123s<2)", "456s789p23p5p8s", ""),
		payer(t, false, "", ""), payer(t, false, "", ""))
	if _, err := wuhan.Score(preset(t, "jingzhou3p"), d18); !errors.Is(err, wuhan.ErrThreshold) {
		t.Errorf("D18 with no payer at 8: %v", err)
	}
}

func TestRoundingHalf(t *testing.T) {
	// D8 at 5厘: P1's 50 points are 2.5 → 2 (even), 3 (up), 2 (down).
	v := vectors(t)
	i := slices.IndexFunc(v, func(v vector) bool { return v.name == "D8" })
	for half, want := range map[string]int{wuhan.HalfEven: 2, wuhan.HalfUp: 3, wuhan.HalfDown: 2} {
		o := v[i].opts
		o.StakeDivisor, o.RoundHalf = 20, half
		r, err := wuhan.Score(o, v[i].sit)
		if err != nil {
			t.Fatal(err)
		}
		if r.Shares[0].Money != want {
			t.Errorf("round_half %s: %d, want %d", half, r.Shares[0].Money, want)
		}
	}
}

func TestPatternsOfTheVectors(t *testing.T) {
	v := vectors(t)
	want := map[string][]wuhan.Pattern{
		"TV-S1": nil, "TV-S3": {wuhan.PengPeng, wuhan.GangShangKai},
		"D2": {wuhan.PengPeng, wuhan.QingYiSe}, "D5": {wuhan.QiangGang}, "D6": {wuhan.QuanQiuRen},
		"D7": {wuhan.GangShangKai}, "D8": {wuhan.PengPeng, wuhan.HaiDiLao}, "D12": {wuhan.QingYiSe},
		"D16 default": {wuhan.PengPeng, wuhan.QingYiSe, wuhan.QiangGang}, "D17 off": {wuhan.FengYiSe},
	}
	hard := map[string]bool{"TV-S1": true, "TV-S3": false, "D2": true, "D7": false, "D8": false, "D17 off": false}
	for _, x := range v {
		ps, ok := want[x.name]
		if !ok {
			continue
		}
		r, err := wuhan.Score(x.opts, x.sit)
		if err != nil {
			t.Fatalf("%s: %v", x.name, err)
		}
		if !slices.Equal(r.Patterns, ps) {
			t.Errorf("%s: patterns %v, want %v", x.name, r.Patterns, ps)
		}
		if h, ok := hard[x.name]; ok && r.Hard != h {
			t.Errorf("%s: 硬胡 %v, want %v", x.name, r.Hard, h)
		}
	}
}
