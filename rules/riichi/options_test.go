package riichi_test

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"jantaku/rules/riichi"
)

func TestPresetsValid(t *testing.T) {
	for _, name := range riichi.Presets() {
		o, err := riichi.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	if _, err := riichi.Preset("mleague"); !errors.Is(err, riichi.ErrOptions) {
		t.Errorf("unknown preset: %v", err)
	}
}

// The seed preset is spec/riichi.md §17's defaults column.
func TestSeedDefaults(t *testing.T) {
	o := riichi.SeedRules()
	checks := []struct {
		name string
		ok   bool
	}{
		{"referee_mode enforce", o.RefereeMode == riichi.Enforce},
		{"red_fives 0", o.RedFives == 0},
		{"kuitan on", o.Kuitan},
		{"ura, kan, kan-ura dora on", o.UraDora && o.KanDora && o.KanUraDora},
		{"kan_dora_timing", o.KanDoraTiming == riichi.KanDoraStandard},
		{"multiple_ron atamahane", o.MultipleRon == riichi.Atamahane && o.AtamahaneOrder == riichi.OrderStandard},
		{"triple_ron_abort, tobi, kiriage, kazoe, stacking off", !o.TripleRonAbort && !o.Tobi && !o.Kiriage && !o.KazoeYakuman && !o.YakumanStacking},
		{"four_kong_abort on", o.FourKongAbort},
		{"other abortive draws off", !o.SuufonRenda && !o.KyuushuKyuuhai && !o.SuuchaRiichi},
		{"no uma, return 30,000", len(o.Uma) == 0 && o.ReturnPoints == 30000 && o.StartingPoints == 30000},
		{"leftover_deposits to_first", o.LeftoverDeposits == riichi.DepositsToFirst},
		{"kuikae allowed", o.Kuikae == riichi.KuikaeAllowed},
		{"riichi_min_wall 4", o.RiichiMinWall == 4},
		{"riichi_ankan_rule strict", o.RiichiAnkanRule == riichi.AnkanStrict},
		{"double_wind_pair_fu 2", o.DoubleWindPairFu == 2},
		{"ryuuiisou without hatsu", !o.RyuuiisouRequiresHatsu},
		{"kokushi_rob_ankan off", !o.KokushiRobAnkan},
		{"ippatsu, renhou, nagashi, double yakuman off", !o.Ippatsu && o.Renhou == riichi.RenhouNone && !o.NagashiMangan && !o.DoubleYakuman},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("seed: %s", c.name)
		}
	}
}

func TestParseOptions(t *testing.T) {
	o, err := riichi.ParseOptions([]byte("preset: tenhou\nkiriage: true\numa: [30, 10, -10, -30]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !o.Kiriage || o.RedFives != 3 || !o.Ippatsu || o.Uma[0] != 30 {
		t.Errorf("tenhou + kiriage: %+v", o)
	}
	o, err = riichi.ParseOptions([]byte(`{"multiple_ron": "double_ron", "red_fives": 3}`))
	if err != nil || o.MultipleRon != riichi.DoubleRon || o.RedFives != 3 || !o.FourKongAbort {
		t.Errorf("JSON over seed: %+v %v", o, err)
	}
	if o, err := riichi.ParseOptions(nil); err != nil || o.RefereeMode != riichi.Enforce {
		t.Errorf("empty: %v", err)
	}
	bad := []struct{ doc, want string }{
		{"kiriage: maybe", "key kiriage"},
		{"no_such_rule: 1", "no_such_rule"},
		{"multiple_ron: triple", "multiple_ron"},
		{"red_fives: 4", "red_fives"},
		{"double_wind_pair_fu: 3", "double_wind_pair_fu"},
		{"uma: [10, 5]", "uma"},
		{"uma: [10, 5, -5, -5]", "add up to 0"},
		{"preset: nope", "unknown preset"},
		{"kiriage: [", "riichi options"},
	}
	for _, b := range bad {
		_, err := riichi.ParseOptions([]byte(b.doc))
		if !errors.Is(err, riichi.ErrOptions) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%q: %v, want ErrOptions naming %q", b.doc, err, b.want)
		}
	}
	// Merge leaves the receiver alone.
	base := riichi.TenhouRules()
	if _, err := base.Merge([]byte("uma: [1, 0, 0, -1]")); err != nil || base.Uma[0] != 20 {
		t.Errorf("Merge changed its receiver: %v %v", base.Uma, err)
	}
}

