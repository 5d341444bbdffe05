package sichuan

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// mustHand parses a hand; a winning tile after "+" is added to the
// counts, so that it may be a copy that does not exist (a 5th 4m).
func mustHand(t *testing.T, s string, x tile.Suit) Hand {
	t.Helper()
	s, plus, _ := strings.Cut(s, "+")
	h, err := ParseHand(s, x)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	if plus != "" {
		for _, u := range tile.MustParse(plus) {
			h.Concealed[u.Kind]++
		}
	}
	return h
}

// Every hand of the worked examples, with the values the text gives.
func TestScoreWorkedExamples(t *testing.T) {
	cases := []struct {
		name string
		hand string // winning tile included
		x    tile.Suit
		cond Conditions
		yaku []Scored
		pay  int
	}{
		{"SX1 self-draw 8p", "123456p22p888p(pon 999p<1)", tile.Man, Conditions{SelfDrawn: true},
			[]Scored{{QingYiSe, 2}}, 5},
		{"SX1 self-draw 2p: 根", "123456p222p88p(pon 999p<1)", tile.Man, Conditions{SelfDrawn: true},
			[]Scored{{Gen, 1}, {QingYiSe, 2}}, 9},
		{"SX2 ron 2m", "2333m4m888p(pon 444p<1)(pon 999m<2)", tile.Sou, Conditions{}, nil, 1},
		{"SX2 ron 5m", "3334m5m888p(pon 444p<1)(pon 999m<2)", tile.Sou, Conditions{}, nil, 1},
		{"SX2 ron 4m: 大対子", "3334m4m888p(pon 444p<1)(pon 999m<2)", tile.Sou, Conditions{},
			[]Scored{{DaDuiZi, 1}}, 2},
		{"SX2 self-draw 2m", "2333m4m888p(pon 444p<1)(pon 999m<2)", tile.Sou, Conditions{SelfDrawn: true}, nil, 2},
		{"SX3 the 5th 4m", "3334m888p(pon 444p<1)(pon 444m<2)+4m", tile.Sou, Conditions{},
			[]Scored{{Gen, 1}, {DaDuiZi, 1}}, 4},
		{"SX3 2m", "2333m4m888p(pon 444p<1)(pon 444m<2)", tile.Sou, Conditions{}, []Scored{{Gen, 1}}, 2},
		{"SX6 North on 8m after kongs", "123456m789m555s22s", tile.Pin, Conditions{AfterKong: true},
			[]Scored{{GangShangPao, 1}}, 2},
		{"SX7 West on 9p after a kong", "123567p789p99p(pon 444p<1)", tile.Man, Conditions{AfterKong: true},
			[]Scored{{QingYiSe, 2}, {GangShangPao, 1}}, 8},
		{"SX8 East", "234678s55s(pon 111s<1)(pon 999s<2)", tile.Man, Conditions{}, []Scored{{QingYiSe, 2}}, 4},
		{"SX8 West", "345m666m77m55s5s(pon 888s<1)", tile.Pin, Conditions{}, nil, 1},
		{"SX9 West ready on 1s", "111s234s678s99s(pon 555s<1)", tile.Pin, Conditions{}, []Scored{{QingYiSe, 2}}, 4},
		{"SX11 七対子 with four 2p, self-draw", "2222p55p77p33s66s99s", tile.Man, Conditions{SelfDrawn: true},
			[]Scored{{Gen, 1}, {QiDui, 2}}, 9},
		{"SX12 裸単騎", "44s(pon 222s<1)(pon 555s<2)(pon 888s<3)[ankan 6666p]", tile.Man, Conditions{},
			[]Scored{{Gen, 1}, {DaDuiZi, 1}, {LuoDanQi, 1}}, 8},
		{"SX12 with a pung of 6p", "44s(pon 222s<1)(pon 555s<2)(pon 888s<3)(pon 666p<1)", tile.Man, Conditions{},
			[]Scored{{DaDuiZi, 1}, {LuoDanQi, 1}}, 4},
		{"SX13 槍槓", "456m789m11p666p234p", tile.Sou, Conditions{Robbing: true}, []Scored{{QiangGang, 1}}, 2},
		{"SX14 South ホウテイロン", "234m55m123s789s(pon 666m<1)", tile.Pin, Conditions{Last: true}, []Scored{{HaiDi, 1}}, 2},
		{"SX14 North ホウテイロン", "333s66s999p234p(pon 777p<1)", tile.Man, Conditions{Last: true}, []Scored{{HaiDi, 1}}, 2},
		{"嶺上開花 + 海底 compound (D-SC-17)", "123456m789m555s22s", tile.Pin, Conditions{SelfDrawn: true, Replacement: true, Last: true},
			[]Scored{{LingShang, 1}, {HaiDi, 1}}, 5},
		{"cap: 清一色 七対子 根", "1111p22p33p44p55p66p", tile.Man, Conditions{SelfDrawn: true},
			[]Scored{{Gen, 1}, {QingYiSe, 2}, {QiDui, 2}}, 9},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Score(mustHand(t, c.hand, c.x), c.cond, Defaults())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fmt.Sprint(r.Yaku), fmt.Sprint(c.yaku); got != want || r.Pay != c.pay {
				t.Errorf("yaku %s pay %d, want %s pay %d", got, r.Pay, want, c.pay)
			}
		})
	}
}

