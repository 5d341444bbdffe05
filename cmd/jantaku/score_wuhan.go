package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
)

// wuhanFamily is Wuhan mahjong and its variants (rules/wuhan).
type wuhanFamily struct{}

func (wuhanFamily) conditions() []condFlag {
	return []condFlag{
		{"indicator", "TILE", "the wildcard indicator (頼子皮), required: the wildcard (頼子) is the tile after it"},
		{"replacement", "", "槓上開: self-drawn on a kong's replacement (a tsumo)"},
		{"seabed", "", "海底撈: self-drawn in the last four draws (a tsumo)"},
		{"robbing", "", "搶槓: won on a tile added to a pon; --from names the robbed player"},
		{"player", "WIND=HAND", "another seat's melds (its openings and kongs) and, for 全求人's 包, its concealed tiles; repeatable"},
		{"specials", "WIND=TILES", "wildcards and kong-only tiles (紅中, 發財, 皮) that seat single-konged or discarded; repeatable"},
	}
}

// wuhanTotals are Wuhan's figures.
type wuhanTotals struct {
	Wildcard  string       `json:"wildcard"`
	Wildcards int          `json:"wildcards"`
	Hard      bool         `json:"hard"`
	Patterns  []string     `json:"patterns"`
	Base      float64      `json:"base"`
	WinnerFan int          `json:"winner_fan"`
	Shares    []wuhanShare `json:"shares"`
	Bao       string       `json:"bao,omitempty"`
	BaoReason string       `json:"bao_reason,omitempty"`
	Points    float64      `json:"points"`
	Money     int          `json:"money"`
}

// wuhanShare is one payer's part: its own fan, the base and exponent, the
// raw points, the cap and what it pays.
type wuhanShare struct {
	Seat   string    `json:"seat"`
	Fan    []itemOut `json:"fan"`
	Base   float64   `json:"base"`
	Exp    int       `json:"exp"`
	Raw    float64   `json:"raw"`
	Cap    string    `json:"cap,omitempty"`
	Points float64   `json:"points"`
	Money  int       `json:"money"`
	Pays   int       `json:"pays"`
}

