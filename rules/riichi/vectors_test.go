package riichi_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

// riichi_hand_vectors.json: MahjongRepository/mahjong's test suite, each
// call with its own configuration (corpus SOURCES.md).

type vecOptions struct {
	OpenTanyao       bool `json:"has_open_tanyao"`
	AkaDora          bool `json:"has_aka_dora"`
	DoubleYakuman    bool `json:"has_double_yakuman"`
	KazoeLimit       int  `json:"kazoe_limit"`
	Kiriage          bool `json:"kiriage"`
	OpenPinfuFu      bool `json:"fu_for_open_pinfu"`
	PinfuTsumoFu     bool `json:"fu_for_pinfu_tsumo"`
	RenhouAsYakuman  bool `json:"renhou_as_yakuman"`
	Sextuple         bool `json:"limit_to_sextuple_yakuman"`
	ThreePlayer      bool `json:"is_three_player"`
	Daisharin        bool `json:"has_daisharin"`
	Daichisei        bool `json:"has_daichisei"`
	SashikomiYakuman bool `json:"has_sashikomi_yakuman"`
}

type vecConfig struct {
	Tsumo      bool    `json:"is_tsumo"`
	Riichi     bool    `json:"is_riichi"`
	Ippatsu    bool    `json:"is_ippatsu"`
	Rinshan    bool    `json:"is_rinshan"`
	Chankan    bool    `json:"is_chankan"`
	Haitei     bool    `json:"is_haitei"`
	Houtei     bool    `json:"is_houtei"`
	Daburu     bool    `json:"is_daburu_riichi"`
	Nagashi    bool    `json:"is_nagashi_mangan"`
	Tenhou     bool    `json:"is_tenhou"`
	Renhou     bool    `json:"is_renhou"`
	Chiihou    bool    `json:"is_chiihou"`
	OpenRiichi bool    `json:"is_open_riichi"`
	PlayerWind *string `json:"player_wind"`
	RoundWind  *string `json:"round_wind"`
	Paarenchan int     `json:"paarenchan"`
	Kyoutaku   int     `json:"kyoutaku_number"`
	Tsumi      int     `json:"tsumi_number"`
	Options    vecOptions
}

// vecCost is the library's cost; float64 because the excluded aotenjou
// cases hold numbers beyond int64.
type vecCost struct {
	Main, Additional float64
	MainBonus        float64 `json:"main_bonus"`
	AdditionalBonus  float64 `json:"additional_bonus"`
	KyoutakuBonus    float64 `json:"kyoutaku_bonus"`
	Total            float64
}

func costOf(main, add, mainBonus, addBonus, kyoutaku, total int) vecCost {
	return vecCost{float64(main), float64(add), float64(mainBonus), float64(addBonus), float64(kyoutaku), float64(total)}
}

type vecCase struct {
	ID      int    `json:"id"`
	Test    string `json:"test"`
	Kind    string `json:"kind"`
	Tiles   string `json:"tiles"`
	WinTile string `json:"win_tile"`
	Melds   []struct {
		Type   string
		Tiles  string
		Opened bool
	}
	Dora      []string  `json:"dora_indicators"`
	Ura       []string  `json:"ura_dora_indicators"`
	Config    vecConfig `json:"config"`
	Han       int       `json:"han"`
	Fu        int       `json:"fu"`
	IsYakuman bool      `json:"is_yakuman"`
	Calc      string    `json:"scores_calculator"`
	Result    struct {
		Error *string
		Han   int
		Fu    int
		Cost  *vecCost
		Yaku  []struct {
			Name string
		}
		// kind "scores": the cost itself
		vecCost
	}
}

