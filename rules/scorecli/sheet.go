package scorecli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Sheet is a hand scored by a family other than riichi, as printed (Text,
// Summary) and as JSON.
type Sheet struct {
	Line  int    `json:"line,omitempty"`
	Rules string `json:"rules"`
	Hand  string `json:"hand"`
	Win   string `json:"win"`
	Tsumo bool   `json:"tsumo"`
	Seat  string `json:"seat"`
	From  string `json:"from,omitempty"`
	// Conditions are the condition switches given, e.g. "replacement".
	Conditions []string `json:"conditions,omitempty"`
	Items      []Item   `json:"items"`
	// Value is the totals in words; Totals the family's figures.
	Value  string `json:"value"`
	Totals any    `json:"totals"`
	Limit  string `json:"limit,omitempty"`
	// Shares are the family's per-payer workings (text only; JSON has
	// them in Totals).
	Shares   []string     `json:"-"`
	Payments []Payment    `json:"payments"`
	Net      []SeatAmount `json:"net"`
	Total    int          `json:"total"`
}

// Item is one yaku, fan or other scoring element. Seat is set for the
// elements of a player who did not win.
type Item struct {
	Seat    string `json:"seat,omitempty"`
	Name    string `json:"name"`
	English string `json:"english"`
	Value   string `json:"value"`
}

// Payment is one payment as printed.
type Payment struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount int    `json:"amount"`
	Reason string `json:"reason,omitempty"`
}

// SeatAmount is a seat's net.
type SeatAmount struct {
	Seat   string `json:"seat"`
	Amount int    `json:"amount"`
}

// NewSheet fills what every family shares: the rules label, the hand with
// its concealed tiles sorted, the win, and the switches of conds that r
// sets.
func NewSheet(r *Request, rules string, h tile.Hand, win tile.Kind, winner, from game.Seat, conds []Condition) *Sheet {
	conc := slices.Clone(h.Concealed)
	slices.SortStableFunc(conc, func(a, b tile.Tile) int { return int(a.Kind) - int(b.Kind) })
	h.Concealed = conc
	o := &Sheet{Rules: rules, Hand: h.String(), Win: win.String(), Tsumo: r.Tsumo, Seat: SeatName(winner)}
	if from != game.NoSeat {
		o.From = SeatName(from)
	}
	for _, c := range conds {
		if c.Switch() && r.On(c.Name) {
			o.Conditions = append(o.Conditions, c.Name)
		}
	}
	return o
}

// Pay records the payments and each seat's net, the winner's as Total.
func (o *Sheet) Pay(ps []game.Payment, players int, winner game.Seat) {
	net := make([]int, players)
	for _, p := range ps {
		o.Payments = append(o.Payments, Payment{From: SeatName(p.From), To: SeatName(p.To), Amount: p.Amount, Reason: p.Reason})
		if p.From >= 0 && int(p.From) < players {
			net[p.From] -= p.Amount
		}
		if p.To >= 0 && int(p.To) < players {
			net[p.To] += p.Amount
		}
	}
	for i, n := range net {
		if n != 0 || game.Seat(i) == winner {
			o.Net = append(o.Net, SeatAmount{Seat: SeatName(game.Seat(i)), Amount: n})
		}
	}
	o.Total = net[winner]
}

// SetLine records the batch line the hand came from.
func (o *Sheet) SetLine(n int) { o.Line = n }

// Text is the full form: the hand, the winner's items, the value, the
// workings, the payments, the net and the winner's total.
func (o *Sheet) Text() string {
	var b strings.Builder
	how := "ron"
	if o.Tsumo {
		how = "tsumo"
	}
	if o.From != "" {
		how += " from " + o.From
	}
	for _, c := range o.Conditions {
		how += ", " + c
	}
	fmt.Fprintf(&b, "%s  +%s %s, seat %s (rules: %s)\n", o.Hand, o.Win, how, o.Seat, o.Rules)
	for _, it := range o.Items {
		if it.Seat == "" {
			fmt.Fprintf(&b, "  %s %-34s %s\n", Pad(it.Name, 14), it.English, it.Value)
		}
	}
	fmt.Fprintf(&b, "%s\n", o.Value)
	if o.Limit != "" {
		fmt.Fprintf(&b, "limit: %s\n", o.Limit)
	}
	for _, s := range o.Shares {
		fmt.Fprintf(&b, "%s\n", s)
	}
	for _, p := range o.Payments {
		fmt.Fprintf(&b, "%s pays %s %d", p.From, p.To, p.Amount)
		if p.Reason != "" && p.Reason != "win" {
			fmt.Fprintf(&b, " (%s)", p.Reason)
		}
		b.WriteString("\n")
	}
	if len(o.Net) > 2 || len(o.Net) == 2 && len(o.Payments) > 1 {
		var ns []string
		for _, n := range o.Net {
			ns = append(ns, fmt.Sprintf("%s %+d", n.Seat, n.Amount))
		}
		fmt.Fprintf(&b, "net: %s\n", strings.Join(ns, ", "))
	}
	fmt.Fprintf(&b, "total: %s %+d\n", o.Seat, o.Total)
	return b.String()
}

// Summary is the one-line form (batch mode).
func (o *Sheet) Summary() string {
	var is, ps []string
	for _, it := range o.Items {
		if it.Seat == "" {
			is = append(is, it.Name+" "+it.Value)
		}
	}
	for _, p := range o.Payments {
		ps = append(ps, fmt.Sprintf("%s %d", p.From, p.Amount))
	}
	return fmt.Sprintf("%s: %s; %s; %d (%s) [%s]", o.Hand, strings.Join(is, ", "), o.Value, o.Total, strings.Join(ps, ", "), o.Rules)
}

// Items turns a ruleset's game.Items into printed items of seat ("" the
// winner).
func Items(seat string, its []game.Item) []Item {
	var out []Item
	for _, it := range its {
		out = append(out, Item{Seat: seat, Name: it.Name, English: it.En, Value: it.Value})
	}
	return out
}

// Pad fills s with spaces to n columns, a wide (CJK) character taking two.
func Pad(s string, n int) string {
	w := 0
	for _, r := range s {
		w++
		if r >= 0x2E80 && r < 0xA000 || r >= 0xF900 && r < 0xFB00 || r >= 0xFF00 && r < 0xFF61 {
			w++
		}
	}
	if w >= n {
		return s
	}
	return s + strings.Repeat(" ", n-w)
}

// Num writes a figure without a needless fraction.
func Num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
