package riichi_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

// mustWin builds a Win from hand notation (the winning tile included in
// the concealed part) and the winning tile.
func mustWin(t testing.TB, notation, win string) riichi.Win {
	t.Helper()
	h, err := tile.ParseHand(notation)
	if err != nil {
		t.Fatalf("hand %q: %v", notation, err)
	}
	ts, err := tile.Parse(win)
	if err != nil || len(ts) != 1 {
		t.Fatalf("winning tile %q: %v", win, err)
	}
	return riichi.Win{Concealed: h.Concealed, Melds: h.Melds, WinTile: ts[0].Kind, Seat: riichi.South, Round: riichi.East, From: riichi.West}
}

func kinds(t testing.TB, s string) []tile.Kind {
	t.Helper()
	ts, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tile.Kinds(ts)
}

type specCase struct {
	name  string
	hand  string
	win   string
	set   func(w *riichi.Win)
	opts  func(o *riichi.Options)
	yaku  []riichi.Yaku // expected yaku (dora excluded), any order
	han   int
	fu    int
	yman  int
	limit riichi.Limit
	pays  map[riichi.Wind]int // what each seat pays in all (points + honba)
	total int                 // the winner's gain, deposits included
}

// The worked examples of spec/riichi.md §20; the expected values are the
// spec's.
func TestSpecExamples(t *testing.T) {
	E, S, W, N := riichi.East, riichi.South, riichi.West, riichi.North
	tests := []specCase{
		{name: "E1 fu example, child tsumo 1 han 50 fu", hand: "234p888p99s567s [ankan 3333m]", win: "6s",
			set:  func(w *riichi.Win) { w.Tsumo = true; w.Dora = kinds(t, "1z4z") },
			yaku: []riichi.Yaku{riichi.MenzenTsumo}, han: 1, fu: 50, pays: map[riichi.Wind]int{E: 800, W: 400, N: 400}, total: 1600},
		{name: "E2 riichi pinfu dora, honba and deposits", hand: "123m567m678p345s88s", win: "1m",
			set: func(w *riichi.Win) {
				w.Riichi, w.From, w.Honba, w.Deposits = true, W, 1, 2
				w.Dora, w.Ura = kinds(t, "7p"), kinds(t, "1z")
			},
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Pinfu}, han: 3, fu: 30, pays: map[riichi.Wind]int{W: 4200}, total: 6200},
		{name: "E3 dealer riichi tsumo pinfu 20 fu", hand: "345m678m123p678s22s", win: "8m",
			set:  func(w *riichi.Win) { w.Seat, w.Riichi, w.Tsumo, w.Honba, w.Deposits = E, true, true, 1, 1 },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.MenzenTsumo, riichi.Pinfu}, han: 3, fu: 20, pays: map[riichi.Wind]int{S: 1400, W: 1400, N: 1400}, total: 5200},
		{name: "E4 chiitoitsu tsumo", hand: "11m44m77p99p33s55s22z", win: "2z",
			set:  func(w *riichi.Win) { w.Seat, w.Tsumo = W, true },
			yaku: []riichi.Yaku{riichi.Chiitoitsu, riichi.MenzenTsumo}, han: 3, fu: 25, pays: map[riichi.Wind]int{E: 1600, S: 800, N: 800}, total: 3200},
		{name: "E5 open tanyao 30-fu floor", hand: "(chi 234p<3) 456m678s234s55p", win: "4s",
			yaku: []riichi.Yaku{riichi.Tanyao}, han: 1, fu: 30, pays: map[riichi.Wind]int{W: 1000}, total: 1000},
		{name: "E6 dealer white pon, shanpon ron", hand: "(pon 555z<2) 234m678p22s444s", win: "4s",
			set:  func(w *riichi.Win) { w.Seat, w.From = E, S },
			yaku: []riichi.Yaku{riichi.Haku}, han: 1, fu: 30, pays: map[riichi.Wind]int{S: 1500}, total: 1500},
		{name: "E6 dealer white pon, shanpon tsumo", hand: "(pon 555z<2) 234m678p22s444s", win: "4s",
			set:  func(w *riichi.Win) { w.Seat, w.Tsumo = E, true },
			yaku: []riichi.Yaku{riichi.Haku}, han: 1, fu: 30, pays: map[riichi.Wind]int{S: 500, W: 500, N: 500}, total: 1500},
		{name: "E7 4 han 40 fu mangan", hand: "111m345p567s44p789s", win: "8s",
			set:  func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(t, "3p") },
			yaku: []riichi.Yaku{riichi.Riichi}, han: 4, fu: 40, limit: riichi.Mangan, pays: map[riichi.Wind]int{W: 8000}, total: 8000},
		{name: "E8 3 han 70 fu dealer mangan", hand: "[ankan 3333z] 999p234m456s88s", win: "4s",
			set:  func(w *riichi.Win) { w.Seat, w.From, w.Riichi = E, N, true; w.Dora = kinds(t, "7s1p") },
			yaku: []riichi.Yaku{riichi.Riichi}, han: 3, fu: 70, limit: riichi.Mangan, pays: map[riichi.Wind]int{N: 12000}, total: 12000},
		{name: "E9 4 han 30 fu no kiriage", hand: "234m567m345p666s78s", win: "6s",
			set:  func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(t, "1m") },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Pinfu, riichi.Tanyao}, han: 4, fu: 30, pays: map[riichi.Wind]int{W: 7700}, total: 7700},
		{name: "E9 with kiriage", hand: "234m567m345p666s78s", win: "6s",
			set:  func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(t, "1m") },
			opts: func(o *riichi.Options) { o.Kiriage = true },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Pinfu, riichi.Tanyao}, han: 4, fu: 30, limit: riichi.Mangan, pays: map[riichi.Wind]int{W: 8000}, total: 8000},
		{name: "E10 haneman child tsumo", hand: "234m456m777z11z789m", win: "9m",
			set:  func(w *riichi.Win) { w.Riichi, w.Tsumo = true, true },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.MenzenTsumo, riichi.Honitsu, riichi.Chun}, han: 6, fu: 40, limit: riichi.Haneman, pays: map[riichi.Wind]int{E: 6000, W: 3000, N: 3000}, total: 12000},
		{name: "E11 baiman dealer ron", hand: "123p345p678p789p99p", win: "8p",
			set:  func(w *riichi.Win) { w.Seat, w.From, w.Riichi = E, S, true },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Pinfu, riichi.Chinitsu}, han: 8, fu: 30, limit: riichi.Baiman, pays: map[riichi.Wind]int{S: 24000}, total: 24000},
		{name: "E12 14 han sanbaiman", hand: "22334455667788s", win: "2s",
			set:  func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(t, "4s") },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Pinfu, riichi.Tanyao, riichi.Ryanpeikou, riichi.Chinitsu}, han: 14, fu: 30, limit: riichi.Sanbaiman, pays: map[riichi.Wind]int{W: 24000}, total: 24000},
		{name: "E12 with kazoe yakuman", hand: "22334455667788s", win: "2s",
			set:  func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(t, "4s") },
			opts: func(o *riichi.Options) { o.KazoeYakuman = true },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Pinfu, riichi.Tanyao, riichi.Ryanpeikou, riichi.Chinitsu}, han: 14, fu: 30, limit: riichi.KazoeYakuman, pays: map[riichi.Wind]int{W: 32000}, total: 32000},
		{name: "E13 daisangen tsumo without pao", hand: "(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", win: "9p",
			set:  func(w *riichi.Win) { w.Seat, w.Tsumo, w.Honba = W, true, 1 },
			yaku: []riichi.Yaku{riichi.Daisangen}, yman: 1, limit: riichi.Yakuman, pays: map[riichi.Wind]int{E: 16100, S: 8100, N: 8100}, total: 32300},
		{name: "E13 daisangen tsumo with pao", hand: "(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", win: "9p",
			set: func(w *riichi.Win) {
				w.Seat, w.Tsumo, w.Honba = W, true, 1
				w.Pao = riichi.Pao{Yaku: riichi.Daisangen, Liable: N}
			},
			yaku: []riichi.Yaku{riichi.Daisangen}, yman: 1, limit: riichi.Yakuman, pays: map[riichi.Wind]int{N: 32300}, total: 32300},
		{name: "E14 daisangen ron from a third player with pao", hand: "(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", win: "9p",
			set: func(w *riichi.Win) {
				w.Seat, w.From, w.Honba = W, E, 1
				w.Pao = riichi.Pao{Yaku: riichi.Daisangen, Liable: N}
			},
			yaku: []riichi.Yaku{riichi.Daisangen}, yman: 1, limit: riichi.Yakuman, pays: map[riichi.Wind]int{E: 16300, N: 16000}, total: 32300},
		{name: "E15 suuankou tsumo", hand: "111m444p777s99s888m", win: "8m",
			set:  func(w *riichi.Win) { w.Tsumo = true },
			yaku: []riichi.Yaku{riichi.Suuankou}, yman: 1, limit: riichi.Yakuman, pays: map[riichi.Wind]int{E: 16000, W: 8000, N: 8000}, total: 32000},
		{name: "E15 suuankou shape on ron", hand: "111m444p777s99s888m", win: "8m",
			yaku: []riichi.Yaku{riichi.Toitoi, riichi.Sanankou}, han: 4, fu: 50, limit: riichi.Mangan, pays: map[riichi.Wind]int{W: 8000}, total: 8000},
		{name: "E15 triplets beat sequences", hand: "222m333m444m567p88s", win: "8s",
			set:  func(w *riichi.Win) { w.Tsumo = true },
			yaku: []riichi.Yaku{riichi.Sanankou, riichi.MenzenTsumo, riichi.Tanyao}, han: 4, fu: 40, limit: riichi.Mangan, pays: map[riichi.Wind]int{E: 4000, W: 2000, N: 2000}, total: 8000},
		{name: "E16 kokushi 13-sided wait single yakuman", hand: "19m19p19s12345677z", win: "7z",
			yaku: []riichi.Yaku{riichi.Kokushi13}, yman: 1, limit: riichi.Yakuman, pays: map[riichi.Wind]int{W: 32000}, total: 32000},
		{name: "E17 honroutou toitoi", hand: "(pon 111m<3)(pon 999p<2) 999s33z111s", win: "1s",
			yaku: []riichi.Yaku{riichi.Toitoi, riichi.Honroutou}, han: 4, fu: 40, limit: riichi.Mangan, pays: map[riichi.Wind]int{W: 8000}, total: 8000},
		{name: "E18 rinshan after ankan", hand: "[ankan 5555p] 234m678m33s456s", win: "6s",
			set:  func(w *riichi.Win) { w.Tsumo, w.Rinshan = true, true; w.Dora = kinds(t, "1z9m") },
			yaku: []riichi.Yaku{riichi.Rinshan, riichi.MenzenTsumo, riichi.Tanyao}, han: 3, fu: 40, pays: map[riichi.Wind]int{E: 2600, W: 1300, N: 1300}, total: 5200},
		{name: "E19 chankan riichi", hand: "456m567p789s22m123p", win: "3p",
			set:  func(w *riichi.Win) { w.Riichi, w.Chankan, w.From = true, true, N },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Chankan}, han: 2, fu: 40, pays: map[riichi.Wind]int{N: 2600}, total: 2600},
		{name: "E20 haitei on an open hand", hand: "(chi 678m<3) 123p789s99m234s", win: "2s",
			set:  func(w *riichi.Win) { w.Tsumo, w.Haitei = true, true },
			yaku: []riichi.Yaku{riichi.Haitei}, han: 1, fu: 30, pays: map[riichi.Wind]int{E: 500, W: 300, N: 300}, total: 1100},
		{name: "E21 double east dealer ron", hand: "(pon 111z<1) 234m567p33s789s", win: "9s",
			set:  func(w *riichi.Win) { w.Seat, w.From = E, W },
			yaku: []riichi.Yaku{riichi.SeatWind, riichi.RoundWind}, han: 2, fu: 30, pays: map[riichi.Wind]int{W: 2900}, total: 2900},
		{name: "E22 open sanshoku tanki", hand: "(chi 123m<3) 123p123s456m77p", win: "7p",
			yaku: []riichi.Yaku{riichi.SanshokuDoujun}, han: 1, fu: 30, pays: map[riichi.Wind]int{W: 1000}, total: 1000},
		{name: "E23 riichi chiitoitsu tanyao dora 2", hand: "22m44m66p88p33s55s77s", win: "7s",
			set:  func(w *riichi.Win) { w.Riichi = true; w.Dora = kinds(t, "2s") },
			yaku: []riichi.Yaku{riichi.Riichi, riichi.Chiitoitsu, riichi.Tanyao}, han: 6, fu: 25, limit: riichi.Haneman, pays: map[riichi.Wind]int{W: 12000}, total: 12000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := mustWin(t, tt.hand, tt.win)
			if tt.set != nil {
				tt.set(&w)
			}
			o := riichi.SeedRules()
			if tt.opts != nil {
				tt.opts(&o)
			}
			r, err := riichi.Score(w, o)
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, r, tt)
		})
	}
}