// vecExcluded lists the cases not compared, each with its reason: rules
// that neither the spec nor a preset has.
var vecExcluded = map[int]string{
	47:  "open riichi (オープン立直) is not a rule of the spec or the presets",
	70:  "open riichi (オープン立直) is not a rule of the spec or the presets",
	158: "sashikomi yakuman (ron on an open-riichi player's discard) is not a rule of the spec or the presets",
	178: "sashikomi yakuman is not a rule of the spec or the presets",
	179: "sashikomi yakuman and open riichi are not rules of the spec or the presets",
	186: "sashikomi yakuman is not a rule of the spec or the presets",
	189: "sashikomi yakuman is not a rule of the spec or the presets",
	148: "daichikurin (local yakuman) is not a rule of the spec or the presets",
	150: "daisharin (local yakuman) is not a rule of the spec or the presets",
	151: "daisuurin (local yakuman) is not a rule of the spec or the presets",
	203: "daisharin (local yakuman) is not a rule of the spec or the presets",
	170: "daichisei (seven pairs of honours as a double yakuman) is not a rule of the spec or the presets",
	180: "paarenchan (8 dealer repeats) is not a rule of the spec or the presets",
	181: "paarenchan (8 dealer repeats) is not a rule of the spec or the presets",
	182: "paarenchan (8 dealer repeats) is not a rule of the spec or the presets",
	183: "paarenchan (8 dealer repeats) is not a rule of the spec or the presets",
	184: "paarenchan (8 dealer repeats) is not a rule of the spec or the presets",
}

// vecExcludedWhy gives the reason for whole groups of cases.
func vecExcludedWhy(c *vecCase) string {
	switch {
	case c.Calc == "Aotenjou":
		return "aotenjou (青天井, no limits) is not a rule of the spec or the presets"
	case c.Config.Options.ThreePlayer:
		return "three-player riichi is not implemented yet"
	case strings.HasPrefix(c.Test, "tests_yaku_calculation::test_nuki_dora"):
		return "nuki dora (three-player kita): the count of kita is not recorded in the vectors, and three-player riichi is not implemented yet"
	}
	return vecExcluded[c.ID]
}

func (c *vecCase) options() riichi.Options {
	vo := c.Config.Options
	o := riichi.SeedRules()
	o.Kuitan = vo.OpenTanyao
	o.RedFives = 0
	if vo.AkaDora {
		o.RedFives = 3
	}
	o.DoubleYakuman = vo.DoubleYakuman
	o.KazoeYakuman = vo.KazoeLimit == 0 || vo.KazoeLimit == 2
	o.KazoeStacking = vo.KazoeLimit == 2
	o.Kiriage = vo.Kiriage
	o.OpenPinfuFu = 20
	if vo.OpenPinfuFu {
		o.OpenPinfuFu = 30
	}
	o.Renhou = riichi.RenhouAsMangan
	if vo.RenhouAsYakuman {
		o.Renhou = riichi.RenhouAsYakuman
	}
	if vo.Sextuple {
		o.MaxYakuman = 6
	}
	// The library stacks yakuman, plays ippatsu and nagashi mangan,
	// counts honour seven pairs as tsuuiisou and a double-wind pair 4 fu.
	o.YakumanStacking = true
	o.Ippatsu = true
	o.NagashiMangan = true
	o.TsuuiisouSevenPairs = true
	o.DoubleWindPairFu = 4
	return o
}

func parseVecTiles(t testing.TB, s string) []tile.Tile {
	t.Helper()
	var out []tile.Tile
	for _, f := range strings.Fields(s) {
		// One token at a time: some aka-dora cases repeat a red five on
		// purpose, which tile.Parse would refuse.
		ts, err := tile.Parse(f)
		if err != nil || len(ts) != 1 {
			t.Fatalf("tile %q: %v", f, err)
		}
		out = append(out, ts[0])
	}
	return out
}

// absentWind returns a wind none of whose tiles the hand holds, other than
// not; the library's "no seat/round wind".
func absentWind(all []tile.Tile, not riichi.Wind, prefer ...riichi.Wind) riichi.Wind {
	c := tile.CountsOf(all)
	for _, w := range prefer {
		if w != not && c[w.Kind()] == 0 {
			return w
		}
	}
	return prefer[0]
}

