package riichi

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"jantaku/rules/scorecli"
	"jantaku/rules/tile"
)

// ScoreCLI is how the score command scores a riichi hand: its condition
// flags, its block of the help and its printed result (scorecli.Family).
type ScoreCLI struct{}

// Conditions are the round wind, the situational yaku, the indicators and
// the table's sticks (spec/riichi.md §7–§11).
func (ScoreCLI) Conditions() []scorecli.Condition {
	return []scorecli.Condition{
		{Name: "round", Arg: "WIND", Usage: "the round wind (default E)"},
		{Name: "riichi", Usage: "立直"},
		{Name: "double-riichi", Usage: "ダブル立直"},
		{Name: "ippatsu", Usage: "一発"},
		{Name: "haitei", Usage: "海底摸月: a tsumo on the last wall tile"},
		{Name: "houtei", Usage: "河底撈魚: a ron on the last discard"},
		{Name: "rinshan", Usage: "嶺上開花: a tsumo on a kong's replacement"},
		{Name: "chankan", Usage: "槍槓: a ron on a tile added to a kong"},
		{Name: "tenhou", Usage: "天和"},
		{Name: "chiihou", Usage: "地和"},
		{Name: "renhou", Usage: "人和"},
		{Name: "dora", Arg: "TILES", Usage: "dora indicators, kan dora's after the first (e.g. 1z4z)"},
		{Name: "ura", Arg: "TILES", Usage: "ura dora indicators"},
		{Name: "honba", Arg: "N", Usage: "honba counters", Number: true},
		{Name: "deposits", Arg: "N", Usage: "1,000-point sticks on the table, the winner's own riichi stick included", Number: true},
		{Name: "pao", Arg: "WIND", Usage: "the player liable for a daisangen or daisuushii"},
	}
}

// Usage is riichi's block of the score command's help.
func (ScoreCLI) Usage() string {
	return `
riichi (--rules riichi, default preset seed; also tenhou, mahjongsoul):
  The seed preset plays without red fives and ippatsu; riichi/tenhou and
  riichi/mahjongsoul play both (or --set red_fives=3 --set ippatsu=true).
  --round WIND        the round wind (default E)
  --riichi --double-riichi --ippatsu --haitei --houtei --rinshan --chankan
  --tenhou --chiihou --renhou
  --dora TILES        dora indicators, kan dora's after the first (e.g. 1z4z)
  --ura TILES         ura dora indicators
  --honba N           honba counters
  --deposits N        1,000-point sticks on the table, the winner's own riichi stick included
  --pao WIND          the player liable for a daisangen or daisuushii
`
}

// CheckPreset is Preset's error for a preset riichi does not have.
func (ScoreCLI) CheckPreset(name string) error {
	_, err := Preset(name)
	if k := cliKind(err); k != "" {
		err = scorecli.WithKind(k, err)
	}
	return err
}

// Score builds the win and the options from r and scores.
func (ScoreCLI) Score(r *scorecli.Request, preset string) (scorecli.Result, error) {
	r.Preset = preset
	if strings.Contains(r.Rules, "/") {
		r.PresetSet = true
	}
	out, err := cliScore(r)
	if err != nil {
		if k := cliKind(err); k != "" {
			err = scorecli.WithKind(k, err)
		}
		return nil, err
	}
	return out, nil
}

// cliKind names the kind of a riichi refusal, "" for one it does not
// know.
func cliKind(err error) string {
	switch {
	case errors.Is(err, ErrNoYaku):
		return scorecli.KindNoYaku
	case errors.Is(err, ErrNotWinning):
		return scorecli.KindNotWinning
	case errors.Is(err, ErrBadHand):
		return scorecli.KindBadHand
	case errors.Is(err, ErrConditions):
		return scorecli.KindConditions
	case errors.Is(err, ErrOptions):
		return scorecli.KindOptions
	}
	return ""
}

func cliScore(r *scorecli.Request) (*cliOutput, error) {
	// The numbers are read first, as the flags they were.
	for _, n := range []string{"honba", "deposits"} {
		if _, err := cliNumber(r, n); err != nil {
			return nil, scorecli.Usage(err)
		}
	}
	o, err := cliOptions(r)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	w, err := cliWin(r)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	label := r.Label("riichi", r.Preset)
	if o.RedFives == 0 {
		for _, t := range append(slices.Clone(w.Concealed), meldTiles(w.Melds)...) {
			if t.Red {
				return nil, scorecli.Usage(fmt.Errorf("%s is a red five, but %s plays without red fives: score under --rules riichi/tenhou or riichi/mahjongsoul, add --set red_fives=3, or write %d%c: %w", t, label, 5, t.String()[1], ErrOptions))
			}
		}
	}
	if w.Ippatsu && !o.Ippatsu {
		return nil, scorecli.Usage(fmt.Errorf("--ippatsu: %s does not play ippatsu: score under --rules riichi/tenhou or riichi/mahjongsoul, or add --set ippatsu=true: %w", label, ErrConditions))
	}
	res, err := Score(w, o)
	if err != nil {
		if errors.Is(err, ErrBadHand) || errors.Is(err, ErrConditions) {
			return nil, scorecli.Usage(err)
		}
		return nil, err
	}
	return newCLIOutput(&w, r, res), nil
}