func (fam wuhanFamily) score(f *scoreFlags, preset string) (scoreResult, error) {
	o, err := presetOptions(wuhan.Preset, preset, f)
	if err != nil {
		return nil, err
	}
	if err := f.ways([]string{"replacement", "seabed"}, []string{"robbing"}); err != nil {
		return nil, err
	}
	if f.value("indicator") == "" {
		return nil, usageError{errors.New("wuhan needs --indicator TILE, the wildcard indicator (頼子皮)")}
	}
	ind, err := tile.Parse(f.value("indicator"))
	if err != nil || len(ind) != 1 {
		return nil, usageError{fmt.Errorf("--indicator takes one tile, got %q", f.value("indicator"))}
	}
	roles, err := o.Roles(ind[0].Kind)
	if err != nil {
		return nil, usageError{fmt.Errorf("--indicator: %w", err)}
	}
	th, win, err := f.winnerHand()
	if err != nil {
		return nil, usageError{err}
	}
	if len(th.Flowers) > 0 {
		return nil, usageError{fmt.Errorf("wuhan has no flowers (%s)", tile.Format(th.Flowers))}
	}
	players := o.Players()
	winner, from, err := f.seats(players)
	if err != nil {
		return nil, usageError{err}
	}
	others, err := f.seatHands("player", players, winner)
	if err != nil {
		return nil, usageError{err}
	}
	s := wuhan.Situation{Indicator: roles.Indicator, Winner: winner, Tile: win, Way: wuhan.ByDiscard, From: from,
		Replacement: f.on("replacement"), Seabed: f.on("seabed")}
	switch {
	case f.tsumo:
		s.Way = wuhan.BySelfDraw
	case f.on("robbing"):
		s.Way = wuhan.ByRobbing
	}
	s.Players = make([]wuhan.Player, players)
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
				return nil, usageError{fmt.Errorf("--player %s: wuhan has no flowers", seatName(seat))}
			}
			p.Concealed, p.Melds = tile.Kinds(h.Concealed), h.Melds
		}
	}
	for _, v := range f.cond["specials"] {
		w, ts, ok := strings.Cut(v, "=")
		if !ok {
			return nil, usageError{fmt.Errorf("--specials wants WIND=TILES, got %q", v)}
		}
		seat, err := seatFlag("specials", strings.TrimSpace(w), players)
		if err != nil {
			return nil, usageError{err}
		}
		ks, err := tile.Parse(ts)
		if err != nil {
			return nil, usageError{fmt.Errorf("--specials %s: %w", v, err)}
		}
		s.Players[seat].Specials = append(s.Players[seat].Specials, tile.Kinds(ks)...)
	}
	r, err := wuhan.Score(o, s)
	if err != nil {
		if errors.Is(err, wuhan.ErrSituation) || errors.Is(err, wuhan.ErrOptions) || errors.Is(err, wuhan.ErrIndicator) {
			return nil, usageError{err}
		}
		return nil, err
	}
	out := newFamilyOutput(f, f.rulesLabel("wuhan", preset), th, win, winner, from, fam)
	out.Items = gameItems("", r.Value().Items)
	t := wuhanTotals{Wildcard: roles.Wildcard.String(), Wildcards: r.Wildcards, Hard: r.Hard, Base: r.Base, WinnerFan: r.WinnerFan,
		Points: r.Points, Money: r.Money}
	for _, p := range r.Patterns {
		t.Patterns = append(t.Patterns, p.Han())
	}
	var caps []string
	for _, sh := range r.Shares {
		ws := wuhanShare{Seat: seatName(sh.Seat), Fan: wuhanFan(seatName(sh.Seat), sh.Fan), Base: sh.Base, Exp: sh.Exp,
			Raw: sh.Raw, Points: sh.Points, Money: sh.Money, Pays: sh.Pays}
		var fan []string
		for _, it := range ws.Fan {
			fan = append(fan, it.Name+" "+it.Value)
		}
		if len(fan) == 0 {
			fan = append(fan, "no fan")
		}
		line := fmt.Sprintf("  %s: %s; %s × 2^%d = %s points", ws.Seat, strings.Join(fan, ", "), num(sh.Base), sh.Exp, num(sh.Raw))
		if sh.Cap != wuhan.Uncapped {
			ws.Cap = sh.Cap.String()
			caps = append(caps, ws.Seat+" "+ws.Cap)
			line += fmt.Sprintf(" → %s %s", ws.Cap, num(sh.Points))
		}
		out.Shares = append(out.Shares, line+fmt.Sprintf(" → %d", sh.Money))
		out.Items = append(out.Items, ws.Fan...)
		t.Shares = append(t.Shares, ws)
	}
	out.Limit = strings.Join(caps, ", ")
	kind := "小胡"
	if r.Big() {
		kind = "大胡 " + strings.Join(t.Patterns, " ")
	}
	hard := ""
	if r.Hard {
		hard = ", 硬胡"
	}
	out.Value = fmt.Sprintf("%s, wildcard %s ×%d%s; base %s, winner's fan %d; %s points, %d in money",
		kind, roles.Wildcard, r.Wildcards, hard, num(r.Base), r.WinnerFan, num(r.Points), r.Money)
	if r.Bao != game.NoSeat {
		t.Bao, t.BaoReason = seatName(r.Bao), r.BaoReason
		out.Value += fmt.Sprintf("; 包: %s pays all (%s)", t.Bao, r.BaoReason)
	}
	out.Totals = t
	out.pay(r.Payments(winner), players, winner)
	return out, nil
}

// wuhanFan lists one player's fan items.
func wuhanFan(seat string, fs []wuhan.Fan) []itemOut {
	var out []itemOut
	for _, f := range fs {
		name := f.Kind.Han()
		if f.Count > 1 {
			name += " ×" + strconv.Itoa(f.Count)
		}
		out = append(out, itemOut{Seat: seat, Name: name, English: f.Kind.English(), Value: f.Value()})
	}
	return out
}

// num writes a figure without a needless fraction.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
