package wuhan

import (
	"errors"
	"fmt"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// ErrIndicator: the indicator is not a tile in play.
var ErrIndicator = errors.New("wuhan: bad wildcard indicator")

// honourCycle is the honours' successor order, winds and dragons in one
// cycle with the dragons 中 發 白 (spec/wuhan.md §5.2).
var honourCycle = [...]tile.Kind{tile.East, tile.South, tile.West, tile.North, tile.Red, tile.Green, tile.White}

// successor returns the kind after k: n → n+1 with 9 → 1, honours round
// honourCycle. No skips.
func successor(k tile.Kind) tile.Kind {
	if k.IsSuited() {
		if k.Rank() == 9 {
			return k - 8
		}
		return k + 1
	}
	for i, h := range honourCycle {
		if h == k {
			return honourCycle[(i+1)%len(honourCycle)]
		}
	}
	return k
}

// predecessor is the inverse of successor: 1 → 9, E → 白 (DEC-06).
func predecessor(k tile.Kind) tile.Kind {
	if k.IsSuited() {
		if k.Rank() == 1 {
			return k + 8
		}
		return k - 1
	}
	for i, h := range honourCycle {
		if h == k {
			return honourCycle[(i+len(honourCycle)-1)%len(honourCycle)]
		}
	}
	return k
}

// Roles is what the indicator makes of the tile kinds in one hand.
type Roles struct {
	Indicator tile.Kind
	Wildcard  tile.Kind // 頼子: every copy of this kind is a wildcard (§5.3)
	// KongOnly are the kinds that may only be single-konged or discarded:
	// 中 發 (main rule), 中 (紅中頼子槓, 荊州) or the two 皮 (七皮四頼).
	KongOnly hand.Mask
	// Absent are the kinds not in play (荊州: a suit and East).
	Absent hand.Mask
}

// Roles returns the wildcard and the kong-only kinds for an indicator
// (§5.2, the table there; DEC-06, DEC-07).
func (o Options) Roles(indicator tile.Kind) (Roles, error) {
	set, err := o.Set()
	if err != nil {
		return Roles{}, err
	}
	if indicator >= tile.NumKinds || !set.Has(indicator) {
		return Roles{}, fmt.Errorf("%w: %v is not a tile of %s", ErrIndicator, indicator, set.Name)
	}
	r := Roles{Indicator: indicator}
	for k := range tile.Kind(tile.NumKinds) {
		if !set.Has(k) {
			r.Absent |= hand.MaskOf(k)
		}
	}
	switch o.Ruleset {
	case HZFC:
		r.KongOnly = hand.MaskOf(tile.Red, tile.Green)
	case HZ, Jingzhou:
		r.KongOnly = hand.MaskOf(tile.Red)
	case QiPi:
		r.KongOnly = hand.MaskOf(indicator, predecessor(indicator))
	}
	skip := r.KongOnly | r.Absent
	if o.Ruleset == QiPi {
		skip = 0 // DEC-06: no skips; the successor is never a 皮
	}
	w := successor(indicator)
	for skip.Has(w) {
		w = successor(w)
	}
	r.Wildcard = w
	return r, nil
}

// Special reports whether k scores as a kong when single-konged or
// discarded: a wildcard or a kong-only tile (§7.1.3).
func (r Roles) Special(k tile.Kind) bool { return k == r.Wildcard || r.KongOnly.Has(k) }

// never is the mask of kinds a wildcard may not stand for (§1 table).
func (r Roles) never() hand.Mask { return r.KongOnly | r.Absent }

// playable reports whether k may be in a winning hand as a real tile.
func (r Roles) playable(k tile.Kind) bool {
	return k < tile.NumKinds && !r.KongOnly.Has(k) && !r.Absent.Has(k)
}