func (c *vecCase) win(t testing.TB) riichi.Win {
	all := parseVecTiles(t, c.Tiles)
	conc := slices.Clone(all)
	var melds []tile.Meld
	for _, m := range c.Melds {
		ts := parseVecTiles(t, m.Tiles)
		typ := map[string]tile.MeldType{"chi": tile.Chi, "pon": tile.Pon, "kan": tile.Kan, "shouminkan": tile.AddedKan}[m.Type]
		from := 3
		if m.Type == "kan" && !m.Opened {
			typ, from = tile.ClosedKan, 0
		}
		melds = append(melds, tile.Meld{Type: typ, Tiles: ts, From: from})
		for _, x := range ts {
			i := slices.IndexFunc(conc, func(y tile.Tile) bool { return y.Kind == x.Kind && y.Red == x.Red })
			if i < 0 {
				i = slices.IndexFunc(conc, func(y tile.Tile) bool { return y.Kind == x.Kind })
			}
			if i < 0 && len(ts) == 4 {
				continue // some cases list a kong's tiles three times only
			}
			if i < 0 {
				t.Fatalf("case %d: meld tile %v not among the tiles", c.ID, x)
			}
			conc = slices.Delete(conc, i, i+1)
		}
	}
	cf := c.Config
	var win tile.Kind
	if ts := parseVecTiles(t, c.WinTile); len(ts) == 1 {
		win = ts[0].Kind
	}
	w := riichi.Win{
		Concealed: conc, Melds: melds, WinTile: win,
		Tsumo: cf.Tsumo, Riichi: cf.Riichi, DoubleRiichi: cf.Daburu, Ippatsu: cf.Ippatsu,
		Rinshan: cf.Rinshan, Chankan: cf.Chankan, Haitei: cf.Haitei, Houtei: cf.Houtei,
		Tenhou: cf.Tenhou, Chiihou: cf.Chiihou, Renhou: cf.Renhou,
		Honba: cf.Tsumi, Deposits: cf.Kyoutaku,
	}
	var err error
	if cf.PlayerWind != nil {
		if w.Seat, err = riichi.ParseWind(*cf.PlayerWind); err != nil {
			t.Fatal(err)
		}
	} else {
		w.Seat = absentWind(all, riichi.East, riichi.South, riichi.West, riichi.North)
	}
	if cf.RoundWind != nil {
		if w.Round, err = riichi.ParseWind(*cf.RoundWind); err != nil {
			t.Fatal(err)
		}
	} else {
		w.Round = absentWind(all, w.Seat, riichi.East, riichi.South, riichi.West, riichi.North)
	}
	w.From = w.Seat.Next()
	for _, d := range c.Dora {
		w.Dora = append(w.Dora, parseVecTiles(t, d)[0].Kind)
	}
	for _, d := range c.Ura {
		w.Ura = append(w.Ura, parseVecTiles(t, d)[0].Kind)
	}
	return w
}

// vecYaku maps the library's yaku names.
var vecYaku = map[string]riichi.Yaku{
	"Menzen Tsumo": riichi.MenzenTsumo, "Riichi": riichi.Riichi, "Double Riichi": riichi.DoubleRiichi, "Ippatsu": riichi.Ippatsu,
	"Pinfu": riichi.Pinfu, "Tanyao": riichi.Tanyao, "Iipeiko": riichi.Iipeikou, "Ryanpeikou": riichi.Ryanpeikou,
	"Yakuhai (haku)": riichi.Haku, "Yakuhai (hatsu)": riichi.Hatsu, "Yakuhai (chun)": riichi.Chun,
	"Haitei Raoyue": riichi.Haitei, "Houtei Raoyui": riichi.Houtei, "Rinshan Kaihou": riichi.Rinshan, "Chankan": riichi.Chankan,
	"Sanshoku Doujun": riichi.SanshokuDoujun, "Ittsu": riichi.Ittsu, "Toitoi": riichi.Toitoi, "San Ankou": riichi.Sanankou,
	"Chiitoitsu": riichi.Chiitoitsu, "Chantai": riichi.Chanta, "Sanshoku Doukou": riichi.SanshokuDoukou, "San Kantsu": riichi.Sankantsu,
	"Honitsu": riichi.Honitsu, "Junchan": riichi.Junchan, "Honroutou": riichi.Honroutou, "Shou Sangen": riichi.Shousangen,
	"Chinitsu": riichi.Chinitsu, "Renhou": riichi.Renhou, "Dora": riichi.Dora, "Aka Dora": riichi.AkaDora, "Ura Dora": riichi.UraDora,
	"Tenhou": riichi.Tenhou, "Chiihou": riichi.Chiihou, "Renhou (yakuman)": riichi.RenhouYakuman,
	"Kokushi Musou": riichi.Kokushi, "Kokushi Musou Juusanmen Matchi": riichi.Kokushi13,
	"Suu Ankou": riichi.Suuankou, "Suu Ankou Tanki": riichi.SuuankouTanki, "Daisangen": riichi.Daisangen,
	"Shousuushii": riichi.Shousuushii, "Dai Suushii": riichi.Daisuushii, "Tsuu Iisou": riichi.Tsuuiisou,
	"Ryuuiisou": riichi.Ryuuiisou, "Chinroutou": riichi.Chinroutou, "Chuuren Poutou": riichi.Chuuren,
	"Daburu Chuuren Poutou": riichi.JunseiChuuren, "Suu Kantsu": riichi.Suukantsu,
}

