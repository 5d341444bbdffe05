package mcr

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/scorecli"
	"jantaku/rules/tile"
)

// ScoreCLI is how the score command scores a hand under MCR: its
// condition flags and its printed result (scorecli.Family).
type ScoreCLI struct{}

// Conditions are MCR's situational fans (spec/mcr.md §4) and flowers.
func (ScoreCLI) Conditions() []scorecli.Condition {
	return []scorecli.Condition{
		{Name: "round", Arg: "WIND", Usage: "the prevailing wind (default E)"},
		{Name: "last-copy", Usage: "和绝张: the other three copies of the winning tile are in view"},
		{Name: "last-tile", Usage: "the wall is empty: 妙手回春 on a tsumo, 海底捞月 on a ron"},
		{Name: "replacement", Usage: "杠上开花: self-drawn on a kong's replacement (a tsumo)"},
		{Name: "robbing", Usage: "抢杠和: won on a tile added to a kong; --from names its owner"},
		{Name: "flowers", Arg: "N", Usage: "the winner's flowers, 0–8 (1 point each; or write them 1f–8f in HAND)"},
	}
}

// cliTotals are MCR's figures: the fan points, the flowers, their sum
// (what is paid) and the minimum the points must reach.
type cliTotals struct {
	Points  int  `json:"points"`
	Flowers int  `json:"flowers"`
	Total   int  `json:"total"`
	Minimum int  `json:"minimum"`
	Base    int  `json:"base"`
	Winning bool `json:"winning"`
}

// Score scores the hand r describes under the preset, paid as spec/mcr.md
// §6 says.
func (c ScoreCLI) Score(r *scorecli.Request, preset string) (scorecli.Result, error) {
	o, err := scorecli.PresetOptions(Preset, preset, r)
	if err != nil {
		return nil, err
	}
	if err := r.Ways([]string{"replacement"}, []string{"robbing"}); err != nil {
		return nil, err
	}
	th, win, err := r.WinnerHand()
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	flowers := len(th.Flowers)
	if v := r.Value("flowers"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 0 || n > 8:
			return nil, scorecli.Usage(fmt.Errorf("--flowers %q: want a number of flowers, 0–8", v))
		case flowers > 0:
			return nil, scorecli.Usage(fmt.Errorf("--flowers %d and the flowers %s in HAND: give them one way", n, tile.Format(th.Flowers)))
		}
		flowers = n
	}
	if flowers > 0 && !o.Flowers {
		return nil, scorecli.Usage(fmt.Errorf("mcr/%s plays without flowers (%d given)", preset, flowers))
	}
	const players = 4
	winner, from, err := r.Seats(players)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	round, err := scorecli.WindFlag("round", cmp.Or(r.Value("round"), "E"))
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	cond := Conditions{
		Win: win, SelfDrawn: r.Tsumo, LastCopy: r.On("last-copy"), LastTile: r.On("last-tile"),
		Replacement: r.On("replacement"), Robbing: r.On("robbing"),
		Prevalent: round, Seat: tile.East + tile.Kind(winner),
	}
	h := Hand{Concealed: tile.CountsOf(th.Concealed), Melds: th.Melds, Flowers: flowers}
	res, err := Score(h, cond, o)
	if err != nil {
		if errors.Is(err, ErrBadHand) || errors.Is(err, ErrOptions) || errors.Is(err, game.ErrIllegal) {
			return nil, scorecli.Usage(err)
		}
		return nil, err
	}
	if !res.Winning {
		var fans []string
		for _, it := range res.Items() {
			fans = append(fans, it.Name+" "+it.Value)
		}
		return nil, scorecli.WithKind(scorecli.KindBelowMinimum, scorecli.NotWon{Err: fmt.Errorf("%w: %d fan points (%s), mcr/%s needs %d: %w",
			ErrBelowMinimum, res.Points, strings.Join(fans, ", "), preset, o.Minimum, game.ErrNotWinning), Items: scorecli.Items("", res.Items())})
	}
	out := scorecli.NewSheet(r, r.Label("mcr", preset), th, win, winner, from, c.Conditions())
	out.Items = scorecli.Items("", res.Items())
	out.Totals = cliTotals{Points: res.Points, Flowers: res.Flowers, Total: res.Total, Minimum: o.Minimum, Base: o.Base, Winning: res.Winning}
	out.Value = fmt.Sprintf("%d points", res.Total)
	if res.Flowers > 0 {
		out.Value = fmt.Sprintf("%d points (%d + %d flowers)", res.Total, res.Points, res.Flowers)
	}
	out.Value += fmt.Sprintf(", minimum %d, base %d", o.Minimum, o.Base)
	out.Pay(Payments(players, winner, from, res.Total, o.Base), players, winner)
	return out, nil
}
