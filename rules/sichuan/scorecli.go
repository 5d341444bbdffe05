package sichuan

import (
	"errors"
	"fmt"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/scorecli"
	"jantaku/rules/tile"
)

// ScoreCLI is how the score command scores a hand under Sichuan 血戦到底:
// its condition flags and its printed result (scorecli.Family).
type ScoreCLI struct{}

// Conditions are the situational yaku ⑥–⑨ (spec/sichuan.md §11), the
// missing suit and the players who have already won.
func (ScoreCLI) Conditions() []scorecli.Condition {
	return []scorecli.Condition{
		{Name: "missing", Arg: "SUIT", Usage: "the winner's missing suit (欠色), m p or s (default: a suit the hand lacks)"},
		{Name: "replacement", Usage: "⑥ 嶺上開花 (杠上花): self-drawn on a kong's replacement (a tsumo)"},
		{Name: "after-kong", Usage: "⑦ カンブリ (杠上炮): ron on the discard made right after a kong"},
		{Name: "robbing", Usage: "⑧ 槍槓: ron on a tile added to a pung; --from names its owner"},
		{Name: "last-tile", Usage: "⑨ 海底: the last wall tile self-drawn, or the discard after it"},
		{Name: "won", Arg: "WINDS", Usage: "the players who have already won this hand (they do not pay), e.g. W or WN"},
	}
}

// cliTotals are Sichuan's figures: the 翻 before the cap, the value a
// discarder pays (2^翻, capped) and what each payer pays on a tsumo.
type cliTotals struct {
	Han    int `json:"han"`
	CapHan int `json:"cap_han"`
	Value  int `json:"value"`
	Pay    int `json:"pay"`
}

// Score scores the hand r describes under the preset and pays it as
// spec/sichuan.md §12 says: the discarder pays the value, or on a tsumo
// every player still playing pays it and one more.
func (c ScoreCLI) Score(r *scorecli.Request, preset string) (scorecli.Result, error) {
	o, err := scorecli.PresetOptions(Preset, preset, r)
	if err != nil {
		return nil, err
	}
	if err := r.Ways([]string{"replacement"}, []string{"after-kong", "robbing"}); err != nil {
		return nil, err
	}
	th, win, err := r.WinnerHand()
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	if len(th.Flowers) > 0 {
		return nil, scorecli.Usage(fmt.Errorf("sichuan has no flowers (%s)", tile.Format(th.Flowers)))
	}
	const players = 4
	winner, from, err := r.Seats(players)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	missing, err := missingSuit(r.Value("missing"), th)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	won := map[game.Seat]bool{}
	for _, w := range strings.ToUpper(r.Value("won")) {
		if w == ',' || w == ' ' {
			continue
		}
		s, err := scorecli.SeatFlag("won", string(w), players)
		if err != nil {
			return nil, scorecli.Usage(err)
		}
		if s == winner || s == from {
			return nil, scorecli.Usage(fmt.Errorf("--won %s: seat %s is still playing (it wins or deals in this win)", r.Value("won"), scorecli.SeatName(s)))
		}
		won[s] = true
	}
	cond := Conditions{SelfDrawn: r.Tsumo, Replacement: r.On("replacement"), AfterKong: r.On("after-kong"),
		Robbing: r.On("robbing"), Last: r.On("last-tile")}
	h := Hand{Concealed: tile.CountsOf(th.Concealed), Melds: th.Melds, Missing: missing}
	res, err := Score(h, cond, o)
	if err != nil {
		if errors.Is(err, game.ErrIllegal) {
			return nil, scorecli.Usage(err)
		}
		return nil, err
	}
	out := scorecli.NewSheet(r, r.Label("sichuan", preset), th, win, winner, from, c.Conditions())
	out.Items = scorecli.Items("", res.Items())
	if len(out.Items) == 0 {
		out.Items = []scorecli.Item{{Name: "無役", English: "no yaku", Value: "0翻"}}
	}
	out.Totals = cliTotals{Han: res.Han, CapHan: o.CapHan, Value: res.Value, Pay: res.Pay}
	out.Value = fmt.Sprintf("%d翻 → %d底", res.Han, res.Value)
	if res.Han > o.CapHan {
		out.Value = fmt.Sprintf("%d翻, capped at %d翻 → %d底", res.Han, o.CapHan, res.Value)
	}
	if res.Han >= o.CapHan {
		out.Limit = "満貫"
	}
	var ps []game.Payment
	if r.Tsumo {
		out.Value += fmt.Sprintf(", +%d for the tsumo: %d底 from each player still playing", res.Pay-res.Value, res.Pay)
		for s := range game.Seat(players) {
			if s != winner && !won[s] {
				ps = append(ps, game.Payment{From: s, To: winner, Amount: res.Pay, Reason: "win"})
			}
		}
	} else {
		ps = append(ps, game.Payment{From: from, To: winner, Amount: res.Value, Reason: "win"})
	}
	out.Pay(ps, players, winner)
	return out, nil
}

// missingSuit reads --missing, or picks a suit the hand lacks.
func missingSuit(s string, h tile.Hand) (tile.Suit, error) {
	if s != "" {
		for _, suit := range []tile.Suit{tile.Man, tile.Pin, tile.Sou} {
			if strings.EqualFold(s, string(suit.Letter())) {
				return suit, nil
			}
		}
		return 0, fmt.Errorf("--missing %s: want m, p or s", s)
	}
	c := h.Counts()
	for _, suit := range []tile.Suit{tile.Man, tile.Pin, tile.Sou} {
		held := false
		for r := 1; r <= 9; r++ {
			k, _ := tile.Of(suit, r)
			held = held || c[k] > 0
		}
		if !held {
			return suit, nil
		}
	}
	return 0, fmt.Errorf("the hand %s holds all three suits; a Sichuan win lacks its missing suit (--missing)", h)
}
