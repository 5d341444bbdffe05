package wuhan

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/scorecli"
	"jantaku/rules/tile"
)

// ScoreCLI is how the score command scores a hand under Wuhan mahjong and
// its variants: its condition flags and its printed result
// (scorecli.Family).
type ScoreCLI struct{}

// Conditions are the indicator, the situational patterns and what every
// other seat did, which its own fan depends on (spec/wuhan.md §9).
func (ScoreCLI) Conditions() []scorecli.Condition {
	return []scorecli.Condition{
		{Name: "indicator", Arg: "TILE", Usage: "the wildcard indicator (頼子皮), required: the wildcard (頼子) is the tile after it"},
		{Name: "replacement", Usage: "槓上開: self-drawn on a kong's replacement (a tsumo)"},
		{Name: "seabed", Usage: "海底撈: self-drawn in the last four draws (a tsumo)"},
		{Name: "robbing", Usage: "搶槓: won on a tile added to a pon; --from names the robbed player"},
		{Name: "player", Arg: "WIND=HAND", Usage: "another seat's melds (its openings and kongs) and, for 全求人's 包, its concealed tiles; repeatable"},
		{Name: "specials", Arg: "WIND=TILES", Usage: "wildcards and kong-only tiles (紅中, 發財, 皮) that seat single-konged or discarded; repeatable"},
	}
}

// cliTotals are Wuhan's figures.
type cliTotals struct {
	Wildcard  string     `json:"wildcard"`
	Wildcards int        `json:"wildcards"`
	Hard      bool       `json:"hard"`
	Patterns  []string   `json:"patterns"`
	Base      float64    `json:"base"`
	WinnerFan int        `json:"winner_fan"`
	Shares    []cliShare `json:"shares"`
	Bao       string     `json:"bao,omitempty"`
	BaoReason string     `json:"bao_reason,omitempty"`
	Points    float64    `json:"points"`
	Money     int        `json:"money"`
}

// cliShare is one payer's part: its own fan, the base and exponent, the
// raw points, the cap and what it pays.
type cliShare struct {
	Seat   string          `json:"seat"`
	Fan    []scorecli.Item `json:"fan"`
	Base   float64         `json:"base"`
	Exp    int             `json:"exp"`
	Raw    float64         `json:"raw"`
	Cap    string          `json:"cap,omitempty"`
	Points float64         `json:"points"`
	Money  int             `json:"money"`
	Pays   int             `json:"pays"`
}

// Score scores the hand r describes under the preset: every payer's share
// with its own fan, cap and money.
func (c ScoreCLI) Score(r *scorecli.Request, preset string) (scorecli.Result, error) {
	o, err := scorecli.PresetOptions(Preset, preset, r)
	if err != nil {
		return nil, err
	}
	if err := r.Ways([]string{"replacement", "seabed"}, []string{"robbing"}); err != nil {
		return nil, err
	}
	if r.Value("indicator") == "" {
		return nil, scorecli.Usage(errors.New("wuhan needs --indicator TILE, the wildcard indicator (頼子皮)"))
	}
	ind, err := tile.Parse(r.Value("indicator"))
	if err != nil || len(ind) != 1 {
		return nil, scorecli.Usage(fmt.Errorf("--indicator takes one tile, got %q", r.Value("indicator")))
	}
	roles, err := o.Roles(ind[0].Kind)
	if err != nil {
		return nil, scorecli.Usage(fmt.Errorf("--indicator: %w", err))
	}
	th, win, err := r.WinnerHand()
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	if len(th.Flowers) > 0 {
		return nil, scorecli.Usage(fmt.Errorf("wuhan has no flowers (%s)", tile.Format(th.Flowers)))
	}
	players := o.Players()
	winner, from, err := r.Seats(players)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	others, err := r.SeatHands("player", players, winner)
	if err != nil {
		return nil, scorecli.Usage(err)
	}
	s := Situation{Indicator: roles.Indicator, Winner: winner, Tile: win, Way: ByDiscard, From: from,
		Replacement: r.On("replacement"), Seabed: r.On("seabed")}
	switch {
	case r.Tsumo:
		s.Way = BySelfDraw
	case r.On("robbing"):
		s.Way = ByRobbing
	}
	s.Players = make([]Player, players)
	for i := range s.Players {
		seat := game.Seat(i)
		p := &s.Players[i]
		p.Dealer = seat == 0
		if seat == winner {
			conc := tile.Kinds(th.Concealed)
			for j := len(conc) - 1; j >= 0; j-- {
				if conc[j] == win {
					conc = append(conc[:j], conc[j+1:]...)
					break
				}
			}
			p.Concealed, p.Melds = conc, th.Melds
		} else if h, ok := others[seat]; ok {
			if len(h.Flowers) > 0 {
				return nil, scorecli.Usage(fmt.Errorf("--player %s: wuhan has no flowers", scorecli.SeatName(seat)))
			}
			p.Concealed, p.Melds = tile.Kinds(h.Concealed), h.Melds
		}
	}
	for _, v := range r.Cond["specials"] {
		w, ts, ok := strings.Cut(v, "=")
		if !ok {
			return nil, scorecli.Usage(fmt.Errorf("--specials wants WIND=TILES, got %q", v))
		}
		seat, err := scorecli.SeatFlag("specials", strings.TrimSpace(w), players)
		if err != nil {
			return nil, scorecli.Usage(err)
		}
		ks, err := tile.Parse(ts)
		if err != nil {
			return nil, scorecli.Usage(fmt.Errorf("--specials %s: %w", v, err))
		}
		s.Players[seat].Specials = append(s.Players[seat].Specials, tile.Kinds(ks)...)
	}
	res, err := Score(o, s)
	if err != nil {
		switch {
		case errors.Is(err, ErrSituation) || errors.Is(err, ErrOptions) || errors.Is(err, ErrIndicator):
			return nil, scorecli.Usage(err)
		case errors.Is(err, ErrThreshold):
			return nil, scorecli.WithKind(scorecli.KindBelowMinimum, err)
		}
		return nil, err
	}
	return c.sheet(r, preset, th, win, players, winner, from, roles.Wildcard, res), nil
}