func TestScoreGenOncePerHandOption(t *testing.T) {
	o := Defaults()
	h := mustHand(t, "1111p22p33p44p55p66p", tile.Man)
	h2 := mustHand(t, "1111p2222p55p77p99p", tile.Man)
	r, _ := Score(h2, Conditions{}, o)
	if r.Yaku[0] != (Scored{Gen, 2}) {
		t.Errorf("two four-of-a-kinds: %v, want 根 2翻", r.Yaku)
	}
	o.GenPerKind = false
	r, _ = Score(h2, Conditions{}, o)
	if r.Yaku[0] != (Scored{Gen, 1}) {
		t.Errorf("gen_per_kind=false: %v, want 根 1翻", r.Yaku)
	}
	if _, err := Score(h, Conditions{}, o); err != nil {
		t.Error(err)
	}
}

func TestScoreRefusals(t *testing.T) {
	cases := []struct {
		name string
		hand string
		x    tile.Suit
		cond Conditions
		want error
	}{
		{"missing suit in hand", "123456m789m555s22p", tile.Pin, Conditions{}, ErrMissingSuit},
		{"not complete", "123456m789m555s23s", tile.Pin, Conditions{}, game.ErrNotWinning},
		{"13 tiles", "123456m789m555s2s", tile.Pin, Conditions{}, game.ErrNotWinning},
		{"honours", "123456m789m555s11z", tile.Pin, Conditions{}, game.ErrNotWinning},
		{"robbing and self-drawn", "123456m789m555s22s", tile.Pin, Conditions{SelfDrawn: true, Robbing: true}, game.ErrIllegal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Score(mustHand(t, c.hand, c.x), c.cond, Defaults())
			if !errors.Is(err, c.want) {
				t.Errorf("got %v, want %v", err, c.want)
			}
		})
	}
}

// The source's three ready-hand judgements [C L142–L144] and its payment
// example [C L135–L138] (SX3, SX4).
func TestClassifyReadyHands(t *testing.T) {
	cases := []struct {
		name  string
		hand  string
		x     tile.Suit
		class Class
		waits string
		value int
	}{
		{"SX3 3334m888p+pon 4p+pon 4m", "3334m888p(pon 444p<1)(pon 444m<2)", tile.Sou, Ready, "245m", 4},
		{"SX4 H1: four 4m concealed", "1114444m888p(pon 444p<1)", tile.Sou, NotReady, "", 0},
		{"SX4 H2: 4m in a pung", "1114m888p(pon 444p<1)(pon 444m<2)", tile.Sou, Ready, "4m", 4},
		{"SX4 H3: 3p in a concealed kong", "11144m12p888p[ankan 3333p]", tile.Sou, Ready, "3p", 2},
		{"SX9 East", "1245m7m22p6p89p[ankan 9999m]", tile.Sou, NotReady, "", 0},
		{"SX9 West", "11s234s678s99s(pon 555s<1)", tile.Pin, Ready, "19s", 4},
		{"SX9 North 花叫", "123s66s78s4p6p5m(kan 3333p<1)", tile.Man, Flower, "", 0},
		{"SX14 East", "11s234s678s99s(pon 555s<1)", tile.Man, Ready, "19s", 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			th, err := tile.ParseHand(c.hand)
			if err != nil {
				t.Fatal(err)
			}
			r := Classify(tile.CountsOf(th.Concealed), th.Melds, c.x, Defaults())
			if r.Class != c.class || tile.FormatKinds(r.Waits) != c.waits || r.Value != c.value {
				t.Errorf("%s on %q worth %d, want %s on %q worth %d", r.Class, tile.FormatKinds(r.Waits), r.Value, c.class, c.waits, c.value)
			}
		})
	}
}