func checkResult(t *testing.T, r riichi.Result, tt specCase) {
	t.Helper()
	var got []riichi.Yaku
	for _, y := range r.Yaku {
		if !y.Yaku.IsDora() {
			got = append(got, y.Yaku)
		}
	}
	want := slices.Clone(tt.yaku)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("yaku %v, want %v", got, want)
	}
	if r.Han != tt.han || r.Fu != tt.fu || r.Yakuman != tt.yman || r.Limit != tt.limit {
		t.Errorf("han %d fu %d yakuman %d limit %q; want %d %d %d %q (fu parts %v)", r.Han, r.Fu, r.Yakuman, r.Limit, tt.han, tt.fu, tt.yman, tt.limit, r.FuParts)
	}
	pays := map[riichi.Wind]int{}
	for _, p := range r.Payments {
		pays[p.From] += p.Total()
	}
	if len(pays) != len(tt.pays) {
		t.Errorf("payments %v, want %v", r.Payments, tt.pays)
	}
	for w, v := range tt.pays {
		if pays[w] != v {
			t.Errorf("%v pays %d, want %d (payments %v)", w, pays[w], v, r.Payments)
		}
	}
	if r.Total != tt.total {
		t.Errorf("total %d, want %d", r.Total, tt.total)
	}
}

