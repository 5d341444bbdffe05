package main

import (
	"errors"
	"fmt"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
)

// shanghaiFamily is old Shanghai mahjong (rules/shanghai); the preset is
// the variant: laoshi (老式), liuxing (流行式), xinshi (新式) or late80s.
type shanghaiFamily struct{}

func (shanghaiFamily) conditions() []condFlag {
	return []condFlag{
		{"round", "WIND", "the round wind (default E; 流行式, 新式 and late80s with its extra 番)"},
		{"replacement", "", "槓頭開花: self-drawn on the replacement for a kong or a flower (a tsumo)"},
		{"flower-replacement", "", "with --replacement: the replacement was for a flower"},
		{"robbing", "", "搶槓: won on a tile added to a pung; --from names the robbed player"},
		{"player", "WIND=HAND", "another seat's hand with its flowers; 老式 scores every hand, so give all three; repeatable"},
	}
}

// shanghaiTotals are Shanghai's figures: the winner's 胡, 台 (番) and
// chips, the hand's score, the value paid on (after any cap), who pays
// alone under 包, and in 老式 the other players' scores.
type shanghaiTotals struct {
	Variant string          `json:"variant"`
	Fu      int             `json:"fu,omitempty"`
	Tai     int             `json:"tai"`
	Chips   int             `json:"chips,omitempty"`
	Score   int             `json:"score"`
	Value   int             `json:"value"`
	Liable  string          `json:"liable,omitempty"`
	Others  []shanghaiTally `json:"others,omitempty"`
}

type shanghaiTally struct {
	Seat  string `json:"seat"`
	Fu    int    `json:"fu"`
	Tai   int    `json:"tai"`
	Score int    `json:"score"`
}

func (fam shanghaiFamily) score(f *scoreFlags, preset string) (scoreResult, error) {
	o, err := presetOptions(func(p string) (shanghai.Options, error) { return shanghai.Preset(shanghai.Variant(p)) }, preset, f)
	if err != nil {
		return nil, err
	}
	if err := f.ways([]string{"replacement"}, []string{"robbing"}); err != nil {
		return nil, err
	}
	if f.on("flower-replacement") && !f.on("replacement") {
		return nil, usageError{errors.New("--flower-replacement goes with --replacement")}
	}
	th, win, err := f.winnerHand()
	if err != nil {
		return nil, usageError{err}
	}
	const players = shanghai.Players
	winner, from, err := f.seats(players)
	if err != nil {
		return nil, usageError{err}
	}
	round, err := windKind("round", f.round)
	if err != nil {
		return nil, usageError{err}
	}
	others, err := f.seatHands("player", players, winner)
	if err != nil {
		return nil, usageError{err}
	}
	s := shanghai.Situation{Dealer: 0, Round: round}
	s.Hands[winner] = th
	for seat, h := range others {
		s.Hands[seat] = h
	}
	if o.Variant == shanghai.Laoshi {
		var missing []string
		for i := range game.Seat(players) {
			if _, ok := others[i]; !ok && i != winner {
				missing = append(missing, seatName(i))
			}
		}
		if len(missing) > 0 {
			return nil, usageError{fmt.Errorf("shanghai/laoshi scores every hand: give --player WIND=HAND for %s", strings.Join(missing, " "))}
		}
	}
	s.Win = shanghai.Win{Seat: winner, Tile: win, From: from, Robbed: f.on("robbing"),
		Replacement: f.on("replacement"), FlowerReplacement: f.on("flower-replacement")}
	r, err := shanghai.Score(o, s)
	if err != nil {
		if errors.Is(err, shanghai.ErrBadHand) || errors.Is(err, shanghai.ErrOptions) {
			return nil, usageError{err}
		}
		return nil, err
	}
	out := newFamilyOutput(f, f.rulesLabel("shanghai", preset), th, win, winner, from, fam)
	out.Items = shanghaiItems("", r.Winner.Items)
	w := r.Winner
	t := shanghaiTotals{Variant: string(o.Variant), Fu: w.Fu, Tai: w.Tai, Chips: w.Chips, Score: w.Score, Value: r.Value}
	out.Value = o.Variant.Han() + ": " + r.Summary()
	if o.Variant == shanghai.Late80s && r.Value != w.Score {
		out.Limit = fmt.Sprintf("辣子 %d", r.Value)
	}
	if r.Liable != game.NoSeat {
		t.Liable = seatName(r.Liable)
		out.Value += fmt.Sprintf("; 包: %s pays alone", t.Liable)
	}
	for _, ot := range r.Others {
		seat := seatName(ot.Seat)
		t.Others = append(t.Others, shanghaiTally{Seat: seat, Fu: ot.Fu, Tai: ot.Tai, Score: ot.Score})
		its := shanghaiItems(seat, ot.Items)
		out.Items = append(out.Items, its...)
		var is []string
		for _, it := range its {
			is = append(is, it.Name+" "+it.Value)
		}
		if len(is) == 0 {
			is = append(is, "nothing")
		}
		out.Shares = append(out.Shares, fmt.Sprintf("  %s: %s; %d胡 %d台 = %d", seat, strings.Join(is, ", "), ot.Fu, ot.Tai, ot.Score))
	}
	out.Totals = t
	out.pay(r.Payments, players, winner)
	return out, nil
}

// shanghaiItems lists one player's scoring elements, each with the tiles
// it is about, named as Item.String writes them: "han value (english,
// english value)", where han is the variant's spelling (対対胡 in late80s).
func shanghaiItems(seat string, its []shanghai.Item) []itemOut {
	var out []itemOut
	for _, it := range its {
		s, mid, end := it.String(), " "+it.Value()+" (", ", "+it.EnglishValue()+")"
		name, en, ok := strings.Cut(s, mid)
		if !ok {
			name, en = it.Name.Han(), it.Name.English()
		}
		out = append(out, itemOut{Seat: seat, Name: name, English: strings.TrimSuffix(en, end), Value: it.Value()})
	}
	return out
}