// cliOptions is the preset with r's --options file and --set over it; an
// options file's own "preset" key picks the start when no preset is
// named.
func cliOptions(r *scorecli.Request) (Options, error) {
	o, err := Preset(r.Preset)
	if err != nil {
		return o, err
	}
	if r.Options != "" {
		data, err := os.ReadFile(r.Options)
		if err != nil {
			return o, err
		}
		if !r.PresetSet {
			o, err = ParseOptions(data)
		} else {
			o, err = o.Merge(data)
		}
		if err != nil {
			return o, fmt.Errorf("%s: %w", r.Options, scorecli.ExplainOptions(err, o))
		}
	}
	for _, s := range r.Sets {
		k, v, _ := strings.Cut(s, "=")
		if err := scorecli.KnownKey(strings.TrimSpace(k), o); err != nil {
			return o, fmt.Errorf("--set %s: %w", s, err)
		}
		if o, err = o.Merge([]byte(strings.TrimSpace(k) + ": " + strings.TrimSpace(v))); err != nil {
			return o, fmt.Errorf("--set %s: %w", s, err)
		}
	}
	return o, nil
}

// cliNumber reads the number flag name (0 when not given); the command
// line's reader has checked it (Condition.Number), a Request built
// otherwise gets the same message.
func cliNumber(r *scorecli.Request, name string) (int, error) {
	v := r.Value(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 0, strconv.IntSize)
	if err != nil {
		return 0, fmt.Errorf("invalid value %q for flag -%s: %w", v, name, scorecli.NumberError(err))
	}
	return int(n), nil
}

// cliWin reads the win from r.
func cliWin(r *scorecli.Request) (Win, error) {
	var w Win
	var err error
	if w.Honba, err = cliNumber(r, "honba"); err != nil {
		return w, err
	}
	if w.Deposits, err = cliNumber(r, "deposits"); err != nil {
		return w, err
	}
	h, err := tile.ParseHand(strings.Join(r.Hand, " "))
	if err != nil {
		return w, err
	}
	if len(h.Flowers) > 0 {
		return w, fmt.Errorf("riichi has no flowers (%s)", tile.Format(h.Flowers))
	}
	if err := scorecli.CheckChi(h); err != nil {
		return w, err
	}
	w.Concealed, w.Melds = h.Concealed, h.Melds
	if r.Win != "" {
		ts, err := tile.Parse(r.Win)
		if err != nil {
			return w, fmt.Errorf("--win: %w", err)
		}
		if len(ts) != 1 {
			return w, fmt.Errorf("--win takes one tile, got %q", r.Win)
		}
		w.WinTile = ts[0].Kind
		// A hand written without its winning tile gets it added.
		if len(w.Concealed)+3*len(w.Melds) == 13 {
			w.Concealed = append(w.Concealed, ts[0])
		}
	} else if len(w.Concealed) > 0 {
		w.WinTile = w.Concealed[len(w.Concealed)-1].Kind
	}
	if w.Seat, err = ParseWind(r.Seat); err != nil {
		return w, fmt.Errorf("--seat: %w", err)
	}
	if w.Round, err = ParseWind(cmp.Or(r.Value("round"), "E")); err != nil {
		return w, fmt.Errorf("--round: %w", err)
	}
	w.Tsumo = r.Tsumo
	w.From = (w.Seat + 3) & 3
	if r.From != "" {
		if r.Tsumo {
			return w, errors.New("--from names the discarder of a ron, not of a tsumo")
		}
		if w.From, err = ParseWind(r.From); err != nil {
			return w, fmt.Errorf("--from: %w", err)
		}
	}
	w.Riichi, w.DoubleRiichi, w.Ippatsu = r.On("riichi"), r.On("double-riichi"), r.On("ippatsu")
	w.Haitei, w.Houtei, w.Rinshan, w.Chankan = r.On("haitei"), r.On("houtei"), r.On("rinshan"), r.On("chankan")
	w.Tenhou, w.Chiihou, w.Renhou = r.On("tenhou"), r.On("chiihou"), r.On("renhou")
	for _, ind := range []struct {
		flag string
		to   *[]tile.Kind
	}{{"dora", &w.Dora}, {"ura", &w.Ura}} {
		s := r.Value(ind.flag)
		if s == "" {
			continue
		}
		ts, err := tile.Parse(s)
		if err != nil {
			return w, fmt.Errorf("--%s: %w", ind.flag, err)
		}
		*ind.to = tile.Kinds(ts)
	}
	if pao := r.Value("pao"); pao != "" {
		if w.Pao.Liable, err = ParseWind(pao); err != nil {
			return w, fmt.Errorf("--pao: %w", err)
		}
		w.Pao.Yaku = Daisangen
		c := h.Counts()
		if c[tile.East] >= 3 && c[tile.South] >= 3 && c[tile.West] >= 3 && c[tile.North] >= 3 {
			w.Pao.Yaku = Daisuushii
		}
	}
	return w, nil
}

// meldTiles lists the tiles of melds.
func meldTiles(ms []tile.Meld) []tile.Tile {
	var out []tile.Tile
	for _, m := range ms {
		out = append(out, m.Tiles...)
	}
	return out
}
