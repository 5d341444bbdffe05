package riichi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"jantaku/rules/scorecli"
	"jantaku/rules/tile"
)

// cliOutput is a scored riichi hand as the score command prints it (and
// as JSON).
type cliOutput struct {
	Line     int         `json:"line,omitempty"`
	Hand     string      `json:"hand"`
	Win      string      `json:"win"`
	Tsumo    bool        `json:"tsumo"`
	Seat     Wind        `json:"seat"`
	Round    Wind        `json:"round"`
	Rules    string      `json:"rules"`
	Preset   string      `json:"preset"`
	Yaku     []cliYaku   `json:"yaku"`
	Han      int         `json:"han"`
	Fu       int         `json:"fu"`
	FuParts  []cliFuPart `json:"fu_parts,omitempty"`
	Yakuman  int         `json:"yakuman,omitempty"`
	Limit    string      `json:"limit,omitempty"`
	Base     int         `json:"base"`
	Payments []Payment   `json:"payments"`
	Deposits int         `json:"deposits"`
	Total    int         `json:"total"`
}

type cliYaku struct {
	Name     string `json:"name"`
	Japanese string `json:"japanese"`
	Han      int    `json:"han,omitempty"`
	Yakuman  int    `json:"yakuman,omitempty"`
}

type cliFuPart struct {
	Reason string `json:"reason"`
	Fu     int    `json:"fu"`
	Tile   string `json:"tile,omitempty"`
}

func newCLIOutput(w *Win, r *scorecli.Request, res Result) *cliOutput {
	conc := slices.Clone(w.Concealed)
	slices.SortStableFunc(conc, func(a, b tile.Tile) int { return int(a.Kind) - int(b.Kind) })
	h := tile.Hand{Concealed: conc, Melds: w.Melds}
	rules := r.Preset
	if r.Options != "" {
		rules = r.Options
		if r.PresetSet {
			rules = r.Preset + " + " + r.Options
		}
	}
	out := &cliOutput{
		Hand: h.String(), Win: w.WinTile.String(), Tsumo: w.Tsumo, Seat: w.Seat, Round: w.Round, Rules: r.Label("riichi", r.Preset), Preset: rules,
		Han: res.Han, Fu: res.Fu, Yakuman: res.Yakuman, Limit: res.Limit.String(), Base: res.Base,
		Payments: res.Payments, Deposits: res.Deposits, Total: res.Total,
	}
	for _, y := range res.Yaku {
		out.Yaku = append(out.Yaku, cliYaku{Name: y.Yaku.String(), Japanese: y.Yaku.Japanese(), Han: y.Han, Yakuman: y.Yakuman})
	}
	for _, p := range res.FuParts {
		fo := cliFuPart{Reason: p.Reason.String(), Fu: p.Fu}
		switch p.Reason {
		case FuOpenTriplet, FuConcealedTriplet, FuOpenKong, FuConcealedKong, FuPair:
			fo.Tile = p.Tile.String()
		case FuWait:
			fo.Reason = p.Wait.String() + " wait"
		}
		out.FuParts = append(out.FuParts, fo)
	}
	return out
}

// SetLine records the batch line the hand came from.
func (o *cliOutput) SetLine(n int) { o.Line = n }

// Summary is the one-line form (batch mode).
func (o *cliOutput) Summary() string {
	var ys []string
	for _, y := range o.Yaku {
		if y.Yakuman > 0 {
			ys = append(ys, fmt.Sprintf("%s ×%d", y.Name, y.Yakuman))
		} else {
			ys = append(ys, fmt.Sprintf("%s %d", y.Name, y.Han))
		}
	}
	var ps []string
	for _, p := range o.Payments {
		ps = append(ps, fmt.Sprintf("%v %d", p.From, p.Total()))
	}
	return fmt.Sprintf("%s: %s; %s; %d (%s) [%s]", o.Hand, strings.Join(ys, ", "), o.valueText(), o.Total, strings.Join(ps, ", "), o.Rules)
}

func (o *cliOutput) valueText() string {
	v := fmt.Sprintf("%d han %d fu", o.Han, o.Fu)
	if o.Yakuman > 0 {
		v = "yakuman"
		if o.Yakuman > 1 {
			v = strconv.Itoa(o.Yakuman) + "× yakuman"
		}
		return v
	}
	if o.Limit != "" {
		v += " " + o.Limit
	}
	return v
}

// Text is the full form: the hand, the yaku, han and fu with the fu's
// parts, the payments and the winner's total.
func (o *cliOutput) Text() string {
	var b strings.Builder
	how := "ron"
	if o.Tsumo {
		how = "tsumo"
	}
	fmt.Fprintf(&b, "%s  +%s %s, seat %v, round %v (rules: %s)\n", o.Hand, o.Win, how, o.Seat, o.Round, o.Rules)
	for _, y := range o.Yaku {
		switch {
		case y.Yakuman > 1:
			fmt.Fprintf(&b, "  %-28s %s  ×%d yakuman\n", y.Name, y.Japanese, y.Yakuman)
		case y.Yakuman == 1:
			fmt.Fprintf(&b, "  %-28s %s  yakuman\n", y.Name, y.Japanese)
		default:
			fmt.Fprintf(&b, "  %-28s %s  %d han\n", y.Name, y.Japanese, y.Han)
		}
	}
	fmt.Fprintf(&b, "%s, base %d\n", o.valueText(), o.Base)
	if len(o.FuParts) > 0 {
		var ps []string
		sum := 0
		for _, p := range o.FuParts {
			s := p.Reason
			if p.Tile != "" {
				s += " " + p.Tile
			}
			ps = append(ps, fmt.Sprintf("%s %d", s, p.Fu))
			sum += p.Fu
		}
		fmt.Fprintf(&b, "fu: %s = %d → %d\n", strings.Join(ps, " + "), sum, o.Fu)
	}
	for _, p := range o.Payments {
		fmt.Fprintf(&b, "%v\n", p)
	}
	if o.Deposits > 0 {
		fmt.Fprintf(&b, "deposits to %v: %d\n", o.Seat, o.Deposits)
	}
	fmt.Fprintf(&b, "total: %v +%d\n", o.Seat, o.Total)
	return b.String()
}