// vecErrors maps the library's refusals to our sentinel errors.
func vecError(code string) error {
	switch code {
	case "no_yaku":
		return riichi.ErrNoYaku
	case "hand_not_winning":
		return riichi.ErrNotWinning
	case "winning_tile_not_in_hand":
		return riichi.ErrBadHand
	}
	return riichi.ErrConditions // the *_not_allowed codes
}

func TestCorpusHandVectors(t *testing.T) {
	var f struct{ Cases []vecCase }
	readCorpus(t, "riichi_hand_vectors.json", &f)
	if len(f.Cases) != 306 {
		t.Errorf("riichi_hand_vectors.json has %d cases, want 306", len(f.Cases))
	}
	agree, excluded := 0, 0
	reasons := map[string]int{}
	for i := range f.Cases {
		c := &f.Cases[i]
		if why := vecExcludedWhy(c); why != "" {
			excluded++
			reasons[why]++
			continue
		}
		var ok bool
		switch {
		case c.Kind == "scores":
			ok = checkVecScores(t, c)
		case c.Config.Nagashi:
			ok = checkVecNagashi(t, c)
		default:
			ok = checkVecHand(t, c)
		}
		if ok {
			agree++
		}
	}
	t.Logf("riichi_hand_vectors.json: %d/%d compared agree, %d excluded (vecExcluded)", agree, len(f.Cases)-excluded, excluded)
	for why, n := range reasons {
		t.Logf("  excluded %2d: %s", n, why)
	}
}

// Cases compared in part, with the reason.
var (
	// vecChildTenhou: the library scores tenhou with no seat wind given as
	// a child's tsumo, which no rule allows (we refuse tenhou for a
	// non-dealer); these are scored as the dealer's and compared on yaku
	// and han only.
	vecChildTenhou = []int{167, 172, 175, 187, 232}
	// vecErrorOverride: the library calls a winning tile found only in a
	// meld hand_not_winning; Score calls it ErrBadHand (the winning tile is
	// not in the concealed part).
	vecErrorOverride = map[int]error{236: riichi.ErrBadHand}
)