// E2's accounting: the winner's net for the hand is +5,200 after paying
// its own riichi stick; the deal passes and honba resets.
func TestSpecE2Net(t *testing.T) {
	w := mustWin(t, "123m567m678p345s88s", "1m")
	w.Riichi, w.Honba, w.Deposits = true, 1, 2
	w.Dora = kinds(t, "7p")
	r, err := riichi.Score(w, riichi.SeedRules())
	if err != nil {
		t.Fatal(err)
	}
	if net := r.Total - 1000; net != 5200 {
		t.Errorf("South's net %d, want 5200", net)
	}
	if n := riichi.AfterWin(false, 1); n != (riichi.Next{}) {
		t.Errorf("next %+v, want the deal passing with honba 0", n)
	}
	if n := riichi.AfterWin(true, 1); n != (riichi.Next{DealerStays: true, Honba: 2}) {
		t.Errorf("E3 next %+v, want same dealer, 2 honba", n)
	}
}

// E5's 1m win variant: a 4m win on E2's hand adds tanyao.
func TestSpecE2TanyaoOn4m(t *testing.T) {
	w := mustWin(t, "234m567m678p345s88s", "4m")
	w.Riichi = true
	r, err := riichi.Score(w, riichi.SeedRules())
	if err != nil {
		t.Fatal(err)
	}
	if r.Han != 3 || !slices.ContainsFunc(r.Yaku, func(s riichi.Scored) bool { return s.Yaku == riichi.Tanyao }) {
		t.Errorf("han %d yaku %v, want riichi pinfu tanyao", r.Han, r.Yaku)
	}
}

