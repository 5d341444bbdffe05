package sichuan

import (
	"errors"
	"fmt"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// ErrMissingSuit is wrapped when an act or a hand involves a tile of the
// player's missing suit (spec/sichuan.md §3.2, §10).
var ErrMissingSuit = errors.New("missing-suit tile")

// Hand is a winning hand to value: the concealed tiles with the winning
// tile, the melds (pungs and kongs, concealed kongs included) and the
// missing suit.
type Hand struct {
	Concealed tile.Counts
	Melds     []tile.Meld
	Missing   tile.Suit
}

// ParseHand reads a hand in tile notation (tile.ParseHand), the winning
// tile included: "333m44m888p(pon 444p<1)(pon 999m<2)".
func ParseHand(s string, missing tile.Suit) (Hand, error) {
	th, err := tile.ParseHand(s)
	if err != nil {
		return Hand{}, err
	}
	return Hand{Concealed: tile.CountsOf(th.Concealed), Melds: th.Melds, Missing: missing}, nil
}

// Conditions is how the hand was won.
type Conditions struct {
	SelfDrawn   bool // ツモ: every player still playing pays, plus the bonus
	Replacement bool // ⑥ the self-drawn tile was a kong replacement
	AfterKong   bool // ⑦ ron on the discard a player made right after a kong
	Robbing     bool // ⑧ ron on a tile added to a pung
	Last        bool // ⑨ the last wall tile self-drawn, or the discard after it
}

// Result is a valued win.
type Result struct {
	Yaku  []Scored
	Han   int        // the sum, before the cap
	Value int        // 2^翻 capped (spec/sichuan.md §7.2): what a discarder pays
	Pay   int        // what each payer pays: Value, plus the bonus for a self-draw
	Shape hand.Shape // the arrangement's shape
}

// Items lists the yaku for game.Value.
func (r Result) Items() []game.Item {
	out := make([]game.Item, 0, len(r.Yaku))
	for _, y := range r.Yaku {
		out = append(out, game.Item{Name: y.Yaku.Name(), En: y.Yaku.English(), Value: fmt.Sprintf("%d翻", y.Han)})
	}
	return out
}

func (r Result) String() string {
	return fmt.Sprintf("%d翻 %d底 (%v)", r.Han, r.Pay, r.Yaku)
}

var arrangeOpts = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs), FourAsTwoPairs: true}

// Score values a winning hand (spec/sichuan.md §5, §7). The error wraps
// game.ErrNotWinning for a hand that is not complete, ErrMissingSuit too
// when it holds a tile of the missing suit.
//
// Score allocates the Result's yaku list; a Scorer reuses its own.
func Score(h Hand, c Conditions, o Options) (Result, error) { return score(&h, &c, &o, nil) }

// Scorer scores hands in storage of its own: the Result it returns shares
// that storage and is valid until the Scorer's next call. Reusing a
// Scorer, scoring a hand allocates nothing (an error does). The zero value
// is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct{ yaku [16]Scored }

// Score is the package's Score in z's storage.
func (z *Scorer) Score(h Hand, c Conditions, o Options) (Result, error) {
	return score(&h, &c, &o, &z.yaku)
}

