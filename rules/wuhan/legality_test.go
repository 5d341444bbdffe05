package wuhan_test

import (
	"errors"
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
)

// rich payers pass any threshold: each has an opening, an 暗槓 and a
// wildcard kong, so the legality vectors test W1–W7 alone.
func rich(t testing.TB, w string) []wuhan.Player {
	p := payer(t, false, opened+ankan, w)
	return []wuhan.Player{p, p, p}
}

// legal scores the winner at seat 0 with indicator 4p (wildcard 5p).
func legal(t *testing.T, o wuhan.Options, winner wuhan.Player, tileWon string, way wuhan.Way, opt func(*wuhan.Situation)) (wuhan.Result, error) {
	t.Helper()
	from := game.Seat(1)
	if way == wuhan.BySelfDraw {
		from = game.NoSeat
	}
	s := situation(t, "4p", 0, tileWon, way, from, append([]wuhan.Player{winner}, rich(t, "5p")...)...)
	if opt != nil {
		opt(&s)
	}
	return wuhan.Score(o, s)
}

func replacement(s *wuhan.Situation) { s.Replacement = true }

// TestLegalityVectors runs spec/wuhan.md §14.3 (indicator 4p, W = 5p).
func TestLegalityVectors(t *testing.T) {
	o := wuhan.Defaults()
	self, disc, rob := wuhan.BySelfDraw, wuhan.ByDiscard, wuhan.ByRobbing
	cases := []struct {
		name    string
		melds   string
		hand    string
		won     string
		way     wuhan.Way
		opt     func(*wuhan.Situation)
		err     error
		pattern []wuhan.Pattern
		base    float64 // the winner's base when legal
	}{
		{"L1 W + 8m pair", "(chi 123m<3)", "456m789s234p5p", "8m", disc, nil, nil, nil, 1},
		{"L2 two wildcards, no pattern", "(chi 123m<3)", "456m789s23p5p5p", "8m", disc, nil, wuhan.ErrWildcardLimit, nil, 0},
		{"L2 on a replacement", "(chi 123m<3)", "456m789s23p5p5p", "8m", self, replacement, nil, []wuhan.Pattern{wuhan.GangShangKai}, 10},
		{"L3 pair 3s", "(chi 123m<3)", "456m789s234p3s", "3s", disc, nil, wuhan.ErrShape, nil, 0},
		{"L4 W W pair, small win", "(chi 123m<3)", "456m789s234p5p", "5p", self, nil, wuhan.ErrWildcardLimit, nil, 0},
		{"L4 W W pair is 5p5p on a replacement", "(chi 123m<3)", "456m789s234p5p", "5p", self, replacement, nil, []wuhan.Pattern{wuhan.GangShangKai}, 10},
		{"L5 any-tile wait on a discard", "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", "3m", disc, nil, wuhan.ErrAnyTileWait, nil, 0},
		{"L5 by self-draw", "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", "3m", self, nil, nil, []wuhan.Pattern{wuhan.PengPeng}, 15},
		{"L5 by robbing", "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", "3m", rob, nil, nil, []wuhan.Pattern{wuhan.PengPeng}, 10},
		{"L6 a discarded wildcard", "(chi 123m<3)", "456m789s234p8m", "5p", disc, nil, wuhan.ErrWildDiscard, nil, 0},
		{"L7 holding 中", "(chi 123m<3)", "456m789s234p8m", "7z", self, nil, wuhan.ErrKongTile, nil, 0},
		{"L7 holding 發", "(chi 123m<3)", "456m789s234p6z", "8m", self, nil, wuhan.ErrKongTile, nil, 0},
		{"L8 no opening", "[ankan 1111z]", "222z333z444z5z", "5z", self, nil, wuhan.ErrNoOpening, nil, 0},
		{"L9 全求人", "(chi 123m<3)(pon 666s<1)(chi 678p<3)(pon 444z<2)", "8s", "8s", disc, nil, nil, []wuhan.Pattern{wuhan.QuanQiuRen}, 10},
		{"L9 single 3s", "(chi 123m<3)(pon 666s<1)(chi 678p<3)(pon 444z<2)", "3s", "3s", disc, nil, wuhan.ErrShape, nil, 0},
		{"L10 all pungs, pair 3m, replacement", "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p3m", "3m", self, replacement, nil, []wuhan.Pattern{wuhan.PengPeng}, 15},
		{"L11 on a discard", "(pon 222s<1)(pon 555m<2)(pon 888p<3)", "222p5p", "5s", disc, nil, wuhan.ErrAnyTileWait, nil, 0},
		{"L11 5s by self-draw", "(pon 222s<1)(pon 555m<2)(pon 888p<3)", "222p5p", "5s", self, nil, nil, []wuhan.Pattern{wuhan.PengPeng, wuhan.JiangYiSe}, 30},
		{"L11 3m by self-draw", "(pon 222s<1)(pon 555m<2)(pon 888p<3)", "222p5p", "3m", self, nil, nil, []wuhan.Pattern{wuhan.PengPeng}, 15},
		{"W single waits on any 258 (not any-tile)", "(chi 123m<3)", "456m789s234p5p", "2s", disc, nil, nil, nil, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := legal(t, o, win(t, false, c.melds, c.hand, ""), c.won, c.way, c.opt)
			if c.err != nil {
				if !errors.Is(err, c.err) || !errors.Is(err, game.ErrNotWinning) {
					t.Fatalf("got %v, want %v", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Patterns, c.pattern) || r.Base != c.base {
				t.Fatalf("patterns %v base %g, want %v %g", r.Patterns, r.Base, c.pattern, c.base)
			}
		})
	}
	// L5 robbing with the strict reading (anytile_may_rob false).
	strict := wuhan.Defaults()
	strict.AnytileMayRob = false
	if _, err := legal(t, strict, win(t, false, "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", ""), "3m", rob, nil); !errors.Is(err, wuhan.ErrAnyTileWait) {
		t.Errorf("L5 robbing, strict: %v", err)
	}
}

func TestWildcardPairFaceValue(t *testing.T) {
	// L4, second half: with indicator 5p the wildcard is 6p, and a W W
	// pair is 6p6p: not 258, so even a replacement draw does not win.
	s := situation(t, "5p", 0, "6p", wuhan.BySelfDraw, game.NoSeat,
		append([]wuhan.Player{win(t, false, "(chi 123m<3)", "999m777s111p6p", "")}, rich(t, "6p")...)...)
	s.Replacement = true
	if _, err := wuhan.Score(wuhan.Defaults(), s); !errors.Is(err, wuhan.ErrShape) {
		t.Fatalf("W W pair of 6p: %v", err)
	}
	// DEC-15: the face-value pair is 硬胡 (L4 with W = 5p).
	r, err := legal(t, wuhan.Defaults(), win(t, false, "(chi 123m<3)", "999m777s111p5p", ""), "5p", wuhan.BySelfDraw, replacement)
	if err != nil || !r.Hard || r.Wildcards != 2 {
		t.Fatalf("hard %v wildcards %d: %v", r.Hard, r.Wildcards, err)
	}
}

func TestIndicators(t *testing.T) {
	// TV-S6 and the table of §5.2.
	cases := []struct {
		preset, indicator, wildcard, kongOnly string
	}{
		{"hzfc", "9m", "1m", "67z"}, {"hzfc", "9s", "1s", "67z"}, {"hzfc", "3p", "4p", "67z"},
		{"hzfc", "5z", "1z", "67z"}, {"hzfc", "4z", "5z", "67z"}, {"hzfc", "7z", "5z", "67z"}, {"hzfc", "6z", "5z", "67z"},
		{"hzfc", "1z", "2z", "67z"},
		{"hz", "4z", "6z", "7z"}, {"hz", "7z", "6z", "7z"}, {"hz", "6z", "5z", "7z"}, {"hz", "5z", "1z", "7z"},
		{"qipi", "5s", "6s", "45s"}, {"qipi", "1z", "2z", "15z"}, {"qipi", "4z", "7z", "34z"}, {"qipi", "1m", "2m", "19m"},
		{"qipi", "5z", "1z", "56z"},
		{"jingzhou3p", "4z", "6z", "7z"}, {"jingzhou3p", "7z", "6z", "7z"}, {"jingzhou3p", "5z", "2z", "7z"},
		{"jingzhou3p", "9p", "1p", "7z"},
	}
	for _, c := range cases {
		r, err := preset(t, c.preset).Roles(k1(t, c.indicator))
		if err != nil {
			t.Fatalf("%s %s: %v", c.preset, c.indicator, err)
		}
		var ko []tile.Kind
		for k := range tile.Kind(tile.NumKinds) {
			if r.KongOnly.Has(k) {
				ko = append(ko, k)
			}
		}
		if r.Wildcard != k1(t, c.wildcard) || !slices.Equal(ko, ks(t, c.kongOnly)) {
			t.Errorf("%s indicator %s: wildcard %v kong-only %v, want %s %s", c.preset, c.indicator, r.Wildcard, ko, c.wildcard, c.kongOnly)
		}
	}
	// 荊州 has no East and no characters: they cannot be indicators.
	for _, bad := range []string{"1z", "5m"} {
		if _, err := preset(t, "jingzhou3p").Roles(k1(t, bad)); !errors.Is(err, wuhan.ErrIndicator) {
			t.Errorf("荊州 indicator %s: %v", bad, err)
		}
	}
}

func TestOptionsValidate(t *testing.T) {
	for _, name := range []string{"", "hzfc", "hz", "qipi", "koukou", "jingzhou3p"} {
		if err := preset(t, name).Validate(); err != nil {
			t.Errorf("preset %q: %v", name, err)
		}
	}
	if _, err := wuhan.Preset("tokyo"); !errors.Is(err, wuhan.ErrOptions) {
		t.Errorf("unknown preset: %v", err)
	}
	bad := []struct {
		key string
		mod func(*wuhan.Options)
	}{
		{"ruleset", func(o *wuhan.Options) { o.Ruleset = "beijing" }},
		{"kaikou_fan", func(o *wuhan.Options) { o.KaikouFan = "twice" }},
		{"threshold", func(o *wuhan.Options) { o.Threshold = -1 }},
		{"threshold_scope", func(o *wuhan.Options) { o.ThresholdScope = "some" }},
		{"threshold_unit", func(o *wuhan.Options) { o.ThresholdUnit = "yen" }},
		{"caps.jin", func(o *wuhan.Options) { o.Caps.Jin = 300 }},
		{"caps.san", func(o *wuhan.Options) { o.Caps.San = 100 }},
		{"daihu_base", func(o *wuhan.Options) { o.DaihuBase = "product" }},
		{"yise_base15", func(o *wuhan.Options) { o.YiseBase15, o.DaihuBase = true, wuhan.BaseCompound }},
		{"stake_divisor", func(o *wuhan.Options) { o.StakeDivisor = 0 }},
		{"round_half", func(o *wuhan.Options) { o.RoundHalf = "banker" }},
		{"kaikou_fan", func(o *wuhan.Options) { o.Ruleset, o.KaikouFan = wuhan.Jingzhou, wuhan.KaikouPerCall }},
		{"removed_suit", func(o *wuhan.Options) { o.Ruleset, o.RemovedSuit = wuhan.Jingzhou, "z" }},
	}
	for _, b := range bad {
		o := wuhan.Defaults()
		b.mod(&o)
		err := o.Validate()
		if !errors.Is(err, wuhan.ErrOptions) || !contains(err.Error(), b.key) {
			t.Errorf("%s: %v", b.key, err)
		}
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || len(s) >= len(sub) && (s[:len(sub)] == sub || contains(s[1:], sub))
}

// TestAnyTileRefusal: the refusal of an any-tile wait on a discard (L5)
// names the winner's seat and the winning tile, wraps ErrAnyTileWait and
// game.ErrNotWinning, and through a reused Scorer allocates nothing (a
// table meets it at every discard it asks about).
func TestAnyTileRefusal(t *testing.T) {
	s := situation(t, "4p", 2, "3m", wuhan.ByDiscard, 1, payer(t, false, opened, ""), payer(t, false, "", ""),
		win(t, false, "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", ""), payer(t, false, opened, ""))
	var z wuhan.Scorer
	_, err := z.Score(wuhan.Defaults(), s)
	if !errors.Is(err, wuhan.ErrAnyTileWait) || !errors.Is(err, game.ErrNotWinning) || errors.Is(err, wuhan.ErrShape) {
		t.Fatalf("got %v, want %v and %v", err, wuhan.ErrAnyTileWait, game.ErrNotWinning)
	}
	const want = "wuhan: seat 2 on 3m: every tile completes the hand: an any-tile wait wins only by self-draw or robbing (W7, DEC-12) (not a winning hand)"
	if err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if _, serr := wuhan.Score(wuhan.Defaults(), s); serr == nil || serr.Error() != want {
		t.Errorf("Score: %v, want %q", serr, want)
	}
	if n := testing.AllocsPerRun(20, func() { z.Score(wuhan.Defaults(), s) }); n != 0 {
		t.Errorf("%v allocations a refusal", n)
	}
}
