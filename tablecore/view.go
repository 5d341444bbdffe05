package tablecore

import (
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// ViewVersion is the schema version of the views below; displays check it.
const ViewVersion = 1

// View is the table as some audience may see it. Public views leave Hand
// empty for every seat; a seat's own view fills its own Hand and Legal;
// the spectators' view fills every Hand. No view ever holds the order of
// the wall: tiles not yet drawn are only counted.
type View struct {
	V          int      `json:"v"`
	Seq        int64    `json:"seq"` // the last event the view includes
	Ruleset    string   `json:"ruleset"`
	Hand       int      `json:"hand"` // hands started, from 1; 0 before the first deal
	Phase      string   `json:"phase"`
	Round      string   `json:"round"`  // prevailing wind, "1z"–"4z"
	Number     int      `json:"number"` // hand number in the round, from 1
	Dealer     int      `json:"dealer"`
	Turn       int      `json:"turn"`
	Honba      int      `json:"honba"`
	Pot        int      `json:"pot"`
	Dice       [2]int   `json:"dice"`
	Scores     []int    `json:"scores"`
	Indicators []string `json:"indicators"`
	// Copies are the tile kinds of the game's set held other than four
	// times, by code: 0 for a kind the set leaves out (three-player
	// riichi's 2m–8m, 荊州's removed suit and East). Flowers are not
	// listed. A display counting the tiles still unseen needs it.
	Copies   map[string]int `json:"copies,omitempty"`
	WallLeft int            `json:"wall_left"`
	Seats    []SeatView     `json:"seats"`
	Claim    *ClaimView     `json:"claim,omitempty"`
	Wins     []WinView      `json:"wins,omitempty"`
	End      *EndView       `json:"end,omitempty"`
	GameOver bool           `json:"game_over"`
	// Settlement is the final account once the game is over (places and
	// results after uma and oka), for the result screen.
	Settlement *game.Settlement `json:"settlement,omitempty"`
	// For a seat's own view: the seat and what it may do now.
	Viewer int          `json:"viewer"` // -1: public; 4: spectators
	Legal  []ActionView `json:"legal,omitempty"`
}

// SeatView is one seat as the view's audience sees it.
type SeatView struct {
	Seat     int           `json:"seat"`
	Wind     string        `json:"wind"`
	Tiles    int           `json:"tiles"`          // tiles in hand, always shown
	Hand     []string      `json:"hand,omitempty"` // only to the seat itself and spectators
	Melds    []string      `json:"melds"`
	Discards []DiscardView `json:"discards"`
	Flowers  []string      `json:"flowers,omitempty"`
	Kongs    []string      `json:"single_kongs,omitempty"`
	Riichi   bool          `json:"riichi"`
	Won      bool          `json:"won"`
	Missing  string        `json:"missing,omitempty"`
}

// DiscardView is one discard.
type DiscardView struct {
	Tile   string `json:"tile"`
	Drawn  bool   `json:"drawn,omitempty"`
	Riichi bool   `json:"riichi,omitempty"`
	Taken  bool   `json:"taken,omitempty"`
}

// ClaimView is an open claim window.
type ClaimView struct {
	From    int    `json:"from"`
	Tile    string `json:"tile"`
	Robbing bool   `json:"robbing,omitempty"`
}

// WinView is a win and its value.
type WinView struct {
	Seat     int           `json:"seat"`
	From     int           `json:"from"` // -1: self-drawn
	Tile     string        `json:"tile"`
	Robbed   bool          `json:"robbed,omitempty"`
	Summary  string        `json:"summary"`
	Points   int           `json:"points"`
	Items    []game.Item   `json:"items"`
	Payments []PaymentView `json:"payments"`
	Hand     []string      `json:"hand,omitempty"` // the winning hand, once shown
}

// PaymentView is one payment; -1 is the pot.
type PaymentView struct {
	From   int    `json:"from"`
	To     int    `json:"to"`
	Amount int    `json:"amount"`
	Reason string `json:"reason,omitempty"`
}

// EndView is how the hand ended.
type EndView struct {
	Kind     string        `json:"kind"`
	Reason   string        `json:"reason,omitempty"`
	Ready    []bool        `json:"ready,omitempty"`
	Payments []PaymentView `json:"payments,omitempty"`
}

// ActionView is an action in a display's terms.
type ActionView struct {
	Kind string   `json:"kind"`
	Tile string   `json:"tile,omitempty"`
	Uses []string `json:"uses,omitempty"`
	Suit string   `json:"suit,omitempty"`
}

// Audiences for View.
const (
	Public     = -1
	Spectators = 4
)

// View returns the table as audience sees it: Public, Spectators, or a
// seat number for that seat's own view. Winners' hands are shown to all
// once the hand is over (while a hand goes on after wins, they stay hidden).
func (g *Game) View(audience int) View {
	v := View{V: ViewVersion, Seq: g.seq, Ruleset: g.rules.Name, Hand: g.hands, Viewer: audience, GameOver: g.over, Dealer: int(g.st.Dealer), Scores: g.st.Scores}
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		if c := g.rules.Set.Copies[k]; c != 4 {
			if v.Copies == nil {
				v.Copies = map[string]int{}
			}
			v.Copies[k.String()] = int(c)
		}
	}
	if st, ok := g.Settlement(); ok {
		v.Settlement = &st
	}
	h := g.h
	if h == nil {
		v.Phase = "waiting"
		v.Round = g.st.Round.String()
		v.Number = g.st.Number + 1
		return v
	}
	v.Phase = h.Phase.String()
	v.Round, v.Number, v.Dealer, v.Turn = h.Round.String(), h.Number+1, int(h.Dealer), int(h.Turn)
	v.Honba, v.Pot, v.Dice, v.Scores = h.Honba, h.Pot, h.Dice, append([]int(nil), h.Scores...)
	v.WallLeft = h.Wall.Remaining()
	v.Indicators = tileStrings(h.IndicatorTiles())
	for i := range h.Seats {
		p := &h.Seats[i]
		sv := SeatView{Seat: i, Wind: h.SeatWind(game.Seat(i)).String(), Tiles: len(p.Hand), Riichi: p.Riichi >= 0, Won: p.Won, Melds: []string{}, Discards: []DiscardView{}}
		if audience == i || audience == Spectators || (h.Phase == game.Over && p.Won) {
			sv.Hand = tileStrings(p.Hand)
		}
		for _, m := range p.Melds {
			sv.Melds = append(sv.Melds, m.String())
		}
		for _, d := range p.Discards {
			sv.Discards = append(sv.Discards, DiscardView{Tile: d.Tile.String(), Drawn: d.Drawn, Riichi: d.Riichi, Taken: d.Taken})
		}
		sv.Flowers, sv.Kongs = tileStrings(p.Flowers), tileStrings(p.SingleKans)
		// A missing suit is public once the player has discarded (the
		// face-down tile is turned up then, sichuan.md §3.1).
		if p.HasMissing && (audience == i || audience == Spectators || len(p.Discards) > 0) {
			sv.Missing = p.Missing.String()
		}
		v.Seats = append(v.Seats, sv)
	}
	if h.Phase == game.Claims {
		v.Claim = &ClaimView{From: int(h.Claim.From), Tile: h.Claim.Tile.String(), Robbing: h.Claim.Robbing}
	}
	for _, w := range h.Wins {
		wv := WinView{Seat: int(w.Seat), From: int(w.From), Tile: w.Tile.String(), Robbed: w.Robbed, Summary: w.Value.Summary, Points: w.Value.Points, Items: w.Value.Items, Payments: payViews(w.Payments)}
		if wv.Items == nil {
			wv.Items = []game.Item{}
		}
		if h.Phase == game.Over || audience == Spectators || audience == int(w.Seat) {
			wv.Hand = tileStrings(h.Seats[w.Seat].Hand)
		}
		v.Wins = append(v.Wins, wv)
	}
	if h.End != nil {
		v.End = &EndView{Kind: h.End.Kind.String(), Reason: h.End.Reason, Ready: h.End.Ready, Payments: payViews(h.End.Payments)}
	}
	if audience >= 0 && audience < h.Players {
		for _, a := range g.Legal(game.Seat(audience)) {
			av := ActionView{Kind: a.Kind.String(), Uses: tileStrings(a.Uses)}
			switch a.Kind {
			case game.Missing:
				av.Suit = a.Suit.String()
			case game.Pass, game.Abort, game.Tsumo:
			case game.Draw:
				// The tile to come stays face down until drawn.
			default:
				av.Tile = a.Tile.String()
			}
			v.Legal = append(v.Legal, av)
		}
	}
	return v
}

func tileStrings(ts []tile.Tile) []string {
	if len(ts) == 0 {
		return nil
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out
}

func payViews(ps []game.Payment) []PaymentView {
	out := make([]PaymentView, 0, len(ps))
	for _, p := range ps {
		out = append(out, PaymentView{From: int(p.From), To: int(p.To), Amount: p.Amount, Reason: p.Reason})
	}
	return out
}