// score is Score with the yaku list in out, or in a new slice when out
// is nil.
func score(hp *Hand, cp *Conditions, op *Options, out *[16]Scored) (Result, error) {
	h, c, o := *hp, *cp, *op // copies: pointers kept would move the caller's values to the heap
	if c.Replacement && !c.SelfDrawn || (c.AfterKong || c.Robbing) && c.SelfDrawn || c.AfterKong && c.Robbing {
		return Result{}, fmt.Errorf("sichuan: conditions %+v cannot all hold: %w", c, game.ErrIllegal)
	}
	all := h.Concealed
	n := h.Concealed.Total()
	for i, m := range h.Melds {
		// A meld that is no set (a tile of no kind, a flower, too few
		// tiles) is a description no table gives: turned down, not
		// counted as three tiles.
		if err := m.Check(); err != nil {
			return Result{}, fmt.Errorf("sichuan: meld %d: %w: %w", i+1, err, game.ErrIllegal)
		}
		if m.Type == tile.Chi {
			return Result{}, fmt.Errorf("sichuan: a chi meld: %w", game.ErrNotWinning)
		}
		for _, t := range m.Tiles {
			if t.Kind < tile.NumKinds {
				all[t.Kind]++
			}
		}
		n += 3
	}
	if n != 14 {
		return Result{}, fmt.Errorf("sichuan: %d tiles (a kong counts 3), want 14: %w", n, game.ErrNotWinning)
	}
	var gen int
	suits := map[tile.Suit]bool{}
	for k, v := range all {
		if v == 0 {
			continue
		}
		kk := tile.Kind(k)
		if !kk.IsSuited() {
			return Result{}, fmt.Errorf("sichuan: %s is not a suit tile: %w", kk, game.ErrNotWinning)
		}
		if kk.Suit() == h.Missing {
			return Result{}, fmt.Errorf("sichuan: holds %s of the missing suit: %w: %w", kk, ErrMissingSuit, game.ErrNotWinning)
		}
		suits[kk.Suit()] = true
		if v >= 4 {
			gen++
		}
	}
	if gen > 1 && !o.GenPerKind {
		gen = 1
	}
	var buf [8]hand.Decomposition
	arrs, err := hand.Decompose(buf[:0], &h.Concealed, &arrangeOpts)
	if err != nil {
		return Result{}, fmt.Errorf("sichuan: %w: %w", err, game.ErrNotWinning)
	}
	if len(arrs) == 0 {
		return Result{}, fmt.Errorf("sichuan: %s is not a winning shape: %w", h.Concealed, game.ErrNotWinning)
	}
	best := Result{Han: -1}
	var bestYaku [16]Scored // the best reading's yaku, copied out at the end
	nbest := 0
	for i := range arrs {
		a := arrs[i].Arrangement()
		var yb [16]Scored
		ys := yb[:0]
		add := func(y Yaku, n int) {
			if n > 0 {
				ys = append(ys, Scored{y, n * han[y]})
			}
		}
		add(Gen, gen)
		switch a.Shape {
		case hand.SevenPairs:
			add(QiDui, 1)
		case hand.Standard:
			pungs := true
			for _, g := range a.Groups {
				if g.Kind == hand.Sequence {
					pungs = false
				}
			}
			if pungs {
				add(DaDuiZi, 1)
				if len(h.Melds) == 4 {
					add(LuoDanQi, 1)
				}
			}
		}
		if len(suits) == 1 {
			add(QingYiSe, 1)
		}
		for _, w := range [...]struct {
			y  Yaku
			on bool
		}{{LingShang, c.Replacement}, {GangShangPao, c.AfterKong}, {QiangGang, c.Robbing}, {HaiDi, c.Last}} {
			if w.on {
				add(w.y, 1)
			}
		}
		sortScored(ys)
		total := 0
		for _, y := range ys {
			total += y.Han
		}
		if total > best.Han {
			best = Result{Han: total, Shape: a.Shape}
			nbest = copy(bestYaku[:], ys)
		}
	}
	switch {
	case nbest > 0 && out != nil:
		*out = bestYaku
		best.Yaku = out[:nbest:nbest]
	case nbest > 0:
		best.Yaku = slices.Clone(bestYaku[:nbest])
	}
	best.Value = Value(best.Han, o)
	best.Pay = best.Value
	if c.SelfDrawn {
		best.Pay += o.TsumoBonus // D-SC-06: after the cap
	}
	return best, nil
}

// Value is what a discarder pays for a win of han 翻: 2^han, capped at
// 2^CapHan (spec/sichuan.md §7.2).
func Value(han int, o Options) int {
	return 1 << min(han, o.CapHan)
}

func sortScored(ys []Scored) {
	for i := 1; i < len(ys); i++ {
		for j := i; j > 0 && ys[j].Yaku < ys[j-1].Yaku; j-- {
			ys[j], ys[j-1] = ys[j-1], ys[j]
		}
	}
}
