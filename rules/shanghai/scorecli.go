package shanghai

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/scorecli"
)

// ScoreCLI is how the score command scores a hand under old Shanghai
// mahjong: its condition flags and its printed result (scorecli.Family).
// The preset is the variant: laoshi (老式), liuxing (流行式), xinshi (新式)
// or late80s.
type ScoreCLI struct{}

// Conditions are the round wind, the situational 台 and the other seats'
// hands, which 老式 scores too.
func (ScoreCLI) Conditions() []scorecli.Condition {
	return []scorecli.Condition{
		{Name: "round", Arg: "WIND", Usage: "the round wind (default E; 流行式, 新式 and late80s with its extra 番)"},
		{Name: "replacement", Usage: "槓頭開花: self-drawn on the replacement for a kong or a flower (a tsumo)"},
		{Name: "flower-replacement", Usage: "with --replacement: the replacement was for a flower"},
		{Name: "robbing", Usage: "搶槓: won on a tile added to a pung; --from names the robbed player"},
		{Name: "player", Arg: "WIND=HAND", Usage: "another seat's hand with its flowers; 老式 scores every hand, so give all three; repeatable"},
	}
}

// cliTotals are Shanghai's figures: the winner's 胡, 台 (番) and chips,
// the hand's score, the value paid on (after any cap), who pays alone
// under 包, and in 老式 the other players' scores.
type cliTotals struct {
	Variant string     `json:"variant"`
	Fu      int        `json:"fu,omitempty"`
	Tai     int        `json:"tai"`
	Chips   int        `json:"chips,omitempty"`
	Score   int        `json:"score"`
	Value   int        `json:"value"`
	Liable  string     `json:"liable,omitempty"`
	Others  []cliTally `json:"others,omitempty"`
}

type cliTally struct {
	Seat  string `json:"seat"`
	Fu    int    `json:"fu"`
	Tai   int    `json:"tai"`
	Score int    `json:"score"`
}

// Score scores the hand r describes under the variant preset names.
func (c ScoreCLI) Score(r *scorecli.Request, preset string) (scorecli.Result, error) {
	o, err := scorecli.PresetOptions(func(p string) (Options, error) { return Preset(Variant(p)) }, preset, r)
	if err != nil {
		return nil, err
	}
	if err := r.Ways([]string{"replacement"}, []string{"robbing"}); err != nil {
		return nil, err
	}
	if r.On("flower-replacement") && !r.On("replacement") {
		return nil, scorecli.Usage(errors.New("--flower-replacement goes with --replacement"))
	}
	th, win, err := r.WinnerHand()
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	winner, from, err := r.Seats(Players)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	round, err := scorecli.WindFlag("round", cmp.Or(r.Value("round"), "E"))
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	others, err := r.SeatHands("player", Players, winner)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	s := Situation{Dealer: 0, Round: round}
	s.Hands[winner] = th
	for seat, h := range others {
		s.Hands[seat] = h
	}
	if o.Variant == Laoshi {
		var missing []string
		for i := range game.Seat(Players) {
			if _, ok := others[i]; !ok && i != winner {
				missing = append(missing, scorecli.SeatName(i))
			}
		}
		if len(missing) > 0 {
			return nil, scorecli.Usage(fmt.Errorf("shanghai/laoshi scores every hand: give --player WIND=HAND for %s", strings.Join(missing, " ")))
		}
	}
	s.Win = Win{Seat: winner, Tile: win, From: from, Robbed: r.On("robbing"),
		Replacement: r.On("replacement"), FlowerReplacement: r.On("flower-replacement")}
	res, err := Score(o, s)
	if err != nil {
		if errors.Is(err, ErrBadHand) || errors.Is(err, ErrOptions) {
			return nil, scorecli.Usage(err)
		}
		return nil, err
	}
	out := scorecli.NewSheet(r, r.Label("shanghai", preset), th, win, winner, from, c.Conditions())
	out.Items = cliItems("", res.Winner.Items)
	w := res.Winner
	t := cliTotals{Variant: string(o.Variant), Fu: w.Fu, Tai: w.Tai, Chips: w.Chips, Score: w.Score, Value: res.Value}
	out.Value = o.Variant.Han() + ": " + res.Summary()
	if o.Variant == Late80s && res.Value != w.Score {
		out.Limit = fmt.Sprintf("辣子 %d", res.Value)
	}
	if res.Liable != game.NoSeat {
		t.Liable = scorecli.SeatName(res.Liable)
		out.Value += fmt.Sprintf("; 包: %s pays alone", t.Liable)
	}
	for _, ot := range res.Others {
		seat := scorecli.SeatName(ot.Seat)
		t.Others = append(t.Others, cliTally{Seat: seat, Fu: ot.Fu, Tai: ot.Tai, Score: ot.Score})
		its := cliItems(seat, ot.Items)
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
	out.Pay(res.Payments, Players, winner)
	return out, nil
}

// cliItems lists one player's scoring elements, each with the tiles it is
// about, named as Item.String writes them: "han value (english, english
// value)", where han is the variant's spelling (対対胡 in late80s).
func cliItems(seat string, its []Item) []scorecli.Item {
	var out []scorecli.Item
	for _, it := range its {
		s, mid, end := it.String(), " "+it.Value()+" (", ", "+it.EnglishValue()+")"
		name, en, ok := strings.Cut(s, mid)
		if !ok {
			name, en = it.Name.Han(), it.Name.English()
		}
		out = append(out, scorecli.Item{Seat: seat, Name: name, English: strings.TrimSuffix(en, end), Value: it.Value()})
	}
	return out
}
