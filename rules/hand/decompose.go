package hand

import (
	"cmp"
	"slices"

	"jantaku/rules/tile"
)

// MaxGroups is the most groups an arrangement has: fourteen singles.
const MaxGroups = 14

// Decomposition is an Arrangement held by value. It holds no pointers, so
// a buffer of them can live in the caller's local array and Decompose
// into it allocates nothing; every ruleset's scorer reads its hands this
// way.
type Decomposition struct {
	Shape   Shape
	ngroups uint8
	nwild   uint8
	groups  [MaxGroups]Group
	wild    [4]Stand
}

// Groups returns the groups of d, as Arrangement.Groups.
func (d *Decomposition) Groups() []Group { return d.groups[:d.ngroups:d.ngroups] }

// Wild returns what the wildcards stood for, as Arrangement.Wild: nil
// without wildcards.
func (d *Decomposition) Wild() []Stand {
	if d.nwild == 0 {
		return nil
	}
	return d.wild[:d.nwild:d.nwild]
}

// Arrangement returns d as an Arrangement whose slices share d's storage:
// it is valid while d is, and copying it does not copy the groups.
func (d *Decomposition) Arrangement() Arrangement {
	return Arrangement{Shape: d.Shape, Groups: d.Groups(), Wild: d.Wild()}
}

// Decompose appends to dst every distinct reading of the concealed tiles
// c with o.Wildcards wildcards as a winning shape o accepts, in the order
// and with the contents of Arrangements. With room in dst it allocates
// nothing: a scorer keeps a local [16]Decomposition and passes buf[:0].
// Bad input is an error, as for Arrangements, and leaves dst as it was;
// a nil o is the zero Options.
func Decompose(dst []Decomposition, c *tile.Counts, o *Options) ([]Decomposition, error) {
	if c == nil {
		return dst, errNilCounts
	}
	h := Count(c)
	return h.Decompose(dst, o)
}

// decompose is Decompose on checked input of n tiles, wildcards included.
func decompose(dst []Decomposition, h *Counted, o *Options, n int) []Decomposition {
	start := len(dst)
	c := &h.c
	handled := false
	if o.Wildcards == 0 {
		dst, handled = standardTable(dst, h, o.PairOnly)
	}
	var specials Shapes
	// Without wildcards the masks rule out most special shapes (seven
	// pairs by an odd count, orphans by a simple...) before a call.
	if o.Shapes != 0 && (o.Wildcards != 0 || possibleShapes(h.held, h.odd, h.multi, o.Shapes)&^(1<<Standard) != 0) {
		specials = completeShapesOf(c, o, n, false, h)
	}
	if !handled || specials != 0 {
		var col collector
		col.real, col.stands = *c, o.Wildcards > 0
		if !handled {
			col.shape = Standard
			standardSearch(c, o, &col)
		}
		for sh := SevenPairs; sh < numShapes; sh++ {
			if !specials.Has(sh) {
				continue
			}
			col.shape = sh
			if sh == SevenPairs && o.Wildcards == 0 {
				// Its pairs are the kinds held, twice the fours.
				var buf [MaxGroups]Group
				col.add(pairsOf(h.held, h.four, buf[:0]))
				continue
			}
			special(sh, c, o, &col)
		}
		dst = col.appendTo(dst)
	}
	if len(dst)-start < 2 {
		return dst // one reading or none, as most hands: nothing to sort
	}
	return sortDecompositions(dst, start)
}