func TestAbortOptions(t *testing.T) {
	seed, tenhou := riichi.SeedRules(), riichi.TenhouRules()
	for _, a := range []riichi.Abort{riichi.NineTerminals, riichi.FourWinds, riichi.FourRiichi, riichi.TripleRon} {
		if _, err := riichi.AfterAbort(a, 0, 0, seed); !errors.Is(err, riichi.ErrConditions) {
			t.Errorf("%v under seed: %v", a, err)
		}
		n, err := riichi.AfterAbort(a, 2, 3, tenhou)
		if err != nil || n != (riichi.Next{DealerStays: true, Honba: 3, Deposits: 3}) {
			t.Errorf("%v under tenhou: %+v %v", a, n, err)
		}
	}
	if !seed.Allows(riichi.FourKongs) {
		t.Error("four_kong_abort is on by default")
	}
	if !riichi.FourKongsAbort([4]int{2, 1, 1, 0}) || riichi.FourKongsAbort([4]int{4, 0, 0, 0}) || riichi.FourKongsAbort([4]int{1, 1, 1, 0}) {
		t.Error("FourKongsAbort (D-RI-08)")
	}
	if !riichi.NineTerminalsHand(tileCounts(t, "19m19p1s12345z2366p")) || riichi.NineTerminalsHand(tileCounts(t, "19m19p1234z234566p")) {
		t.Error("NineTerminalsHand")
	}
}

