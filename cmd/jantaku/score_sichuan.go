package main

import (
	"errors"
	"fmt"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
)

// sichuanFamily is Sichuan 血戦到底 (rules/sichuan).
type sichuanFamily struct{}

func (sichuanFamily) conditions() []condFlag {
	return []condFlag{
		{"missing", "SUIT", "the winner's missing suit (欠色), m p or s (default: a suit the hand lacks)"},
		{"replacement", "", "⑥ 嶺上開花 (杠上花): self-drawn on a kong's replacement (a tsumo)"},
		{"after-kong", "", "⑦ カンブリ (杠上炮): ron on the discard made right after a kong"},
		{"robbing", "", "⑧ 槍槓: ron on a tile added to a pung; --from names its owner"},
		{"last-tile", "", "⑨ 海底: the last wall tile self-drawn, or the discard after it"},
		{"won", "WINDS", "the players who have already won this hand (they do not pay), e.g. W or WN"},
	}
}

// sichuanTotals are Sichuan's figures: the 翻 before the cap, the value
// a discarder pays (2^翻, capped) and what each payer pays.
type sichuanTotals struct {
	Han    int `json:"han"`
	CapHan int `json:"cap_han"`
	Value  int `json:"value"`
	Pay    int `json:"pay"`
}

func (fam sichuanFamily) score(f *scoreFlags, preset string) (scoreResult, error) {
	o, err := presetOptions(sichuan.Preset, preset, f)
	if err != nil {
		return nil, err
	}
	if err := f.ways([]string{"replacement"}, []string{"after-kong", "robbing"}); err != nil {
		return nil, err
	}
	th, win, err := f.winnerHand()
	if err != nil {
		return nil, usageError{err}
	}
	if len(th.Flowers) > 0 {
		return nil, usageError{fmt.Errorf("sichuan has no flowers (%s)", tile.Format(th.Flowers))}
	}
	const players = 4
	winner, from, err := f.seats(players)
	if err != nil {
		return nil, usageError{err}
	}
	missing, err := missingSuit(f.value("missing"), th)
	if err != nil {
		return nil, usageError{err}
	}
	won := map[game.Seat]bool{}
	for _, r := range strings.ToUpper(f.value("won")) {
		if r == ',' || r == ' ' {
			continue
		}
		s, err := seatFlag("won", string(r), players)
		if err != nil {
			return nil, usageError{err}
		}
		if s == winner || s == from {
			return nil, usageError{fmt.Errorf("--won %s: seat %s is still playing (it wins or deals in this win)", f.value("won"), seatName(s))}
		}
		won[s] = true
	}
	c := sichuan.Conditions{SelfDrawn: f.tsumo, Replacement: f.on("replacement"), AfterKong: f.on("after-kong"),
		Robbing: f.on("robbing"), Last: f.on("last-tile")}
	h := sichuan.Hand{Concealed: tile.CountsOf(th.Concealed), Melds: th.Melds, Missing: missing}
	r, err := sichuan.Score(h, c, o)
	if err != nil {
		if errors.Is(err, game.ErrIllegal) {
			return nil, usageError{err}
		}
		return nil, err
	}
	out := newFamilyOutput(f, f.rulesLabel("sichuan", preset), th, win, winner, from, fam)
	out.Items = gameItems("", r.Items())
	if len(out.Items) == 0 {
		out.Items = []itemOut{{Name: "無役", English: "no yaku", Value: "0翻"}}
	}
	out.Totals = sichuanTotals{Han: r.Han, CapHan: o.CapHan, Value: r.Value, Pay: r.Pay}
	out.Value = fmt.Sprintf("%d翻 → %d底", r.Han, r.Value)
	if r.Han > o.CapHan {
		out.Value = fmt.Sprintf("%d翻, capped at %d翻 → %d底", r.Han, o.CapHan, r.Value)
	}
	if r.Han >= o.CapHan {
		out.Limit = "満貫"
	}
	var ps []game.Payment
	if f.tsumo {
		out.Value += fmt.Sprintf(", +%d for the tsumo: %d底 from each player still playing", r.Pay-r.Value, r.Pay)
		for s := range game.Seat(players) {
			if s != winner && !won[s] {
				ps = append(ps, game.Payment{From: s, To: winner, Amount: r.Pay, Reason: "win"})
			}
		}
	} else {
		ps = append(ps, game.Payment{From: from, To: winner, Amount: r.Value, Reason: "win"})
	}
	out.pay(ps, players, winner)
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