// E24: exhaustive draw with E and S tenpai, then with only S.
func TestSpecE24Draw(t *testing.T) {
	net := riichi.Net(riichi.Noten([4]bool{true, true, false, false}))
	if net != [5]int{1500, 1500, -1500, -1500, 0} {
		t.Errorf("two tenpai: %v", net)
	}
	net = riichi.Net(riichi.Noten([4]bool{false, true, false, false}))
	if net != [5]int{-1000, 3000, -1000, -1000, 0} {
		t.Errorf("one tenpai: %v", net)
	}
	for _, all := range [][4]bool{{}, {true, true, true, true}} {
		if p := riichi.Noten(all); len(p) != 0 {
			t.Errorf("%v: %v, want no payment", all, p)
		}
	}
	net = riichi.Net(riichi.Noten([4]bool{true, true, true, false}))
	if net != [5]int{1000, 1000, 1000, -3000, 0} {
		t.Errorf("three tenpai: %v", net)
	}
	if n := riichi.AfterExhaustiveDraw(true, 1, 2); n != (riichi.Next{DealerStays: true, Honba: 2, Deposits: 2}) {
		t.Errorf("dealer tenpai: %+v", n)
	}
	if n := riichi.AfterExhaustiveDraw(false, 1, 2); n != (riichi.Next{Honba: 2, Deposits: 2}) {
		t.Errorf("dealer noten: %+v", n)
	}
}

