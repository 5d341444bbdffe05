package shanghai_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
)

// Seats of the worked examples (spec/shanghai.md §8): East deals.
const (
	E game.Seat = 0
	S game.Seat = 1
	W game.Seat = 2
	N game.Seat = 3
)

func preset(t *testing.T, v shanghai.Variant) shanghai.Options {
	t.Helper()
	o, err := shanghai.Preset(v)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// situation builds a Situation from hand notation per seat (E, S, W, N).
// 1z–4z are E S W N, 5z 6z 7z white, green, red; 1f–8f 春夏秋冬梅蘭菊竹.
func situation(t *testing.T, round tile.Kind, hands [4]string, w shanghai.Win) shanghai.Situation {
	t.Helper()
	s := shanghai.Situation{Dealer: E, Round: round, Win: w}
	for i, h := range hands {
		ph, err := tile.ParseHand(h)
		if err != nil {
			t.Fatalf("seat %d: %v", i, err)
		}
		s.Hands[i] = ph
	}
	return s
}

func k(s string) tile.Kind { return tile.MustParse(s)[0].Kind }

type pay struct {
	from, to game.Seat
	amount   int
}

type example struct {
	name    string
	variant shanghai.Variant
	tweak   func(*shanghai.Options)
	round   tile.Kind
	hands   [4]string
	win     shanghai.Win
	// Expected, from the text of spec/shanghai.md §8.
	fu, tai, score int // the winner's 胡 (LAOSHI), 台/番 and W or H before any cap
	items          []string
	value          int    // what one payment unit is (after the cap)
	others         [4]int // LAOSHI: the non-winners' scores (the winner's entry unused)
	pays           []pay
	net            [4]int
	liable         game.Seat
}

var examples = []example{
	{
		name: "L1", variant: shanghai.Laoshi, round: tile.East,
		hands: [4]string{
			"999s55z14m8p26s (pon 555p<1) 1f", // E: 9s concealed 8, 5p exposed 2, pair Wh 2, Spr 4; 坐花
			"234m777p567s22z (pon 777z<2) 2f", // S wins, self-drawn 3m
			"369m3p48s1z (pon 666z<1) (kan 1111p<2)",
			"2568m269p137s13z4z 3f",
		},
		win: shanghai.Win{Seat: S, Tile: k("3m"), From: game.NoSeat},
		fu:  30, tai: 2, score: 120, value: 120,
		items:  []string{"底 10胡", "明刻 中 4胡", "中發白の刻子 中 1台", "暗刻 七筒 4胡", "対子 南 4胡", "花牌 夏 4胡", "カンチャン 2胡", "自摸 2胡", "坐花 夏 1台"},
		others: [4]int{32, 0, 40, 4},
		pays:   []pay{{E, S, 240}, {W, S, 120}, {N, S, 120}, {E, W, 16}, {N, E, 56}, {N, W, 36}},
		net:    [4]int{-200, 480, -68, -212},
		liable: game.NoSeat,
	},
	{
		name: "L2", variant: shanghai.Laoshi, round: tile.East,
		tweak: func(o *shanghai.Options) { o.LaoshiBaseFu = 20 },
		hands: [4]string{
			"123m456p34s55m2s (chi 678s<3)",
			"147m258p369s1347z 4f",
			"258m147p258s6z (pon 999m<1) 3f",
			"369m369p17s333z44z",
		},
		win: shanghai.Win{Seat: E, Tile: k("2s"), From: N},
		fu:  20, tai: 1, score: 40, value: 40,
		items:  []string{"底 20胡", "平和 1台"},
		others: [4]int{0, 4, 16, 10},
		pays:   []pay{{S, E, 80}, {W, E, 80}, {N, E, 80}, {S, W, 12}, {S, N, 6}, {N, W, 6}},
		net:    [4]int{240, -98, -62, -80},
		liable: game.NoSeat,
	},
	{
		name: "L3", variant: shanghai.Laoshi, round: tile.East,
		tweak: func(o *shanghai.Options) { o.LaoshiBaseFu = 0 },
		hands: [4]string{
			"147m258m1479s (pon 777z<1)",
			"369m3p2368s34z222z",
			"345p678p11p [ankan 2222p] (pon 999p<1) 1f2f3f4f",
			"258m567p258s369s1z",
		},
		win: shanghai.Win{Seat: W, Tile: k("1p"), From: game.NoSeat, Replacement: true},
		fu:  40, tai: 6, score: 2560, value: 2560,
		items:  []string{"暗槓 二筒 16胡", "明刻 九筒 4胡", "花牌 春 4胡", "花牌 夏 4胡", "花牌 秋 4胡", "花牌 冬 4胡", "単騎 2胡", "自摸 2胡", "清一色 3台", "四只花 春夏秋冬 2台", "槓頭開花 1台"},
		others: [4]int{8, 16, 0, 0},
		pays:   []pay{{E, W, 5120}, {S, W, 2560}, {N, W, 2560}, {E, S, 16}, {N, E, 16}, {N, S, 16}},
		net:    [4]int{-5120, -2528, 10240, -2592},
		liable: game.NoSeat,
	},
	{
		name: "L4", variant: shanghai.Laoshi, round: tile.East,
		hands: [4]string{
			"147p259s3z777z (pon 555m<2)", // the robbed 5m already gone
			"1478m2369p369s13z 1f2f3f4f",
			"258p147s36m13z [ankan 8888s]",
			"444z999m46m22m5m (pon 666z<1)",
		},
		win: shanghai.Win{Seat: N, Tile: k("5m"), From: E, Robbed: true},
		fu:  32, tai: 4, score: 512, value: 512,
		items:  []string{"底 10胡", "暗刻 北 8胡", "自分の風 北 1台", "明刻 發 4胡", "中發白の刻子 發 1台", "暗刻 九萬 8胡", "カンチャン 2胡", "混一色 1台", "搶槓 1台"},
		others: [4]int{20, 64, 16, 0},
		pays:   []pay{{E, N, 1024}, {S, N, 512}, {W, N, 512}, {E, S, 88}, {W, E, 8}, {W, S, 48}},
		net:    [4]int{-1104, -376, -568, 2048},
		liable: game.NoSeat,
	},
	{
		name: "R1", variant: shanghai.Liuxing, round: tile.South,
		hands: [4]string{"", "222z123p57p99p6p (pon 777z<2) 2f7f", "", ""},
		win:   shanghai.Win{Seat: S, Tile: k("6p"), From: game.NoSeat},
		tai:   7, score: 128, value: 128,
		items:  []string{"中發白の刻子 中 1台", "坐風 南 1台", "圏風 南 1台", "混一色 2台", "辺嵌張・単釣 1台", "坐花 夏 1台"},
		pays:   []pay{{W, S, 256}, {N, S, 256}, {E, S, 256}},
		net:    [4]int{-256, 768, -256, -256},
		liable: game.NoSeat,
	},
	{
		name: "R2", variant: shanghai.Liuxing, round: tile.East,
		hands: [4]string{"234m567m345p67778s 1f5f", "", "", ""},
		win:   shanghai.Win{Seat: E, Tile: k("7s"), From: N},
		tai:   4, score: 16, value: 16,
		items:  []string{"平和 1台", "辺嵌張・単釣 1台", "坐花 春 1台", "坐花 梅 1台"},
		pays:   []pay{{S, E, 16}, {W, E, 16}, {N, E, 32}},
		net:    [4]int{64, -16, -16, -32},
		liable: game.NoSeat,
	},
	{
		name: "R3", variant: shanghai.Liuxing, round: tile.East,
		hands: [4]string{"", "", "456s99s (chi 123s<3) (pon 555s<1) (pon 888s<2)", ""},
		win:   shanghai.Win{Seat: W, Tile: k("9s"), From: S},
		tai:   5, score: 32, value: 32,
		items:  []string{"清一色 4台", "辺嵌張・単釣 1台"},
		pays:   []pay{{S, W, 128}},
		net:    [4]int{0, -128, 128, 0},
		liable: S,
	},
	{
		name: "N1", variant: shanghai.Xinshi, round: tile.East,
		hands: [4]string{"", "", "123p456p789p456s55m", ""},
		win:   shanghai.Win{Seat: W, Tile: k("5s"), From: S},
		tai:   8, score: 256, value: 256,
		items:  []string{"清龍 2台", "喜相逢 四筒五筒六筒 1台", "平和 1台", "門前清 1台", "辺嵌張・単釣 1台", "嵌中心 1台", "無字無花 1台"},
		pays:   []pay{{N, W, 256}, {E, W, 256}, {S, W, 512}},
		net:    [4]int{-256, -512, 1024, -256},
		liable: game.NoSeat,
	},
	{
		name: "N2", variant: shanghai.Xinshi, round: tile.East,
		hands: [4]string{"", "", "", "147m258p369s12367z"},
		win:   shanghai.Win{Seat: N, Tile: k("9s"), From: game.NoSeat},
		tai:   4, score: 16, value: 16,
		items:  []string{"十三不搭 1台", "不求人 2台", "五門全 1台"},
		pays:   []pay{{E, N, 32}, {S, N, 32}, {W, N, 32}},
		net:    [4]int{-32, -32, -32, 96},
		liable: game.NoSeat,
	},
	{
		name: "N3", variant: shanghai.Xinshi, round: tile.East,
		hands: [4]string{"", "159m37p28s1234567z 6f", "", ""},
		win:   shanghai.Win{Seat: S, Tile: k("7z"), From: E},
		tai:   5, score: 32, value: 32,
		items:  []string{"七星聚会 2台", "門前清 1台", "五門全 1台", "坐花 蘭 1台"},
		pays:   []pay{{W, S, 32}, {N, S, 32}, {E, S, 64}},
		net:    [4]int{-64, 128, -32, -32},
		liable: game.NoSeat,
	},
	{
		name: "N4", variant: shanghai.Xinshi, round: tile.East,
		hands: [4]string{"234m234m567m345s88s", "", "", ""},
		win:   shanghai.Win{Seat: E, Tile: k("5s"), From: game.NoSeat},
		tai:   7, score: 128, value: 128,
		items:  []string{"一般高 二萬三萬四萬 1台", "断么九 1台", "欠一門 1台", "無字無花 1台", "平和 1台", "不求人 2台"},
		pays:   []pay{{S, E, 256}, {W, E, 256}, {N, E, 256}},
		net:    [4]int{768, -256, -256, -256},
		liable: game.NoSeat,
	},
	{
		name: "E1", variant: shanghai.Late80s, round: tile.East,
		hands: [4]string{"", "", "555m99m11z9m (pon 111m<1) (pon 777z<3) 2f7f", ""},
		win:   shanghai.Win{Seat: W, Tile: k("9m"), From: N},
		tai:   4, score: 80, value: 40,
		items:  []string{"チップ 3枚", "花牌 夏 1枚", "花牌 菊 1枚", "混一色 2番", "対対胡 2番"},
		pays:   []pay{{N, W, 40}},
		net:    [4]int{0, 0, 40, -40},
		liable: game.NoSeat,
	},
	{
		name: "E2", variant: shanghai.Late80s, round: tile.East,
		hands: [4]string{"", "456p789s234s11z [ankan 3333m] 3f", "", ""},
		win:   shanghai.Win{Seat: S, Tile: k("4s"), From: game.NoSeat, Replacement: true},
		tai:   1, score: 8, value: 8,
		items:  []string{"チップ 3枚", "花牌 秋 1枚", "槓開 1番"},
		pays:   []pay{{W, S, 8}, {N, S, 8}, {E, S, 8}},
		net:    [4]int{-8, 24, -8, -8},
		liable: game.NoSeat,
	},
	{
		name: "E3", variant: shanghai.Late80s, round: tile.East,
		hands: [4]string{"123m456p789s234s55m", "", "", ""},
		win:   shanghai.Win{Seat: E, Tile: k("2s"), From: S},
		tai:   0, score: 3, value: 3,
		items:  []string{"チップ 3枚"},
		pays:   []pay{{S, E, 3}},
		net:    [4]int{3, -3, 0, 0},
		liable: game.NoSeat,
	},
	{
		name: "E4", variant: shanghai.Late80s, round: tile.East,
		hands: [4]string{"", "", "", "99p (chi 123p<3) (pon 555p<1) (pon 777p<3) (chi 789p<3)"},
		win:   shanghai.Win{Seat: N, Tile: k("9p"), From: game.NoSeat},
		tai:   5, score: 96, value: 40,
		items:  []string{"チップ 3枚", "清一色 4番", "大吊車 1番"},
		pays:   []pay{{W, N, 120}},
		net:    [4]int{0, 0, -120, 120},
		liable: W,
	},
	{
		name: "E4 reading b", variant: shanghai.Late80s, round: tile.East,
		tweak: func(o *shanghai.Options) { o.Pao = shanghai.ThirdSetFlush },
		hands: [4]string{"", "", "", "99p (chi 123p<3) (pon 555p<1) (pon 777p<3) (chi 789p<3)"},
		win:   shanghai.Win{Seat: N, Tile: k("9p"), From: game.NoSeat},
		tai:   5, score: 96, value: 40,
		items:  []string{"チップ 3枚", "清一色 4番", "大吊車 1番"},
		pays:   []pay{{W, N, 120}},
		net:    [4]int{0, 0, -120, 120},
		liable: W,
	},
	{
		name: "E4 on South's discard", variant: shanghai.Late80s, round: tile.East,
		hands: [4]string{"", "", "", "99p (chi 123p<3) (pon 555p<1) (pon 777p<3) (chi 789p<3)"},
		win:   shanghai.Win{Seat: N, Tile: k("9p"), From: S},
		tai:   5, score: 96, value: 40,
		items:  []string{"チップ 3枚", "清一色 4番", "大吊車 1番"},
		pays:   []pay{{W, N, 40}},
		net:    [4]int{0, 0, -40, 40},
		liable: W,
	},
	{
		name: "E4 on South's discard, pao off", variant: shanghai.Late80s, round: tile.East,
		tweak: func(o *shanghai.Options) { o.Pao = shanghai.PaoOff },
		hands: [4]string{"", "", "", "99p (chi 123p<3) (pon 555p<1) (pon 777p<3) (chi 789p<3)"},
		win:   shanghai.Win{Seat: N, Tile: k("9p"), From: S},
		tai:   5, score: 96, value: 40,
		items:  []string{"チップ 3枚", "清一色 4番", "大吊車 1番"},
		pays:   []pay{{S, N, 40}},
		net:    [4]int{0, -40, 0, 40},
		liable: game.NoSeat,
	},
}

// short writes an item as "name tiles value" in the source's terms.
func short(it shanghai.Item) string {
	s := it.Name.Han()
	if h := it.String(); strings.HasPrefix(h, "対対胡") || strings.HasPrefix(h, "槓開") {
		s = strings.Fields(h)[0]
	}
	if len(it.Tiles) > 0 {
		var ks []string
		for _, k := range it.Tiles {
			ks = append(ks, k.Han())
		}
		s += " " + strings.Join(ks, "")
	}
	return s + " " + it.Value()
}

func TestSpecExamples(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.name, func(t *testing.T) {
			o := preset(t, ex.variant)
			if ex.tweak != nil {
				ex.tweak(&o)
			}
			res, err := shanghai.Score(o, situation(t, ex.round, ex.hands, ex.win))
			if err != nil {
				t.Fatal(err)
			}
			w := res.Winner
			if w.Fu != ex.fu || w.Tai != ex.tai || w.Score != ex.score || res.Value != ex.value {
				t.Errorf("winner %d胡 %d台 score %d value %d, want %d胡 %d台 score %d value %d", w.Fu, w.Tai, w.Score, res.Value, ex.fu, ex.tai, ex.score, ex.value)
			}
			var got []string
			for _, it := range w.Items {
				got = append(got, short(it))
			}
			a, b := slices.Clone(got), slices.Clone(ex.items)
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Errorf("items\n got %q\nwant %q", got, ex.items)
			}
			if ex.variant == shanghai.Laoshi {
				for _, o := range res.Others {
					if o.Score != ex.others[o.Seat] {
						t.Errorf("seat %d scores %d (%d胡 %d台), want %d", o.Seat, o.Score, o.Fu, o.Tai, ex.others[o.Seat])
					}
				}
			}
			if !samePayments(res.Payments, ex.pays) {
				t.Errorf("payments %v, want %v", res.Payments, ex.pays)
			}
			if res.Net() != ex.net {
				t.Errorf("net %v, want %v", res.Net(), ex.net)
			}
			if res.Liable != ex.liable {
				t.Errorf("liable %d, want %d", res.Liable, ex.liable)
			}
		})
	}
}