// Decisions and switches of spec/riichi.md, each against the spec's text.
func TestDecisions(t *testing.T) {
	score := func(t *testing.T, hand, win string, o riichi.Options, set func(w *riichi.Win)) (riichi.Result, error) {
		t.Helper()
		w := mustWin(t, hand, win)
		if set != nil {
			set(&w)
		}
		return riichi.Score(w, o)
	}
	has := func(r riichi.Result, y riichi.Yaku) bool {
		for _, s := range r.Yaku {
			if s.Yaku == y {
				return true
			}
		}
		return false
	}
	tsumo := func(w *riichi.Win) { w.Tsumo = true }
	t.Run("D-RI-21 honour seven pairs are chiitoitsu and honroutou", func(t *testing.T) {
		r, err := score(t, "11223344556677z", "7z", riichi.SeedRules(), nil)
		if err != nil || r.Yakuman != 0 || r.Han != 4 || r.Fu != 25 || !has(r, riichi.Chiitoitsu) || !has(r, riichi.Honroutou) {
			t.Errorf("seed: %+v %v", r.Yaku, err)
		}
		r, err = score(t, "11223344556677z", "7z", riichi.TenhouRules(), nil)
		if err != nil || r.Yakuman != 1 || !has(r, riichi.Tsuuiisou) {
			t.Errorf("tenhou: %+v %v", r.Yaku, err)
		}
	})
	t.Run("D-RI-22 ryuuiisou without hatsu", func(t *testing.T) {
		r, err := score(t, "22223344666888s", "6s", riichi.SeedRules(), tsumo)
		if err != nil || !has(r, riichi.Ryuuiisou) {
			t.Errorf("seed: %+v %v", r.Yaku, err)
		}
		o := riichi.SeedRules()
		o.RyuuiisouRequiresHatsu = true
		r, err = score(t, "22223344666888s", "6s", o, tsumo)
		if err != nil || r.Yakuman != 0 || !has(r, riichi.Chinitsu) {
			t.Errorf("requires hatsu: %+v %v", r.Yaku, err)
		}
	})
	t.Run("D-RI-24 double-wind pair fu", func(t *testing.T) {
		dealer := func(w *riichi.Win) { w.Seat, w.From = riichi.East, riichi.North }
		for _, f := range []int{2, 4} {
			o := riichi.SeedRules()
			o.DoubleWindPairFu = f
			r, err := score(t, "123m456p789s234s11z", "1z", o, dealer)
			if !errors.Is(err, riichi.ErrNoYaku) {
				t.Fatalf("no yaku expected: %v", err)
			}
			w := mustWin(t, "123m456p789s234s11z", "1z")
			dealer(&w)
			w.Riichi = true
			r, err = riichi.Score(w, o)
			if err != nil {
				t.Fatal(err)
			}
			pair := 0
			for _, p := range r.FuParts {
				if p.Reason == riichi.FuPair {
					pair = p.Fu
				}
			}
			if pair != f {
				t.Errorf("double_wind_pair_fu %d: pair fu %d (%v)", f, pair, r.FuParts)
			}
		}
	})
	t.Run("D-RI-18 kuitan off", func(t *testing.T) {
		o := riichi.SeedRules()
		o.Kuitan = false
		if _, err := score(t, "(chi 234p<3) 456m678s234s55p", "4s", o, nil); !errors.Is(err, riichi.ErrNoYaku) {
			t.Errorf("open tanyao with kuitan off: %v", err)
		}
	})
	t.Run("D-RI-23 yakuman stacking and double yakuman", func(t *testing.T) {
		// Tsuuiisou + suuankou tanki + daisuushii, child tsumo.
		hand := "111222333444z55z"
		r, err := score(t, hand, "5z", riichi.SeedRules(), tsumo)
		if err != nil || r.Yakuman != 1 || r.Total != 32000 {
			t.Errorf("seed: one yakuman, got %d (%v) %v", r.Yakuman, r.Yaku, err)
		}
		r, err = score(t, hand, "5z", riichi.MahjongSoulRules(), tsumo)
		if err != nil || r.Yakuman != 5 || r.Total != 160000 {
			t.Errorf("mahjongsoul: 1+2+2 yakuman, got %d (%v) %v", r.Yakuman, r.Yaku, err)
		}
	})
	t.Run("§15 pao on a ron by the liable player and on daisuushii", func(t *testing.T) {
		// E14's hand, ronned off the liable North: North pays all.
		set := func(w *riichi.Win) {
			w.Seat, w.From = riichi.West, riichi.North
			w.Pao = riichi.Pao{Yaku: riichi.Daisangen, Liable: riichi.North}
		}
		r, err := score(t, "(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", "9p", riichi.SeedRules(), set)
		if err != nil || len(r.Payments) != 1 || r.Payments[0].From != riichi.North || r.Payments[0].Points != 32000 {
			t.Errorf("%v %v", r.Payments, err)
		}
		// Daisuushii tsumo by the dealer with South liable: 48,000 from South.
		set = func(w *riichi.Win) {
			w.Seat, w.Tsumo = riichi.East, true
			w.Pao = riichi.Pao{Yaku: riichi.Daisuushii, Liable: riichi.South}
		}
		r, err = score(t, "(pon 111z<1)(pon 222z<1)(pon 333z<2)(pon 444z<3) 9p9p", "9p", riichi.SeedRules(), set)
		if err != nil || len(r.Payments) != 1 || r.Payments[0].From != riichi.South || r.Payments[0].Points != 48000 {
			t.Errorf("daisuushii pao: %v %v", r.Payments, err)
		}
		// No pao when the hand is not the liable yakuman.
		set = func(w *riichi.Win) {
			w.Seat, w.From = riichi.West, riichi.East
			w.Pao = riichi.Pao{Yaku: riichi.Daisuushii, Liable: riichi.North}
		}
		r, err = score(t, "(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", "9p", riichi.SeedRules(), set)
		if err != nil || len(r.Payments) != 1 || r.Payments[0].From != riichi.East {
			t.Errorf("pao for another yakuman: %v %v", r.Payments, err)
		}
	})
	t.Run("§5 red fives and ura only with riichi", func(t *testing.T) {
		w := mustWin(t, "234m406p678s22s345s", "5s")
		w.Ura = kinds(t, "1s")
		r, err := riichi.Score(w, riichi.TenhouRules())
		if err != nil || !has(r, riichi.AkaDora) || has(r, riichi.UraDora) || r.Han != 3 {
			t.Errorf("tenhou without riichi: %v %v", r.Yaku, err)
		}
		w.Riichi = true
		r, err = riichi.Score(w, riichi.SeedRules())
		if err != nil || has(r, riichi.AkaDora) || !has(r, riichi.UraDora) {
			t.Errorf("seed with riichi: %v %v", r.Yaku, err)
		}
	})
}

// testdata/seed.yaml lists every option at the seed preset's value.
func TestSeedFile(t *testing.T) {
	data, err := os.ReadFile("testdata/seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	o, err := riichi.ParseOptions(data)
	if err != nil {
		t.Fatal(err)
	}
	want := riichi.SeedRules()
	want.Uma = []int{}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("testdata/seed.yaml:\n%+v\nwant\n%+v", o, want)
	}
	// Starting from tenhou instead changes what the file does not set
	// back to nothing: every key is there.
	o2, err := riichi.TenhouRules().Merge(data)
	if err != nil || !reflect.DeepEqual(o2, want) {
		t.Errorf("seed.yaml over tenhou: %+v %v", o2, err)
	}
}
