package hand

import "jantaku/rules/tile"

// Wait is one tile kind that completes a waiting hand.
type Wait struct {
	Tile tile.Kind
	// Shapes the hand makes with Tile: Standard and every special shape
	// of the options that it completes.
	Shapes Shapes
	// Exhausted is set when the concealed part already holds all four
	// copies of Tile, so the wait is one of shape only. Riichi does not
	// count such a tile as a winning tile (spec/riichi.md §7.5); copies in
	// melds and discards are the caller's to count.
	Exhausted bool
}

// Waits returns every tile kind that completes the waiting concealed part
// c (13−3k tiles with the wildcards), ascending, with the shapes it
// completes. Kinds whose four copies are all in c are listed too, marked
// Exhausted. A hand that is not waiting gives an empty slice and a nil
// error. The winning tile is a real tile, so o.WildNever does not limit
// it.
func Waits(c tile.Counts, o Options) ([]Wait, error) {
	n, err := check(&c, &o, totalWaiting)
	if err != nil {
		return nil, err
	}
	out := []Wait{}
	for k := range tile.NumKinds {
		c[k]++
		var sh Shapes
		if completeStandard(&c, &o) {
			sh = ShapesOf(Standard)
		}
		sh |= completeShapes(&c, &o, n+1, false)
		c[k]--
		if sh != 0 {
			out = append(out, Wait{Tile: tile.Kind(k), Shapes: sh, Exhausted: c[k] == 4})
		}
	}
	return out, nil
}