// sheet writes a scored hand: the winner's items, each payer's share
// (its fan, base × 2^exp, any cap, the money) and who pays what.
func (c ScoreCLI) sheet(r *scorecli.Request, preset string, th tile.Hand, win tile.Kind, players int, winner, from game.Seat, wildcard tile.Kind, res Result) *scorecli.Sheet {
	out := scorecli.NewSheet(r, r.Label("wuhan", preset), th, win, winner, from, c.Conditions())
	out.Items = scorecli.Items("", res.Value().Items)
	t := cliTotals{Wildcard: wildcard.String(), Wildcards: res.Wildcards, Hard: res.Hard, Base: res.Base, WinnerFan: res.WinnerFan,
		Points: res.Points, Money: res.Money}
	for _, p := range res.Patterns {
		t.Patterns = append(t.Patterns, p.Han())
	}
	var caps []string
	for _, sh := range res.Shares {
		seat := scorecli.SeatName(sh.Seat)
		ws := cliShare{Seat: seat, Fan: cliFan(seat, sh.Fan), Base: sh.Base, Exp: sh.Exp,
			Raw: sh.Raw, Points: sh.Points, Money: sh.Money, Pays: sh.Pays}
		var fan []string
		for _, it := range ws.Fan {
			fan = append(fan, it.Name+" "+it.Value)
		}
		if len(fan) == 0 {
			fan = append(fan, "no fan")
		}
		line := fmt.Sprintf("  %s: %s; %s × 2^%d = %s points", ws.Seat, strings.Join(fan, ", "), scorecli.Num(sh.Base), sh.Exp, scorecli.Num(sh.Raw))
		if sh.Cap != Uncapped {
			ws.Cap = sh.Cap.String()
			caps = append(caps, ws.Seat+" "+ws.Cap)
			line += fmt.Sprintf(" → %s %s", ws.Cap, scorecli.Num(sh.Points))
		}
		out.Shares = append(out.Shares, line+fmt.Sprintf(" → %d", sh.Money))
		out.Items = append(out.Items, ws.Fan...)
		t.Shares = append(t.Shares, ws)
	}
	out.Limit = strings.Join(caps, ", ")
	kind := "小胡"
	if res.Big() {
		kind = "大胡 " + strings.Join(t.Patterns, " ")
	}
	hard := ""
	if res.Hard {
		hard = ", 硬胡"
	}
	out.Value = fmt.Sprintf("%s, wildcard %s ×%d%s; base %s, winner's fan %d; %s points, %d in money",
		kind, wildcard, res.Wildcards, hard, scorecli.Num(res.Base), res.WinnerFan, scorecli.Num(res.Points), res.Money)
	if res.Bao != game.NoSeat {
		t.Bao, t.BaoReason = scorecli.SeatName(res.Bao), res.BaoReason
		out.Value += fmt.Sprintf("; 包: %s pays all (%s)", t.Bao, res.BaoReason)
	}
	out.Totals = t
	out.Pay(res.Payments(winner), players, winner)
	return out
}

// cliFan lists one player's fan items.
func cliFan(seat string, fs []Fan) []scorecli.Item {
	var out []scorecli.Item
	for _, f := range fs {
		name := f.Kind.Han()
		if f.Count > 1 {
			name += " ×" + strconv.Itoa(f.Count)
		}
		out = append(out, scorecli.Item{Seat: seat, Name: name, English: f.Kind.English(), Value: f.Value()})
	}
	return out
}
