package shanghai_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
)

// TestItems checks single 台 and their interactions on hands of the
// winner alone (outside LAOSHI the others' hands are not needed). The
// expected totals are worked out by hand from spec/shanghai.md §4–§7.
func TestItems(t *testing.T) {
	self := game.NoSeat
	cases := []struct {
		name    string
		variant shanghai.Variant
		tweak   func(*shanghai.Options)
		seat    game.Seat
		hand    string
		win     string
		from    game.Seat
		tai     int
		has     []shanghai.Name
		hasNot  []shanghai.Name
	}{
		{"四只花 both sets and 坐花 (D-SH-16)", shanghai.Liuxing, nil, E, "123m456m789p234s55p 1f2f3f4f5f6f7f8f", "4s", S,
			1 + 4, []shanghai.Name{shanghai.FourFlowers, shanghai.PingHu}, []shanghai.Name{shanghai.OwnFlower}},
		{"四只花 seasons + own plum (§4.2 note: 3)", shanghai.Liuxing, nil, E, "123m456m789p234s55p 1f2f3f4f5f", "4s", S,
			1 + 2 + 1, []shanghai.Name{shanghai.FourFlowers, shanghai.OwnFlower}, nil},
		{"example F: West's 秋 is its own", shanghai.Liuxing, nil, W, "123m456m789p234s55p 3f", "4s", S,
			1 + 1, []shanghai.Name{shanghai.OwnFlower, shanghai.PingHu}, nil},
		{"example F: North's 梅 is East's", shanghai.Liuxing, nil, N, "123m456m789p234s55p 5f", "4s", S,
			1, []shanghai.Name{shanghai.PingHu}, []shanghai.Name{shanghai.OwnFlower}},
		{"example F: East's 春菊竹 give one 坐花", shanghai.Liuxing, nil, E, "123m456m789p234s55p 1f7f8f", "4s", S,
			1 + 1, []shanghai.Name{shanghai.OwnFlower}, nil},
		{"平和 not with a round-wind pair", shanghai.Liuxing, nil, S, "123m456m789p234s11z", "4s", W,
			0, nil, []shanghai.Name{shanghai.PingHu}},
		{"seat wind = round wind: 坐風 + 圏風", shanghai.Liuxing, nil, E, "111z456m789p234s55p", "4s", S,
			2, []shanghai.Name{shanghai.SeatWind, shanghai.RoundWind}, nil},
		{"対対和 with a shanpon", shanghai.Liuxing, nil, S, "111m999p555s33z777z", "7z", W,
			2 + 1, []shanghai.Name{shanghai.AllPungs, shanghai.DragonPung}, []shanghai.Name{shanghai.EdgeClosedSingle}},
		{"maximisation: edge beats two-sided (§2.7)", shanghai.Liuxing, nil, S, "123m345m789p234s55p", "3m", W,
			1 + 1, []shanghai.Name{shanghai.EdgeClosedSingle, shanghai.PingHu}, nil},
		{"七対子 with four alike, 混一色", shanghai.Xinshi, nil, S, "1122m3333m5566m77z", "7z", W,
			1 + 2 + 1, []shanghai.Name{shanghai.SevenPairs, shanghai.HalfFlush, shanghai.ConcealedRon}, []shanghai.Name{shanghai.EdgeClosedSingle}},
		{"七対子 four alike refused", shanghai.Xinshi, func(o *shanghai.Options) { o.QiDuiAllowFour = false }, S, "1122m3333m5566m77z", "7z", W,
			-1, nil, nil},
		{"七対子 in 流行式 is no win (D-SH-25)", shanghai.Liuxing, nil, S, "1133m5577m99p11s77z", "7z", W,
			-1, nil, nil},
		{"双相逢 replaces 喜相逢; 全么九 with a chi", shanghai.Xinshi, nil, S, "123m123p123s55z (chi 789m<3)", "5z", W,
			2 + 1 + 1, []shanghai.Name{shanghai.MixedTriple, shanghai.Outside, shanghai.EdgeClosedSingle}, []shanghai.Name{shanghai.MixedDouble, shanghai.ConcealedRon, shanghai.FiveGates}},
		{"全么九 and two 喜相逢", shanghai.Xinshi, nil, S, "123m789m123p789s11z", "1z", W,
			1 + 1 + 1 + 1 + 1, []shanghai.Name{shanghai.Outside, shanghai.MixedDouble, shanghai.ConcealedRon, shanghai.EdgeClosedSingle}, []shanghai.Name{shanghai.MixedStraight}},
		{"混龍", shanghai.Xinshi, nil, S, "123m456p789s234s11z", "1z", W,
			1 + 1 + 1, []shanghai.Name{shanghai.MixedStraight, shanghai.ConcealedRon, shanghai.EdgeClosedSingle}, []shanghai.Name{shanghai.Outside, shanghai.MixedDouble}},
		{"両般高 by three identical chows (union)", shanghai.Xinshi, nil, S, "234m234m234m567p88s", "5p", W,
			2 + 1 + 1 + 1 + 1, []shanghai.Name{shanghai.TwoPureDoubles, shanghai.AllSimples, shanghai.ConcealedRon, shanghai.PingHu}, []shanghai.Name{shanghai.PureDouble}},
		{"両般高 by two 一般高 (union)", shanghai.Xinshi, nil, S, "234m234m567p567p88s", "5p", W,
			2 + 1 + 1 + 1 + 1, []shanghai.Name{shanghai.TwoPureDoubles}, []shanghai.Name{shanghai.PureDouble}},
		{"two 一般高 under three_identical", shanghai.Xinshi, func(o *shanghai.Options) { o.LiangBanGao = shanghai.LBGThreeIdentical }, S, "234m234m567p567p88s", "5p", W,
			1 + 1 + 1 + 1 + 1 + 1, []shanghai.Name{shanghai.PureDouble}, []shanghai.Name{shanghai.TwoPureDoubles}},
		{"three identical under two_pairs: 一般高", shanghai.Xinshi, func(o *shanghai.Options) { o.LiangBanGao = shanghai.LBGTwoPairs }, S, "234m234m234m567p88s", "5p", W,
			1 + 1 + 1 + 1 + 1, []shanghai.Name{shanghai.PureDouble}, []shanghai.Name{shanghai.TwoPureDoubles}},
		{"欠一門 with honours, literal (D-SH-20)", shanghai.Xinshi, nil, S, "123m456m789p234p11z", "4p", W,
			1, []shanghai.Name{shanghai.ConcealedRon}, []shanghai.Name{shanghai.TwoSuits}},
		{"欠一門 with honours allowed", shanghai.Xinshi, func(o *shanghai.Options) { o.QueYiMenAllowsHonors = true }, S, "123m456m789p234p11z", "4p", W,
			2, []shanghai.Name{shanghai.TwoSuits}, nil},
		{"不求人 with a concealed kong (D-SH-35)", shanghai.Xinshi, nil, S, "234m567p678s55s [ankan 9999m]", "4m", self,
			2 + 1, []shanghai.Name{shanghai.ConcealedTsumo}, []shanghai.Name{shanghai.ConcealedRon, shanghai.PingHu}},
		{"late80s: 大吊車 on a discard", shanghai.Late80s, nil, S, "5p5p (pon 222m<3) (pon 999s<1) (pon 777z<2) (kan 1111z<1)", "5p", W,
			1 + 2, []shanghai.Name{shanghai.BigHook, shanghai.AllPungs}, nil},
		{"late80s extras: dragon pung, 辺嵌張", shanghai.Late80s, func(o *shanghai.Options) { o.ExtraFan = true }, S, "456m456p789s22s (pon 777z<2)", "5m", W,
			2, []shanghai.Name{shanghai.DragonPung, shanghai.EdgeClosedSingle}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := preset(t, c.variant)
			if c.tweak != nil {
				c.tweak(&o)
			}
			var hands [4]string
			hands[c.seat] = c.hand
			res, err := shanghai.Score(o, situation(t, tile.East, hands, shanghai.Win{Seat: c.seat, Tile: k(c.win), From: c.from}))
			if c.tai < 0 {
				if err == nil {
					t.Fatalf("scored %+v, want no win", res.Winner.Items)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []shanghai.Name
			for _, it := range res.Winner.Items {
				names = append(names, it.Name)
			}
			if res.Winner.Tai != c.tai {
				t.Errorf("%d台, want %d: %v", res.Winner.Tai, c.tai, res.Winner.Items)
			}
			for _, n := range c.has {
				if !slices.Contains(names, n) {
					t.Errorf("no %s in %v", n, res.Winner.Items)
				}
			}
			for _, n := range c.hasNot {
				if slices.Contains(names, n) {
					t.Errorf("%s in %v", n, res.Winner.Items)
				}
			}
		})
	}
}

func TestLaoshiBaseZeroAndRounding(t *testing.T) {
	hands := [4]string{
		"123m456p34s55m2s (chi 678s<3)",
		"147m258p369s1347z",
		"258m147p258s6z (pon 999m<1)",
		"369m369p17s333z44z",
	}
	win := shanghai.Win{Seat: E, Tile: k("2s"), From: N}
	o := preset(t, shanghai.Laoshi)
	o.LaoshiBaseFu = 0
	res, err := shanghai.Score(o, situation(t, tile.East, hands, win))
	if err != nil {
		t.Fatal(err)
	}
	// D-SH-11: 平和 on a discard with no flowers is worth 0 and collects
	// nothing; the non-winners still settle: S 0, W 4 (exposed 9m), N 10.
	// S→W 4, S→N 10, N→W... N (10) is higher than W (4): W→N 6.
	if res.Winner.Score != 0 || res.Net() != [4]int{0, -14, -2, 16} {
		t.Fatalf("winner %d, net %v", res.Winner.Score, res.Net())
	}
	o.LaoshiBaseFu = 10
	o.LaoshiRoundFu = true
	hands[0] = "123m456p34s55z2s (chi 678s<3)" // pair of white: 4胡
	res, err = shanghai.Score(o, situation(t, tile.East, hands, win))
	if err != nil {
		t.Fatal(err)
	}
	// 10 + 4 = 14 rounds up to 20; the white pair spoils 平和: 20 × 1.
	if res.Winner.Fu != 20 || res.Winner.Tai != 0 || res.Winner.Score != 20 {
		t.Fatalf("%d胡 %d台 %d: %v", res.Winner.Fu, res.Winner.Tai, res.Winner.Score, res.Winner.Items)
	}
}

func TestLiuxingDiscarderNotLiableWithoutThreeExposedSets(t *testing.T) {
	o := preset(t, shanghai.Liuxing)
	var hands [4]string
	hands[W] = "456s99s555s (chi 123s<3) (pon 888s<2)" // two exposed sets only
	res, err := shanghai.Score(o, situation(t, tile.East, hands, shanghai.Win{Seat: W, Tile: k("9s"), From: S}))
	if err != nil {
		t.Fatal(err)
	}
	// 清一色 4 + 単釣 1 = 32; the discarder doubles: S 64, E 32, N 32.
	if res.Liable != game.NoSeat || res.Net() != [4]int{-32, -64, 128, -32} {
		t.Fatalf("liable %d, net %v", res.Liable, res.Net())
	}
	hands[W] = "456s99s (chi 123s<3) (pon 555s<1) (pon 888s<2)"
	res, err = shanghai.Score(o, situation(t, tile.East, hands, shanghai.Win{Seat: W, Tile: k("9s"), From: game.NoSeat}))
	if err != nil {
		t.Fatal(err)
	}
	// A self-drawn 清一色 has no liability (D-SH-36): 2H = 64 each.
	if res.Liable != game.NoSeat || res.Net() != [4]int{-64, -64, 192, -64} {
		t.Fatalf("self-draw: liable %d, net %v", res.Liable, res.Net())
	}
}

func TestItemStrings(t *testing.T) {
	it := shanghai.Item{Name: shanghai.ConcealedPung, Fu: 8, Tiles: []tile.Kind{tile.North}}
	if got, want := it.String(), "暗刻 北 8胡 (concealed pung (North), 8 fu)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	it = shanghai.Item{Name: shanghai.FullFlush, Tai: 4}
	if got, want := it.String(), "清一色 4台 (full flush, 4 tai)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got := shanghai.Name(200).String(); got != "Name(200)" {
		t.Errorf("%q", got)
	}
}

func TestLate80sFlowerReplacement(t *testing.T) {
	var hands [4]string
	hands[S] = "456p789s234s11z [ankan 3333m] 3f"
	win := shanghai.Win{Seat: S, Tile: k("4s"), From: game.NoSeat, Replacement: true, FlowerReplacement: true}
	o := preset(t, shanghai.Late80s)
	res, err := shanghai.Score(o, situation(t, tile.East, hands, win))
	if err != nil || res.Value != 8 {
		t.Fatalf("槓開 on a flower's replacement (D-SH-29): %d, %v", res.Value, err)
	}
	o.FlowerKaiKong = false
	res, err = shanghai.Score(o, situation(t, tile.East, hands, win))
	if err != nil || res.Value != 4 {
		t.Fatalf("without late80s_flower_kaikong: %d, %v", res.Value, err)
	}
	win.FlowerReplacement = false // a kong's replacement still counts
	res, err = shanghai.Score(o, situation(t, tile.East, hands, win))
	if err != nil || res.Value != 8 {
		t.Fatalf("槓開 on a kong's replacement: %d, %v", res.Value, err)
	}
}