func checkVecHand(t *testing.T, c *vecCase) bool {
	t.Helper()
	w := c.win(t)
	childTenhou := slices.Contains(vecChildTenhou, c.ID)
	if childTenhou {
		w.Seat = riichi.East
	}
	r, err := riichi.Score(w, c.options())
	if c.Result.Error != nil {
		want := vecError(*c.Result.Error)
		if e, ok := vecErrorOverride[c.ID]; ok {
			want = e
		}
		if !errors.Is(err, want) {
			t.Errorf("case %d %s (%s): error %v, want %v (%s)", c.ID, c.Test, handDesc(w), err, want, *c.Result.Error)
			return false
		}
		return true
	}
	if err != nil {
		t.Errorf("case %d %s (%s): %v", c.ID, c.Test, handDesc(w), err)
		return false
	}
	var got, want []riichi.Yaku
	for _, y := range r.Yaku {
		got = append(got, y.Yaku)
	}
	for _, y := range c.Result.Yaku {
		yk, ok := vecYaku[y.Name]
		switch {
		case strings.HasPrefix(y.Name, "Yakuhai (seat wind "):
			yk, ok = riichi.SeatWind, true
		case strings.HasPrefix(y.Name, "Yakuhai (round wind "):
			yk, ok = riichi.RoundWind, true
		}
		if !ok {
			t.Errorf("case %d %s: unknown yaku %q", c.ID, c.Test, y.Name)
			return false
		}
		want = append(want, yk)
	}
	slices.Sort(got)
	slices.Sort(want)
	han := r.Han + 13*r.Yakuman
	fuOK := r.Yakuman > 0 || r.Fu == c.Result.Fu
	cost := vecCostOf(r, w)
	if childTenhou {
		cost = *c.Result.Cost
	}
	if !slices.Equal(got, want) || han != c.Result.Han || !fuOK || cost != *c.Result.Cost {
		t.Errorf("case %d %s (%s):\n got yaku %v han %d fu %d cost %+v\nwant yaku %v han %d fu %d cost %+v\n(fu parts %v)",
			c.ID, c.Test, handDesc(w), got, han, r.Fu, cost, want, c.Result.Han, c.Result.Fu, *c.Result.Cost, r.FuParts)
		return false
	}
	return true
}

// vecCostOf puts a result's payments in the library's terms.
func vecCostOf(r riichi.Result, w riichi.Win) vecCost {
	var main, add, mainBonus, addBonus int
	for _, p := range r.Payments {
		switch {
		case !w.Tsumo, p.From == riichi.East && !w.Dealer():
			main, mainBonus = p.Points, p.Honba
		default:
			add, addBonus = p.Points, p.Honba
			if w.Dealer() {
				main, mainBonus = p.Points, p.Honba
			}
		}
	}
	return costOf(main, add, mainBonus, addBonus, r.Deposits, r.Total)
}

func checkVecScores(t *testing.T, c *vecCase) bool {
	t.Helper()
	o := c.options()
	dealer := c.Config.PlayerWind != nil && *c.Config.PlayerWind == "E"
	var base int
	if c.IsYakuman {
		base = 8000 * (c.Han / 13)
	} else {
		base, _ = riichi.BasePoints(c.Han, c.Fu, o)
	}
	h, k := c.Config.Tsumi, 1000*c.Config.Kyoutaku
	var got vecCost
	if c.Config.Tsumo {
		child, fromDealer := riichi.TsumoPoints(base, dealer)
		total := fromDealer + 2*child + 300*h + k
		if dealer {
			total = 3*child + 300*h + k
		}
		got = costOf(fromDealer, child, 100*h, 100*h, k, total)
	} else {
		main := riichi.RonPoints(base, dealer)
		got = costOf(main, 0, 300*h, 0, k, main+300*h+k)
	}
	want := c.Result.vecCost
	if got != want {
		t.Errorf("case %d %s: %d han %d fu yakuman %v: %+v, want %+v", c.ID, c.Test, c.Han, c.Fu, c.IsYakuman, got, want)
		return false
	}
	return true
}

func checkVecNagashi(t *testing.T, c *vecCase) bool {
	t.Helper()
	w := c.win(t)
	ps, err := riichi.Nagashi(w.Seat, w.Honba, c.options())
	if err != nil {
		t.Errorf("case %d %s: %v", c.ID, c.Test, err)
		return false
	}
	var r riichi.Result
	r.Payments = ps
	for _, p := range ps {
		r.Total += p.Total()
	}
	// The library reports a nagashi mangan's 8,000 as one payment (main);
	// it is paid as a mangan tsumo, so only the total is compared.
	if got := vecCostOf(r, riichi.Win{Tsumo: true, Seat: w.Seat}); got.Total != c.Result.Cost.Total {
		t.Errorf("case %d %s: %+v, want %+v", c.ID, c.Test, got, *c.Result.Cost)
		return false
	}
	return true
}