// E25 and §16: chombo by a child and by the dealer, the deposit penalty.
func TestSpecE25Chombo(t *testing.T) {
	p, err := riichi.Penalize(riichi.South, riichi.Chombo)
	if err != nil {
		t.Fatal(err)
	}
	if net := riichi.Net(p); net != [5]int{4000, -8000, 2000, 2000, 0} {
		t.Errorf("child chombo: %v", net)
	}
	p, _ = riichi.Penalize(riichi.East, riichi.Chombo)
	if net := riichi.Net(p); net != [5]int{-12000, 4000, 4000, 4000, 0} {
		t.Errorf("dealer chombo: %v", net)
	}
	p, _ = riichi.Penalize(riichi.West, riichi.Deposit)
	if net := riichi.Net(p); net != [5]int{0, 0, -1000, 0, 1000} {
		t.Errorf("deposit: %v", net)
	}
	if p, err := riichi.Penalize(riichi.West, riichi.DeadHand); err != nil || len(p) != 0 {
		t.Errorf("dead hand: %v, %v", p, err)
	}
	if n := riichi.AfterChombo(1, 1); n != (riichi.Next{DealerStays: true, Honba: 1, Deposits: 1}) {
		t.Errorf("after chombo: %+v", n)
	}
}

// E26: double ron, and the default head bump.
func TestSpecE26MultipleRon(t *testing.T) {
	W, N, E := riichi.West, riichi.North, riichi.East
	o := riichi.SeedRules()
	o.MultipleRon = riichi.DoubleRon
	winners, abort, err := riichi.ResolveRon(W, []riichi.Wind{E, N}, o)
	if err != nil || abort || !slices.Equal(winners, []riichi.Wind{N, E}) {
		t.Fatalf("double ron: %v %v %v, want N then E", winners, abort, err)
	}
	// N: 3 han 30 fu child ron with the honba and deposit; E: dealer 2 han 40 fu.
	if b, _ := riichi.BasePoints(3, 30, o); riichi.RonPoints(b, false) != 3900 {
		t.Errorf("N's ron: %d", riichi.RonPoints(b, false))
	}
	if b, _ := riichi.BasePoints(2, 40, o); riichi.RonPoints(b, true) != 3900 {
		t.Errorf("E's ron: %d", riichi.RonPoints(b, true))
	}
	if n := riichi.AfterWin(true, 1); n.Honba != 2 || !n.DealerStays {
		t.Errorf("dealer among the winners: %+v", n)
	}
	winners, _, _ = riichi.ResolveRon(W, []riichi.Wind{E, N}, riichi.SeedRules())
	if !slices.Equal(winners, []riichi.Wind{N}) {
		t.Errorf("atamahane: %v, want N", winners)
	}
	three := []riichi.Wind{E, N, riichi.South}
	o.TripleRonAbort = true
	if _, abort, _ := riichi.ResolveRon(W, three, o); !abort {
		t.Error("three rons with triple_ron_abort: no abort")
	}
	o.TripleRonAbort = false
	if w, abort, _ := riichi.ResolveRon(W, three, o); abort || len(w) != 3 {
		t.Errorf("three rons without the abort: %v %v", w, abort)
	}
	lit := riichi.SeedRules()
	lit.AtamahaneOrder = riichi.OrderSourceLiteral
	if w, _, _ := riichi.ResolveRon(W, []riichi.Wind{E, N}, lit); !slices.Equal(w, []riichi.Wind{E}) {
		t.Errorf("source_literal: %v, want E (the discarder's 上家 side first)", w)
	}
}