// sortDecompositions sorts dst[start:] by shape, then groups, and drops
// repeats (a search with wildcards reaches some readings twice).
func sortDecompositions(dst []Decomposition, start int) []Decomposition {
	ds := dst[start:]
	if len(ds) < 2 {
		return dst
	}
	if len(ds) <= 12 {
		// Few readings, as without wildcards: insertion sort.
		for i := 1; i < len(ds); i++ {
			for j := i; j > 0 && compareDecompositions(&ds[j-1], &ds[j]) > 0; j-- {
				ds[j-1], ds[j] = ds[j], ds[j-1]
			}
		}
	} else {
		// Many readings (wildcards): sort their indices by a key that
		// orders as compareDecompositions does, then move the readings
		// once.
		type keyed struct {
			key uint64
			i   int32
		}
		ks := make([]keyed, len(ds))
		exact := true
		for i := range ds {
			ks[i] = keyed{sortKey(&ds[i]), int32(i)}
			exact = exact && ds[i].ngroups <= 6
		}
		slices.SortFunc(ks, func(a, b keyed) int {
			if c := cmp.Compare(a.key, b.key); c != 0 || exact {
				return c
			}
			return compareDecompositions(&ds[a.i], &ds[b.i])
		})
		tmp := slices.Clone(ds)
		for i, k := range ks {
			ds[i] = tmp[k.i]
		}
	}
	w := 1
	for i := 1; i < len(ds); i++ {
		if compareDecompositions(&ds[w-1], &ds[i]) != 0 {
			ds[w] = ds[i]
			w++
		}
	}
	return dst[:start+w]
}

// sortKey orders decompositions as compareDecompositions does on their
// shape and first six groups (each group as 9 bits, Tile+1 then Kind, so
// that a missing group sorts first).
func sortKey(d *Decomposition) uint64 {
	k := uint64(d.Shape)
	for i := range 6 {
		k <<= 9
		if i < int(d.ngroups) {
			g := d.groups[i]
			k |= uint64(g.Tile+1)<<3 | uint64(g.Kind)
		}
	}
	return k
}

// compareDecompositions orders by shape, then groups (compareGroups in
// turn, a prefix first).
func compareDecompositions(a, b *Decomposition) int {
	if a.Shape != b.Shape {
		return int(a.Shape) - int(b.Shape)
	}
	n := min(a.ngroups, b.ngroups)
	for i := range n {
		if c := compareGroups(a.groups[i], b.groups[i]); c != 0 {
			return c
		}
	}
	return int(a.ngroups) - int(b.ngroups)
}

// collectFixed is how many readings a collector holds before it spills
// to the heap: more than a hand without wildcards has.
const collectFixed = 8

// collector gathers the readings found by the searches. It holds them by
// value in a fixed array (spilling to the heap only past collectFixed), so
// that passing it down the searches leaks nothing. A nil collector asks
// for the first reading only: the search stops there.
type collector struct {
	real   tile.Counts // the real tiles, to work out the stand-ins
	stands bool        // there are wildcards
	shape  Shape
	n      int
	fixed  [collectFixed]Decomposition
	more   []Decomposition
}

// add records the reading gs (at most MaxGroups groups, in order).
func (col *collector) add(gs []Group) {
	var d *Decomposition
	if col.n < collectFixed {
		d = &col.fixed[col.n]
	} else {
		col.more = append(col.more, Decomposition{})
		d = &col.more[len(col.more)-1]
	}
	col.n++
	d.Shape = col.shape
	d.ngroups = uint8(copy(d.groups[:], gs))
	d.nwild = 0
	if col.stands {
		d.nwild = uint8(placeStands(&d.wild, gs, col.real))
	}
}

// appendTo appends the readings gathered to dst.
func (col *collector) appendTo(dst []Decomposition) []Decomposition {
	dst = append(dst, col.fixed[:min(col.n, collectFixed)]...)
	return append(dst, col.more...)
}

// placeStands works out what the wildcards stood for in groups made from
// the real tiles c: real tiles go to the pair first (so a pair holds as
// few stand-ins as any reading allows), then to the other groups in order.
// It writes them to out ordered by group, then kind, and returns how many.
func placeStands(out *[4]Stand, groups []Group, c tile.Counts) int {
	n := 0
	var buf [4]tile.Kind
	place := func(i int) {
		for _, k := range groups[i].appendKinds(buf[:0]) {
			if c[k] > 0 {
				c[k]--
			} else if n < len(out) {
				out[n] = Stand{For: k, Group: i}
				n++
			}
		}
	}
	for i, g := range groups {
		if g.Kind == Pair {
			place(i)
		}
	}
	for i, g := range groups {
		if g.Kind != Pair {
			place(i)
		}
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && (out[j-1].Group > out[j].Group ||
			out[j-1].Group == out[j].Group && out[j-1].For > out[j].For); j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return n
}
