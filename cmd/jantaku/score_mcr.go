package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// mcrFamily is Chinese Official mahjong (rules/mcr).
type mcrFamily struct{}

func (mcrFamily) conditions() []condFlag {
	return []condFlag{
		{"round", "WIND", "the prevailing wind (default E)"},
		{"last-copy", "", "和绝张: the other three copies of the winning tile are in view"},
		{"last-tile", "", "the wall is empty: 妙手回春 on a tsumo, 海底捞月 on a ron"},
		{"replacement", "", "杠上开花: self-drawn on a kong's replacement (a tsumo)"},
		{"robbing", "", "抢杠和: won on a tile added to a kong; --from names its owner"},
		{"flowers", "N", "the winner's flowers, 0–8 (1 point each; or write them 1f–8f in HAND)"},
	}
}

// mcrTotals are MCR's figures: the fan points, the flowers, their sum s
// (what is paid) and the minimum the points must reach.
type mcrTotals struct {
	Points  int  `json:"points"`
	Flowers int  `json:"flowers"`
	Total   int  `json:"total"`
	Minimum int  `json:"minimum"`
	Base    int  `json:"base"`
	Winning bool `json:"winning"`
}

func (fam mcrFamily) score(f *scoreFlags, preset string) (scoreResult, error) {
	o, err := presetOptions(mcr.Preset, preset, f)
	if err != nil {
		return nil, err
	}
	if err := f.ways([]string{"replacement"}, []string{"robbing"}); err != nil {
		return nil, err
	}
	th, win, err := f.winnerHand()
	if err != nil {
		return nil, usageError{err}
	}
	flowers := len(th.Flowers)
	if v := f.value("flowers"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 0 || n > 8:
			return nil, usageError{fmt.Errorf("--flowers %q: want a number of flowers, 0–8", v)}
		case flowers > 0:
			return nil, usageError{fmt.Errorf("--flowers %d and the flowers %s in HAND: give them one way", n, tile.Format(th.Flowers))}
		}
		flowers = n
	}
	if flowers > 0 && !o.Flowers {
		return nil, usageError{fmt.Errorf("mcr/%s plays without flowers (%d given)", preset, flowers)}
	}
	const players = 4
	winner, from, err := f.seats(players)
	if err != nil {
		return nil, usageError{err}
	}
	round, err := windKind("round", f.round)
	if err != nil {
		return nil, usageError{err}
	}
	c := mcr.Conditions{
		Win: win, SelfDrawn: f.tsumo, LastCopy: f.on("last-copy"), LastTile: f.on("last-tile"),
		Replacement: f.on("replacement"), Robbing: f.on("robbing"),
		Prevalent: round, Seat: tile.East + tile.Kind(winner),
	}
	h := mcr.Hand{Concealed: tile.CountsOf(th.Concealed), Melds: th.Melds, Flowers: flowers}
	r, err := mcr.Score(h, c, o)
	if err != nil {
		if errors.Is(err, mcr.ErrBadHand) || errors.Is(err, mcr.ErrOptions) || errors.Is(err, game.ErrIllegal) {
			return nil, usageError{err}
		}
		return nil, err
	}
	if !r.Winning {
		var fans []string
		for _, it := range r.Items() {
			fans = append(fans, it.Name+" "+it.Value)
		}
		return nil, notWon{fmt.Errorf("%w: %d fan points (%s), mcr/%s needs %d: %w",
			mcr.ErrBelowMinimum, r.Points, strings.Join(fans, ", "), preset, o.Minimum, game.ErrNotWinning), gameItems("", r.Items())}
	}
	out := newFamilyOutput(f, f.rulesLabel("mcr", preset), th, win, winner, from, fam)
	out.Items = gameItems("", r.Items())
	out.Totals = mcrTotals{Points: r.Points, Flowers: r.Flowers, Total: r.Total, Minimum: o.Minimum, Base: o.Base, Winning: r.Winning}
	out.Value = fmt.Sprintf("%d points", r.Total)
	if r.Flowers > 0 {
		out.Value = fmt.Sprintf("%d points (%d + %d flowers)", r.Total, r.Points, r.Flowers)
	}
	out.Value += fmt.Sprintf(", minimum %d, base %d", o.Minimum, o.Base)
	out.pay(mcr.Payments(players, winner, from, r.Total, o.Base), players, winner)
	return out, nil
}