// E27: a concealed kong after riichi.
func TestSpecE27RiichiAnkan(t *testing.T) {
	tests := []struct {
		hand, drawn       string
		strict, waitsOnly bool
	}{
		{"333m56m123p456s99s", "3m", true, true},
		{"4446777m123p456s", "4m", false, true},
		{"4446777m123p456s", "7m", false, false},
		{"3335m123p456s789s", "3m", false, false},
		{"1111m23m456p789s5s", "4m", false, false},
	}
	for _, tt := range tests {
		c := tile.CountsOf(tile.MustParse(tt.hand))
		d := kinds(t, tt.drawn)[0]
		strict := riichi.SeedRules()
		loose := riichi.SeedRules()
		loose.RiichiAnkanRule = riichi.AnkanWaitsOnly
		got, err := riichi.RiichiAnkan(c, d, strict)
		if err != nil || got != tt.strict {
			t.Errorf("%s + %s strict: %v %v, want %v", tt.hand, tt.drawn, got, err, tt.strict)
		}
		got, err = riichi.RiichiAnkan(c, d, loose)
		if err != nil || got != tt.waitsOnly {
			t.Errorf("%s + %s waits_only: %v %v, want %v", tt.hand, tt.drawn, got, err, tt.waitsOnly)
		}
	}
}

// §11.6: the score table for han 1–4 (child ron, child tsumo child–dealer,
// dealer ron, dealer tsumo each), from the spec.
func TestSpecScoreTable(t *testing.T) {
	o := riichi.SeedRules()
	type cell struct{ cr, ctc, ctd, dr, dt int }
	table := map[[2]int]cell{
		{2, 20}: {0, 400, 700, 0, 700}, {3, 20}: {0, 700, 1300, 0, 1300}, {4, 20}: {0, 1300, 2600, 0, 2600},
		{2, 25}: {1600, 0, 0, 2400, 0}, {3, 25}: {3200, 800, 1600, 4800, 1600}, {4, 25}: {6400, 1600, 3200, 9600, 3200},
		{1, 30}: {1000, 300, 500, 1500, 500}, {2, 30}: {2000, 500, 1000, 2900, 1000}, {3, 30}: {3900, 1000, 2000, 5800, 2000}, {4, 30}: {7700, 2000, 3900, 11600, 3900},
		{1, 40}: {1300, 400, 700, 2000, 700}, {2, 40}: {2600, 700, 1300, 3900, 1300}, {3, 40}: {5200, 1300, 2600, 7700, 2600}, {4, 40}: {8000, 2000, 4000, 12000, 4000},
		{1, 50}: {1600, 400, 800, 2400, 800}, {2, 50}: {3200, 800, 1600, 4800, 1600}, {3, 50}: {6400, 1600, 3200, 9600, 3200},
		{1, 60}: {2000, 500, 1000, 2900, 1000}, {2, 60}: {3900, 1000, 2000, 5800, 2000}, {3, 60}: {7700, 2000, 3900, 11600, 3900},
		{1, 70}: {2300, 600, 1200, 3400, 1200}, {2, 70}: {4500, 1200, 2300, 6800, 2300}, {3, 70}: {8000, 2000, 4000, 12000, 4000},
		{1, 80}: {2600, 700, 1300, 3900, 1300}, {2, 80}: {5200, 1300, 2600, 7700, 2600},
		{1, 90}: {2900, 800, 1500, 4400, 1500}, {2, 90}: {5800, 1500, 2900, 8700, 2900},
		{1, 100}: {3200, 800, 1600, 4800, 1600}, {2, 100}: {6400, 1600, 3200, 9600, 3200},
		{1, 110}: {3600, 900, 1800, 5300, 1800}, {2, 110}: {7100, 1800, 3600, 10600, 3600},
		// §11.4's base-240 check and the limits of §11.2.
		{5, 30}: {8000, 2000, 4000, 12000, 4000}, {6, 30}: {12000, 3000, 6000, 18000, 6000}, {8, 30}: {16000, 4000, 8000, 24000, 8000},
		{11, 30}: {24000, 6000, 12000, 36000, 12000}, {20, 30}: {24000, 6000, 12000, 36000, 12000},
	}
	for hf, want := range table {
		b, _ := riichi.BasePoints(hf[0], hf[1], o)
		ctc, ctd := riichi.TsumoPoints(b, false)
		_, dt := riichi.TsumoPoints(b, true)
		got := cell{riichi.RonPoints(b, false), ctc, ctd, riichi.RonPoints(b, true), dt}
		if want.cr == 0 {
			got.cr, got.dr = 0, 0
		}
		if want.ctc == 0 {
			got.ctc, got.ctd, got.dt = 0, 0, 0
		}
		if got != want {
			t.Errorf("%d han %d fu: %+v, want %+v", hf[0], hf[1], got, want)
		}
	}
}