func samePayments(got []game.Payment, want []pay) bool {
	if len(got) != len(want) {
		return false
	}
	var g, w []string
	for _, p := range got {
		g = append(g, fmt.Sprint(p.From, p.To, p.Amount))
	}
	for _, p := range want {
		w = append(w, fmt.Sprint(p.from, p.to, p.amount))
	}
	slices.Sort(g)
	slices.Sort(w)
	return slices.Equal(g, w)
}

func TestBadDescriptions(t *testing.T) {
	o := preset(t, shanghai.Laoshi)
	good := [4]string{
		"999s55z14m8p26s (pon 555p<1) 1f",
		"234m777p567s22z (pon 777z<2) 2f",
		"369m3p48s1z (pon 666z<1) (kan 1111p<2)",
		"2568m269p137s13z4z 3f",
	}
	win := shanghai.Win{Seat: S, Tile: k("3m"), From: game.NoSeat}
	cases := []struct {
		name  string
		edit  func(*shanghai.Situation)
		error error
	}{
		{"plant flower in 老式", func(s *shanghai.Situation) { s.Hands[3].Flowers = tile.MustParse("5f") }, shanghai.ErrBadHand},
		{"winning tile not held", func(s *shanghai.Situation) { s.Win.Tile = k("9p") }, shanghai.ErrBadHand},
		{"short non-winner", func(s *shanghai.Situation) { s.Hands[3].Concealed = s.Hands[3].Concealed[1:] }, shanghai.ErrBadHand},
		{"fifth copy", func(s *shanghai.Situation) { s.Hands[3].Concealed[0] = tile.Tile{Kind: tile.P1} }, shanghai.ErrBadHand},
		{"a flower twice", func(s *shanghai.Situation) { s.Hands[3].Flowers = tile.MustParse("1f") }, shanghai.ErrBadHand},
		{"a pung of no kind", func(s *shanghai.Situation) {
			s.Hands[0].Melds[0].Tiles = []tile.Tile{{Kind: 50}, {Kind: 50}, {Kind: 50}}
		}, shanghai.ErrBadHand},
		{"robbing a self-draw", func(s *shanghai.Situation) { s.Win.Robbed = true }, shanghai.ErrBadHand},
		{"replacement on a discard", func(s *shanghai.Situation) { s.Win.From, s.Win.Replacement = E, true }, shanghai.ErrBadHand},
		{"not winning", func(s *shanghai.Situation) { s.Hands[1].Concealed[0] = tile.Tile{Kind: tile.M9} }, game.ErrNotWinning},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := situation(t, tile.East, good, win)
			c.edit(&s)
			if _, err := shanghai.Score(o, s); !errors.Is(err, c.error) {
				t.Fatalf("error %v, want %v", err, c.error)
			}
		})
	}
	if _, err := shanghai.Score(o, situation(t, tile.East, good, win)); err != nil {
		t.Fatalf("the unedited hand: %v", err)
	}
}