func TestErrors(t *testing.T) {
	o := riichi.SeedRules()
	tests := []struct {
		name string
		hand string
		win  string
		set  func(w *riichi.Win)
		want error
	}{
		{"no yaku, dora do not count", "(chi 678s<3) 456m789m345s55z", "3s", func(w *riichi.Win) { w.Dora = kinds(t, "4z") }, riichi.ErrNoYaku},
		{"not a winning shape", "123m456p789s11234z", "4z", nil, riichi.ErrNotWinning},
		{"four identical are not two pairs", "1111m44p77p99p33s55s", "5s", func(w *riichi.Win) { w.Concealed = append(w.Concealed[:13], tile.Tile{Kind: tile.S5}) }, riichi.ErrNotWinning},
		{"winning tile not in hand", "123m456p789s11223z", "4z", nil, riichi.ErrBadHand},
		{"thirteen tiles", "123m456p789s1122z", "2z", nil, riichi.ErrBadHand},
		{"haitei on ron", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.Haitei = true }, riichi.ErrConditions},
		{"ippatsu without riichi", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.Ippatsu = true }, riichi.ErrConditions},
		{"ippatsu not played", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.Riichi, w.Ippatsu = true, true }, riichi.ErrConditions},
		{"riichi with an open hand", "(chi 123m<3) 456p789s11222z", "2z", func(w *riichi.Win) { w.Riichi = true }, riichi.ErrConditions},
		{"tenhou for a child", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.Tenhou, w.Tsumo = true, true }, riichi.ErrConditions},
		{"ron from oneself", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.From = w.Seat }, riichi.ErrConditions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := tile.ParseHand(tt.hand)
			w := riichi.Win{Concealed: h.Concealed, Melds: h.Melds, WinTile: kinds(t, tt.win)[0], Seat: riichi.South, From: riichi.West}
			if tt.set != nil {
				tt.set(&w)
			}
			_, err := riichi.Score(w, o)
			if !errors.Is(err, tt.want) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
		})
	}
}

// TestBadHandNamed: a hand the scorer cannot read is ErrBadHand with what
// is wrong and where: a fifth copy in the concealed tiles or made by a
// meld, a tile or an indicator that is not a riichi tile, a winning tile
// not held.
func TestBadHandNamed(t *testing.T) {
	o := riichi.SeedRules()
	tests := []struct {
		name string
		hand string
		win  string
		set  func(w *riichi.Win)
		want string
	}{
		{"fifth copy held", "1111m456p789s1122z", "2z", func(w *riichi.Win) { w.Concealed[10] = tile.Tile{Kind: tile.M1} }, "5 copies of 1m"},
		{"fifth copy by a meld", "(pon 777s<3) 11m456p789s222z", "2z", func(w *riichi.Win) { w.Concealed[0] = tile.Tile{Kind: tile.S7} }, "5 copies of 7s"},
		{"two kinds over four, the lowest named", "(pon 777s<3) 11m456p789s222z", "2z", func(w *riichi.Win) {
			w.Concealed[0], w.Concealed[1] = tile.Tile{Kind: tile.S7}, tile.Tile{Kind: tile.S7}
			for i := 2; i < 7; i++ {
				w.Concealed[i] = tile.Tile{Kind: tile.P4}
			}
		}, "5 copies of 4p"},
		{"not a riichi tile", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.Concealed[0].Kind = tile.NumKinds }, "not a riichi tile"},
		{"winning tile not a kind", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.WinTile = tile.NumKinds + 1 }, "is not in the concealed part"},
		{"dora indicator not a kind", "123m456p789s11222z", "2z", func(w *riichi.Win) { w.Dora = []tile.Kind{tile.NumKinds} }, "dora indicator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := mustWin(t, tt.hand, tt.win)
			if tt.set != nil {
				tt.set(&w)
			}
			_, err := riichi.Score(w, o)
			if !errors.Is(err, riichi.ErrBadHand) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want ErrBadHand saying %q", err, tt.want)
			}
		})
	}
}
